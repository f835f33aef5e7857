"""A compiler's error messages, told in a log that quotes one without the compiler's header.

Developers paste a compiler's message alone (``Expected 0 type arguments, but got 1.``, ``super
class 'Parent' is not inheritable``, ``use of undeclared identifier 'av_foo'``). A catalogue is one
of ``resources/*_diagnostics.jsonl`` (a header row naming where the list came from, then one row
per error: its ``code`` or ``id`` and its ``message``), regenerated from the compiler itself by
``packaging/*_diagnostics.py``: TypeScript's (:mod:`.tsc_catalogue`), cjc's
(:mod:`.cjc_catalogue`), clang's (:mod:`.clang_catalogue`). A message's placeholders match any
quoted name, type or number; messages of fewer than three words besides them (``'{0}'
expected.``, ``undeclared identifier '%s'``) are too plain to tell from other tools' words and are
left out.

A catalogue is read on first use (a log no other reader knew): the doctor's start-up pays nothing
for it, and a message's pattern is compiled when a line first opens with its first word.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from functools import cache
from importlib import resources
from itertools import islice

MIN_WORDS = 3  # literal words a message must have to be told from other tools' words
_WORD = re.compile(r"[A-Za-z]{2,}")
_MAX_STARTS = 8  # a line of many colons (a table, a dump) is not tried at each of them
_QUOTES = str.maketrans({"‘": "'", "’": "'", "`": "'", "“": '"', "”": '"'})


class Catalogue:
    """One compiler's catalogue: ``file`` under ``hmdesk.resources``, its rows' ``key`` (``code``
    or ``id``), its ``placeholder``, where in a line a message may start (``starts``: the line's
    start or after a label), what may follow a message (``end``), the ``label`` stripped from a
    line first (``error: ``), and which rows to ``keep``."""

    def __init__(
        self,
        file: str,
        *,
        key: str,
        placeholder: str,
        starts: str,
        end: str,
        label: str | None = None,
        keep: Callable[[str], bool] = lambda _ident: True,
        quotes: dict[int, str] | None = None,
    ) -> None:
        self.file = file
        self.key = key
        self._placeholder = re.compile(placeholder)
        self._starts = re.compile(starts)
        self._end = end
        self._label = re.compile(label) if label else None
        self._keep = keep
        self._quotes = _QUOTES if quotes is None else quotes
        self.by_word = cache(self._read)
        self.patterns = cache(self._patterns)

    def _read(self) -> dict[str, tuple[tuple[str, str], ...]]:
        """The messages (ident, message) by their first word (one that opens with a placeholder:
        by ``''``), a longer message before one it starts like."""
        res = resources.files("hmdesk.resources").joinpath(self.file)
        by_word: dict[str, list[tuple[str, str]]] = {}
        for line in res.read_text(encoding="utf-8").splitlines():
            row = json.loads(line)
            if self.key not in row or not self._keep(str(row[self.key])):
                continue  # the header (where the list came from), or a row not kept
            message: str = row["message"]
            if len(_WORD.findall(self._placeholder.sub(" ", message))) < MIN_WORDS:
                continue
            first = _WORD.match(message)
            bucket = by_word.setdefault(first.group(0) if first else "", [])
            bucket.append((str(row[self.key]), message))
        return {k: tuple(sorted(v, key=lambda r: -len(r[1]))) for k, v in by_word.items()}

    def _pattern(self, message: str) -> str:
        parts = self._placeholder.split(message.rstrip("."))
        return r"[^\n]{1,200}?".join(re.escape(p) for p in parts) + rf"\.?(?={self._end})"

    def _patterns(self, word: str) -> tuple[tuple[str, re.Pattern[str]], ...]:
        """The messages that open with ``word``, compiled when a line first opens with it."""
        return tuple(
            (ident, re.compile(self._pattern(m))) for ident, m in self.by_word().get(word, ())
        )

    def first(self, lines: list[str]) -> tuple[str, str, str] | None:
        """The first of the catalogue's messages in ``lines`` (at a line's start or after a
        label): its code or id, the text as printed, and its line."""
        for raw in lines:
            line = raw.translate(self._quotes).strip()
            if self._label is not None:
                line = self._label.sub("", line)
            for start in islice(self._starts.finditer(line), _MAX_STARTS):
                rest = line[start.end() :]
                word = _WORD.match(rest)
                candidates = self.patterns(word.group(0)) if word else ()
                for ident, pattern in (*candidates, *self.patterns("")):
                    m = pattern.match(rest)
                    if m is not None:
                        return ident, m.group(0), line
        return None
