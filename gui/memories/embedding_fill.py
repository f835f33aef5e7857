"""Filling in the memories' embeddings in the background, for the hybrid profile.

When the hybrid profile is chosen, :class:`EmbeddingFill` runs
:func:`hmdesk.core.memory.semantic.fill.fill_embeddings` on a worker thread (never the GUI
thread: loading the model and embedding take seconds), shows its progress with a Cancel button
(in the window's status bar, else under the area), and says when it has stored vectors so the
query runs again. Cancelled, the stored batches stay: the next time continues. It checks again
only when the database changed since it last found nothing to do.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING

from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.memories.task_bar import TaskBar
from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.core.memory.semantic.fill import FillResult


class EmbeddingFill(QObject):
    """Signals:
    progress(int, int): done, total (GUI thread).
    finished(object): the :class:`FillResult`, or None when it failed (GUI thread).
    stored(): vectors were stored: the query should run again.
    """

    progress = Signal(int, int)
    finished = Signal(object)
    stored = Signal()
    _progress_from_worker = Signal(int, int)

    def __init__(
        self,
        retriever: Retriever,
        host: QWidget,
        show_info: Callable[[str], None] | None = None,
    ) -> None:
        super().__init__(host)
        self.retriever = retriever
        self._cancel = threading.Event()
        self._running = False
        self._done_at: int | None = None  # the data version when nothing was left to do
        self._show_info = show_info
        self.bar = TaskBar(
            host, "embeddingFill", "Stop computing embeddings (those stored so far are kept)"
        )
        self.bar.cancel.clicked.connect(self.cancel)
        self._progress_from_worker.connect(self._on_progress)  # queued: emitted by the worker

    def is_running(self) -> bool:
        return self._running

    def cancel(self) -> None:
        self._cancel.set()
        if not self._running:
            return
        self.bar.stopping("Cancelling…")

    def ensure(self) -> bool:
        """Start filling in the missing embeddings unless it runs, or found nothing to do and
        the database has not changed since. True when it started."""
        if self._running or self.retriever.semantic_unavailable() is not None:
            return False
        store = self.retriever.store
        if self._done_at is not None and self._done_at == store.data_version():
            return False
        self._running = True
        self._cancel.clear()
        self.bar.start("Embedding memories for the hybrid profile…")
        semantic = self.retriever.semantic
        cancel = self._cancel.is_set
        emit = self._progress_from_worker.emit

        def work() -> FillResult:  # worker thread
            from hmdesk.core.memory.semantic.fill import fill_embeddings

            return fill_embeddings(store.db, semantic.embedder, emit, cancel)

        run_in_thread(work, on_done=self._on_done, on_error=self._on_error)
        return True

    def _on_progress(self, done: int, total: int) -> None:
        if self._running and not self._cancel.is_set():
            self.bar.label.setText(f"Embedding memories… {done:,} of {total:,}")
        self.progress.emit(done, total)

    def _on_done(self, result: FillResult) -> None:
        self._running = False
        self.bar.hide()
        if result.done:
            self._done_at = self.retriever.store.data_version()
        if result.embedded:
            self.retriever.semantic.invalidate()
            self.stored.emit()
        if result.cancelled and self._show_info is not None:
            self._show_info(
                f"Embedding cancelled: {result.embedded:,} of {result.total:,} memories done; "
                "the others rank by their lexical score"
            )
        self.finished.emit(result)

    def _on_error(self, exc: BaseException) -> None:
        self._running = False
        self.bar.hide()
        if self._show_info is not None:
            self._show_info(f"Embeddings could not be computed: {exc}")
        self.finished.emit(None)
