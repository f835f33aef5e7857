"""The background embedding fill when the embedder fails (it raises, or its endpoint cannot be
reached): one clear line for the user, no crash, and the memories still rank lexically."""

from __future__ import annotations

import socket
from typing import Any

import pytest
from hmdesk.core.memory.retrieve.profile import HYBRID
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.semantic import FakeEmbedder
from hmdesk.core.memory.semantic.embedder import Kind

from tests.gui.memories.conftest import wait_idle


class BrokenEmbedder(FakeEmbedder):
    """A model that raises (a damaged model file, a ctypes error…) on every batch."""

    def _embed_batch(self, texts: list[str], kind: Kind) -> Any:
        raise RuntimeError("model file is damaged")


def closed_port() -> int:
    """A local port nothing listens on (connection refused at once, no timeout)."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
    return port


def test_unreachable_endpoint_says_so_and_hybrid_ranks_lexically(
    loaded: Any, qtbot: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = f"http://127.0.0.1:{closed_port()}/v1"
    monkeypatch.setenv("HMDESK_EMBED_PROVIDER", "openai")
    monkeypatch.setenv("HMDESK_EMBED_URL", url)
    monkeypatch.setenv("HMDESK_EMBED_MODEL", "text-embedding-3-small")
    area = loaded
    messages: list[str] = []
    area.embedding_fill._show_info = messages.append
    area.query_bar.mark_unavailable_profiles()
    area.query_bar.text.setText("hdc install")
    with qtbot.waitSignal(area.embedding_fill.finished, timeout=20_000) as done:
        area.query_bar.profile.setCurrentText("hybrid")
    assert done.args[0] is None  # failed, reported, not raised
    assert len(messages) == 1 and "\n" not in messages[0]
    assert messages[0].startswith("Embeddings could not be computed: ")
    assert "cannot reach the embeddings endpoint" in messages[0] and "127.0.0.1" in messages[0]
    assert not area.embedding_fill.is_running() and not area.embedding_fill.bar.isVisible()
    qtbot.waitUntil(
        lambda: area.result is not None and area.result.query.profile.name == "hybrid",
        timeout=10_000,
    )
    wait_idle(qtbot, area)
    hybrid = area.result
    assert hybrid.results and "semantic part unavailable" in (hybrid.note or "")
    default = area.ctx.retriever.search(Query("hdc install", limit=hybrid.query.limit))
    assert [r.memory.id for r in hybrid.results] == [r.memory.id for r in default.results]


def test_a_raising_model_is_reported_and_search_goes_on(ctx: Any, qtbot: Any) -> None:
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.gui.memories.embedding_fill import EmbeddingFill
    from PySide6.QtWidgets import QVBoxLayout, QWidget

    ids = [
        ctx.store.add(f"hdc install fails with code {i}", confidence=0.5 + i / 10).id
        for i in range(4)
    ]
    retriever = Retriever(ctx.store, embedder=BrokenEmbedder(dim=32))
    host = QWidget()
    QVBoxLayout(host)
    qtbot.addWidget(host)
    messages: list[str] = []
    fill = EmbeddingFill(retriever, host, messages.append)
    try:
        with qtbot.waitSignal(fill.finished, timeout=10_000) as done:
            assert fill.ensure()
        assert done.args[0] is None
        assert messages == ["Embeddings could not be computed: model file is damaged"]
        assert not fill.is_running() and not fill.bar.isVisible()
        result = retriever.search(Query("hdc install", profile=HYBRID))
        assert "model file is damaged" in (result.note or "")
        assert "semantic" not in result.results[0].components
        assert [r.memory.id for r in result.results] == ids[::-1]  # by confidence, lexically
        assert fill.ensure()  # it may try again (the model may have been fixed)
        qtbot.waitUntil(lambda: not fill.is_running(), timeout=10_000)
    finally:
        retriever.close()
