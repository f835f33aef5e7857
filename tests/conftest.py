"""Fixtures shared by every test folder: the fake hdc/hvigorw (``fake_tools``), and a settings
file of its own for every test (``HMDESK_CONFIG``) and a cache folder for the run
(``HMDESK_CACHE_DIR``), so no test reads or writes the user's.

Hypothesis examples come from the profiles registered here, chosen with
``--hypothesis-profile``: ``check`` (``make check``), ``ci`` (``make test``, and plain ``pytest``)
and ``fuzz`` (``make fuzz``). A test whose every example is costly runs a share of them
(:func:`tests.fixtures.examples.share`), never a count of its own."""

import atexit
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
if "HMDESK_CACHE_DIR" not in os.environ:
    # caches (the Chinese dictionary's) go to a folder of this run, not the user's
    _cache = tempfile.mkdtemp(prefix="hmdesk-test-cache-")
    os.environ["HMDESK_CACHE_DIR"] = _cache
    atexit.register(shutil.rmtree, _cache, True)

from tests.fixtures.fake_tools import fake_tools

# No time limits: a busy machine (or CI) makes any example slow now and then; speed is the
# benchmarks' job, as in every other test.
settings.register_profile(
    "ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
settings.register_profile("check", parent=settings.get_profile("ci"), max_examples=20)
settings.register_profile("fuzz", parent=settings.get_profile("ci"), max_examples=8000)
settings.load_profile("ci")  # --hypothesis-profile, read after this file, wins

__all__ = ["fake_tools"]


@pytest.fixture(autouse=True)
def _isolated_config(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Every test gets an empty settings file path of its own; the variables that override
    settings are cleared (a test that needs one sets it)."""
    path = tmp_path / "hmdesk-config" / "config.json"
    monkeypatch.setenv("HMDESK_CONFIG", str(path))
    # what runs keep from the device (screenshots, layouts) goes to the test's folder
    monkeypatch.setenv("HMDESK_EVIDENCE_DIR", str(tmp_path / "hmdesk-evidence"))
    for var in ("HMDESK_EDITOR", "HMDESK_THEME", "DEVECO_SDK_HOME", "NODE_HOME"):
        monkeypatch.delenv(var, raising=False)
    yield path


# ------------------------------------------------------------- the fault suite's hostile kinds
# A fault test names the kinds of hostile input or event it throws at hmdesk with
# ``@pytest.mark.hostile("kind", …)`` (a damaged database page, a FIFO where a file should be, a
# server that never answers, …). A kind names the hostile input or event itself, never the test:
# two tests throwing the same thing name the same kind, and it is counted once. The kinds of the
# collected tests are counted and printed at the end of the run (``fault suite: N hostile
# kinds``), by ``make fuzz`` too. Here, not in tests/faults: under pytest-xdist (``make unit``,
# ``make fuzz``) the workers collect and the controller prints, and only this file is loaded by
# both; each worker hands its kinds over in ``workeroutput``.
HOSTILE_KINDS: set[str] = set()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for mark in item.iter_markers("hostile"):
            HOSTILE_KINDS.update(str(k) for k in mark.args)


def pytest_sessionfinish(session: pytest.Session) -> None:
    workeroutput = getattr(session.config, "workeroutput", None)
    if workeroutput is not None:  # an xdist worker
        workeroutput["hostile_kinds"] = sorted(HOSTILE_KINDS)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: object, error: object) -> None:
    """xdist's controller: a worker finished; its kinds join the count."""
    HOSTILE_KINDS.update(getattr(node, "workeroutput", {}).get("hostile_kinds", ()))


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if HOSTILE_KINDS:
        terminalreporter.write_line(f"fault suite: {len(HOSTILE_KINDS)} hostile kinds")
