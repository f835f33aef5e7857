"""The Embedder interface, through the deterministic fake: shapes, unit rows, batching, cancel,
progress, and clear errors for bad arguments and misbehaving models."""

from __future__ import annotations

import numpy as np
import pytest
from hmdesk.core.memory.semantic import (
    EmbedderError,
    EmbeddingCancelled,
    FakeEmbedder,
    normalized,
)
from hmdesk.core.memory.semantic.embedder import Embedder, Kind


def test_rows_are_unit_float32_one_per_text() -> None:
    emb = FakeEmbedder(dim=64, batch_size=3)
    out = emb.embed(["a b", "hdc install", "安装失败", "x", ""], kind="passage")
    assert out.shape == (5, 64) and out.dtype == np.float32
    assert np.allclose(np.linalg.norm(out[:4], axis=1), 1.0, atol=1e-5)
    assert not out[4].any()  # an empty text: a zero row, not NaN
    assert emb.calls == 2  # 5 texts in batches of 3
    assert emb.embed([], kind="query").shape == (0, 64)
    assert emb.embed_query("hdc").shape == (64,)


def test_cancel_is_asked_between_batches_and_progress_after_each() -> None:
    emb = FakeEmbedder(batch_size=2)
    seen: list[tuple[int, int]] = []
    with pytest.raises(EmbeddingCancelled) as info:
        emb.embed(
            ["a", "b", "c", "d", "e"],
            kind="passage",
            cancel=lambda: len(seen) >= 2,
            progress=lambda d, t: seen.append((d, t)),
        )
    assert info.value.done == 4 and seen == [(2, 5), (4, 5)]
    assert emb.calls == 2


def test_bad_arguments_and_bad_models_are_clear_errors() -> None:
    emb = FakeEmbedder()
    with pytest.raises(ValueError, match="kind"):
        emb.embed(["a"], kind="document")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        emb.embed([b"bytes"], kind="query")  # type: ignore[list-item]

    class Short(Embedder):
        model_id, dim = "short", 4

        def _embed_batch(self, texts: list[str], kind: Kind) -> np.ndarray:
            return np.ones((len(texts) - 1, 4))

    with pytest.raises(EmbedderError, match="returned 1 vectors for 2 texts"):
        Short().embed(["a", "b"], kind="query")

    class Wide(Short):
        def _embed_batch(self, texts: list[str], kind: Kind) -> np.ndarray:
            return np.ones((len(texts), 5))

    with pytest.raises(EmbedderError, match="5 dimensions, expected 4"):
        Wide().embed(["a"], kind="query")


def test_normalized_leaves_zero_rows_zero() -> None:
    out = normalized([[3.0, 4.0], [0.0, 0.0]])
    assert out.dtype == np.float32
    assert np.allclose(out, [[0.6, 0.8], [0.0, 0.0]])
