"""The embedder, the last query vectors and the cached matrix of one database: what a
:class:`~.retriever.Retriever` gives each hybrid search (:mod:`.hybrid`)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TYPE_CHECKING

from hmdesk.core.memory.retrieve import hybrid
from hmdesk.core.memory.retrieve.hybrid import Mapped, SemanticQuery

if TYPE_CHECKING:
    import numpy as np
    from hmdesk.core.db import Database
    from hmdesk.core.memory.semantic.cache import EmbeddingMatrix
    from hmdesk.core.memory.semantic.clusters import ClusterLists
    from hmdesk.core.memory.semantic.embedder import Embedder
    from numpy.typing import NDArray


class SemanticSource:
    """The embedder, the last query vectors and the cached matrix of one database.

    ``embedder`` is an :class:`Embedder` or a function making one (called on first use);
    ``version()`` is a number that changes when the database changes (the store's
    ``data_version``): the matrix is re-read when it moved. Thread-safe."""

    QUERY_CACHE = 16

    def __init__(
        self,
        db: Database,
        embedder: Embedder | Callable[[], Embedder],
        version: Callable[[], int] | None = None,
    ) -> None:
        self.db = db
        self._make = embedder
        self._embedder: Embedder | None = None
        self._version = version
        self._lock = threading.Lock()
        self._queries: OrderedDict[str, NDArray[np.float32]] = OrderedDict()
        self._matrix: EmbeddingMatrix | None = None
        self._matrix_version: int | None = None
        self._rows: dict[int, Mapped] = {}
        self._lists: ClusterLists | None = None
        self._known: dict[int, str] = {}  # each row's content hash
        self._refresh = threading.Lock()
        self.query_embeddings = 0  # how many query texts were embedded (tests, diagnostics)

    @property
    def embedder(self) -> Embedder:
        with self._lock:
            if self._embedder is None:
                from hmdesk.core.memory.semantic.embedder import Embedder

                made = self._make if isinstance(self._make, Embedder) else self._make()
                self._embedder = made
            return self._embedder

    def query_vector(self, text: str) -> NDArray[np.float32]:
        """The query's vector, embedded once per text (the last :attr:`QUERY_CACHE` kept). Any
        failure of the embedder is an :class:`EmbedderError` (the search ranks lexically)."""
        embedder = self.embedder
        with self._lock:
            hit = self._queries.get(text)
            if hit is not None:
                self._queries.move_to_end(text)
                return hit
        from hmdesk.core.memory.semantic.embedder import EmbedderError

        try:
            vector = embedder.embed_query(text)
        except EmbedderError:
            raise
        except Exception as exc:  # a broken model (re-raised as EmbedderError): lexical only
            raise EmbedderError(f"{embedder.model_id} failed: {exc}") from exc
        with self._lock:
            self.query_embeddings += 1
            self._queries[text] = vector
            while len(self._queries) > self.QUERY_CACHE:
                self._queries.popitem(last=False)
        return vector

    def matrix(self) -> EmbeddingMatrix:
        """The cached vectors of the embedder's model, brought up to date when the database
        changed (only what changed is read: see :func:`~.clusters.refreshed`)."""
        from hmdesk.core.memory.semantic.clusters import refreshed

        model = self.embedder.model_id
        version = self._version() if self._version is not None else None
        with self._refresh:  # one refresh at a time; searches meanwhile wait for it
            with self._lock:
                current, lists = self._matrix, self._lists
                if (
                    current is not None
                    and current.model == model
                    and version is not None
                    and version == self._matrix_version
                ):
                    return current
            loaded, lists, self._known = refreshed(
                self.db, model, current, lists, self._known, hybrid.COARSE_FROM
            )
            with self._lock:
                if loaded is not current:
                    self._rows = {}
                self._matrix, self._matrix_version = loaded, version
                self._lists = lists
            return loaded

    def invalidate(self) -> None:
        """Bring the matrix up to date at the next search (after a fill in this process)."""
        with self._lock:
            self._matrix_version = None

    def prepare(self, text: str) -> SemanticQuery:
        """What a hybrid search of ``text`` needs (the query embedded unless cached)."""
        vector = self.query_vector(text)
        matrix = self.matrix()
        with self._lock:
            if len(self._rows) > 64:  # segments come and go with refreshes
                self._rows = {}
            return SemanticQuery(vector, matrix, self._rows, self._lists)
