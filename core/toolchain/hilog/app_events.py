"""HiAppEvent's system events as an app's watcher logs them (the hiappevent guides' samples:
``hilog.info(0x0000, 'testTag', `HiAppEvent eventInfo.params.type=${…}`)``): what an event's own
params say about the fault. The lines themselves are read by :mod:`.pasted` (the message alone)
and the APP_CRASH / APP_FREEZE / ADDRESS_SANITIZER events as fault logs by :mod:`.crash.faultlog`.
"""

from __future__ import annotations

from hmdesk.core.toolchain.crash.model import CPP, Cause
from hmdesk.core.toolchain.crash.model import rule as _c

# HiAppEvent's ADDRESS_SANITIZER event as the app's watcher logs it: its ``type`` param names the
# fault with the sanitizer's own word (hiappevent-watcher-address-sanitizer-events, "type字段说明";
# ``HiAppEvent eventInfo.params.type="stack-buffer-overflow"``)
_SAN_TYPE = r"(?<![\w-])type=\"?"
SANITIZER_EVENT_CAUSES: tuple[Cause, ...] = (
    _c(
        CPP,
        _SAN_TYPE + r"(?:dynamic-)?(?:stack|heap|global)-buffer-(?:overflow|underflow)"
        r"|" + _SAN_TYPE + r"container-overflow",
        "native code read or wrote past the bounds of a buffer (an array index or a length "
        "beyond its size: out-of-bounds, 越界), which AddressSanitizer caught",
        "Keep every index within the array bounds (0 .. size-1) and give each copy the "
        "destination's buffer size: the external_log file the event names holds the report "
        "whose first stack is the bad access.",
    ),
    _c(
        CPP,
        _SAN_TYPE + r"(?:heap-use-after-free|stack-use-after-(?:return|scope)|use-after-poison"
        r"|stack tag-mismatch)",
        "native code used memory after its lifetime ended (freed heap memory, a local after "
        "its function returned or its scope closed)",
        "Do not keep pointers or references to freed memory or to locals past their scope: "
        "the external_log report's “freed by” stack shows where it ended; set a pointer to "
        "null after delete/free and copy what must outlive the scope.",
    ),
    _c(
        CPP,
        _SAN_TYPE + r"(?:double-free|alloc-dealloc-mismatch|new-delete-type-mismatch)",
        "native code freed memory twice, or with another function than the one that "
        "allocated it (malloc/free, new/delete, new[]/delete[])",
        "Free each allocation once, with the function matching its allocation (delete[] for "
        "new[], free for malloc); use smart pointers (std::unique_ptr) for ownership.",
    ),
    _c(
        CPP,
        _SAN_TYPE + r"(?:memcpy|strcat|strcpy|strncpy|strncat)-param-overlap",
        "a memory copy was given overlapping source and destination buffers",
        "Use memmove for overlapping ranges, or copy through a separate buffer.",
    ),
    _c(
        CPP,
        _SAN_TYPE + r"(?:allocation-size-too-big|calloc-overflow|invalid-allocation-alignment)",
        "native code asked for an allocation of an impossible size or alignment (a negative "
        "or overflowed size computation)",
        "Check the size (count * element size) before allocating, and the alignment passed "
        "to aligned_alloc/posix_memalign (a power of two).",
    ),
)
