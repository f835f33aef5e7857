"""HilogFeed: the heap is frozen once per process, however many streams start."""

from __future__ import annotations

import gc

from hmdesk.gui.runs.hilog import feed as hilog_feed

from tests.fixtures.fake_tools import FAKE_HDC_KEY


def test_streams_freeze_the_heap_once_per_process(qtbot, monkeypatch):
    frozen: list[int] = []
    monkeypatch.setattr(gc, "get_freeze_count", lambda: len(frozen))
    monkeypatch.setattr(gc, "freeze", lambda: frozen.append(1))
    feeds = [hilog_feed.HilogFeed("/nonexistent/hdc", FAKE_HDC_KEY) for _ in range(3)]
    for feed in feeds:
        monkeypatch.setattr(feed.stream, "start", lambda: None)
        feed.start()  # a new target, a reconnect: never another freeze
    assert frozen == [1]
    for feed in feeds:
        feed.deleteLater()
