"""Which embedder the ``hybrid`` retrieval profile uses, from the settings.

The local model when its extra is installed, else the OpenAI-compatible endpoint when one is
configured (``embed_url``, ``embed_model``); ``HMDESK_EMBED_PROVIDER`` (``local``, ``openai`` or
``fake``, the deterministic test embedder) names one outright. Nothing is loaded or called to
decide. Without either, the profile is unavailable and :func:`hybrid_unavailable_reason` says how
to make it available (:data:`~.embedder.INSTALL_COMMAND`).
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from hmdesk.core.memory.semantic.embedder import INSTALL_COMMAND, Embedder, EmbedderUnavailable
from hmdesk.core.memory.semantic.providers import PROVIDERS, get_embedder, unavailable_reason

PROVIDER_ENV = "HMDESK_EMBED_PROVIDER"


def hybrid_provider(
    env: Mapping[str, str] | None = None, values: Mapping[str, str] | None = None
) -> str | None:
    """The provider the hybrid profile would use (None: none can be used)."""
    env = os.environ if env is None else env
    named = env.get(PROVIDER_ENV, "").strip()
    if named:
        if named in PROVIDERS and unavailable_reason(named, env, values) is None:
            return named
        return None
    for provider in ("local", "openai"):
        try:
            if unavailable_reason(provider, env, values) is None:
                return provider
        except Exception:  # noqa: BLE001 - an unreadable settings file: that provider is not usable
            continue
    return None


def hybrid_unavailable_reason(
    env: Mapping[str, str] | None = None, values: Mapping[str, str] | None = None
) -> str | None:
    """Why the hybrid profile cannot be used here, with what to do (None when it can)."""
    env = os.environ if env is None else env
    if hybrid_provider(env, values) is not None:
        return None
    named = env.get(PROVIDER_ENV, "").strip()
    if named:
        if named not in PROVIDERS:
            return f"{PROVIDER_ENV}={named!r} is not one of {', '.join(PROVIDERS)}"
        return f"the hybrid profile needs an embedder: {unavailable_reason(named, env, values)}"
    return (
        f"the hybrid profile needs an embedder: {INSTALL_COMMAND} "
        "(or set an OpenAI-compatible endpoint: hmdesk-cli config set embed_url URL)"
    )


def hybrid_embedder(
    env: Mapping[str, str] | None = None, values: Mapping[str, str] | None = None
) -> Embedder:
    """The hybrid profile's embedder; :class:`EmbedderUnavailable` when there is none."""
    provider = hybrid_provider(env, values)
    if provider is None:
        reason = hybrid_unavailable_reason(env, values) or "no embedder"
        raise EmbedderUnavailable(reason, INSTALL_COMMAND)
    return get_embedder(provider, env, values)
