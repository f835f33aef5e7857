"""Screenshots of the Devices tab, in the whole window, light and dark.

``render(outdir)`` writes ``devices.png`` and ``devices-dark.png``: four devices as the fake
``hdc list targets -v`` prints them (a phone on USB, one over the network, one waiting for the
user to authorise the computer, one offline), the phone chosen as the Build & Run target.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from tests.screenshots import session
from tests.screenshots.runs import _spin

SIZE = (1180, 400)
DEVICES = (
    "FMR0224109025576 USB Connected localhost",
    "192.168.3.27:5555 TCP Connected localhost",
    "025DEK236V035771 USB Unauthorized localhost",
    "192.168.3.41:5555 TCP Offline localhost",
)


def render(outdir: str | os.PathLike[str]) -> list[Path]:
    from hmdesk.gui.common.theme import dark_palette
    from hmdesk.gui.context import build_context
    from hmdesk.gui.main_window import MainWindow
    from PySide6.QtCore import QSettings

    from tests.fixtures.fake_tools import make_fake_tools
    from tests.screenshots.memories import _save, dispose, show_default_paths

    paths: list[Path] = []
    with session(outdir) as (app, out, base):
        tools = make_fake_tools(base / "fakes")
        os.environ.update(tools.env)
        listing = base / "devices.txt"
        listing.write_text("\n".join(DEVICES) + "\n", encoding="utf-8")
        os.environ["FAKE_HDC_DEVICES_FILE"] = str(listing)
        os.environ["HMH_HOME"] = str(base / "hmh")
        os.environ["HMDESK_LOG_DIR"] = str(base / "logs")

        settings = QSettings(str(base / "settings.ini"), QSettings.Format.IniFormat)
        ctx = build_context(base / "hmdesk.db", settings)
        w: Any = MainWindow(ctx)
        show_default_paths(w)
        w.resize(*SIZE)
        w.show()
        w.build_other_areas()
        area = w.devices
        assert area is not None
        w.tabs.setCurrentWidget(area)
        if not _spin(app, lambda: area.model.rowCount() == len(DEVICES), 20):
            raise RuntimeError("the fake devices did not show up")
        area.table.selectRow(0)
        area.use_selected()
        _spin(app, lambda: False, 0.3)
        paths.append(_save(w, out / "devices.png"))

        light = app.palette()
        app.setPalette(dark_palette())
        _spin(app, lambda: False, 0.3)
        paths.append(_save(w, out / "devices-dark.png"))
        app.setPalette(light)
        _spin(app, lambda: False, 0.1)
        dispose(app, w, ctx)
    return paths
