"""Precision and recall of the grouping rules on labelled memory pairs (``lifecycle-eval``).

A pair set is JSON: ``{"pairs": [{"a": text, "b": text, "label": "duplicate" | "contradiction" |
"unrelated", "lang": "en" | "zh" | "mixed" | "code"}]}``. The shipped one is
``resources/lifecycle/pairs.json`` (inside the package, so the installed CLI finds it). Both texts
are taken as active semantic memories. What each profile says about a pair:

* ``hmharness``: same subject key and same normalised claim → duplicate (consolidate merges it);
  same subject key, other claim → contradiction (detectContradictions reports it); else nothing;
* ``default``: :func:`~.claims.relation` of the two claims.
"""

from __future__ import annotations

from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any

from hmdesk.core.bounded import MB, InputError, loads_json, read_input
from hmdesk.core.memory.hmharness.rules import normalize_claim, subject_key
from hmdesk.core.memory.lifecycle.claims import claim_terms, relation

SHIPPED = "lifecycle/pairs.json"
PAIRS_LIMIT = 64 * MB  # the largest pair-set file read
LABELS = ("duplicate", "contradiction", "unrelated")
KINDS = ("duplicate", "contradiction")


class PairSetError(ValueError):
    """The pair set cannot be read; the message says which file and what is wrong."""


@dataclass(frozen=True, slots=True)
class Pair:
    a: str
    b: str
    label: str
    lang: str = ""


def parse_pairs(obj: Any, where: str) -> list[Pair]:
    items = obj.get("pairs") if isinstance(obj, dict) else None
    if not isinstance(items, list) or not items:
        raise PairSetError(f'{where}: expected {{"pairs": [{{"a", "b", "label"}}, ...]}}')
    out = []
    for n, it in enumerate(items, start=1):
        if not isinstance(it, dict):
            raise PairSetError(f"{where}: pair {n} is not an object")
        a, b, label = it.get("a"), it.get("b"), it.get("label")
        if not isinstance(a, str) or not isinstance(b, str) or not a.strip() or not b.strip():
            raise PairSetError(f'{where}: pair {n} needs two non-empty texts "a" and "b"')
        if label not in LABELS:
            raise PairSetError(f"{where}: pair {n} has label {label!r}; use one of {LABELS}")
        out.append(Pair(a, b, label, str(it.get("lang") or "")))
    return out


def load_pairs(path: str | Path | None = None) -> list[Pair]:
    """The pairs of ``path`` (the shipped set when None)."""
    if path is None:
        text = resources.files("hmdesk.resources").joinpath(SHIPPED).read_text(encoding="utf-8")
        where = SHIPPED
    else:
        where = str(path)
        try:  # a regular file of bounded size (not /dev/zero, not a FIFO)
            raw = read_input(Path(path).expanduser(), limit=PAIRS_LIMIT, what="the pair set")
            text = raw.decode("utf-8")
        except InputError as exc:
            raise PairSetError(str(exc)) from None
        except (OSError, UnicodeDecodeError) as exc:
            raise PairSetError(f"{where}: cannot be read ({exc})") from exc
    try:
        obj = loads_json(text, f"{where}: the pair set")
    except InputError as exc:
        raise PairSetError(str(exc)) from None
    except ValueError as exc:
        raise PairSetError(f"{where}: not valid JSON ({exc})") from exc
    return parse_pairs(obj, where)


def hmharness_says(a: str, b: str) -> str | None:
    if subject_key(a) != subject_key(b):
        return None
    return "duplicate" if normalize_claim(a) == normalize_claim(b) else "contradiction"


def default_says(a: str, b: str) -> str | None:
    return relation(claim_terms(a), claim_terms(b))[0]


def evaluate(pairs: list[Pair]) -> dict[str, Any]:
    """``{"pairs": n, "rows": [{profile, kind, precision, recall, tp, fp, fn}], "misses": …}``."""
    rows: list[dict[str, Any]] = []
    misses: dict[str, list[dict[str, str]]] = {}
    for profile, says in (("default", default_says), ("hmharness", hmharness_says)):
        got = [says(p.a, p.b) for p in pairs]
        misses[profile] = [
            {"a": p.a, "b": p.b, "label": p.label, "said": g or "unrelated"}
            for p, g in zip(pairs, got, strict=True)
            if (g or "unrelated") != p.label
        ]
        for kind in KINDS:
            tp = sum(1 for p, g in zip(pairs, got, strict=True) if g == kind == p.label)
            fp = sum(1 for p, g in zip(pairs, got, strict=True) if g == kind != p.label)
            fn = sum(1 for p, g in zip(pairs, got, strict=True) if p.label == kind != g)
            rows.append(
                {
                    "profile": profile,
                    "kind": kind,
                    "precision": tp / (tp + fp) if tp + fp else 0.0,
                    "recall": tp / (tp + fn) if tp + fn else 0.0,
                    "tp": tp,
                    "fp": fp,
                    "fn": fn,
                }
            )
    return {"pairs": len(pairs), "rows": rows, "misses": misses}
