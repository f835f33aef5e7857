"""The Embedder interface with the deterministic fake: shapes, unit rows, batching, cancel,
similar texts closer than unrelated ones, and the same vectors in every process."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest
from hmdesk.core.memory.semantic import (
    EmbedderError,
    EmbeddingCancelled,
    FakeEmbedder,
    get_embedder,
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


def test_similar_texts_are_closer_than_unrelated_ones() -> None:
    emb = FakeEmbedder()
    q = emb.embed_query("hdc install failed with 9568332")
    docs = emb.embed(
        ["install failed: 9568332 signature mismatch", "ArkTS @State decorator in a struct"],
        kind="passage",
    )
    assert docs[0] @ q > docs[1] @ q
    zh = emb.embed_query("应用安装失败")
    zh_docs = emb.embed(["安装失败 签名不一致", "模拟器启动很慢"], kind="passage")
    assert zh_docs[0] @ zh > zh_docs[1] @ zh


def test_the_same_text_gives_the_same_vector_in_another_process() -> None:
    here = FakeEmbedder().embed_query("hvigor 构建失败").tolist()
    code = (
        "from hmdesk.core.memory.semantic import FakeEmbedder;"
        "print(FakeEmbedder().embed_query('hvigor 构建失败').tolist())"
    )
    there = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert np.allclose(here, json.loads(there))


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


def test_the_fake_provider_is_the_fake() -> None:
    emb = get_embedder("fake")
    assert isinstance(emb, FakeEmbedder) and emb.model_id == "fake-ngram-256"
