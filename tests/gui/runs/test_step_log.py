"""Step logs: ANSI colours, levels, clickable locations, editor argv; steps panel; card pieces."""

from __future__ import annotations

from hmdesk.gui.runs.failure_card import FailureCard, finding_dict, location_text, pitfall_prefill
from hmdesk.gui.runs.step_log import (
    StepLogView,
    ansi_segments,
    find_locations,
    line_level,
    parse_href,
    strip_ansi,
)
from hmdesk.gui.runs.steps import StepsPanel
from PySide6.QtCore import QPoint, Qt


def test_ansi_segments():
    segs = ansi_segments("\x1b[31mred\x1b[0m plain \x1b[1;38;5;40mbold green\x1b[39m x")
    assert segs[0] == ("red", "#c62828", False)
    assert segs[1] == (" plain ", None, False)
    assert segs[2][0] == "bold green" and segs[2][2] is True and segs[2][1] == "#00d700"
    assert segs[3] == (" x", None, True)
    assert strip_ansi("\x1b[32m> hvigor \x1b[39mok") == "> hvigor ok"
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


def test_steps_panel_live_and_persisted(qtbot):
    panel = StepsPanel()
    qtbot.addWidget(panel)
    panel.step_started("build", ["hvigorw", "assembleHap"])
    panel.step_progress("build", 3, 10, ":entry:default@CompileArkTS")
    assert panel.rows["build"].progress.value() == 3
    panel.step_lines("build", ["> hvigor BUILD SUCCESSFUL in 1 s"])
    panel.step_finished("build", "passed", "ok")
    panel.step_started("stop", ["hdc", "shell", "aa", "force-stop"])
    assert list(panel.rows) == ["build", "install", "launch", "stop"]
    assert panel.rows_box.indexOf(panel.rows["stop"]) == 2  # between install and launch
    panel.show_steps(
        [
            {
                "name": "build",
                "verdict": "passed",
                "argv": ["hvigorw"],
                "log": "ok\n",
                "started_at": "2026-11-29T10:00:00.000Z",
                "ended_at": "2026-11-29T10:00:12.500Z",
            },
            {
                "name": "install",
                "verdict": "failed",
                "argv": ["hdc"],
                "log": "code:9568320\n",
                "log_dropped": 5,
                "message": "install failed",
            },
        ]
    )
    assert panel.rows["build"].time_label.text() == "12.5 s"
    assert panel.tabs.currentWidget() is panel.logs["install"]
    assert "trimmed" in panel.logs["install"].toPlainText()


def test_card_without_finding_and_prefill(qtbot):
    card = FailureCard()
    qtbot.addWidget(card)
    card.show_finding("launch", None, "error: failed to start ability.")
    assert "unclassified" in card.title.text()
    assert card.evidence.text() == "error: failed to start ability."
    card.set_recalled(None)
    assert card.rows == []
    d = finding_dict(
        {"kind": "install", "code": "9568320", "evidence": "code:9568320", "fix": "sign it"}
    )
    p = pitfall_prefill(d, "install", 12)
    assert p["provenance"] == "hmdesk-run:12" and "9568320" in p["tags"]
    assert p["content"].startswith("Install failed: install (9568320)")
    assert location_text({"path": "a.ets", "line": 3, "col": 4}) == "a.ets:3:4"
    assert location_text("a.ets:3:4") == "a.ets:3:4"
