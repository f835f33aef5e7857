"""The lines rich text is laid out in, as a QLabel lays it out (a ``QTextDocument`` at a text
width): for tests that a phrase never wraps in its middle."""

from __future__ import annotations

from PySide6.QtGui import QTextDocument


def laid_out_lines(html: str, width: int) -> list[str]:
    """The text of each line of ``html`` at ``width`` px, without word joiners, no-break spaces
    read as spaces, stripped."""
    doc = QTextDocument()
    doc.setHtml(html)
    doc.setTextWidth(width)
    doc.size()  # lays it out
    lines = []
    block = doc.begin()
    while block.isValid():
        layout, text = block.layout(), block.text()
        for i in range(layout.lineCount()):
            line = layout.lineAt(i)
            piece = text[line.textStart() : line.textStart() + line.textLength()]
            lines.append(piece.replace("\u2060", "").replace("\xa0", " ").strip())
        block = block.next()
    return lines


def natural_width(html: str) -> int:
    """The width ``html`` takes on one line (no wrapping)."""
    doc = QTextDocument()
    doc.setHtml(html)
    return int(doc.idealWidth())
