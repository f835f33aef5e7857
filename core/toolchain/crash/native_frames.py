"""What a native crash's own fault-thread frames and fault address say when no signature of
:data:`.explain.CAUSES` names the crash: read the same way for any app and any library.

* **who stopped the process** (a ``SIGABRT``): the function right below ``abort()`` is a checker
  of the C library or a runtime (FORTIFY's ``__*_chk``, ``__assert_fail``, fdsan, the stack
  protector, UBSan's minimal runtime, ``napi_fatal_error``, ``exit()`` intercepted by appspawn),
  and the first frame below that checker is the code that failed the check; with no checker,
  that frame called ``abort()`` itself;
* **a recursion**: one function repeated down the stack, or a fault address just below the
  stack's low end that faultloggerd prints (``current thread stack low address = …``): the
  thread's stack overflowed in that function;
* **an access off the end of a buffer**: an unmapped fault address on a page's first byte
  (``…000``) in a copy or conversion: a sequential read or write ran past its buffer's end
  into the next page, so the length (or width, height and pixel format) the call was given is
  larger than the buffer ("possibly": a pointer can also land there by chance).

Each names the frame (and library) the log prints, so the fix points at the line to change.
"""

from __future__ import annotations

import re

from hmdesk.core.toolchain.crash.frames import parse_frame
from hmdesk.core.toolchain.crash.model import Crash, Reading

_FRAME_LINE = re.compile(r"^\s*#\s?\d{1,3}\s+\S[^\n]*$", re.M)
# a frame printed by hand or cut by a page: ``#01 abort``, ``#02 exit+144``,
# ``#02 libappspawn_helper.z.so(exit+144)``
_BARE = re.compile(r"^\s*#\s?\d{1,3}\s+(?:pc\s+\S+\s+)?(?:\S*?\.so[^\s(]*\()?(?P<sym>[~\w:<>]+)")
_OFFSET = re.compile(r"\+(?:0x)?[0-9a-fA-F]+$")
_C_LIBRARY = re.compile(r"(?:ld-musl[^/\s(]*|/libc|libc\+\+\w*|libc)\.so", re.I)


def fault_frames(crash: Crash, limit: int = 16) -> list[tuple[str, str]]:
    """The fault thread's first frames as (function, library): from the parsed frames, or from
    the raw ``#NN`` lines when a page printed them without a pc (``#01 abort``)."""
    raw = crash.raw or ""
    cut = raw.find("SubmitterStacktrace")  # the submitter's stack is another thread's
    found = _FRAME_LINE.finditer(raw, 0, cut if cut >= 0 else len(raw))
    lines = [m.group(0) for _, m in zip(range(limit), found, strict=False)]
    out: list[tuple[str, str]] = []
    for line in lines:
        f = parse_frame(line)
        if f is not None and f.symbol and not f.symbol.startswith("pc "):
            out.append((_OFFSET.sub("", f.symbol), f.file))
            continue
        m = _BARE.match(line)
        if m is not None and m.group("sym") not in ("at", "pc"):
            out.append((_OFFSET.sub("", m.group("sym")), f.file if f is not None else ""))
        elif f is not None:
            out.append(("", f.file))
    if not out:
        out = [(_OFFSET.sub("", f.symbol), f.file) for f in crash.frames[:limit]]
    return out


def _short(symbol: str) -> str:
    """A C++ function without its parameter list: ``ns::F(int, char*) const`` → ``ns::F``,
    ``ns::Log<(Level)7>::~Log()`` → ``ns::Log<(Level)7>::~Log`` (a template's arguments kept)."""
    depth = 0
    for i, ch in enumerate(symbol):
        if ch == "<":
            depth += 1
        elif ch == ">":
            depth = max(0, depth - 1)
        elif ch == "(" and depth == 0 and i:
            return symbol[:i].strip()
    return symbol.strip()


# a frame with no function name: a build id or a bare address in the symbol's place
_NO_NAME = re.compile(r"^(?:[0-9a-fA-F]{16,}|0x[0-9a-fA-F]+|pc [0-9a-fA-F]+|\?\?|anonymous)?$")
# a logger's frames between the fatal log and abort(): the code that logged is below them
_LOGGER = re.compile(r"(?:^|::)(?:~?HiLog\b|~?LogMessage\b|\w*LogMessage::|Flush$|FatalLog)")


def _where(symbol: str, library: str) -> str:
    lib = library.rsplit("/", 1)[-1]
    if symbol and lib:
        return f"{_short(symbol)} ({lib})"
    return _short(symbol) or lib or "the frame below it"


# the functions of the C library and runtimes that call abort() on a failed check: what failed,
# and how to fix it at the frame below them (the caller, {at})
_CHECKERS: tuple[tuple[re.Pattern[str], str, str], ...] = (
    (
        re.compile(r"^__fortify_(?:error|fatal)$|^__\w+_chk$"),
        "the C library's FORTIFY check stopped the process: {at} passed {checked} a buffer "
        "size, a length or a file descriptor out of its range (a copy longer than its "
        "destination, a file descriptor of 1024 or more given to FD_SET/select)",
        "Fix the call in {at}: pass the destination's real size, keep the length within it; "
        "for FD_SET/select, which take file descriptors below FD_SETSIZE (1024) only, use "
        "poll() or epoll instead.",
    ),
    (
        re.compile(r"^__assert(?:_fail|2)?$"),
        "an assert() failed in {at}: the condition it checks did not hold",
        "Read the condition of the assert in {at} (LastFatalMessage quotes it with its file and "
        "line) and fix the value that broke it, or handle that case before the assert.",
    ),
    (
        re.compile(r"^fdsan_\w+|^android_fdsan_\w+"),
        "fdsan (the file descriptor sanitizer) caught {at} closing a file descriptor it does "
        "not own: a double close, or a close of a descriptor another object still owns",
        "Give each file descriptor one owner in {at}: close it once, set the variable to -1 "
        "after close, and do not close descriptors a library or another object holds.",
    ),
    (
        re.compile(r"^__stack_chk_fail$"),
        "the stack protector found the stack frame of {at} overwritten: a local array was "
        "written past its end (a stack buffer overflow)",
        "Check the writes into local arrays in {at}: bound the index and the copy lengths by "
        "the array's size (memcpy_s/strcpy_s with the destination's size).",
    ),
    (
        re.compile(r"^__ubsan_handle_\w+"),
        "UndefinedBehaviorSanitizer's minimal runtime trapped undefined behaviour in {at} "
        "({checked})",
        "Fix the operation in {at} that the handler's name says ({checked}: an invalid value "
        "loaded, an overflow, an out-of-bounds index, a misaligned or null pointer).",
    ),
    (
        re.compile(r"^napi_fatal_error$"),
        "native code called napi_fatal_error in {at}: its own check failed (its message says "
        "which)",
        "Read the napi_fatal_error message (LastFatalMessage) and fix what {at} found wrong; "
        "return an error to ArkTS instead of napi_fatal_error where the app can recover.",
    ),
    (
        re.compile(r"^_?exit$"),
        "{at} called exit(): an app's process may not exit on its own, so appspawn turns the "
        "call into SIGABRT",
        "Do not call exit() in {at}: report the failure to the UI (or end the ability with "
        "terminateSelf()); what made the code quit is the check before its exit() call.",
    ),
)
_SANITIZER_RUNTIME = re.compile(r"libclang_rt\.\w+|lib(?:hw)?asan\w*\.so")
_ABORT = re.compile(r"^(?:abort|raise|__?abort\w*|tgkill|pthread_kill)$")


def abort_reading(crash: Crash, words: str = "") -> Reading | None:
    """Who called ``abort()`` (``words``: the process's last message, quoted in the cause)."""
    frames = fault_frames(crash)
    top = next((i for i, (s, _lib) in enumerate(frames[:4]) if _ABORT.match(_short(s))), None)
    if top is None:
        return None
    below = frames[top + 1 :]
    while below and (_ABORT.match(_short(below[0][0])) or _LOGGER.search(_short(below[0][0]))):
        below = below[1:]
    if not below:
        return None
    said = f" (its last message: “{words}”)" if words else ""
    if _SANITIZER_RUNTIME.search(below[0][1]):
        lib = below[0][1].rsplit("/", 1)[-1]
        return Reading(
            f"a sanitizer's runtime ({lib}) stopped the process: it found a bad memory access "
            "or undefined behaviour" + said,
            "Read the sanitizer's report (hilog, tag Sanitizer, or the fault log's text above "
            "the stack): its kind and its first stack's first frame of the app's code are the "
            "bug and the place to fix.",
            True,
        )
    for pattern, cause, fix in _CHECKERS:
        checker = next((i for i, (s, _) in enumerate(below[:3]) if pattern.match(_short(s))), None)
        if checker is None:
            continue
        checked = _short(below[checker][0])
        rest = [
            fr
            for fr in below[checker + 1 :]
            if not pattern.match(_short(fr[0])) and not _C_LIBRARY.search(fr[1])
        ]
        at = _where(*rest[0]) if rest else "the caller"
        return Reading(
            cause.format(at=at, checked=checked) + said, fix.format(at=at, checked=checked), True
        )
    caller = below[0]
    if _NO_NAME.match(caller[0]):
        caller = ("", caller[1])
    if not caller[1] and not caller[0]:
        return None
    at = _where(*caller)
    return Reading(
        f"{at} called abort() itself: a check in that code failed{said}",
        f"Look at the checks before abort() in {at}: the condition that failed (and its "
        "log lines just before the crash, LastFatalMessage) says which value was wrong.",
    )


# a JS engine's frames that repeat once per nested JS call (not a native recursion)
_ENGINE_ENTRY = re.compile(r"^Builtins_|Interpreter|^BCStub_|^RTStub_|^JSFunction|^Call$")
_STACK_LOW = re.compile(r"stack low address\s*=\s*(0x[0-9a-fA-F]+)")


def recursion_reading(crash: Crash, address: str | None) -> Reading | None:
    """A stack overflow: one function repeated down the stack, or the fault address just below
    the stack's low end that faultloggerd printed."""
    names = [_short(s) for s, _lib in fault_frames(crash, 32)]
    # four frames in a row of one named function (a JS interpreter's entry frames interleave
    # with others, a frame without a name is none)
    repeated = next(
        (
            n
            for i, n in enumerate(names[:-3])
            if not _NO_NAME.match(n)
            and not _ENGINE_ENTRY.search(n)
            and names[i + 1 : i + 4] == [n, n, n]
        ),
        None,
    )
    below_low = False
    m = _STACK_LOW.search(crash.reason or "") or _STACK_LOW.search(crash.raw or "")
    if m is not None and address is not None:
        gap = int(m.group(1), 16) - int(address, 16)
        below_low = 0 < gap <= 0x10000
    if repeated is None and not below_low:
        return None
    where = f"{repeated}, which calls itself again and again" if repeated else "the top frames"
    return Reading(
        f"the thread's stack overflowed in {where} (deep or endless recursion, or large "
        "arrays on the stack)",
        f"Give the recursion in {repeated or 'the repeated frames'} an end (a base case, or a "
        "loop instead), or move large local buffers to the heap; a worker thread's stack "
        "size can be raised when it is deep by design.",
        certain=True,
    )


_COPIERS = re.compile(
    r"mem(?:cpy|move|set)|str\w*cpy|copy|convert|pixel|write|read|fill|blit|swap|encode|decode",
    re.I,
)


def page_end_reading(crash: Crash, code: str | None, address: str | None) -> Reading | None:
    """An unmapped fault address on a page's first byte, in a copy or conversion: the access
    ran past the end of its buffer into the next page ("possibly")."""
    if code != "SEGV_MAPERR" or address is None:
        return None
    value = int(address, 16)
    if value < 0x10000 or value & 0xFFF:
        return None
    frames = [(s, lib) for s, lib in fault_frames(crash, 6) if s]
    if not frames or not any(_COPIERS.search(s) for s, _lib in frames[:3]):
        return None
    at = _where(*frames[0])
    return Reading(
        f"{at} read or wrote past the end of its buffer: the fault address {address} is the "
        "first byte of the unmapped page after it (a copy or conversion with a length larger "
        "than the buffer)",
        f"Check the size the app gives for the buffer {at} works on: the length, or for an "
        "image the width × height × bytes per pixel of its pixel format (and the stride), "
        "against the buffer's real size; allocate the buffer for the format it is read as.",
    )


# the JS engines' own libraries: ArkTS's runtime and N-API, the JSVM (V8) of the NDK
_JS_ENGINE = re.compile(r"/lib(?:ark_jsruntime|ace_napi\.z|jsvm|v8_shared)\.so\b")


def engine_reading(crash: Crash) -> Reading | None:
    """A memory fault inside the JS engine's own code (its top frames in libark_jsruntime,
    libace_napi, libjsvm, libv8_shared): the engine's objects were used wrongly ("possibly")."""
    # the first frame in a library (past a jump to an unmapped address) is the engine's
    libs = [lib for _sym, lib in fault_frames(crash, 3) if lib.startswith("/")]
    hit = libs[0] if libs and _JS_ENGINE.search(libs[0]) else None
    if hit is None:
        return None
    lib = hit.rsplit("/", 1)[-1]
    return Reading(
        f"the memory fault is inside the JS engine ({lib}), which seldom has the bug itself: "
        "its objects were used wrongly: a napi_env, napi_value or napi_ref (or a JSVM env) used "
        "on a thread other than its own JS thread (multi-thread), after its env or engine was "
        "destroyed, or after the reference was deleted; a crash in the garbage collector "
        "(marking, evacuating) is the heap damaged earlier by such a use",
        "Call N-API (or JSVM) only on the env's own JS thread: from other threads post the work "
        "to it (napi_threadsafe_function, napi_async_work's complete callback); never keep a "
        "napi_env or napi_value past the call that gave it (a napi_ref for longer, deleted "
        "once); stop using an env once its cleanup hook ran (napi_add_env_cleanup_hook) or it "
        "was destroyed (OH_JSVM_DestroyEnv). The app's nearest native frame below the engine is "
        "the call to check.",
    )


# the framework's record of the callback a crash happened in, set as the fault log's
# LastFatalMessage: ArkUI's XComponent callbacks (``[OnSurfaceCreated] crash occured on
# callback``, ``[NativeXComponentDispatchMouseEvent] …``) and N-API's completion of async work
# and thread-safe calls on the JS thread (``[NAPI] Crash occurred on ProcessAsyncHandle``)
_CALLBACK_RECORD = re.compile(
    r"^\[(?P<name>[^\]\n]{1,80})\]\s*crash occur+ed on (?P<on>\S[^\n]*)$", re.I
)


def callback_record(words: str) -> Reading | None:
    """The process's last message when it is only the framework's record of the callback the
    app's native code crashed in: it names where, not why."""
    m = _CALLBACK_RECORD.match(words.strip())
    if m is None:
        return None
    where = m.group("on") if m.group("on").lower() != "callback" else m.group("name")
    return Reading(
        f"the app's native code ended the process inside a callback the framework ran "
        f"({where}): “{words.strip()}” is the framework's record of that callback, not the reason",
        "Read the fault thread's frames under that callback and the app's log lines just before "
        "the crash: the code the callback runs aborted (a Rust panic, which aborts at an FFI "
        "callback, its 'panicked at' line on hilog; an uncaught C++ exception; an assert; an "
        "expect()/unwrap() on a resource or file missing on the device): handle that failure "
        "in the callback instead of aborting.",
    )
