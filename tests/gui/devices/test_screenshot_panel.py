"""The screenshot panel: file-safe default name in local time, Save as… off the GUI thread."""

from __future__ import annotations

from datetime import datetime

from hmdesk.gui.devices.screenshot_panel import ScreenshotPanel, default_name
from PySide6.QtGui import QColor, QImage


def test_default_name_is_file_safe():
    assert default_name("127.0.0.1:5555", datetime(2026, 12, 1, 14, 5, 9)) == (
        "127.0.0.1-5555-20261201-140509.jpeg"
    )


def test_save_failure_is_reported(qtbot, tmp_path):
    panel = ScreenshotPanel()
    qtbot.addWidget(panel)
    image = QImage(10, 20, QImage.Format.Format_RGB32)
    image.fill(QColor(10, 20, 30))
    source = tmp_path / "shot.jpeg"
    assert image.save(str(source), "JPEG")
    panel.show_image("FMR0", image, source)
    assert panel.isVisible() and "FMR0" in panel.title.text() and "10×20" in panel.title.text()
    with qtbot.waitSignal(panel.save_failed) as sig:
        panel.save(str(tmp_path / "no-such-folder" / "x.jpeg"))
    assert "no-such-folder" in sig.args[0] and sig.args[1]
    with qtbot.waitSignal(panel.saved) as sig:
        panel.save(str(tmp_path / "kept.jpeg"))
    assert (tmp_path / "kept.jpeg").read_bytes() == source.read_bytes()
