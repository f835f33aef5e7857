"""How many memories one user action changed: the events of an action share a ``group_id``.

The history shows "3 memories deleted together" instead of an internal group id; this is the
count behind it (read-only, one query per 500 groups).
"""

from __future__ import annotations

from collections.abc import Iterable

import sqlalchemy as sa
from hmdesk.core.db import Database
from hmdesk.core.models import MemoryEvent as EventRow

_BATCH = 500  # bound parameters per query, well under SQLite's limit


def group_sizes(
    db: Database, groups: Iterable[tuple[str | None, str]]
) -> dict[tuple[str, str], int]:
    """``{(group_id, kind): number of memories}`` for each ``(group_id, kind)`` asked for: how many
    memories got an event of that kind in that action. Groups that are None are left out."""
    wanted = {(g, k) for g, k in groups if g}
    ids = sorted({g for g, _ in wanted})
    out: dict[tuple[str, str], int] = {}
    with db.read() as s:
        for start in range(0, len(ids), _BATCH):
            chunk = ids[start : start + _BATCH]
            rows = s.execute(
                sa.select(
                    EventRow.group_id, EventRow.kind, sa.func.count(sa.distinct(EventRow.memory_id))
                )
                .where(EventRow.group_id.in_(chunk))
                .group_by(EventRow.group_id, EventRow.kind)
            ).all()
            for group, kind, n in rows:
                if (group, kind) in wanted:
                    out[(str(group), str(kind))] = int(n)
    return out
