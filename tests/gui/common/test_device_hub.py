"""DeviceHub: the core poller's snapshots on the GUI thread, the target, the core's guidance."""

from __future__ import annotations

import threading

from hmdesk.core.toolchain.devices import DeviceChange
from hmdesk.core.toolchain.hdc import DEVICE_GUIDANCE, Device
from hmdesk.gui.common.device_hub import (
    CHOOSE_PROMPT,
    NO_DEVICE_TEXT,
    TARGET_KEY,
    DeviceHub,
    change_error,
    device_guidance,
    gone_text,
)

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


TCP = "127.0.0.1:5555"
OTHER = "025DEK236V035771"


def test_a_gone_target_gives_way_to_the_only_connected_device_and_says_so(qtbot, ctx):
    ctx.settings.setValue(TARGET_KEY, TCP)  # remembered from yesterday
    hub = DeviceHub.for_context(ctx)
    notices = []
    ctx.bus.info.connect(notices.append)
    with qtbot.waitSignal(hub.target_changed) as sig:
        hub.inject([Device(USB, "USB", "Connected", "phone")])
    assert sig.args == [USB] and hub.target == USB and hub.prompt == ""
    assert ctx.settings.value(TARGET_KEY) == USB
    assert notices and TCP in notices[-1] and USB in notices[-1] and "only" in notices[-1]
    assert hub.state_text() == ""
    hub.release()


def test_a_gone_target_with_several_connected_asks_to_choose(qtbot, ctx):
    ctx.settings.setValue(TARGET_KEY, TCP)
    hub = DeviceHub.for_context(ctx)
    notices = []
    ctx.bus.info.connect(notices.append)
    two = [Device(USB, "USB", "Connected", "phone"), Device(OTHER, "USB", "Connected", "tab")]
    hub.inject(two)
    assert hub.target == "" and hub.target_device() is None  # never silently kept
    assert hub.prompt == CHOOSE_PROMPT and hub.state_text() == "Choose a device"
    assert notices and "choose one" in notices[-1] and TCP in notices[-1]
    hub.set_target(OTHER)  # the user chose
    assert hub.target == OTHER and hub.prompt == "" and hub.state_text() == ""
    # the chosen device unplugged too, nothing else connected: kept, and said to be gone
    hub.inject([])
    assert hub.target == OTHER and hub.state_text() == gone_text(OTHER)
    hub.release()


def test_no_target_no_device_and_a_device_chosen_while_offline(qtbot, ctx):
    hub = DeviceHub(ctx.settings, ctx.db)
    hub.inject([])
    assert hub.target == "" and hub.state_text() == NO_DEVICE_TEXT
    hub.inject([Device(USB, "USB", "Connected", ""), Device(TCP, "TCP", "Offline", "")])
    assert hub.target == USB
    hub.set_target(TCP)  # picked on purpose while offline: the user's word stands
    hub.inject([Device(USB, "USB", "Connected", ""), Device(TCP, "TCP", "Offline", "")])
    assert hub.target == TCP and "Offline" in hub.state_text()
    # it came back and went away again: now it is gone, the only connected device takes over
    hub.inject([Device(USB, "USB", "Connected", ""), Device(TCP, "TCP", "Connected", "")])
    hub.inject([Device(USB, "USB", "Connected", "")])
    assert hub.target == USB
