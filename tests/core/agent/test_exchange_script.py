"""The README's example exchange (``docs/mcp_exchange.py``) runs against a real server: tools
listed, a recall, a diagnosis, a proposal, its acceptance by a person, and a later recall of it."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parents[3] / "docs" / "mcp_exchange.py"


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_the_example_exchange_runs() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    out = done.stdout
    assert '"starter-hap-unsigned-9568320"' in out  # recalled, and recalled for the diagnosis
    assert '"kind": "signing"' in out
    assert '"status": "pending"' in out
    # the person's part: accepted, then another client's recall finds it
    (accepted,) = re.findall(r"accepted agent proposal 1 as (mem-[0-9a-f]+)", out)
    assert f"recalled {accepted}: Unsigned HAP from a fresh clone" in out
