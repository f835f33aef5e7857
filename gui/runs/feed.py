"""The Runs pane's feed: runs and crashes, newest first, one card open at a time.

Each run and each crash group of the app is an entry: a header line (what happened and when) and,
while it is open, the card under it. The page (:class:`~hmdesk.gui.runs.run_page.RunPage`) owns
one failure card and one crash card and lends the card to the open entry (:meth:`RunsFeed.open`),
so an entry costs a header line. New entries go on top; a new run's entry opens (the reader
started it), a new crash opens only when the reader is not reading another card
(:meth:`RunsFeed.reading`); an entry that is updated (a crash repeated, a fault log merged) keeps
its place in the reader's eye: the open entry stays open whatever arrives.

Keys: ``("run", run_id)`` and ``("crash", group_id)``. Clicking a closed header asks the page to
open it (``open_requested``): an old run's card is read from the history first.
"""

from __future__ import annotations

from PySide6.QtCore import QDateTime, Qt, Signal
from PySide6.QtGui import QFontMetrics, QResizeEvent
from PySide6.QtWidgets import (
    QFrame,
    QSizePolicy,
    QToolButton,
    QVBoxLayout,
    QWidget,
)

FeedKey = tuple[str, int]
MAX_ENTRIES = 60  # the oldest closed entries go beyond this


def elided_header(title: str, when: str, metrics: QFontMetrics, width: int) -> str:
    """``title  ·  when`` in ``width`` pixels: the time whole, the title's last words dropped
    whole (its code, a message's tail) and "…" in their place, so the kind (``arkts-source``)
    is shown whole or not at all; cut inside a word only when its first word alone is too wide."""
    tail = f"  ·  {when}" if when else ""
    full = title + tail
    if metrics.horizontalAdvance(full) <= width:
        return full
    words = title.split(" ")
    while len(words) > 1:
        words.pop()
        shown = " ".join(words).rstrip(" —·:,") + " …" + tail
        if metrics.horizontalAdvance(shown) <= width:
            return shown
    return metrics.elidedText(full, Qt.TextElideMode.ElideRight, width)


class FeedEntry(QFrame):
    """One run or crash: a header button (arrow, title, time) and the card while open."""

    def __init__(self, key: FeedKey, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.key = key
        self.title = ""
        self.when = ""
        self.has_card = False  # a failure or crash card belongs to it (not a run that passed)
        lay = QVBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        lay.setSpacing(2)
        self.header = QToolButton()
        self.header.setObjectName("feedHeader")
        self.header.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.header.setArrowType(Qt.ArrowType.RightArrow)
        self.header.setAutoRaise(True)
        # as wide as the pane, never wider: the text is elided to it (the tooltip has it all)
        self.header.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
        lay.addWidget(self.header)
        self.body = QVBoxLayout()
        self.body.setContentsMargins(0, 0, 0, 0)
        lay.addLayout(self.body)
        self.is_open = False

    def set_text(self, title: str, when: str) -> None:
        self.title, self.when = title, when
        self.header.setToolTip(self.full_text)
        self._elide()

    @property
    def full_text(self) -> str:
        return f"{self.title}  ·  {self.when}" if self.when else self.title

    def _elide(self) -> None:
        width = max(80, self.width() - 40)  # the arrow and the margins
        self.header.setText(elided_header(self.title, self.when, self.header.fontMetrics(), width))

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._elide()

    def set_open(self, is_open: bool) -> None:
        self.is_open = is_open
        self.header.setArrowType(Qt.ArrowType.DownArrow if is_open else Qt.ArrowType.RightArrow)
        font = self.header.font()
        font.setBold(is_open)
        self.header.setFont(font)
        self._elide()  # bold is wider


class RunsFeed(QWidget):
    """Entries newest first; the open one holds the card lent to it.

    Signals: open_requested(str, int): a closed entry's header was clicked (kind, id).
    """

    open_requested = Signal(str, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.entries: dict[FeedKey, FeedEntry] = {}
        self.open_key: FeedKey | None = None
        self._lay = QVBoxLayout(self)
        self._lay.setContentsMargins(0, 0, 0, 0)
        self._lay.setSpacing(2)
        self._lay.addStretch(1)

    # --- entries ----------------------------------------------------------------------------
    def order(self) -> list[FeedKey]:
        """The keys top to bottom (newest first)."""
        out = []
        for i in range(self._lay.count()):
            item = self._lay.itemAt(i)
            w = item.widget() if item is not None else None
            if isinstance(w, FeedEntry):
                out.append(w.key)
        return out

    def upsert(
        self, key: FeedKey, title: str, when: str | None, *, to_top: bool = False
    ) -> FeedEntry:
        """Add the entry on top (or update its header; ``to_top`` moves it up). ``when``: the
        time shown (None: keep the entry's, the current time for a new one)."""
        entry = self.entries.get(key)
        if entry is None:
            entry = FeedEntry(key, self)
            entry.header.clicked.connect(lambda _c=False, k=key: self._clicked(k))
            self.entries[key] = entry
            self._lay.insertWidget(0, entry)
            entry.show()  # made after the feed was shown: shown now, not on a later tick
            self._trim()
        elif to_top and self._lay.indexOf(entry) != 0:
            self._lay.removeWidget(entry)
            self._lay.insertWidget(0, entry)
        if when is None:
            when = entry.when or QDateTime.currentDateTime().toString("HH:mm:ss")
        entry.set_text(title, when)
        return entry

    def remove(self, key: FeedKey) -> None:
        entry = self.entries.pop(key, None)
        if entry is None:
            return
        if self.open_key == key:
            self.open_key = None
        self._lay.removeWidget(entry)
        entry.setParent(None)
        entry.deleteLater()

    def _trim(self) -> None:
        keys = self.order()
        for key in keys[MAX_ENTRIES:]:
            if key != self.open_key:
                self.remove(key)

    def _clicked(self, key: FeedKey) -> None:
        entry = self.entries.get(key)
        if entry is None:
            return
        if entry.is_open:  # a second click closes it (the card stays lent, hidden)
            self.close_open()
            return
        self.open_requested.emit(*key)

    # --- the open entry ---------------------------------------------------------------------
    def open(self, key: FeedKey, card: QWidget | None) -> None:
        """Open ``key`` with ``card`` under its header (None: a header alone, e.g. a run that
        passed); every other entry closes and gives its card back."""
        if self.open_key is not None and self.open_key != key:
            self._close(self.open_key)
        entry = self.entries.get(key)
        if entry is None:
            return
        if card is not None:
            parent = card.parentWidget()
            layout = parent.layout() if parent is not None else None
            if layout is not None:
                layout.removeWidget(card)
            if isinstance(parent, FeedEntry):
                parent.body.removeWidget(card)
            entry.body.addWidget(card)
            card.show()
        entry.set_open(True)
        self.open_key = key

    def close_open(self) -> None:
        if self.open_key is not None:
            self._close(self.open_key)
            self.open_key = None

    def _close(self, key: FeedKey) -> None:
        entry = self.entries.get(key)
        if entry is None:
            return
        for i in reversed(range(entry.body.count())):
            item = entry.body.itemAt(i)
            w = item.widget() if item is not None else None
            if w is not None:
                w.hide()
        entry.set_open(False)

    def reading(self) -> bool:
        """The reader has a card open (a failure or a crash), not just a run's header line."""
        entry = self.entries.get(self.open_key) if self.open_key is not None else None
        return entry is not None and entry.has_card
