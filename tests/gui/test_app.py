"""The entry point's own pieces: arguments, runtime settings, the thread excepthook relay.

The exception dialog, the database error dialog, the palette that follows the system scheme, and
the real start-up in a child process (``main`` with a good and a broken database).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading

import pytest
from hmdesk.gui import app as appmod
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox

from tests.gui.memories.conftest import wait_idle
from tests.gui.windows import close_window, make_window


def test_parse_args_keeps_qt_arguments_out():
    args = appmod.parse_args(["hmdesk", "--db", "/tmp/x.db", "-platform", "offscreen"])
    assert args.db == "/tmp/x.db"
    assert appmod.parse_args(["hmdesk"]).db is None


def test_configure_runtime_shortens_the_switch_interval(monkeypatch):
    before = sys.getswitchinterval()
    try:
        appmod.configure_runtime()
        assert sys.getswitchinterval() <= 0.001 + 1e-9
    finally:
        sys.setswitchinterval(before)


def test_a_bare_exception_class_raised_in_a_thread_still_opens_the_dialog(
    qtbot, tmp_path, monkeypatch
):
    monkeypatch.setattr("hmdesk.gui.common.logs._log_path", tmp_path / "hmdesk.log")
    monkeypatch.setattr(appmod, "_open_dialog", None)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    previous = appmod.install_excepthook()
    assert previous is not appmod.handle_exception and sys.excepthook is appmod.handle_exception

    def boom() -> None:
        raise LookupError  # the class, not an instance

    t = threading.Thread(target=boom)
    t.start()
    t.join()
    qtbot.waitUntil(lambda: appmod._open_dialog is not None)
    dialog = appmod._open_dialog
    assert dialog is not None and "LookupError" in dialog.details.toPlainText()
    assert str(tmp_path / "hmdesk.log") in dialog.log_label.text()
    dialog.close()


def test_excepthook_shows_details_and_log_path_and_keeps_running(ctx, qtbot, tmp_path, monkeypatch):
    from hmdesk.gui import app as appmod

    monkeypatch.setattr("hmdesk.gui.common.logs._log_path", tmp_path / "logs" / "hmdesk.log")
    monkeypatch.setattr(appmod, "_open_dialog", None)
    w = make_window(ctx, qtbot)
    try:
        raise RuntimeError("boom in a slot")
    except RuntimeError:
        appmod.handle_exception(*sys.exc_info())
    dialog = appmod._open_dialog
    assert dialog is not None and dialog.isVisible()
    assert "boom in a slot" in dialog.details.toPlainText()
    assert "Traceback" in dialog.details.toPlainText()
    assert str(tmp_path / "logs" / "hmdesk.log") in dialog.log_label.text()
    # a second error is appended to the same dialog rather than stacking dialogs
    try:
        raise ValueError("second")
    except ValueError:
        appmod.handle_exception(*sys.exc_info())
    assert "second" in dialog.details.toPlainText()
    dialog.close()
    # the app keeps working
    w.memories.importer.load_starter_pack()
    wait_idle(qtbot, w.memories)
    assert w.memories.model.rowCount() > 0
    close_window(w)


def test_database_error_dialog(qtbot, tmp_path):
    from hmdesk.core.db import Database, DatabaseError
    from hmdesk.gui import app as appmod

    bad = tmp_path / "notes.txt"
    bad.write_text("not a database")
    try:
        Database(bad)
    except DatabaseError as exc:
        error = exc
    seen = {}

    def close_box():
        box = QApplication.activeModalWidget()
        seen["box"] = box
        if isinstance(box, QMessageBox):
            seen["text"] = box.text()
            seen["info"] = box.informativeText()
            box.close()

    QTimer.singleShot(0, close_box)
    appmod.show_open_error(None, error)
    assert "not an SQLite database" in seen["text"]
    assert "--db" in seen["info"]


def test_dark_palette_follows_the_scheme(qapp):
    from hmdesk.gui.common.theme import dark_palette

    p = dark_palette()
    assert p.color(p.ColorRole.Base).lightness() < 64
    assert p.color(p.ColorRole.Text).lightness() > 192


def test_exception_in_a_worker_thread_reaches_the_dialog(qtbot, tmp_path, monkeypatch):
    import threading

    from hmdesk.gui import app as appmod

    monkeypatch.setattr("hmdesk.gui.common.logs._log_path", tmp_path / "hmdesk.log")
    monkeypatch.setattr(appmod, "_open_dialog", None)
    monkeypatch.setattr(sys, "excepthook", sys.excepthook)
    monkeypatch.setattr(threading, "excepthook", threading.excepthook)
    appmod.install_excepthook()

    def boom():
        raise RuntimeError("boom in a worker")

    t = threading.Thread(target=boom)
    t.start()
    t.join()
    qtbot.waitUntil(lambda: appmod._open_dialog is not None)
    assert "boom in a worker" in appmod._open_dialog.details.toPlainText()
    appmod._open_dialog.close()


def test_an_error_after_the_dialog_was_closed_opens_a_new_one(qtbot, tmp_path, monkeypatch):
    from hmdesk.gui import app as appmod
    from PySide6.QtCore import QCoreApplication, QEvent

    monkeypatch.setattr("hmdesk.gui.common.logs._log_path", tmp_path / "hmdesk.log")
    monkeypatch.setattr(appmod, "_open_dialog", None)

    def boom(exc: Exception) -> None:
        try:
            raise exc
        except Exception:  # noqa: BLE001 - any exception is handed to the hook, as in the app
            appmod.handle_exception(*sys.exc_info())

    boom(KeyError("<b>not html</b>"))
    first = appmod._open_dialog
    assert first is not None
    head = first.findChildren(type(first.log_label))[0].text()
    assert "&lt;b&gt;not html&lt;/b&gt;" in head  # the summary is text, not markup
    first.close()  # WA_DeleteOnClose: the C++ dialog goes away
    QCoreApplication.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    boom(RuntimeError("second"))  # used to fail inside the hook: "C++ object already deleted"
    second = appmod._open_dialog
    assert second is not None and second is not first and second.isVisible()
    assert "second" in second.details.toPlainText()
    second.close()


def test_the_system_theme_follows_the_system_scheme():
    from hmdesk.gui.common.theme import wants_dark

    for scheme, dark in (
        (Qt.ColorScheme.Dark, True),
        (Qt.ColorScheme.Light, False),
        (Qt.ColorScheme.Unknown, False),
    ):
        assert wants_dark("system", scheme) is dark, scheme
        assert wants_dark("dark", scheme) and not wants_dark("light", scheme)


CHILD = r"""
import sys
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from hmdesk.gui import app as hmapp

def close_boxes():
    box = QApplication.activeModalWidget()
    if isinstance(box, QMessageBox):
        print("DIALOG", box.text().replace("\n", " "), flush=True)
        box.close()

def on_window(w):
    timer = QTimer(w)
    timer.timeout.connect(close_boxes)
    timer.start(50)
    w.first_painted.connect(lambda: print("PAINTED", flush=True))
    def ready():
        print("READY", w.memories is not None, flush=True)
        w.memories.result_applied.connect(lambda r: (print("RESULT", r.pool, flush=True),
                                                     QTimer.singleShot(0, w.close)))
    w.context_ready.connect(ready)

sys.exit(hmapp.main(["hmdesk", "--db", sys.argv[1]], on_window=on_window))
"""


def run(tmp_path, db) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env.update(
        QT_QPA_PLATFORM="offscreen",
        XDG_CONFIG_HOME=str(tmp_path / "config"),
        HMDESK_LOG_DIR=str(tmp_path / "logs"),
        HMH_HOME=str(tmp_path / "hmh"),
    )
    return subprocess.run(
        [sys.executable, "-c", CHILD, str(db)],
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )


@pytest.mark.slow  # the app in a process of its own
def test_main_opens_the_window_then_the_database(tmp_path):
    proc = run(tmp_path, tmp_path / "new.db")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "PAINTED"  # the window paints before the database is opened
    assert "READY True" in lines and "RESULT 0" in lines
    assert (tmp_path / "new.db").exists()
    assert (tmp_path / "logs" / "hmdesk.log").exists()


@pytest.mark.slow  # the app in a process of its own
def test_main_reports_a_database_it_cannot_open(tmp_path):
    bad = tmp_path / "notes.db"
    bad.write_text("this is not a database")
    proc = run(tmp_path, bad)
    assert proc.returncode == 1, (proc.stdout, proc.stderr)
    dialog = [line for line in proc.stdout.splitlines() if line.startswith("DIALOG")]
    assert dialog and "not an SQLite database" in dialog[0]
    assert bad.read_text() == "this is not a database"  # left untouched


def test_a_settings_file_that_cannot_be_read_is_named_in_the_banner(ctx, qtbot, tmp_path):
    import os as _os
    from pathlib import Path

    path = Path(_os.environ["HMDESK_CONFIG"])
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text('{"theme": ')
    w = make_window(ctx, qtbot)
    appmod._report_settings_file(w)
    assert w.banner.isVisible() and str(path) in w.banner.text()
    assert "not valid JSON" in w.banner.text() and "Preferences cannot save" in w.banner.text()
    assert path.read_text() == '{"theme": '
    close_window(w)
