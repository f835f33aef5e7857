"""IndexWatcher: the index follows files created, changed, moved and deleted on disk."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from pathlib import Path

from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.codeindex.watcher import IndexWatcher

from .sources import ABILITY, ENTRY_ABILITY_ETS, INDEX, write_project


def wait_until(cond: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if cond():
            return
        time.sleep(0.02)
    assert cond(), "condition not met before the deadline"


def test_watcher_picks_up_changes(tmp_path: Path) -> None:
    project = write_project(tmp_path / "proj")
    index = CodeIndex(project)
    index.scan()
    reports: list[set[str]] = []
    lock = threading.Lock()
    threads: set[str] = set()

    def on_change(paths: set[str]) -> None:
        with lock:
            reports.append(paths)
            threads.add(threading.current_thread().name)

    def reported() -> set[str]:
        with lock:
            return set().union(*reports) if reports else set()

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

        # a skipped folder and a non-source file are ignored
        (project / "oh_modules/lib/Other.ets").write_text("struct Other { build() {} }\n")
        (project / "notes.txt").write_text("struct Nope {}\n")
        time.sleep(0.5)
        assert not index.find("Other")
    assert threads == {"codeindex-watch"}


def test_stop_joins_and_is_idempotent(tmp_path: Path) -> None:
    index = CodeIndex(write_project(tmp_path / "p"))
    index.scan()
    w = IndexWatcher(index)
    w.start()
    w.stop()
    w.stop()
    assert not any(t.name == "codeindex-watch" for t in threading.enumerate())
