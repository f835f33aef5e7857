"""The set-up check before Qt starts: on Linux with an X11 display, missing xcb libraries give ONE
line naming the packages to install and exit code 2; nothing Qt is imported to find out."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from hmdesk.gui import system_check
from hmdesk.gui.system_check import LIBRARIES, check, install_line, main_check, needs_check

X11 = {"DISPLAY": ":0"}


def test_when_the_check_runs() -> None:
    assert needs_check(X11, "linux")
    assert needs_check({"QT_QPA_PLATFORM": "xcb"}, "linux")
    assert not needs_check({"QT_QPA_PLATFORM": "offscreen"}, "linux")
    assert not needs_check({"QT_QPA_PLATFORM": "wayland"}, "linux")
    assert not needs_check({"WAYLAND_DISPLAY": "wayland-0", "XDG_SESSION_TYPE": "wayland"}, "linux")
    assert not needs_check(X11, "darwin") and not needs_check(X11, "win32")
    assert not needs_check({"HMDESK_SKIP_SYSTEM_CHECK": "1"}, "linux")


def test_the_brief_s_libraries_are_checked() -> None:
    packages = {deb for deb, _fedora in LIBRARIES.values()}
    for pkg in ("libxcb-icccm4", "libxcb-keysyms1", "libxcb-cursor0", "libxkbcommon-x11-0"):
        assert pkg in packages
    assert {"libegl1", "libgl1"} <= packages


def test_missing_libraries_give_one_line_and_exit_2(monkeypatch: pytest.MonkeyPatch) -> None:
    present = set(LIBRARIES) - {"libxcb-icccm.so.4", "libxcb-keysyms.so.1", "libxcb-cursor.so.0"}
    lines: list[str] = []
    monkeypatch.setattr(system_check.shutil, "which", lambda name: f"/usr/bin/{name}")
    code = main_check(X11, "linux", lookup=present.__contains__, out=lines.append)
    assert code == 2 and len(lines) == 1 and "\n" not in lines[0]
    assert lines[0].endswith(
        "Install them with: sudo apt install libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1"
    )
    assert "libxcb-icccm.so.4" in lines[0]
    # everything present, or no display: nothing printed, the app starts
    assert (
        main_check(
            X11, "linux", lookup=lambda _s: True, out=lines.append, display_problem=lambda _e: None
        )
        == 0
    )
    assert main_check({"QT_QPA_PLATFORM": "offscreen"}, "linux", lookup=lambda _s: False) == 0
    assert len(lines) == 1


def test_the_install_line_per_distribution() -> None:
    missing = ["libEGL.so.1", "libxcb-cursor.so.0"]
    fedora = install_line(missing, which=lambda n: "/usr/bin/dnf" if n == "dnf" else None)
    assert fedora.endswith("sudo dnf install libglvnd-egl xcb-util-cursor")
    other = install_line(missing, which=lambda _n: None)
    assert "sudo apt install libegl1 libxcb-cursor0" in other and "sudo dnf install" in other


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check is for Linux")
def test_the_real_check_on_this_machine() -> None:
    """The real lookup (the loader's cache) finds what is there and not what is not."""
    found = system_check.system_lookup()
    assert found("libc.so.6")
    assert not found("libhmdesk-no-such-library.so.7")
    missing = check()
    assert set(missing) <= set(LIBRARIES)
    line = install_line(missing) if missing else ""
    assert all(LIBRARIES[s][0] in line for s in missing)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="the check is for Linux")
def test_the_entry_point_checks_before_importing_qt() -> None:
    """`hmdesk` with a display and a library missing: one line, exit 2, PySide6 never imported."""
    code = (
        "import sys\n"
        "from hmdesk.gui import system_check as s\n"
        "s.system_lookup = lambda env=None: (lambda soname: soname != 'libxcb-cursor.so.0')\n"
        "rc = s.launch()\n"
        "assert 'PySide6' not in sys.modules, 'Qt was imported'\n"
        "sys.exit(rc)\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "xcb", "DISPLAY": ":99"}
    env.pop("HMDESK_SKIP_SYSTEM_CHECK", None)
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=60
    )
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and "libxcb-cursor0" in lines[0] and proc.stdout == ""


def test_no_display_at_all_says_so_in_one_line() -> None:
    lines: list[str] = []
    assert main_check({}, "linux", lookup=lambda _s: True, out=lines.append) == 2
    assert len(lines) == 1 and "DISPLAY is not set" in lines[0]
    assert main_check({"WAYLAND_DISPLAY": "w-0"}, "linux", lookup=lambda _s: True) == 0


def test_a_local_display_no_server_answers_says_so_in_one_line(tmp_path) -> None:
    """DISPLAY=:N with no X server: one line, not Qt's abort with a misleading xcb hint."""
    import socket

    from hmdesk.gui.system_check import x_display_problem

    env = {"DISPLAY": ":987"}
    line = x_display_problem(env, socket_dir=str(tmp_path))
    assert line is not None and "no X server is running on display :987" in line
    assert "\n" not in line
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as server:  # a server on :987
        server.bind(str(tmp_path / "X987"))
        server.listen(1)
        assert x_display_problem(env, socket_dir=str(tmp_path)) is None
        assert x_display_problem({"DISPLAY": "unix:987.0"}, socket_dir=str(tmp_path)) is None
    assert x_display_problem({"DISPLAY": "remote.example:10"}, str(tmp_path)) is None
    assert (
        x_display_problem({"DISPLAY": ":0", "WAYLAND_DISPLAY": "wayland-0"}, str(tmp_path)) is None
    )


def test_smoke_without_a_display_says_to_use_the_offscreen_platform():
    """Issue 32, missing: `hmdesk --smoke` on a headless shell exited 2 without a word about
    QT_QPA_PLATFORM=offscreen."""
    lines: list[str] = []
    code = main_check({}, "linux", lookup=lambda _s: True, out=lines.append, argv=["--smoke"])
    assert code == 2 and len(lines) == 1
    assert "QT_QPA_PLATFORM=offscreen hmdesk --smoke" in lines[0]
    lines.clear()
    main_check({}, "linux", lookup=lambda _s: True, out=lines.append, argv=[])
    assert "offscreen" not in lines[0]  # a person starting the window needs a display
