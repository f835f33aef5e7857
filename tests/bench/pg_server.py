"""A throwaway PostgreSQL server for the benchmarks, as ``.ci/run`` starts one for the tests.

:func:`pg_server` yields the URL of ``HMDESK_TEST_PG_URL`` when it is set; else it runs
``initdb`` into a temporary folder (as ``nobody`` when run as root: initdb refuses root), starts
the server on a unix socket in that folder only (no TCP port), creates a database, and stops and
removes it all at the end. The server uses the ``C.UTF-8`` locale, so ``pg_trgm`` takes Chinese
characters for word characters (as a server in a UTF-8 locale does). None when no server binaries
are installed (Debian: ``apt install postgresql``).

``pg_server(pgvector=True)``: a server with the ``vector`` extension, for the pgvector bench:
``HMDESK_TEST_PGVECTOR_URL`` when set, else the binaries of the ``pgserver`` wheel (a test
dependency: PostgreSQL 16 built with pgvector; ``.ci/run`` starts the same) when installed, else
Debian's.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def pgserver_bindir() -> Path | None:
    """The ``bin`` folder of the ``pgserver`` wheel's PostgreSQL with pgvector (None: not
    installed, or no wheel for this platform)."""
    import importlib.util

    spec = importlib.util.find_spec("pgserver")
    if spec is None or not spec.submodule_search_locations:
        return None
    found = Path(next(iter(spec.submodule_search_locations))) / "pginstall" / "bin"
    return found if (found / "postgres").exists() else None


def _bindir() -> Path | None:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin"), key=lambda p: int(p.parent.name))
    if found:
        return found[-1]
    initdb = shutil.which("initdb")
    return Path(initdb).parent if initdb else None


@contextmanager
def pg_server(*, pgvector: bool = False) -> Iterator[str | None]:
    """The URL of a PostgreSQL server for one bench run (see the module doc)."""
    url = os.environ.get("HMDESK_TEST_PGVECTOR_URL" if pgvector else "HMDESK_TEST_PG_URL")
    if url:
        yield url
        return
    bindir = (pgvector and pgserver_bindir()) or _bindir()
    if bindir is None:
        yield None
        return
    root = Path(tempfile.mkdtemp(prefix="hmdesk-bench-pg."))
    as_user: list[str] = []
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        shutil.chown(root, "nobody")
        as_user = ["runuser", "-u", "nobody", "--"]
    data = root / "data"
    started = False
    try:
        subprocess.run(
            [*as_user, str(bindir / "initdb"), "-D", str(data), "-U", "hmdesk", "--auth=trust",
             "-E", "UTF8", "--locale=C.UTF-8"],
            check=True, capture_output=True,
        )  # fmt: skip
        # durability off (a bench, not a store), socket only; the default memory settings
        subprocess.run(
            [*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-l", str(root / "server.log"),
             "-w", "-t", "60", "-o", f"-k {root} -c listen_addresses= -c fsync=off "
             "-c synchronous_commit=off -c full_page_writes=off", "start"],
            check=True, capture_output=True,
        )  # fmt: skip
        started = True
        subprocess.run(
            [str(bindir / "createdb"), "-h", str(root), "-U", "hmdesk", "hmdesk_bench"],
            check=True,
            capture_output=True,
        )
        yield f"postgresql://hmdesk@/hmdesk_bench?host={root}"
    finally:
        if started:
            subprocess.run(
                [*as_user, str(bindir / "pg_ctl"), "-D", str(data), "-m", "fast", "-w", "stop"],
                capture_output=True,
            )
        shutil.rmtree(root, ignore_errors=True)
