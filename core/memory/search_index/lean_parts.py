"""The lean reader's pieces: the stored snapshot read without numpy, part by part, and the
candidate sets of a search (:mod:`~.lean` runs the search itself).

:class:`LazyParts` reads and checks (length, CRC-32) each part at its first use, so a query
reads only what it needs; :func:`read` reads them all at once (a store past the lean size, for
numpy). :class:`Every` and :class:`Groups` are the candidates of a query without and with
terms: counted, tested and listed without a Python loop over every memory where possible.
"""

from __future__ import annotations

import json
import sqlite3
import sys
import zlib
from array import array
from collections.abc import Callable
from typing import Any, cast

from hmdesk.core.memory.jsdate import parse_js_date_ms
from hmdesk.core.memory.search_index.schema import SnapshotError

SNAPSHOT_FORMAT = 2  # the snapshot module's; a test keeps them equal
_CODES = {"<i8": "q", "<i4": "i", "<f8": "d", "|b1": "B", "<u8": "Q"}
_NAMES = (
    "seq",
    "conf",
    "ts_ms",
    "ts_ok",
    "superseded",
    "layer",
    "env",
    "tag_ptr",
    "tag_docs",
    "local_pos",
    "chunk_ptr",
    "chunk_docs",
    "gram_keys",
    "gram_starts",
    "gram_chunks",
    "by_conf",
)
_STRINGS = ("layer_names", "env_names", "tag_names", "local_ts", "vocab")


def _array(data: bytes | bytearray, dtype: str, count: int) -> Any:
    """The stored array ``data`` as a sequence of numbers: a read-only ``memoryview`` of the
    checked bytes on a little-endian machine (no copy: a copy of the postings cost more than
    their use), else an ``array`` in this machine's byte order."""
    code = _CODES.get(dtype)
    if code is None:
        raise SnapshotError(f"the search index has an unknown array type {dtype!r}")
    if array(code).itemsize != int(dtype[-1]):
        raise SnapshotError("this platform's array sizes differ from the stored ones")
    if len(data) != count * int(dtype[-1]):
        raise SnapshotError("the search index is damaged (an array has the wrong length)")
    if sys.byteorder == "little":
        view: Any = memoryview(data).toreadonly()  # typeshed lists cast's formats as literals
        return view.cast(code)
    arr = array(code)
    arr.frombytes(data)
    arr.byteswap()
    return arr


def _writable(values: Any) -> array[Any]:
    """A copy of a part that can be changed (local times are parsed into it)."""
    if isinstance(values, array):
        return values
    arr = array(values.format)
    arr.frombytes(values.cast("B"))
    return arr


def read_header(conn: sqlite3.Connection) -> dict[str, Any]:
    """The snapshot's header (``search_meta``), checked for this reader's format."""
    row = conn.execute("SELECT value FROM search_meta WHERE key = 'snapshot'").fetchone()
    try:
        head = json.loads(row[0]) if row is not None else None
    except (TypeError, ValueError):
        head = None
    if not isinstance(head, dict):
        raise SnapshotError("the search index has not been built")
    if head.get("format") != SNAPSHOT_FORMAT or not isinstance(head.get("combos"), list):
        raise SnapshotError("the search index has another format")
    return head


_RAW_STRINGS = ("vocab",)
"""The string lists :func:`read` leaves as bytes for numpy (``raw``): the vocabulary is most of
the bytes of a large snapshot, and a query looks at few of its words."""


SLICE_BYTES = 1 << 19
"""The most one C call decodes or copies while a stored part is read: each call holds the
interpreter lock throughout, and the window's event loop waits for it (splitting the 12 MB
vocabulary of a 1M-memory index in one call held it for 55 ms)."""


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
    """``b"".join(pieces)``, copied ``step`` bytes at a time (one join of a 35 MB part held the
    interpreter lock for 33 ms); a single piece as it is."""
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


_ROWS = ("seq", "conf", "ts_ms", "ts_ok", "superseded", "layer", "env")
"""The parts with one entry per memory of the snapshot."""


def _decode(name: str, data: bytes | bytearray, info: dict[str, Any], raw: bool) -> Any:
    """One stored part, checked (length and CRC-32), as a list, an ``array`` or (``raw``)
    the checked bytes."""
    if len(data) != info["bytes"] or zlib.crc32(data) != info["crc"]:
        raise SnapshotError(f"the search index is damaged (part {name!r} does not check)")
    if name in _STRINGS:
        if raw and name in _RAW_STRINGS and info["kind"] == "nul":
            return data  # split where it is used (snapshot.Vocab: numpy finds the NULs)
        values = (
            json.loads(data.decode("utf-8", "surrogatepass"))
            if info["kind"] == "json"
            else (split_nul(data) if info["count"] else [])
        )
        if not isinstance(values, list) or len(values) != info["count"]:
            raise SnapshotError("a string list of the stored index does not decode")
        return values
    return data if raw else _array(data, info["dtype"], info["count"])


def read(
    conn: sqlite3.Connection, *, max_size: int | None = None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """The stored parts as ``array``/``list`` objects and the header; checked as the numpy
    reader checks them (length and CRC-32 of every part). Raises :class:`SnapshotError`.

    For a snapshot of more than ``max_size`` memories the arrays and the vocabulary stay
    ``bytes`` (checked, not copied or decoded; local times not parsed again): numpy takes them
    as they are (``from_lean``)."""
    head = read_header(conn)
    pieces: dict[str, list[bytes]] = {}
    for name, _chunk, data in conn.execute(
        "SELECT part, chunk, data FROM search_snapshot ORDER BY part, chunk"
    ):
        pieces.setdefault(name, []).append(data)
    n = head.get("size")
    raw = max_size is not None and isinstance(n, int) and n > max_size
    parts: dict[str, Any] = {}
    try:
        for name in (*_NAMES, *_STRINGS):
            parts[name] = _decode(name, join_chunks(pieces.get(name, [])), head[name], raw)
    except (KeyError, TypeError, ValueError) as exc:
        raise SnapshotError(f"the search index is damaged ({exc!r})") from exc
    if raw:
        return parts, head
    if any(len(parts[k]) != n for k in _ROWS):
        raise SnapshotError("the search index is damaged (its arrays differ in length)")
    if parts["local_pos"]:
        parts["ts_ms"], parts["ts_ok"] = _writable(parts["ts_ms"]), _writable(parts["ts_ok"])
        _local_times(parts, parts["ts_ms"], parts["ts_ok"])
    return parts, head


def _local_times(parts: dict[str, Any], ts_ms: Any, ts_ok: Any) -> None:
    """Parse the local times (no offset) again, as this process's time zone reads them."""
    for p, text in zip(parts["local_pos"], parts["local_ts"], strict=True):
        ms = parse_js_date_ms(text)
        if ts_ms is not None:
            ts_ms[p] = float(ms) if ms is not None else 0.0
        if ts_ok is not None:
            ts_ok[p] = ms is not None


class LazyParts(dict[str, Any]):
    """The snapshot's parts, each read and checked (length, CRC-32) at its first use, so that
    a query reads only what it needs: one without a tag filter never reads the tag postings,
    one without terms (``not daemon``: only a negated word) neither the vocabulary nor the
    postings, which are most of the snapshot. A damaged part raises :class:`SnapshotError`
    when it is used, as :func:`read` would have before the search."""

    def __init__(self, conn: sqlite3.Connection, head: dict[str, Any]) -> None:
        super().__init__()
        self.conn = conn
        self.head = head
        self.superseded_positions: set[int] | None = None  # see _superseded
        self.vocab_words: list[bytes] | None = None  # see words

    def _fetch(self, name: str) -> bytes:
        return b"".join(
            r[0]
            for r in self.conn.execute(
                "SELECT data FROM search_snapshot WHERE part = ? ORDER BY chunk", (name,)
            )
        )

    def words(self) -> list[bytes]:
        """The chunk vocabulary as UTF-8 ``bytes`` (checked, never decoded whole): a search
        tests its terms' bytes against them (UTF-8 is self-synchronising: a substring of the
        bytes is one of the text) and decodes only the words a pattern must match. Splitting
        the bytes costs a third of decoding and splitting the text, the largest part a query
        reads."""
        if self.vocab_words is None:
            try:
                info = self.head["vocab"]
                if "vocab" in self or info["kind"] != "nul":
                    self.vocab_words = [w.encode("utf-8", "surrogatepass") for w in self["vocab"]]
                else:
                    data = _decode("vocab", self._fetch("vocab"), info, raw=True)
                    found = data.split(b"\x00") if info["count"] else []
                    if len(found) != info["count"]:
                        raise SnapshotError("a string list of the stored index does not decode")
                    self.vocab_words = found
            except (KeyError, TypeError, ValueError) as exc:
                raise SnapshotError(f"the search index is damaged ({exc!r})") from exc
        return self.vocab_words

    def __missing__(self, name: str) -> Any:
        if name not in _NAMES and name not in _STRINGS:
            raise KeyError(name)
        try:
            data = self._fetch(name)
            value = _decode(name, data, self.head[name], raw=False)
            if name in _ROWS and len(value) != self.head.get("size"):
                raise SnapshotError("the search index is damaged (its arrays differ in length)")
            if name in ("ts_ms", "ts_ok") and self["local_pos"]:
                value = _writable(value)
                if name == "ts_ms":
                    _local_times(self, value, None)
                else:
                    _local_times(self, None, value)
        except (KeyError, TypeError, ValueError) as exc:
            raise SnapshotError(f"the search index is damaged ({exc!r})") from exc
        self[name] = value
        return value


class Every:
    """The candidates of a query without terms or a tag filter: every snapshot row past the
    filters. Their number is the header's (``count``); membership is tested row by row and the
    rows are listed only when the scoring cannot stop early (see :func:`_score_snapshot`),
    so a query such as ``not daemon`` (nothing left to search, a negated word to re-rank by)
    does not build a map of every memory."""

    def __init__(self, count: int, test: Callable[[int], bool], size: int) -> None:
        self.count = count
        self.test = test
        self.size = size

    def __len__(self) -> int:
        return self.count

    def __contains__(self, p: object) -> bool:
        return isinstance(p, int) and self.test(p)

    def listed(self) -> list[int]:
        test = self.test
        return [p for p in range(self.size) if test(p)]


class Groups:
    """The candidates of a query with terms: the snapshot rows by their matched weight (the sum
    of the weights of the terms they hold, or for hmharness their number of hits). Built and
    filtered with set operations, so that a term held by most memories costs no Python loop
    per row; :func:`_score_snapshot` visits the groups, largest weight first."""

    def __init__(self, by_value: dict[Any, set[int]]) -> None:
        self.by_value = by_value

    def __len__(self) -> int:
        return sum(len(m) for m in self.by_value.values())

    def __contains__(self, p: object) -> bool:
        return any(p in m for m in self.by_value.values())


def matched_weights(steps: list[tuple[set[int], Any]], zero: Any) -> dict[Any, set[int]]:
    """The rows of the ``steps`` (the rows holding a term, the term's weight; in query order)
    grouped by the sum of the weights they hold. Each row's sum is computed as the scan
    computes it — ``zero`` plus each of its weights, in query order — once per group of rows
    with the same terms so far, so the floats are the same to the last bit."""
    by_value: dict[Any, set[int]] = {}
    for docs, w in steps:
        rest = set(docs)
        grown: dict[Any, set[int]] = {}
        for value, members in by_value.items():
            moved = members & rest
            if moved:
                members -= moved
                rest -= moved
                grown.setdefault(value + w, set()).update(moved)
        if rest:
            grown.setdefault(zero + w, set()).update(rest)
        for value, members in by_value.items():
            if members:
                grown.setdefault(value, set()).update(members)
        by_value = grown
    return by_value


def superseded_positions(parts: dict[str, Any]) -> set[int]:
    """The snapshot positions of superseded memories (found in the flag bytes at C speed)."""
    cached = getattr(parts, "superseded_positions", None)  # LazyParts keeps it
    if cached is not None:
        return cast(set[int], cached)
    flags = bytes(parts["superseded"])
    out: set[int] = set()
    at = flags.find(1)
    while at >= 0:
        out.add(at)
        at = flags.find(1, at + 1)
    if isinstance(parts, LazyParts):
        parts.superseded_positions = out
    return out
