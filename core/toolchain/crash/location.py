"""Where to look in a crash: the first frame of the app's own code, and the third-party runtime
the crash happened in.

The app's own code is a raw release frame ``ref|owner|ver|src/...`` whose owner is not a
``@scope/`` package, or a source-mapped ``entry/src/main/...``; when the crash itself happened in
a third-party runtime (a HAR ``@scope/name``, ``oh_modules``, ``libhermes.so``, the Flutter
engine) :func:`where` names it.
"""

from __future__ import annotations

import re

from hmdesk.core.toolchain.crash.model import CPP, FREEZE, Crash, Frame

# runtimes and engines apps bundle (React Native's Hermes/JSI, Flutter, V8/QuickJS, Unity/IL2CPP,
# Cocos, Skia, FFmpeg, ijkplayer, WebRTC, MMKV, libpag, Lottie, inference engines, Kuikly, Taro,
# uni-app, the C++ runtime they ship), also as a HarmonyOS port names it (``libohos_webrtc.so``):
# a crash in one of them is named with the app's own frame
THIRD_PARTY_LIBS = re.compile(
    r"lib(?:ohos_?)?(?:hermes\w*|flutter|react\w*|jsi|fbjni|folly\w*|yoga|c\+\+_shared|v8\w*|quickjs|qjs"
    r"|unity|il2cpp|mono\w*|cocos\w*|skia|av(?:codec|format|util|filter|device)\w*|sw(?:scale|resample)"
    r"|ffmpeg\w*|ijk\w+|webrtc\w*|jingle\w*|mmkv|pag|lottie\w*|rlottie|mnn|ncnn|tnn|onnxruntime"
    r"|tensorflowlite\w*|tflite\w*|paddle\w*|opencv\w*|kuikly\w*|taro\w*|weex\w*|dcloud\w*"
    r"|uniapp\w*)\.so",
    re.I,
)
# (``/lib/ld-musl-aarch64.so.1``: the C library and loader, as sanitizers' reports print it)
# (``obj/foundation/…/jsUIContext_ohos.js``: the framework's own JS, as the system's build
# output names it)
_SYSTEM = ("/usr1/", "/system", "/vendor/", "/lib/", "/lib64/", "obj/foundation/")
# system components installed as a bundle (ArkWeb's engine): mapped under an app-like path
_SYSTEM_BUNDLES = ("/arkwebcore/", "/com.ohos.arkwebcore/")


# a JS frame's place that is a name, not a file: a native binding or module the runtime names
_BINDING = re.compile(r"[A-Za-z_]\w*")

_FRAME_LOC = re.compile(r"\(([^()]*?):(\d+):(\d+)\)[^()]*$")


_C_SOURCE = (".c", ".cc", ".cpp", ".cxx", ".h", ".hpp")
# ``#04 pc … f(int) /build/src/x.cpp:467:56``: the source line a symboliser printed
_TRAILING_SOURCE = re.compile(r"\s(/?[\w./-]+\.(?:c|cc|cpp|cxx|h|hpp|mm?|rs):\d+(?::\d+)?)\s*$")


def _frame_location(frame: Frame) -> str:
    """The place: the app's source file for its own frames (``entry/src/main/ets/x.ets:52:1``,
    also for a raw release frame, whose line is the compiled ``x.ts``'s), else the path the
    log prints, and the library and symbol for native frames."""
    # the app's own source file (``entry/src/main/ets/pages/Index.ets`` for a raw release frame's
    # compiled ``Index.ts``): the name the card's stack links and the editor use
    path = frame.source or (frame.file.split("|")[-1] if "|" in frame.file else frame.file)
    # a Windows build path printed with (doubled) backslashes: ``\\MainAbility\\pages\\x.ets``
    path = re.sub(r"/{2,}", "/", path.replace("\\", "/"))
    m = _FRAME_LOC.search(frame.raw)
    if m is not None:
        return f"{path}:{m.group(2)}:{m.group(3)}"
    m_src = _TRAILING_SOURCE.search(frame.raw)
    if m_src is not None:  # a native frame a symboliser printed with its source line after it
        return m_src.group(1)
    if frame.line and frame.symbol and path.endswith(_C_SOURCE):
        return f"{path}:{frame.line}({frame.symbol})"  # a hand-symbolised native frame
    if frame.line:
        return f"{path}:{frame.line}" + (f":{frame.column}" if frame.column else "")
    if frame.symbol and not frame.symbol.startswith("pc "):
        return f"{path}({frame.symbol})" if path else frame.symbol
    return path


_MAPPED_PACKAGE = re.compile(r"^\s*(?:#\d+\s+)?at\s+\S+\s+(@[^\s/()]+/[^\s()]+)\s+\(")


def _owner(frame: Frame) -> str:
    """The module that owns a JS frame's code (``@scope/har`` for a library), or ''."""
    if "|" in frame.file:
        parts = frame.file.split("|")
        return parts[1] if len(parts) >= 4 else ""
    if "oh_modules/" in frame.file:
        # ohpm's store layout ``oh_modules/.ohpm/@s+p@1.0/oh_modules/@s/p/src/…``: the last one
        return frame.file.rsplit("oh_modules/", 1)[1].split("/src/", 1)[0]
    # a source-mapped frame names its package after the function: ``at WlPlayer @s/p (…)``
    m = _MAPPED_PACKAGE.match(frame.raw)
    return m.group(1) if m else ""


def _third_party(frame: Frame) -> bool:
    owner = _owner(frame)
    if "|" in frame.file and owner.startswith("@"):
        # ``dcar|@dcar/utils|…``: a package scoped under the app's own module is the app's code
        return owner[1:].split("/", 1)[0] != frame.file.split("|", 1)[0]
    return owner.startswith("@") or "oh_modules/" in frame.file


def is_system(frame: Frame) -> bool:
    """The frame is the system's code (a system library, a framework's JS, the runtime)."""
    return _is_system(frame)


def _is_system(frame: Frame) -> bool:
    # an anonymous mapping (``[anon:native_heap:jemalloc]``) or ``Not mapped`` is a jump into
    # data: no code there
    return (
        frame.file.startswith(_SYSTEM)
        or any(b in frame.file for b in _SYSTEM_BUNDLES)
        or not frame.file
        # a Cangjie frame outside the app's sources: the std library, the runtime's FFI glue
        or (frame.file.endswith(".cj") and frame.source is None)
        or frame.file.startswith("[")
        or frame.raw.endswith("Not mapped")
        or "stateMgmt" in frame.file
        or _C_EXIT.fullmatch(frame.symbol) is not None
        # a JS frame of a native binding: a bare name, no file or line (``at
        # window.getLastWindow (WindowManagerService)``, ``at f (native)``)
        or (
            frame.raw.startswith(("at ", "#"))
            and not frame.line
            and _BINDING.fullmatch(frame.file) is not None
            and frame.raw.rstrip().endswith(")")
        )
    )


# the runtime's own plumbing under a crash: abort/raise, the ArkTS runtime and N-API themselves;
# in a stack of system frames the first frame past them is the caller that went wrong
# and a sanitizer's runtime (``libclang_rt.hwasan.so(__hwasan_memcpy)``)
_PLUMBING = re.compile(
    r"/(?:ld-musl[^/]*|libc|libc\+\+|libark_jsruntime|libace_napi\.z|libclang_rt\.[\w-]+)\.so"
)
# a memory or string function (``libutils.z.so(memcpy_s)``): it did the access its caller asked
# for, the caller is the place
_COPY = re.compile(
    r"(?:__)?(?:mem(?:cpy|move|set|cmp)|str(?:n?cpy|n?cat|len|cmp)|s?n?printf)(?:_s|_chk)?"
)
# the C library's functions that end the process (``#02 exit+144``, a system hook's
# ``libappspawn_helper.z.so(exit+144)``): the caller below them is the place, whatever library
# a page prints them in
_C_EXIT = re.compile(r"_?_?(?:abort|raise|exit|_exit|_Exit|tgkill|pthread_kill|assert_fail)")
# a JSVM-API function (``libjsvm.so(OH_JSVM_CallFunction)``): in a stack of system code, the call
# the app made into the engine
_JSVM_API = re.compile(r"OH_JSVM_\w+")


def where(crash: Crash) -> tuple[str | None, str | None]:
    """(the frame to look at, the third-party package/library the crash is in or None)."""
    frames = crash.frames
    non_system = [f for f in frames if not _is_system(f)]
    own = _own_frames(crash)
    third: str | None = None
    top = non_system[0] if non_system else None
    if top is None:
        # only system frames: the first one with a symbol past the runtime's plumbing (else
        # the first with a symbol) says where the system code was
        named = [f for f in frames if f.symbol and not f.symbol.startswith("pc ")]
        top = next((f for f in named if _JSVM_API.fullmatch(f.symbol)), None) or next(
            (
                f
                for f in named
                if not _PLUMBING.search(f.file)
                and not _COPY.fullmatch(f.symbol)
                and not _C_EXIT.fullmatch(f.symbol)
            ),
            named[0] if named else None,
        )
    elif _third_party(top):
        third = _owner(top)
    native = next(
        (
            f
            for f in frames[:6]
            if THIRD_PARTY_LIBS.search(f.file) and not f.file.startswith(_SYSTEM)
        ),
        None,
    )
    if native is not None:
        third = THIRD_PARTY_LIBS.search(native.file).group(0)  # type: ignore[union-attr]
    if not own and top is not None and not top.line and not _named(top):
        # a third-party library without symbols under the ArkTS code that called into it: the
        # call's source line names a place, the library's bare address does not
        top = next((f for f in non_system if f.line), top)
    pick = _most_precise(own) if own else top
    return (_frame_location(pick) if pick is not None else None), third


# a fault address near 0 (``SIGSEGV(SEGV_MAPERR)@0x0000000000000040``, "probably caused by NULL
# pointer dereference"): a field of a null object was read (cppcrash-guidelines: a small offset
# off a null ``this``)
_NEAR_NULL = re.compile(r"SIGSEGV\(SEGV_MAPERR\)@0x0*[0-9a-fA-F]{1,3}\b|NULL pointer dereference")
# C++ frames that only read the object they were handed: a copy or move constructor
# (``QString::QString(QString const&)``) and a const method without arguments
# (``RedisCluster::getConnectName() const``); when a null object faults in them, the pointer
# was null in their caller, which is the place to look
_ACCESSOR = re.compile(
    r"(?:[\w:<>]+::)?(?P<cls>\w+)::(?P=cls)\((?:const )?(?P=cls)(?: const)?(?:&|&&)\)"
    r"|[\w:<>]+::\w+\(\) const"
)


def _past_accessors(own: list[Frame]) -> list[Frame]:
    """``own`` without the accessor frames (:data:`_ACCESSOR`) at its top, when a caller of
    the app's own code that names a symbol follows them."""
    i = 0
    while i < len(own) and _ACCESSOR.fullmatch(own[i].symbol or ""):
        i += 1
    rest = own[i:]
    return rest if i and rest and _named(rest[0]) else own


_ERROR_CTOR = re.compile(r"(?:new )?\w*Error")


def _named(frame: Frame) -> bool:
    return bool(frame.symbol) and not frame.symbol.startswith("pc ")


_OWN_JS = re.compile(r"(?:^|/)src/main/ets/(?:[^/]+/)*[^/|]+\.js$")


def _most_precise(frames: list[Frame]) -> Frame:
    """The first of the app's own frames that names a place: a source line, or a native symbol;
    a compiled ``.js`` line only when no source line is printed (a stack that runs
    ``x.js:8479`` → ``x.ets:31`` → …, or a library without symbols under an ArkTS caller)."""
    named = [f for f in frames if f.line or (f.symbol and not f.symbol.startswith("pc "))]
    # an error class's constructor (``at RNOHError (…/RNOHError.ts)``) only builds the error:
    # the frame that threw it is the one below
    thrower = [f for f in named if not _ERROR_CTOR.fullmatch(f.symbol or "")]
    named = thrower or named
    # (a .js file in the module's own source tree is one the app wrote: ArkTS modules may hold
    # plain JavaScript next to their .ets files)
    source = [
        f for f in named if not f.file.endswith(".js") or not f.line or _OWN_JS.search(f.file)
    ]
    return (source or named or frames)[0]


# how a thread waits, compiled into the app's own library: the C++ library's templates
# (``libcutil.so(std::__n1::condition_variable::wait(…))``) and the app's wrappers of a wait
# (``tutil::threads::Semaphore::wait()``, ``Mutex::Lock()``)
_WAITING = re.compile(
    r"^std::|(?:^|::)(?:\w*(?:Semaphore|Mutex|Lock|Latch|Barrier|Cond\w*)::)?"
    r"(?:wait|wait_for|wait_until|Wait|WaitFor|lock|Lock|acquire|Acquire|join|Join)\b"
)


def past_waits(own: list[Frame]) -> list[Frame]:
    """``own`` without the frames at its top that only wait (:data:`_WAITING`): in a freeze the
    place to look is the app's code that chose to wait, when a named frame follows them."""
    i = 0
    while i < len(own) and _WAITING.search(own[i].symbol or ""):
        i += 1
    rest = own[i:]
    return rest if i and rest and _named(rest[0]) else own


def _own_frames(crash: Crash) -> list[Frame]:
    """The frames of the app's own code, past the accessors a null object faulted in and, in a
    freeze, past the waits."""
    own = [
        f
        for f in crash.frames
        if not _is_system(f) and not _third_party(f) and not THIRD_PARTY_LIBS.search(f.file)
    ]
    if own and crash.type == CPP and _NEAR_NULL.search(crash.reason):
        return _past_accessors(own)
    if own and crash.type == FREEZE:
        return past_waits(own)
    return own


def own_location(crash: Crash) -> str | None:
    own = _own_frames(crash)
    return _frame_location(_most_precise(own)) if own else None
