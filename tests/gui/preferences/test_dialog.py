"""The Preferences dialog: what it shows, what OK saves (the file the CLI reads), that Cancel
loses nothing, Detect off the GUI thread, the theme applied live, overrides and a damaged file."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from hmdesk.core import config
from hmdesk.core.cli import main as cli_main
from hmdesk.gui.common.theme import apply_theme, is_dark
from hmdesk.gui.preferences.dialog import PreferencesDialog
from PySide6.QtCore import Qt, QUrl
from PySide6.QtWidgets import QApplication, QDialogButtonBox, QLineEdit
from pytestqt.qtbot import QtBot

posix_only = pytest.mark.skipif(sys.platform == "win32", reason="executable bits")


@pytest.fixture(autouse=True)
def _light_again(qapp: QApplication):
    """Each test starts and ends on the light theme (the palette is application-wide)."""
    apply_theme(qapp, "light")
    yield
    apply_theme(qapp, "light")


def exe(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("#!/bin/sh\nexit 0\n")
    path.chmod(0o755)
    return path


def dialog(qtbot: QtBot, env: dict[str, str] | None = None, **kw: object) -> PreferencesDialog:
    d = PreferencesDialog(env=env if env is not None else {"PATH": ""}, **kw)  # type: ignore[arg-type]
    qtbot.addWidget(d)
    d.show()
    qtbot.waitExposed(d)
    return d


def ok(d: PreferencesDialog) -> None:
    d.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def type_into(qtbot: QtBot, edit: QLineEdit, text: str) -> None:
    edit.setFocus()
    edit.selectAll()
    qtbot.keyClick(edit, Qt.Key.Key_Delete)
    qtbot.keyClicks(edit, text)


def test_ok_saves_what_was_typed_in_the_file_the_cli_reads(
    qtbot: QtBot, _isolated_config: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    d = dialog(qtbot)
    type_into(qtbot, d.hdc.edit, "/opt/clt/sdk/default/openharmony/toolchains/hdc")
    type_into(qtbot, d.sdk.edit, "/opt/clt/sdk")
    type_into(qtbot, d.editor.edit, "code --goto {file}:{line}:{col}")
    ok(d)
    assert not d.isVisible()
    assert json.loads(_isolated_config.read_text()) == {
        "hdc": "/opt/clt/sdk/default/openharmony/toolchains/hdc",
        "sdk": "/opt/clt/sdk",
        "editor": "code --goto {file}:{line}:{col}",
    }
    assert cli_main(["config", "get", "editor"]) == 0
    assert capsys.readouterr().out == "code --goto {file}:{line}:{col}\n"
    # and what the CLI sets, the dialog shows
    assert cli_main(["config", "set", "node", "/opt/node"]) == 0
    again = dialog(qtbot)
    assert again.node.edit.text() == "/opt/node" and again.hdc.edit.text().endswith("/hdc")
    # clearing a field removes the setting
    again.editor.edit.clear()
    ok(again)
    assert "editor" not in config.load()


def test_cancel_and_escape_lose_nothing(qtbot: QtBot, _isolated_config: Path) -> None:
    config.set_value("hvigorw", "/opt/clt/bin/hvigorw")
    before = _isolated_config.read_bytes()
    d = dialog(qtbot)
    assert d.hvigorw.edit.text() == "/opt/clt/bin/hvigorw"
    type_into(qtbot, d.hvigorw.edit, "/somewhere/else")
    d.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    assert not d.isVisible() and _isolated_config.read_bytes() == before
    d2 = dialog(qtbot)
    type_into(qtbot, d2.hvigorw.edit, "/other")
    qtbot.keyClick(d2, Qt.Key.Key_Escape)
    assert not d2.isVisible() and _isolated_config.read_bytes() == before


def test_the_theme_applies_live_and_cancel_puts_it_back(
    qtbot: QtBot, qapp: QApplication, _isolated_config: Path
) -> None:
    d = dialog(qtbot)
    assert d.theme.currentData() == "system" and not is_dark()
    d.theme.setFocus()
    qtbot.keyClick(d.theme, Qt.Key.Key_End)  # the last choice: Dark
    assert d.theme.currentText() == "Dark"
    qtbot.waitUntil(lambda: is_dark(d) and is_dark())  # applied at once, before OK
    d.reject()
    assert not is_dark()  # Cancel: back as it was
    assert not _isolated_config.exists()
    d2 = dialog(qtbot)
    d2.theme.setCurrentIndex(d2.theme.findData("dark"))
    ok(d2)
    assert is_dark() and config.load() == {"theme": "dark"}


@posix_only
def test_detect_finds_the_tool_off_the_gui_thread_and_lists_the_places(
    qtbot: QtBot, tmp_path: Path
) -> None:
    clt = tmp_path / "command-line-tools"
    hdc = exe(clt / "sdk" / "default" / "openharmony" / "toolchains" / "hdc")
    d = dialog(qtbot, {"PATH": str(tmp_path / "empty")})
    type_into(qtbot, d.sdk.edit, str(clt / "sdk"))  # the SDK folder typed here is a place to look
    qtbot.mouseClick(d.hdc.detect, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: d.hdc.edit.text() == str(hdc))
    assert d.hdc.result.text().startswith(f"Found {hdc}")
    assert d.hdc.places.isVisible()
    searched = d.hdc.places.toPlainText().splitlines()
    assert searched[0] == f"PATH ({tmp_path / 'empty'})" and str(hdc) in searched
    # not found: says so, lists every place, leaves the field alone
    qtbot.mouseClick(d.hvigorw.detect, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: "was not found" in d.hvigorw.result.text())
    assert d.hvigorw.edit.text() == "" and d.hvigorw.detect.isEnabled()
    assert str(clt / "bin" / "hvigorw") in d.hvigorw.places.toPlainText()


def test_an_environment_variable_that_wins_is_shown(qtbot: QtBot) -> None:
    config.set_value("hdc", "/from/file/hdc")
    d = dialog(qtbot, {"HMDESK_HDC": "/from/env/hdc", "HMDESK_THEME": "dark", "PATH": ""})
    assert d.hdc.override.isVisible()
    assert d.hdc.override.text() == (
        "HMDESK_HDC is set to /from/env/hdc in the environment and wins over this value."
    )
    assert d.hdc.edit.text() == "/from/file/hdc"  # the file's value, still editable
    assert d.theme_field.override.isVisible() and "HMDESK_THEME" in d.theme_field.override.text()
    assert not d.hvigorw.override.isVisible() and not d.sdk.override.isVisible()


def test_the_editor_field_explains_the_placeholders(qtbot: QtBot) -> None:
    d = dialog(qtbot, {"VISUAL": "gvim", "PATH": ""})
    help_label = d.findChild(type(d.error), "editorHelp")
    assert help_label is not None and help_label.isVisible()
    assert "{file}, {line} and {col}" in help_label.text()
    assert d.editor.edit.placeholderText() == "not set: $VISUAL (gvim)"


def test_data_folder_and_database_are_shown_with_open_folder(qtbot: QtBot, tmp_path: Path) -> None:
    db = tmp_path / "data" / "hmdesk.db"
    db.parent.mkdir()
    db.write_bytes(b"")
    d = dialog(qtbot, db_path=db)
    opened: list[QUrl] = []
    d.opener = lambda: lambda url: opened.append(url) or True
    assert d.db_row.edit.text() == str(db) and d.db_row.edit.isReadOnly()
    assert "set Store under Team" in d.db_row.note.text()
    assert d.data_row.edit.isReadOnly() and d.data_row.edit.text()
    qtbot.mouseClick(d.db_row.open_button, Qt.MouseButton.LeftButton)
    assert [u.toLocalFile() for u in opened] == [str(db.parent)]


def test_a_damaged_settings_file_is_named_and_never_overwritten(
    qtbot: QtBot, _isolated_config: Path
) -> None:
    _isolated_config.parent.mkdir(parents=True)
    _isolated_config.write_text('{"hdc": "/x",')
    d = dialog(qtbot)
    assert d.error.isVisible() and str(_isolated_config) in d.error.text()
    assert not d.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    d.reject()
    assert _isolated_config.read_text() == '{"hdc": "/x",'


def test_a_bad_value_keeps_the_dialog_open_and_says_why(
    qtbot: QtBot, _isolated_config: Path
) -> None:
    d = dialog(qtbot)
    type_into(qtbot, d.editor.edit, "code 'unclosed")
    ok(d)
    assert d.isVisible() and "Nothing was saved" in d.error.text()
    assert "cannot be split" in d.error.text() and not _isolated_config.exists()


def test_the_devices_area_uses_the_hdc_set_here(qtbot: QtBot, ctx, fake_tools, monkeypatch) -> None:
    """No hdc anywhere: the Devices area says to set it in Preferences; set there, the next poll
    finds the device (the same settings file every command reads)."""
    from hmdesk.gui.devices.area import DevicesArea

    monkeypatch.setenv("HOME", str(Path(ctx.db.path).parent / "home"))
    fake_tools.set("HMDESK_HDC", None)
    fake_tools.set("PATH", str(Path(ctx.db.path).parent / "empty-bin"))
    area = DevicesArea(ctx)
    qtbot.addWidget(area)
    area.show()
    qtbot.waitUntil(area.no_hdc.isVisible, timeout=15_000)  # one line, the details its tooltip
    assert "Preferences (Ctrl+,)" in area.no_hdc_label.toolTip()
    assert "hmdesk-cli config set hdc PATH" in area.no_hdc_label.toolTip()
    d = dialog(qtbot)
    type_into(qtbot, d.hdc.edit, str(fake_tools.hdc))
    ok(d)
    area.hub.refresh()
    qtbot.waitUntil(lambda: area.model.rowCount() == 1, timeout=15_000)
    assert not area.error_label.isVisible() and not area.no_hdc.isVisible()
    area.shutdown()


def test_the_database_note_says_where_its_path_came_from(qtbot: QtBot, tmp_path: Path) -> None:
    config.set_value("db", str(tmp_path / "set.db"))
    from_setting = dialog(qtbot, db_path=tmp_path / "set.db")
    assert "from the settings file" in from_setting.db_row.note.text()
    from_flag = dialog(qtbot, db_path=tmp_path / "flag.db")
    assert "(from --db)" in from_flag.db_row.note.text()
    from_env = dialog(qtbot, {"HMDESK_DB": str(tmp_path / "env.db")}, db_path=tmp_path / "env.db")
    assert "the environment variable HMDESK_DB" in from_env.db_row.note.text()


def test_the_keyboard_starts_at_hdc_and_tabs_down_the_tools(qtbot: QtBot) -> None:
    d = dialog(qtbot)
    qtbot.waitUntil(lambda: d.focusWidget() is not None)
    assert d.focusWidget() is d.hdc.edit
    order = []
    for _ in range(10):
        qtbot.keyClick(d.focusWidget(), Qt.Key.Key_Tab)
        order.append(d.focusWidget())
    edits = [x for x in order if x in (d.hvigorw.edit, d.sdk.edit, d.node.edit)]
    assert edits == [d.hvigorw.edit, d.sdk.edit, d.node.edit]


def test_the_store_can_be_a_team_database_url_never_with_its_password(
    qtbot: QtBot, _isolated_config: Path
) -> None:
    d = dialog(qtbot)
    type_into(qtbot, d.store.edit, "postgresql://alice:s3cret@db.example/hmdesk")
    ok(d)
    assert d.isVisible() and "Nothing was saved" in d.error.text()
    assert "s3cret" not in d.error.text() and not _isolated_config.exists()
    type_into(qtbot, d.store.edit, "postgresql://alice@db.example/hmdesk")
    ok(d)
    assert not d.isVisible()
    assert config.load()["db"] == "postgresql://alice@db.example/hmdesk"
    again = dialog(qtbot)
    assert again.store.edit.text() == "postgresql://alice@db.example/hmdesk"
    again.store.edit.clear()  # back to the file in the data folder
    ok(again)
    assert "db" not in config.load()


def test_every_help_text_is_seen_whole_without_scrolling_sideways(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """Issue 32: the Preferences Data help was cut off (the body scrolled sideways)."""
    from PySide6.QtWidgets import QScrollArea

    d = dialog(qtbot, db_path=tmp_path / "m.db")
    d.show()
    qtbot.waitExposed(d)
    scroll = d.findChild(QScrollArea)
    assert scroll is not None and not scroll.horizontalScrollBar().isVisible()
    note = d.db_row.note
    right = note.mapTo(scroll.viewport(), note.rect().topRight()).x()
    assert right <= scroll.viewport().width()
    assert note.height() >= note.heightForWidth(note.width())
