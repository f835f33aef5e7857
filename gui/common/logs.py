"""Where the app logs: the rotating log file and the Qt message handler that feeds it.

Here rather than in :mod:`hmdesk.gui.app` so that everything below the app (the main window's
"Show log file location", the exception dialog) can name the log file without importing the
entry point. :func:`setup_logging` is called once by ``app.main()``; until then
:func:`log_file_path` is where the file would be.
"""

from __future__ import annotations

import logging
import logging.handlers
import os
from pathlib import Path

from PySide6.QtCore import QMessageLogContext, QtMsgType

APP_NAME = "hmdesk"
LOG_FILE_NAME = "hmdesk.log"
_log_path: Path | None = None

_QT_LEVELS = {
    QtMsgType.QtDebugMsg: logging.DEBUG,
    QtMsgType.QtInfoMsg: logging.INFO,
    QtMsgType.QtWarningMsg: logging.WARNING,
    QtMsgType.QtCriticalMsg: logging.ERROR,
    QtMsgType.QtFatalMsg: logging.CRITICAL,
}


def log_dir() -> Path:
    """``HMDESK_LOG_DIR`` if set, else the user log directory (platformdirs)."""
    env = os.environ.get("HMDESK_LOG_DIR")
    if env:
        return Path(env).expanduser()
    from platformdirs import user_log_path

    return user_log_path(APP_NAME, appauthor=False)


def log_file_path() -> Path:
    """The file :func:`setup_logging` writes to (or would write to, before it ran)."""
    return _log_path if _log_path is not None else log_dir() / LOG_FILE_NAME


def setup_logging(directory: Path | None = None) -> Path:
    """Log to ``<user log dir>/hmdesk.log`` (rotating, 1 MB × 3). Raises ``OSError`` when the
    directory cannot be created or written."""
    global _log_path
    directory = directory or log_dir()
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / LOG_FILE_NAME
    handler = logging.handlers.RotatingFileHandler(
        path, maxBytes=1_000_000, backupCount=3, encoding="utf-8"
    )
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    root.setLevel(logging.INFO)
    _log_path = path
    return path


def qt_message_handler(mode: QtMsgType, _context: QMessageLogContext, message: str) -> None:
    """Route Qt's own warnings into the ``qt`` logger (install with ``qInstallMessageHandler``)."""
    logging.getLogger("qt").log(_QT_LEVELS.get(mode, logging.INFO), "%s", message)
