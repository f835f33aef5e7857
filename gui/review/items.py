"""What the Review area lists, remembers and writes (no widgets).

* :class:`ReviewItem`: a contradiction or duplicate group (:mod:`hmdesk.core.memory.lifecycle`),
  a promotion / decay proposal (:mod:`hmdesk.core.memory.access.policy`) or a stale memory the
  consolidation plan would decay (``hmdesk-cli consolidate``'s rule, :func:`stale_items`,
  applied one at a time by :func:`decay_stale`), with the fingerprint a dismissal is
  remembered by.
* :class:`Dismissals`: the dismissed fingerprints, kept in the window's QSettings
  (``review/dismissed``, a JSON list). A group's fingerprint changes when one of its members'
  id, content, confidence or supersede state does, a proposal's when its memory or the proposed
  change does: a dismissed item comes back only then.
* :func:`merge_into_new`: a new memory that supersedes every member, in ONE store transaction
  (one history group, so one undo step).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from hmdesk.core.bounded import loads_json
from hmdesk.gui.common.dialog_buttons import dialog_buttons, text_field_keys
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import (
    QDialog,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

if TYPE_CHECKING:
    from hmdesk.core.memory.access.policy import Proposal
    from hmdesk.core.memory.hmharness.rules import ConsolidationPlan
    from hmdesk.core.memory.lifecycle.grouping import Group
    from hmdesk.core.memory.lifecycle.review_scan import ProposalRow
    from hmdesk.core.memory.record import MemoryRecord
    from hmdesk.core.memory.store import MemoryStore
    from hmdesk.core.team.conflicts import OpenConflict

DISMISSED_KEY = "review/dismissed"
DISMISSED_LABELS_KEY = "review/dismissedLabels"  # fingerprint -> what its row said (the list)
MAX_DISMISSED = 5000  # the oldest are forgotten beyond this (they only come back to review)
KIND_LABELS = {
    "contradiction": "Contradiction",
    "duplicate": "Duplicate",
    "promote-helped": "Promotion",
    "decay-unused": "Decay",
    "decay-stale": "Stale",
    "sync-conflict": "Sync conflict",
}
KIND_WORDS: dict[str, tuple[str, ...]] = {  # the status line: "3 contradictions, 1 duplicate group"
    "contradiction": ("contradiction",),
    "duplicate": ("duplicate group",),
    "promote-helped": ("promotion",),
    "decay-unused": ("decay",),
    "decay-stale": ("stale memory", "stale memories"),
    "sync-conflict": ("sync conflict",),
}


# name: (button text, key, tooltip)
ACTIONS: dict[str, tuple[str, str, str]] = {
    "keep": ("Keep both", "1", "Keep both memories as they are (dismissed for now)"),
    "a_by_b": ("Supersede A by B", "A", "Mark A superseded by B"),
    "b_by_a": ("Supersede B by A", "B", "Mark B superseded by A"),
    "merge": ("Merge…", "M", "Merge into a new memory that supersedes them all"),
    "dismiss": ("Dismiss", "D", "Not proposed again unless one of the memories changes"),
    "apply": ("Apply", "Return", "Apply the proposed change"),
    "theirs": ("Take theirs", "T", "This store takes the other store's version (one undo step)"),
    "mine": ("Keep mine", "O", "Keep this store's version and close the conflict"),
}


def proposed_action(item: ReviewItem, members: Sequence[MemoryRecord]) -> str | None:
    """The action of :data:`ACTIONS` the scan proposes for ``item`` with ``members`` shown (A,
    B, …): Apply for a proposal; for duplicates, the one that supersedes the other copy by the
    copy to keep (the group's ``keep``, if it is A or B); none for a contradiction (which one
    holds is a person's call) or a sync conflict."""
    if item.conflict is not None:
        return None
    if item.is_proposal or item.stale:
        return "apply"
    group = item.group
    if group is None or group.action != "supersede" or len(members) < 2:
        return None
    if members[1].id == group.keep:
        return "a_by_b"
    return "b_by_a" if members[0].id == group.keep else None


def member_lines(
    item: ReviewItem, members: Sequence[MemoryRecord], proposed: str | None
) -> list[str]:
    """The detail's lines (HTML): one per member shown (A, B, 3, …: a link, its confidence,
    layer, age, state), how many more, and what is proposed (``proposed``: the action of
    :func:`proposed_action`)."""
    import html

    from hmdesk.core.memory.jsdate import now_ms

    keep = item.group.keep if item.group is not None and item.kind == "duplicate" else ""
    now = now_ms()
    lines = []
    for n, m in enumerate(members):
        name = "AB"[n] if n < 2 else str(n + 1)
        state = f" · superseded by {m.superseded_by}" if m.superseded_by else ""
        state += " · proposed to keep" if m.id == keep else ""
        lines.append(
            f'{name}: <a href="memory:{html.escape(m.id)}">{html.escape(m.id)}</a> · '
            f"confidence {m.confidence:.2f} · {html.escape(m.layer)} · "
            f"{age_text(m, now)}{html.escape(state)}"
        )
    if len(item.ids) > len(members) and members:
        lines.append(
            f"… and {len(item.ids) - len(members):,} more (the first "
            f"{len(members)} are shown; F5 after acting lists the rest)"
        )
    p = item.proposal
    if item.stale:
        lines.append(
            f"Proposed (★ Apply): decay (superseded by {DECAY_MARK}, as hmdesk-cli consolidate "
            f"would) — {html.escape(item.stale)}. Dismiss keeps it."
        )
    elif p is not None:
        lines.append(
            f"Proposed (★ Apply): {html.escape(p.field)} {html.escape(str(p.old))} → "
            f"{html.escape(str(p.new))} — {html.escape(p.why)}"
        )
    elif proposed is not None:
        lines.append(f"Proposed: <b>★ {html.escape(ACTIONS[proposed][0])}</b>")
    elif item.conflict is None:
        lines.append("No action proposed: which one holds is your call")
    return lines


class ReviewItem(NamedTuple):
    """One row of the list. A named tuple, and a proposal kept as its JSON text
    (``raw_proposal``, as the scan sent it, decoded when it is looked at): the 50,000 items of a
    large store are then tuples of strings, which the garbage collector stops tracking, not
    50,000 objects for each of its full passes to walk (tens of ms of stall in the window)."""

    kind: str  # "contradiction" | "duplicate" | "promote-helped" | "decay-unused" | "decay-stale"
    key: str
    ids: tuple[str, ...]
    fingerprint: str
    group: Group | None = None
    raw_proposal: Proposal | str | None = None
    conflict: OpenConflict | None = None  # a push/pull found the memory changed on both sides
    summary: str = ""  # a proposal's or stale memory's one line
    stale: str = ""  # a stale memory's reason, as the consolidation plan gives it

    @property
    def proposal(self) -> Proposal | None:
        raw = self.raw_proposal
        if isinstance(raw, str):
            from hmdesk.core.memory.lifecycle.review_scan import proposal_from_json

            return proposal_from_json(raw)
        return raw

    @property
    def is_proposal(self) -> bool:
        return self.raw_proposal is not None

    @property
    def label(self) -> str:
        kind = KIND_LABELS.get(self.kind, self.kind)
        if self.conflict is not None:
            c = self.conflict
            return f"{kind}: {c.memory_id} · {', '.join(c.fields)} differ · {c.other}"
        if self.stale:
            return f"{kind}: {self.summary}"
        if self.raw_proposal is not None:
            if not self.summary:
                from hmdesk.core.memory.lifecycle.review_scan import proposal_summary

                p = self.proposal
                return f"{kind}: {proposal_summary(p)}" if p is not None else kind
            return f"{kind}: {self.summary}"
        return f"{kind} · {self.key} · {len(self.ids)} memories"


def list_items(
    store: MemoryStore,
    groups: Sequence[Group],
    proposals: Sequence[ProposalRow] | None,
    dismissed: frozenset[str],
    plan: ConsolidationPlan | None = None,
) -> tuple[list[ReviewItem], list[str]]:
    """What the Review list shows after a scan, and the labels (on a worker thread): the groups,
    the open sync conflicts, the proposals (the scan's, as JSON text with fingerprints; None:
    ask the policy here), the stale memories of the consolidation ``plan``, less the
    ``dismissed`` fingerprints."""
    from hmdesk.core.team.conflicts import open_conflicts

    items = [group_item(g) for g in groups]
    items += [conflict_item(c) for c in open_conflicts(store)]
    if proposals is not None:
        items += [proposal_item(row) for row in proposals]
    else:
        from hmdesk.core.memory.access.policy import proposals as policy_proposals

        props = policy_proposals(store)
        records = {r.id: r for r in store.get_many([p.memory_id for p in props])}
        items += [proposal_item(p, records.get(p.memory_id)) for p in props]
    if plan is not None and plan.decayed:
        items += stale_items(store, plan)
    items = [i for i in items if i.fingerprint not in dismissed]
    return items, [i.label for i in items]


def conflict_item(c: OpenConflict) -> ReviewItem:
    """A sync conflict (see :mod:`hmdesk.core.team.conflicts`); its fingerprint is its row and
    both sides' values, so a later sync that changes either brings a dismissed one back."""
    h = hashlib.sha256(f"{c.id}\0{c.memory_id}".encode())
    h.update(json.dumps([c.mine, c.theirs], sort_keys=True, default=str).encode())
    return ReviewItem(
        "sync-conflict", c.memory_id, (c.memory_id,), "c:" + h.hexdigest()[:20], conflict=c
    )


def sides_text(values: dict[str, object], fields: Sequence[str]) -> str:
    """One line per differing field, for the side-by-side word diff."""
    return "\n".join(f"{name}: {values.get(name)}" for name in fields)


def group_item(group: Group) -> ReviewItem:
    return ReviewItem(group.kind, group.key, group.ids, group.fingerprint, group=group)


def proposal_item(p: Proposal | ProposalRow, record: MemoryRecord | None = None) -> ReviewItem:
    """A proposal, or its row as the scan sends it (fingerprint computed where the record was
    read); a proposal's fingerprint is computed here from ``record``."""
    from hmdesk.core.memory.lifecycle.grouping import proposal_fingerprint

    if isinstance(p, tuple):
        memory_id, rule, fp, summary, text = p
        return ReviewItem(rule, memory_id, (memory_id,), fp, raw_proposal=text, summary=summary)
    fp = proposal_fingerprint(p, record)
    return ReviewItem(p.rule, p.memory_id, (p.memory_id,), fp, raw_proposal=p)


DECAY_MARK = "consolidation:stale"  # hmharness's mark (core.memory.record.DECAY_SENTINEL)


def stale_items(store: MemoryStore, plan: ConsolidationPlan) -> list[ReviewItem]:
    """One item per memory ``plan`` would decay, in the plan's order. Its fingerprint is the
    memory's id, content, confidence, timestamp and state: a dismissed one comes back only when
    the memory changes."""
    records = {r.id: r for r in store.get_many(list(plan.decayed))}
    out = []
    for id in plan.decayed:
        r = records.get(id)
        if r is None:  # gone since the scan
            continue
        h = hashlib.sha256(b"stale")
        for part in (r.id, r.content, repr(float(r.confidence)), r.timestamp, r.superseded_by):
            h.update(b"\0" + (part or "").encode("utf-8", "surrogatepass"))
        text = " ".join(r.content.split())
        short = text if len(text) <= 48 else text[:47] + "…"  # the list's width at 1024 px
        summary = f"confidence {r.confidence:.2f} · {short}"  # always episodic (the rule)
        why = plan.reasons.get(id, "stale")
        out.append(
            ReviewItem(
                "decay-stale", id, (id,), "s:" + h.hexdigest()[:20], summary=summary, stale=why
            )
        )
    return out


def decay_stale(store: MemoryStore, item: ReviewItem) -> str:
    """Decay ``item``'s stale memory as ``hmdesk-cli consolidate`` would (superseded by
    hmharness's mark), with the plan's reason: one store transaction, one undo step. Its
    group id; :class:`~hmdesk.core.memory.errors.StoreError` when the memory changed since."""
    from hmdesk.core.memory.hmharness.rules import ConsolidationPlan
    from hmdesk.core.memory.lifecycle.apply import apply_plan

    plan = ConsolidationPlan(decayed=(item.key,), reasons={item.key: f"review: {item.stale}"})
    return apply_plan(store, plan)


class Dismissals:
    """Fingerprints dismissed in the Review area, remembered in ``settings``."""

    def __init__(self, settings: QSettings) -> None:
        self.settings = settings
        self._items: list[str] = self._load()
        self._set = set(self._items)  # membership in O(1): a scan checks 50,000 items
        self.version = 0  # grows with every dismissal

    def _load(self) -> list[str]:
        raw = self.settings.value(DISMISSED_KEY, "")
        try:
            data = loads_json(str(raw), "the dismissals") if raw else []
        except ValueError:  # a hand-edited or corrupt value: start again, nothing else is lost
            return []
        return [str(x) for x in data] if isinstance(data, list) else []

    def snapshot(self) -> frozenset[str]:
        """The dismissed fingerprints now (for a worker thread to filter with)."""
        return frozenset(self._set)

    def __contains__(self, fingerprint: object) -> bool:
        return fingerprint in self._set

    def add(self, fingerprint: str, label: str = "") -> None:
        """Dismiss ``fingerprint``; ``label``: what its row said (Review › Dismissed lists it)."""
        if fingerprint in self._items:
            return
        self._items.append(fingerprint)
        del self._items[:-MAX_DISMISSED]
        labels = {k: v for k, v in self.labels().items() if k in set(self._items)}
        if label:
            labels[fingerprint] = label
        self._save(labels)

    def remove(self, fingerprint: str) -> bool:
        """Dismissed no more (an undo, or brought back from the list); False if it was not."""
        if fingerprint not in self._set:
            return False
        self._items.remove(fingerprint)
        labels = self.labels()
        labels.pop(fingerprint, None)
        self._save(labels)
        return True

    def labels(self) -> dict[str, str]:
        """fingerprint → the row's text, for the dismissals that were made with one."""
        raw = self.settings.value(DISMISSED_LABELS_KEY, "")
        try:
            data = loads_json(str(raw), "the dismissals' labels") if raw else {}
        except ValueError:  # a hand-edited or corrupt value: the rows show as unnamed
            return {}
        return {str(k): str(v) for k, v in data.items()} if isinstance(data, dict) else {}

    def listed(self) -> list[tuple[str, str]]:
        """(fingerprint, label) of every dismissal, the newest first."""
        labels = self.labels()
        return [
            (fp, labels.get(fp, "(dismissed before its text was kept)"))
            for fp in reversed(self._items)
        ]

    def _save(self, labels: dict[str, str]) -> None:
        self._set = set(self._items)
        self.version += 1
        self.settings.setValue(DISMISSED_KEY, json.dumps(self._items))
        self.settings.setValue(DISMISSED_LABELS_KEY, json.dumps(labels, ensure_ascii=False))
        self.settings.sync()


def merge_into_new(
    store: MemoryStore, members: Sequence[MemoryRecord], content: str, reason: str
) -> MemoryRecord:
    """A new memory with ``content`` that supersedes every member, in one transaction (one undo
    step). Its layer and environment are the first member's, its tags the union, its confidence
    the highest of the members'."""
    from hmdesk.core.memory.errors import StoreError
    from hmdesk.core.memory.store.adding import check_input, insert_memory
    from hmdesk.core.memory.store.links import supersede_in
    from hmdesk.core.memory.store.rows import live_memory_row, record_of

    if len(members) < 2:
        raise StoreError("a merge needs at least two memories")
    first = members[0]
    tags = list(dict.fromkeys(t for m in members for t in m.tags))
    check_input(content, tags, first.layer, first.environment)
    with store._transaction(None) as tx:  # the store's own: one group id, one undo step
        new = insert_memory(
            tx,
            content,
            layer=first.layer,
            tags=tags,
            confidence=max(m.confidence for m in members),
            environment=first.environment,
            reason=reason,
        )
        for m in members:
            old = live_memory_row(tx.session, m.id, "merge it")
            supersede_in(tx, old, new, reason)
        return record_of(tx.session, new)


def merged_content_dialog(parent: QWidget | None, text: str) -> tuple[QDialog, QPlainTextEdit]:
    """The merge editor and its text field, ``text`` prefilled."""
    dialog = QDialog(parent)
    dialog.setWindowTitle("Merge into a new memory")
    lay = QVBoxLayout(dialog)
    lay.addWidget(QLabel("The new memory supersedes every member (one undo step):", dialog))
    edit = QPlainTextEdit(dialog)
    edit.setPlainText(text)
    text_field_keys(dialog, edit)
    lay.addWidget(edit)
    lay.addWidget(dialog_buttons(dialog))
    return dialog, edit


def ask_merged_content(parent: QWidget, text: str) -> str | None:
    """The merge editor: ``text`` prefilled; the new content, or None when cancelled."""
    dialog, edit = merged_content_dialog(parent, text)
    try:
        if dialog.exec() != QDialog.DialogCode.Accepted:
            return None
        return edit.toPlainText()
    finally:
        dialog.deleteLater()


def age_text(r: MemoryRecord, now_ms: int) -> str:
    """How old ``r`` is, in words (its timestamp, else when it was created)."""
    from hmdesk.core.memory.jsdate import parse_js_date_ms

    ms = parse_js_date_ms(r.timestamp or r.created_at) if (r.timestamp or r.created_at) else None
    if ms is None:
        return "age unknown"
    days = max(0, (now_ms - ms) // 86_400_000)
    return "today" if days == 0 else f"{days} day{'s' if days != 1 else ''} old"
