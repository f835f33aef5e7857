"""hmdesk GUI entry point: QApplication set-up, logging, excepthook, main window."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    from hmdesk.gui.main_window import MainWindow
    from PySide6.QtWidgets import QApplication

    app = QApplication.instance() or QApplication(argv if argv is not None else sys.argv)
    app.setApplicationName("hmdesk")
    app.setOrganizationName("hmdesk")
    window = MainWindow()
    window.show()
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main())
