"""The access log (revision 0006, table ``memory_access``): each recall of a memory, with its
context.

Three kinds of rows:

* ``query`` — the window showed the memory for a query that settled (the user stopped typing,
  or opened a result): the query's text and the memory's rank. The window records the top
  results of each settled query once, in one batch, on a worker thread; ``hmdesk-cli query``
  records only with ``--record`` (scripts do not fill the log).
* ``run`` — a failure card recalled the memory for run ``run_id``.
* ``feedback`` — a person said "This helped" (``helped`` true) from a failure card (with its
  run id) or the memory's detail pane.

Rows are reads, not changes: they are not events of ``memory_events`` and are never undone.
Memories that do not exist (deleted for good meanwhile) are left out quietly.

**A recall** is a ``query`` or ``run`` row, and nothing else ("This helped" is counted as
*helped*, not as a recall). The memory's ``recall_count`` and ``last_recalled_at`` are kept
equal to its recall rows in the same transaction as the rows (revision 0009 counted the rows
written before), so the window's Recalls column, the detail pane, this log and
``hmdesk-cli show --json`` say one number. The update touches neither a column the search
index's triggers watch nor ``memory_events``: a recall never re-runs the window's query.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from hmdesk.core.db import Database, iso

AccessKind = Literal["query", "run", "feedback"]
KINDS: tuple[AccessKind, ...] = ("query", "run", "feedback")
RECALL_KINDS: tuple[AccessKind, ...] = ("query", "run")
"""The kinds of row that are a recall (see the module doc)."""

_Row = tuple[str, str, str, str | None, int | None, int | None, bool | None]

QUERY_TEXT_MAX = 500
"""Characters of a query's text kept in the log (a pasted log excerpt is cut)."""


@dataclass(frozen=True, slots=True)
class Access:
    """One row of the log."""

    id: int
    memory_id: str
    at: str
    kind: AccessKind
    query_text: str | None = None
    run_id: int | None = None
    rank: int | None = None
    helped: bool | None = None

    def context(self) -> str:
        """What it was for, in words: the query, the run, or the feedback."""
        if self.kind == "query":
            rank = f" (#{self.rank})" if self.rank else ""
            return f"query “{self.query_text or ''}”{rank}"
        if self.kind == "run":
            return f"failure card of run {self.run_id}"
        where = f" on run {self.run_id}" if self.run_id is not None else ""
        return ("helped" if self.helped else "did not help") + where


@dataclass(frozen=True, slots=True)
class AccessStats:
    """What the policy needs of one memory's log."""

    memory_id: str
    recalls: int  # query and run rows
    helped: int  # feedback rows with helped true
    last_at: str | None  # the newest row of any kind


def _chunks(items: Sequence[str], n: int = 500) -> Iterable[Sequence[str]]:
    for i in range(0, len(items), n):
        yield items[i : i + n]


class AccessLog:
    """Reads and appends :class:`Access` rows of one :class:`Database`. Thread-safe (each call is
    its own transaction)."""

    def __init__(self, db: Database) -> None:
        self.db = db

    # ------------------------------------------------------------------ writing

    def _insert(self, rows: list[_Row]) -> int:
        if not rows:
            return 0
        ids = list(dict.fromkeys(r[0] for r in rows))
        m = self.db.mark
        with self.db.write() as s:
            conn = s.connection().connection
            known: set[str] = set()
            for part in _chunks(ids):
                marks = ",".join([m] * len(part))
                cur = conn.cursor()
                try:
                    found = cur.execute(
                        f"SELECT id FROM memories WHERE id IN ({marks})", list(part)
                    ).fetchall()
                finally:
                    cur.close()
                known.update(r[0] for r in found)
            kept = [r for r in rows if r[0] in known]
            if kept:
                cur = conn.cursor()
                try:
                    cur.executemany(
                        "INSERT INTO memory_access (memory_id, at, kind, query_text, run_id, "
                        f"rank, helped) VALUES ({', '.join([m] * 7)})",
                        kept,
                    )
                    counts: dict[str, list[int | str]] = {}
                    for mid, at, kind, *_rest in kept:
                        if kind in RECALL_KINDS:
                            c = counts.setdefault(mid, [0, at])
                            c[0], c[1] = int(c[0]) + 1, max(str(c[1]), at)
                    cur.executemany(
                        f"UPDATE memories SET recall_count = recall_count + {m}, "
                        f"last_recalled_at = CASE WHEN last_recalled_at IS NULL OR "
                        f"last_recalled_at < {m} THEN {m} ELSE last_recalled_at END WHERE id = {m}",
                        [(n, at, at, mid) for mid, (n, at) in counts.items()],
                    )
                finally:
                    cur.close()
        return len(kept)

    def record_query(self, text: str, ids: Sequence[str], *, at: str | None = None) -> int:
        """The memories ``ids`` (best first) were shown for the settled query ``text``.
        Returns the rows written."""
        when = at or iso()
        q = text.strip()[:QUERY_TEXT_MAX]
        rows: list[_Row] = [
            (mid, when, "query", q, None, rank, None) for rank, mid in enumerate(ids, 1)
        ]
        return self._insert(rows)

    def record_run(self, run_id: int, ids: Sequence[str], *, at: str | None = None) -> int:
        """A failure card of run ``run_id`` recalled the memories ``ids`` (best first)."""
        when = at or iso()
        rows: list[_Row] = [
            (mid, when, "run", None, int(run_id), rank, None) for rank, mid in enumerate(ids, 1)
        ]
        return self._insert(rows)

    def record_feedback(
        self,
        memory_id: str,
        *,
        helped: bool = True,
        run_id: int | None = None,
        query_text: str | None = None,
        at: str | None = None,
    ) -> int:
        """A person said the memory helped (or not), from run ``run_id`` or a query."""
        q = query_text.strip()[:QUERY_TEXT_MAX] if query_text else None
        return self._insert([(memory_id, at or iso(), "feedback", q, run_id, None, helped)])

    # ------------------------------------------------------------------ reading

    def for_memory(self, memory_id: str, *, limit: int = 200) -> list[Access]:
        """The newest ``limit`` rows of one memory, newest first."""
        rows = self._read(
            "SELECT id, memory_id, at, kind, query_text, run_id, rank, helped "
            f"FROM memory_access WHERE memory_id = {self.db.mark} ORDER BY at DESC, id DESC "
            f"LIMIT {self.db.mark}",
            (memory_id, limit),
        )
        return [
            Access(r[0], r[1], r[2], r[3], r[4], r[5], r[6], None if r[7] is None else bool(r[7]))
            for r in rows
        ]

    def recalls_of(self, memory_id: str) -> tuple[int, str | None]:
        """``(recalls, last recalled)`` of one memory: its recall rows' count and newest time as
        kept on the memory (``(0, None)`` for an unknown id)."""
        rows = self._read(
            f"SELECT recall_count, last_recalled_at FROM memories WHERE id = {self.db.mark}",
            (memory_id,),
        )
        return (int(rows[0][0] or 0), rows[0][1]) if rows else (0, None)

    def stats(self, *, helped_since: dict[str, str] | None = None) -> dict[str, AccessStats]:
        """Per memory with any row: recalls, times it helped (counting only rows after
        ``helped_since[id]`` when given) and the newest row."""
        since = helped_since or {}
        out: dict[str, AccessStats] = {}
        rows = self._read(
            "SELECT memory_id, kind, helped, at FROM memory_access ORDER BY memory_id"
        )
        acc: dict[str, list[int | str | None]] = {}
        for mid, kind, helped, at in rows:
            a = acc.setdefault(mid, [0, 0, None])
            if kind in RECALL_KINDS:
                a[0] = int(a[0] or 0) + 1
            elif helped and (mid not in since or at > since[mid]):
                a[1] = int(a[1] or 0) + 1
            if a[2] is None or at > str(a[2]):
                a[2] = at
        for mid, (recalls, helped_n, last) in acc.items():
            out[mid] = AccessStats(
                mid, int(recalls or 0), int(helped_n or 0), str(last) if last else None
            )
        return out

    def count(self) -> int:
        return int(self._read("SELECT count(*) FROM memory_access")[0][0])

    def _read(self, sql: str, params: tuple[Any, ...] = ()) -> list[Any]:
        """The rows of one query, through the DB-API cursor of a read session."""
        with self.db.read() as s:
            cur = s.connection().connection.cursor()
            try:
                return list(cur.execute(sql, params).fetchall())
            finally:
                cur.close()
