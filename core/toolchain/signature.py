"""A row of the doctor's tables: :class:`Signature`, a pattern with its kind, meaning and fix, and
the literal needles that let a scan skip a log that cannot match."""

from __future__ import annotations

import re
from dataclasses import dataclass

from hmdesk.core.toolchain.finding import FindingKind

_META = set("\\.^$*+?{}[]()|")


def _literal(pattern: str) -> str | None:
    """The longest run of plain characters (lower-cased, ≥ 3) outside any group, class or
    quantified character of ``pattern`` — text every match contains; None when there is none
    (or the pattern has a top-level alternative)."""
    runs: list[str] = []
    run: list[str] = []
    depth = 0
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            runs.append("".join(run))
            run = []
            i += 2
            continue
        if c in "([":
            runs.append("".join(run))
            run = []
            close = ")" if c == "(" else "]"
            depth = 1
            j = i + 1
            while j < len(pattern) and depth:
                if pattern[j] == "\\":
                    j += 2
                    continue
                if pattern[j] == c and c == "(":
                    depth += 1
                elif pattern[j] == close:
                    depth -= 1
                j += 1
            i = j
            continue
        if c == "|":
            return None
        if c in "?*{" and run:
            run.pop()  # the quantified character is optional
        if c == "{":  # a counted quantifier ``{0,80}``: its digits are not text of the match
            runs.append("".join(run))
            run = []
            end = pattern.find("}", i)
            i = end + 1 if end >= 0 else len(pattern)
            continue
        if c in _META:
            runs.append("".join(run))
            run = []
        else:
            run.append(c)
        i += 1
    runs.append("".join(run))
    best = max(runs, key=len).lower()
    return best if len(best) >= 3 else None


@dataclass(frozen=True)
class Signature:
    kind: FindingKind
    patterns: tuple[str, ...]
    fix: str
    code: str | None = None
    meaning: str | None = None
    terms: tuple[str, ...] = ()
    # lines to prefer as the evidence (else the first line the patterns match)
    evidence: tuple[str, ...] = ()

    def needles(self) -> tuple[str, ...] | None:
        """One lower-case literal per pattern that every match of it contains (None: some
        pattern has none): a log holding none of them skips the regexes. ~100 signatures run on
        every failed step (docs/decisions/0023-doctor-literal-prefilter.md)."""
        found = [_literal(p) for p in self.patterns]
        return None if any(n is None for n in found) else tuple(n for n in found if n)

    def compiled(self) -> re.Pattern[str]:
        return re.compile("|".join(f"(?:{p})" for p in self.patterns), re.I | re.M)
