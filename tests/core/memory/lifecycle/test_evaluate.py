"""The labelled pair set and the figures lifecycle-eval prints."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.memory.lifecycle.evaluate import (
    Pair,
    PairSetError,
    evaluate,
    hmharness_says,
    load_pairs,
)


def test_the_shipped_set_covers_languages_and_labels() -> None:
    pairs = load_pairs()
    assert len(pairs) >= 40
    assert {p.lang for p in pairs} == {"en", "zh", "mixed", "code"}
    assert {p.label for p in pairs} == {"duplicate", "contradiction", "unrelated"}


def test_default_beats_hmharness_on_the_shipped_set() -> None:
    report = evaluate(load_pairs())
    rows = {(r["profile"], r["kind"]): r for r in report["rows"]}
    for kind in ("duplicate", "contradiction"):
        assert rows[("default", kind)]["recall"] > rows[("hmharness", kind)]["recall"]
        assert rows[("default", kind)]["precision"] >= rows[("hmharness", kind)]["precision"]


def test_hmharness_reading_of_a_pair() -> None:
    assert hmharness_says("hdc shell a", "hdc shell b") == "contradiction"
    assert hmharness_says("hdc shell a.", "HDC shell a") == "duplicate"
    assert hmharness_says("hdc shell a", "hilog shell a") is None
    report = evaluate([Pair("hdc shell a", "hdc shell b", "unrelated")])
    assert report["misses"]["hmharness"][0]["said"] == "contradiction"


def test_bad_files(tmp_path: Path) -> None:
    with pytest.raises(PairSetError, match="cannot be read"):
        load_pairs(tmp_path / "missing.json")
    bad = tmp_path / "b.json"
    bad.write_text("[]", encoding="utf-8")
    with pytest.raises(PairSetError, match="expected"):
        load_pairs(bad)
    bad.write_text('{"pairs": [{"a": "", "b": "y", "label": "duplicate"}]}', encoding="utf-8")
    with pytest.raises(PairSetError, match="two non-empty texts"):
        load_pairs(bad)
