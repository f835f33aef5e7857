"""The confidence field keeps what is typed, steps by 0.05 and explains a bad value."""

from __future__ import annotations

import pytest
from hmdesk.gui.common.confidence_input import ConfidenceSpinBox, parse_confidence
from PySide6.QtCore import Qt


@pytest.mark.parametrize(
    ("text", "value", "problem"),
    [
        ("0.45", 0.45, None),
        (" 0,6 ", 0.6, None),
        ("1", 1.0, None),
        (".3", 0.3, None),
        ("0.", 0.0, None),
        ("", None, "Enter a confidence"),
        (".", None, "Enter a confidence"),
        ("1.5", None, "out of range"),
        ("0.455", None, "more than two decimals"),
        ("high", None, "not a number"),
    ],
)
def test_parse_confidence(text, value, problem):
    got, err = parse_confidence(text)
    assert got == value
    assert (err is None) if problem is None else (err is not None and problem in err)


def test_typing_is_kept_and_letters_are_refused(qtbot):
    box = ConfidenceSpinBox(0.7)
    qtbot.addWidget(box)
    box.show()
    values = []
    box.confidenceChanged.connect(values.append)
    qtbot.keyClick(box, Qt.Key.Key_A, Qt.KeyboardModifier.ControlModifier)
    qtbot.keyClicks(box, "0.4x5")
    assert box.text() == "0.45" and box.value() == 0.45 and box.problem() is None
    assert values[-1] == 0.45
    qtbot.keyClick(box, Qt.Key.Key_Up)
    assert box.text() == "0.50"
    qtbot.keyClick(box, Qt.Key.Key_PageUp)  # ten steps
    assert box.text() == "1.00"
    box.setValue(0.02)
    qtbot.keyClick(box, Qt.Key.Key_Down)
    assert box.text() == "0.00"
    assert not box.stepEnabled() & box.StepEnabledFlag.StepDownEnabled
    assert box.sizeHint().width() > box.fontMetrics().horizontalAdvance("0.00")
