"""IndexWatcher: the index follows files created, changed, moved and deleted on disk."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.codeindex.watcher import IndexWatcher

from .sources import ABILITY, ENTRY_ABILITY_ETS, INDEX, write_project


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_watcher_picks_up_changes(tmp_path: Path) -> None:
    project = write_project(tmp_path / "proj")
    index = CodeIndex(project)
    index.scan()
    reports: list[set[str]] = []
    threads: set[str] = set()
    changed = threading.Condition()  # notified by every on_change, after the index was updated

    def on_change(paths: set[str]) -> None:
        with changed:
            reports.append(paths)
            threads.add(threading.current_thread().name)
            changed.notify_all()

    def reported() -> set[str]:
        return set().union(*reports) if reports else set()

    def wait_until(cond: Callable[[], bool]) -> None:
        """Wait for the watcher's reports until ``cond()`` holds (checked at each report)."""
        with changed:
            assert changed.wait_for(cond, timeout=10), "condition not met before the deadline"

    with IndexWatcher(index, on_change, debounce=0.2):
        f = project / ABILITY
        f.write_text("\n\n\n" + ENTRY_ABILITY_ETS, encoding="utf-8")
        wait_until(lambda: index.find("EntryAbility.onCreate")[0].start_line == 8)
        wait_until(lambda: ABILITY in reported())

        new = project / "entry/src/main/ets/pages/Detail.ets"
        new.write_text("@Component\nstruct Detail {\n  build() {}\n}\n", encoding="utf-8")
        wait_until(lambda: bool(index.find("Detail.build")))

        moved = new.with_name("Detail2.ets")
        new.rename(moved)
        wait_until(
            lambda: (
                [e.path for e in index.find("Detail")] == ["entry/src/main/ets/pages/Detail2.ets"]
            )
        )

        (project / INDEX).unlink()
        wait_until(lambda: not index.find("Index.build"))

        # a skipped folder and a non-source file are ignored. Their events reach the watcher
        # before those of the file written after them (one event queue, in order), so once that
        # later file is indexed, the ignored ones have been seen and skipped.
        (project / "oh_modules/lib/Other.ets").write_text("struct Other { build() {} }\n")
        (project / "notes.txt").write_text("struct Nope {}\n")
        later = project / "entry/src/main/ets/pages/Later.ets"
        later.write_text("@Component\nstruct Later {\n  build() {}\n}\n", encoding="utf-8")
        wait_until(lambda: bool(index.find("Later.build")))
        assert not index.find("Other") and not index.find("Nope")
        with changed:
            assert not any("oh_modules" in p or p.endswith(".txt") for p in reported())
    assert threads == {"codeindex-watch"}


def test_stop_joins_and_is_idempotent(tmp_path: Path) -> None:
    index = CodeIndex(write_project(tmp_path / "p"))
    index.scan()
    w = IndexWatcher(index)
    w.start()
    w.stop()
    w.stop()
    assert not any(t.name == "codeindex-watch" for t in threading.enumerate())
