"""Revision 0002 (run_steps.error_meaning): a database made by revision 0001 upgrades on open
with its rows kept; the downgrade drops the column again."""

from __future__ import annotations

from pathlib import Path

import sqlalchemy as sa
from hmdesk.core.db import Database, alembic_config, make_engine, migrate_to
from hmdesk.core.toolchain.runs import RunRepository


def _head() -> str:
    from alembic.script import ScriptDirectory

    return str(ScriptDirectory.from_config(alembic_config()).get_current_head())


def _columns(path: Path) -> list[str]:
    engine = make_engine(path)
    try:
        return [c["name"] for c in sa.inspect(engine).get_columns("run_steps")]
    finally:
        engine.dispose()


def _version(path: Path) -> str:
    engine = make_engine(path)
    try:
        with engine.connect() as conn:
            return str(conn.exec_driver_sql("SELECT version_num FROM alembic_version").scalar())
    finally:
        engine.dispose()


def test_a_0001_database_upgrades_on_open_and_keeps_its_rows(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    migrate_to(path, "0001")
    assert _version(path) == "0001" and "error_meaning" not in _columns(path)
    engine = make_engine(path)
    with engine.connect() as conn:
        conn.begin()
        conn.exec_driver_sql(
            "INSERT INTO runs (id, project, bundle, device, status, started_at, ended_at, options, "
            "doctor, rerun_of) VALUES (7, '/p/hello', 'com.example.hello', 'FMR0224109025576', "
            "'failed', '2026-11-29T19:00:00.000Z', '2026-11-29T19:01:00.000Z', '{}', NULL, NULL)"
        )
        conn.exec_driver_sql(
            "INSERT INTO run_steps (run_id, position, name, argv, started_at, ended_at, exit_code, "
            "verdict, error_code, message, log, log_dropped, doctor) VALUES (7, 0, 'install', "
            "'[\"hdc\"]', NULL, NULL, 0, 'failed', '9568320', "
            "'install failed: no signature file (code 9568320)', 'code:9568320', 0, NULL)"
        )
        conn.commit()
    engine.dispose()

    db = Database(path)  # opening applies the pending revision
    try:
        assert _version(path) == _head() and "error_meaning" in _columns(path)
        run = RunRepository(db).get(7)
        assert (run.project, run.status, run.device) == ("/p/hello", "failed", "FMR0224109025576")
        step = run.steps[0]
        assert (step.name, step.error_code, step.log) == ("install", "9568320", "code:9568320")
        assert step.message == "install failed: no signature file (code 9568320)"
        assert step.error_meaning is None  # not known for rows written before 0002
        assert run.to_json()["steps"][0]["error_meaning"] is None
    finally:
        db.close()


def test_downgrade_drops_the_column(tmp_path: Path) -> None:
    path = tmp_path / "new.db"
    Database(path).close()
    assert _version(path) == _head() and "error_meaning" in _columns(path)
    migrate_to(path, "0001", down=True)
    assert _version(path) == "0001" and "error_meaning" not in _columns(path)
    Database(path).close()  # and up again
    assert "error_meaning" in _columns(path)
