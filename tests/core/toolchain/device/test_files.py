"""The app's files: listing (real toybox output), download/upload/delete against the fake
device, and the read-only view of a downloaded database."""

from __future__ import annotations

import sqlite3
import time
from pathlib import Path

import pytest
from hmdesk.core.toolchain.crash.faultlog_files import read_faultlog
from hmdesk.core.toolchain.device import files

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools

DATA = Path(__file__).resolve().parents[3] / "data"
SANDBOX = "/data/app/el2/100/base/com.example.hello/files"


def test_parse_real_toybox_listing() -> None:
    lines = (DATA / "device/ls_al_data_log_hilog.txt").read_text(encoding="utf-8").splitlines()
    entries = [e for e in map(files.parse_ls_line, lines) if e is not None]
    assert [(e.name, e.size) for e in entries] == [
        (".persisterInfo_222", 65540),
        (".persisterInfo_222.info", 132),
        ("hilog.002.19700102-033431.gz", 12239),
        ("hilog.003.19700102-033431.gz", 6883),
    ]
    assert {(e.kind, e.owner, e.group, e.mode, e.modified) for e in entries} == {
        ("file", "logd", "system", "-rw-r-----", "1970-01-02 03:34")
    }
    link = files.parse_ls_line("lrwxrwxrwx 1 root root 11 2024-01-03 20:08 etc -> /system/etc")
    assert link is not None and (link.kind, link.name, link.target) == (
        "link",
        "etc",
        "/system/etc",
    )
    assert files.parse_ls_line("crw-rw-rw- 1 root root 1, 3 2024-01-03 20:08 null").size == 3  # type: ignore[union-attr]


def test_list_pull_push_remove(fake_tools: FakeTools, tmp_path: Path) -> None:
    device = fake_tools.device_root()
    hdc = str(fake_tools.hdc)
    seen: list[str] = []
    listing = files.list_dir(hdc, FAKE_HDC_KEY, SANDBOX, on_entry=lambda e: seen.append(e.name))
    assert listing.problem is None and [e.name for e in listing.entries] == ["notes.txt"] == seen
    got = files.pull(hdc, FAKE_HDC_KEY, f"{SANDBOX}/notes.txt", tmp_path / "notes.txt")
    assert got.ok and (tmp_path / "notes.txt").read_text() == "hello\n"
    assert not (tmp_path / "notes.txt.part").exists()
    up = tmp_path / "upload.json"
    up.write_text('{"a": 1}')
    sent = files.push(hdc, FAKE_HDC_KEY, up, SANDBOX)
    assert sent.ok, sent
    assert (device / SANDBOX.lstrip("/") / "upload.json").read_text() == '{"a": 1}'
    assert not list((device / SANDBOX.lstrip("/")).glob("*.hmdesk-part"))
    argvs = [c["argv"] for c in fake_tools.calls("hdc")]
    assert [
        "-t",
        FAKE_HDC_KEY,
        "file",
        "send",
        str(up),
        f"{SANDBOX}/upload.json.hmdesk-part",
    ] in argvs
    gone = files.remove(hdc, FAKE_HDC_KEY, f"{SANDBOX}/upload.json")
    assert gone.ok and not (device / SANDBOX.lstrip("/") / "upload.json").exists()
    folder = files.remove(hdc, FAKE_HDC_KEY, SANDBOX)
    assert not folder.ok and "Is a directory" in folder.message


def test_cut_download_leaves_no_file_under_the_complete_name(
    fake_tools: FakeTools, tmp_path: Path
) -> None:
    fake_tools.device_root()
    fake_tools.hdc_scenario("one-device", "recv-cut")
    dest = tmp_path / "notes.txt"
    got = files.pull(str(fake_tools.hdc), FAKE_HDC_KEY, f"{SANDBOX}/notes.txt", dest)
    assert not got.ok and "stopped at 3 of 6 bytes" in got.message
    assert not dest.exists() and not (tmp_path / "notes.txt.part").exists()


def test_denied_places_say_so(fake_tools: FakeTools, tmp_path: Path) -> None:
    device = fake_tools.device_root()
    fake_tools.set("FAKE_HDC_DENY", "/data/log/faultlog")
    hdc = str(fake_tools.hdc)
    listing = files.list_dir(hdc, FAKE_HDC_KEY, "/data/log/faultlog/faultlogger")
    assert listing.problem is not None and listing.problem.kind == "permission"
    assert listing.problem.evidence == "ls: /data/log/faultlog/faultlogger: Permission denied"
    missing = files.list_dir(hdc, FAKE_HDC_KEY, "/data/nothing")
    assert missing.problem is not None and "No such file or directory" in missing.problem.message
    fake_tools.hdc_scenario("one-device", "send-denied")
    up = tmp_path / "x.txt"
    up.write_text("x")
    sent = files.push(hdc, FAKE_HDC_KEY, up, "/data/local/tmp")
    assert not sent.ok and sent.kind == "permission"
    assert not list((device / "data/local/tmp").iterdir())


def test_a_huge_listing_stays_bounded(fake_tools: FakeTools) -> None:
    fake_tools.device_root()
    fake_tools.hdc_scenario("one-device", "ls-flood")
    fake_tools.set("FAKE_HDC_LS_ENTRIES", "200000")
    started = time.monotonic()
    listing = files.list_dir(str(fake_tools.hdc), FAKE_HDC_KEY, "/data/local/tmp", max_entries=500)
    assert listing.truncated and len(listing.entries) == 500
    assert listing.entries[-1].name == "file000499.txt"
    assert time.monotonic() - started < 30  # the listing was stopped, not read to its end


def test_downloaded_database_opens_read_only(tmp_path: Path) -> None:
    db = tmp_path / "rdb.db"
    con = sqlite3.connect(db)
    con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    con.executemany("INSERT INTO notes (body) VALUES (?)", [("a",), ("b",), ("c",)])
    con.execute('CREATE TABLE "odd ""name""" (x)')
    con.commit()
    con.close()
    assert files.download_kind(db) == "db"
    assert files.db_tables(db) == [("notes", 3), ('odd "name"', 0)]
    cols, rows = files.db_rows(db, "notes", limit=2)
    assert cols == ["id", "body"] and rows == [(1, "a"), (2, "b")]
    before = db.read_bytes()
    ro = files._ro(db)
    with pytest.raises(sqlite3.OperationalError):
        ro.execute("DELETE FROM notes")
    ro.close()
    assert db.read_bytes() == before
    text = tmp_path / "x.db"
    text.write_text("not a database")
    with pytest.raises(sqlite3.DatabaseError):
        files.db_tables(text)


def test_a_database_in_wal_mode_is_read_with_its_log(tmp_path: Path) -> None:
    """RelationalStore writes in WAL mode: rows not yet checkpointed are only in NAME-wal. Read
    with its log they are there; the downloaded files are left as they were."""
    live = tmp_path / "device" / "notes.db"
    live.parent.mkdir()
    con = sqlite3.connect(live)
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA wal_autocheckpoint=0")
    con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    con.execute("INSERT INTO notes (body) VALUES ('in the log')")
    con.commit()
    down = tmp_path / "down"
    down.mkdir()
    for name in ("notes.db", "notes.db-wal"):  # as `file recv` copies them, app still running
        (down / name).write_bytes((live.parent / name).read_bytes())
    con.close()
    db = down / "notes.db"
    before = {p.name: p.read_bytes() for p in down.iterdir()}
    assert files.db_tables(db) == []  # the main file alone: the table is still in the log
    merged = files.with_log(db)
    assert merged != db and files.db_tables(merged) == [("notes", 1)]
    assert files.db_rows(merged, "notes")[1] == [(1, "in the log")]
    assert files.with_log(db) == merged  # made once
    assert {p.name: p.read_bytes() for p in down.iterdir() if p != merged} == before
    plain = tmp_path / "plain.db"
    sqlite3.connect(plain).close()
    assert files.with_log(plain) == plain


def test_downloaded_fault_log_reads_as_a_crash(fake_tools: FakeTools, tmp_path: Path) -> None:
    device = fake_tools.device_root()
    name = "jscrash-com.example.hello-20010045-20250718202951568.log"
    real = (DATA / "real_logs/jscrash/app-thrown-api-error.log").read_bytes()
    (device / "data/log/faultlog/faultlogger" / name).write_bytes(real)
    got = files.pull(
        str(fake_tools.hdc), FAKE_HDC_KEY, f"/data/log/faultlog/faultlogger/{name}", tmp_path / name
    )
    assert got.ok
    assert files.download_kind(tmp_path / name) == "faultlog"
    crash = read_faultlog(tmp_path / name)
    assert crash.type == "jscrash" and crash.name == "Error"
    assert "too_many_request" in crash.message
