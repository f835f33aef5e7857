"""The entry point's own pieces: arguments, runtime settings, the thread excepthook relay.

(The exception dialog, the database error dialog and the palette that follows the system scheme
are exercised with a whole window in ``tests/gui/memories/test_window.py``; the real start-up in
a child process in ``tests/gui/memories/test_app_main.py``.)
"""

from __future__ import annotations

import sys
import threading

from hmdesk.gui import app as appmod


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
