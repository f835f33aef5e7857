"""The Runs area's actions: shortcuts, the More menu, and asking before touching the device."""

from __future__ import annotations

from hmdesk.gui.runs.area import RunsArea
from PySide6.QtGui import QKeySequence


def test_every_action_has_its_shortcut_and_sits_in_the_more_menu(qtbot, ctx, fake_tools):
    area = RunsArea(ctx)
    qtbot.addWidget(area)
    try:
        a = area.run_actions.by_name
        shortcuts = {
            n: a[n].shortcut().toString() for n in ("build", "install", "stacktrace", "stop")
        }
        assert shortcuts == {
            "build": "Ctrl+B", "install": "Ctrl+Shift+I", "stacktrace": "Ctrl+Shift+R",
            "stop": "Shift+F5",
        }  # fmt: skip
        assert area.run_action.shortcut() == QKeySequence("Ctrl+R")
        menu = area.choices.more_menu.actions()
        # Build & Run: the area's button; Open project: the project bar and File (Ctrl+O)
        assert all(a[n] in menu for n in a if n not in ("run", "open"))
        # without a project nothing is asked and nothing runs
        asked: list[str] = []
        area.run_actions.confirm = lambda t, text: asked.append(text) or True  # type: ignore[method-assign]
        assert area.run_actions.start_app_action("uninstall") is False
        assert asked == [] and "Open a project first" in area.banner.text()
    finally:
        area.shutdown()
