"""The one small interface every embedder implements, and its errors.

An :class:`Embedder` turns texts into unit-length float32 vectors (one row per text), so a dot
product is the cosine similarity. ``kind`` says whether a text is a search query or a stored
passage (a memory): e5 models read them with different prefixes, others ignore it. Work is done
in batches of :attr:`Embedder.batch_size`; ``cancel`` is asked between batches, so a long fill
stops within one batch.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from typing import Literal

import numpy as np
import numpy.typing as npt

Kind = Literal["query", "passage"]
KINDS: tuple[Kind, ...] = ("query", "passage")
Vectors = npt.NDArray[np.float32]

INSTALL_COMMAND = "pip install 'hmdesk[semantic]'"


class EmbedderError(Exception):
    """An embedder failed (a refused key, an endpoint that does not answer, a malformed answer).
    The message says what happened and what to do; it never holds a key."""


class EmbedderUnavailable(EmbedderError):
    """The embedder cannot be used here (its optional package is not installed, or it is not
    configured). ``install`` is the command that makes it available, when there is one."""

    def __init__(self, message: str, install: str | None = None) -> None:
        super().__init__(message)
        self.install = install


class EmbeddingCancelled(EmbedderError):
    """``cancel`` said stop between two batches. ``done`` texts were embedded before."""

    def __init__(self, done: int) -> None:
        super().__init__(f"cancelled after {done} texts")
        self.done = done


def normalized(vectors: npt.ArrayLike) -> Vectors:
    """``vectors`` as a float32 matrix whose rows have length 1 (a zero row stays zero)."""
    out = np.array(vectors, dtype=np.float32, copy=True, ndmin=2)
    norms = np.linalg.norm(out, axis=1, keepdims=True)
    np.divide(out, norms, out=out, where=norms > 0)
    return out


class Embedder(ABC):
    """Texts in, unit vectors out. Subclasses implement :meth:`_embed_batch` (and set
    :attr:`model_id`, :attr:`dim`); :meth:`embed` does the batching, the cancel checks, the
    checks of what came back and the normalisation.

    :attr:`model_id` names the model and everything that changes its vectors: cached vectors
    are kept per model id, so two embedders with the same id must give the same vectors.
    :attr:`dim` is 0 until known (a remote endpoint says it with its first answer)."""

    model_id: str = ""
    dim: int = 0
    batch_size: int = 32

    @abstractmethod
    def _embed_batch(self, texts: list[str], kind: Kind) -> npt.ArrayLike:
        """One batch: a ``(len(texts), dim)`` array-like, not necessarily normalised."""

    def embed(
        self,
        texts: Sequence[str],
        *,
        kind: Kind,
        cancel: Callable[[], bool] | None = None,
        progress: Callable[[int, int], None] | None = None,
    ) -> Vectors:
        """A ``(len(texts), dim)`` float32 matrix of unit vectors, row i for ``texts[i]``.

        Raises :class:`EmbeddingCancelled` when ``cancel()`` turns true between batches,
        :class:`EmbedderError` when the model fails. ``progress(done, total)`` after each batch."""
        if kind not in KINDS:
            raise ValueError(f"kind must be 'query' or 'passage', not {kind!r}")
        items = list(texts)
        if any(not isinstance(t, str) for t in items):
            raise TypeError("embed takes a sequence of str")
        parts: list[Vectors] = []
        size = max(1, int(self.batch_size))
        for start in range(0, len(items), size):
            if cancel is not None and cancel():
                raise EmbeddingCancelled(start)
            batch = items[start : start + size]
            rows = normalized(self._embed_batch(batch, kind))
            if rows.shape[0] != len(batch):
                raise EmbedderError(
                    f"{self.model_id} returned {rows.shape[0]} vectors for {len(batch)} texts"
                )
            if self.dim and rows.shape[1] != self.dim:
                raise EmbedderError(
                    f"{self.model_id} returned vectors of {rows.shape[1]} dimensions, "
                    f"expected {self.dim}"
                )
            self.dim = int(rows.shape[1])
            parts.append(rows)
            if progress is not None:
                progress(start + len(batch), len(items))
        if not parts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return np.concatenate(parts) if len(parts) > 1 else parts[0]

    def embed_query(self, text: str) -> npt.NDArray[np.float32]:
        """One query's vector (``(dim,)``)."""
        return self.embed([text], kind="query")[0]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.model_id} dim={self.dim}>"
