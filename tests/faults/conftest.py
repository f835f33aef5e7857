"""The fault suite counts its hostile kinds.

A fault test names the kinds of hostile input or event it throws at hmdesk with
``@pytest.mark.hostile("kind", …)`` (a damaged database page, a FIFO where a file should be, a
server that never answers, …). A kind names the hostile input or event itself, never the test:
two tests throwing the same thing name the same kind, and it is counted once. The kinds of the collected tests are counted and the count is
printed at the end of the run (``fault suite: N hostile kinds``); ``make fuzz`` prints it too.
"""

from __future__ import annotations

import pytest

KINDS: set[str] = set()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for mark in item.iter_markers("hostile"):
            KINDS.update(str(k) for k in mark.args)


def pytest_terminal_summary(terminalreporter: pytest.TerminalReporter) -> None:
    if KINDS:
        terminalreporter.write_line(f"fault suite: {len(KINDS)} hostile kinds")
