"""Runs on a PostgreSQL team store behave as on SQLite: recorded, listed, filtered, read back."""

from __future__ import annotations

from hmdesk.core.db import Database
from hmdesk.core.toolchain.pipeline import Pipeline
from hmdesk.core.toolchain.runs import RunRepository

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FAKE_HDC_KEY_TCP, FakeTools
from tests.fixtures.postgres import pg_url  # noqa: F401 - the fixture


def test_runs_are_recorded_and_listed(fake_tools: FakeTools, pg_url: str) -> None:  # noqa: F811
    db = Database(pg_url)
    try:
        project = fake_tools.project("hello")
        ok = Pipeline(db, project, FAKE_HDC_KEY).run()
        fake_tools.hdc_scenario("two-devices", "install-9568320")
        bad = Pipeline(db, project, FAKE_HDC_KEY_TCP).run()
        repo = RunRepository(db)
        assert [r.run_id for r in repo.list()] == [bad.run_id, ok.run_id]
        assert [r.run_id for r in repo.list(status="failed")] == [bad.run_id]
        assert repo.count() == 2 and repo.devices() == sorted([FAKE_HDC_KEY, FAKE_HDC_KEY_TCP])
        assert "code:9568320" in repo.get(bad.run_id).steps[1].log
    finally:
        db.close()
