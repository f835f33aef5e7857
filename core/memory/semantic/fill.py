"""Computing the missing and stale vectors of one embedder, in the background.

:func:`fill_embeddings` embeds the memories that lack a current vector (:func:`.cache.pending`)
batch by batch and commits each batch, so it can be cancelled at any time and picks up where it
stopped when run again. It runs on the caller's thread: the command line runs it directly, the
window from a worker thread (never the GUI thread); ``progress`` and ``cancel`` are plain
callables, no Qt.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np
from hmdesk.core.db import Database
from hmdesk.core.memory.semantic import cache
from hmdesk.core.memory.semantic.embedder import Embedder, EmbedderError


@dataclass(frozen=True)
class FillResult:
    """``embedded`` vectors stored this time of ``total`` pending when it started;
    ``skipped`` were not stored because their memory changed meanwhile; ``cancelled`` when it
    stopped early (the stored batches stay)."""

    model: str
    total: int
    embedded: int
    skipped: int
    cancelled: bool

    @property
    def done(self) -> bool:
        return not self.cancelled and self.embedded + self.skipped == self.total


def fill_embeddings(
    db: Database,
    embedder: Embedder,
    progress: Callable[[int, int], None] | None = None,
    cancel: Callable[[], bool] | None = None,
    *,
    batch_size: int | None = None,
) -> FillResult:
    """Embed every memory that lacks a current vector for ``embedder``'s model.

    ``progress(done, total)`` after each committed batch (and once at the start with 0);
    ``cancel()`` is asked before each batch. An :class:`~.embedder.EmbedderError` from the
    model propagates after the batches before it were committed."""
    todo = cache.pending(db, embedder.model_id)
    total = len(todo)
    size = max(1, batch_size or embedder.batch_size)
    embedded = skipped = done = 0
    if progress is not None:
        progress(0, total)
    for start in range(0, total, size):
        if cancel is not None and cancel():
            return FillResult(embedder.model_id, total, embedded, skipped, True)
        batch = todo[start : start + size]
        vectors = embedder.embed([p.text for p in batch], kind="passage")
        norms = np.einsum("ij,ij->i", vectors, vectors)
        bad = np.flatnonzero(~(np.isfinite(norms) & (norms > 0.5)))  # unit rows, else zero/NaN
        if len(bad):  # a vector that compares with nothing is never stored as current
            raise EmbedderError(
                f"{embedder.model_id} returned an all-zero or non-finite vector for text "
                f"{start + int(bad[0]) + 1} of {total} (memory {batch[int(bad[0])].id}): "
                "it is not stored; the model or its server is broken"
            )
        stored = cache.save(db, embedder.model_id, batch, vectors)
        embedded += stored
        skipped += len(batch) - stored
        done += len(batch)
        if progress is not None:
            progress(done, total)
    return FillResult(embedder.model_id, total, embedded, skipped, False)
