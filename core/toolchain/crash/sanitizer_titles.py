"""A sanitizer's report title, or faultloggerd's stack-overflow hint, quoted without its fault log.

The stability guides name each report by the title the crash shows (bpta-stability-asan-detection:
"应用闪退报ASan，包含字段：AddressSanitizer: attempting double-free"; -tsan-detection:
``ThreadSanitizer: data race``, ``ThreadSanitizer: unlock of an unlocked mutex（or by a wrong
thread）``, ``ThreadSanitizer: signal handler spoils errno``, ``ThreadSanitizer: signal-unsafe call
inside of a signal``; -hwasan-detection: ``HWAddressSanitizer: tag-mismatch``), and the CppCrash
FAQ (faq-stability-65) the hint faultloggerd adds to a SIGSEGV's reason when the fault address
lies just below the thread's stack: ``current thread stack low address = 0x…, probably caused by
stack-buffer-overflow`` (``… by coroutine stack-buffer-overflow`` for an FFRT task's stack);
and UBSan's message without its place (bpta-stability-ubsan-detection: "faultlog报UBSAN，字段：
runtime error: division by zero").

A title alone is the report's first line without the level word the sanitizer prints before it
(``ERROR:`` for ASan/HWASan/LeakSanitizer, ``WARNING:`` for TSan, ``SUMMARY:`` for UBSan); with
that word back it is read by :mod:`.sanitizers` as the whole report would be. Only titles whose
kind :data:`.sanitizers.MEMORY_KINDS` knows count (a sentence naming a sanitizer is no report).
"""

from __future__ import annotations

import re

from hmdesk.core.toolchain.crash.model import CPP, Crash
from hmdesk.core.toolchain.crash.sanitizers import (
    MEMORY_KINDS,
    UBSAN,
    UBSAN_KINDS,
    UBSAN_LINE,
    UBSAN_MESSAGE,
    is_report,
)

# ``ThreadSanitizer: data race``, ``3. AddressSanitizer: heap-buffer-overflow`` (a page's numbered
# line), ``包含字段：ThreadSanitizer: …`` (a note's quote), ``> ThreadSanitizer: …`` (Markdown's)
_TITLE = re.compile(
    r"(?:^[ \t]*>?|[：:]\s*|[“\"'`])[ \t]*(?:\d{1,4}\.[ \t]*)?(?P<tool>(?:HW)?AddressSanitizer|ThreadSanitizer"
    r"|LeakSanitizer|MemorySanitizer|UndefinedBehaviorSanitizer):[ \t]*(?P<kind>[^\n“”\"'`]+)",
    re.M,
)
_LEVEL = {"ThreadSanitizer": "WARNING", "UndefinedBehaviorSanitizer": "SUMMARY"}
# UBSan's own wording (a message another runtime prints as ``runtime error:`` lacks it)
_UBSAN_WORDING = re.compile(
    r"(?:for|of) type '|division by zero|shift exponent|integer overflow|misaligned address"
    r"|out of bounds for|not a valid value|outside the range of representable"
)
# faultloggerd's hint (DumpInfoHeader: the fault address within a page below the stack's map)
_STACK_HINT = re.compile(
    r"current thread stack low address\s*=\s*0x[0-9a-fA-F]+,\s*probably caused by"
    r"(?P<coroutine> coroutine)? stack-buffer-overflow",
    re.I,
)
_STACK_WORDS = re.compile(r"stack low address", re.I)


def bare_report(text: str) -> Crash | None:
    """``text``'s sanitizer title or stack-overflow hint as a C++ crash to explain, or None when
    ``text`` has neither or holds the whole report (read as a fault log)."""
    if (
        "Sanitizer:" not in text
        and "runtime error: " not in text
        and _STACK_WORDS.search(text) is None
    ):
        return None  # none of the three is there (most logs): no pattern need look
    if is_report(text) or UBSAN_LINE.search(text):
        return None
    m = _TITLE.search(text)
    if m is not None:
        kind = re.split(r"[（(]| on (?:address|0x)| in thread", m.group("kind"), maxsplit=1)[0]
        kind = kind.strip().rstrip(".,;")
        if kind and any(k[0].search(kind) for k in MEMORY_KINDS):
            tool = m.group("tool")
            title = f"{tool}: {m.group('kind').strip()}"
            return Crash(
                type=CPP,
                name=kind,
                reason=kind,
                message=title,
                # the title as the sanitizer prints it, its level word back
                raw=f"{_LEVEL.get(tool, 'ERROR')}: {tool}: {kind}\n{text[:4000]}",
                lines=[m.group(0).strip(" \t：:“\"'`")],
            )
    m_ub = UBSAN_MESSAGE.search(text)
    if (
        m_ub is not None
        and any(k[0].search(m_ub.group("what")) for k in UBSAN_KINDS)
        and (_UBSAN_WORDING.search(m_ub.group("what")) or "UBSAN" in text.upper())
    ):
        # UBSan's message quoted without its place: the report, its kind read by its words
        line = m_ub.group(0).strip()
        return Crash(type=CPP, name=UBSAN, message=line, raw=line, lines=[line])
    h = _STACK_HINT.search(text)
    if h is not None:
        line = h.group(0)
        return Crash(type=CPP, message=line, raw=text[:4000], lines=[line])
    return None
