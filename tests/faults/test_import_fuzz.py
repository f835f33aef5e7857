"""Fuzzing the hmharness importer: arbitrary lines never raise out of the import and never lose
a good line. The hypothesis profile sets the example count (``make fuzz`` runs thousands)."""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.hmharness.jsonl import export_file, import_bytes, parse_line
from hmdesk.core.memory.safe_text import is_clean
from hmdesk.core.memory.store import MemoryStore
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fixtures.examples import share

FUZZ = settings(suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)  # fmt: skip


@st.composite
def good_line(draw: st.DrawFn, id: str) -> bytes:
    obj = {
        "id": id,
        "layer": draw(st.sampled_from(["episodic", "semantic", "procedural", "world"])),
        "content": draw(st.text(min_size=1).filter(str.strip)),
        "source": "learning-loop",
        "provenance": draw(st.text(min_size=1).filter(str.strip)),
        "confidence": draw(st.floats(0, 1)),
        "timestamp": "2026-11-01T10:00:00.000Z",
        "environment": draw(st.text(max_size=10)),
        "session": draw(st.text(max_size=10)),
    }
    if draw(st.booleans()):
        obj["tags"] = draw(st.lists(st.text(max_size=10), max_size=3))
    if draw(st.booleans()):
        obj["payload"] = draw(json_values)
    if draw(st.booleans()):
        obj[draw(st.text(max_size=8).filter(lambda k: k and k[0] == "x"))] = draw(json_values)
    text = json.dumps(obj, ensure_ascii=draw(st.booleans()), separators=(",", ":"))
    if not is_clean(text):  # lone surrogates: only the \\u escape can carry them
        text = json.dumps(obj, separators=(",", ":"))
    return text.encode() + draw(st.sampled_from([b"", b"\r", b" "]))


junk_line = st.one_of(
    st.text().map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.binary(max_size=60),
    json_values.map(lambda v: json.dumps(v).encode()),
).map(lambda b: b.replace(b"\n", b" "))


@st.composite
def files(draw: st.DrawFn) -> tuple[bytes, dict[int, str]]:
    """A file of good and junk lines; the good ones by line number → id."""
    n = draw(st.integers(0, 12))
    lines: list[bytes] = []
    good: dict[int, str] = {}
    for i in range(n):
        if draw(st.booleans()):
            lines.append(draw(good_line(f"mem-fuzz-{i}")))
            good[len(lines)] = f"mem-fuzz-{i}"
        else:
            lines.append(draw(junk_line))
    return b"\n".join(lines) + draw(st.sampled_from([b"", b"\n"])), good


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("random-bytes-between-good-memory-lines")
@settings(FUZZ, max_examples=share(4))  # each example builds a database: a quarter of the profile's
@given(files())
def test_import_never_raises_and_never_loses_a_good_line(case: tuple[bytes, dict[int, str]]):
    data, good = case
    with tempfile.TemporaryDirectory() as tmp:
        db = Database(Path(tmp) / "f.db")
        store = MemoryStore(db)
        try:
            report = import_bytes(store, data, Path(tmp) / "memory.jsonl")
            kept = {m.id for m in store.list(include_superseded=True)}
            assert set(good.values()) <= kept
            assert not set(good) & {s.line for s in report.skipped}
            for m in store.list(include_superseded=True):  # everything stored can be written
                json.dumps([m.content, m.tags, m.payload, m.extra]).encode("utf-8")
                assert is_clean(m.content) and all(is_clean(t) for t in m.tags)
            out = Path(tmp) / "out.jsonl"
            export_file(store, out)
            again = import_bytes(store, out.read_bytes(), out)
            assert (again.imported, again.skipped) == (0, [])
        finally:
            store.close()
            db.close()


@pytest.mark.hostile("arbitrary-text-as-a-memory-line")
@FUZZ
@given(st.text())
def test_parse_line_only_ever_raises_value_error(text: str):
    try:
        values, _ = parse_line(text)
    except ValueError:
        return
    assert isinstance(values["id"], str)


@pytest.mark.hostile("arbitrary-json-object-as-a-memory-record")
@FUZZ
@given(json_values, st.dictionaries(st.text(max_size=8), json_values, max_size=4))
def test_parse_line_of_any_json_object_is_kept_or_reported(value: object, extra: dict):
    obj = {"id": "mem-1", "layer": "semantic", "content": "c", "source": "s", "provenance": "p",
           "confidence": 0.5, "timestamp": "t", "environment": "", "session": "", **extra,
           "payload": value}  # fmt: skip
    try:
        values, _ = parse_line(json.dumps(obj))
    except ValueError:
        return
    assert json.dumps(values["payload"]).encode("utf-8")
