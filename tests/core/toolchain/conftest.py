"""Fixtures shared by the toolchain tests."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hmdesk.core.db import Database


@pytest.fixture
def db(tmp_path: Path) -> Iterator[Database]:
    """A fresh database in the test's temporary folder."""
    d = Database(tmp_path / "runs.db")
    yield d
    d.close()
