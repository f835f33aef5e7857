"""Memories as CSV, for a spreadsheet: the GUI's "Export CSV…" and ``hmdesk-cli export-csv``."""

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


def memories_to_csv(records: Sequence[MemoryRecord], path: Path | str) -> int:
    """Write ``records`` to ``path`` as UTF-8 CSV (tags joined with ``;``); returns the count."""
    with open(path, "w", newline="", encoding="utf-8") as fh:
        w = csv.writer(fh)
        w.writerow(CSV_FIELDS)
        for r in records:
            w.writerow(
                [
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
