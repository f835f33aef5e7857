"""Remote paths and names are checked before any hdc shell command is built."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.device import files, screen, stats
from hmdesk.core.toolchain.device.remote import app_roots, join, root_of, validate_remote_path
from hmdesk.core.toolchain.hdc import InvalidName


@pytest.mark.parametrize(
    "path",
    [
        "relative/path",
        "/data/local/tmp/a b",
        "/data/local/tmp/$(reboot)",
        "/data/local/tmp/x;rm -rf /",
        "/data/local/tmp/`id`",
        "/data/local/tmp/'q'",
        "/data/local/tmp/../../system",
        "/data/./local",
        "/data//local",
        "/data/local/tmp/-rf",
        "/data/local/tmp/x\n",
        "/data/local/tmp/a|b",
        "/data/local/tmp/*",
        "",
    ],
)
def test_unsafe_remote_paths_are_refused(path: str) -> None:
    with pytest.raises(InvalidName):
        validate_remote_path(path)
    with pytest.raises(InvalidName):
        files.ls_argv("hdc", "FMR0224109025576", path)
    with pytest.raises(InvalidName):
        files.rm_argv("hdc", "FMR0224109025576", path)


def test_safe_paths_pass_through() -> None:
    assert (
        validate_remote_path("/data/log/faultlog/faultlogger/") == "/data/log/faultlog/faultlogger"
    )
    assert join("/data/local/tmp", "a-1_b.c@d+e,f=g.db") == "/data/local/tmp/a-1_b.c@d+e,f=g.db"
    with pytest.raises(InvalidName):
        join("/data/local/tmp", "..")
    assert files.rm_argv("hdc", "K1", "/data/local/tmp/x.txt") == [
        "hdc", "-t", "K1", "shell", "rm", "-f", "/data/local/tmp/x.txt",
    ]  # fmt: skip


def test_roots_of_an_app() -> None:
    roots = app_roots("com.example.hello")
    paths = [r.path for r in roots]
    assert "/data/app/el2/100/base/com.example.hello" in paths
    assert "/data/app/el1/100/database/com.example.hello" in paths
    assert "/data/log/faultlog" in paths and "/data/log/hilog" in paths
    log = root_of("/data/log/faultlog/faultlogger/jscrash-x-1-20240101000000.log", roots)
    assert log is not None and not log.writable
    assert root_of("/system/etc", roots) is None
    with pytest.raises(InvalidName):
        app_roots("com.example.x; reboot")


def test_coordinates_and_pids_are_checked() -> None:
    with pytest.raises(InvalidName):
        screen.tap_argv("hdc", "K1", -1, 5)
    with pytest.raises(InvalidName):  # uitest: "Please confirm that the coordinate values …"
        screen.tap_argv("hdc", "K1", 0, 5)
    with pytest.raises(InvalidName):
        screen.tap_argv("hdc", "K1", 1.5, 5)  # type: ignore[arg-type]
    with pytest.raises(InvalidName):
        screen.swipe_argv("hdc", "K1", 1, 2, 3, 4, velocity=50)
    assert screen.tap_argv("hdc", "K1", 10, 20)[-4:] == ["uiInput", "click", "10", "20"]
    with pytest.raises(ValueError):
        stats.mem_argv("hdc", "K1", 0)
    with pytest.raises(InvalidName):
        stats.pidof_argv("hdc", "K1", "com.x;reboot")
