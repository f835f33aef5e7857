"""Screenshots of the Preferences dialog (Edit › Preferences…, Ctrl+,), light and dark.

``render(outdir)`` writes ``preferences.png`` and ``preferences-dark.png``: hdc found by Detect
in a DevEco-like folder, hvigorw set in the settings file, the editor command with its
placeholders, and the data folder of a user's machine.
"""

from __future__ import annotations

import os
from pathlib import Path

from tests.screenshots import session
from tests.screenshots.runs import _spin


def render(outdir: str | os.PathLike[str]) -> list[Path]:
    from hmdesk.core import config
    from hmdesk.gui.common.theme import dark_palette
    from hmdesk.gui.preferences.dialog import PreferencesDialog
    from PySide6.QtWidgets import QLabel, QLineEdit

    from tests.screenshots.memories import _save

    paths: list[Path] = []
    with session(outdir) as (app, out, base):
        os.environ["HMDESK_CONFIG"] = str(base / "config.json")
        for var in ("HMDESK_HDC", "HMDESK_HVIGORW", "DEVECO_SDK_HOME", "NODE_HOME"):
            os.environ.pop(var, None)
        deveco = Path("/home/dev/DevEcoStudio")
        config.set_value("hvigorw", str(deveco / "tools/hvigor/bin/hvigorw"))
        config.set_value("sdk", str(deveco / "sdk"))
        config.set_value("node", str(deveco / "tools/node"))
        config.set_value("editor", "code --goto {file}:{line}:{col}")
        db = Path("/home/dev/.local/share/hmdesk/hmdesk.db")
        light = app.palette()
        for name, palette in (("preferences", light), ("preferences-dark", dark_palette())):
            app.setPalette(palette)
            d = PreferencesDialog(db_path=db, env=dict(os.environ))
            for label in d.findChildren(QLabel):  # the settings file as on a user's machine
                label.setText(label.text().replace(str(base), "/home/dev/.config/hmdesk"))
            for edit in d.findChildren(QLineEdit):  # the data folder of a user's machine
                edit.setText(edit.text().replace(str(Path.home()), "/home/dev"))
            d.show()
            _spin(app, lambda: False, 0.3)
            paths.append(_save(d, out / f"{name}.png"))
            d.close()
            d.deleteLater()
            _spin(app, lambda: False, 0.1)
        app.setPalette(light)
    return paths
