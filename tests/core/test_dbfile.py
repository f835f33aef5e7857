"""The SQLAlchemy-free half of the database code: importable alone, the same objects as db's."""

import subprocess
import sys

from hmdesk.core import db, dbfile


def test_db_re_exports_the_same_objects():
    moved = [
        "APP_NAME",
        "BUSY_TIMEOUT_MS",
        "SCHEMA_HEAD",
        "SQLITE_MAGIC",
        "DatabaseError",
        "_check_is_sqlite",
        "_create_private",
        "_expected_size",
        "_is_wal",
        "_read_only_cause",
        "_uri",
        "default_db_path",
        "iso",
        "utcnow",
    ]
    assert [name for name in moved if getattr(db, name) is not getattr(dbfile, name)] == []


def test_importing_dbfile_loads_neither_sqlalchemy_nor_alembic():
    code = (
        "import sys, hmdesk.core.dbfile; "
        "print(sorted(m for m in ('sqlalchemy', 'alembic') if m in sys.modules))"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip() == "[]"
