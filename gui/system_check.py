"""Before Qt starts: are the system libraries Qt's X11 (xcb) plugin loads present?

PySide6's wheels bring Qt but not the X11 helper libraries its xcb platform plugin links
against. On a fresh Debian/Ubuntu desktop several are missing (``libxcb-cursor0``,
``libxcb-icccm4``, ``libxcb-keysyms1`` …), Qt aborts with a hint that names the wrong one, and
the user is left guessing. :func:`check` looks each library up the way the dynamic loader does
(``ldconfig -p``, the folders in ``LD_LIBRARY_PATH``, then :func:`ctypes.util.find_library`) and
:func:`main_check` prints ONE line naming the packages to install.

No Qt import here: it must run when Qt cannot (QtGui itself needs libEGL). :func:`launch` is the
``hmdesk`` entry point: the check, then :func:`hmdesk.gui.app.main`. It checks only on Linux and only when a display is
used through xcb (``QT_QPA_PLATFORM`` unset or ``xcb``, not ``offscreen``, not a Wayland
session). ``HMDESK_SKIP_SYSTEM_CHECK=1`` turns it off (a library found some other way).
"""

from __future__ import annotations

import ctypes.util
import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Mapping
from pathlib import Path

# soname -> (Debian/Ubuntu package, Fedora package); the NEEDED entries of PySide6's
# plugins/platforms/libqxcb.so and libQt6XcbQpa.so, plus EGL that QtGui loads with them.
LIBRARIES: dict[str, tuple[str, str]] = {
    "libxcb-cursor.so.0": ("libxcb-cursor0", "xcb-util-cursor"),
    "libxcb-icccm.so.4": ("libxcb-icccm4", "xcb-util-wm"),
    "libxcb-keysyms.so.1": ("libxcb-keysyms1", "xcb-util-keysyms"),
    "libxcb-image.so.0": ("libxcb-image0", "xcb-util-image"),
    "libxcb-render-util.so.0": ("libxcb-render-util0", "xcb-util-renderutil"),
    "libxcb-util.so.1": ("libxcb-util1", "xcb-util"),
    "libxkbcommon-x11.so.0": ("libxkbcommon-x11-0", "libxkbcommon-x11"),
    "libxkbcommon.so.0": ("libxkbcommon0", "libxkbcommon"),
    "libxcb-randr.so.0": ("libxcb-randr0", "libxcb"),
    "libxcb-shape.so.0": ("libxcb-shape0", "libxcb"),
    "libxcb-shm.so.0": ("libxcb-shm0", "libxcb"),
    "libxcb-sync.so.1": ("libxcb-sync1", "libxcb"),
    "libxcb-xfixes.so.0": ("libxcb-xfixes0", "libxcb"),
    "libxcb-xkb.so.1": ("libxcb-xkb1", "libxcb"),
    "libxcb-render.so.0": ("libxcb-render0", "libxcb"),
    "libxcb.so.1": ("libxcb1", "libxcb"),
    "libX11-xcb.so.1": ("libx11-xcb1", "libX11-xcb"),
    "libEGL.so.1": ("libegl1", "libglvnd-egl"),
    "libGL.so.1": ("libgl1", "libglvnd-glx"),
}

Lookup = Callable[[str], bool]
"""Whether a library (by soname) can be loaded."""


def needs_check(env: Mapping[str, str] | None = None, platform: str | None = None) -> bool:
    """Linux, a display through xcb: ``QT_QPA_PLATFORM`` unset/``xcb``, no Wayland session."""
    env = os.environ if env is None else env
    platform = platform or sys.platform
    if not platform.startswith("linux") or env.get("HMDESK_SKIP_SYSTEM_CHECK", "") not in ("", "0"):
        return False
    qpa = env.get("QT_QPA_PLATFORM", "").strip().lower()
    if qpa:
        return qpa.split(":")[0].split(";")[0] == "xcb"
    return not (env.get("WAYLAND_DISPLAY") and env.get("XDG_SESSION_TYPE") == "wayland")


def _ldconfig_names() -> set[str] | None:
    """The sonames in the loader's cache (``ldconfig -p``), or None when it cannot be read."""
    exe = shutil.which("ldconfig") or next(
        (p for p in ("/sbin/ldconfig", "/usr/sbin/ldconfig") if Path(p).exists()), None
    )
    if exe is None:
        return None
    try:
        out = subprocess.run(
            [exe, "-p"], capture_output=True, text=True, timeout=10, check=False
        ).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    names = {line.strip().split(" ", 1)[0] for line in out.splitlines()[1:] if line.strip()}
    return names or None


def system_lookup(env: Mapping[str, str] | None = None) -> Lookup:
    """The real lookup: the loader's cache, ``LD_LIBRARY_PATH``, then ``find_library``."""
    env = os.environ if env is None else env
    cache = _ldconfig_names()
    extra = [Path(d) for d in env.get("LD_LIBRARY_PATH", "").split(":") if d]

    def found(soname: str) -> bool:
        if cache is not None and soname in cache:
            return True
        if any((d / soname).exists() for d in extra):
            return True
        if cache is None:  # no ldconfig: ask ctypes (gcc / ld based search)
            short = soname.removeprefix("lib").split(".so")[0]
            return ctypes.util.find_library(short) is not None
        return False

    return found


def check(lookup: Lookup | None = None) -> list[str]:
    """The sonames from :data:`LIBRARIES` that cannot be found, in table order."""
    lookup = system_lookup() if lookup is None else lookup
    return [soname for soname in LIBRARIES if not lookup(soname)]


def install_line(missing: list[str], *, which: Callable[[str], str | None] = shutil.which) -> str:
    """The one line that says what is missing and the command that installs it."""
    debian = sorted({LIBRARIES[s][0] for s in missing})
    fedora = sorted({LIBRARIES[s][1] for s in missing})
    head = f"hmdesk: Qt cannot open a window: missing system libraries ({', '.join(missing)})."
    if which("apt-get") or which("apt"):
        how = f"Install them with: sudo apt install {' '.join(debian)}"
    elif which("dnf"):
        how = f"Install them with: sudo dnf install {' '.join(fedora)}"
    else:
        how = (
            f"Install them (Debian/Ubuntu: sudo apt install {' '.join(debian)}; "
            f"Fedora: sudo dnf install {' '.join(fedora)})"
        )
    return f"{head} {how}"


def _x_server_listens(number: str, socket_dir: str) -> bool:
    """Whether an X server accepts connections for display ``number`` on this machine: its
    socket file, or the abstract socket Linux X servers also listen on."""
    import socket

    path = os.path.join(socket_dir, f"X{number}")
    for address in (path, "\0" + path):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
            sock.settimeout(1.0)
            try:
                sock.connect(address)
            except OSError:
                continue
            return True
    return False


def x_display_problem(env: Mapping[str, str], socket_dir: str = "/tmp/.X11-unix") -> str | None:
    """One line when ``DISPLAY`` names a local X display (``:0``, ``unix:1.0``) that no server
    answers (Qt would abort with a hint about xcb libraries instead); None otherwise (remote
    displays, Wayland sessions and anything unusual are left to Qt)."""
    display = env.get("DISPLAY", "")
    if not display or env.get("WAYLAND_DISPLAY"):
        return None
    host, _, rest = display.rpartition(":")
    number = rest.split(".", 1)[0]
    if host not in ("", "unix") or not number.isdigit():
        return None
    if _x_server_listens(number, socket_dir):
        return None
    return (
        f"hmdesk: no X server is running on display {display} (DISPLAY={display}); start hmdesk "
        "from a desktop session, or set DISPLAY to a running one."
    )


def main_check(
    env: Mapping[str, str] | None = None,
    platform: str | None = None,
    lookup: Lookup | None = None,
    out: Callable[[str], object] | None = None,
    display_problem: Callable[[Mapping[str, str]], str | None] | None = None,
    argv: list[str] | None = None,
) -> int:
    """0 when the app can start; else prints the one line (stderr) and returns 2 (with
    ``--smoke`` in ``argv``, the default the command's arguments, the line says how to run it
    without a display)."""
    env = os.environ if env is None else env
    if not needs_check(env, platform):
        return 0
    missing = check(lookup)
    if missing:
        line = install_line(missing)
    elif not env.get("DISPLAY") and not env.get("WAYLAND_DISPLAY"):
        line = (
            "hmdesk: there is no display to open a window on (DISPLAY is not set); start it "
            "from a desktop session, or set DISPLAY."
        )
    else:
        problem = (display_problem or x_display_problem)(env)
        if not problem:
            return 0
        line = problem
    if "--smoke" in (argv if argv is not None else sys.argv[1:]):
        line += (
            " For --smoke on a machine without a display, use Qt's offscreen platform: "
            "QT_QPA_PLATFORM=offscreen hmdesk --smoke"
        )
    if out is None:
        print(line, file=sys.stderr)
    else:
        out(line)
    return 2


def launch() -> int:
    """The ``hmdesk`` command: the check first, then the app (only then is Qt imported).
    ``--version`` answers before both (no display needed)."""
    if "--version" in sys.argv[1:]:
        from hmdesk.core import __version__

        if sys.stdout is not None:  # None under pythonw (the Windows gui-script)
            print(f"hmdesk {__version__}")
        return 0
    code = main_check()
    if code:
        return code
    from hmdesk.gui.app import main

    return main()


if __name__ == "__main__":
    raise SystemExit(launch())
