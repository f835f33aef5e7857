"""Screenshots (snapshot_display, the uitest screenCap fallback) and taps/swipes against the
fake hdc, which prints what the device prints."""

from __future__ import annotations

from pathlib import Path

from hmdesk.core.toolchain.device import screen

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools


def test_snapshot_display_first(fake_tools: FakeTools, tmp_path: Path) -> None:
    tmp_path = tmp_path / "shots"
    fake_tools.device_root()
    shot = screen.capture(str(fake_tools.hdc), FAKE_HDC_KEY, tmp_path, "s1")
    assert shot.ok and shot.extra["method"] == "snapshot_display"
    assert (shot.extra["width"], shot.extra["height"]) == (1260, 2720)
    assert Path(shot.extra["path"]) == tmp_path / "s1.jpeg"
    assert (tmp_path / "s1.jpeg").read_bytes()[:2] == b"\xff\xd8"
    assert [p.name for p in tmp_path.iterdir()] == ["s1.jpeg"]


def test_falls_back_to_uitest_screencap(fake_tools: FakeTools, tmp_path: Path) -> None:
    fake_tools.device_root()
    fake_tools.hdc_scenario("one-device", "no-snapshot")
    shot = screen.capture(str(fake_tools.hdc), FAKE_HDC_KEY, tmp_path, "s2")
    assert shot.ok and shot.extra["method"] == "uitest screenCap"
    assert Path(shot.extra["path"]).name == "s2.png"
    argvs = [c["argv"][3:] for c in fake_tools.calls("hdc")]
    assert ["uitest", "screenCap", "-p", "/data/local/tmp/hmdesk_screen.png"] in argvs


def test_no_way_to_take_it_is_said_plainly(fake_tools: FakeTools, tmp_path: Path) -> None:
    tmp_path = tmp_path / "shots"
    fake_tools.device_root()
    fake_tools.hdc_scenario("one-device", "no-snapshot", "no-uitest")
    shot = screen.capture(str(fake_tools.hdc), FAKE_HDC_KEY, tmp_path, "s3")
    assert not shot.ok and shot.kind == "unsupported"
    assert "neither snapshot_display nor uitest" in shot.message
    fake_tools.hdc_scenario("no-device")
    shot = screen.capture(str(fake_tools.hdc), FAKE_HDC_KEY, tmp_path, "s4")
    assert not shot.ok and "Not match target" in (shot.evidence or shot.message)
    assert not list(tmp_path.iterdir())


def test_cut_transfer_keeps_no_screenshot(fake_tools: FakeTools, tmp_path: Path) -> None:
    tmp_path = tmp_path / "shots"
    fake_tools.device_root()
    fake_tools.hdc_scenario("one-device", "recv-cut")
    shot = screen.capture(str(fake_tools.hdc), FAKE_HDC_KEY, tmp_path, "s5")
    assert not shot.ok and "could not be copied" in shot.message
    assert not list(tmp_path.iterdir())


def test_tap_and_swipe(fake_tools: FakeTools) -> None:
    hdc = str(fake_tools.hdc)
    assert screen.tap(hdc, FAKE_HDC_KEY, 630, 1360).ok
    assert screen.swipe(hdc, FAKE_HDC_KEY, 630, 2000, 630, 600, velocity=1200).ok
    argvs = [c["argv"][3:] for c in fake_tools.calls("hdc")]
    lock = ["hidumper", "-s", "3704", "-a", "-all"]  # the lock screen asked first, each time
    assert argvs == [
        lock,
        ["uitest", "uiInput", "click", "630", "1360"],
        lock,
        ["uitest", "uiInput", "swipe", "630", "2000", "630", "600", "1200"],
    ]
    fake_tools.hdc_scenario("one-device", "no-uitest")
    no = screen.tap(hdc, FAKE_HDC_KEY, 1, 1)
    assert not no.ok and no.kind == "unsupported" and no.message == screen.NO_UITEST
    fake_tools.hdc_scenario("one-device", "input-denied")
    refused = screen.tap(hdc, FAKE_HDC_KEY, 1, 1)
    assert not refused.ok and refused.kind == "unsupported"
    assert refused.message == "uitest did not take the input: Missing parameter."


def test_a_locked_or_dark_screen_is_said_and_not_tapped(fake_tools: FakeTools) -> None:
    hdc = str(fake_tools.hdc)
    fake_tools.hdc_scenario("one-device", "screen-locked")
    locked = screen.tap(hdc, FAKE_HDC_KEY, 630, 1360)
    assert not locked.ok and locked.kind == "locked" and locked.message == screen.LOCKED
    assert "screenLocked" in (locked.evidence or "")
    fake_tools.hdc_scenario("one-device", "screen-off")
    dark = screen.swipe(hdc, FAKE_HDC_KEY, 630, 2000, 630, 600)
    assert not dark.ok and dark.message == screen.SCREEN_OFF
    assert not any("uiInput" in c["argv"] for c in fake_tools.calls("hdc"))


def test_lock_state_from_the_service_dump() -> None:
    """theme_screenlock_mgr RegisterDumpCommand's rows (the header's \\t printed as written)."""
    text = (
        "\n Screenlock system state\\tValue\\t\\tDescription\n"
        " * screenLocked  \t\tfalse\t\twhether there is lock screen status\n"
        " * screenState  \t\ttrue\t\tscreen on / off status\n"
        " * offReason  \t\t\t0\t\tscreen failure reason\n"
    )
    assert screen.parse_lock_state(text) == {"screenLocked": False, "screenState": True}
    assert (
        screen.parse_lock_state("The arguments are illegal and you can enter '-h' for help.") == {}
    )
