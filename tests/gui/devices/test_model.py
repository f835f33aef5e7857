"""The device list model over the core's Device records."""

from __future__ import annotations

from hmdesk.core.toolchain.hdc import DEVICE_GUIDANCE, Device
from hmdesk.gui.common.theme import DARK
from hmdesk.gui.devices.model import COL_TODO, DevicesModel
from PySide6.QtCore import Qt

USB = "FMR0224109025576"
TCP = "127.0.0.1:5555"


def test_model_of_core_devices(qtmodeltester):
    model = DevicesModel()
    model.set_devices([Device(USB, "USB", "Connected", "phone"), Device(TCP, "TCP", "Offline", "")])
    model.set_target(USB)
    qtmodeltester.check(model)
    assert model.data(model.index(1, COL_TODO))
    assert model.data(model.index(1, COL_TODO)) == DEVICE_GUIDANCE["Offline"]
    assert model.data(model.index(0, COL_TODO)) == "" and model.data(model.index(0, 0)) == "●"
    model.set_theme(DARK)
    brush = model.data(model.index(1, 3), Qt.ItemDataRole.ForegroundRole)
    assert brush.color().name() == DARK.error_fg
