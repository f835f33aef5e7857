"""The stored index: build it from the memories, write it, read it back, check it.

A snapshot holds, for the live (not deleted) memories as of one ``tick``, every array an
in-memory :class:`~hmdesk.core.memory.retrieve.index.MemoryIndex` needs — ``seq``, confidence,
parsed timestamps, superseded flags, layer and environment codes, tag postings, and the term
postings (chunk vocabulary, chunk → memories, character bigram → chunks) — as raw little-endian
arrays in ``search_snapshot`` rows, each checked by its length and CRC-32 on load. Reading them
back is a few ``memcpy``: no memory is read or parsed, so a new process answers at once.

Timestamps without an offset are local time (their value depends on the reader's time zone):
their positions and text are stored and they are parsed again on load.
"""

from __future__ import annotations

import json
import sqlite3
import zlib
from array import array
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np
from hmdesk.core.bounded import loads_json
from hmdesk.core.memory.jsdate import is_local_time, parse_js_date_ms
from hmdesk.core.memory.retrieve.postings import TermPostings
from hmdesk.core.memory.retrieve.timestamps import parse_timestamps
from hmdesk.core.memory.search_index.schema import SnapshotError

SNAPSHOT_FORMAT = 4  # 4: the header checks itself (``check``); 3: without the numpy-free parts
CHUNK_BYTES = 32 << 20  # one row of search_snapshot holds at most this much of a part
BATCH = 5_000

Progress = Callable[[int, int], None]

_ARRAYS = {
    "seq": "<i8",
    "conf": "<f8",
    "ts_ms": "<f8",
    "ts_ok": "|b1",
    "superseded": "|b1",
    "layer": "<i4",
    "env": "<i4",
    "tag_ptr": "<i8",
    "tag_docs": "<i8",
    "local_pos": "<i8",
    "chunk_ptr": "<i8",
    "chunk_docs": "<i8",
    "gram_keys": "<u8",
    "gram_starts": "<i8",
    "gram_chunks": "<i8",
}
_STRINGS = ("layer_names", "env_names", "tag_names", "local_ts", "vocab")


def build_parts(conn: sqlite3.Connection, progress: Progress | None = None) -> dict[str, Any]:
    """Every part of a snapshot of the live memories, read in batches (memory stays bounded
    by the arrays, never by the memories' text)."""
    total = int(
        conn.execute("SELECT count(*) FROM memories WHERE deleted_at IS NULL").fetchone()[0]
    )
    seq = array("q")
    conf = array("d")
    sup = bytearray()
    layer = array("i")
    env = array("i")
    layer_codes: dict[str, int] = {}
    env_codes: dict[str, int] = {}
    tag_pos: dict[str, array[int]] = {}
    ts_parts: list[tuple[Any, Any]] = []
    local_pos: list[int] = []
    local_ts: list[str] = []
    tag_cache: dict[str, list[str]] = {}

    def hays() -> Iterator[str]:
        cur = conn.execute(
            "SELECT seq, content, tags, timestamp, confidence, layer, environment, superseded_by "
            "FROM memories WHERE deleted_at IS NULL ORDER BY seq"
        )
        done = 0
        lcodes_get, ecodes_get = layer_codes.get, env_codes.get
        while rows := cur.fetchmany(BATCH):
            base = len(seq)
            stamps = [r[3] for r in rows]
            seq.extend([r[0] for r in rows])
            conf.extend([r[4] for r in rows])
            sup.extend([1 if r[7] else 0 for r in rows])
            for r in rows:  # layer and environment codes (few distinct values)
                lc = lcodes_get(r[5])
                if lc is None:
                    lc = layer_codes[r[5]] = len(layer_codes)
                layer.append(lc)
                ec = ecodes_get(r[6])
                if ec is None:
                    ec = env_codes[r[6]] = len(env_codes)
                env.append(ec)
            for pos, (_s, content, tags_text, _ts, _c, _lay, _en, _by) in enumerate(rows, base):
                tags = tag_cache.get(tags_text)
                if tags is None:
                    value = json.loads(tags_text) if tags_text else []
                    tags = tag_cache[tags_text] = (
                        [str(t) for t in value] if isinstance(value, list) else []
                    )
                if tags:
                    for t in set(tags):
                        tag_pos.setdefault(t, array("q")).append(pos)
                    yield (content + " " + " ".join(tags)).lower()
                else:
                    yield (content + " ").lower()
            ms, ok = parse_timestamps(stamps)
            ts_parts.append((ms, ok))
            for i, ts in enumerate(stamps):
                if len(ts) != 24 and is_local_time(ts):
                    local_pos.append(base + i)
                    local_ts.append(ts)
            done += len(rows)
            if progress is not None:
                progress(done, max(total, done))

    postings = TermPostings.from_hays(hays())
    tag_names = list(tag_pos)
    lengths = [len(tag_pos[t]) for t in tag_names]
    parts: dict[str, Any] = {
        "seq": np.frombuffer(seq, dtype=np.int64),
        "conf": np.frombuffer(conf, dtype=np.float64),
        "ts_ms": np.concatenate([m for m, _ in ts_parts]) if ts_parts else np.zeros(0),
        "ts_ok": np.concatenate([o for _, o in ts_parts]) if ts_parts else np.zeros(0, dtype=bool),
        "superseded": np.frombuffer(bytes(sup), dtype=np.uint8).astype(bool),
        "layer": np.frombuffer(layer, dtype=np.int32),
        "env": np.frombuffer(env, dtype=np.int32),
        "layer_names": list(layer_codes),
        "env_names": list(env_codes),
        "tag_names": tag_names,
        "tag_ptr": np.concatenate(([0], np.cumsum(lengths, dtype=np.int64))).astype(np.int64),
        "tag_docs": np.concatenate([np.frombuffer(tag_pos[t], dtype=np.int64) for t in tag_names])
        if tag_names
        else np.zeros(0, dtype=np.int64),
        "local_pos": np.array(local_pos, dtype=np.int64),
        "local_ts": local_ts,
        **postings.parts(),
    }
    return parts


def _encode_strings(values: list[str]) -> tuple[str, bytes]:
    if any("\x00" in v for v in values):
        return "json", json.dumps(values, ensure_ascii=False).encode("utf-8", "surrogatepass")
    return "nul", "\x00".join(values).encode("utf-8", "surrogatepass")


def _decode_strings(kind: str, data: bytes | bytearray, count: int) -> list[str]:
    if kind == "json":
        values = loads_json(data.decode("utf-8", "surrogatepass"), "the search index")
    else:
        values = split_nul(data) if count else []
    if not isinstance(values, list) or len(values) != count:
        raise SnapshotError("a string list of the stored index does not decode")
    return values


def write(conn: sqlite3.Connection, parts: dict[str, Any], tick: int) -> None:
    """Store ``parts`` as the snapshot as of ``tick`` and forget the rows it covers (inside the
    caller's write transaction)."""
    header: dict[str, Any] = {
        "format": SNAPSHOT_FORMAT,
        "tick": tick,
        "size": len(parts["seq"]),
    }
    blobs: dict[str, bytes] = {}
    for name, dtype in _ARRAYS.items():
        arr = np.asarray(parts[name])
        if dtype == "<i8" and (not arr.size or (arr.min() >= -(2**31) and arr.max() < 2**31)):
            dtype = "<i4"  # half the bytes to read back (widened again on load)
        arr = np.ascontiguousarray(arr, dtype=np.dtype(dtype))
        blobs[name] = arr.tobytes()
        header[name] = {"dtype": dtype, "count": int(arr.size)}
    for name in _STRINGS:
        kind, data = _encode_strings(parts[name])
        blobs[name] = data
        header[name] = {"kind": kind, "count": len(parts[name])}
    conn.execute("DELETE FROM search_snapshot")
    for name, data in blobs.items():
        header[name].update(bytes=len(data), crc=zlib.crc32(data))
        for k, start in enumerate(range(0, max(len(data), 1), CHUNK_BYTES)):
            conn.execute(
                "INSERT INTO search_snapshot (part, chunk, data) VALUES (?, ?, ?)",
                (name, k, data[start : start + CHUNK_BYTES]),
            )
    header["check"] = _header_check(header)
    conn.execute(
        "INSERT OR REPLACE INTO search_meta (key, value) VALUES ('snapshot', ?)",
        (json.dumps(header),),
    )
    conn.execute("DELETE FROM search_dirty WHERE id <= ?", (tick,))


def _header_check(head: dict[str, Any]) -> int:
    """CRC-32 of the header's fields (all but ``check``): a header edited by hand (its tick, a
    part's size or CRC) no longer checks, so the snapshot is never used with it."""
    fields = {k: v for k, v in head.items() if k != "check"}
    return zlib.crc32(json.dumps(fields, sort_keys=True).encode())


def header(conn: sqlite3.Connection) -> dict[str, Any] | None:
    """The stored snapshot's header; None when there is none (or it is unreadable, an earlier
    format). Raises :class:`SnapshotError` when a header of this format does not check."""
    row = conn.execute("SELECT value FROM search_meta WHERE key = 'snapshot'").fetchone()
    if row is None:
        return None
    try:
        value = loads_json(row[0], "the search index header")
    except (TypeError, ValueError):  # InputError (too deep) is a ValueError
        return None
    if not isinstance(value, dict):
        return None
    if value.get("format") == SNAPSHOT_FORMAT and value.get("check") != _header_check(value):
        raise SnapshotError("the search index is damaged (its header does not check)")
    return value


def read(conn: sqlite3.Connection) -> dict[str, Any]:
    """The stored parts, checked (length and CRC-32 of every part). Raises
    :class:`SnapshotError` when there is none or it does not check."""
    head = header(conn)
    if head is None:
        raise SnapshotError("the search index has not been built")
    if head.get("format") != SNAPSHOT_FORMAT:
        raise SnapshotError(
            f"the search index has format {head.get('format')}, not {SNAPSHOT_FORMAT}"
        )
    pieces: dict[str, list[bytes]] = {}
    for name, _chunk, data in conn.execute(
        "SELECT part, chunk, data FROM search_snapshot ORDER BY part, chunk"
    ):
        pieces.setdefault(name, []).append(bytes(data))
    parts: dict[str, Any] = {}
    try:
        for name in (*_ARRAYS, *_STRINGS):
            info = head[name]
            data = join_chunks(pieces.get(name, []))
            if len(data) != info["bytes"] or zlib.crc32(data) != info["crc"]:
                raise SnapshotError(f"the search index is damaged (part {name!r} does not check)")
            if name in _ARRAYS:
                arr = np.frombuffer(data, dtype=np.dtype(info["dtype"]))
                if arr.size != info["count"]:
                    raise SnapshotError(f"the search index is damaged (part {name!r})")
                wanted = np.dtype(_ARRAYS[name])
                # integers stay as stored (``<i4`` where they fit): the search indexes and
                # compares with them, and widening every array of a large store costs a copy
                same_kind = arr.dtype.kind == wanted.kind == "i"
                parts[name] = arr if arr.dtype == wanted or same_kind else arr.astype(wanted)
            else:
                parts[name] = _decode_strings(info["kind"], data, info["count"])
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, SnapshotError):
            raise
        raise SnapshotError(f"the search index is damaged ({exc!r})") from exc
    n = head.get("size")
    if any(
        len(parts[k]) != n for k in ("seq", "conf", "ts_ms", "ts_ok", "superseded", "layer", "env")
    ):
        raise SnapshotError("the search index is damaged (its arrays differ in length)")
    if len(parts["local_pos"]):  # local times: as this process's time zone reads them
        ts_ms = parts["ts_ms"].copy()
        ts_ok = parts["ts_ok"].copy()
        for p, text in zip(parts["local_pos"].tolist(), parts["local_ts"], strict=True):
            ms = parse_js_date_ms(text)
            ts_ms[p] = float(ms) if ms is not None else 0.0
            ts_ok[p] = ms is not None
        parts["ts_ms"], parts["ts_ok"] = ts_ms, ts_ok
    parts["tick"] = int(head["tick"])
    return parts


SLICE_BYTES = 1 << 19
"""The most one C call decodes or copies while a stored part is read: each call holds the
interpreter lock throughout, and the window's event loop waits for it (see
docs/decisions/0002-stored-index-read-in-slices.md)."""


def split_nul(data: bytes | bytearray, step: int = SLICE_BYTES) -> list[str]:
    """``data.decode("utf-8", "surrogatepass").split("\\x00")`` in slices of about ``step``
    bytes cut at NULs (UTF-8 never has a zero byte inside a character), so that other threads
    run between the slices."""
    out: list[str] = []
    start, n = 0, len(data)
    if not n:
        return [""]
    while start < n:
        end = data.find(b"\x00", min(start + step, n))
        if end < 0:
            end = n
        out.extend(bytes(data[start:end]).decode("utf-8", "surrogatepass").split("\x00"))
        start = end + 1
    if n and start == n:  # the data ends with a NUL: an empty string after it
        out.append("")
    return out


def join_chunks(pieces: list[bytes], step: int = 4 * SLICE_BYTES) -> bytes | bytearray:
    """``b"".join(pieces)``, copied ``step`` bytes at a time (see :data:`SLICE_BYTES`); a
    single piece as it is."""
    if len(pieces) <= 1:
        return pieces[0] if pieces else b""
    buf = bytearray(sum(len(p) for p in pieces))
    pos = 0
    for piece in pieces:
        view = memoryview(piece)
        for s in range(0, len(piece), step):
            part = view[s : s + step]
            buf[pos : pos + len(part)] = part
            pos += len(part)
    return buf
