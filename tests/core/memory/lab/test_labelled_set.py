"""Labelled sets: loading, the errors a bad file gets (file and entry named), saving."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hmdesk.core.memory.lab import (
    LabelledQuery,
    LabelledSet,
    LabelledSetError,
    load_set,
    save_set,
    starter_set,
)
from hmdesk.core.memory.starter import starter_entries


def write(path: Path, data: object) -> Path:
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return path


def test_load_a_set_with_filters(tmp_path: Path) -> None:
    path = write(
        tmp_path / "s.json",
        [
            {"text": "hdc install", "relevant": ["A", "B"]},
            {"text": "签名", "relevant": [], "layer": "semantic", "env": "hm", "tags": ["x"]},
        ],
    )
    lset = load_set(path)
    assert lset.path == path and lset.name == "s.json"
    assert lset.queries[0] == LabelledQuery("hdc install", ("A", "B"))
    q = lset.queries[1]
    assert (q.text, q.relevant, q.layer, q.env, q.tags) == ("签名", (), "semantic", "hm", ("x",))
    assert lset.warnings == []


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"text": "x"}, "a labelled set is a JSON list of queries"),
        (["hdc"], "entry 1: is str, not an object"),
        ([{"relevant": ["A"]}], 'entry 1: "text" is missing or empty'),
        ([{"text": "  ", "relevant": ["A"]}], 'entry 1: "text" is missing or empty'),
        (
            [{"text": "ok", "relevant": []}, {"text": "hdc"}],
            "entry 2 ('hdc'): \"relevant\" is missing",
        ),
        ([{"text": "hdc", "relevant": "A"}], '"relevant" must be a list of memory ids'),
        ([{"text": "hdc", "relevant": [1]}], '"relevant" must be a list of memory ids'),
        ([{"text": "hdc", "relevant": [], "filter": 1}], "unknown key 'filter'"),
        ([{"text": "hdc", "relevant": [], "layer": "mine"}], '"layer" must be one of episodic'),
        ([{"text": "hdc", "relevant": [], "env": ""}], '"env" must be a non-empty string'),
        ([{"text": "hdc", "relevant": [], "tags": "a"}], '"tags" must be a list of tags'),
        ([{"text": "hdc", "relevant": [], "note": 3}], '"note" must be a string'),
    ],
)
def test_bad_entries_name_the_file_and_the_entry(
    tmp_path: Path, data: object, message: str
) -> None:
    path = write(tmp_path / "bad.json", data)
    with pytest.raises(LabelledSetError) as exc:
        load_set(path)
    assert str(exc.value).startswith(str(path))
    assert message in str(exc.value)


def test_unreadable_files(tmp_path: Path) -> None:
    with pytest.raises(LabelledSetError, match="cannot read the labelled set"):
        load_set(tmp_path / "missing.json")
    broken = tmp_path / "broken.json"
    broken.write_text('[{"text": "a",', encoding="utf-8")
    with pytest.raises(LabelledSetError, match=r"broken.json: is not valid JSON \(line 1"):
        load_set(broken)
    latin = tmp_path / "latin.json"
    latin.write_bytes(b'[{"text": "caf\xe9", "relevant": []}]')
    with pytest.raises(LabelledSetError, match="is not UTF-8"):
        load_set(latin)


def test_duplicates_are_warnings(tmp_path: Path) -> None:
    path = write(
        tmp_path / "d.json",
        [{"text": "a", "relevant": ["X", "X", "Y"]}, {"text": "a", "relevant": ["Y"]}],
    )
    lset = load_set(path)
    assert lset.queries[0].relevant == ("X", "Y")
    assert any("entry 1 ('a'): lists X more than once" in w for w in lset.warnings)
    assert any("entry 2 repeats entry 1" in w for w in lset.warnings)


def test_save_round_trips_and_labels(tmp_path: Path) -> None:
    lset = LabelledSet(
        [LabelledQuery("构建 失败", ("A",), tags=("build",), note="zh"), LabelledQuery("hdc")]
    )
    with pytest.raises(LabelledSetError, match="no file yet"):
        save_set(lset)
    path = save_set(lset, tmp_path / "sub" / "out.json")
    assert lset.path == path
    assert "构建 失败" in path.read_text(encoding="utf-8")  # readable, not \\u escapes
    again = load_set(path)
    assert again.queries == lset.queries
    again.queries[1] = again.queries[1].with_relevant(["B", "B", "C"])
    save_set(again)
    assert load_set(path).queries[1].relevant == ("B", "C")


def test_save_to_a_folder_is_an_error(tmp_path: Path) -> None:
    with pytest.raises(LabelledSetError, match="cannot save the labelled set"):
        save_set(LabelledSet([LabelledQuery("a")]), tmp_path)


def test_the_shipped_set_covers_the_starter_pack_and_is_valid() -> None:
    lset = starter_set()
    assert len(lset.queries) >= 80
    assert lset.warnings == []
    ids = {e["id"] for e in starter_entries()}
    assert all(q.relevant and set(q.relevant) <= ids for q in lset.queries)
    notes = {q.note for q in lset.queries}
    assert {"en", "en-question", "zh-en", "zh-spaced-en", "zh-question-en", "mixed"} <= notes
    assert {"negation", "filter"} <= notes
    assert any(q.tags or q.layer or q.env for q in lset.queries)
