"""A restarted hilog prints its buffer again: :class:`ReplayFilter` drops what was shown already.

``hdc shell hilog`` without ``-x`` is a blocking read that first prints the device's whole
buffer, then follows (the hilog documentation, "no option: blocking read"). When the stream
ends (cable, hdc server, device asleep) and :class:`~.stream.HilogStream` restarts it, the new
process prints the same buffer once more: without a filter, a view or ``hmdesk-cli logs`` shows
every line again and a crash detector counts every crash again (31 lines became 558, ×6 became
×36).

The filter remembers the newest time delivered and the raw text of the lines printed at that
time. After :meth:`ReplayFilter.restart`, lines older than that time are the buffer being printed
again and are skipped (counted in :attr:`skipped`); lines at that very time are skipped when the
same text was delivered before; the first line newer than it ends the replay, and from then on
every line passes. Lines without a time (a ``-v wrap`` continuation, an unparsed line) follow
the line before them. One stream's lines all have the format its argv asked for, so times
compare as printed (``11-15 15:51:02.087``, ``2026-11-15 …``, ``-v zone``); ``-v epoch`` and
``-v monotonic`` times compare as numbers.

The live stream (:class:`~.stream.HilogStream`, used by the window's Device log and by
``hmdesk-cli logs`` / ``crashes --follow``) runs every batch through one filter.
"""

from __future__ import annotations

from hmdesk.core.toolchain.hilog.line import HilogLine

__all__ = ["ReplayFilter", "time_key"]


def time_key(time: str) -> tuple[int, float, str] | None:
    """An ordering key for a printed hilog time (None when the line has none)."""
    if not time:
        return None
    if ":" not in time:  # -v epoch / -v monotonic: seconds, their width grows
        try:
            return (0, float(time), "")
        except ValueError:
            return (1, 0.0, time)
    return (1, 0.0, time)


class ReplayFilter:
    """Skips the lines a restarted ``hilog`` prints again (not thread-safe: one stream's)."""

    def __init__(self) -> None:
        self._newest: tuple[int, float, str] | None = None
        self._at_newest: set[str] = set()  # raw texts delivered at the newest time
        self._replaying = False
        self._skipping = False  # the last line was skipped (a line without time follows it)
        self.skipped = 0  # lines skipped as replayed, over the filter's life

    @property
    def replaying(self) -> bool:
        """A restarted stream is still printing what was delivered before."""
        return self._replaying

    def restart(self) -> None:
        """The stream restarted: its first lines are the buffer again."""
        self._replaying = self._newest is not None
        self._skipping = False

    def filter(self, lines: list[HilogLine]) -> list[HilogLine]:
        """``lines`` without those delivered before a restart; remembers what it lets pass."""
        out: list[HilogLine] = []
        for line in lines:
            key = time_key(line.time)
            if self._replaying:
                if key is None:
                    skip = self._skipping
                elif self._newest is None or key > self._newest:
                    self._replaying, skip = False, False
                elif key < self._newest:
                    skip = True
                else:
                    skip = line.raw in self._at_newest
                self._skipping = skip
                if skip:
                    self.skipped += 1
                    continue
            out.append(line)
            if key is None:
                continue
            if self._newest is None or key > self._newest:
                self._newest = key
                self._at_newest = {line.raw}
            elif key == self._newest:
                self._at_newest.add(line.raw)
        return out
