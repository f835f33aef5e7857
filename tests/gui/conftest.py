"""Fixtures for every GUI test: no test touches the user's settings, log directory, database or
hmharness home; ``settings`` is a throw-away INI file and ``ctx`` an :class:`AppContext` over a
fresh database in ``tmp_path`` (closed, after the worker threads finished, at the end).

An area folder may narrow these (``tests/gui/runs`` seeds memories into its own ``ctx``); a
fixture of the same name in a deeper ``conftest.py`` or test module wins.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from hmdesk.gui.common.theme import EdgeStyle
from hmdesk.gui.context import AppContext
from PySide6.QtCore import QSettings, QThreadPool
from PySide6.QtWidgets import QApplication


@pytest.fixture(autouse=True)
def _isolated_gui_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setenv("HMH_HOME", str(tmp_path / "hmh"))
    monkeypatch.setenv("HMDESK_LOG_DIR", str(tmp_path / "logs"))
    monkeypatch.delenv("HMDESK_DB", raising=False)
    previous = QSettings.defaultFormat()
    QSettings.setDefaultFormat(QSettings.Format.IniFormat)
    QSettings.setPath(QSettings.Format.IniFormat, QSettings.Scope.UserScope, str(tmp_path / "qs"))
    yield
    QSettings.setDefaultFormat(previous)


@pytest.fixture
def edge_style(qapp: QApplication) -> Iterator[None]:
    """The style the app runs with (``follow_theme`` sets it), Fusion back afterwards."""
    qapp.setStyle(EdgeStyle())
    yield
    qapp.setStyle("Fusion")


@pytest.fixture
def settings(tmp_path: Path) -> QSettings:
    return QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)


@pytest.fixture(scope="session")
def _empty_database(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new database at the schema's head, made once per test process: each ``ctx`` starts
    from a copy, the same file the migrations would make, without their run (and fsyncs) per
    test. The migrations themselves are tested in tests/core."""
    from hmdesk.core.db import Database

    path = tmp_path_factory.mktemp("empty-database") / "hmdesk.db"
    Database(path).close()
    return path


@pytest.fixture
def ctx(
    tmp_path: Path, settings: QSettings, qapp: QApplication, _empty_database: Path
) -> Iterator[AppContext]:
    from hmdesk.gui.context import build_context

    shutil.copyfile(_empty_database, tmp_path / "hmdesk.db")
    c = build_context(tmp_path / "hmdesk.db", settings)
    yield c
    QThreadPool.globalInstance().waitForDone(10_000)
    c.retriever.close()
    c.store.close()
    c.db.close()
