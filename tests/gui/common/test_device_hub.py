"""DeviceHub: the core poller's snapshots on the GUI thread, the target, the core's guidance."""

from __future__ import annotations

import threading

from hmdesk.core.toolchain.devices import DeviceChange
from hmdesk.core.toolchain.hdc import DEVICE_GUIDANCE, Device
from hmdesk.gui.common.device_hub import DeviceHub, change_error, device_guidance

USB = "FMR0224109025576"


def test_poller_callback_is_marshalled_to_the_gui_thread(qtbot, ctx):

    from hmdesk.core.toolchain.devices import DeviceChange
    from hmdesk.core.toolchain.hdc import Device

    hub = DeviceHub(ctx.settings, ctx.db)
    seen = []
    hub.devices_changed.connect(lambda devs: seen.append((threading.get_ident(), devs)))
    change = DeviceChange(
        devices=[Device(USB, "USB", "Connected", "phone")],
        events=[],
        status="ok",
        message="",
        fix=None,
        status_changed=True,
    )
    worker = threading.Thread(target=hub._on_change_thread, args=(change,))
    worker.start()
    worker.join()
    qtbot.waitUntil(lambda: bool(seen))
    assert seen[0][0] == threading.main_thread().ident
    assert hub.target == USB  # the only usable device is chosen
    hub._on_change_thread(
        DeviceChange(
            devices=[],
            events=[],
            status="server-failed",
            message="Connect server failed",
            fix="hdc kill -r",
            status_changed=True,
        )
    )
    qtbot.waitUntil(lambda: bool(hub.error))
    assert "Connect server failed" in hub.error and "hdc kill -r" in hub.error


def test_guidance_is_the_cores():
    assert (
        device_guidance(Device(USB, "USB", "Unauthorized", "")) == DEVICE_GUIDANCE["Unauthorized"]
    )
    assert device_guidance(Device(USB, "USB", "Connected", "")) == "Ready."
    assert "Weird" in device_guidance(Device(USB, "USB", "Weird", ""))


def test_change_error():
    assert change_error(DeviceChange(devices=[], status="empty", message="no device")) == ""
    failed = DeviceChange(devices=[], status="no-tool", message="hdc was not found", fix=None)
    assert change_error(failed) == "hdc was not found"


def test_inject_sets_the_snapshot_and_picks_the_only_usable_device(qtbot, ctx):
    hub = DeviceHub(ctx.settings, ctx.db)
    with qtbot.waitSignal(hub.target_changed) as sig:
        hub.inject([Device(USB, "USB", "Connected", "phone"), Device("X", "TCP", "Offline", "")])
    assert sig.args == [USB] and hub.target_device() == Device(USB, "USB", "Connected", "phone")
    with qtbot.waitSignal(hub.error_changed) as sig:
        hub.inject([], "server down")
    assert sig.args == ["server down"] and hub.target == USB and hub.target_device() is None
