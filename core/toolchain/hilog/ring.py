"""The ring of live hilog lines: bounded, thread-safe, numbered.

:class:`HilogRing` keeps the last ``capacity`` parsed lines (``collections.deque``); every line
gets a sequence number (its position in everything ever appended) so a GUI timer can fetch
"everything after seq N" (:meth:`HilogRing.since`). It counts what it evicted, what the device
reported as dropped (``LOGLIMIT`` …) and which tags / processes it has seen (for completion).
"""

from __future__ import annotations

import threading
from collections import Counter, deque
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import islice
from operator import attrgetter

from hmdesk.core.toolchain.hilog.line import DROPPED, HilogLine

__all__ = ["HilogRing", "RingSlice"]

_tag_of = attrgetter("tag")
_process_of = attrgetter("process")
_dropped_of = attrgetter("dropped")


@dataclass(frozen=True)
class RingSlice:
    """Lines ``first_seq``, ``first_seq + 1``, … and how many asked-for lines were already gone."""

    first_seq: int
    lines: list[HilogLine]
    missed: int = 0  # lines after the requested seq that were evicted before the call

    @property
    def next_seq(self) -> int:
        """Pass this to the next :meth:`HilogRing.since` call."""
        return self.first_seq + len(self.lines)


class HilogRing:
    """A bounded, thread-safe ring of parsed lines with sequence numbers.

    The oldest lines go first when ``capacity`` is reached (``evicted`` counts them). Sequence
    numbers start at 0 and never repeat, also across :meth:`clear`.
    """

    def __init__(self, capacity: int = 200_000) -> None:
        if capacity < 1:
            raise ValueError("capacity must be at least 1")
        self.capacity = int(capacity)
        self._lines: deque[HilogLine] = deque(maxlen=self.capacity)
        self._lock = threading.Lock()
        self._next = 0
        self._evicted = 0
        self._cleared = 0
        self._device_dropped = 0
        self._drop_markers = 0
        self._tags: Counter[str] = Counter()
        self._processes: Counter[str] = Counter()

    # -- writing
    def extend(self, lines: Sequence[HilogLine]) -> int:
        """Append a batch; returns the sequence number of its first line."""
        n = len(lines)
        if not n:
            return self.next_seq
        tags = Counter(map(_tag_of, lines))
        procs = Counter(map(_process_of, lines))
        dropped = sum(map(_dropped_of, lines))
        markers = 0
        if dropped:
            markers = sum(1 for line in lines if line.kind == DROPPED)
        with self._lock:
            first = self._next
            before = len(self._lines)
            self._lines.extend(lines)
            self._evicted += before + n - len(self._lines)
            self._next += n
            self._tags.update(tags)
            self._processes.update(procs)
            self._device_dropped += dropped
            self._drop_markers += markers
        return first

    def append(self, line: HilogLine) -> int:
        return self.extend((line,))

    def clear(self) -> None:
        """Forget the lines held (sequence numbers continue; seen tags are kept)."""
        with self._lock:
            self._cleared += len(self._lines)
            self._lines.clear()

    # -- reading
    @property
    def next_seq(self) -> int:
        """The sequence number the next appended line will get."""
        with self._lock:
            return self._next

    @property
    def first_seq(self) -> int:
        """The sequence number of the oldest line held (== next_seq when empty)."""
        with self._lock:
            return self._next - len(self._lines)

    def __len__(self) -> int:
        with self._lock:
            return len(self._lines)

    def since(self, seq: int, limit: int | None = None) -> RingSlice:
        """Lines with sequence number ≥ ``seq`` (at most ``limit``, oldest first)."""
        with self._lock:
            held = len(self._lines)
            first = self._next - held
            missed = 0
            if seq < first:
                missed = first - seq
                seq = first
            seq = min(seq, self._next)
            count = self._next - seq
            if limit is not None:
                count = max(0, min(count, int(limit)))
            offset = seq - first
            if not count:
                return RingSlice(seq, [], missed)
            if offset >= held - offset - count:  # nearer the end: walk from the right
                tail = held - offset - count
                out = list(islice(reversed(self._lines), tail, tail + count))
                out.reverse()
            else:
                out = list(islice(self._lines, offset, offset + count))
            return RingSlice(seq, out, missed)

    def snapshot(self) -> RingSlice:
        """Everything held."""
        with self._lock:
            return RingSlice(self._next - len(self._lines), list(self._lines), 0)

    def get(self, seq: int) -> HilogLine | None:
        with self._lock:
            i = seq - (self._next - len(self._lines))
            if 0 <= i < len(self._lines):
                return self._lines[i]
            return None

    @property
    def received(self) -> int:
        """Lines ever appended."""
        with self._lock:
            return self._next

    @property
    def evicted(self) -> int:
        """Lines pushed out by newer ones (the capacity was reached)."""
        with self._lock:
            return self._evicted

    @property
    def cleared(self) -> int:
        with self._lock:
            return self._cleared

    @property
    def device_dropped(self) -> int:
        """Lines the device reported as lost (sum of the LOGLIMIT / LOGLIMITD markers' counts)."""
        with self._lock:
            return self._device_dropped

    @property
    def drop_markers(self) -> int:
        with self._lock:
            return self._drop_markers

    def tags(self, limit: int | None = None) -> list[str]:
        """Tags seen so far, most frequent first (for query completion)."""
        with self._lock:
            return [t for t, _n in self._tags.most_common(limit) if t]

    def processes(self, limit: int | None = None) -> list[str]:
        with self._lock:
            return [p for p, _n in self._processes.most_common(limit) if p]

    def stats(self) -> dict[str, int]:
        with self._lock:
            return {
                "held": len(self._lines),
                "capacity": self.capacity,
                "received": self._next,
                "evicted": self._evicted,
                "cleared": self._cleared,
                "device_dropped": self._device_dropped,
                "drop_markers": self._drop_markers,
            }
