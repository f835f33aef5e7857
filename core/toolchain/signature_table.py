"""The doctor's table in order, compiled, and how a log's tail is matched against it: the strong
lines first, warnings last, a specific row over a generic one."""

from __future__ import annotations

import re

from hmdesk.core.toolchain.agc_package_codes import AGC_PACKAGE_SIGNATURES
from hmdesk.core.toolchain.arkts_checker_messages import ARKTS_CHECKER_SIGNATURES
from hmdesk.core.toolchain.build_signatures import (
    HMHARNESS_CLASSES,
    HVIGOR_SIGNATURES,
    TOOL_MESSAGE_SIGNATURES,
)
from hmdesk.core.toolchain.cangjie_messages import CANGJIE_SIGNATURES
from hmdesk.core.toolchain.device_signatures import DEVICE_SIGNATURES, GENERIC_DEVICE_SIGNATURES
from hmdesk.core.toolchain.es2abc_signatures import ES2ABC_SIGNATURES
from hmdesk.core.toolchain.faq_quoted import FAQ_QUOTED_SIGNATURES
from hmdesk.core.toolchain.faq_signatures import FAQ_SIGNATURES
from hmdesk.core.toolchain.hvigor_faq_signatures import HVIGOR_FAQ_SIGNATURES
from hmdesk.core.toolchain.message_signatures import MESSAGE_SIGNATURES, WARNING_SIGNATURES
from hmdesk.core.toolchain.ohpm_repo_signatures import OHPM_REPO_SIGNATURES
from hmdesk.core.toolchain.port_toolchain_messages import PORT_TOOLCHAIN_SIGNATURES
from hmdesk.core.toolchain.prefilter import Need, fold, holds
from hmdesk.core.toolchain.previewer_notices import PREVIEWER_SIGNATURES
from hmdesk.core.toolchain.runtime_messages import RUNTIME_SIGNATURES
from hmdesk.core.toolchain.signature import Signature

TABLE: tuple[Signature, ...] = (
    DEVICE_SIGNATURES
    + TOOL_MESSAGE_SIGNATURES
    + RUNTIME_SIGNATURES
    + CANGJIE_SIGNATURES
    + PORT_TOOLCHAIN_SIGNATURES
    + FAQ_SIGNATURES
    + HVIGOR_FAQ_SIGNATURES
    + PREVIEWER_SIGNATURES
    + FAQ_QUOTED_SIGNATURES
    + AGC_PACKAGE_SIGNATURES
    + ES2ABC_SIGNATURES
    + OHPM_REPO_SIGNATURES
    + HVIGOR_SIGNATURES
    + MESSAGE_SIGNATURES
    + GENERIC_DEVICE_SIGNATURES
    + ARKTS_CHECKER_SIGNATURES
    + HMHARNESS_CLASSES
)
# each row with its literals; its pattern compiled on first use (:func:`pattern`): most rows
# never meet a log holding their literals, and compiling all ~480 cost `hmdesk-cli doctor` ~0.2 s
ROWS = [(sig, sig.needles()) for sig in TABLE]
_ROWS_WARN = [(sig, sig.needles()) for sig in WARNING_SIGNATURES]
_PATTERNS: dict[int, re.Pattern[str]] = {}


def pattern(sig: Signature) -> re.Pattern[str]:
    """``sig``'s patterns compiled, once."""
    compiled = _PATTERNS.get(id(sig))
    if compiled is None:
        compiled = _PATTERNS[id(sig)] = sig.compiled()
    return compiled


_WARN_LINE_RE = re.compile(r"^\s*(?:>\s*hvigor\s+)?WARN\b", re.I)


_ANY_CODE = re.compile(r"(?<![\w.])(\d{8})(?![\w.])")
# hvigor's newer layout names its code: ``Error Code: 00308018 <message>``
_CODE_LABEL = re.compile(r"\bError Code:\s*(\d{8})(?![\w.])")


def _strong_lines(lines: list[str]) -> list[str]:
    """The lines that are not warnings (a WARN line and the indented lines continuing it)."""
    out: list[str] = []
    in_warn = False
    for ln in lines:
        if _WARN_LINE_RE.match(ln):
            in_warn = True
            continue
        if in_warn and ln[:1] in (" ", "\t") and ln.strip():
            continue
        in_warn = False
        out.append(ln)
    return out


_Hit = tuple[Signature, re.Pattern[str], re.Match[str], list[str]]
# signatures that only name the task or the wrapper that failed (or hmharness's broad word
# classes): a specific signature anywhere in the log, a warning line included (hvigor prints
# CMake's and ninja's errors as WARN), names the cause instead, and a code's range beats them
_GENERIC_MEANINGS = frozenset({"a Java tool of the SDK failed"})


def _is_generic(sig: Signature) -> bool:
    """A signature that names no cause of its own: the failed task or wrapper, or one of
    hmharness's word classes (a file or tool name anywhere, even in the tool's advice); its
    network class matches the errors themselves (ECONNREFUSED, ETIMEDOUT) and stays specific."""
    return sig.meaning in _GENERIC_MEANINGS or any(
        sig is b and b.kind != "network" for b in HMHARNESS_CLASSES
    )


def _is_word_class(sig: Signature) -> bool:
    """One of hmharness's word classes other than its network one (which matches the errors
    themselves: ECONNREFUSED, ETIMEDOUT)."""
    return sig.kind != "network" and any(sig is b for b in HMHARNESS_CLASSES)


_Rows = list[tuple[Signature, Need | None]]


def _first_hit(text: str, src: list[str], rows: _Rows, *, specific: bool = False) -> _Hit | None:
    folded = fold(text)
    for sig, needles in rows:
        if specific and _is_generic(sig):
            continue
        if needles is not None and not holds(needles, folded):
            continue
        pat = pattern(sig)
        m = pat.search(text)
        if m:
            return (sig, pat, m, src)
    return None


def _signature_hit(tail: str) -> _Hit | None:
    """The signature that decides: the first of :data:`TABLE` on the lines that are not
    warnings, else on every line (the warning signatures first); a generic one gives way to a
    specific one found anywhere."""
    lines = tail.splitlines()
    strong = _strong_lines(lines)
    hit = _first_hit("\n".join(strong), strong, ROWS) or _first_hit(tail, lines, _ROWS_WARN + ROWS)
    if hit is not None and _is_generic(hit[0]):
        hit = _first_hit(tail, lines, ROWS, specific=True) or hit
    return hit
