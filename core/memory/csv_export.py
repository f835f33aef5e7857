"""Memories as CSV, for a spreadsheet: the GUI's "Export CSV…" and ``hmdesk-cli export-csv``.

A cell a spreadsheet would read as a formula is neutralised as OWASP's "CSV Injection" page
recommends: a text beginning with ``=``, ``+``, ``-``, ``@``, a TAB or a CR gets a leading ``'``
(and the csv module quotes what needs quoting), so ``=HYPERLINK(…)`` in a memory stays text.
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from pathlib import Path

from hmdesk.core.memory.record import MemoryRecord

CSV_FIELDS = (
    "id",
    "layer",
    "content",
    "tags",
    "confidence",
    "environment",
    "source",
    "provenance",
    "session",
    "timestamp",
    "superseded_by",
    "recall_count",
    "deleted_at",
)


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def neutral(cell: object) -> object:
    """``cell`` as a spreadsheet shows it as text, never runs it (OWASP: prefix a ``'``)."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


def memories_to_csv(records: Sequence[MemoryRecord], path: Path | str) -> int:
    """Write ``records`` to ``path`` as UTF-8 CSV (tags joined with ``;``); returns the count."""
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(CSV_FIELDS)
        for r in records:
            w.writerow(
                neutral(c)
                for c in [
                    r.id,
                    r.layer,
                    r.content,
                    ";".join(r.tags),
                    f"{r.confidence:g}",
                    r.environment,
                    r.source,
                    r.provenance,
                    r.session,
                    r.timestamp,
                    r.superseded_by or "",
                    r.recall_count,
                    r.deleted_at or "",
                ]
            )
    return len(records)
