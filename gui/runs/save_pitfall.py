"""Saving a failure as a pitfall memory: the pre-filled fields and the editor dialog.

* :func:`pitfall_prefill` turns the doctor's :class:`~hmdesk.core.toolchain.finding.Finding` into
  the fields a new memory starts with.
* :class:`SavePitfallDialog` is the pre-filled memory editor (``ask`` is the seam for tests).
* :func:`add_pitfall` stores what the dialog returned (the failure card and the crash card).
* :func:`near_copy` finds the recalled pitfall a new one nearly repeats (Review's duplicate rule,
  ``core.memory.lifecycle.claims``); :class:`NearCopyBox` asks what to do then: open it,
  strengthen it (:func:`strengthen`), or save the copy anyway.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NotRequired, TypedDict

from hmdesk.core.memory.lifecycle.claims import claim_terms, relation
from hmdesk.core.memory.record import LAYERS
from hmdesk.core.toolchain.finding import Finding
from hmdesk.gui.common.confidence_input import ConfidenceSpinBox, problem_label, show_problem
from hmdesk.gui.common.dialog_buttons import Button, dialog_buttons, text_field_keys
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QFormLayout,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QWidget,
)

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import Literal

    from hmdesk.core.memory.record import MemoryRecord
    from hmdesk.core.memory.store import MemoryStore

    NearCopyChoice = Literal["open", "strengthen", "save", "cancel"]

STRENGTHEN_STEP = 0.1  # "Strengthen it": the recalled pitfall's confidence goes up this much


class PitfallValues(TypedDict):
    """The memory to save, as the dialog returns it."""

    content: str
    tags: list[str]
    layer: str
    confidence: float
    provenance: str
    source: str


class PitfallDraft(PitfallValues):
    """What the dialog starts with (plus the project the run built)."""

    project: NotRequired[str | None]


def _error_message_line(finding: Finding) -> str | None:
    """hvigor's own ``Error Message: …`` from the finding's error block (without ``At File:``)."""
    for line in (finding.block or "").splitlines():
        line = line.strip()
        if line.startswith("Error Message:"):
            text = line.removeprefix("Error Message:").strip()
            text = re.split(r"\s+[Aa]t [Ff]ile:", text, maxsplit=1)[0].strip()
            return text or None
    return None


def _relative(location: str, root: str | None) -> str:
    """``location`` relative to the project folder when it lies inside it."""
    if not root:
        return location
    loc = location.replace("\\", "/")
    base = root.replace("\\", "/").rstrip("/") + "/"
    return loc[len(base) :] if loc.startswith(base) else location


def _headline(
    finding: Finding | None, step: str | None, kind: str, code: str | None, message: str | None
) -> str:
    """The first line: the failed step's own message (``Build failed: 10505001 ArkTS Compiler
    Error: Expression expected.``), else hvigor's error message, else the kind and code."""
    name = (step or "run").capitalize()
    text = (message or "").strip().splitlines()[0].strip() if (message or "").strip() else ""
    if text:
        low = text.lower()
        if low.startswith(f"{(step or 'run').lower()} failed"):
            return text[0].upper() + text[1:]
        return f"{name} failed: {text}"
    real = _error_message_line(finding) if finding is not None else None
    if real:
        return f"{name} failed: " + (f"{code} " if code else "") + real
    return f"{name} failed: {kind}" + (f" ({code})" if code else "")


def pitfall_prefill(
    finding: Finding | None,
    step: str | None,
    run_id: int | None,
    project: str | None = None,
    *,
    message: str | None = None,
    root: str | None = None,
) -> PitfallDraft:
    """The fields a new memory starts with when saved from a failure: the failed step's real
    ``message``, where it happened (``file:line:col``, relative to the project ``root``), the
    error code and what it means, the evidence and the fix."""
    kind = finding.kind if finding is not None and finding.kind else "failure"
    code = finding.code if finding is not None else None
    head = _headline(finding, step, kind, code, message)
    lines = [head]
    if finding is not None and finding.location:
        lines.append(f"At: {_relative(finding.location, root)}")
    meaning = finding.meaning if finding is not None else None
    if code and (code not in head or (meaning and meaning not in head)):
        lines.append(f"Error code: {code}" + (f" ({meaning})" if meaning else ""))
    evidence = finding.evidence.strip() if finding is not None and finding.evidence else ""
    if evidence and evidence not in head:
        lines.append(f"Evidence: {evidence}")
    if finding is not None and finding.fix:
        lines.append(f"Fix: {finding.fix.strip()}")
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

    def __init__(self, prefill: PitfallDraft, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Save as pitfall")
        self.resize(560, 360)
        form = QFormLayout(self)
        self.content = QPlainTextEdit(prefill["content"])
        text_field_keys(self, self.content)
        form.addRow("Content", self.content)
        self.tags = QLineEdit(", ".join(prefill["tags"]))
        self.tags.setToolTip("comma separated")
        form.addRow("Tags", self.tags)
        self.layer = QComboBox()
        self.layer.addItems(list(LAYERS))
        self.layer.setCurrentText(prefill["layer"])
        form.addRow("Layer", self.layer)
        self.confidence = ConfidenceSpinBox(float(prefill["confidence"]))  # kept as typed
        form.addRow("Confidence", self.confidence)
        self.confidence_error = problem_label(self.confidence)  # said on commit
        form.addRow("", self.confidence_error)
        self.provenance = QLineEdit(prefill["provenance"])
        self.provenance.setReadOnly(True)
        form.addRow("Provenance", self.provenance)
        self.source = prefill["source"]
        form.addRow(dialog_buttons(self, Button.Save | Button.Cancel))

    def values(self) -> PitfallValues:
        return {
            "content": self.content.toPlainText().strip(),
            "tags": [t.strip() for t in self.tags.text().split(",") if t.strip()],
            "layer": self.layer.currentText(),
            "confidence": self.confidence.value() or 0.0,  # accept() refuses a bad one
            "provenance": self.provenance.text(),
            "source": self.source,
        }

    def accept(self) -> None:
        if show_problem(self.confidence, self.confidence_error):
            super().accept()

    @classmethod
    def ask(cls, prefill: PitfallDraft, parent: QWidget | None = None) -> PitfallValues | None:
        """Show the dialog; the values to save, or None if cancelled. Tests monkeypatch this."""
        dlg = cls(prefill, parent)
        try:
            if dlg.exec() == QDialog.DialogCode.Accepted and dlg.values()["content"]:
                return dlg.values()
            return None
        finally:
            dlg.deleteLater()


def add_pitfall(store: MemoryStore, values: PitfallValues, origin: str) -> MemoryRecord:
    """The new memory the dialog's ``values`` describe (any thread); the history's reason says
    where it was saved from (``origin``: "a failed run", "a crash card")."""
    return store.add(
        values["content"],
        layer=values["layer"],
        tags=tuple(values["tags"]),
        confidence=values["confidence"],
        source=values["source"],
        provenance=values["provenance"],
        reason=f"saved from {origin} ({values['provenance']})",
    )


def near_copy(content: str, recalled: Iterable[MemoryRecord]) -> MemoryRecord | None:
    """The recalled memory ``content`` nearly repeats (the duplicate rule Review uses), or None."""
    mine = claim_terms(content)
    for memory in recalled:
        kind, _sim = relation(mine, claim_terms(memory.content))
        if kind == "duplicate":
            return memory
    return None


def strengthen(store: MemoryStore, memory_id: str, why: str) -> MemoryRecord:
    """The same failure again: the pitfall's confidence up a step (at most 1). Its recall is
    counted already: the card that recalled it wrote the access log's run row."""
    current = store.get(memory_id)
    value = min(1.0, round(current.confidence + STRENGTHEN_STEP, 2))
    return store.set_confidence(memory_id, value, reason=why)


class NearCopyBox:
    """ "This is nearly the pitfall the card recalled": open it, strengthen it, save anyway."""

    @staticmethod
    def ask(memory: MemoryRecord, parent: QWidget | None = None) -> NearCopyChoice:
        """The reader's choice (tests monkeypatch this)."""
        box = QMessageBox(parent)
        box.setIcon(QMessageBox.Icon.Warning)
        box.setWindowTitle("Nearly a copy")
        head = memory.content.splitlines()[0][:160] if memory.content else memory.id
        box.setText(
            "This pitfall nearly repeats one the card just recalled:\n\n"
            f"“{head}” ({memory.id}, confidence {memory.confidence:.2f})"
        )
        box.setInformativeText(
            "Strengthen that one (its confidence goes up, the recall is counted), open it to "
            "edit, or save a second copy anyway?"
        )
        strengthen_button = box.addButton("Strengthen it", QMessageBox.ButtonRole.AcceptRole)
        open_button = box.addButton("Open it", QMessageBox.ButtonRole.ActionRole)
        save_button = box.addButton("Save a copy anyway", QMessageBox.ButtonRole.DestructiveRole)
        box.addButton(QMessageBox.StandardButton.Cancel)
        box.setDefaultButton(strengthen_button)
        try:
            box.exec()
            clicked = box.clickedButton()
            if clicked is strengthen_button:
                return "strengthen"
            if clicked is open_button:
                return "open"
            if clicked is save_button:
                return "save"
            return "cancel"
        finally:
            box.deleteLater()
