"""A row of the doctor's tables: :class:`Signature`, a pattern with its kind, meaning and fix, and
the literal needles that let a scan skip a log that cannot match."""

from __future__ import annotations

import re
from dataclasses import dataclass

from hmdesk.core.toolchain.finding import FindingKind
from hmdesk.core.toolchain.prefilter import Need, required


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

    def needles(self) -> Need | None:
        """The lower-case literals every match of the patterns contains (:func:`.prefilter.
        required`; None: nothing known): a log holding none of them skips the regexes. Hundreds
        of signatures run on every failed step (docs/decisions/0023-doctor-literal-prefilter.md)."""
        return required(self._joined(), _FLAGS)

    def compiled(self) -> re.Pattern[str]:
        return re.compile(self._joined(), _FLAGS)

    def _joined(self) -> str:
        return "|".join(f"(?:{p})" for p in self.patterns)


_FLAGS = re.I | re.M


def shell_not_found(tool: str) -> tuple[str, ...]:
    """The shells' words for a command they cannot find on PATH, for ``tool`` (a pattern):
    bash/dash, zsh, fish, Ubuntu's command-not-found, cmd and PowerShell (English and Chinese)."""
    t = rf"{tool}(?:\.exe|\.bat|\.cmd)?"
    return (
        rf"\b{t}: (?:command )?not found",
        rf"\bcommand not found: {t}\s*$",
        rf"\bUnknown command:? '?{t}\b",
        rf"\bCommand '{t}' not found",
        rf"'{t}' is not recognized as an internal or external command",
        rf"'{t}' 不是内部或外部命令",
        rf"\bThe term '{t}' is not recognized as (?:the )?name of a cmdlet",
        rf"无法将[“\"']{t}[”\"']项识别为 ?cmdlet",
    )
