"""Files against the fake hdc's device: places, listing in batches, download several, upload
where writable, delete with confirmation, and opening a database (read-only table view) and a
fault log (read, handed to the Runs feed's crash card)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hmdesk.gui.devices.files_view import DatabaseDialog, FilesView

from tests.fixtures.fake_tools import FAKE_HDC_KEY

DATA = Path(__file__).resolve().parents[2] / "data"
SANDBOX = "/data/app/el2/100/base/com.example.hello/files"


def make(qtbot, ctx):
    view = FilesView(ctx, lambda: FAKE_HDC_KEY, lambda: "com.example.hello")
    qtbot.addWidget(view)
    view.show()
    return view


def listed(qtbot, view, path):
    with qtbot.waitSignal(view.listed, timeout=30_000):
        view.go(path)


def test_list_download_upload_delete(qtbot, ctx, fake_tools, tmp_path, monkeypatch):
    device = fake_tools.device_root()
    (device / SANDBOX.lstrip("/") / "second.txt").write_text("two")
    view = make(qtbot, ctx)
    assert view.places.count() == 7 and "el2 files" in view.places.itemText(0)
    listed(qtbot, view, SANDBOX)
    assert [e.name for e in view.entries] == ["notes.txt", "second.txt"]
    assert view.table.item(0, 0).text() == "notes.txt"
    view.table.selectAll()
    assert view.download_button.isEnabled() and view.upload_button.isEnabled()
    down = tmp_path / "down"
    down.mkdir()
    monkeypatch.setattr(view, "ask_folder", lambda: str(down))
    view.download_dialog()
    qtbot.waitUntil(lambda: (down / "second.txt").exists() and (down / "notes.txt").exists())
    up = tmp_path / "up.txt"
    up.write_text("up")
    monkeypatch.setattr(view, "ask_upload", lambda: str(up))
    with qtbot.waitSignal(view.listed, timeout=30_000):
        view.upload_dialog()
    assert (device / SANDBOX.lstrip("/") / "up.txt").read_text() == "up"
    row = [e.name for e in view.entries].index("up.txt")
    view.table.selectRow(row)
    monkeypatch.setattr(view, "confirm_delete", lambda names: False)
    view.delete_selected()
    assert (device / SANDBOX.lstrip("/") / "up.txt").exists()  # said no: nothing deleted
    monkeypatch.setattr(view, "confirm_delete", lambda names: names == ["up.txt"])
    with qtbot.waitSignal(view.listed, timeout=30_000):
        view.delete_selected()
    assert not (device / SANDBOX.lstrip("/") / "up.txt").exists()


def test_read_only_places_and_refusals(qtbot, ctx, fake_tools):
    device = fake_tools.device_root()
    (device / "data/log/hilog/hilog.001.gz").write_bytes(b"x")
    fake_tools.set("FAKE_HDC_DENY", "/data/log/faultlog")
    view = make(qtbot, ctx)
    listed(qtbot, view, "/data/log/hilog")
    view.table.selectRow(0)
    assert not view.upload_button.isEnabled() and not view.delete_button.isEnabled()
    listed(qtbot, view, "/data/log/faultlog/faultlogger")
    assert "permission denied" in view.status.text()
    view.go("/data/local/tmp/a b")
    assert "cannot be passed to the device safely" in view.status.text()


def test_open_a_database_and_a_fault_log(qtbot, ctx, fake_tools):
    device = fake_tools.device_root()
    rdb = device / "data/app/el2/100/database/com.example.hello/rdb/notes.db"
    con = sqlite3.connect(rdb)  # as RelationalStore keeps it: WAL mode, the app still running
    con.execute("PRAGMA journal_mode=WAL")
    con.execute("PRAGMA wal_autocheckpoint=0")
    con.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    con.execute("INSERT INTO notes (body) VALUES ('kept')")
    con.commit()
    name = "jscrash-com.example.hello-20010045-20250718202951568.log"
    (device / "data/log/faultlog/faultlogger" / name).write_bytes(
        (DATA / "real_logs/jscrash/app-thrown-api-error.log").read_bytes()
    )
    view = make(qtbot, ctx)
    listed(qtbot, view, "/data/app/el2/100/database/com.example.hello/rdb")
    assert [e.name for e in view.entries][:3] == ["notes.db", "notes.db-shm", "notes.db-wal"]
    assert view.places.currentText().startswith("el2 databases")  # the place follows the path
    view.table.selectRow(0)
    with qtbot.waitSignal(view.opened, timeout=30_000) as sig:
        view.open_selected()
    assert sig.args[1] == "db"
    qtbot.waitUntil(lambda: view.findChild(DatabaseDialog) is not None, timeout=15_000)
    dialog = view.findChild(DatabaseDialog)
    assert dialog.names == ["notes"]  # the table and its row are in the log the view fetched
    assert dialog.rows.item(0, 1).text() == "kept"
    assert "write-ahead log applied" in dialog.note.text()
    con.close()
    listed(qtbot, view, "/data/log/faultlog/faultlogger")
    view.table.selectRow(0)
    with qtbot.waitSignal(view.crash_opened, timeout=30_000) as crash:
        view.open_selected()
    # the window shows it as the Runs feed's crash card (tests/gui/runs/test_crash_card.py)
    assert crash.args[0].type == "jscrash" and crash.args[0].faultlog == name
    assert "too_many_request" in crash.args[0].message
    assert "the crash card is in Runs" in view.status.text()


def test_transfer_counts_in_words(qtbot, ctx, fake_tools, tmp_path):
    """ "1 file", "2 files": the status line says the count as the other views do, never
    "file(s)"."""
    device = fake_tools.device_root()
    (device / SANDBOX.lstrip("/") / "second.txt").write_text("two")
    view = make(qtbot, ctx)
    listed(qtbot, view, SANDBOX)
    one, two = tmp_path / "one", tmp_path / "two"
    one.mkdir()
    two.mkdir()
    view.download([f"{SANDBOX}/notes.txt"], str(one))
    assert view.status.text() == "Downloading 1 file…"
    qtbot.waitUntil(lambda: view.status.text().startswith("Downloaded"), timeout=30_000)
    assert view.status.text() == f"Downloaded 1 file to {one}"
    view.download([f"{SANDBOX}/notes.txt", f"{SANDBOX}/second.txt"], str(two))
    assert view.status.text() == "Downloading 2 files…"
    qtbot.waitUntil(lambda: view.status.text().startswith("Downloaded"), timeout=30_000)
    assert view.status.text() == f"Downloaded 2 files to {two}"
