"""The access log in the Memories area: the detail pane's section and "This helped", settled
queries recorded once, the workspace box, and "As of" (time travel, read-only)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from hmdesk.core.memory.access import AccessLog
from hmdesk.core.memory.hmharness.notes import import_notes_bytes
from hmdesk.gui.memories.access_view import EMPTY_ACCESS, access_html

from .conftest import search, wait_idle


def test_access_html_empty_state_and_lines() -> None:
    assert access_html([]) == EMPTY_ACCESS


def test_detail_pane_shows_the_log_and_records_this_helped(loaded, qtbot, ctx):
    search(qtbot, loaded, "hvigor")
    pane = loaded.detail
    mid = pane.memory.id
    assert "Access log" in pane.meta_view.toPlainText()
    assert "Never recalled" in pane.meta_view.toPlainText()
    assert pane.helped_action.isEnabled()
    assert pane.helped_action.shortcut().toString() == "Ctrl+Shift+H"
    pane.helped_action.trigger()
    qtbot.waitUntil(lambda: "helped 1×" in pane.meta_view.toPlainText())
    (row,) = [a for a in AccessLog(ctx.db).for_memory(mid) if a.kind == "feedback"]
    assert row.helped is True and row.query_text == "hvigor"


def test_the_recalls_column_the_access_log_and_show_json_say_one_number(loaded, qtbot, ctx):
    """Issue 32: the Recalls column, the access log and `show --json` gave three counts."""
    import json

    from hmdesk.core.cli.memory import record_to_json
    from hmdesk.gui.memories.model import COL_RECALLS

    search(qtbot, loaded, "hvigor")
    mid = loaded.detail.memory.id
    log = AccessLog(ctx.db)  # recalls written meanwhile (another process: the CLI, an agent)
    for n in range(60):  # more than the detail pane lists
        log.record_query(f"hvigor {n}", [mid])
    log.record_run(9, [mid])
    log.record_feedback(mid, helped=True, run_id=9)  # helped, not a recall
    search(qtbot, loaded, "hvigor sync")
    search(qtbot, loaded, "hvigor")
    loaded.select_id(mid)
    row = loaded.model.row_of(mid)
    column = loaded.model.index(row, COL_RECALLS).data()
    pane = loaded.detail.meta_view.toPlainText()
    shown = json.loads(json.dumps(record_to_json(ctx.store.get(mid))))["recall_count"]
    assert column == "61" and shown == 61
    assert "61 recalls, helped 1× (the newest 50 listed)" in pane and "recalled\n61× (last" in pane


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_only_the_settled_query_is_recorded(loaded, qtbot, ctx):
    recorder = loaded.detail.recorder
    assert recorder is not None
    recorder._timer.setInterval(300)
    search(qtbot, loaded, "hvig")
    search(qtbot, loaded, "hvigor")  # within the settle time: "hvig" is never recorded
    qtbot.waitUntil(lambda: recorder.recorded == 1, timeout=10_000)
    ids = [r.memory.id for r in loaded.result.results[:5]]
    rows = [a for m in ids for a in AccessLog(ctx.db).for_memory(m)]
    assert {a.query_text for a in rows} == {"hvigor"} and len(rows) == len(ids)
    assert sorted(a.rank for a in rows) == list(range(1, len(ids) + 1))
    assert AccessLog(ctx.db).count() == len(ids)


def test_workspace_box_filters(area, qtbot, ctx, tmp_path):
    ctx.store.add("hvigor daemon hangs on Windows")
    import_notes_bytes(
        ctx.store,
        b"- [2026-11-29 19:02] hvigor clean fixes the cache [ws:app]\n"
        b"- [2026-11-29 19:03] hvigor sync in the library [ws:lib]\n",
        tmp_path / "memory.md",
    )
    area.refresh()
    wait_idle(qtbot, area)
    area.query_bar.set_workspaces(["app", "lib"])
    result = search(qtbot, area, "hvigor", workspace="app")
    assert [r.memory.content for r in result.results] == ["hvigor clean fixes the cache"]
    area.query_bar.workspace.setCurrentText("any")
    area.query_bar.text.setText("ws:lib hvigor")  # the key typed in the text
    area.query_bar.emit_now()
    wait_idle(qtbot, area)
    typed = area.result
    assert (typed.query.text, typed.query.workspace) == ("hvigor", "lib")
    assert [r.memory.content for r in typed.results] == ["hvigor sync in the library"]


def test_as_of_shows_the_past_read_only(area, qtbot, ctx):
    mid = ctx.store.add("hvigor build fails with spaces").id
    before = datetime.now(UTC) + timedelta(milliseconds=5)
    qtbot.waitUntil(lambda: datetime.now(UTC) > before + timedelta(milliseconds=5))
    ctx.store.edit(mid, content="hvigor build fails: quote the path")
    area.refresh()
    wait_idle(qtbot, area)
    bar = area.query_bar
    bar.set_as_of(before)
    wait_idle(qtbot, area)
    result = search(qtbot, area, "hvigor")
    assert [r.memory.content for r in result.results] == ["hvigor build fails with spaces"]
    assert bar.as_of_banner.isVisible() and "Read-only" in bar.as_of_banner.text()
    area.select_id(mid)
    assert not area.actions_by_name["edit"].isEnabled()
    bar.now_button.click()
    wait_idle(qtbot, area)
    assert not bar.as_of_banner.isVisible()
    assert [r.memory.content for r in area.result.results] == ["hvigor build fails: quote the path"]
