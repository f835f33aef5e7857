"""Checks that text on screen is whole: no label or button narrower than its text, no word of a
text view broken in the middle (Chinese may break between characters, English words and
identifiers never)."""

from __future__ import annotations

import unicodedata

from PySide6.QtGui import Qt as GuiQt
from PySide6.QtGui import QTextDocument, QTextOption
from PySide6.QtWidgets import QAbstractButton, QLabel, QWidget


def _wordish(ch: str) -> bool:
    """A character a line must not break next to another of (letters, digits, ``_``), CJK
    ideographs and kana aside (a line may break between those)."""
    if not (ch.isalnum() or ch == "_"):
        return False
    name = unicodedata.name(ch, "")
    return not name.startswith(("CJK ", "HIRAGANA", "KATAKANA", "HANGUL"))


def broken_words(doc: QTextDocument) -> list[str]:
    """The places where a laid-out document breaks a line inside a word (empty: none)."""
    doc.documentLayout().documentSize()  # lay it out
    out = []
    block = doc.begin()
    while block.isValid():
        layout, text = block.layout(), block.text()
        for i in range(1, layout.lineCount()):
            pos = layout.lineAt(i).textStart()
            if 0 < pos < len(text) and _wordish(text[pos - 1]) and _wordish(text[pos]):
                out.append(f"{text[max(0, pos - 12) : pos]}|{text[pos : pos + 12]}")
        block = block.next()
    return out


def cut_texts(root: QWidget) -> list[str]:
    """Labels and buttons shown in ``root`` whose text does not fit: a label without word wrap
    narrower than its text, a word-wrapped label narrower than its longest word, a button
    narrower than it asks to be."""
    out = []
    for w in root.findChildren(QWidget):
        if not w.isVisibleTo(root) or w.width() <= 0:
            continue
        if isinstance(w, QLabel) and w.text():
            doc = QTextDocument()
            doc.setDocumentMargin(0)
            doc.setDefaultFont(w.font())
            option = QTextOption()
            option.setWrapMode(QTextOption.WrapMode.WordWrap)  # a long word overflows
            doc.setDefaultTextOption(option)
            text = w.text()
            if GuiQt.mightBeRichText(text):
                doc.setHtml(text)
            else:
                if w.buddy() is not None:  # "Pro&duct": the & underlines the next letter
                    text = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
                doc.setPlainText(text)
            available = w.contentsRect().width() - 2 * w.margin()
            if w.wordWrap():
                doc.setTextWidth(available)
            if doc.idealWidth() > available + 1:
                out.append(f"label {w.objectName()!r}: {doc.toPlainText()[:60]!r}")
        elif isinstance(w, QAbstractButton) and w.text() and w.width() < w.sizeHint().width():
            out.append(f"button {w.objectName()!r}: {w.text()!r}")
    return out
