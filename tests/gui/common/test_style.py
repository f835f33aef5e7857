"""The edges a person needs to find a control, measured on the rendered pixels, light and dark
(WCAG 1.4.11: 3:1 against what is next to them; text 4.5:1): the frame of a text field and of
a text area one types into, the box of a checkbox, a radio button's circle, the keyboard focus,
disabled text. Fusion alone drew the dark ones at 1.1 to 1.9 (issue 32, requirement 7: "in the
dark palette, text-field frames and checkboxes are faint")."""

from __future__ import annotations

import pytest
from hmdesk.gui.common.theme import EdgeStyle, follow_theme
from PySide6.QtCore import QRect, Qt
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QRadioButton,
    QStyle,
    QStyleOptionButton,
    QWidget,
)

from tests.gui.contrast import edge_contrast, palettes, rendered_contrast

GRAPHIC = 3.0
TEXT = 4.5
PALETTES = ("light", "dark")


@pytest.fixture
def edge_style(qapp):
    """The style the app runs with (``follow_theme`` sets it), Fusion back afterwards."""
    qapp.setStyle(EdgeStyle())
    yield
    qapp.setStyle("Fusion")


def _row(qtbot, palette_name: str, *widgets: QWidget) -> QWidget:
    box = QWidget()
    qtbot.addWidget(box)
    box.setPalette(palettes()[palette_name])
    lay = QHBoxLayout(box)
    lay.setContentsMargins(12, 12, 12, 12)
    for w in widgets:
        lay.addWidget(w)
    box.resize(640, 90)
    box.show()
    qtbot.waitExposed(box)
    return box


def _indicator(button: QCheckBox | QRadioButton, box: QWidget) -> QRect:
    option = QStyleOptionButton()
    button.initStyleOption(option)
    element = (
        QStyle.SubElement.SE_CheckBoxIndicator
        if isinstance(button, QCheckBox)
        else QStyle.SubElement.SE_RadioButtonIndicator
    )
    rect = button.style().subElementRect(element, option, button)
    return rect.translated(button.mapTo(box, rect.topLeft()) - rect.topLeft())


def test_the_app_runs_with_the_edge_style(qapp, tmp_path, monkeypatch):
    monkeypatch.setenv("HMDESK_CONFIG", str(tmp_path / "config.json"))
    try:
        follow_theme(qapp)
        assert isinstance(qapp.style(), EdgeStyle)
    finally:
        qapp.setStyle("Fusion")


@pytest.mark.parametrize("name", PALETTES)
def test_text_fields_and_areas_have_a_visible_frame(qtbot, edge_style, name):
    field = QLineEdit()
    field.setPlaceholderText("tags, comma separated")
    area = QPlainTextEdit("content")
    area.setFixedHeight(60)
    focus = QPushButton("OK")  # holds the focus, so the frames are drawn unfocused
    box = _row(qtbot, name, field, area, focus)
    focus.setFocus()
    for widget in (field, area):
        ratio = edge_contrast(box, widget.geometry())
        assert ratio >= GRAPHIC, (name, type(widget).__name__, round(ratio, 2))


@pytest.mark.parametrize("name", PALETTES)
def test_the_field_with_the_keys_has_a_visible_ring(qtbot, edge_style, name):
    field = QLineEdit("hdc install 9568320")
    box = _row(qtbot, name, field, QLineEdit())
    box.activateWindow()
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    ratio = edge_contrast(box, field.geometry())
    assert ratio >= GRAPHIC, (name, round(ratio, 2))


@pytest.mark.parametrize("name", PALETTES)
def test_checkbox_and_radio_indicators_are_visible(qtbot, edge_style, name):
    check = QCheckBox("Show superseded")
    radio = QRadioButton("By new text")
    box = _row(qtbot, name, check, radio, QLabel("x"))
    for button in (check, radio):
        ratio = edge_contrast(box, _indicator(button, box), min_pixels=2)  # a circle: few
        assert ratio >= GRAPHIC, (name, type(button).__name__, round(ratio, 2))


@pytest.mark.parametrize("name", PALETTES)
def test_a_checkbox_reached_by_tab_shows_the_focus(qtbot, edge_style, name):
    field = QLineEdit()
    check = QCheckBox("Clean first")
    box = _row(qtbot, name, field, check)
    box.activateWindow()
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    qtbot.keyClick(field, Qt.Key.Key_Tab)
    qtbot.waitUntil(check.hasFocus)
    unfocused = QCheckBox("Clean first")
    plain = _row(qtbot, name, QLineEdit(), unfocused)
    # the focused box differs from an unfocused one and stands out from the window
    assert box.grab().toImage().copy(_indicator(check, box)) != plain.grab().toImage().copy(
        _indicator(unfocused, plain)
    )
    assert edge_contrast(box, _indicator(check, box)) >= GRAPHIC


@pytest.mark.parametrize("name", PALETTES)
def test_disabled_text_can_be_read(qtbot, edge_style, name):
    label = QLabel("Nothing to undo")
    button = QPushButton("Build & Run")
    field = QLineEdit("default")
    box = _row(qtbot, name, label, button, field)
    for widget in (label, button, field):
        widget.setEnabled(False)
    QApplication.processEvents()
    for widget in (label, field):
        ratio = rendered_contrast(box, part=widget)
        assert ratio >= TEXT, (name, type(widget).__name__, round(ratio, 2))
    g = button.geometry()  # the label's rows, inside the frame: the fill behind the text
    rows = QRect(g.x() + 4, g.y() + g.height() // 3, g.width() - 8, g.height() // 3)
    ratio = rendered_contrast(box, area=rows)
    assert ratio >= TEXT, (name, "QPushButton", round(ratio, 2))


@pytest.mark.parametrize("name", PALETTES)
@pytest.mark.parametrize("kind", ["button", "combo"])
def test_a_button_reached_by_tab_shows_the_focus(qtbot, edge_style, name, kind):
    """Fusion rings a focused button in Highlight.darker(): 1.9 against the dark window."""
    from PySide6.QtWidgets import QComboBox

    field = QLineEdit()
    if kind == "button":
        target: QWidget = QPushButton("Build && Run")
    else:
        target = QComboBox()
        target.addItems(["default", "release"])
    box = _row(qtbot, name, field, target)
    box.activateWindow()
    field.setFocus()
    qtbot.waitUntil(field.hasFocus)
    qtbot.keyClick(field, Qt.Key.Key_Tab)
    qtbot.waitUntil(target.hasFocus)
    ratio = edge_contrast(box, target.geometry())
    assert ratio >= GRAPHIC, (name, kind, round(ratio, 2))
