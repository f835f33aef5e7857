"""Query → worker → result: debounced typing, searches off the GUI thread, the hmharness
profile, and the background build of the term postings."""

from __future__ import annotations

import pytest
from hmdesk.core.memory.retrieve.profile import HMHARNESS

from .conftest import search


def test_typing_is_debounced_and_searches_off_thread(loaded, qtbot):
    calls = []
    original = loaded.searcher.run_search

    def spy(spec):
        import threading

        calls.append((spec.text, threading.current_thread() is threading.main_thread()))
        return original(spec)

    loaded.searcher.run_search = spy
    for ch in "hilog":
        qtbot.keyClicks(loaded.query_bar.text, ch)
    qtbot.waitUntil(lambda: loaded.result is not None and loaded.result.query.text == "hilog")
    assert calls and all(not on_main for _t, on_main in calls)
    assert len(calls) < 5  # debounced: not one search per keystroke


def test_hmharness_profile_shows_what_the_agent_gets(loaded, qtbot):
    result = search(qtbot, loaded, "hdc install", profile="hmharness")
    assert result.query.profile.name == "hmharness" and len(result.results) == 10
    direct = loaded.ctx.retriever.search(
        type(result.query)(text="hdc install", profile=HMHARNESS, limit=10)
    )
    assert [s.memory.id for s in direct.results] == loaded.model.ids()
    search(qtbot, loaded, "hdc install", profile="default")
    assert loaded.model.rowCount() > 10


def test_index_postings_are_warmed_off_thread_after_the_first_result(ctx, make_area, qtbot):
    """The first (text-less) result does not wait for the term postings; the area builds them
    on a worker right after, so the first keystroke does not either."""
    import threading

    for i in range(40):
        ctx.store.add(f"hvigor build {i} fails on device {i % 7}", tags=["build"])
    threads: list[bool] = []
    warm = ctx.retriever.warm

    def spy(pause=None) -> None:
        threads.append(threading.current_thread() is threading.main_thread())
        warm(pause)

    ctx.retriever.warm = spy
    area = make_area()
    assert area.result is not None and area.result.query.text == ""
    qtbot.waitUntil(lambda: ctx.retriever.warmed)
    assert threads == [False]
    before = [s.memory.id for s in search(qtbot, area, "device 3").results]
    assert before and ctx.retriever.rebuilds == 1


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_warming_steps_aside_while_the_user_types(ctx, make_area, qtbot):
    """While the query text changes, the background build's pause() blocks; a text search
    submitted meanwhile still gets its result once the typing stops."""
    import threading
    import time

    for i in range(40):
        ctx.store.add(f"hilog crash {i} on device {i % 5}")
    pauses: list[float] = []
    typed = threading.Event()
    warm = ctx.retriever.warm

    def spy(pause=None) -> None:
        def timed_pause() -> None:
            typed.wait(5)  # hold the build at its first pause until the test has typed
            t = time.monotonic()
            pause()
            pauses.append(time.monotonic() - t)

        warm(timed_pause)

    ctx.retriever.warm = spy
    area = make_area()
    area.query_bar.text.setText("hilog")  # typing: the build waits BUSY_PAUSE_S
    assert area.searcher.warming.busy_until > time.monotonic()
    area.searcher.warming.busy_until = time.monotonic() + 1.0  # longer: a slow thread start is fine
    typed.set()
    qtbot.waitUntil(lambda: ctx.retriever.warmed)
    assert pauses and pauses[0] >= 0.3
    # the text search submitted meanwhile waited for the build, then showed its result
    qtbot.waitUntil(lambda: area.result.query.text == "hilog" and not area.is_searching())
    assert area.result.results
    result = search(qtbot, area, "device 3")
    assert result.results and all("device" in s.memory.content for s in result.results)


def test_whose_is_offered_on_a_team_store_and_filters_by_author(qtbot, ctx, make_area):
    from hmdesk.core.memory.store import MemoryStore
    from hmdesk.core.team.identity import current_user

    me = current_user()
    mine = MemoryStore(ctx.db, actor=me).add("hvigor build fails: clean the cache").id
    theirs = MemoryStore(ctx.db, actor="colleague").add("hvigor build fails: proxy").id
    area = make_area()
    bar = area.query_bar
    assert not bar.whose.isVisibleTo(area)  # a personal file: everything is yours
    bar.set_team_store(True)
    assert bar.whose.isVisibleTo(area)
    assert [bar.whose.itemData(i) for i in range(bar.whose.count())] == ["all", "mine", "team"]
    bar.whose.setCurrentIndex(1)
    result = area.searcher.run_search(bar.spec())
    assert [r.memory.id for r in result.results] == [mine] and result.filtered["scope"] == 1
    bar.whose.setCurrentIndex(2)
    result = area.searcher.run_search(bar.spec())
    assert [r.memory.id for r in result.results] == [theirs]
    bar.set_team_store(False)  # back to a file: the filter is off again
    assert bar.spec().scope == "all"


def test_the_workspace_box_shows_only_when_there_are_workspaces(make_area):
    area = make_area()
    bar = area.query_bar
    assert not bar.workspace.isVisibleTo(bar)  # no notes imported: no room taken
    bar.set_workspaces(["hm-app"])
    assert bar.workspace.isVisibleTo(bar) and bar.workspace_label.isVisibleTo(bar)
    bar.set_workspaces([])
    assert not bar.workspace.isVisibleTo(bar)
