"""The hmharness import, batch by batch: bounded memory, progress, one transaction.

:func:`import_lines` applies the rules of :mod:`hmdesk.core.memory.hmharness.jsonl` (its module doc) to
the lines of a memory.jsonl given in batches. Everything happens in ONE write transaction (all or
nothing), but memory grows with the batch, not the file:

* Each batch's lines are looked up in the database: a line whose candidate id (the leading
  ``"id"`` key, read by a regular expression) holds exactly this line as ``hmh_raw`` is
  "unchanged" without parsing. Any other line is parsed; a parsed line equal to its memory's
  ``hmh_raw`` is unchanged as well, so the result is the same as a lookup of every raw line.
* The ids seen so far and their first line (duplicate ids, ``missing``) live in a TEMP table of
  the writing connection, not in Python.
* New rows are inserted and the events written after each batch; ``progress(done, total)`` is
  called after each batch.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any, BinaryIO

import sqlalchemy as sa
from hmdesk.core.bounded import InputError, open_input
from hmdesk.core.memory.hmharness.jsonl import (
    _SYNC_FIELDS,
    ACTOR,
    IMPORT_LIMIT,
    ImportReport,
    SkippedLine,
    parse_line,
)
from hmdesk.core.memory.safe_text import clean_text
from hmdesk.core.memory.search_index.maintain import dbapi_of
from hmdesk.core.memory.search_index.schema import bulk_insert
from hmdesk.core.memory.store import MemoryStore, StoreError
from hmdesk.core.memory.store.transaction import Transaction
from hmdesk.core.models import Memory, table_of

BATCH = 5000
"""Lines per batch (each batch: a few queries, one insert, its events)."""
_CHUNK = 900  # ids per IN (...) query (SQLite before 3.32 allows 999 parameters)
_SEEN = "hmdesk_import_seen"
# the leading "id" key of a line (hmharness and hmdesk's export write it first); only a hint
_ID_RE = re.compile(r'\s*\{\s*"id"\s*:\s*"([^"\\]*)"')

Progress = Callable[[int, int], None]
"""``progress(done_bytes, total_bytes)``, called after each batch."""


def read_batches(fh: BinaryIO, size: int | None = None) -> Iterator[tuple[list[bytes], int]]:
    """The file's lines (split at ``\\n`` only, as ``bytes.split``) in batches, with the bytes
    read so far."""
    size = size or BATCH
    batch: list[bytes] = []
    done = 0
    for raw in fh:
        done += len(raw)
        batch.append(raw[:-1] if raw.endswith(b"\n") else raw)
        if len(batch) >= size:
            yield batch, done
            batch = []
    if batch:
        yield batch, done


def split_batches(data: bytes, size: int | None = None) -> Iterator[tuple[list[bytes], int]]:
    """``data``'s lines in batches (a final empty line dropped), with the bytes covered so far."""
    size = size or BATCH
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    done = 0
    for i in range(0, len(lines), size):
        batch = lines[i : i + size]
        done = min(len(data), done + sum(len(b) + 1 for b in batch))
        yield batch, done


def import_path(store: MemoryStore, path: Path, progress: Progress | None = None) -> ImportReport:
    """Import the file at ``path`` (read batch by batch)."""
    try:
        fh = open_input(path, limit=IMPORT_LIMIT, what="the memory file")
    except InputError as exc:
        raise StoreError(f"{exc}; pass the path of hmharness's memory.jsonl") from None
    except FileNotFoundError:
        raise StoreError(
            f"{path} does not exist; pass the path of hmharness's memory.jsonl"
        ) from None
    except IsADirectoryError:
        raise StoreError(
            f"{path} is a directory; pass the path of hmharness's memory.jsonl"
        ) from None
    except OSError as exc:
        raise StoreError(f"cannot read {path}: {exc.strerror}") from exc
    with fh:
        try:
            total = _size(fh)
            return import_lines(store, read_batches(fh), path, total, progress)
        except IsADirectoryError:  # Windows opens a directory, reading it fails
            raise StoreError(
                f"{path} is a directory; pass the path of hmharness's memory.jsonl"
            ) from None
        except OSError as exc:
            raise StoreError(f"cannot read {path}: {exc.strerror}") from exc


def _size(fh: BinaryIO) -> int:
    return os.fstat(fh.fileno()).st_size


def import_lines(
    store: MemoryStore,
    batches: Iterable[tuple[list[bytes], int]],
    path: Path,
    total: int,
    progress: Progress | None = None,
) -> ImportReport:
    """Import lines given in batches (``(lines, bytes done)``), in one transaction."""
    report = ImportReport(path=path)
    with store._transaction(ACTOR) as tx:
        run = _Batches(tx, report, path)
        for lines, done in batches:
            run.feed(lines)
            if progress is not None:
                progress(done, total)
        run.finish()
    return report


class _Batches:
    """The state of one import across its batches (the line number, the TEMP table)."""

    def __init__(self, tx: Transaction, report: ImportReport, path: Path) -> None:
        self.tx = tx
        self.s = tx.session
        self.report = report
        self.path = path
        self.number = 0
        # the same statements on PostgreSQL (a team store): its temp schema, its placeholders
        pg = self.s.get_bind().dialect.name == "postgresql"
        self.temp, self.mark = ("pg_temp", "%s") if pg else ("temp", "?")
        self.s.execute(sa.text(f"DROP TABLE IF EXISTS {self.temp}.{_SEEN}"))
        self.s.execute(
            sa.text(
                f"CREATE TEMP TABLE {_SEEN} (id TEXT PRIMARY KEY, line INTEGER)"
                + ("" if pg else " WITHOUT ROWID")
            )
        )

    def _lookup(self, sql: str, ids: Iterable[str]) -> dict[str, Any]:
        wanted = list(ids)
        out: dict[str, Any] = {}
        for i in range(0, len(wanted), _CHUNK):
            chunk = wanted[i : i + _CHUNK]
            marks = ",".join([self.mark] * len(chunk))
            # the DB-API cursor of the transaction's connection: no per-row wrapping
            cur = self.s.connection().connection.cursor()
            try:
                out.update(cur.execute(sql.format(marks), chunk).fetchall())
            finally:
                cur.close()
        return out

    def _stored(self, ids: Iterable[str]) -> dict[str, str | None]:
        return self._lookup("SELECT id, hmh_raw FROM memories WHERE id IN ({})", ids)

    def _first_lines(self, ids: Iterable[str]) -> dict[str, int]:
        return self._lookup(f"SELECT id, line FROM {self.temp}.{_SEEN} WHERE id IN ({{}})", ids)

    def _parse(self, number: int, text: str) -> tuple[dict[str, Any], list[str]] | str:
        try:
            return parse_line(text)
        except (ValueError, RecursionError, OverflowError) as exc:
            return str(exc) or type(exc).__name__
        except Exception as exc:  # noqa: BLE001 - one bad line must never empty the import
            return f"unreadable line ({type(exc).__name__})"

    def feed(self, raws: list[bytes]) -> None:
        report = self.report
        items: list[tuple[int, str, str | None]] = []  # line number, text, candidate id
        undecoded: dict[int, str] = {}  # reported in line order with the others
        for raw in raws:
            self.number += 1
            number = self.number
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError as exc:
                undecoded[number] = f"not UTF-8 text ({exc.reason})"
                items.append((number, "", None))
                continue
            if number == 1:
                text = text.removeprefix("\ufeff")
            if not text.strip():
                continue
            m = _ID_RE.match(text)
            items.append((number, text, m.group(1) if m else None))
        known = self._stored({c for _, _, c in items if c is not None})
        # a line held byte for byte by its memory needs no parsing (unless its id repeats)
        parsed: dict[int, tuple[dict[str, Any], list[str]] | str] = {}
        for number, text, cand in items:
            if number in undecoded:
                continue
            if cand is None or known.get(cand) != text:
                parsed[number] = self._parse(number, text)
        ids = {c for _, _, c in items if c is not None}
        ids.update(p[0]["id"] for p in parsed.values() if not isinstance(p, str))
        known.update(self._stored(ids - {c for _, _, c in items}))
        first = self._first_lines(ids)
        fresh: dict[str, int] = {}
        new_rows: list[dict[str, Any]] = []
        tx = self.tx
        for number, text, cand in items:
            if number in undecoded:
                report.skipped.append(SkippedLine(number, undecoded[number]))
                continue
            if number not in parsed and cand is not None and cand not in first:
                first[cand] = fresh[cand] = number
                report.unchanged += 1
                continue
            result = parsed[number] if number in parsed else self._parse(number, text)
            if isinstance(result, str):
                report.skipped.append(SkippedLine(number, result))
                continue
            values, repaired = result
            mid = values["id"]
            if mid not in ids:  # a repeated "id" key: the hint named another id
                ids.add(mid)
                known.update(self._stored([mid]))
                first.update(self._first_lines([mid]))
            if mid in first:
                report.skipped.append(
                    SkippedLine(
                        number, f"duplicate id {mid!r} (first seen on line "
                        f"{first[mid]}); kept the first"
                    )
                )  # fmt: skip
                continue
            first[mid] = fresh[mid] = number
            if mid in known and known[mid] == text:
                report.unchanged += 1  # the same line as last time (read without the hint)
                continue
            if repaired:
                fields = ", ".join(repr(clean_text(f)) for f in repaired)
                report.repaired.append(
                    SkippedLine(number, f"lone UTF-16 surrogate in {fields} replaced by U+FFFD")
                )
            if mid not in known:
                new_rows.append(
                    {
                        **values,
                        "created_at": tx.at,
                        "updated_at": tx.at,
                        "recall_count": 0,
                        "hmh_raw": text,
                        "origin": "hmharness",
                    }
                )
            elif _apply_sync(tx, self.s.scalars(sa.select(Memory).where(Memory.id == mid)).one(),
                             values, text, f"{self.path}:{number}"):  # fmt: skip
                report.updated += 1
            else:
                report.unchanged += 1
        if fresh:
            self.s.connection().exec_driver_sql(
                f"INSERT INTO {self.temp}.{_SEEN} (id, line) VALUES ({self.mark}, {self.mark})",
                list(fresh.items()),
            )
        if new_rows:
            # one pending mark for the whole batch instead of a trigger per row
            if self.temp == "pg_temp":  # no stored search index to mark on PostgreSQL
                self.s.execute(sa.insert(table_of(Memory)), new_rows)
            else:
                with bulk_insert(dbapi_of(self.s)):
                    self.s.execute(sa.insert(table_of(Memory)), new_rows)
            for values in new_rows:
                tx.event(values["id"], "import", reason=str(self.path))
            report.imported += len(new_rows)
        tx.flush_events()
        self.s.flush()
        if self.temp == "pg_temp":  # the server's search index batch by batch: bounded memory
            from hmdesk.core.memory.search_index.postgres_index import fill_session

            fill_session(self.s)

    def finish(self) -> None:
        # an anti-join: PostgreSQL runs ``NOT IN (SELECT …)`` over a list larger than its
        # work_mem as a nested loop (an import of 1,000,000 memories never ended)
        missing = self.s.connection().exec_driver_sql(
            "SELECT id FROM memories m WHERE hmh_raw IS NOT NULL AND deleted_at IS NULL "
            f"AND NOT EXISTS (SELECT 1 FROM {self.temp}.{_SEEN} s WHERE s.id = m.id) ORDER BY seq"
        )
        self.report.missing = [mid for (mid,) in missing]
        self.s.execute(sa.text(f"DROP TABLE {self.temp}.{_SEEN}"))


def _apply_sync(tx: Any, row: Memory, values: dict[str, Any], text: str, where: str) -> bool:
    """Bring ``row`` in line with a changed file line; one ``sync`` event per changed field."""
    changed = False

    def put(name: str, new: Any) -> None:
        nonlocal changed
        old = getattr(row, name)
        if old == new and type(old) is type(new):
            return
        setattr(row, name, new)
        tx.event(row.id, "sync", name, old, new, where)
        changed = True

    link_changed = row.superseded_by != values["superseded_by"]
    for name in _SYNC_FIELDS:
        put(name, values[name])
    if link_changed:
        row.superseded_at = values["superseded_at"] or (
            tx.at if values["superseded_by"] is not None else None
        )
        row.supersede_reason = values["supersede_reason"]
    else:
        for name in ("superseded_at", "supersede_reason"):
            if values[name] is not None:
                put(name, values[name])
    row.hmh_raw = text
    if changed:
        row.updated_at = tx.at
    return changed
