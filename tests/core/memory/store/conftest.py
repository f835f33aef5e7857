"""The store the tests in this folder write to: a fresh database each, on both backends —
an SQLite file, and a PostgreSQL team store (an empty schema on the server ``.ci/run`` starts;
skipped with a one-line reason when there is none)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore

from tests.fixtures.postgres import fresh_url


@pytest.fixture(params=["sqlite", "postgresql"])
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def db_target(backend: str, tmp_path: Path) -> Iterator[Path | str]:
    """Where the test's store lives: a file path, or a PostgreSQL URL."""
    if backend == "sqlite":
        yield tmp_path / "m.db"
        return
    with fresh_url() as url:
        yield url


@pytest.fixture
def store(db_target: Path | str) -> Iterator[MemoryStore]:
    db = Database(db_target)
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()
