"""The project bar: the core Project on one line, why a folder is not a project, recent folders."""

from __future__ import annotations

from hmdesk.core.toolchain.project_file import ProjectError
from hmdesk.core.toolchain.project_reader import read_project
from hmdesk.gui.common.theme import DARK, LIGHT
from hmdesk.gui.runs.project_bar import (
    PROJECT_KEY,
    RECENT_KEY,
    ProjectBar,
    entry_names,
    load_error_html,
    project_line_html,
)
from PySide6.QtCore import QSettings


def test_project_line_from_the_core_project(fake_tools):
    signed = read_project(fake_tools.project("hello"))
    module, ability = entry_names(signed)
    assert module == "entry" and ability
    line = project_line_html(signed, LIGHT)
    assert signed.bundle_name in line and "✓&nbsp;signed" in line and LIGHT.ok_fg in line
    unsigned = read_project(fake_tools.project("hello-unsigned"))
    line = project_line_html(unsigned, DARK)
    assert "⚠&nbsp;unsigned" in line and DARK.warn_fg in line


def test_load_error_says_where_and_what_to_open():
    text = load_error_html(ProjectError("/p/AppScope/app.json5", 3, "bad"), LIGHT)
    assert "Not a HarmonyOS project" in text and "(/p/AppScope/app.json5:3)" in text
    assert "AppScope/app.json5 and build-profile.json5" in text and LIGHT.error_fg in text
    assert "gone" in load_error_html(OSError("gone"), LIGHT)
    assert "(" not in load_error_html(OSError("gone"), LIGHT)  # no file to point at


def test_open_remembers_recent_folders(qtbot, tmp_path, fake_tools):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    bar = ProjectBar(settings)
    qtbot.addWidget(bar)
    assert bar.recent_projects() == [] and bar.last_project() is None
    with qtbot.waitSignal(bar.loaded, timeout=10_000) as sig:
        bar.open_project(str(fake_tools.project("hello")))
    root = str(sig.args[0].root)
    assert bar.project_dir == root and settings.value(PROJECT_KEY) == root
    assert bar.recent_projects() == [root] and bar.last_project() == root
    assert [a.text() for a in bar.recent_menu.actions()] == [root]
    with qtbot.waitSignal(bar.failed, timeout=10_000):
        bar.open_project(str(tmp_path))
    assert bar.project is None and "Not a HarmonyOS project" in bar.label.text()
    assert settings.value(RECENT_KEY) in ([root], root)


def test_the_project_line_wraps_between_its_parts(qapp, fake_tools):
    """Seen under X at 1024 px: "… ability EntryAbility · ✓" ended a line and "signed" began the
    next. The line wraps at its " · " only: each part stays whole."""
    from tests.gui.text_lines import laid_out_lines, natural_width

    project = read_project(fake_tools.project("hello"))
    module, ability = entry_names(project)
    parts = [project.bundle_name, f"module {module}", f"ability {ability}", "✓ signed"]
    for theme in (LIGHT, DARK):
        first = project_line_html(project, theme).split("<br>")[0]
        widest = natural_width(first)
        for width in range(widest // 3, widest + 20, 5):
            lines = laid_out_lines(first, width)
            for part in parts:
                assert any(part in line for line in lines), (width, part, lines)
