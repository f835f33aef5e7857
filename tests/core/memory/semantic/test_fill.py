"""fill_embeddings: batches committed one by one, progress, cancel, and a second run that
picks up where the first stopped."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.semantic import EmbedderError, FakeEmbedder, cache
from hmdesk.core.memory.semantic.embedder import Kind
from hmdesk.core.memory.semantic.fill import fill_embeddings
from hmdesk.core.memory.store import MemoryStore


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    for i in range(7):
        s.add(f"memory number {i} about hdc and hvigor")
    yield s
    s.close()
    db.close()


def test_fill_embeds_everything_in_batches_with_progress(store: MemoryStore) -> None:
    emb = FakeEmbedder(dim=16, batch_size=3)
    seen: list[tuple[int, int]] = []
    result = fill_embeddings(store.db, emb, lambda d, t: seen.append((d, t)))
    assert (result.total, result.embedded, result.skipped, result.cancelled) == (7, 7, 0, False)
    assert result.done and emb.calls == 3
    assert seen == [(0, 7), (3, 7), (6, 7), (7, 7)]
    assert len(cache.load(store.db, emb.model_id)) == 7
    again = fill_embeddings(store.db, emb)  # nothing left to do
    assert (again.total, again.embedded, again.done) == (0, 0, True) and emb.calls == 3


def test_cancel_keeps_the_committed_batches_and_a_second_run_resumes(store: MemoryStore) -> None:
    emb = FakeEmbedder(dim=16, batch_size=2)
    seen: list[int] = []
    first = fill_embeddings(
        store.db, emb, lambda d, _t: seen.append(d), cancel=lambda: len(seen) >= 3
    )
    assert first.cancelled and not first.done and first.embedded == 4
    assert cache.status(store.db, emb.model_id).pending == 3
    second = fill_embeddings(store.db, emb)
    assert (second.total, second.embedded, second.done) == (3, 3, True)
    assert cache.status(store.db, emb.model_id).embedded == 7


def test_an_embedder_error_keeps_what_was_committed_before(store: MemoryStore) -> None:
    class Flaky(FakeEmbedder):
        def _embed_batch(self, texts: list[str], kind: Kind) -> np.ndarray:
            if self.calls == 2:
                raise EmbedderError("the endpoint went away")
            return super()._embed_batch(texts, kind)

    emb = Flaky(dim=16, batch_size=2)
    with pytest.raises(EmbedderError, match="went away"):
        fill_embeddings(store.db, emb)
    assert cache.status(store.db, emb.model_id).embedded == 4
