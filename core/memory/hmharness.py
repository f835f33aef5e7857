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
from hmdesk.core.memory.atomic import write_atomic
from hmdesk.core.memory.record import DECAY_SENTINEL, LAYERS
from hmdesk.core.memory.safe_text import clean_json, clean_text
from hmdesk.core.memory.store import HMH_FIELDS, MemoryStore, NotFound, StoreError
from hmdesk.core.models import Memory, table_of

log = logging.getLogger(__name__)

ACTOR = "hmharness"
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


def parse_record(text: str) -> dict[str, Any]:
    """Column values for one line of memory.jsonl; ``ValueError`` with the reason if it is bad."""
    return parse_line(text)[0]


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


def import_file(store: MemoryStore, path: Path | str | None = None) -> ImportReport:
    """Import (or re-import) an hmharness memory.jsonl. See the module doc for the rules."""
    path = Path(path).expanduser() if path is not None else default_memory_file()
    try:
        data = path.read_bytes()
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
    return import_bytes(store, data, path)


def import_bytes(store: MemoryStore, data: bytes, path: Path) -> ImportReport:
    report = ImportReport(path=path)
    parsed: list[tuple[int, str, dict[str, Any]]] = []
    first_line: dict[str, int] = {}
    lines = data.split(b"\n")
    if lines and lines[-1] == b"":
        lines.pop()
    # lines imported before, byte for byte, need no parsing (the watcher re-reads whole files)
    with store.db.read() as s:
        by_raw: dict[str, str] = {
            raw_text: mid
            for raw_text, mid in s.execute(
                sa.select(Memory.hmh_raw, Memory.id).where(Memory.hmh_raw.is_not(None))
            )
            if raw_text is not None
        }
    same: list[str] = []
    for number, raw in enumerate(lines, start=1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            report.skipped.append(SkippedLine(number, f"not UTF-8 text ({exc.reason})"))
            continue
        if number == 1:
            text = text.removeprefix("\ufeff")
        if not text.strip():
            continue
        mid = by_raw.get(text)
        if mid is not None and mid not in first_line:
            first_line[mid] = number
            same.append(mid)
            continue
        try:
            values, repaired = parse_line(text)
        except (ValueError, RecursionError, OverflowError) as exc:
            report.skipped.append(SkippedLine(number, str(exc) or type(exc).__name__))
            continue
        except Exception as exc:  # noqa: BLE001 - one bad line must never empty the import
            report.skipped.append(SkippedLine(number, f"unreadable line ({type(exc).__name__})"))
            continue
        if values["id"] in first_line:
            report.skipped.append(
                SkippedLine(
                    number, f"duplicate id {values['id']!r} (first seen on line "
                    f"{first_line[values['id']]}); kept the first"
                )
            )  # fmt: skip
            continue
        first_line[values["id"]] = number
        if repaired:
            fields = ", ".join(repr(clean_text(f)) for f in repaired)
            report.repaired.append(
                SkippedLine(number, f"lone UTF-16 surrogate in {fields} replaced by U+FFFD")
            )
        parsed.append((number, text, values))

    with store._transaction(ACTOR) as tx:
        s = tx.session
        report.unchanged += len(same)
        ids = [v["id"] for _, _, v in parsed]
        known: dict[str, str | None] = {}  # id -> hmh_raw
        for i in range(0, len(ids), 500):
            chunk = ids[i : i + 500]
            for mid, raw_text in s.execute(
                sa.select(Memory.id, Memory.hmh_raw).where(Memory.id.in_(chunk))
            ):
                known[mid] = raw_text
        new_rows: list[dict[str, Any]] = []
        for number, text, values in parsed:
            mid = values["id"]
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
            elif known[mid] == text:
                report.unchanged += 1
            elif _apply_sync(tx, s.scalars(sa.select(Memory).where(Memory.id == mid)).one(),
                             values, text, f"{path}:{number}"):  # fmt: skip
                report.updated += 1
            else:
                report.unchanged += 1
        if new_rows:
            s.execute(sa.insert(table_of(Memory)), new_rows)
            for values in new_rows:
                tx.event(values["id"], "import", reason=str(path))
            report.imported = len(new_rows)
        seen = set(ids) | set(same)
        missing = s.execute(
            sa.select(Memory.id)
            .where(Memory.hmh_raw.is_not(None), Memory.deleted_at.is_(None))
            .order_by(Memory.seq)
        ).scalars()
        report.missing = [i for i in missing if i not in seen]
    return report


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


def export_file(store: MemoryStore, path: Path | str, ids: Iterable[str] | None = None) -> int:
    """Write memories (all not deleted, or ``ids``) to ``path`` as hmharness JSONL, atomically.
    Returns the number of lines written."""
    path = Path(path).expanduser()
    with store.db.read() as s:
        stmt = (
            sa.select(*Memory.__table__.c).where(Memory.deleted_at.is_(None)).order_by(Memory.seq)
        )
        rows: list[Any]
        if ids is None:
            rows = list(s.connection().execute(stmt))
        else:
            wanted = list(dict.fromkeys(ids))
            rows = []
            for i in range(0, len(wanted), 500):
                rows.extend(s.connection().execute(stmt.where(Memory.id.in_(wanted[i : i + 500]))))
            found = {r.id for r in rows}
            unknown = [i for i in wanted if i not in found]
            if unknown:
                raise NotFound(f"no memory (or a deleted one) with id {', '.join(unknown[:5])}")
            rows.sort(key=lambda r: r.seq)
        lines = [export_line(r) for r in rows]
    text = "".join(line + "\n" for line in lines)
    write_atomic(path, text.encode("utf-8"), mode_like=default_memory_file())
    return len(lines)


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

    def sync_now(self) -> ImportReport | None:
        """Re-import if the file changed since the last import; report it. None if skipped."""
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return None
        except OSError as exc:
            self._error(exc)
            return None
        digest = hashlib.sha256(data).digest()
        if digest == self._last_digest:
            return None
        try:
            report = import_bytes(self.store, data, self.path)
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

    def _error(self, exc: Exception) -> None:
        if self.on_error is not None:
            self.on_error(exc)
        else:
            log.warning("hmharness sync of %s: %s", self.path, exc)
