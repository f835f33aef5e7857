"""hmharness's notes memory: ``<HMH_HOME>/memory/memory.md``, imported and kept in step.

hmharness appends one line per note (its ``remember`` tool, ``hmh cognitive learn``)::

    - [2026-11-29 19:02] hvigor clean fixes the stale .hvigor cache [ws:hello-app]

The time is UTC cut to minutes; ``[ws:<workspace>]`` at the end is optional; the text has no
line breaks. Rules of the import:

* Each note becomes an ``episodic`` memory (one thing that happened, not yet a reviewed lesson)
  with confidence :data:`NOTE_CONFIDENCE`, the tag ``note`` and, when it names one, the tag
  ``ws:<workspace>`` (:mod:`hmdesk.core.memory.workspace`: the workspace filter of every search),
  origin ``hmharness-notes``, timestamp the note's time.
* Its id is ``note-`` + 16 hex of the SHA-256 of (time, text, workspace): a re-import finds the
  notes it has (``unchanged``) and adds only the lines appended since. A note edited in hmdesk
  stays edited (the file did not change). The file is append-only, so a line that disappears is
  not deleted in hmdesk; a line repeated byte for byte is one note (``duplicates``).
* A line that is not a note (no ``- [YYYY-MM-DD HH:MM] ``, an impossible date, empty text, not
  UTF-8) is skipped and reported by line number; every good line is kept. Blank lines and
  Markdown headings (``#``) are not notes and not errors. A UTF-8 BOM and CRLF ends are accepted.
* All of one import is one transaction, with one ``import`` event per new note (actor
  ``hmharness``).

:class:`NotesSync` watches the file like :class:`~hmdesk.core.memory.hmharness.HmharnessSync`
watches ``memory.jsonl``.
"""

from __future__ import annotations

import hashlib
import os
import re
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from hmdesk.core.bounded import MB, InputError, read_input
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.hmharness.jsonl import ACTOR, HmharnessSync, ImportReport, SkippedLine
from hmdesk.core.memory.instruction_block import block_lines
from hmdesk.core.memory.safe_text import clean_text
from hmdesk.core.memory.search_index.maintain import dbapi_of
from hmdesk.core.memory.search_index.schema import bulk_insert
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.memory.validation import validate_content
from hmdesk.core.memory.workspace import workspace_tag
from hmdesk.core.models import Memory, table_of

ORIGIN = "hmharness-notes"
NOTES_LIMIT = 64 * MB  # memory.md is read whole: hmharness keeps it a few KB
NOTE_TAG = "note"
NOTE_CONFIDENCE = 0.5
"""A note is the agent's own unreviewed remark: the middle of the scale, below hmdesk's 0.7 for
what a person adds, so a reviewed lesson ranks first; promotion (:mod:`~.access.policy`) raises
the notes that help."""

_LINE = re.compile(r"^- \[(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})\] (.*?)(?: \[ws:([^\]]+)\])?$")
_CHUNK = 900


def default_notes_file() -> Path:
    """``$HMH_HOME/memory/memory.md``, else ``~/.hmharness/memory/memory.md``."""
    home = os.environ.get("HMH_HOME")
    root = Path(home).expanduser() if home else Path.home() / ".hmharness"
    return root / "memory" / "memory.md"


@dataclass(frozen=True)
class Note:
    time: str  # YYYY-MM-DD HH:MM as written
    text: str
    workspace: str | None

    @property
    def id(self) -> str:
        seed = f"{self.time}\x00{self.text}\x00{self.workspace or ''}".encode()
        return "note-" + hashlib.sha256(seed).hexdigest()[:16]

    @property
    def timestamp(self) -> str:
        day, minute = self.time.split(" ")
        return f"{day}T{minute}:00.000Z"

    @property
    def tags(self) -> list[str]:
        return [NOTE_TAG] + ([workspace_tag(self.workspace)] if self.workspace else [])


def parse_note(line: str) -> Note | str | None:
    """A :class:`Note`, the reason the line is not one, or None for a line that is no note and
    no error (blank, a heading)."""
    line = line.rstrip("\r")
    if not line.strip() or line.lstrip().startswith("#"):
        return None
    m = _LINE.match(line.strip())
    if m is None:
        return "not a note line (expected “- [YYYY-MM-DD HH:MM] text [ws:name]”)"
    day, minute, text, ws = m.groups()
    try:
        datetime.strptime(f"{day} {minute}", "%Y-%m-%d %H:%M")
    except ValueError:
        return f"impossible time {day} {minute}"
    text = clean_text(text.strip())
    if not text:
        return "the note has no text"
    ws = clean_text(ws.strip()) if ws else None
    return Note(f"{day} {minute}", text, ws or None)


@dataclass
class NotesReport(ImportReport):
    """:class:`ImportReport` of a notes import (``updated`` and ``missing`` stay empty: notes
    are append-only), plus the repeated lines."""

    duplicates: int = 0
    workspaces: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        out = super().to_json()
        out.pop("updated")
        out.pop("missing")
        out["duplicates"] = self.duplicates
        out["workspaces"] = list(self.workspaces)
        return out


def import_notes_file(store: MemoryStore, path: Path | str | None = None) -> NotesReport:
    """Import the notes file at ``path`` (default :func:`default_notes_file`)."""
    p = Path(path).expanduser() if path is not None else default_notes_file()
    what = "pass the path of hmharness's memory.md"
    try:
        data = read_input(p, limit=NOTES_LIMIT, what="the notes file")
    except InputError as exc:
        raise StoreError(f"{exc}; {what}") from None
    except FileNotFoundError:
        raise StoreError(f"{p} does not exist; {what}") from None
    except IsADirectoryError:
        raise StoreError(f"{p} is a directory; {what}") from None
    except OSError as exc:
        raise StoreError(f"cannot read {p}: {exc.strerror}; {what}") from exc
    return import_notes_bytes(store, data, p)


def import_notes_bytes(store: MemoryStore, data: bytes, path: Path) -> NotesReport:
    """Import the notes of ``data`` (the file's bytes) in one transaction."""
    report = NotesReport(path=path)
    notes: dict[str, tuple[int, Note]] = {}
    raws = data.split(b"\n")
    # hmdesk's own pitfalls block (hmdesk-cli instructions memory.md) holds no notes
    hmdesk_block = block_lines([r.decode("utf-8", "replace") for r in raws])
    for number, raw in enumerate(raws, start=1):
        if number - 1 in hmdesk_block:
            continue
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            report.skipped.append(SkippedLine(number, f"not UTF-8 text ({exc.reason})"))
            continue
        if number == 1:
            text = text.removeprefix("\ufeff")
        got = parse_note(text)
        if got is None:
            continue
        if isinstance(got, str):
            report.skipped.append(SkippedLine(number, got))
            continue
        if got.id in notes:
            report.duplicates += 1
            continue
        try:
            validate_content(got.text)
        except StoreError as exc:
            report.skipped.append(SkippedLine(number, str(exc)))
            continue
        notes[got.id] = (number, got)
    report.workspaces = sorted({n.workspace for _, n in notes.values() if n.workspace})
    with store._transaction(ACTOR) as tx:
        s = tx.session
        ids = list(notes)
        known: set[str] = set()
        for i in range(0, len(ids), _CHUNK):
            part = ids[i : i + _CHUNK]
            for row in s.scalars(sa.select(Memory).where(Memory.id.in_(part))):
                known.add(row.id)
                want = notes[row.id][1].tags
                if row.tags != want and any(" " in t for t in row.tags or ()):
                    # a workspace tag an earlier import kept with its spaces: made one word
                    tx.event(row.id, "edit", "tags", row.tags, want, str(path))
                    row.tags = want
                    tx.touch(row)
        rows: list[dict[str, Any]] = []
        for mid, (_number, note) in notes.items():
            if mid in known:
                report.unchanged += 1
                continue
            rows.append(
                {
                    "id": mid,
                    "layer": "episodic",
                    "content": note.text,
                    "payload": None,
                    "source": "hmharness",
                    "provenance": "memory.md",
                    "confidence": NOTE_CONFIDENCE,
                    "timestamp": note.timestamp,
                    "environment": "harmonyos",
                    "session": "notes",
                    "superseded_by": None,
                    "tags": note.tags,
                    "created_at": tx.at,
                    "updated_at": tx.at,
                    "recall_count": 0,
                    "extra": {},
                    "origin": ORIGIN,
                }
            )
        if rows:
            with bulk_insert(dbapi_of(s)):
                s.execute(sa.insert(table_of(Memory)), rows)
            for r in rows:
                tx.event(r["id"], "import", reason=str(path))
        report.imported = len(rows)
    return report


class NotesSync(HmharnessSync):
    """Keeps the store in step with memory.md while it runs: imports it once, then again after
    each change (see :class:`~hmdesk.core.memory.hmharness.HmharnessSync`; a content already
    imported is skipped)."""

    def __init__(self, store: MemoryStore, path: Path | str | None = None, **kw: Any) -> None:
        super().__init__(store, path if path is not None else default_notes_file(), **kw)

    what = "hmharness's notes file"

    def _import(self, data: bytes) -> ImportReport:
        return import_notes_bytes(self.store, data, self.path)
