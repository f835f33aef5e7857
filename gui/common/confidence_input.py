"""The confidence field: a spin box that keeps what is typed and checks it when it is committed.

A ``QDoubleSpinBox`` re-reads and re-formats its text on every key press (and a slider wired to
it writes the value back while typing): ``0.45`` became ``0.40`` and a fast ``0.6`` became
``0.00``. :class:`ConfidenceSpinBox` leaves the text alone while it is being typed; the arrow
keys, Page Up/Down, the wheel and the step buttons move it by 0.05; :meth:`problem` says in plain
words what is wrong with the text (empty, not a number, out of 0–1, more than two decimals) and
:meth:`value` is exactly the number shown.
"""

from __future__ import annotations

import re

from hmdesk.gui.common.theme import theme_for
from PySide6.QtCore import QSize, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import QAbstractSpinBox, QLabel, QSizePolicy, QWidget

STEP = 0.05
DECIMALS = 2
_TYPING = re.compile(r"\s*[0-9]*[.,]?[0-9]*\s*")  # anything on the way to a number
_MAX_TYPED = 12


def parse_confidence(text: str) -> tuple[float | None, str | None]:
    """``(value, None)`` for a confidence written as text, ``(None, message)`` when it is not one.

    A confidence is a number from 0 to 1 with at most two decimals (``,`` is read as ``.``)."""
    t = text.strip().replace(",", ".")
    if not t or t == ".":
        return None, "Enter a confidence from 0 to 1, e.g. 0.45."
    if not _TYPING.fullmatch(t):
        return None, f"“{t}” is not a number: enter a confidence from 0 to 1, e.g. 0.45."
    value = float(t)
    if not 0.0 <= value <= 1.0:
        return None, f"{t} is out of range: a confidence is from 0 to 1 (e.g. 0.45)."
    if "." in t and len(t.split(".", 1)[1]) > DECIMALS:
        return None, f"{t} has more than two decimals: write it as {round(value, 2):.2f}."
    return round(value, DECIMALS), None


def confidence_text(value: float) -> str:
    return f"{value:.{DECIMALS}f}"


class ConfidenceSpinBox(QAbstractSpinBox):
    """A confidence from 0 to 1 (two decimals), stepped by 0.05.

    Signals:
        confidenceChanged(float): the text is a valid confidence again (after typing or a step).
    """

    confidenceChanged = Signal(float)

    def __init__(self, value: float = 0.7, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._last = round(min(max(value, 0.0), 1.0), DECIMALS)  # the last valid value
        self.setAccessibleName("Confidence")
        self.setToolTip("0 to 1, two decimals; ↑/↓ step by 0.05")
        self.setAccelerated(False)
        self.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)  # a short number
        self.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToPreviousValue)
        self.lineEdit().textChanged.connect(self._on_text)
        self.setValue(value)

    # ------------------------------------------------------------------ the value
    def text(self) -> str:
        return self.lineEdit().text()

    def setValue(self, value: float) -> None:
        """Show ``value`` (clamped to 0–1, two decimals)."""
        self.lineEdit().setText(confidence_text(min(max(float(value), 0.0), 1.0)))

    def value(self) -> float | None:
        """The confidence shown, None while the text is not a valid one (see :meth:`problem`)."""
        return parse_confidence(self.text())[0]

    def problem(self) -> str | None:
        """What is wrong with the text, in words for the user; None when it is a confidence."""
        return parse_confidence(self.text())[1]

    def _on_text(self, _text: str) -> None:
        v = self.value()
        if v is not None:
            self._last = v
            self.confidenceChanged.emit(v)
        self.update()  # the step buttons' enabled state follows the value

    # ------------------------------------------------------------------ QAbstractSpinBox
    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        """Any text on the way to a number is kept as typed (checked on commit); others refused."""
        if len(text) <= _MAX_TYPED and _TYPING.fullmatch(text):
            return QValidator.State.Acceptable, text, pos
        return QValidator.State.Invalid, text, pos

    def stepBy(self, steps: int) -> None:
        start = self.value()
        if start is None:
            start = self._last
        new = round(min(max(start + steps * STEP, 0.0), 1.0), DECIMALS)
        self.setValue(new)
        self.selectAll()

    def stepEnabled(self) -> QAbstractSpinBox.StepEnabledFlag:
        v = self.value()
        if v is None:
            v = self._last
        flags = QAbstractSpinBox.StepEnabledFlag.StepNone
        if v > 0.0:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepDownEnabled
        if v < 1.0:
            flags |= QAbstractSpinBox.StepEnabledFlag.StepUpEnabled
        return flags

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        room = self.fontMetrics().horizontalAdvance("0.000") + 40  # text, frame and buttons
        return QSize(max(hint.width(), room), hint.height())

    def minimumSizeHint(self) -> QSize:
        return self.sizeHint()


def problem_label(box: ConfidenceSpinBox, parent: QWidget | None = None) -> QLabel:
    """A label under ``box`` that says what is wrong with the typed confidence once it is
    committed (Enter, leaving the field) and clears as soon as the text is a confidence again.
    Call :func:`show_problem` from the dialog's ``accept`` too."""
    label = QLabel(parent)
    label.setObjectName("confidenceProblem")
    label.setWordWrap(True)
    label.setStyleSheet(f"QLabel {{ color: {theme_for(label).error_fg}; }}")
    box.editingFinished.connect(lambda: show_problem(box, label))
    box.confidenceChanged.connect(lambda _v: label.setText(""))
    return label


def show_problem(box: ConfidenceSpinBox, label: QLabel) -> bool:
    """Show what is wrong with ``box``'s text in ``label``; True when nothing is."""
    err = box.problem()
    label.setText(err or "")
    return err is None
