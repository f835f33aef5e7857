"""A whole main window over a test ``ctx``, shown and settled, for the window and app tests."""

from __future__ import annotations

from typing import Any

from hmdesk.gui.main_window import MainWindow
from PySide6.QtCore import QThreadPool

from tests.gui.memories.conftest import wait_idle


def make_window(ctx: Any, qtbot: Any) -> MainWindow:
    w = MainWindow(ctx)
    qtbot.addWidget(w)
    w.show()
    qtbot.waitExposed(w)
    wait_idle(qtbot, w.memories)
    return w


def close_window(w: MainWindow) -> None:
    w.close()
    QThreadPool.globalInstance().waitForDone(10_000)
