"""Network faults (issue 31 item 17): a PostgreSQL listener that accepts and never answers, and
a malformed team-store URL.

The silent server is a plain TCP socket that accepts the connection and reads nothing back: what
a stuck proxy or a firewall that swallows the start-up packet looks like to libpq.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import threading
from collections.abc import Iterator

import pytest

CLI = [sys.executable, "-m", "hmdesk.core.cli"]


@pytest.fixture
def silent_server() -> Iterator[int]:
    """A TCP port that accepts connections and never says a word."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(8)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        srv.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(srv.accept()[0])
            except TimeoutError:
                continue
            except OSError:
                return

    t = threading.Thread(target=accept, daemon=True)
    t.start()
    yield srv.getsockname()[1]
    stop.set()
    t.join(5)
    for c in held:
        c.close()
    srv.close()


def _cli(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("PG")}
    return subprocess.run(
        [*CLI, *argv], capture_output=True, text=True, timeout=timeout, env=env, check=False
    )


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("silent-database-server")
def test_a_server_that_never_answers_is_given_up_after_the_connect_timeout(
    silent_server: int,
) -> None:
    """Item 17: 130 s of silence before one line (no connect timeout)."""
    url = f"postgresql://alice:pw@127.0.0.1:{silent_server}/team"
    res = _cli("--db", url, "query", "hdc install", timeout=45)  # was 130 s
    lines = res.stderr.strip().splitlines()
    assert res.returncode == 2 and len(lines) == 1, res.stderr
    assert lines[0].startswith("hmdesk-cli: error: cannot open the team store")
    assert ":pw@" not in res.stderr


@pytest.mark.hostile("malformed-database-url")
@pytest.mark.parametrize(
    "url", ["postgresql://alice:pw@[::1/hm", "postgresql://alice@host:port/db"]
)
def test_a_malformed_url_is_one_line(url: str) -> None:
    """Item 17: ``…@[::1/hm`` gave a 37-line traceback."""
    res = _cli("--db", url, "query", "hdc")
    lines = res.stderr.strip().splitlines()
    assert res.returncode == 2 and len(lines) == 1, res.stderr
    assert "is not a valid database URL" in lines[0] and ":pw@" not in lines[0]
