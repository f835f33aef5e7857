"""Choosing an embedder by name, and saying why one is unavailable without loading it."""

from __future__ import annotations

import pytest
from hmdesk.core import config
from hmdesk.core.memory.semantic import (
    PROVIDERS,
    EmbedderUnavailable,
    FakeEmbedder,
    get_embedder,
    unavailable_reason,
)
from hmdesk.core.memory.semantic.remote import RemoteEmbedder


def test_the_fake_provider_is_the_fake() -> None:
    assert PROVIDERS == ("local", "openai", "fake")
    emb = get_embedder("fake")
    assert isinstance(emb, FakeEmbedder) and emb.model_id == "fake-ngram-256"
    assert unavailable_reason("fake") is None


def test_openai_needs_a_url_and_a_model() -> None:
    env: dict[str, str] = {}
    assert "config set embed_url" in (unavailable_reason("openai", env, values={}) or "")
    values = {"embed_url": "https://h/v1"}
    assert "config set embed_model" in (unavailable_reason("openai", env, values=values) or "")
    env = {"HMDESK_EMBED_MODEL": "m", "HMDESK_EMBED_KEY": "k"}
    assert unavailable_reason("openai", env, values=values) is None
    emb = get_embedder("openai", env, values=values)
    assert isinstance(emb, RemoteEmbedder) and emb.model_id == "openai:m@https://h/v1/embeddings"


def test_a_damaged_settings_file_is_a_config_error(_isolated_config: object) -> None:
    path = config.config_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(config.ConfigError):
        get_embedder("openai", env={})


def test_unknown_providers() -> None:
    with pytest.raises(EmbedderUnavailable, match="unknown embedder provider"):
        get_embedder("word2vec")
    with pytest.raises(ValueError, match="unknown embedder provider"):
        unavailable_reason("word2vec")
