"""Recall of the retrieval profiles on the labelled set (tests/core/memory/retrieval_golden.py).

30 HarmonyOS pitfalls (Chinese, English, mixed with code), 32 queries with their relevant
memories. Prints recall@5, hit@5 and MRR per profile. Goal: the default profile recalls more.
"""

from __future__ import annotations

from hmdesk.core.memory.terms import default_term_groups

from tests.core.memory.retrieval_golden import MEMORIES, QUERIES, evaluate


def main() -> bool:
    print(f"labelled set: {len(MEMORIES)} memories, {len(QUERIES)} queries")
    scores = {p: evaluate(p) for p in ("hmharness", "default")}
    ablation: dict[str, dict[str, bool]] = {
        "  segmentation only": {"stem": False, "stop_words": False, "glossary": False},
        "  + stem + stop words": {"glossary": False},
        "  + glossary (= default)": {},
    }
    rows = list(scores.items())
    for name, opts in ablation.items():
        rows.append(
            (name, evaluate("default", groups_fn=lambda t, o=opts: default_term_groups(t, **o)))
        )
    print(f"{'profile':<28}{'recall@5':>10}{'hit@5':>8}{'MRR':>8}")
    for p, s in rows:
        print(f"{p:<28}{s['recall']:>10.3f}{s['hit']:>8.3f}{s['mrr']:>8.3f}")
    return scores["default"]["recall"] > scores["hmharness"]["recall"]


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)
