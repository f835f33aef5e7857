"""The log file: where it is, the rotating handler, Qt's messages routed into it."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from hmdesk.gui.common import logs
from PySide6.QtCore import QMessageLogContext, QtMsgType


@pytest.fixture
def root_handlers() -> Iterator[None]:
    root = logging.getLogger()
    before, level = list(root.handlers), root.level
    yield
    for handler in root.handlers[:]:
        if handler not in before:
            root.removeHandler(handler)
            handler.close()
    root.setLevel(level)


def test_the_log_dir_comes_from_the_environment(tmp_path, monkeypatch):
    monkeypatch.setattr(logs, "_log_path", None)
    monkeypatch.setenv("HMDESK_LOG_DIR", str(tmp_path / "elsewhere"))
    assert logs.log_dir() == tmp_path / "elsewhere"
    assert logs.log_file_path() == tmp_path / "elsewhere" / "hmdesk.log"


def test_setup_logging_writes_there_and_qt_messages_follow(tmp_path, monkeypatch, root_handlers):
    monkeypatch.setattr(logs, "_log_path", None)
    path = logs.setup_logging(tmp_path / "logs")
    assert path == tmp_path / "logs" / "hmdesk.log" == logs.log_file_path()
    logging.getLogger("hmdesk.test").warning("written %d", 42)
    logs.qt_message_handler(QtMsgType.QtWarningMsg, QMessageLogContext(), "a Qt warning")
    for handler in logging.getLogger().handlers:
        handler.flush()
    text = path.read_text(encoding="utf-8")
    assert "WARNING hmdesk.test: written 42" in text
    assert "WARNING qt: a Qt warning" in text
