"""The window on a PostgreSQL team store: it opens, searches, and never shows the password
(title, database label, Preferences)."""

from __future__ import annotations

from collections.abc import Iterator
from urllib.parse import urlsplit, urlunsplit

import pytest
from hmdesk.gui.main_window import MainWindow
from PySide6.QtCore import QSettings, QThreadPool

from tests.fixtures.postgres import fresh_url

SECRET = "w1ndow-s3cret"


@pytest.fixture
def url_with_password() -> Iterator[str]:
    """The test server's URL with a password in it (the throwaway server trusts local users, so
    the password is carried and ignored: exactly what must not be shown)."""
    with fresh_url() as url:
        parts = urlsplit(url)
        netloc = parts.netloc.replace("@", f":{SECRET}@", 1)
        yield urlunsplit(parts._replace(netloc=netloc))


def test_the_window_on_a_team_store_hides_the_password(qtbot, tmp_path, url_with_password):
    from hmdesk.gui.context import build_context

    settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
    ctx = build_context(url_with_password, settings)
    try:
        ctx.store.add("arkts: @State for local state", tags=["arkts"])
        w = MainWindow(None, settings=settings)
        qtbot.addWidget(w)
        w.show()
        with qtbot.waitSignal(w.context_ready):
            w.set_context(ctx)
        assert SECRET not in w.windowTitle() and "***" in w.windowTitle()
        assert SECRET not in w.db_label.text()
        from hmdesk.core.memory.retrieve.results import Query

        found = ctx.retriever.search(Query(text="arkts")).results
        assert [r.memory.content for r in found] == ["arkts: @State for local state"]
        w.close()
        QThreadPool.globalInstance().waitForDone(10_000)
    finally:
        ctx.retriever.close()
        ctx.store.close()
        ctx.db.close()


def test_a_lost_server_connection_is_reopened_and_said_in_the_status_bar(
    qtbot, tmp_path, monkeypatch
):
    """The server ends the window's search connection (as a restart does): the next search
    opens it again, answers, and the status bar says what happened."""
    import psycopg
    from hmdesk.core.memory.retrieve.results import Query
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.gui.context import build_context
    from hmdesk.gui.memories.area import MemoriesArea
    from hmdesk.gui.memories.query_bar import QuerySpec

    monkeypatch.setattr(Retriever, "LOCAL_INDEX_MAX", 0)  # the server answers every search

    with fresh_url() as url:
        settings = QSettings(str(tmp_path / "settings.ini"), QSettings.Format.IniFormat)
        ctx = build_context(url, settings)
        try:
            ctx.store.add("arkts: @State for local state", tags=["arkts"])
            w = MainWindow(None, settings=settings)
            qtbot.addWidget(w)
            w.show()
            with qtbot.waitSignal(w.context_ready):
                w.set_context(ctx)
            assert ctx.retriever.search(Query(text="arkts")).results
            conn = ctx.retriever._server._conn
            with psycopg.connect(url, autocommit=True) as admin:
                admin.execute("SELECT pg_terminate_backend(%s)", (conn.info.backend_pid,))
            area = w.findChild(MemoriesArea)
            searcher = area.searcher
            with qtbot.waitSignal(searcher.result_ready, timeout=20_000) as got:
                searcher.submit(QuerySpec(text="arkts"))
            assert [r.memory.id for r in got.args[0].results]
            assert ctx.retriever.reconnected == 1
            qtbot.waitUntil(lambda: "opened again" in w.statusBar().currentMessage())
            QThreadPool.globalInstance().waitForDone(10_000)  # the window's own workers first
            w.close()
            QThreadPool.globalInstance().waitForDone(10_000)
        finally:
            ctx.retriever.close()
            ctx.store.close()
            ctx.db.close()
