"""A fresh store per test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()
