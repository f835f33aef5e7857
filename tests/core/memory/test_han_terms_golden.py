"""Chinese text gives exactly the terms and query rewrite it gave before the Han
scanning and segmentation were simplified (issue 26, requirement 4).

``han_terms_golden.json`` was recorded from the implementation at 385f896 (hand-written code-point
scanners, rjieba's words through ``han_dict`` or rjieba itself): every Chinese query of the
shipped recall-lab sets, the Chinese memories shipped with hmdesk, sentences written by
HarmonyOS developers in public GitHub issues (each entry names its issue) and edge cases (single
characters, CJK compatibility and astral extension characters, full-width punctuation, quotes,
JavaScript whitespace). Each entry: ``default_terms``, ``default_term_groups`` and the rewrite's
JSON (the diversity shingles it held went when near-duplicates became the claims' one
definition, :func:`hmdesk.core.memory.lifecycle.claims.near_duplicates`)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hmdesk.core.memory.retrieve.rewrite import rewrite_query
from hmdesk.core.memory.terms import default_term_groups, default_terms

GOLDEN: list[dict[str, Any]] = json.loads(
    (Path(__file__).with_name("han_terms_golden.json")).read_text(encoding="utf-8")
)


def test_the_golden_set_covers_queries_memories_and_real_text() -> None:
    sources = {e["source"] for e in GOLDEN}
    assert sum(e["source"] == "recall lab query" for e in GOLDEN) >= 50
    assert "shipped memory" in sources
    assert sum(s.startswith("https://github.com/") for s in sources) >= 4


@pytest.mark.parametrize("entry", GOLDEN, ids=lambda e: e["text"][:24])
def test_chinese_text_keeps_its_terms(entry: dict[str, Any]) -> None:
    text = entry["text"]
    assert default_terms(text) == entry["terms"]
    assert [list(g) for g in default_term_groups(text)] == entry["groups"]
    assert rewrite_query(text).to_json() == entry["rewrite"]
