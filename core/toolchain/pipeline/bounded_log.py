"""A step's stored log and its classifier's text: bounded, whatever the tool prints.

:class:`BoundedLog` is the stored log (the head and the tail within a size limit, the middle
counted); :class:`VerdictText` is what a classifier reads (head, tail and every decisive line).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable


class BoundedLog:
    """Keeps the first ``head`` characters and the last ``max_chars - head``; counts the lines
    left out in between."""

    def __init__(self, max_chars: int = 256 * 1024, head_fraction: float = 0.125) -> None:
        self.max_chars = max_chars
        self.head_limit = int(max_chars * head_fraction)
        self.tail_limit = max_chars - self.head_limit
        self._head: list[str] = []
        self._head_len = 0
        self._tail: deque[str] = deque()
        self._tail_len = 0
        self.dropped_lines = 0

    def append(self, line: str) -> None:
        n = len(line) + 1
        if self._head_len + n <= self.head_limit and not self._tail:
            self._head.append(line)
            self._head_len += n
            return
        if n > self.tail_limit:
            line = line[: max(0, self.tail_limit - 1)]
            n = len(line) + 1
        self._tail.append(line)
        self._tail_len += n
        while self._tail_len > self.tail_limit and self._tail:
            old = self._tail.popleft()
            self._tail_len -= len(old) + 1
            self.dropped_lines += 1

    def text(self) -> str:
        parts = list(self._head)
        if self.dropped_lines:
            parts.append(f"… {self.dropped_lines} lines left out …")
        parts.extend(self._tail)
        return "\n".join(parts)


class VerdictText:
    """What a classifier reads of a step's output, bounded whatever the tool prints.

    Keeps the first ``head`` lines, the last ``tail`` lines and every *decisive* line in between
    (``decisive(line)`` true: ``install bundle successfully.``, ``code:``, ``Error Code:`` ...; the
    first and the last ``decisive_keep`` of them), each cut to ``max_line`` characters, in the
    order they were printed. A verdict that needs the last line (or one decisive line among
    100,000 others) therefore sees it, while memory stays a few hundred lines.
    """

    def __init__(
        self,
        decisive: Callable[[str], bool],
        *,
        head: int = 200,
        tail: int = 200,
        decisive_keep: int = 200,
        max_line: int = 2000,
    ) -> None:
        self._decisive = decisive
        self._head_limit = head
        self._max_line = max_line
        self._head: list[tuple[int, str]] = []
        self._first: list[tuple[int, str]] = []  # the first decisive lines after the head
        self._first_limit = decisive_keep
        self._last: deque[tuple[int, str]] = deque(maxlen=decisive_keep)
        self._tail: deque[tuple[int, str]] = deque(maxlen=tail)
        self.lines = 0

    def append(self, line: str) -> None:
        i = self.lines
        self.lines += 1
        if len(line) > self._max_line:
            line = line[: self._max_line]
        if len(self._head) < self._head_limit:
            self._head.append((i, line))
            return
        self._tail.append((i, line))
        if self._decisive(line):
            if len(self._first) < self._first_limit:
                self._first.append((i, line))
            else:
                self._last.append((i, line))

    def text(self) -> str:
        seen: set[int] = set()
        kept: list[tuple[int, str]] = []
        for part in (self._head, self._first, self._last, self._tail):
            for i, line in part:
                if i not in seen:
                    seen.add(i)
                    kept.append((i, line))
        kept.sort(key=lambda item: item[0])
        return "\n".join(line for _i, line in kept)
