"""``hdc list targets [-v]`` parsing, with the rows hdc prints."""

from __future__ import annotations

from hmdesk.core.toolchain import hdc
from hmdesk.core.toolchain.hdc import Device


def test_list_targets_verbose_rows_from_the_docs() -> None:
    # hdc's documented `list targets -v` sample, and argent's raw row with the empty second column
    text = (
        "connect-key1            USB     Connected       localhost       hdc\n"
        "127.0.0.1:5555          TCP     Offline         localhost       hdc\n"
        "025DEK236V035771\t\tUSB\tConnected\tlocalhost\n"
        "FMR0224109025576\t\tUSB\tUnauthorized\tunknown...\thdc\n"
    )
    res = hdc.parse_targets(
        text.replace("            USB", "\t\tUSB").replace("          TCP", "\t\tTCP")
    )
    assert res.status == "ok"
    assert res.devices == [
        Device("connect-key1", "USB", "Connected", "localhost"),
        Device("127.0.0.1:5555", "TCP", "Offline", "localhost"),
        Device("025DEK236V035771", "USB", "Connected", "localhost"),
        Device("FMR0224109025576", "USB", "Unauthorized", "unknown..."),
    ]
    assert res.devices[1].guidance and "offline" in res.devices[1].guidance.lower()
    assert res.devices[3].guidance and "Allow USB debugging" in res.devices[3].guidance
    assert res.devices[0].usable and not res.devices[3].usable


def test_list_targets_empty_server_failed_and_plain() -> None:
    empty = hdc.parse_targets("[Empty]\n")
    assert empty.status == "empty" and empty.devices == [] and empty.fix
    server = hdc.parse_targets("Connect server failed\n")
    assert server.status == "server-failed" and "8710" in (server.fix or "")
    plain = hdc.parse_targets("FMR0224109025576\nFMR0224109025577\tUnauthorized\n")
    assert [(d.key, d.state) for d in plain.devices] == [
        ("FMR0224109025576", "Connected"),
        ("FMR0224109025577", "Unauthorized"),
    ]
    # prose lines without a tab are ignored
    assert hdc.parse_targets("Some diagnostic text here\n").devices == []


def test_unknown_rows_are_left_out_and_unknown_text_maps_to_unknown() -> None:
    text = "FMR0224109025576\t\tUSB\tSleeping\tlocalhost\nX\t\tWIFI\tConnected\tlocalhost\n"
    assert hdc.parse_targets(text).devices == []
    assert hdc.device_state("Sleeping") == "Unknown"
    assert hdc.device_state("Offline") == "Offline"
    assert hdc.connection_type("WIFI") == "UNKNOWN"
    assert hdc.connection_type("TCP") == "TCP"
