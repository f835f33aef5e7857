"""hmharness memory.jsonl: import with bad lines, unknown keys, decay sentinel, idempotent
re-import, lossless export, and the watchdog sync."""

from __future__ import annotations

import json
import os
import threading

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.hmharness.jsonl import (
    HmharnessSync,
    ImportReport,
    default_memory_file,
    export_file,
    import_file,
)
from hmdesk.core.memory.store import MemoryStore, NotFound, StoreError


@pytest.fixture
def store(tmp_path):
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()


def entry(id, content="c", **kw):
    obj = {
        "id": id,
        "layer": "semantic",
        "content": content,
        "source": "learning-loop",
        "provenance": "opportunity:1",
        "confidence": 0.8,
        "timestamp": "2026-11-01T10:00:00.000Z",
        "environment": "harmonyos",
        "session": "learning-loop",
    }
    obj.update(kw)
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


GOOD_A = entry(
    "mem-aaaaaaaaaaaa",
    "hvigor 构建在 Windows 路径含空格时失败，需引号包裹",
    tags=["build"],
    payload={"opportunityId": "o1", "evidence": [1, 2]},
    futureKey={"nested": True},
)
GOOD_B = entry(
    "mem-bbbbbbbbbbbb",
    "OK 3 tools/2 turns: build",
    layer="episodic",
    confidence=0.4,
    supersededBy="consolidation:stale",
)
# hand-written spacing and key order: must come back byte for byte
GOOD_C = (
    '{"layer": "world", "id": "mem-cccccccccccc", "content": "device model ref", '
    '"source": "runtime", "provenance": "working-memory", "confidence": 1, '
    '"timestamp": "2026-11-02T00:00:00.000Z", "environment": "terminal", "session": "s1"}'
)
BAD_LINES = {
    2: ("{not json", "invalid JSON"),
    3: ("[1, 2]", "not a JSON object"),
    4: (entry("mem-w", layer="working"), "runtime-only"),
    5: (entry("mem-x", confidence=1.5), "outside"),
    6: (entry("mem-y", source=""), "'source' is empty"),
    8: ('{"id": "mem-z", "layer": "semantic"}', "missing required field 'content'"),
    9: (entry("mem-n", confidence="0.5"), "must be a number"),
    10: ('{"id":"mem-nan","confidence":NaN}', "invalid JSON"),
    11: (entry("mem-t", tags="build"), "tags"),
}


def write_file(path, lines):
    path.write_text("".join(line + "\n" for line in lines), encoding="utf-8")


@pytest.fixture
def hmh_file(tmp_path):
    lines = [
        GOOD_A,
        BAD_LINES[2][0],
        BAD_LINES[3][0],
        BAD_LINES[4][0],
        BAD_LINES[5][0],
        BAD_LINES[6][0],
        GOOD_B,
        BAD_LINES[8][0],
        BAD_LINES[9][0],
        BAD_LINES[10][0],
        BAD_LINES[11][0],
        "",
        GOOD_C,
    ]
    path = tmp_path / "hmh" / "cognitive" / "memory" / "memory.jsonl"
    path.parent.mkdir(parents=True)
    write_file(path, lines)
    return path


def test_import_skips_bad_lines_and_keeps_the_good(store, hmh_file):
    report = import_file(store, hmh_file)
    assert (report.imported, report.updated, report.unchanged) == (3, 0, 0)
    assert [s.line for s in report.skipped] == sorted(BAD_LINES)
    for s in report.skipped:
        assert BAD_LINES[s.line][1] in s.error, (s.line, s.error)
    ids = [m.id for m in store.list()]
    assert ids == ["mem-aaaaaaaaaaaa", "mem-bbbbbbbbbbbb", "mem-cccccccccccc"]  # file order


def test_import_keeps_fields_unknown_keys_and_decay(store, hmh_file):
    import_file(store, hmh_file)
    a = store.get("mem-aaaaaaaaaaaa")
    assert a.content.startswith("hvigor 构建") and a.tags == ("build",)
    assert a.payload == {"opportunityId": "o1", "evidence": [1, 2]}
    assert a.extra == {"futureKey": {"nested": True}}
    assert (a.source, a.provenance, a.session) == (
        "learning-loop",
        "opportunity:1",
        "learning-loop",
    )
    assert a.origin == "hmharness"
    b = store.get("mem-bbbbbbbbbbbb")
    assert b.superseded_by == "consolidation:stale" and b.is_decayed
    assert store.get("mem-cccccccccccc").confidence == 1.0
    assert [(e.kind, e.actor) for e in store.history(a.id)] == [("import", "hmharness")]


def test_reimport_is_idempotent(store, hmh_file):
    import_file(store, hmh_file)
    events = len(store.events(limit=1000))
    v = store.data_version()
    report = import_file(store, hmh_file)
    assert (report.imported, report.updated, report.unchanged) == (0, 0, 3)
    assert len(store.events(limit=1000)) == events
    assert store.data_version() == v  # nothing written


def test_reimport_applies_changes_with_sync_events(store, tmp_path):
    path = tmp_path / "memory.jsonl"
    write_file(path, [GOOD_A, GOOD_C])
    import_file(store, path)
    changed = entry(
        "mem-aaaaaaaaaaaa",
        "hvigor fails on spaces",
        tags=["build"],
        payload={"opportunityId": "o1", "evidence": [1, 2]},
        futureKey={"nested": False},
        supersededBy="mem-cccccccccccc",
    )
    new = entry("mem-dddddddddddd", "new one")
    write_file(path, [changed, GOOD_C, new])
    report = import_file(store, path)
    assert (report.imported, report.updated, report.unchanged) == (1, 1, 1)
    a = store.get("mem-aaaaaaaaaaaa")
    assert a.content == "hvigor fails on spaces" and a.superseded_by == "mem-cccccccccccc"
    assert a.extra == {"futureKey": {"nested": False}}
    syncs = [(e.kind, e.field, e.actor) for e in store.history(a.id)[1:]]
    assert sorted(syncs) == [
        ("sync", "content", "hmharness"),
        ("sync", "extra", "hmharness"),
        ("sync", "superseded_by", "hmharness"),
    ]
    assert store.get("mem-cccccccccccc").supersedes == (a.id,)
    assert [m.id for m in store.list()][-1] == "mem-dddddddddddd"


def test_local_edit_survives_reimport_of_the_same_file(store, tmp_path):
    path = tmp_path / "memory.jsonl"
    write_file(path, [GOOD_A])
    import_file(store, path)
    store.set_confidence("mem-aaaaaaaaaaaa", 0.3, reason="flaky")
    assert import_file(store, path).unchanged == 1
    assert store.get("mem-aaaaaaaaaaaa").confidence == 0.3


def test_missing_record_is_reported_not_deleted(store, tmp_path):
    path = tmp_path / "memory.jsonl"
    write_file(path, [GOOD_A, GOOD_C])
    import_file(store, path)
    write_file(path, [GOOD_C])
    report = import_file(store, path)
    assert report.missing == ["mem-aaaaaaaaaaaa"]
    assert not store.get("mem-aaaaaaaaaaaa").is_deleted


def test_duplicate_ids_in_one_file_keep_the_first(store, tmp_path):
    path = tmp_path / "memory.jsonl"
    write_file(path, [GOOD_A, entry("mem-aaaaaaaaaaaa", "second")])
    report = import_file(store, path)
    assert report.imported == 1 and report.skipped[0].line == 2
    assert "duplicate" in report.skipped[0].error


def test_non_utf8_line_is_skipped(store, tmp_path):
    path = tmp_path / "memory.jsonl"
    path.write_bytes(GOOD_A.encode() + b"\n\xff\xfe garbage\n" + GOOD_C.encode() + b"\n")
    report = import_file(store, path)
    assert report.imported == 2 and [s.line for s in report.skipped] == [2]


def test_missing_file_is_a_clear_error(store, tmp_path):
    with pytest.raises(StoreError, match="does not exist"):
        import_file(store, tmp_path / "nope.jsonl")


def test_default_memory_file(monkeypatch, tmp_path):
    monkeypatch.setenv("HMH_HOME", str(tmp_path))
    assert default_memory_file() == tmp_path / "cognitive" / "memory" / "memory.jsonl"
    monkeypatch.delenv("HMH_HOME")
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_memory_file() == tmp_path / "home" / ".hmharness/cognitive/memory/memory.jsonl"


# ------------------------------------------------------------------ export


def test_export_round_trip_is_byte_identical_for_untouched_records(store, tmp_path, hmh_file):
    import_file(store, hmh_file)
    out = tmp_path / "out.jsonl"
    assert export_file(store, out) == 3
    assert out.read_text(encoding="utf-8") == "".join(x + "\n" for x in (GOOD_A, GOOD_B, GOOD_C))


def test_export_regenerates_changed_records_and_keeps_unknown_keys(store, tmp_path):
    path = tmp_path / "memory.jsonl"
    write_file(path, [GOOD_A, GOOD_C])
    import_file(store, path)
    new = store.supersede("mem-aaaaaaaaaaaa", content="quote paths", reason="clearer")
    deleted = store.add("deleted one")
    store.delete(deleted.id)
    out = tmp_path / "out.jsonl"
    assert export_file(store, out) == 3
    lines = out.read_text(encoding="utf-8").splitlines()
    a = json.loads(lines[0])
    assert list(a)[:12] == [
        "id",
        "layer",
        "content",
        "payload",
        "source",
        "provenance",
        "confidence",
        "timestamp",
        "environment",
        "session",
        "supersededBy",
        "tags",
    ]
    assert a["supersededBy"] == new.id and a["futureKey"] == {"nested": True}
    assert a["hmdeskSupersedeReason"] == "clearer"
    assert lines[1] == GOOD_C
    n = json.loads(lines[2])
    # the replacement keeps the old memory's confidence (0.8), not the default 0.7
    assert n["id"] == new.id and n["confidence"] == 0.8 and "supersededBy" not in n
    # hmharness reads it back: our own re-import changes nothing
    report = import_file(store, out)
    assert (report.imported, report.updated, report.unchanged) == (0, 0, 3)
    assert store.get("mem-aaaaaaaaaaaa").supersede_reason == "clearer"
    assert "hmdeskSupersedeReason" not in store.get("mem-aaaaaaaaaaaa").extra


def test_export_into_another_store_round_trips(store, tmp_path):
    a = store.add("alpha", tags=["x"], confidence=1.0, payload={"k": 1})
    b = store.add("beta")
    store.supersede(a.id, by=b.id, reason="r")
    out = tmp_path / "out.jsonl"
    export_file(store, out)
    assert json.loads(out.read_text().splitlines()[0])["confidence"] == 1  # like JSON.stringify
    other = MemoryStore(Database(tmp_path / "other.db"))
    try:
        assert import_file(other, out).imported == 2
        for m in (a.id, b.id):
            x, y = store.get(m), other.get(m)
            for f in ("layer", "content", "payload", "confidence", "timestamp", "tags"):
                assert getattr(x, f) == getattr(y, f)
        assert other.get(a.id).superseded_by == b.id
        assert other.get(a.id).supersede_reason == "r"
    finally:
        other.close()
        other.db.close()


def test_regenerated_line_keeps_empty_tags_and_null_payload(store, tmp_path):
    path = tmp_path / "memory.jsonl"
    write_file(path, [entry("mem-e", "x", tags=[], payload=None)])
    import_file(store, path)
    store.edit("mem-e", content="changed")
    out = tmp_path / "out.jsonl"
    export_file(store, out)
    obj = json.loads(out.read_text())
    assert obj["content"] == "changed" and obj["tags"] == [] and obj["payload"] is None


def test_import_notifies_listeners_once(store, tmp_path):
    path = tmp_path / "memory.jsonl"
    write_file(path, [GOOD_A, GOOD_C])
    seen = []
    store.add_listener(seen.append)
    import_file(store, path)
    import_file(store, path)  # unchanged: no commit worth telling
    assert seen == [{"mem-aaaaaaaaaaaa", "mem-cccccccccccc"}]


def test_export_selected_ids_and_atomic_write(store, tmp_path):
    a, b = store.add("a"), store.add("b")
    out = tmp_path / "deep" / "out.jsonl"
    assert export_file(store, out, ids=[b.id]) == 1
    assert json.loads(out.read_text())["id"] == b.id
    with pytest.raises(NotFound):
        export_file(store, out, ids=["nope"])
    assert json.loads(out.read_text())["id"] == b.id  # untouched by the failed export
    assert [p.name for p in out.parent.iterdir()] == ["out.jsonl"]  # no temp file left
    del a


# ------------------------------------------------------------------ sync


class Signal:
    """A condition notified by the sync's reports and the store's commits: tests wait on it for
    a state instead of sleeping."""

    def __init__(self, store):
        self.reports: list[ImportReport] = []
        self._cond = threading.Condition()
        store.add_listener(lambda ids: self._notify())

    def _notify(self):
        with self._cond:
            self._cond.notify_all()

    def on_report(self, report):
        with self._cond:
            self.reports.append(report)
            self._cond.notify_all()

    def wait_for(self, predicate, timeout=10.0):
        """True once ``predicate()`` holds (checked at each report and commit), False at timeout."""
        with self._cond:
            return self._cond.wait_for(predicate, timeout=timeout)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_sync_picks_up_an_outside_change(store, tmp_path):
    path = tmp_path / "hmh" / "memory.jsonl"
    path.parent.mkdir()
    write_file(path, [GOOD_A])
    signal = Signal(store)
    reports = signal.reports
    sync = HmharnessSync(store, path, on_report=signal.on_report)
    sync.start()
    try:
        assert signal.wait_for(lambda: len(reports) >= 1)
        assert reports[0].imported == 1
        # hmharness rewrites the whole file after a write
        write_file(path, [GOOD_A, GOOD_C])
        assert signal.wait_for(lambda: store.count() == 2)
        assert signal.wait_for(lambda: any(r.imported == 1 for r in reports[1:]))
        # our own export into the watched file: at most one re-import, nothing changes, no loop
        store.edit("mem-aaaaaaaaaaaa", content="edited in hmdesk")
        export_file(store, path)
        assert signal.wait_for(lambda: len(reports) >= 3)
        n = len(reports)
        # Nothing announces "no more reports will come", so this waits a bounded time for one
        # more and asserts none came: a loop would re-import within one debounce (0.2 s) of
        # each export, so three debounce windows would see it.
        assert not signal.wait_for(lambda: len(reports) > n, timeout=0.6)
        assert reports[-1].updated == 0 and reports[-1].imported == 0
        assert store.get("mem-aaaaaaaaaaaa").content == "edited in hmdesk"
    finally:
        sync.stop()


def test_sync_waits_for_a_missing_directory(store, tmp_path):
    path = tmp_path / "later" / "memory.jsonl"
    signal = Signal(store)
    sync = HmharnessSync(store, path)
    sync.start()
    try:
        path.parent.mkdir()
        write_file(path, [GOOD_C])
        assert signal.wait_for(lambda: store.count() == 1)
    finally:
        sync.stop()


def test_import_and_sync_events_revert_but_undo_leaves_them(store, tmp_path):
    path = tmp_path / "memory.jsonl"
    write_file(path, [GOOD_C])
    import_file(store, path)
    write_file(path, [GOOD_C.replace("device model ref", "device model v2")])
    assert import_file(store, path).updated == 1
    assert store.undo_last() == []  # background syncs are not the user's to undo
    imp, sync = store.history("mem-cccccccccccc")
    assert (imp.kind, sync.kind, sync.field) == ("import", "sync", "content")
    store.revert(sync.id)
    assert store.get("mem-cccccccccccc").content == "device model ref"
    store.revert(imp.id)
    assert store.get("mem-cccccccccccc").is_deleted


def test_a_new_export_file_is_private_unless_the_source_file_says_otherwise(
    store, tmp_path, monkeypatch
):
    import stat

    monkeypatch.setenv("HMH_HOME", str(tmp_path / "hmh"))
    old = os.umask(0o022)
    try:
        store.add("quote paths with spaces")
        export_file(store, tmp_path / "a.jsonl")  # no source memory.jsonl: 0600
        assert stat.S_IMODE((tmp_path / "a.jsonl").stat().st_mode) == 0o600
        source = default_memory_file()
        source.parent.mkdir(parents=True)
        source.write_text("")
        source.chmod(0o640)
        export_file(store, tmp_path / "b.jsonl")  # the source's mode
        assert stat.S_IMODE((tmp_path / "b.jsonl").stat().st_mode) == 0o640
        (tmp_path / "a.jsonl").chmod(0o604)
        export_file(store, tmp_path / "a.jsonl")  # an existing file keeps its own mode
        assert stat.S_IMODE((tmp_path / "a.jsonl").stat().st_mode) == 0o604
    finally:
        os.umask(old)


def test_a_killed_exports_temp_file_is_removed_by_the_next_export(store, tmp_path):
    import subprocess
    import sys

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True)  # fmt: skip
    pid = int(dead.stdout)  # a process that has ended
    out = tmp_path / "memory.jsonl"
    stale = tmp_path / f".memory.jsonl.hmdesk-{pid}-1234.tmp"
    stale.write_text("half a file")
    live = tmp_path / f".memory.jsonl.hmdesk-{os.getppid()}-1.tmp"  # a live writer's: kept
    live.write_text("being written")
    other = tmp_path / ".other.jsonl.hmdesk-1-1.tmp"  # another file's: kept
    other.write_text("x")
    store.add("quote paths with spaces")
    export_file(store, out)
    assert not stale.exists() and live.exists() and other.exists()
    assert out.read_text().count("\n") == 1


def test_crlf_lines_keep_their_line_end_on_export(store, tmp_path):
    src = tmp_path / "memory.jsonl"
    src.write_bytes((GOOD_A + "\r\n" + GOOD_C + "\r\n").encode())
    import_file(store, src)
    out = tmp_path / "out.jsonl"
    export_file(store, out)
    assert out.read_bytes() == src.read_bytes()
    store.set_confidence("mem-cccccccccccc", 0.5, reason="test")  # regenerated: CRLF still
    export_file(store, out)
    lines = out.read_bytes().split(b"\n")
    assert lines[0] == (GOOD_A + "\r").encode() and lines[1].endswith(b"\r")
    assert json.loads(lines[1])["confidence"] == 0.5
    again = import_file(store, out)
    assert (again.updated, again.skipped) == (0, [])
