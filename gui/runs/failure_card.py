"""The failure card: the doctor's finding and the pitfalls recalled for it.

* :func:`finding_dict` normalises a finding (the core ``Finding`` dataclass or the JSON stored in
  ``Run.doctor``) to a plain dict.
* Recalled memories are drawn with the memory inspector's own renderers
  (``gui.memories.highlight.content_html`` / ``term_chips_html`` and ``gui.memories.detail.
  breakdown_html``): every query term in its own colour where it matched (content spans and
  tags), and the score as the sum of its weighted parts; :func:`breakdown_text` is the one-line
  form under each row. They read only the retriever's explanation object.
* :class:`FailureCard` shows kind, evidence, fix, location, "Save as pitfall", and one row per
  recalled pitfall with "This helped".
* :class:`SavePitfallDialog` is the pre-filled memory editor (``ask`` is the seam for tests).
* :func:`recall_floor` drops recalled memories that only share generic words with the finding
  (``no``, ``file``, ``失败`` …): the doctor's terms include the first words of a code's meaning,
  and on their own they pull in unrelated pitfalls with tiny lexical scores. Kept results are
  passed through untouched (their highlighting and score breakdown stay as the retriever made
  them); the note says how many were hidden and why.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import asdict, is_dataclass
from typing import Any

from hmdesk.gui.common.explanation import breakdown_text
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase, QTextOption
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QFrame,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

TERM_COLOURS = ["#fff176", "#a5d6a7", "#90caf9", "#f48fb1", "#ffcc80", "#ce93d8", "#80deea"]
LAYERS = ("semantic", "procedural", "episodic", "world")


def finding_dict(finding: Any) -> dict[str, Any] | None:
    """A finding as a dict with at least kind/evidence/fix/code/query_terms/location."""
    if finding is None:
        return None
    if isinstance(finding, dict):
        d = dict(finding)
    elif is_dataclass(finding) and not isinstance(finding, type):
        d = asdict(finding)
    else:
        d = {
            k: getattr(finding, k, None)
            for k in ("kind", "evidence", "fix", "code", "query_terms", "location", "title")
        }
    d.setdefault("kind", "unknown")
    d.setdefault("evidence", "")
    d.setdefault("fix", "")
    d.setdefault("code", None)
    d["query_terms"] = list(d.get("query_terms") or [])
    d.setdefault("location", None)
    return d


def location_text(location: Any) -> str | None:
    """'path:line:col' for a finding's location (tuple, dict, object or str)."""
    if not location:
        return None
    if isinstance(location, str):
        return location
    if isinstance(location, (list, tuple)):
        return ":".join(str(p) for p in location if p is not None)
    if isinstance(location, dict):
        parts = [
            location.get("path") or location.get("file"),
            location.get("line"),
            location.get("col") or location.get("column"),
        ]
    else:
        parts = [
            getattr(location, "path", None) or getattr(location, "file", None),
            getattr(location, "line", None),
            getattr(location, "col", None) or getattr(location, "column", None),
        ]
    return ":".join(str(p) for p in parts if p is not None) or None


def term_color(index: int) -> str:
    """The inspector's colour for the index-th query term (same colours everywhere)."""
    try:
        from hmdesk.gui.common.highlight import term_color as inspector_color

        return inspector_color(index)
    except ImportError:  # pragma: no cover
        return TERM_COLOURS[index % len(TERM_COLOURS)]


def tags_html(tags: Sequence[str], term_matches: Sequence[Any], colours: dict[str, str]) -> str:
    hit: dict[str, str] = {}
    for tm in term_matches:
        for tag in tm.tags or ():
            hit.setdefault(tag, colours.get(tm.term, TERM_COLOURS[0]))
    parts = []
    for tag in tags:
        if tag in hit:
            parts.append(
                f'<span style="background:{hit[tag]}; color:#000">#{html.escape(tag)}</span>'
            )
        else:
            parts.append(f'<span style="color:#616161">#{html.escape(tag)}</span>')
    return " ".join(parts)


class EvidenceBox(QPlainTextEdit):
    """The evidence lines: monospace, wrapped anywhere (paths have no spaces), selectable."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setReadOnly(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.setWordWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.setStyleSheet("QPlainTextEdit { background: #fbe9e7; border: none; }")
        self.setMaximumHeight(110)

    def setText(self, text: str) -> None:
        self.setPlainText(text)
        lines = max(1, min(7, text.count("\n") + 1 + len(text) // 90))
        self.setFixedHeight(min(110, lines * self.fontMetrics().lineSpacing() + 12))

    def text(self) -> str:
        return self.toPlainText()


class PitfallRow(QFrame):
    """One recalled memory: highlighted content and tags, score breakdown, "This helped"."""

    helped = Signal(str)

    def __init__(self, scored: Any, terms: Sequence[str], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.scored = scored
        self.memory_id: str = scored.memory.id
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setObjectName("pitfallRow")
        from hmdesk.gui.common.highlight import content_html, term_chips_html

        lay = QVBoxLayout(self)
        lay.setContentsMargins(8, 6, 8, 6)
        lay.setSpacing(3)
        # the same rendering as the memory inspector: each term in its own colour
        self.content = QLabel(content_html(scored.memory.content, scored.terms))
        self.content.setTextFormat(Qt.TextFormat.RichText)
        self.content.setWordWrap(True)
        self.content.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        lay.addWidget(self.content)
        colours = {tm.term: term_color(i) for i, tm in enumerate(scored.terms)}
        meta = QLabel(
            tags_html(scored.memory.tags, scored.terms, colours)
            + "<br>"
            + term_chips_html(scored.terms)
        )
        meta.setTextFormat(Qt.TextFormat.RichText)
        meta.setWordWrap(True)
        lay.addWidget(meta)
        bottom = QHBoxLayout()
        self.breakdown = QLabel(breakdown_text(scored.score, scored.components))
        self.breakdown.setStyleSheet("color:#455a64; font-family: monospace")
        self.breakdown.setWordWrap(True)
        self.breakdown.setToolTip(
            "score = Σ weight × part; confidence as stored, recency linear to 0 at 90 days, "
            "lexical = share of query terms matched in content or tags"
        )
        bottom.addWidget(self.breakdown, 1)
        self.why_button = QPushButton("Why?")
        self.why_button.setCheckable(True)
        self.why_button.setToolTip("Show the score breakdown")
        bottom.addWidget(self.why_button)
        self.helped_button = QPushButton("This helped")
        self.helped_button.setToolTip("Count a recall of this memory (recall_count + 1)")
        self.helped_button.clicked.connect(lambda: self.helped.emit(self.memory_id))
        bottom.addWidget(self.helped_button)
        lay.addLayout(bottom)
        from hmdesk.gui.common.explanation import breakdown_html

        self.why = QLabel(breakdown_html(scored))
        self.why.setTextFormat(Qt.TextFormat.RichText)
        self.why.setVisible(False)
        self.why_button.toggled.connect(self.why.setVisible)
        lay.addWidget(self.why)

    def mark_counted(self) -> None:
        self.helped_button.setEnabled(False)
        self.helped_button.setText("Counted ✓")


class FailureCard(QFrame):
    """Why a step failed and what the team learned last time.

    Signals:
        save_requested(): "Save as pitfall" pressed.
        helped(str): "This helped" pressed on a recalled memory (its id).
        location_activated(str, int, int): the finding's location clicked.
    """

    save_requested = Signal()
    helped = Signal(str)
    location_activated = Signal(str, int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("failureCard")
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setStyleSheet(
            "#failureCard { border: 2px solid #e57373; border-radius: 6px; background: #fff8f8; }"
            "#pitfallRow { background: #ffffff; border: 1px solid #e0e0e0; border-radius: 4px; }"
        )
        self.finding: dict[str, Any] | None = None
        self.step: str | None = None
        self.rows: list[PitfallRow] = []
        lay = QVBoxLayout(self)
        lay.setContentsMargins(10, 8, 10, 8)
        head = QHBoxLayout()
        self.title = QLabel()
        self.title.setStyleSheet("font-weight: bold; font-size: 13pt; color: #b71c1c")
        self.title.setWordWrap(True)
        head.addWidget(self.title, 1)
        self.save_button = QPushButton("Save as pitfall…")
        self.save_button.clicked.connect(self.save_requested.emit)
        head.addWidget(self.save_button)
        lay.addLayout(head)
        self.evidence = EvidenceBox()
        lay.addWidget(self.evidence)
        self.fix = QLabel()
        self.fix.setWordWrap(True)
        self.fix.setTextFormat(Qt.TextFormat.RichText)
        lay.addWidget(self.fix)
        self.location = QLabel()
        self.location.setTextFormat(Qt.TextFormat.RichText)
        self.location.setWordWrap(True)
        self.location.linkActivated.connect(self._on_link)
        lay.addWidget(self.location)
        self.recall_title = QLabel()
        self.recall_title.setStyleSheet("font-weight: bold; margin-top: 6px")
        self.recall_title.setTextFormat(Qt.TextFormat.RichText)
        self.recall_title.setWordWrap(True)
        lay.addWidget(self.recall_title)
        self.rows_box = QVBoxLayout()
        self.rows_box.setSpacing(4)
        lay.addLayout(self.rows_box)
        self.recall_note = QLabel()
        self.recall_note.setStyleSheet("color: #616161")
        self.recall_note.setWordWrap(True)
        lay.addWidget(self.recall_note)

    def show_finding(self, step: str | None, finding: Any, message: str | None = None) -> None:
        d = finding_dict(finding) or {
            "kind": "unclassified",
            "evidence": message or "",
            "fix": "Read the step's log; no known failure signature matched.",
            "code": None,
            "query_terms": [],
            "location": None,
        }
        self.finding, self.step = d, step
        code = f" ({d['code']})" if d.get("code") else ""
        self.title.setText(f"{(step or 'run').capitalize()} failed — {d['kind']}{code}")
        evidence = str(d.get("evidence") or message or "(no evidence captured)")
        block = d.get("block")
        if block and evidence.strip() in str(block):
            evidence = str(block)
        self.evidence.setText(evidence)
        meaning = f" ({html.escape(str(d['meaning']))})" if d.get("meaning") else ""
        self.fix.setText(f"<b>Fix:</b> {html.escape(str(d.get('fix') or '—'))}{meaning}")
        loc = location_text(d.get("location"))
        if loc:
            shown = loc.replace("\\", "/").rsplit("/", 1)[-1]
            self.location.setText(
                f'<b>Location:</b> <a href="loc:{html.escape(loc)}">{html.escape(shown)}</a>'
                " (click to open in your editor)"
            )
            self.location.setToolTip(loc)
            self.location.show()
        else:
            self.location.hide()
        self.set_recalling()

    def set_recalling(self) -> None:
        self._clear_rows()
        terms = (self.finding or {}).get("query_terms") or []
        self.recall_title.setText("Recalled pitfalls")
        self.recall_note.setText(
            f"searching memories for: {' '.join(terms)} …"
            if terms
            else "no search terms in this finding"
        )

    def set_recalled(self, result: Any) -> None:
        """Show a ``QueryResult`` (or None when the search failed / had no terms)."""
        self._clear_rows()
        if result is None:
            return
        terms = list(result.terms)
        colours = {t: term_color(i) for i, t in enumerate(terms)}
        legend = " ".join(
            f'<span style="background:{colours[t]}; color:#000">&nbsp;{html.escape(t)}&nbsp;</span>'
            for t in terms
        )
        self.recall_title.setText(f"Recalled pitfalls ({len(result.results)}) &nbsp; {legend}")
        for scored in result.results:
            row = PitfallRow(scored, terms, self)
            row.helped.connect(self.helped.emit)
            self.rows_box.addWidget(row)
            self.rows.append(row)
        if result.results:
            weak = (result.filtered or {}).get("weak_match", 0)
            self.recall_note.setText(
                f"{result.pool} memories searched in {result.elapsed_ms:.0f} ms"
                + (
                    f"; {weak} weak match{'es' if weak != 1 else ''} hidden (only generic words "
                    "such as “no” or “file” in common)"
                    if weak
                    else ""
                )
            )
        else:
            removed = ", ".join(f"{k}: {v}" for k, v in result.filtered.items() if v)
            note = result.note or "nothing the team wrote down matches this failure yet"
            self.recall_note.setText(
                f"No pitfall recalled — {note}. Save this one so next time it is."
                + (f" (removed by filters: {removed})" if removed else "")
            )

    def set_recall_error(self, text: str) -> None:
        self._clear_rows()
        self.recall_note.setText(f"Could not search the memories: {text}")

    def row_for(self, memory_id: str) -> PitfallRow | None:
        return next((r for r in self.rows if r.memory_id == memory_id), None)

    def _clear_rows(self) -> None:
        for row in self.rows:
            self.rows_box.removeWidget(row)
            row.setParent(None)
            row.deleteLater()
        self.rows = []

    def _on_link(self, href: str) -> None:
        if href.startswith("loc:"):
            text = href[4:]
            parts = text.rsplit(":", 2)
            try:
                if len(parts) == 3:
                    self.location_activated.emit(parts[0], int(parts[1]), int(parts[2]))
                else:
                    path, line = text.rsplit(":", 1)
                    self.location_activated.emit(path, int(line), 1)
            except ValueError:
                self.location_activated.emit(text, 1, 1)


def pitfall_prefill(
    finding: dict[str, Any] | None, step: str | None, run_id: int | None, project: str | None = None
) -> dict[str, Any]:
    """The fields a new memory starts with when saved from a failure."""
    f = finding or {}
    lines = []
    kind = f.get("kind") or "failure"
    code = f.get("code")
    lines.append(f"{(step or 'run').capitalize()} failed: {kind}" + (f" ({code})" if code else ""))
    if f.get("evidence"):
        lines.append(f"Evidence: {str(f['evidence']).strip()}")
    if f.get("fix"):
        lines.append(f"Fix: {str(f['fix']).strip()}")
    tags = ["pitfall", "harmonyos"]
    for t in (step, kind, str(code) if code else None):
        if t and t not in tags:
            tags.append(str(t))
    return {
        "content": "\n".join(lines),
        "tags": tags,
        "layer": "semantic",
        "confidence": 0.7,
        "provenance": f"hmdesk-run:{run_id}" if run_id is not None else "hmdesk-run",
        "source": "hmdesk-runner",
        "project": project,
    }


class SavePitfallDialog(QDialog):
    """A memory editor pre-filled from a failure."""

    def __init__(self, prefill: dict[str, Any], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Save as pitfall")
        self.resize(560, 360)
        form = QFormLayout(self)
        self.content = QPlainTextEdit(prefill.get("content", ""))
        form.addRow("Content", self.content)
        self.tags = QLineEdit(", ".join(prefill.get("tags", ())))
        self.tags.setToolTip("comma separated")
        form.addRow("Tags", self.tags)
        self.layer = QComboBox()
        self.layer.addItems(LAYERS)
        self.layer.setCurrentText(prefill.get("layer", "semantic"))
        form.addRow("Layer", self.layer)
        self.confidence = QDoubleSpinBox()
        self.confidence.setRange(0.0, 1.0)
        self.confidence.setSingleStep(0.05)
        self.confidence.setValue(float(prefill.get("confidence", 0.7)))
        form.addRow("Confidence", self.confidence)
        self.provenance = QLineEdit(prefill.get("provenance", ""))
        self.provenance.setReadOnly(True)
        form.addRow("Provenance", self.provenance)
        self.source = prefill.get("source", "hmdesk-runner")
        buttons = QDialogButtonBox(
            QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel
        )
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        form.addRow(buttons)

    def values(self) -> dict[str, Any]:
        return {
            "content": self.content.toPlainText().strip(),
            "tags": [t.strip() for t in self.tags.text().split(",") if t.strip()],
            "layer": self.layer.currentText(),
            "confidence": round(self.confidence.value(), 2),
            "provenance": self.provenance.text(),
            "source": self.source,
        }

    @classmethod
    def ask(cls, prefill: dict[str, Any], parent: QWidget | None = None) -> dict[str, Any] | None:
        """Show the dialog; the values to save, or None if cancelled. Tests monkeypatch this."""
        dlg = cls(prefill, parent)
        try:
            if dlg.exec() == QDialog.DialogCode.Accepted and dlg.values()["content"]:
                return dlg.values()
            return None
        finally:
            dlg.deleteLater()
