"""The steps panel: live steps, a stored run's steps with their logs and what their codes mean."""

from __future__ import annotations

from collections import Counter

import pytest
from hmdesk.core.toolchain.runs import StepResult
from hmdesk.gui.runs.steps import StepsPanel, duration, message_text
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QVBoxLayout, QWidget

from tests.gui.contrast import edge_contrast, palettes


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
            StepResult(
                "build",
                0,
                verdict="passed",
                argv=["hvigorw"],
                log="ok\n",
                started_at="2026-11-29T10:00:00.000Z",
                ended_at="2026-11-29T10:00:12.500Z",
            ),
            StepResult(
                "install",
                1,
                verdict="failed",
                argv=["hdc"],
                log="code:9568320\n",
                log_dropped=5,
                message="install failed",
            ),
        ]
    )
    assert panel.rows["build"].time_label.text() == "12.5 s"
    assert panel.tabs.currentWidget() is panel.logs["install"]
    assert "trimmed" in panel.logs["install"].toPlainText()


def test_a_failed_step_s_bar_is_drawn_in_the_failure_colour_not_the_highlight(qtbot):
    """Issue 32, ugly: the build bar stayed blue (the palette's Highlight) on a failure. Read
    from the rendered bar: the failure colour fills it, no pixel is the Highlight."""
    from hmdesk.gui.common.theme import theme_for
    from PySide6.QtGui import QPalette

    from tests.gui.contrast import colour_counts, palettes

    for palette in palettes().values():
        panel = StepsPanel()
        qtbot.addWidget(panel)
        panel.setPalette(palette)
        panel.resize(700, 300)
        panel.step_started("build", ["hvigorw", "assembleHap"])
        panel.step_progress("build", 4, 10, ":entry:default@CompileArkTS")
        panel.step_finished("build", "failed", "ArkTS compile error")
        bar = panel.rows["build"].progress
        counts = colour_counts(bar.grab().toImage())
        highlight = palette.color(QPalette.ColorRole.Highlight)
        failed = QColor(theme_for(bar).error_fg)
        # Fusion shades the bar: a pixel "is" a colour when each channel is within 24 of it
        assert pixels_near(counts, failed) >= 50 and pixels_near(counts, highlight) == 0


def pixels_near(counts: Counter[int], colour: QColor) -> int:
    """How many pixels of ``counts`` are ``colour`` give or take 24 in each channel."""
    rgb = (colour.red(), colour.green(), colour.blue())
    return sum(
        n
        for pixel, n in counts.items()
        if max(abs(((pixel >> s) & 0xFF) - c) for s, c in zip((16, 8, 0), rgb, strict=True)) <= 24
    )


def test_a_stored_failed_step_says_what_its_code_means(qtbot):
    panel = StepsPanel()
    qtbot.addWidget(panel)
    meaning = "The HAP has no signature: the device refuses an unsigned package."
    panel.show_steps(
        [
            StepResult("build", 0, verdict="passed", error_meaning="not shown for a passed step"),
            StepResult(
                "install",
                1,
                verdict="failed",
                error_code="9568320",
                message="install failed (9568320)",
                error_meaning=meaning,
            ),
            StepResult("launch", 2, verdict="skipped"),
        ]
    )
    install = panel.rows["install"].message
    assert "install failed (9568320)" in install.text() and meaning in install.text()
    assert meaning in install.toolTip()
    assert "not shown" not in panel.rows["build"].message.text()
    # live: the meaning the pipeline sends with a finished step is shown the same way
    panel.step_finished("launch", "failed", "aa start failed", "no such ability")
    assert panel.rows["launch"].message.text() == "aa start failed — no such ability"


def test_message_text_and_duration():
    assert message_text("failed", None) == "failed"
    assert message_text(None, "meaning") == "meaning"
    assert message_text("code 1: meaning", "meaning") == "code 1: meaning"
    assert duration("2026-11-29T10:00:00Z", "2026-11-29T10:00:01.5Z") == 1.5
    assert duration(None, "2026-11-29T10:00:00Z") is None
    assert duration("not a time", "2026-11-29T10:00:00Z") is None


def test_a_long_step_message_is_drawn_elided_in_the_middle(qtbot):
    """A HAP path ran off the window's edge: the row draws it with … in the middle, keeping
    the file name; the whole text stays in text() and the tooltip."""
    panel = StepsPanel()
    qtbot.addWidget(panel)
    panel.resize(700, 200)
    panel.show()
    hap = "/home/dev/projects/hello/entry/build/default/outputs/default/entry-default-signed.hap"
    whole = f"BUILD SUCCESSFUL in 12 s 247 ms; HAP {hap}"
    panel.step_finished("build", "passed", whole)
    label = panel.rows["build"].message
    qtbot.waitUntil(lambda: label.isVisible() and label.width() > 0)
    shown = label.shown_text()
    assert label.text() == whole and label.toolTip() == whole
    assert "…" in shown and shown.startswith("BUILD") and shown.endswith("signed.hap")
    assert label.fontMetrics().horizontalAdvance(shown) <= label.contentsRect().width()
    assert label.grab().width() == label.width()  # drawn without error


@pytest.mark.parametrize("name", ["light", "dark"])
def test_a_skipped_steps_empty_bar_has_a_visible_track(qtbot, edge_style, name):
    """A skipped step's bar stays empty: its track is what shows the step had a bar at all
    (WCAG 1.4.11, 3:1 against the pane). Fusion drew it at ~1.3 on the dark window."""
    pane = QWidget()
    qtbot.addWidget(pane)
    pane.setPalette(palettes()[name])
    panel = StepsPanel(pane)
    QVBoxLayout(pane).addWidget(panel)
    pane.resize(1024, 300)
    pane.show()
    qtbot.waitExposed(pane)
    panel.step_started("build", ["hvigorw", "assembleHap"])
    panel.step_finished("build", "failed", "build failed: 10505001")
    panel.finish_all()
    bar = panel.rows["install"].progress
    assert panel.rows["install"].verdict == "skipped" and bar.value() <= bar.minimum()
    ratio = edge_contrast(pane, QRect(bar.mapTo(pane, QPoint(0, 0)), bar.size()))
    assert ratio >= 3.0, (name, round(ratio, 2))
