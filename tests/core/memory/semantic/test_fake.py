"""The deterministic fake embedder: similar texts closer than unrelated ones (English and
Chinese), the same vectors in every process."""

from __future__ import annotations

import json
import subprocess
import sys

import numpy as np
import pytest
from hmdesk.core.memory.semantic import FakeEmbedder


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


def test_dimension_and_model_id() -> None:
    assert FakeEmbedder(dim=32).model_id == "fake-ngram-32"
    with pytest.raises(ValueError, match="at least 8"):
        FakeEmbedder(dim=4)
