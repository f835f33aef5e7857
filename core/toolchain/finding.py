"""What the doctor answers: a :class:`Finding` of a :data:`FindingKind`, and the helpers every
reader uses to make one (its first ERROR block, its search terms)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal, TypeGuard, get_args

from hmdesk.core.toolchain.redact import redact, redact_optional

# the kinds of a build's findings (the doctor's signatures: hmharness's 8 classes and the
# hvigor codes); a place the log prints and the compiler's message steps are added to these
BuildFindingKind = Literal[
    "sdk-home",
    "sdk-version",
    "sdk-missing",
    "signing",
    "ohpm-deps",
    "hvigor-env",
    "hvigor-version",
    "arkts-source",
    "config",
    "network",
    "long-path",
    "project-path",
    "native",
    "hvigor-task",
    "java",
    "rollup",
]
FindingKind = Literal[
    BuildFindingKind,
    # the device codes
    "install",
    "launch",
    "hdc-server",
    "device",
    # the hdc classifiers' kinds (``Outcome.kind``), when the pipeline reports one
    "no-device",
    "unauthorized",
    "server",
    "daemon",
    "file",
    "hdc",
    "uninstall",
    "stop",
    "hilog",
    # a crash or a freeze of the app (a fault log, or hilog text with one)
    "crash",
    "freeze",
    # the pipeline's own: no HAP built, a tool missing or failing to start, a step timed out
    "no-hap",
    "tool",
    "timeout",
    "cancelled",
    "unsupported",
    "permission",
    "locked",
    # a failure the doctor could not classify (the runner's failure card shows these)
    "unclassified",
    "failed",
    # a stored finding whose kind this version does not know (see Finding.from_dict)
    "unknown",
]
_FINDING_KINDS: frozenset[str] = frozenset(get_args(FindingKind))


def is_finding_kind(value: str) -> TypeGuard[FindingKind]:
    return value in _FINDING_KINDS


def finding_kind(value: object) -> FindingKind:
    """``value`` as a kind; what this version does not know (an older or newer hmdesk wrote
    it) is ``unknown``, so a stored run stays readable."""
    return value if isinstance(value, str) and is_finding_kind(value) else "unknown"


TAIL_CHARS = 8000
EVIDENCE_CHARS = 200
BLOCK_CHARS = 700
BLOCK_LINES = 8


@dataclass(frozen=True)
class Finding:
    kind: FindingKind
    evidence: str
    fix: str
    code: str | None = None
    query_terms: list[str] = field(default_factory=list)
    location: str | None = None  # file:line:col from the log, when there is one
    meaning: str | None = None
    block: str | None = None  # the first ERROR block (≤8 lines, ≤700 chars)
    # False: a weak match, shown as "possibly …" with its evidence (nothing decisive in the log)
    certain: bool = True

    @property
    def query_text(self) -> str:
        """The query for recalling matching pitfalls (``Retriever.search(Query(text=...))``)."""
        return " ".join(self.query_terms)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "evidence": self.evidence,
            "fix": self.fix,
            "code": self.code,
            "query_terms": list(self.query_terms),
            "location": self.location,
            "meaning": self.meaning,
            "block": self.block,
            "certain": self.certain,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Finding:
        return cls(
            kind=finding_kind(data.get("kind")),
            # a finding stored before secrets were masked is masked when it is read back
            evidence=redact(str(data.get("evidence") or "")),
            fix=data.get("fix", ""),
            code=data.get("code"),
            query_terms=list(data.get("query_terms") or []),
            location=data.get("location"),
            meaning=data.get("meaning"),
            block=redact_optional(data.get("block")),
            certain=bool(data.get("certain", True)),
        )


_ERROR_WORD_RE = re.compile(r"\bERROR\b")


def first_error_block(text: str) -> str | None:
    """From the first line containing the word ERROR: ≤8 lines, ≤700 characters."""
    m = _ERROR_WORD_RE.search(text)  # the word never spans a line, so its first line is this
    if m is None:
        return None
    i = len((text[: m.start()] + "x").splitlines()) - 1  # the index of the line it is on
    block = "\n".join(text.splitlines()[i : i + BLOCK_LINES])
    return block[:BLOCK_CHARS]


def search_terms(*terms: str | None) -> list[str]:
    """A finding's ``query_terms``: the words given, once each, without the doctor's own names
    for its kinds (``arkts-source``, ``sdk-home``: no memory is written with them, and a
    search for one matches "source" or "home" in memories about anything). A kind that is a
    plain word (``signing``, ``install``, ``crash``) stays: memories say it."""
    out: list[str] = []
    for t in terms:
        if t and t not in out and not (t in _FINDING_KINDS and "-" in t):
            out.append(t)
    return out


def known(finding: Finding | None) -> Finding | None:
    """``finding`` unless it only carries a tool's message without a class ("unclassified"):
    a caller that knows the step's own outcome (an hdc classifier, a timeout) says more."""
    return None if finding is None or finding.kind == "unclassified" else finding
