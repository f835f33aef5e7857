"""The line under the query bar that says what the query rewrite did.

The default and hybrid profiles rewrite the query's text before searching it
(:mod:`hmdesk.core.memory.retrieve.rewrite`): negated words (``不是签名问题``, ``not a signing
error``, ``-signing``) rank the memories holding them lower, question boilerplate (``怎么办``,
``how do I``) and stop words are dropped. This line shows it for the shown result — what was
searched, what ranks lower, what was dropped — and hides itself when the text was searched as it is
(the ``hmharness`` profile, or nothing to rewrite). It reads only the result; no colours (the
palette's text roles).
"""

from __future__ import annotations

import html

from hmdesk.core.memory.retrieve.results import QueryResult
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QWidget


def rewrite_html(result: QueryResult | None) -> str:
    """The line's text (empty when nothing was rewritten)."""
    rw = None if result is None else result.rewrite
    if rw is None:
        return ""
    searched = rw.searched or "(nothing: every memory, ranked without the negated words)"
    parts = [f"Searched <b>{html.escape(searched)}</b>"]
    if rw.negated:
        parts.append("ranked lower: <b>" + html.escape(", ".join(rw.negated)) + "</b>")
    if rw.dropped:
        parts.append("dropped: " + html.escape(", ".join(rw.dropped)))
    return "<i>" + " · ".join(parts) + "</i>"


class RewriteLine(QLabel):
    """What the query rewrite did for the shown result (hidden when it did nothing)."""

    TOOLTIP = (
        "The query was rewritten before searching (default and hybrid profiles):\n"
        "negated words (不是…, 并非…, 别…, not a …, no …, -word) rank the memories holding them "
        "lower;\nquestion words (怎么办, 如何, how do I, why does …) and stop words are dropped.\n"
        "The hmharness profile searches the text exactly as written."
    )

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("queryRewrite")
        self.setAccessibleName("Query rewrite")
        self.setTextFormat(Qt.TextFormat.RichText)
        self.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.setWordWrap(True)
        self.setToolTip(self.TOOLTIP)
        self.setVisible(False)

    def show_result(self, result: QueryResult | None) -> None:
        text = rewrite_html(result)
        self.setText(text)
        self.setVisible(bool(text))
