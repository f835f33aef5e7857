"""hmharness interop: import, export and live sync of ``cognitive/memory/memory.jsonl``.

The file holds one JSON object per line (hmharness's ``MemoryEntry``). Rules:

* **Import** parses each line on its own. A bad line (not UTF-8, invalid JSON, not an object, a
  required field missing or of the wrong type, layer ``working`` or unknown, confidence outside
  [0, 1], nested deeper than 64 levels, a number that is not finite) is skipped and reported by
  line number; every good line is kept, whatever the bad ones hold. Blank lines are ignored.
  A lone UTF-16 surrogate in a string is replaced by U+FFFD and the line is reported in
  ``ImportReport.repaired`` (see :mod:`hmdesk.core.memory.safe_text`).
  A repeated id keeps its first line and reports the others.
* Keys hmdesk does not model are kept in ``extra``; the exact line text is kept in ``hmh_raw``.
* ``supersededBy: "consolidation:stale"`` is stored as-is: it marks decay, not a link.
* **Re-import is idempotent by id.** A line equal to the one imported last time is "unchanged"
  (even if the memory was edited in hmdesk since: the file did not change, so the local edit
  stands). A changed line updates the fields that differ, each with a ``sync`` event (actor
  ``hmharness``), all in one transaction. New memories keep the file's order (``seq``).
* **A record that disappears from the file is not deleted** in hmdesk: hmharness never deletes
  entries, so a missing one is more likely a truncated or foreign file. Its id is reported in
  ``ImportReport.missing``; delete it by hand if it should go.
* **Export** writes one JSON object per line with hmharness's keys in its order, plus the unknown
  keys. A record whose fields still equal its imported line is written as that exact line; a
  record changed in hmdesk is regenerated (compact JSON like ``JSON.stringify``), with
  ``hmdeskSupersedeReason`` / ``hmdeskSupersededAt`` added when hmdesk superseded it (hmharness
  keeps unknown keys; re-import maps them back). Deleted memories are not exported. The file is
  written to a temporary file and moved into place (``os.replace``).
* :class:`HmharnessSync` watches the file's directory (watchdog), waits for ~200 ms of quiet and
  re-imports. It skips content it has already imported, so its own export (or an export to the
  watched file) leads at most to one re-import that finds everything unchanged: no loop.
"""

from __future__ import annotations

import hashlib
import json
import logging
import math
import os
import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import sqlalchemy as sa
from hmdesk.core.bounded import MB, InputError, read_input
from hmdesk.core.memory.atomic import write_atomic_chunks
from hmdesk.core.memory.record import DECAY_SENTINEL, LAYERS
from hmdesk.core.memory.safe_text import clean_json, clean_text
from hmdesk.core.memory.store import HMH_FIELDS, MemoryStore, NotFound
from hmdesk.core.models import Memory

log = logging.getLogger(__name__)

ACTOR = "hmharness"
IMPORT_LIMIT = 4096 * MB
"""The largest memory.jsonl imported (read batch by batch: memory grows with a batch)."""
SYNC_LIMIT = 512 * MB
"""The largest file the live sync reads whole (to skip content it has imported already)."""
KEY_ORDER = (
    "id",
    "layer",
    "content",
    "payload",
    "source",
    "provenance",
    "confidence",
    "timestamp",
    "environment",
    "session",
    "supersededBy",
    "tags",
)
_KNOWN = frozenset(KEY_ORDER)
# hmharness key → column
_COLUMN = {"supersededBy": "superseded_by"}
# extra keys hmdesk writes on export and reads back into columns
HMDESK_KEYS = {
    "hmdeskSupersedeReason": "supersede_reason",
    "hmdeskSupersededAt": "superseded_at",
}
# columns compared on re-import (extra included)
_SYNC_FIELDS = (*HMH_FIELDS, "extra")


def default_memory_file() -> Path:
    """``$HMH_HOME/cognitive/memory/memory.jsonl``, else ``~/.hmharness/cognitive/memory/...``."""
    home = os.environ.get("HMH_HOME")
    root = Path(home).expanduser() if home else Path.home() / ".hmharness"
    return root / "cognitive" / "memory" / "memory.jsonl"


@dataclass
class SkippedLine:
    line: int
    error: str


@dataclass
class ImportReport:
    path: Path
    imported: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped: list[SkippedLine] = field(default_factory=list)
    # lines kept with lone surrogates replaced by U+FFFD (``error`` says where)
    repaired: list[SkippedLine] = field(default_factory=list)
    # ids imported from an hmharness file before that are not in this file (nothing deleted)
    missing: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "path": str(self.path),
            "imported": self.imported,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "skipped": [{"line": s.line, "error": s.error} for s in self.skipped],
            "repaired": [{"line": s.line, "note": s.error} for s in self.repaired],
            "missing": list(self.missing),
        }


# --------------------------------------------------------------------------------------
# parsing


def _reject_constant(name: str) -> Any:
    raise ValueError(f"{name} is not valid JSON")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text[:40]} is too large")
    return value


def _bounded_int(text: str) -> int:
    # beyond a double's range: hmharness (JavaScript) never writes one, SQLite cannot keep one
    if len(text.lstrip("-")) > 308:
        raise ValueError(f"number {text[:20]}… ({len(text)} digits) is too large")
    return int(text)


_DECODER = json.JSONDecoder(
    parse_constant=_reject_constant, parse_float=_finite_float, parse_int=_bounded_int
)


def _text(obj: dict[str, Any], key: str, *, empty_ok: bool = False) -> str:
    if key not in obj:
        raise ValueError(f"missing required field {key!r}")
    value = obj[key]
    if not isinstance(value, str):
        raise ValueError(f"field {key!r} must be a string, got {json.dumps(value)[:40]}")
    if not empty_ok and not value.strip():
        raise ValueError(f"field {key!r} is empty")
    return value


def parse_line(text: str) -> tuple[dict[str, Any], list[str]]:
    """Column values for one line and the fields where lone surrogates were replaced by U+FFFD;
    ``ValueError`` with the reason if the line is bad."""
    try:
        obj = _DECODER.decode(text)
    except RecursionError:
        raise ValueError("invalid JSON: nested too deeply") from None
    except ValueError as exc:
        raise ValueError(f"invalid JSON: {str(exc)[:200]}") from None
    if not isinstance(obj, dict):
        raise ValueError(f"not a JSON object (a {type(obj).__name__})")
    repaired: list[str] = []
    try:
        cleaned, changed = clean_json(obj)
    except ValueError as exc:
        raise ValueError(f"a value is {exc}") from None
    if changed:
        repaired = [k for k, v in obj.items() if clean_json(v)[1] or clean_text(k) is not k]
        obj = cleaned
    out: dict[str, Any] = {"id": _text(obj, "id")}
    layer = _text(obj, "layer")
    if layer == "working":
        raise ValueError("layer 'working' is runtime-only and never persisted")
    if layer not in LAYERS:
        raise ValueError(f"unknown layer {layer!r} (expected one of {', '.join(LAYERS)})")
    out["layer"] = layer
    out["content"] = _text(obj, "content")
    out["source"] = _text(obj, "source")
    out["provenance"] = _text(obj, "provenance")
    if "confidence" not in obj:
        raise ValueError("missing required field 'confidence'")
    conf = obj["confidence"]
    if isinstance(conf, bool) or not isinstance(conf, int | float):
        raise ValueError(f"confidence must be a number, got {json.dumps(conf)[:40]}")
    if not 0 <= conf <= 1:  # compared as int or float: a 400-digit int is not converted
        raise ValueError(f"confidence {str(conf)[:40]} is outside [0, 1]")
    out["confidence"] = float(conf)
    out["timestamp"] = _text(obj, "timestamp")
    out["environment"] = _text(obj, "environment", empty_ok=True)
    out["session"] = _text(obj, "session", empty_ok=True)
    sup = obj.get("supersededBy")
    if sup is not None and (not isinstance(sup, str) or not sup):
        raise ValueError(f"supersededBy must be a non-empty string, got {json.dumps(sup)[:40]}")
    out["superseded_by"] = sup
    tags = obj.get("tags", [])
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        raise ValueError("tags must be a list of strings")
    out["tags"] = tags
    out["payload"] = obj.get("payload")
    extra: dict[str, Any] = {}
    for key, value in obj.items():
        if key in _KNOWN:
            continue
        if key in HMDESK_KEYS:
            if isinstance(value, str):
                out[HMDESK_KEYS[key]] = value
            continue
        extra[key] = value
    out["extra"] = extra
    out.setdefault("supersede_reason", None)
    out.setdefault("superseded_at", None)
    return out, repaired


# --------------------------------------------------------------------------------------
# import


def import_file(
    store: MemoryStore,
    path: Path | str | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> ImportReport:
    """Import (or re-import) an hmharness memory.jsonl. See the module doc for the rules.

    The file is read in batches inside one transaction (memory grows with the batch, not the
    file); ``progress(done_bytes, total_bytes)`` is called after each batch."""
    from hmdesk.core.memory.hmharness.importer import import_path

    path = Path(path).expanduser() if path is not None else default_memory_file()
    return import_path(store, path, progress)


def import_bytes(
    store: MemoryStore,
    data: bytes,
    path: Path,
    progress: Callable[[int, int], None] | None = None,
) -> ImportReport:
    """Import the content of a memory.jsonl already read (``path`` names it in the report)."""
    from hmdesk.core.memory.hmharness.importer import import_lines, split_batches

    return import_lines(store, split_batches(data), path, len(data), progress)


# --------------------------------------------------------------------------------------
# export


def _js_number(value: float) -> int | float:
    """JSON.stringify writes 1 for 1.0."""
    return int(value) if float(value).is_integer() else value


def record_json(row: Any, raw_obj: dict[str, Any] | None = None) -> dict[str, Any]:
    """hmharness's JSON object for a memory row, keys in hmharness's order, then extra keys."""
    obj: dict[str, Any] = {
        "id": row.id,
        "layer": row.layer,
        "content": row.content,
    }
    if row.payload is not None or (raw_obj is not None and "payload" in raw_obj):
        obj["payload"] = row.payload
    obj["source"] = row.source
    obj["provenance"] = row.provenance
    obj["confidence"] = _js_number(row.confidence)
    obj["timestamp"] = row.timestamp
    obj["environment"] = row.environment
    obj["session"] = row.session
    if row.superseded_by is not None:
        obj["supersededBy"] = row.superseded_by
    tags = list(row.tags or [])
    if tags or (raw_obj is not None and "tags" in raw_obj):
        obj["tags"] = tags
    for key, value in (row.extra or {}).items():
        if key not in obj:
            obj[key] = value
    if row.superseded_by not in (None, DECAY_SENTINEL) and row.supersede_reason:
        # superseded in hmdesk: keep the reason and time (hmharness keeps unknown keys)
        obj["hmdeskSupersedeReason"] = row.supersede_reason
        if row.superseded_at:
            obj["hmdeskSupersededAt"] = row.superseded_at
    return obj


def export_line(row: Any) -> str:
    """The line for one memory: its imported line while that still describes it, else new JSON."""
    raw_obj: dict[str, Any] | None = None
    end = ""
    if row.hmh_raw:
        # an imported CRLF line keeps its CR (also when it is regenerated)
        end = "\r" if str(row.hmh_raw).endswith("\r") else ""
        try:
            loaded = clean_json(_DECODER.decode(row.hmh_raw))[0]
            raw_obj = loaded if isinstance(loaded, dict) else None
        except (ValueError, RecursionError):
            raw_obj = None
    obj = record_json(row, raw_obj)
    if raw_obj is not None and raw_obj == obj:
        return str(row.hmh_raw)
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + end


EXPORT_BATCH = 5000
"""Rows read and lines written per batch by :func:`export_file`."""


def export_file(
    store: MemoryStore,
    path: Path | str,
    ids: Iterable[str] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> int:
    """Write memories (all not deleted, or ``ids``) to ``path`` as hmharness JSONL, atomically.
    Rows are read and written in batches (all memories: memory grows with the batch, not the
    database); ``progress(done_rows, total_rows)`` is called after each batch. Returns the number
    of lines written."""
    path = Path(path).expanduser()
    written = 0
    with store.db.read() as s:
        stmt = (
            sa.select(*Memory.__table__.c).where(Memory.deleted_at.is_(None)).order_by(Memory.seq)
        )
        rows: Iterable[Any]
        if ids is None:
            total = s.execute(
                sa.select(sa.func.count()).select_from(Memory).where(Memory.deleted_at.is_(None))
            ).scalar_one()
            rows = s.connection().execution_options(yield_per=EXPORT_BATCH).execute(stmt)
        else:
            wanted = list(dict.fromkeys(ids))
            chosen: list[Any] = []
            for i in range(0, len(wanted), 500):
                part = stmt.where(Memory.id.in_(wanted[i : i + 500]))
                chosen.extend(s.connection().execute(part))
            found = {r.id for r in chosen}
            unknown = [i for i in wanted if i not in found]
            if unknown:
                raise NotFound(f"no memory (or a deleted one) with id {', '.join(unknown[:5])}")
            chosen.sort(key=lambda r: r.seq)
            rows, total = chosen, len(chosen)

        def chunks() -> Iterable[bytes]:
            nonlocal written
            batch: list[str] = []
            for row in rows:
                batch.append(export_line(row) + "\n")
                if len(batch) >= EXPORT_BATCH:
                    yield "".join(batch).encode("utf-8")
                    written += len(batch)
                    batch = []
                    if progress is not None:
                        progress(written, total)
            if batch:
                yield "".join(batch).encode("utf-8")
                written += len(batch)
            if progress is not None:
                progress(written, total)

        write_atomic_chunks(path, chunks(), mode_like=default_memory_file())
    return written


# --------------------------------------------------------------------------------------
# live sync


class HmharnessSync:
    """Keeps the store in step with memory.jsonl while it runs (file → store).

    ``start()`` imports the file once, then watches its directory; after a change and ~200 ms of
    quiet it re-imports and calls ``on_report(ImportReport)`` from its own thread. Errors
    (unreadable file, database busy) go to ``on_error(exc)`` (default: logged) and the watch goes
    on. A missing directory is polled for once a second until it appears.
    """

    def __init__(
        self,
        store: MemoryStore,
        path: Path | str | None = None,
        on_report: Callable[[ImportReport], None] | None = None,
        *,
        on_error: Callable[[Exception], None] | None = None,
        debounce: float = 0.2,
    ) -> None:
        self.store = store
        self.path = Path(path).expanduser() if path is not None else default_memory_file()
        self.on_report = on_report
        self.on_error = on_error
        self.debounce = debounce
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._observer: Any = None
        self._last_digest: bytes | None = None

    # watchdog callback (its own thread)
    def _on_fs_event(self, event: Any) -> None:
        if event.is_directory:
            return
        names = {os.path.basename(os.fsdecode(event.src_path))}
        dest = getattr(event, "dest_path", "")
        if dest:
            names.add(os.path.basename(os.fsdecode(dest)))
        if self.path.name in names:
            self._wake.set()

    def _ensure_watch(self) -> None:
        if self._observer is not None or not self.path.parent.is_dir():
            return
        from watchdog.events import FileSystemEventHandler
        from watchdog.observers import Observer

        sync = self

        class Handler(FileSystemEventHandler):
            def on_any_event(self, event: Any) -> None:
                sync._on_fs_event(event)

        observer = Observer()
        observer.daemon = True
        observer.schedule(Handler(), str(self.path.parent), recursive=False)
        observer.start()
        self._observer = observer
        self._wake.set()  # the file may have appeared before the watch

    def start(self) -> None:
        if self._thread is not None:
            return
        self._stop.clear()
        self._wake.set()
        self._thread = threading.Thread(target=self._run, name="hmharness-sync", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        self._wake.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        if self._observer is not None:
            self._observer.stop()
            self._observer.join(timeout=5)
            self._observer = None

    def _run(self) -> None:
        while not self._stop.is_set():
            try:
                self._ensure_watch()
            except Exception as exc:  # noqa: BLE001 - e.g. inotify watch limit; reported, retried
                self._error(exc)
            if not self._wake.wait(timeout=1.0):
                continue
            if self._stop.is_set():
                break
            self._wake.clear()
            # debounce: wait until the file has been quiet for self.debounce seconds
            while self._wake.wait(timeout=self.debounce) and not self._stop.is_set():
                self._wake.clear()
            if self._stop.is_set():
                break
            self.sync_now()

    what = "hmharness's memory file"

    def sync_now(self) -> ImportReport | None:
        """Re-import if the file changed since the last import; report it. None if skipped.
        The file is read only when it is a regular file of at most :data:`SYNC_LIMIT` bytes:
        a FIFO, a device or a folder put in its place is reported and the watch goes on."""
        try:
            data = read_input(self.path, limit=SYNC_LIMIT, what=self.what)
        except FileNotFoundError:
            return None
        except (InputError, OSError) as exc:
            self._error(exc)
            return None
        digest = hashlib.sha256(data).digest()
        if digest == self._last_digest:
            return None
        try:
            report = self._import(data)
        except Exception as exc:  # noqa: BLE001 - database busy, bad file: reported, the watch goes on
            self._error(exc)
            return None
        self._last_digest = digest
        if self.on_report is not None:
            try:
                self.on_report(report)
            except Exception as exc:  # noqa: BLE001 - a caller's callback must not end the sync
                self._error(exc)
        return report

    def _import(self, data: bytes) -> ImportReport:
        """Import the file's bytes (a subclass imports another format)."""
        return import_bytes(self.store, data, self.path)

    def _error(self, exc: Exception) -> None:
        if self.on_error is not None:
            self.on_error(exc)
        else:
            log.warning("hmharness sync of %s: %s", self.path, exc)
