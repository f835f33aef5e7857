"""Hostile lines in hmharness's memory.jsonl: every good line is kept, every bad line is reported
with its number, nothing raises out of the import, and the store stays usable (queries in both
profiles, ``show``, export) afterwards."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hmdesk.core.cli import main
from hmdesk.core.db import Database
from hmdesk.core.memory.hmharness.jsonl import export_file, import_bytes, import_file
from hmdesk.core.memory.store import MemoryStore

BASE = {
    "id": "mem-x",
    "layer": "semantic",
    "content": "hvigor build fails on spaces",
    "source": "learning-loop",
    "provenance": "opportunity:1",
    "confidence": 0.8,
    "timestamp": "2026-11-01T10:00:00.000Z",
    "environment": "harmonyos",
    "session": "s1",
    "tags": ["build"],
}


def line(mid: str, /, **kw: object) -> bytes:
    return json.dumps({**BASE, "id": mid, **kw}, separators=(",", ":")).encode()


def raw(mid: str, tail: str) -> bytes:
    """A line whose last field is written by hand (``tail`` replaces ``"tags":[...]}``)."""
    return line(mid).rsplit(b',"tags"', 1)[0] + b"," + tail.encode() + b"}"


WRONG_TYPES = {
    "id": 7,
    "layer": ["semantic"],
    "content": None,
    "source": 1,
    "provenance": {},
    "confidence": "0.5",
    "timestamp": 5,
    "environment": None,
    "session": [],
    "supersededBy": 3,
    "tags": "build",
}

# (kind, line bytes, outcome): "kept", "repaired" (kept, surrogates → U+FFFD), "ignored" (blank),
# or the text the skip reason contains.
HOSTILE: list[tuple[str, bytes, str]] = [
    ("lone surrogate in content", line("mem-s1", content="cut \ud83d"), "repaired"),
    ("lone low surrogate in content", line("mem-s2", content="\ude00 x"), "repaired"),
    ("lone surrogate in a tag", line("mem-s3", tags=["build", "\udc80"]), "repaired"),
    ("lone surrogate in an unknown key", line("mem-s4", **{"k\ud800": 1}), "repaired"),
    ("lone surrogate in the payload", line("mem-s5", payload={"a": ["\udbff"]}), "repaired"),
    ("lone surrogate in the environment", line("mem-s6", environment="h\ud83d"), "repaired"),
    ("nesting 100,000 deep", b'{"id":' + b"[" * 100_000 + b"]" * 100_000 + b"}", "nested"),
    ("payload nested 1,000 deep", raw("mem-d2", '"payload":' + "[" * 1000 + "]" * 1000), "nested"),
    ("payload nested 100 deep", raw("mem-d4", '"payload":' + "[" * 100 + "]" * 100), "deeper"),
    ("payload nested 63 deep (allowed)", raw("mem-d3", '"payload":' + "[" * 63 + "]" * 63), "kept"),
    ("400-digit confidence", raw("mem-n1", '"confidence":' + "9" * 400), "too large"),
    ("400-digit number in the payload", raw("mem-n2", '"payload":' + "7" * 400), "too large"),
    ("5,000-digit number", raw("mem-n3", '"payload":' + "7" * 5000), "too large"),
    ("300-digit number in the payload", raw("mem-n8", '"payload":[' + "7" * 300 + "]"), "kept"),
    ("a number as the payload", raw("mem-n9", '"payload":5'), "kept"),
    ("1e400", raw("mem-n4", '"payload":1e400'), "too large"),
    ("NaN", raw("mem-n5", '"confidence":NaN'), "invalid JSON"),
    ("Infinity", raw("mem-n6", '"payload":Infinity'), "invalid JSON"),
    ("-Infinity", raw("mem-n7", '"payload":-Infinity'), "invalid JSON"),
    ("BOM on a later line", b"\xef\xbb\xbf" + line("mem-b2"), "invalid JSON"),
    ("raw NUL byte", line("mem-z1")[:-2] + b"\x00" + line("mem-z1")[-2:], "invalid JSON"),
    ("escaped NUL in content", line("mem-z2", content="a\x00b"), "kept"),
    ("non-UTF-8 byte", line("mem-u1")[:-3] + b"\xff" + line("mem-u1")[-3:], "not UTF-8"),
    ("UTF-8-encoded surrogate", line("mem-u2").replace(b"hvigor", b"\xed\xa0\xbd"), "not UTF-8"),
    ("overlong UTF-8", line("mem-u3").replace(b"hvigor", b"\xc0\xaf"), "not UTF-8"),
    ("CRLF line end", line("mem-c1") + b"\r", "kept"),
    ("empty line", b"", "ignored"),
    ("whitespace-only line", b" \t \r", "ignored"),
    ("1 MB line", line("mem-big", content="x" * 1_000_000), "kept"),
    *[
        (f"wrong type: {key}", line(f"mem-t-{key}", **{key: value}), "must be")
        for key, value in WRONG_TYPES.items()
        if key not in ("id", "layer", "content", "tags")
    ],
    ("wrong type: id", line("mem-t0", id=7), "must be a string"),
    ("wrong type: layer", line("mem-t1", layer=["semantic"]), "must be a string"),
    ("wrong type: content", line("mem-t2", content=None), "must be a string"),
    ("wrong type: tags", line("mem-t3", tags="build"), "tags must be"),
    ("wrong type: a tag", line("mem-t4", tags=[1]), "tags must be"),
    ("confidence true", line("mem-t5", confidence=True), "must be a number"),
    ("missing id", json.dumps({k: v for k, v in BASE.items() if k != "id"}).encode(), "missing"),
    ("empty id", line("mem-e", id=" "), "empty"),
    ("duplicate keys (the last wins, like JSON.parse)", raw("mem-k1", '"layer":"world"'), "kept"),
    ("duplicate id", line("mem-good-0"), "duplicate id"),
    ("layer working", line("mem-w", layer="working"), "runtime-only"),
    ("unknown layer", line("mem-l", layer="dreams"), "unknown layer"),
    ("confidence below 0", line("mem-c2", confidence=-0.1), "outside"),
    ("confidence above 1", line("mem-c3", confidence=1.0001), "outside"),
    ("an array", b"[1, 2]", "not a JSON object"),
    ("a number", b"42", "not a JSON object"),
    ("a string", b'"mem"', "not a JSON object"),
    ("null", b"null", "not a JSON object"),
    ("trailing garbage", line("mem-g1") + b" x", "invalid JSON"),
    ("two objects on one line", line("mem-g2") + line("mem-g3"), "invalid JSON"),
    ("a truncated line", line("mem-g4")[:40], "invalid JSON"),
    ("a lone brace", b"{", "invalid JSON"),
]


def hostile_file(tmp_path: Path) -> tuple[Path, dict[int, tuple[str, str]], list[str]]:
    """A file with a good line before and after every hostile one (BOM on the first line)."""
    lines: list[bytes] = [b"\xef\xbb\xbf" + line("mem-good-0")]
    good = ["mem-good-0"]
    expect: dict[int, tuple[str, str]] = {}
    for n, (kind, data, outcome) in enumerate(HOSTILE, start=1):
        lines.append(data)
        expect[len(lines)] = (kind, outcome)
        if outcome in ("kept", "repaired"):
            good.append(json.loads(data.decode())["id"])
        lines.append(line(f"mem-good-{n}"))
        good.append(f"mem-good-{n}")
    path = tmp_path / "memory.jsonl"
    path.write_bytes(b"\n".join(lines) + b"\n")
    return path, expect, good


@pytest.fixture
def store(tmp_path):
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()


def test_there_are_at_least_20_kinds():
    assert len({kind for kind, _, _ in HOSTILE}) >= 40


def test_every_good_line_is_kept_and_every_bad_line_reported(store, tmp_path):
    path, expect, good = hostile_file(tmp_path)
    report = import_file(store, path)
    assert sorted(m.id for m in store.list(include_superseded=True)) == sorted(good)
    assert report.imported == len(good)
    skipped = {s.line: s.error for s in report.skipped}
    repaired = {s.line: s.error for s in report.repaired}
    for number, (kind, outcome) in expect.items():
        if outcome in ("kept", "ignored"):
            assert number not in skipped and number not in repaired, (kind, skipped.get(number))
        elif outcome == "repaired":
            assert number not in skipped, (kind, skipped.get(number))
            assert "U+FFFD" in repaired[number], kind
        else:
            assert number in skipped, kind
            assert outcome in skipped[number], (kind, skipped[number])
            assert len(skipped[number]) < 300  # one readable line, not the whole input
    assert set(skipped) | set(repaired) <= set(expect)
    # the store holds only text that encodes as UTF-8
    for m in store.list(include_superseded=True):
        json.dumps(
            [m.content, m.tags, m.payload, m.extra, m.environment], ensure_ascii=False
        ).encode()


def test_repaired_text_uses_the_replacement_character(store, tmp_path):
    import_file(store, hostile_file(tmp_path)[0])
    assert store.get("mem-s1").content == "cut \ufffd"
    assert store.get("mem-s3").tags == ("build", "\ufffd")
    assert store.get("mem-s4").extra == {"k\ufffd": 1}
    assert store.get("mem-s5").payload == {"a": ["\ufffd"]}
    assert store.get("mem-k1").layer == "world"  # duplicate key: the last one wins
    assert store.get("mem-n8").payload == [int("7" * 300)]
    assert store.get("mem-n9").payload == 5


def test_export_after_hostile_import_keeps_untouched_lines_and_reimports_unchanged(store, tmp_path):
    path, _, good = hostile_file(tmp_path)
    import_file(store, path)
    out = tmp_path / "out.jsonl"
    assert export_file(store, out) == len(good)
    data = out.read_bytes()
    data.decode("utf-8")  # strict: valid UTF-8
    src_lines = set(path.read_bytes().split(b"\n"))
    for exported in data.split(b"\n")[1:-1]:  # line 1 lost its BOM, as hmharness reads it
        assert exported in src_lines  # every untouched line comes back byte for byte
    again = import_bytes(store, data, out)
    assert (again.imported, again.updated, again.skipped) == (0, 0, [])
    assert again.unchanged == len(good)


def test_cli_after_hostile_import_queries_show_and_export(capsys, tmp_path):
    path, expect, good = hostile_file(tmp_path)
    db = str(tmp_path / "cli.db")
    assert main(["import-hmharness", str(path), "--db", db, "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["imported"] == len(good)
    bad = [
        n for n, (_, outcome) in expect.items() if outcome not in ("kept", "repaired", "ignored")
    ]
    assert [s["line"] for s in report["skipped"]] == bad
    for profile in ("default", "hmharness"):
        assert main(["query", "build", "--profile", profile, "--db", db, "--json"]) == 0
        assert capsys.readouterr().out
    for mid in ("mem-s1", "mem-s3", "mem-s4"):
        assert main(["show", mid, "--db", db]) == 0
        assert "\ufffd" in capsys.readouterr().out or mid == "mem-s4"
    out = tmp_path / "out.jsonl"
    assert main(["export-hmharness", str(out), "--db", db]) == 0
    assert f"{len(good)} memories written" in capsys.readouterr().out


def test_a_file_of_only_bad_lines_exits_1_with_one_clear_line(capsys, tmp_path):
    path = tmp_path / "memory.jsonl"
    path.write_bytes(b"{not json\n[1]\n\xff\n")
    db = str(tmp_path / "cli.db")
    code = main(["import-hmharness", str(path), "--db", db])
    out, err = capsys.readouterr()
    assert code == 1
    assert "0 imported" in out and "3 skipped" in out
    assert err.strip().splitlines() == [
        f"hmdesk-cli: error: no line of {path} could be imported (3 skipped); "
        "is it hmharness's memory.jsonl?"
    ]
    assert main(["import-hmharness", str(path), "--db", db, "--json"]) == 1
    assert json.loads(capsys.readouterr().out)["skipped"][0]["line"] == 1


def test_an_empty_file_or_an_unchanged_reimport_still_exits_0(capsys, tmp_path):
    db = str(tmp_path / "cli.db")
    empty = tmp_path / "empty.jsonl"
    empty.write_bytes(b"")
    assert main(["import-hmharness", str(empty), "--db", db]) == 0
    path = tmp_path / "memory.jsonl"
    path.write_bytes(line("mem-1") + b"\n{bad\n")
    assert main(["import-hmharness", str(path), "--db", db]) == 0
    assert main(["import-hmharness", str(path), "--db", db]) == 0  # 1 unchanged, 1 skipped
    assert "1 unchanged, 1 skipped" in capsys.readouterr().out
