"""Sanitizers' reports: what each kind of report means and its remedy.

HarmonyOS's DevEco (Run > Edit Configurations > Diagnostics) builds the native code with one of
four sanitizers; each prints its own report in the fault log (``Reason:UBSAN`` …) or in hilog:

* ASan / HWASan: ``==pid==ERROR: AddressSanitizer: heap-buffer-overflow on address …``
  (``HWAddressSanitizer: tag-mismatch``), then the access stack and the allocated/freed stacks
  (HWASan's inline check trapping in ``__hwasan_*`` with no report is read in :mod:`.engines`);
* UBSan: ``E:/app/entry/src/main/cpp/napi_init.cpp:14:9: runtime error: index 5 out of bounds for
  type 'int[5]'`` and ``SUMMARY: UndefinedBehaviorSanitizer: undefined-behavior <place>``;
* TSan: ``WARNING: ThreadSanitizer: data race (pid=…)``;
* GWP-ASan (the sampling allocator ``"GWPAsanEnabled": true`` turns on in release builds):
  ``*** GWP-ASan detected a memory error ***``, then ``<Kind> at 0x… (<n> bytes into|to the
  left of|to the right of a <m>-byte allocation at 0x…) by thread N here:`` with the access
  stack, the ``was deallocated by`` and ``was allocated by`` stacks, and ``*** End GWP-ASan
  report ***``. Its kinds (llvm's gwp_asan ErrorToString, every one the guide shows): ``Use After
  Free``, ``Double Free``, ``Invalid (Wild) Free``, ``Buffer Overflow``, ``Buffer Underflow``,
  ``Unknown`` (an access into the guarded pool it cannot tie to an allocation: ``GWP-ASan cannot
  provide any more information about this error``).

The kinds and remedies are the ones the stability guides list (bpta-stability-asan-detection,
-hwasan-detection, -ubsan-detection, -tsan-detection, -gwpasan-detection) and clang's own report
wordings.
"""

from __future__ import annotations

import re

from hmdesk.core.toolchain.crash.model import Crash, Reading
from hmdesk.core.toolchain.prefilter import Gated

# UBSan's report line: ``<file>:<line>:<col>: runtime error: <what>``
# (also after a hilog line's prefix: the file is the word before ``:line:col``)
UBSAN_LINE = Gated(
    r"(?:^|(?<=\s))(?P<file>[^\s:](?:[^\s:]|:(?=[/\\]))*):(?P<line>\d+):(?P<col>\d+): "
    r"runtime error: (?P<what>[^\n]+)",
    re.M,
)
# UBSan's message without its place (a page quoting the report's field, ``runtime error:
# division by zero``): read as the report when the crash is UBSan's (``Reason:UBSAN``, or named so)
UBSAN = "UBSAN"
UBSAN_MESSAGE = re.compile(r"(?:^|(?<=[\s：:]))runtime error: (?P<what>[^\n。]+)", re.M)
# a sanitizer's verdict: ``Cause: heap-buffer-overflow``, ``ERROR: AddressSanitizer: …``,
# ``WARNING: ThreadSanitizer: data race``, GWP-ASan's ``Use After Free at 0x…`` under its header
_VERDICT = Gated(
    r"^\s*Cause:\s*(\S[^\n]*)|(?:ERROR|WARNING): \w*Sanitizer: ([\w-]+(?: [\w-]+){0,4})"
    r"|GWP-ASan detected a memory error[ *]*\r?\n\s*((?:Unknown|Use After Free|Double Free"
    r"|Invalid \(Wild\) Free|Buffer Overflow|Buffer Underflow)\b[^\n]*)"
    # GWP-ASan's report of an access it cannot tie to an allocation
    r"|(GWP-ASan cannot provide any more information)",
    re.M,
)

_ALIGN = (
    "a pointer not aligned for its type was used: an address made by adding an offset to a "
    "buffer ((int32_t *)(buffer + 1)) does not meet the type's alignment",
    "Make sure the pointer's address is correctly aligned for its type (a 4-byte type at a "
    "multiple of 4): do not assign through an address plus an offset; copy the bytes with "
    "memcpy into an aligned variable instead.",
)
_NULL = (
    "a null pointer was dereferenced (UBSan caught the access before it faulted)",
    "Check the pointer for nullptr before using it at the location, and find why it is null "
    "(a failed lookup or allocation, an object not yet created or already released).",
)

# UBSan's runtime errors (its message's words → meaning, remedy)
UBSAN_KINDS: tuple[tuple[re.Pattern[str], str, str], ...] = tuple(
    (re.compile(p, re.I), cause, fix)
    for p, cause, fix in (
        (r"misaligned address", *_ALIGN),
        (r"null pointer|\bnullptr\b", *_NULL),
        (
            r"out of bounds for type",
            "an index past a fixed-size array's bounds (array[i] with i equal to or larger "
            "than its length, often a loop's i <= N)",
            "Keep the index below the array's size (for an int[5], i < 5): check the index "
            "against the array length before accessing it.",
        ),
        (
            r"not a valid value for type",
            "a value that is not valid for its type was read (a bool that is neither true nor "
            "false, an enum outside its values): an improper type conversion (an int or pointer "
            "read as a bool), or uninitialised or freed memory",
            "Use a proper type conversion (compare the int, do not cast its address to bool*), "
            "and initialise the value.",
        ),
        (
            r"outside the range of representable values",
            "a floating-point value converted to an integer type that cannot hold it (overflow)",
            "Use a wider type, and check the value before the cast so it cannot overflow.",
        ),
        (
            r"division by zero",
            "an integer division (or remainder) by zero",
            "Check the divisor for zero before dividing.",
        ),
        (
            r"signed integer overflow|negation of .* cannot be represented",
            "a signed integer overflow (the result does not fit the type)",
            "Use a wider type or checked arithmetic (__builtin_add_overflow) and check the "
            "operands' range.",
        ),
        (
            r"shift exponent|left shift of|shift base",
            "a shift by a negative count, by the type's width or more, or of a negative value",
            "Keep the shift count in 0 .. width-1 and shift unsigned values.",
        ),
        (
            r"pointer overflow|applying (?:non-)?zero offset|pointer index expression",
            "pointer arithmetic that overflows or offsets a null pointer",
            "Check the offset against the buffer's size before computing the pointer.",
        ),
        (
            r"control flowed off the end|unreachable program point|missing return",
            "a function that must return a value reached its end without a return (or code "
            "marked unreachable ran)",
            "Return a value on every path of the function.",
        ),
        (
            r"through pointer to incorrect function type",
            "a function called through a pointer of another function type",
            "Call each function through a pointer of its own type (fix the cast).",
        ),
        (
            r"downcast of|does not point to an object of type|vptr",
            "an object used as a type it is not (a bad cast, or an object already destroyed)",
            "Use dynamic_cast where the type is not certain, and check the object is still alive.",
        ),
        (
            r"declared to never be null|passing zero to",
            "a null (or zero) passed to a parameter that must not be null (nonnull attribute)",
            "Check the argument before the call and pass a valid value.",
        ),
        (
            r"variable length array bound",
            "a variable-length array's size is zero or negative",
            "Check the size before declaring the array (or allocate it on the heap).",
        ),
    )
)

# ASan / HWASan / TSan report kinds (the verdict's words → meaning, remedy)
LIFETIME = (
    "Find who frees the memory while this code still uses it (the “freed by” stack): make the "
    "buffer's lifetime match its users (one owner, std::shared_ptr), do not hand out the raw "
    "pointer of a member that another thread can free, and clear pointers on free."
)
MEMORY_KINDS: tuple[tuple[re.Pattern[str], str, str], ...] = tuple(
    (re.compile(p, re.I), cause, fix)
    for p, cause, fix in (
        (
            r"heap-use-after-free|use-after-free|use after free",
            "memory already freed was used (use-after-free)",
            LIFETIME + " Never use a pointer after its free: set it to nullptr right after free/"
            "delete (bpta-stability-asan-detection), or hold the memory in a smart pointer.",
        ),
        (
            r"double-free|double free",
            "memory was freed twice (double free)",
            "Free each allocation once: give it one owner (std::unique_ptr) and set the pointer "
            "to nullptr after free/delete; the “previously freed by” stack is the first free.",
        ),
        (
            r"attempt(?:ing)?[- ]free|free-nonallocated|not malloc|invalid \(wild\) free"
            r"|invalid-free",
            "free() of memory that was not allocated on the heap (a stack or global object, or "
            "a pointer moved past its block's start)",
            "Free only what malloc/new returned, with the matching call (free / delete / "
            "delete[]).",
        ),
        (
            r"alloc-dealloc-mismatch|new-delete-type-mismatch",
            "memory released with a call that does not match its allocation (malloc/delete, "
            "new[]/delete, a wrong type's size)",
            "Release with the matching call: free for malloc, delete for new, delete[] for new[].",
        ),
        (
            r"stack-use-after-(?:scope|return)",
            "a local variable used after its scope or function ended (a pointer or reference "
            "to it kept)",
            "Do not keep pointers or references to locals past their scope: copy the value or "
            "allocate it on the heap.",
        ),
        (
            r"buffer[- ]underflow",
            "an access before the start of a buffer (a negative index, or a pointer moved back "
            "past the buffer's first byte)",
            "Keep accesses inside the buffer: check that an index or offset is not negative "
            "before using it, and that pointer arithmetic does not step below the buffer's start "
            "(out of bounds on its left).",
        ),
        (
            r"(?:heap|stack|global)-buffer-overflow|buffer[- ]overflow|underflow",
            "an access past the bounds of a buffer (an index or a copy length larger than the "
            "buffer)",
            "Keep accesses inside the buffer: check the index against the array's length, and "
            "pass the destination's size to memcpy_s/strcpy_s.",
        ),
        (
            # ASan's report of a stack exhausted (not a local array overrun)
            r"^stack-overflow",
            "the thread's stack overflowed (deep or endless recursion, or large arrays on the "
            "stack)",
            "Give the recursion an end (the report's repeated frames) and move large local "
            "buffers to the heap.",
        ),
        (
            r"^SEGV on unknown address",
            "a read or write through a wild or null pointer (an address no allocation owns)",
            "Check the pointer used at the report's first frame in the app's code: uninitialised, "
            "null, freed, or computed past its buffer.",
        ),
        (
            r"use-after-poison",
            "memory the code (or a library's allocator) marked unusable was accessed: an object "
            "used after its pool or arena released it",
            "Do not use an object after its container or pool released it; check the lifetime "
            "at the report's first frame in the app's code.",
        ),
        (
            r"container-overflow",
            "an access past a container's used size (inside its capacity: a std::vector read "
            "past size())",
            "Keep accesses below the container's size(), not its capacity (resize, not "
            "reserve, before writing).",
        ),
        (
            r"(?:memcpy|memmove|strcat|strcpy|strncpy|strncat)-param-overlap",
            "a memory copy was given overlapping source and destination buffers",
            "Use memmove for overlapping ranges, or copy through a separate buffer.",
        ),
        (
            r"allocation-size-too-big|calloc-overflow|invalid-allocation-alignment",
            "an allocation of an impossible size or alignment was asked for (a negative or "
            "overflowed size computation)",
            "Check the size (count * element size) before allocating, and the alignment passed "
            "to aligned_alloc/posix_memalign (a power of two).",
        ),
        (
            r"tag-mismatch",
            "a memory access whose pointer tag does not match the memory's: the memory was "
            "freed (use-after-free) or the access is past its buffer",
            LIFETIME + " For an overflow, keep the access inside the buffer.",
        ),
        (
            # TSan: one thread deletes an object while another calls its virtual function
            r"data race on vptr",
            "a data race on an object's vptr: one thread deletes (or still constructs) the object "
            "while another calls its virtual function",
            "Synchronise the object's lifetime with its users (a lock, a semaphore, or a "
            "std::shared_ptr each thread holds): delete it only after the other thread's calls "
            "are done.",
        ),
        (
            r"data race",
            "a data race: two threads access the same memory without synchronisation, one of "
            "them writing",
            "Protect the shared data with a mutex (std::lock_guard) or make it std::atomic; the "
            "report's two stacks are the racing accesses.",
        ),
        (
            r"signal handler spoils errno",
            "a signal handler changed errno (the interrupted code then reads a wrong errno)",
            "Do not modify errno in the signal handler: save errno on entry and restore it "
            "before returning (or drop the assignment).",
        ),
        (
            r"signal-unsafe call",
            "a signal handler called a function that is not async-signal-safe (malloc, printf, "
            "a lock)",
            "In a signal handler call only async-signal-safe functions: allocate memory before "
            "(outside) the handler, and do the work outside it (set a flag the code checks).",
        ),
        (
            # TSan's Mutex Check: pthread_mutex_unlock on a mutex not held by this thread
            r"unlock of an unlocked",
            "a thread unlocked a mutex that is not locked, or that another thread holds (unlock "
            "of an unlocked mutex, or by a wrong thread)",
            "Unlock only a mutex the same thread locked: pair every lock with its "
            "pthread_mutex_unlock on that thread (std::lock_guard / std::unique_lock do it), "
            "and do not unlock on a path that did not lock (try_lock first where unsure).",
        ),
        (
            r"lock-order-inversion|destroy of a locked|double lock|mutex",
            "a mutex used wrongly: locks taken in opposite orders (a potential deadlock), or a "
            "mutex unlocked when not held or destroyed while held",
            "Take locks in one order everywhere (std::scoped_lock for several), and pair every "
            "lock with its unlock (std::lock_guard).",
        ),
        (
            r"thread leak",
            "a thread was neither joined nor detached",
            "Join (or detach) every thread the code starts.",
        ),
        (
            r"^unknown\b",
            "GWP-ASan caught an access into its guarded pages that it cannot tie to an "
            "allocation: a wild pointer, or an overflow or underflow far past its buffer",
            "Read the access stack (its first frame in the app's code is the bad read or write) "
            "and check the pointer there: where it came from, and its offset against the buffer "
            "it should point into.",
        ),
        (
            r"detected memory leaks|memory leak",
            "memory allocated and never freed (LeakSanitizer)",
            "Free what the “allocated from” stack allocates when done (or give it an owner).",
        ),
    )
)


def verdict(text: str) -> str | None:
    """The kind a sanitizer's report names (``heap-buffer-overflow``, ``data race``), or None."""
    m = _VERDICT.search(text)
    if m is None:
        return None
    what = (m.group(1) or m.group(2) or m.group(3) or ("Unknown" if m.group(4) else "")).strip()
    return re.split(r" (?:on|at|in|of size|by) (?:address|0x|thread|\S+ 0x)", what, maxsplit=1)[0]


def is_report(text: str) -> bool:
    """``text`` holds a sanitizer's report: UBSan's runtime-error line or a verdict (the live
    detector's test for the lines it collected on hilog's ``Sanitizer`` tag)."""
    return UBSAN_LINE.search(text) is not None or verdict(text) is not None


def reading(crash: Crash, text: str) -> Reading | None:
    """A sanitizer's report in ``crash``: what it says failed and its remedy, else None."""
    raw = crash.raw or text
    m_ub = UBSAN_LINE.search(raw) or (
        UBSAN_MESSAGE.search(raw) if UBSAN in (crash.reason, crash.name) else None
    )
    if m_ub is not None:
        what = m_ub.group("what").strip()
        known = next((k for k in UBSAN_KINDS if k[0].search(what)), None)
        said = f"UBSan: “{what[:160]}”"
        if known is None:
            return Reading(
                f"UndefinedBehaviorSanitizer caught undefined behaviour at the location ({said})",
                "Fix the operation the message names at the location (its file:line:col).",
                certain=True,
            )
        return Reading(f"{known[1]} ({said})", known[2], certain=True)
    what = verdict(raw)
    if what is not None:
        if crash.reason != "tag-mismatch" and any(
            k[0].fullmatch(crash.reason) for k in MEMORY_KINDS
        ):
            # the fault log's ``Reason:use-after-free`` names the kind an HWASan tag-mismatch is
            what = crash.reason
        elif what == "tag-mismatch":
            stack = _stack_mismatch(raw)
            if stack is not None:
                return stack
            m_cause = _HWASAN_CAUSE.search(raw)  # HWASan's own guess: ``Cause: use-after-free``
            if m_cause is not None and any(k[0].search(m_cause.group(1)) for k in MEMORY_KINDS):
                what = m_cause.group(1)
        known = next((k for k in MEMORY_KINDS if k[0].search(what)), None)
        if known is not None:
            return Reading(
                f"the sanitizer reported {what}: {known[1]}",
                f"{known[2]} The report's first stack (#0 …) is the bad access; its first "
                "frame in the app's code is the place to fix.",
                certain=True,
            )
        return Reading(
            f"the sanitizer stopped a bad memory access ({what})",
            "Read the report's stacks: the access stack (#0 …) is the bad read or write, the "
            "“allocated here” / “freed here” stacks say whose memory it was; fix the size, the "
            "lifetime or the pointer at the app's first frame of the access stack.",
            certain=True,
        )
    return None


# HWASan's guess under its report: ``Cause: use-after-free``, ``Cause: stack tag-mismatch``
_HWASAN_CAUSE = re.compile(r"^\W*(?:\d+\.\s*)?Cause:\s*([\w -]+?)\s*$", re.M)
_IN_STACK = re.compile(r"\bCause:\s*stack tag-mismatch|is located in stack of thread", re.I)
_ACCESS = re.compile(r"\b(READ|WRITE) of size (\d+)")


def _stack_mismatch(raw: str) -> Reading | None:
    """An HWASan tag-mismatch on a thread's stack (``Cause: stack tag-mismatch``, ``Address … is
    located in stack of thread``): a local array accessed out of its bounds, or a local used
    after its function returned."""
    if _IN_STACK.search(raw) is None:
        return None
    m = _ACCESS.search(raw)
    access = f" (a {m.group(1)} of {m.group(2)} bytes)" if m else ""
    return Reading(
        "the sanitizer reported a stack tag-mismatch: an access to a local (stack) variable "
        f"outside its bounds{access}: an index past a local array's end (a stack buffer "
        "overflow, out-of-bounds), or a local used after its scope or function ended",
        "Check the index and the copy length against the local array's size at the report's "
        "first frame of the app's code (#0 …), and that no pointer to a local outlives its "
        "function.",
        certain=True,
    )
