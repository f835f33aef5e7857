"""Why a crash or freeze happened, read from the fault log's structure when no signature of
:data:`.explain.CAUSES` names it: the parts every fault log has, read the same way for any app.

* a C++ crash: the signal and its ``si_code`` (``SIGSEGV(SEGV_MAPERR)``, ``SIGFPE(FPE_INTDIV)``,
  ``SIGBUS(BUS_ADRERR)`` …, the kernel's ``siginfo`` codes), the fault address after ``@`` (a
  NULL page, the allocator's poison bytes of freed memory, an address no user pointer can
  hold), the library of the top frames (a C string/memory function handed a bad buffer, the
  allocator finding its heap corrupted, the GPU driver, the C++ runtime terminating), and the
  process's own last words (``LastFatalMessage``);
* a JS crash: the error's name (``TypeError``, ``RangeError``, ``SyntaxError``, ``URIError`` …) and
  an API's error code (``Error code: 201`` / ``code: 801``: the universal codes of the API
  reference, and any other code: the API named at the top frame rejected the call);
* a freeze: what the main thread was doing when the watchdog fired, the task the event handler
  was running (``Current Running: … task name = …, caller = […]``) and the blocking frame of the
  main thread's stack (a lock, a synchronous IPC, file or database I/O, a sleep, the network,
  the GPU; ArkTS frames: the app's own code running long).

Each reading is a likely cause with its fix; a weak one says "possibly" (``certain=False``).
"""

from __future__ import annotations

import re

from hmdesk.core.toolchain import api_error_codes
from hmdesk.core.toolchain.crash import js_frames, native_frames, sanitizers, utils_codes
from hmdesk.core.toolchain.crash.freeze_stack import freeze_detail
from hmdesk.core.toolchain.crash.model import CPP, FREEZE, JS, Crash, Reading
from hmdesk.core.toolchain.crash.signal_codes import SI_CODES, SIGNAL_SENDERS

# --- C++ crashes ----------------------------------------------------------------------------

_SIGNAL = re.compile(r"\b(SIG[A-Z]{2,6})\b(?:\((\w+)\))?(?:@\s*(0x[0-9a-fA-F]+))?")
_FATAL = re.compile(r"^\s*LastFatalMessage\s*[:：]\s*(?P<m>\S[^\n]*)$", re.M)
# the allocators' fill bytes for freed (and uninitialised) memory: jemalloc 0x5a, musl/scudo
# and debug heaps 0x6b / 0xa5 / 0xef / 0xfe / 0xdd / 0xcd, and the classic 0xdeadbeef
_POISON = re.compile(
    r"^0x(?:0*)((?:6b|5a|a5|ef|fe|dd|cd){3,}[0-9a-f]{0,2}|(?:dead)?beef\w*)$", re.I
)

# a pointer loaded from memory jemalloc filled after freeing it: 0x6b in the address's high bytes
# (``0x006b9cacf62f37a1``, ``0x6b6b6b6b…``), the 'junk' byte it writes over freed blocks
_FREED_FILL = re.compile(r"^0x(?:006b|6b6b)[0-9a-f]{12}$", re.I)

# the library (and function) of the top frames
_TOP_LIBRARY: tuple[tuple[re.Pattern[str], Reading], ...] = (
    (
        re.compile(
            r"/(?:libc|ld-musl[^/(]*)\.so[^\n(]*\((?:__)?(?:mem(?:cpy|move|set|cmp|chr)|str\w+"
            r"|wcs\w+|sprintf|vsnprintf|snprintf|printf\w*)\b"
        ),
        Reading(
            "a C library string/memory function was handed a bad pointer or a length past the "
            "buffer: the code that called it passed them",
            "Check the pointer and the length the first frame below the C library passes "
            "(a freed or NULL buffer, a size larger than the buffer, a string without its "
            "terminating NUL); HWASan finds the first bad access.",
        ),
    ),
    (
        re.compile(
            r"\b(?:je_\w+|jemalloc\w*|malloc_consolidate|(?:scudo|arena)\w*)|libc\.so\((?:free|malloc|realloc|calloc)\+"
            # jemalloc's own functions inside the C library (musl links it in): the extent and
            # metadata code under malloc/free (``edata_heap_remove``, ``emap_update_edata_state``)
            r"|/(?:ld-musl[^/(]*|libc)\.so[^\n(]*\((?:edata|emap|eset|extent|ecache|pac|tcache|bin"
            r"|sz|rtree|large|hpa)_\w+"
        ),
        Reading(
            "the heap was corrupted before the crash (memory written over by another module: a "
            "buffer overrun, a double free, a write after free): the allocator crashed when it "
            "next touched its damaged metadata",
            "The frame that crashed is not the one that broke the heap: run with HWASan/ASan "
            "(DevEco: Run > Edit Configurations > Diagnostics) to stop at the first bad write, "
            "and check the buffers the app's native code fills.",
        ),
    ),
    (
        re.compile(r"std::__(?:\w+::)?terminate|__cxa_(?:throw|rethrow)|__cxxabiv1|abort_message"),
        Reading(
            "a C++ exception was thrown and nothing caught it (std::terminate)",
            "Catch the exception where the app's native code calls the throwing function "
            "(try/catch), or check the input that makes it throw.",
            certain=True,
        ),
    ),
    (
        re.compile(r"/lib(?:GLES\w*|EGL\w*|vulkan\w*|mali\w*|hvgr\w*|gpu\w*|img_\w+)\.so", re.I),
        Reading(
            "the crash is inside the GPU driver: a GL/Vulkan call with a bad state, a freed "
            "resource, or from a thread without a current context",
            "Check the graphics calls of the app's frame below the driver: make the context "
            "current on the thread that draws, do not use textures/buffers after deleting "
            "them, and check sizes and formats passed in.",
        ),
    ),
    (
        re.compile(r"/lib(?:ace(?!_napi)\w*|arkui\w*|render_service\w*|rosen\w*)\.z\.so"),
        Reading(
            "the crash is inside the ArkUI/graphics framework: usually a UI object used after "
            "it was destroyed or from a thread other than the UI thread",
            "Touch UI objects (nodes, XComponent, NativeWindow) only on the UI thread and only "
            "while they exist; check the app's nearest frame for a call made after the page or "
            "component went away.",
        ),
    ),
)


def _address(text: str) -> str | None:
    m = _SIGNAL.search(text)
    return m.group(3).lower() if m and m.group(3) else None


def _wild(address: str) -> bool:
    """An address no user-space pointer holds: above 2^48 once the top byte (a pointer tag) is
    dropped."""
    try:
        value = int(address, 16)
    except ValueError:
        return False
    return (value & 0x00FF_FFFF_FFFF_FFFF) >= 1 << 48


# the fault log's ``Registers:`` block (``sp:0000007e2ec70ef0 pc:0000005b5e1b3484``)
_REGISTER = re.compile(r"\b(sp|pc|lr):([0-9a-fA-F]{8,16})\b")
_STACK_REACH = 0x40000  # how far below sp a fault still hits the thread's stack guard


def _register_reading(address: str | None, regs: dict[str, str]) -> Reading | None:
    """The fault address read against the registers: at ``pc`` (a jump to a bad address) or
    just below ``sp`` (the stack's guard page: a stack overflow)."""
    if address is None:
        return None
    try:
        addr = int(address, 16)
        sp = int(regs["sp"], 16) if "sp" in regs else None
        pc = int(regs["pc"], 16) if "pc" in regs else None
    except ValueError:
        return None
    if addr < 0x10000:
        return None  # a NULL page: the signatures name it
    if pc is not None and abs(addr - pc) < 8:
        return Reading(
            f"the code jumped to an address that holds no code ({address}): a call through a bad "
            "function pointer (a callback never set or already freed, a freed object's vtable)",
            "Check the function pointers and callbacks the frame below calls (set before use, "
            "cleared when their object is freed) and the lifetime of the objects whose virtual "
            "methods it calls; HWASan finds a use after free.",
        )
    if sp is not None and sp - _STACK_REACH <= addr <= sp + 0x1000:
        return Reading(
            "the thread's stack overflowed: the fault address is just below the stack pointer "
            "(deep or endless recursion, or large arrays on the stack)",
            "Look for the recursion in the repeated frames and give it an end, or move large "
            "local buffers to the heap (or raise the thread's stack size for a worker).",
            certain=True,
        )
    return None


# a signal whose si_code says nothing more (``SIGSYS(UNKNOWN)``)
_BY_SIGNAL: dict[str, Reading] = {
    "SIGFPE": Reading(
        "an arithmetic error trapped (an integer division by zero in most cases)",
        "Check the divisors and the arithmetic at the top frame.",
    ),
    "SIGSYS": SI_CODES["SYS_SECCOMP"],
    "SIGILL": SI_CODES["ILL_ILLOPC"],
    "SIGTRAP": SI_CODES["TRAP_BRKPT"],
    # the CppCrash guide's signal 16: a stack error of the processor (pop on empty, push on full)
    "SIGSTKFLT": SI_CODES["ILL_BADSTK"],
}
_HINT = re.compile(r"probably caused by ([^\n]+?)\s*$", re.M | re.I)
_NULL = Reading(
    "a NULL (or nearly NULL) pointer was dereferenced",
    "Check the pointers used at the top frame: uninitialised, freed, or the result of a "
    "lookup or napi_get_* call that failed.",
    certain=True,
)
_OVERFLOW = Reading(
    "the thread's stack overflowed (deep or endless recursion, or large arrays on the stack)",
    "Look for the recursion in the repeated frames and give it an end, or move large local "
    "buffers to the heap (or raise the thread's stack size for a worker).",
    certain=True,
)


def _cpp(crash: Crash, text: str) -> Reading | None:
    report = sanitizers.reading(crash, text)  # a sanitizer's report says more than its signal
    if report is not None:
        return report
    reading = _cpp_fault(crash, text)
    m = _SIGNAL.search(crash.reason or "") or _SIGNAL.search(text)
    if m is None or m.group(1) not in ("SIGSEGV", "SIGBUS") or m.group(2) in SIGNAL_SENDERS:
        return reading
    engine = native_frames.engine_reading(crash)  # a memory fault in the JS engine's own code
    if engine is None or reading is None:
        return engine or reading
    # both: the engine's role, then what the fault address says
    return Reading(f"{engine.cause}; {reading.cause}", f"{engine.fix} {reading.fix}")


def _cpp_fault(crash: Crash, text: str) -> Reading | None:
    m = _SIGNAL.search(crash.reason or "") or _SIGNAL.search(text)
    code = m.group(2) if m else None
    hint = _HINT.search(crash.raw or text)
    if hint is not None:
        # faultloggerd's own guess after the fault address
        said = " ".join(hint.group(1).split())
        if re.search(r"stack overflow", said, re.I):
            return _OVERFLOW
        if re.search(r"null pointer", said, re.I):
            return _NULL
    address = _address(crash.reason or "") or _address(text)
    if code in SIGNAL_SENDERS:
        # a signal sent by a process (kill, tkill, sigqueue): the value after ``@`` is the
        # sender's uid and pid (``from:pid:uid``), not a fault address
        address = None
    if code == "SEGV_MAPERR" and address is not None and int(address, 16) < 0x1000:
        return _NULL
    recursion = None if code in SIGNAL_SENDERS else native_frames.recursion_reading(crash, address)
    if recursion is not None:
        return recursion
    # the address against the registers first: a stack overflow is a SEGV_ACCERR on the guard
    regs = dict(_REGISTER.findall(crash.raw or text))
    at_reg = _register_reading(address, regs)
    if at_reg is not None:
        return at_reg
    # what faulted, by its si_code (an unmapped address and who sent the signal say less than
    # the readings below, so they come last)
    if code in SI_CODES and code != "SEGV_MAPERR" and code not in SIGNAL_SENDERS:
        return SI_CODES[code or ""]
    if m is not None and m.group(1) in _BY_SIGNAL:
        return _BY_SIGNAL[m.group(1)]
    if address is not None and _POISON.match(address):
        return Reading(
            f"memory already freed was used (use-after-free): the fault address {address} is "
            "made of the allocator's fill bytes for freed memory",
            "Find who frees the object while the top frame still uses it: give it one owner "
            "(std::shared_ptr / std::unique_ptr), set pointers to nullptr on free, and run with "
            "HWASan to stop at the first use after free.",
            certain=True,
        )
    if address is not None and _FREED_FILL.match(address):
        return Reading(
            f"memory already freed was used (use-after-free): the fault address {address} was "
            "read from freed memory (jemalloc fills freed blocks with 0x6b bytes)",
            "Find who frees the object while the top frame still uses it (a callback or a "
            "layout pass that outlives its data, another thread freeing it): give it one owner "
            "(std::shared_ptr / std::unique_ptr), clear pointers on free, and run with HWASan "
            "to stop at the first use after free.",
        )
    if address is not None and _wild(address):
        return Reading(
            f"a corrupted (wild) pointer was followed: {address} is not an address a valid "
            "pointer can hold (an overwritten pointer, a freed object's vtable)",
            "Find what overwrote the pointer or freed its object: HWASan/ASan stops at the first "
            "bad write; check the object's lifetime at the top frame, and whether another "
            "thread changes the same object (a container resized while read) without a mutex.",
        )
    frames = "\n".join(f.raw for f in crash.frames[:3])
    for pattern, reading in _TOP_LIBRARY:
        if pattern.search(frames):
            return reading
    off_end = native_frames.page_end_reading(crash, code, address)
    if off_end is not None:
        return off_end
    words = last_message(crash, text)
    aborted = native_frames.abort_reading(crash, words) or native_frames.callback_record(words)
    if aborted is not None:
        return aborted
    if words:
        return Reading(
            f"the process stopped itself with its own message: “{words}”",
            "That message names the check that failed: find it in the code of the first frame "
            "below abort() in the app's library and fix the value it reports.",
        )
    return _runtime_report(crash, text) or _headerless(crash) or SI_CODES.get(code or "")


# the Rust standard library's own panic messages, and what each means
_PANIC_MESSAGES = (
    (
        "not yet implemented",
        "the code reached a todo!(): a path not written yet",
        "Implement what the todo!() at the location stands for (or keep the app off that path "
        "until it is: return an error the caller handles instead of panicking).",
    ),
    (
        "not implemented",
        "the code reached an unimplemented!()",
        "Implement that path at the location, or return an error the caller handles.",
    ),
    (
        "on a `None` value",
        "unwrap()/expect() on a None",
        "Handle the None case at the location (match / if let / ok_or(...)?) instead of "
        "unwrap(): the value is absent in this situation.",
    ),
    (
        "on an `Err` value",
        "unwrap()/expect() on an Err",
        "Handle the error at the location (match / ? with an error the caller handles) instead "
        "of unwrap(); the Err's text after the message says what failed.",
    ),
    (
        "index out of bounds",
        "an index past the end of a slice or vector",
        "Check the index against the length at the location (get() returns an Option).",
    ),
    (
        "with overflow",
        "an arithmetic overflow (a debug build checks it)",
        "Use checked_*/saturating_* arithmetic at the location, or a wider type.",
    ),
    (
        "entered unreachable code",
        "the code reached an unreachable!()",
        "The assumption at the location does not hold: handle the case it excludes.",
    ),
    (
        "already borrowed",
        "a RefCell borrowed twice at once",
        "Drop the first borrow before the second (shorter scopes), or restructure the access.",
    ),
)


_PANIC_ENDS = (
    " A panic in the app's native Rust code ends the process when it is not caught "
    '(panic = "abort", or unwinding into C/ArkTS); catch_unwind at the native boundary keeps '
    "the app alive."
)


def _runtime_report(crash: Crash, text: str) -> Reading | None:
    """A Rust panic: the runtime's own words say what failed."""
    if crash.reason == "Rust panic":
        said = crash.message or "a panic"
        known = next((k for k in _PANIC_MESSAGES if k[0] in said), None)
        what = f"“{said[:160]}”"
        if known is None:
            return Reading(
                f"Rust code panicked: {what} at the location",
                "The panic message names the broken expectation (an unwrap of None or Err, an "
                "index out of bounds, an explicit panic!/todo!): handle that case at the "
                "location instead of panicking." + _PANIC_ENDS,
                certain=True,
            )
        return Reading(
            f"Rust code panicked: {known[1]} ({what})", known[2] + _PANIC_ENDS, certain=True
        )
    return None


_WORKER_WAIT = re.compile(
    r"pthread_(?:cond|mutex)_\w*(?:wait|lock)|condition_variable::\w*wait|mutex::lock\(", re.I
)


def _headerless(crash: Crash) -> Reading | None:
    """Native frames pasted without the fault log's header: no signal, no address; the top
    frame with a symbol is all there is to read."""
    if crash.reason or not crash.frames:
        return None
    named = next((f for f in crash.frames[:6] if f.symbol and not f.symbol.startswith("pc ")), None)
    if named is None:
        return None
    if _WORKER_WAIT.search("\n".join(f.raw for f in crash.frames[:3])):
        # a thread faulting in a condition or mutex wait (read as a crash: a thread of the app's
        # own, see .faultlog): what it waits on was freed under it
        return Reading(
            "a thread of the app's own faulted while it waited on a condition variable or a mutex: "
            "the object holding it was likely destroyed (its owner released) while the thread "
            "still ran, a use-after-free of the thread's objects",
            "Give the thread an owner that ends it before freeing what it uses: make it joinable "
            "(not detach()), stop it (an atomic flag, notify the condition) and join it in "
            "release()/the destructor; keep the shared objects alive with std::shared_ptr "
            "(lifetime) and serialise the calls that touch them on one thread.",
            certain=False,
        )
    return Reading(
        f"the stack stops in {named.file}({named.symbol}); the fault log's header (its signal "
        "and fault address) is not in the text",
        "Read the whole fault log's Reason and LastFatalMessage; check what the app passed to "
        "the call at the top frame (a pointer, a buffer and its size, a value it returns).",
        certain=False,
    )


def last_message(crash: Crash, text: str = "") -> str:
    """The process's own last words (``LastFatalMessage``), or ''."""
    fatal = _FATAL.search(crash.raw or text)
    return " ".join(fatal.group("m").split())[:200] if fatal is not None else ""


# --- JS crashes -----------------------------------------------------------------------------

# a JS crash's API error code: the fault log's ``Error code:`` line, else one in its message or
# head: ``BusinessError: …, code: 401``, ``{"code":801}``, ``errCode: 2300028``, ``error code
# 13900002``, ``BusinessError 17700056: …`` (where the fault log's ``Error code:`` is empty)
_ERROR_CODE_LINE = re.compile(r"^\s*Error code:\s*(\d+)\s*$", re.M)
_ANY_CODE = re.compile(
    r"(?:\berror code|\berrCode|\berr\.code|(?<!exit with )\bcode|\bBusinessError)\W{0,3}\s*[:：=]?"
    r"\s*\"?(\d{3,9})\b",
    re.I,
)


def api_code(crash: Crash) -> str | None:
    """The system API's error code a JS crash carries, if any."""
    m = _ERROR_CODE_LINE.search(crash.raw) or _ANY_CODE.search(
        f"{crash.message}\n{crash.raw[:4000]}"
    )
    return m.group(1) if m else None


_UNIVERSAL: dict[str, Reading] = {
    "201": Reading(
        "an API needs a permission the app does not hold (error 201, permission denied)",
        "Declare the permission in module.json5 requestPermissions and, for a user_grant "
        "permission, request it at run time (abilityAccessCtrl requestPermissionsFromUser) "
        "before the call.",
        certain=True,
    ),
    "202": Reading(
        "a system API was called by an app that is not a system app (error 202)",
        "Third-party apps may not call this API: use the public API for the feature instead.",
        certain=True,
    ),
    "401": Reading(
        "an API was called with a missing or wrong-typed parameter (error 401)",
        "Check the arguments the top frame passes against the API's documented types "
        "(an undefined value counts as missing).",
        certain=True,
    ),
    "801": Reading(
        "the device does not support this API (error 801: capability not supported)",
        "Guard the call with canIUse('SystemCapability.…') and offer a fallback on devices "
        "without the capability.",
        certain=True,
    ),
}
_ERROR_NAMES: dict[str, Reading] = {
    "TypeError": Reading(
        "a value was not what the code expected (undefined, null, or another type) where it "
        "was used",
        "Check the value the location uses: guard it (if (x) / x?.y) and make sure it is set "
        "before use; a system API returning undefined here may not exist on this device.",
    ),
    "ReferenceError": Reading(
        "a name was used that does not exist at that point: not defined in this runtime (a "
        "browser or Node global), not imported, or used before its declaration ran (a "
        "circular import)",
        "Import or declare the name the message gives at the location; if it is a global a "
        "library expects, provide it from the kit that has it; if two modules import each "
        "other, break the cycle.",
    ),
    "RangeError": Reading(
        "a value was out of its allowed range (an array length, a number's digits, a "
        "recursion too deep)",
        "Check the number the location computes before the call (new Array(n), toFixed(d), "
        "String.repeat) and bound it.",
    ),
    "SyntaxError": Reading(
        "text parsed as JSON or code is malformed (JSON.parse, a RegExp, a dynamic import)",
        "Check the text before parsing it at the location and catch the error (try/catch); "
        "log what failed to parse.",
    ),
    # not an error name the engine prints: the message shape of a module it cannot load
    "module": Reading(
        "a module the code loads is not in the app's bytecode: a path into another HAR/HSP "
        "the build did not package, or a dependency missing from the HAP",
        "Import other modules by their package name and depend on them in oh-package.json5; "
        "a dynamic or variable path needs the module in runtimeOnly.packages "
        "(build-profile.json5, buildOption.arkOptions); then rebuild clean.",
    ),
    "URIError": Reading(
        "a malformed %-sequence was passed to decodeURI/decodeURIComponent",
        "Catch the error around decodeURI(Component) at the location, or encode the string "
        "with encodeURIComponent first.",
        certain=True,
    ),
    "EvalError": Reading(
        "eval or new Function was used: the ArkTS runtime does not allow it",
        "Remove the dynamic code (eval / new Function) at the location.",
        certain=True,
    ),
    "AggregateError": Reading(
        "every promise given to Promise.any was rejected",
        "Handle the AggregateError (its errors list says why each failed) with catch.",
        certain=True,
    ),
}


def _js(crash: Crash, text: str) -> Reading | None:
    code = api_code(crash)
    # the ArkTS library's own codes (Worker, TaskPool, containers), by code or by their wording
    utils = utils_codes.reading(code, crash.message or "")
    if code is not None:
        if code in _UNIVERSAL:
            return _UNIVERSAL[code]
        if utils is not None:
            return utils
        found = api_error_codes.lookup(code, f"{crash.message}\n{crash.raw[:4000]}")
        if found is not None:
            return _documented(code, found)
        return Reading(
            f"a system API rejected the call with error code {code}",
            f"Look up {code} in the error codes of the API the top frame calls (its kit's "
            "error code page says the cause), and catch the BusinessError (try/catch or "
            ".catch) so the app handles it instead of crashing.",
        )
    if utils is not None:
        return utils
    m_name = _NAME.search(crash.name or "")
    name = m_name.group(0) if m_name else _name_by_message(crash.message or "")
    if name not in _ERROR_NAMES:
        return js_frames.thrown_by_system_api(crash)
    return _ERROR_NAMES.get(name)


_CATCH = "Catch the BusinessError (try/catch or .catch) so the app handles it instead of crashing."


def _documented(code: str, found: api_error_codes.Documented) -> Reading:
    """A code its kit's error-code page documents: the page's meaning and solution. Certain when
    the crash carries the documented message, or the code means one thing in every kit; else
    (several kits document it, or the text fits one only by its title) "possibly"."""
    if found.ambiguous:
        meanings = "; ".join(f"{e.kit}: {e.title} ({e.message})" for e in found.entries)
        solutions = " ".join(f"{e.kit}: {e.solution}" for e in found.entries)
        return Reading(
            f"a system API rejected the call with error code {code}, which several kits "
            f"document: {meanings}",
            f"See which of these APIs the top frame calls and follow its solution. {solutions} "
            f"{_CATCH}",
        )
    e = found.entry
    cause = f"{e.title} (error {code}, {e.kit}: {e.message.rstrip('.')})"
    return Reading(
        f"{cause}: {e.cause}" if e.cause else cause,
        f"{e.solution} {_CATCH}".strip(),
        certain=found.by_message or found.unique,
    )


_NAME = re.compile(r"\b[A-Z]\w*Error\b")
# the engine's message shapes, for an error printed without its name
_MESSAGE_NAMES = (
    (
        re.compile(r"is not (?:defined|initiali[sz]ed)|before initiali[sz]ation", re.I),
        "ReferenceError",
    ),
    (
        re.compile(
            r"Cannot (?:read|set|load) propert|is not (?:callable|a function|an object|iterable"
            r"|a constructor)|of (?:undefined|null)\b|not a valid object",
            re.I,
        ),
        "TypeError",
    ),
    (
        re.compile(r"not provide an export|Unexpected token|Invalid or unexpected| in JSON", re.I),
        "SyntaxError",
    ),
    (re.compile(r"Maximum call stack|Invalid array length|out of range", re.I), "RangeError"),
    (re.compile(r"Cannot find module '|cannot find record ['‘]", re.I), "module"),
)


def _name_by_message(message: str) -> str:
    return next((name for pattern, name in _MESSAGE_NAMES if pattern.search(message)), "")


# HiAppEvent's crash event names the crash's own fault log: ``external_log=[/data/storage/…]``
_EXTERNAL_LOG = re.compile(r"\bexternal_log=\[?([^\],\s]+)")


def _event_log(crash: Crash) -> Reading | None:
    """A crash event without a stack of its own that names its fault log: read that log."""
    m = None if crash.frames else _EXTERNAL_LOG.search(crash.raw[:8000])
    if m is None:
        return None
    return Reading(
        "the crash event carries no stack of its own; its fault log (external_log) has it",
        f"Read the crash's fault log, the event's external_log file {m.group(1)} (in the app's "
        "sandbox; or DevEco Studio's FaultLog): its reason and stack name the code that crashed.",
    )


def read(crash: Crash, text: str) -> Reading | None:
    """The structural reading of ``crash`` (``text``: its evidence text), or None."""
    if crash.type == CPP:
        return _cpp(crash, text) or _event_log(crash)
    if crash.type == JS:
        return _js(crash, text) or _event_log(crash)
    if crash.type == FREEZE:
        return freeze_detail(crash)
    return None
