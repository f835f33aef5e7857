"""The real entry point (``hmdesk.gui.app.main``) in a child process: a good start and a
database that cannot be opened."""

from __future__ import annotations

import os
import subprocess
import sys

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


def test_main_opens_the_window_then_the_database(tmp_path):
    proc = run(tmp_path, tmp_path / "new.db")
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    assert lines[0] == "PAINTED"  # the window paints before the database is opened
    assert "READY True" in lines and "RESULT 0" in lines
    assert (tmp_path / "new.db").exists()
    assert (tmp_path / "logs" / "hmdesk.log").exists()


def test_main_reports_a_database_it_cannot_open(tmp_path):
    bad = tmp_path / "notes.db"
    bad.write_text("this is not a database")
    proc = run(tmp_path, bad)
    assert proc.returncode == 1, (proc.stdout, proc.stderr)
    dialog = [line for line in proc.stdout.splitlines() if line.startswith("DIALOG")]
    assert dialog and "not an SQLite database" in dialog[0]
    assert bad.read_text() == "this is not a database"  # left untouched
