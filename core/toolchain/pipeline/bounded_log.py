"""A step's stored log: the head and the tail of what the tool printed, within a size limit."""

from __future__ import annotations

from collections import deque


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
