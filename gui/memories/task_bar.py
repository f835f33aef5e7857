"""Long work of the Memories area in the window's status bar: a label saying how far it is and a
Cancel button (under the area when it is not in a main window).

One bar per kind of work: filling in embeddings (:mod:`hmdesk.gui.memories.embedding_fill`) and
a long undo or redo (:mod:`hmdesk.gui.memories.editing`, which adds Esc while it runs).
"""

from __future__ import annotations

from PySide6.QtWidgets import QHBoxLayout, QLabel, QMainWindow, QPushButton, QWidget


class TaskBar(QWidget):
    """ "Embedding memories… n of N", "Undo: n of N changes" and a Cancel button; hidden while
    nothing runs. ``name`` prefixes the object names (``<name>Label``, ``<name>Cancel``)."""

    def __init__(self, host: QWidget, name: str, tip: str) -> None:
        super().__init__(host)
        self._host = host
        self._placed = False
        lay = QHBoxLayout(self)
        lay.setContentsMargins(0, 0, 0, 0)
        self.label = QLabel(self)
        self.label.setObjectName(f"{name}Label")
        self.cancel = QPushButton("Cancel", self)
        self.cancel.setObjectName(f"{name}Cancel")
        self.cancel.setToolTip(tip)
        lay.addWidget(self.label)
        lay.addWidget(self.cancel)
        self.hide()

    def start(self, text: str) -> None:
        """Show ``text`` with Cancel enabled (placed the first time, once the area is in its
        window)."""
        if not self._placed:
            self._placed = True
            window = self._host.window()
            if isinstance(window, QMainWindow):
                window.statusBar().addPermanentWidget(self)
            else:
                layout = self._host.layout()
                if layout is not None:
                    layout.addWidget(self)
        self.label.setText(text)
        self.cancel.setEnabled(True)
        self.show()

    def stopping(self, text: str) -> None:
        """Cancel was asked: say so (``text``) until the work stops; Cancel is off."""
        self.label.setText(text)
        self.cancel.setEnabled(False)
