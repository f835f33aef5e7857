"""Desktop integration: the reverse-DNS id everywhere, AppStream metainfo that validates, the
icons rendered from the one SVG, the app icon on the application, one version everywhere."""

from __future__ import annotations

import configparser
import importlib.util
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PACKAGING = REPO / "packaging"


def _app_id() -> str:
    from hmdesk.gui.app import APP_ID

    return APP_ID


def _metainfo() -> Path:
    return PACKAGING / f"{_app_id()}.metainfo.xml"


def _desktop() -> configparser.ConfigParser:
    parser = configparser.ConfigParser(interpolation=None)
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read(PACKAGING / f"{_app_id()}.desktop", encoding="utf-8")
    return parser


def test_desktop_file_and_metainfo_share_the_id():
    entry = _desktop()["Desktop Entry"]
    assert entry["Type"] == "Application"
    assert entry["Exec"].split()[0] == "hmdesk"
    assert entry["Icon"] == _app_id()
    root = ET.parse(_metainfo()).getroot()
    assert root.findtext("id") == _app_id()
    assert root.findtext("launchable[@type='desktop-id']") == f"{_app_id()}.desktop"
    assert {b.text for b in root.iter("binary")} == {"hmdesk", "hmdesk-cli"}


def test_metainfo_validates():
    tool = shutil.which("appstreamcli")
    if tool is None:
        pytest.skip("appstreamcli is not installed (Debian/Ubuntu: apt install appstream)")
    done = subprocess.run(
        [tool, "validate", "--no-net", str(_metainfo())],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_one_version_everywhere(capsys):
    from hmdesk.core import __version__
    from hmdesk.core.cli.main import main as cli_main
    from hmdesk.gui.app import parse_args
    from hmdesk.gui.main_window import about_text

    releases = ET.parse(_metainfo()).getroot().findall("releases/release")
    assert releases and releases[0].get("version") == __version__  # the newest comes first
    for run, name in ((lambda: cli_main(["--version"]), "hmdesk-cli"),
                      (lambda: parse_args(["hmdesk", "--version"]), "hmdesk")):  # fmt: skip
        with pytest.raises(SystemExit) as exit_:
            run()
        assert exit_.value.code == 0
        assert capsys.readouterr().out.strip() == f"{name} {__version__}"
    assert f"</b> {__version__}<br>" in about_text()


def test_version_answers_before_the_system_check(monkeypatch, capsys):
    """``hmdesk --version`` needs no display and no Qt libraries."""
    from hmdesk.core import __version__
    from hmdesk.gui import system_check

    monkeypatch.setattr(system_check.sys, "argv", ["hmdesk", "--version"])
    monkeypatch.setattr(system_check, "main_check", lambda: pytest.fail("checked the system"))
    assert system_check.launch() == 0
    assert capsys.readouterr().out.strip() == f"hmdesk {__version__}"


def test_the_pngs_are_renders_of_the_svg(qapp):
    spec = importlib.util.spec_from_file_location("render_icons", PACKAGING / "render_icons.py")
    assert spec is not None and spec.loader is not None
    render_icons = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(render_icons)
    # every size is there; the small ones (the quick pixel comparison) match a fresh render
    assert all(render_icons.png_path(size).is_file() for size in render_icons.SIZES)
    assert render_icons.main(["--check", "--sizes", "16,24,32,48,64"]) == 0


def test_the_application_icon(qapp):
    from hmdesk.gui.app import ICON_SIZES, app_icon

    icon = app_icon()
    assert not icon.isNull()
    assert sorted(s.width() for s in icon.availableSizes()) == sorted(ICON_SIZES)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_main_sets_the_icon_and_desktop_file_name(qapp, monkeypatch):
    """main() (here the ``--smoke`` run, in process) puts the icon on the application (every window inherits it) and names the
    .desktop file (Wayland matches windows to it)."""
    from hmdesk.gui import app as app_module
    from PySide6.QtGui import QGuiApplication

    seen: dict[str, object] = {}

    def look(_window: object) -> None:
        seen["icon"] = qapp.windowIcon()
        seen["desktop"] = QGuiApplication.desktopFileName()

    monkeypatch.setattr(app_module, "setup_logging", lambda *a: None)
    monkeypatch.setattr(app_module, "install_excepthook", lambda: None)
    monkeypatch.setattr(app_module, "qInstallMessageHandler", lambda *a: None)
    # process-wide settings the app makes that later tests should not inherit
    monkeypatch.setattr(app_module, "configure_runtime", lambda: None)
    monkeypatch.setattr(app_module, "follow_color_scheme", lambda _app: None)
    icon, desktop = qapp.windowIcon(), QGuiApplication.desktopFileName()
    try:
        assert app_module.main(["hmdesk", "--smoke"], on_window=look) == 0  # smoke ends it
    finally:
        qapp.setWindowIcon(icon)
        QGuiApplication.setDesktopFileName(desktop)
    assert not seen["icon"].isNull()  # type: ignore[attr-defined]
    assert seen["desktop"] == _app_id()
