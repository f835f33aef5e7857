"""The main window: Memories, Runs and Devices areas, a status bar and menus."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow, QTabWidget


class MainWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("hmdesk")
        self.tabs = QTabWidget(self)
        for name in ("Memories", "Runs", "Devices"):
            self.tabs.addTab(QLabel(f"{name} — coming soon"), name)
        self.setCentralWidget(self.tabs)
        self.statusBar().showMessage("Ready")
        self.resize(1200, 800)
