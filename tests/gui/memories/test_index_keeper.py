"""The window's store does not refresh the stored search index inside its writes
(``keep_index=False``); the area's :class:`IndexKeeper` does it on a worker thread."""

from __future__ import annotations

import sqlite3
import threading

import hmdesk.gui.common.index_keeper as keeper_mod
from hmdesk.core.memory.search_index.maintain import dbapi_of, index_state


def _forget_snapshot(path: object) -> None:
    with sqlite3.connect(str(path)) as conn:
        conn.execute("DELETE FROM search_meta WHERE key = 'snapshot'")
    conn.close()


def test_the_window_store_leaves_the_index_to_the_keeper(ctx):
    assert ctx.store.keep_index is False


def test_a_write_in_the_window_refreshes_the_index_on_a_worker(area, ctx, qtbot, monkeypatch):
    threads: list[str] = []
    real = keeper_mod.refresh_index

    def spy(db: object) -> str:
        threads.append(threading.current_thread().name)
        assert threading.current_thread() is not threading.main_thread()
        return real(db)  # type: ignore[arg-type]

    monkeypatch.setattr(keeper_mod, "refresh_index", spy)
    _forget_snapshot(ctx.db.path)  # a refresh is due at the next check
    with qtbot.waitSignal(area.index_keeper.refreshed, timeout=10_000) as sig:
        ctx.store.add("hdc install fails: sign the hap first", tags=["t"])
    assert str(sig.args[0]).startswith("rebuilt")
    assert threads and threading.main_thread().name not in threads
    with ctx.db.read() as s:
        state = index_state(dbapi_of(s))
    assert state.problem is None and state.size == ctx.store.count()


def test_one_refresh_at_a_time(area, qtbot, monkeypatch):
    started = threading.Event()
    release = threading.Event()
    calls: list[int] = []

    def slow(_db: object) -> str:
        calls.append(1)
        started.set()
        release.wait(10)
        return "current"

    monkeypatch.setattr(keeper_mod, "refresh_index", slow)
    keeper = area.index_keeper
    keeper.run_now()
    qtbot.waitUntil(started.is_set)
    keeper.run_now()  # while one runs: remembered, not started
    keeper.run_now()
    assert keeper.running and len(calls) == 1
    with qtbot.waitSignals([keeper.refreshed, keeper.refreshed], timeout=10_000):
        release.set()
    qtbot.waitUntil(lambda: not keeper.running)
    assert len(calls) == 2  # the writes during the run led to exactly one more
