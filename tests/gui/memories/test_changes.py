"""Keeping up with the store: completions from the store, changes by another connection."""

from __future__ import annotations

import pytest

from .conftest import search, wait_idle


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_tag_completion_comes_from_the_store(loaded, qtbot):
    qtbot.waitUntil(lambda: "9568320" in loaded.query_bar.tag_completer.tag_model.stringList())
    result = search(qtbot, loaded, "", tags="hilog")
    assert result.results and all("hilog" in s.memory.tags for s in result.results)


def test_a_change_by_another_connection_shows_up(loaded, qtbot, ctx):
    """The CLI or a second window writes to the same file: data_version moves, the query re-runs."""
    from hmdesk.core.db import Database
    from hmdesk.core.memory.store import MemoryStore

    search(qtbot, loaded, "hvigor")
    db = Database(ctx.db.path)
    try:
        other = MemoryStore(db)
        loaded.changes.poll_data_version()  # the version before the change
        added = other.add("hvigor clean fixes a stale .hvigor cache", tags=["hvigor"])
        loaded.changes.poll_data_version()  # the 1 s timer's job, done now
        qtbot.waitUntil(lambda: added.id in loaded.model.ids(), timeout=5000)
        wait_idle(qtbot, loaded)
        other.close()
    finally:
        db.close()
    assert loaded.store.get(added.id).content.startswith("hvigor clean")


def test_a_write_that_changes_no_memory_re_runs_nothing(loaded, qtbot, ctx):
    """The access log (the window logs the results it shows), the stored index or a run change
    the file too; only a new memory event re-runs the query and re-reads the tags."""
    from hmdesk.core.db import Database
    from hmdesk.core.memory.access.log import AccessLog

    search(qtbot, loaded, "hvigor")
    changed: list[object] = []
    loaded.changes.changed.connect(changed.append)
    db = Database(ctx.db.path)
    try:
        loaded.changes.poll_data_version()
        AccessLog(db).record_query("hvigor", [loaded.model.ids()[0]])
        loaded.changes.poll_data_version()
        assert changed == [] and not loaded.changes.refresh_pending()
    finally:
        db.close()


def test_completions_wait_while_the_user_types(loaded, qtbot):
    loaded.query_bar.tag_completer.tag_model.setStringList([])
    typing = [True]
    loaded.changes.busy = lambda: typing[0]
    loaded.changes.load_completions()
    assert loaded.changes._meta_timer.isActive()  # asked again later, nothing read now
    qtbot.wait(50)
    assert loaded.query_bar.tag_completer.tag_model.stringList() == []
    typing[0] = False
    with qtbot.waitSignal(loaded.changes.completions_loaded, timeout=5000):
        loaded.changes.load_completions()
