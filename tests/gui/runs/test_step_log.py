"""Step logs: ANSI colours (the theme's), levels, clickable locations."""

from __future__ import annotations

from hmdesk.gui.common.theme import DARK, LIGHT
from hmdesk.gui.runs.step_log import (
    StepLogView,
    ansi_segments,
    find_locations,
    level_colour,
    line_level,
    parse_href,
)
from PySide6.QtCore import QPoint, Qt


def test_ansi_segments():
    segs = ansi_segments("\x1b[31mred\x1b[0m plain \x1b[1;38;5;40mbold green\x1b[39m x")
    assert segs[0] == ("red", "#c62828", False)
    assert segs[1] == (" plain ", None, False)
    assert segs[2][0] == "bold green" and segs[2][2] is True and segs[2][1] == "#00d700"
    assert segs[3] == (" x", None, True)
    assert "".join(t for t, _c, _b in ansi_segments("\x1b[32m> hvigor \x1b[39mok")) == "> hvigor ok"
    assert ansi_segments("\x1b[38;2;1;2;3mrgb")[0][1] == "#010203"


def test_levels():
    assert line_level("> hvigor ERROR: BUILD FAILED in 2 s") == "error"
    assert line_level("[Fail][E001005] Device not found") == "error"
    assert line_level("> hvigor WARN: Will skip sign") == "warn"
    assert line_level("start ability successfully.") == "ok"
    assert line_level("AppMod finish") is None


def test_locations_all_shapes():
    new = "Error Message: Expression expected. At File: C:/Temp/p/entry/src/main/ets/PanelBody.ets:185:34"
    (loc,) = find_locations(new)
    assert (loc.path, loc.line, loc.col) == ("C:/Temp/p/entry/src/main/ets/PanelBody.ets", 185, 34)
    old = "1 ERROR: ArkTS:ERROR File: E:/x/VideoPlayer.ets:52:7"
    assert find_locations(old)[0].line == 52
    rollup = "at file: /p/entry/src/main/ets/pages/Index.ets:3"
    assert find_locations(rollup)[0].col == 1 or find_locations(rollup)[0].line == 3
    bare = "entry/src/main/ets/pages/Index.ets:12:5 - error"
    assert find_locations(bare)[0].path == "entry/src/main/ets/pages/Index.ets"
    assert parse_href(loc.href) == (loc.path, 185, 34)


def test_click_on_location_emits(qtbot):
    view = StepLogView()
    qtbot.addWidget(view)
    view.resize(900, 300)
    view.show()
    view.append_lines(
        ["\x1b[31m> hvigor ERROR: Failed\x1b[39m", "Error Message: x. At File: /p/Index.ets:18:34"]
    )
    assert len(view.locations) == 1
    doc = view.document()
    block = doc.findBlockByNumber(1)
    pos = block.position() + block.text().index("/p/Index.ets") + 2
    cursor = view.textCursor()
    cursor.setPosition(pos)
    rect = view.cursorRect(cursor)
    point = QPoint(rect.center().x() + 2, rect.center().y())
    with qtbot.waitSignal(view.location_activated) as sig:
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=point)
    assert sig.args == ["/p/Index.ets", 18, 34]


def test_colours_come_from_the_theme():
    assert ansi_segments("\x1b[31mred", DARK)[0][1] == DARK.ansi[1]
    assert ansi_segments("\x1b[91mbright", LIGHT)[0][1] == LIGHT.ansi_bright[1]
    assert level_colour("error", DARK) == DARK.error_fg
    assert level_colour("info", LIGHT) == LIGHT.accent_fg


def test_a_written_log_takes_the_new_palette_when_the_theme_changes(qtbot):
    """Issue 32, requirement 7 (looked at under X): a build log written in the light theme kept
    its light colours after a switch to dark, hvigor's green lines at 3.3 against the dark
    Base; and back."""
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    from tests.gui.contrast import palettes, rendered_contrast

    box = QWidget()
    qtbot.addWidget(box)
    QVBoxLayout(box).addWidget(view := StepLogView(box))
    box.setPalette(palettes()["light"])
    box.resize(700, 200)
    box.show()
    lines = [
        f"\x1b[32m> hvigor Finished :entry:default@Step{i}... after {i} ms\x1b[39m"
        for i in range(8)
    ]
    view.append_lines(lines)
    assert rendered_contrast(view.viewport()) >= 4.5
    box.setPalette(palettes()["dark"])
    qtbot.waitUntil(lambda: rendered_contrast(view.viewport()) >= 4.5, timeout=2000)
    assert view.toPlainText().count("hvigor Finished") == 8 and len(view.locations) == 0
    box.setPalette(palettes()["light"])
    qtbot.waitUntil(lambda: rendered_contrast(view.viewport()) >= 4.5, timeout=2000)
