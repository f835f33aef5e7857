"""Fixtures shared by every test folder: the fake hdc/hvigorw (``fake_tools``), and a settings
file of its own for every test (``HMDESK_CONFIG``) and a cache folder for the run
(``HMDESK_CACHE_DIR``), so no test reads or writes the user's."""

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if "HMDESK_CACHE_DIR" not in os.environ:
    # caches (the Chinese dictionary's) go to a folder of this run, not the user's
    _cache = tempfile.mkdtemp(prefix="hmdesk-test-cache-")
    os.environ["HMDESK_CACHE_DIR"] = _cache
    atexit.register(shutil.rmtree, _cache, True)

from tests.fixtures.fake_tools import fake_tools

__all__ = ["fake_tools"]


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets an empty settings file path of its own; the variables that override
    settings are cleared (a test that needs one sets it)."""
    path = tmp_path / "hmdesk-config" / "config.json"
    monkeypatch.setenv("HMDESK_CONFIG", str(path))
    for var in ("HMDESK_EDITOR", "HMDESK_THEME", "DEVECO_SDK_HOME", "NODE_HOME"):
        monkeypatch.delenv(var, raising=False)
    yield path
