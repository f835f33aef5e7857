"""PySide6 6.12.0 aborted on CPython 3.11 ("Fatal Python error: none_dealloc") after a few
thousand ordinary calls of void C++ methods, which is why pyproject.toml pins PySide6 below 6.12.
This keeps 10,000 such calls in every run, so a PySide6 with that fault fails here first."""

from PySide6.QtCore import QObject, QTimer
from PySide6.QtWidgets import QLabel


def test_ten_thousand_void_calls(qtbot):
    label = QLabel()
    qtbot.addWidget(label)
    timer = QTimer()
    obj = QObject()
    for i in range(10_000):
        label.setText(str(i))
        label.setVisible(False)
        timer.setInterval(i % 100 + 1)
        obj.setObjectName("x")
    assert label.text() == "9999"


def test_main_window_opens(qtbot):
    from hmdesk.gui.main_window import MainWindow

    w = MainWindow()
    qtbot.addWidget(w)
    w.show()
    assert w.tabs.count() == 5
