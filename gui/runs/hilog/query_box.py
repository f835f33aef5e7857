"""The hilog view's query box: the core's filter language compiled to a predicate, and a line
edit that completes the word under the cursor (keys, seen tags and processes)."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from hmdesk.core.toolchain.hilog.line import HilogLine
from hmdesk.core.toolchain.hilog.query import CrashOf, HilogQuery, complete
from PySide6.QtCore import QStringListModel, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import QCompleter, QLineEdit, QWidget

Predicate = Callable[[HilogLine], bool]


def compile_query(
    text: str,
    bundle: str | None = None,
    only_mine: bool = False,
    pids: Iterable[int] | None = None,
    crash_of: CrashOf | None = None,
) -> tuple[Predicate | None, str | None]:
    """``(predicate or None for "everything", note)`` for a query in the core's language.

    ``only_mine`` ANDs ``package:mine`` (the project's bundle, and ``pids``: a follower's live
    set of its pids). ``crash_of`` (the live detector's ``CrashBook.crash_id_of``) makes
    ``is:crash`` match the lines of detected crashes. The note says what the core ignored, or
    that the query fell back to plain text (never an error).
    """
    mine_pids: Iterable[int] = pids if pids is not None else ()
    q = HilogQuery.parse(text, bundle=bundle, pids=mine_pids, crash_of=crash_of)
    note = q.note
    if q.fallback and not note:
        note = "The query did not parse; searching for the plain text as typed."
    predicate: Predicate | None = None if q.is_empty else q.matches
    if only_mine and bundle:
        mine = HilogQuery.parse("package:mine", bundle=bundle, pids=mine_pids).matches
        if predicate is None:
            predicate = mine
        else:
            base = predicate

            def both(line: HilogLine) -> bool:
                return mine(line) and base(line)

            predicate = both
    return predicate, note


def asks_crashes(text: str) -> bool:
    """Does the query use ``is:crash`` (its matches change when a crash is detected)?"""
    return any(t.key == "is" and t.value.lower() == "crash" for t in HilogQuery.parse(text).terms)


def completions(text: str, tags: set[str], processes: set[str]) -> list[str]:
    """What the query box offers for the last word of ``text`` (the core decides)."""
    return complete(text, tags=sorted(tags), processes=sorted(processes))


class QueryEdit(QLineEdit):
    """A line edit that completes the *word under the cursor* (keys, seen tags/processes)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.provider: Callable[[str], list[str]] | None = None
        self.words = QStringListModel(self)
        self.completer_ = QCompleter(self.words, self)
        self.completer_.setWidget(self)
        self.completer_.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer_.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.completer_.activated.connect(self._insert_completion)
        self.textEdited.connect(self._maybe_complete)

    def _word_bounds(self) -> tuple[int, int]:
        text, pos = self.text(), self.cursorPosition()
        start = pos
        while start > 0 and not text[start - 1].isspace() and text[start - 1] not in "()&|":
            start -= 1
        return start, pos

    def _maybe_complete(self, _text: str) -> None:
        start, end = self._word_bounds()
        prefix = self.text()[start:end]
        if self.provider is not None and prefix:
            self.words.setStringList(self.provider(self.text()[:end]))
        if not prefix:
            self._hide_popup()
            return
        self.completer_.setCompletionPrefix(prefix)
        if self.completer_.completionCount() == 0 or (
            self.completer_.completionCount() == 1 and self.completer_.currentCompletion() == prefix
        ):
            self._hide_popup()
            return
        self.completer_.complete()

    def _hide_popup(self) -> None:
        popup = self.completer_.popup()
        if popup is not None:
            popup.hide()

    def _insert_completion(self, completion: str) -> None:
        start, end = self._word_bounds()
        text = self.text()
        new = text[:start] + completion + text[end:]
        self.setText(new)
        self.setCursorPosition(start + len(completion))
        self.textEdited.emit(self.text())

    def keyPressEvent(self, e: QKeyEvent) -> None:
        popup = self.completer_.popup()
        if (
            popup is not None
            and popup.isVisible()
            and e.key()
            in (
                Qt.Key.Key_Enter,
                Qt.Key.Key_Return,
                Qt.Key.Key_Tab,
                Qt.Key.Key_Escape,
            )
        ):
            e.ignore()
            return
        super().keyPressEvent(e)
