"""Device facts and actions (param get, tconn, snapshot_display + file recv) against the fake hdc,
and their output classifiers on the texts real devices print."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.toolchain.device_info import (
    REMOTE_SNAPSHOT,
    DeviceInfo,
    address_problem,
    classify_recv,
    classify_snapshot,
    classify_tconn,
    connect_over_network,
    param_get_argv,
    parse_param,
    read_device_info,
    take_screenshot,
)
from hmdesk.core.toolchain.hdc import InvalidName

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools


def test_read_device_info(fake_tools: FakeTools) -> None:
    info = read_device_info(str(fake_tools.hdc), FAKE_HDC_KEY)
    assert info == DeviceInfo(
        FAKE_HDC_KEY,
        model="ALN-AL00",
        software_version="ALN-AL00 5.0.0.102(SP8C00E73R4P17)",
        os_fullname="OpenHarmony-5.0.0.102",
        api_level="12",
    )
    assert info.os_version == "ALN-AL00 5.0.0.102(SP8C00E73R4P17)"
    assert info.to_dict()["api_level"] == "12"
    argvs = [c["argv"] for c in fake_tools.calls("hdc")]
    assert ["-t", FAKE_HDC_KEY, "shell", "param", "get", "const.ohos.apiversion"] in argvs


def test_read_device_info_missing_params_and_a_gone_device(fake_tools: FakeTools) -> None:
    fake_tools.hdc_scenario("one-device", "param-missing")
    info = read_device_info(str(fake_tools.hdc), FAKE_HDC_KEY)
    assert info.model is None and info.api_level is None and info.problem is None
    fake_tools.hdc_scenario("no-device")
    info = read_device_info(str(fake_tools.hdc), FAKE_HDC_KEY)
    assert info.model is None and info.problem and "connect-key" in info.problem
    assert len(fake_tools.calls("hdc")) == 5  # stopped at the first failure


def test_parse_param() -> None:
    assert parse_param("ALN-AL00 \n") == "ALN-AL00"
    assert parse_param('Get parameter "const.x" fail! errNum is:106!\n') is None
    assert parse_param("[Fail][E001005] Device not found or connected\n") is None
    assert parse_param("") is None
    with pytest.raises(InvalidName):
        param_get_argv("hdc", FAKE_HDC_KEY, "x; rm -rf /")


@pytest.mark.parametrize(
    ("address", "bad"),
    [
        ("192.168.1.20:5555", None),
        (" 10.0.0.2:65535 ", None),
        ("[fe80::1]:5555", None),
        ("", "Enter"),
        ("192.168.1.20", "no port"),
        ("192.168.1.300:5555", "not an IP address"),
        ("phone.local:5555", "not an IP address"),
        ("192.168.1.20:0", "not a port"),
        ("192.168.1.20:70000", "not a port"),
        ("192.168.1.20:", "not a port"),
    ],
)
def test_address_problem(address: str, bad: str | None) -> None:
    problem = address_problem(address)
    assert (problem is None) if bad is None else (problem is not None and bad in problem)


def test_tconn(fake_tools: FakeTools) -> None:
    devices = fake_tools.devices_file([(FAKE_HDC_KEY, "USB", "Connected")])
    hdc = str(fake_tools.hdc)
    ok = connect_over_network(hdc, "192.168.3.7:5555")
    assert ok.ok and ok.message == "Connected to 192.168.3.7:5555."
    assert "192.168.3.7:5555 TCP Connected" in devices.read_text(encoding="utf-8")
    again = connect_over_network(hdc, "192.168.3.7:5555")
    assert again.ok and "already connected" in again.message
    fake_tools.hdc_scenario("tconn-fail")
    failed = connect_over_network(hdc, "192.168.3.8:5555")
    assert not failed.ok and "Could not connect" in failed.message
    assert failed.fix and "Wireless debugging" in failed.fix
    with pytest.raises(InvalidName):
        connect_over_network(hdc, "192.168.3.8")


def test_classify_tconn_texts() -> None:
    assert classify_tconn("Connect OK\n", "a:1").ok
    assert classify_tconn("[Info]Target is connected, repeat operation\n", "a:1").ok
    assert not classify_tconn("[Fail]Connect failed\n", "a:1").ok
    server = classify_tconn("Connect server failed\n", "a:1")
    assert not server.ok and server.kind == "server"
    assert not classify_tconn("", "a:1").ok


def test_take_screenshot(fake_tools: FakeTools, tmp_path: Path) -> None:
    local = tmp_path / "shot.jpeg"
    shot = take_screenshot(str(fake_tools.hdc), FAKE_HDC_KEY, local)
    assert shot.ok and shot.extra == {"width": 1260, "height": 2720, "path": str(local)}
    assert local.read_bytes()[:3] == b"\xff\xd8\xff"  # a JPEG
    argvs = [c["argv"] for c in fake_tools.calls("hdc")]
    assert argvs == [
        ["-t", FAKE_HDC_KEY, "shell", "snapshot_display", "-f", REMOTE_SNAPSHOT],
        ["-t", FAKE_HDC_KEY, "file", "recv", REMOTE_SNAPSHOT, str(local)],
    ]


@pytest.mark.parametrize(
    ("scenario", "words"),
    [
        ("snapshot-fail", "could not take the screenshot"),
        ("recv-fail", "could not be copied from the device"),
        ("no-device", "connect-key"),
    ],
)
def test_take_screenshot_failures(
    fake_tools: FakeTools, tmp_path: Path, scenario: str, words: str
) -> None:
    fake_tools.hdc_scenario(scenario)
    shot = take_screenshot(str(fake_tools.hdc), FAKE_HDC_KEY, tmp_path / "s.jpeg")
    assert not shot.ok and words in shot.message and shot.fix


def test_classify_snapshot_and_recv_texts() -> None:
    real = (
        "process: set filename to /data/local/tmp/x.jpeg\n"
        "process: display 0: width 800, height 1280\n"
        "snapshot: pixel format is: 3\n"
        "snapshot: convert rgba8888 to rgb888 successfully.\n\n"
        "success: snapshot display 0 , write to /data/local/tmp/x.jpeg as jpeg, "
        "width 800, height 1280\n"
    )
    assert classify_snapshot(real).extra == {"width": 800, "height": 1280}
    newer = "success: snapshot display 0 , write to /d/x.jpeg as jpeg, width: 1276, height: 2848"
    assert classify_snapshot(newer).extra == {"width": 1276, "height": 2848}
    bad = classify_snapshot("error: fileName /d/x.png invalid, suffix must be .jpeg\n")
    assert not bad.ok and bad.evidence and "suffix" in bad.evidence
    assert classify_recv("FileTransfer finish, Size:86034, File count = 1, time:35ms").ok
    gone = classify_recv("[Fail]Error opening file: no such file or directory, path:/d/x.jpeg")
    assert not gone.ok and "Error opening file" in gone.message
