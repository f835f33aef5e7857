"""What a pasted or captured hilog says beyond a fault log, read in general: a native library the
loader did not load, a Rust panic, an app process that exited by itself, a graphics engine without
its GPU API, a UI component telling how it must be used.

Each reader takes the log's text and names the class of failure from the line's own wording (the
musl loader's ``Error loading shared library X: (needed by Y)`` and ``Error relocating …``, Rust's
``panicked at file:line:col``, appspawn's ``… with pid N exit with code:C``, Vulkan's
``ErrorIncompatibleDriver``, ArkUI's ``… inactive: … Use …``), never a particular app's: the
library, the place and the component come from the line. A cheap ``in`` test guards each reader,
so a 1 MB dump costs little. :func:`read` returns the first decisive one, :func:`read_weak` a hint; :data:`RUNTIME_CAUSES`
are the runtime errors' causes the crash explanation tries first.

Pure text in, data out: the doctor turns a :class:`Said` into its ``Finding``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hmdesk.core.toolchain.crash.js_causes import DECORATED_FUNCTION
from hmdesk.core.toolchain.crash.model import JS, Cause
from hmdesk.core.toolchain.crash.native_causes import FDSAN
from hmdesk.core.toolchain.hilog.app_events import SANITIZER_EVENT_CAUSES
from hmdesk.core.toolchain.hilog.line import LOG
from hmdesk.core.toolchain.hilog.parse import parse_lines


@dataclass(frozen=True)
class Said:
    """One reading: the finding's kind, meaning, fix, the line it rests on, the place, and the
    tool's own name or number for the error when the line gives one."""

    kind: str
    meaning: str
    fix: str
    evidence: str
    location: str | None = None
    certain: bool = True
    terms: tuple[str, ...] = ()
    code: str | None = None


def _line(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return text[start : end if end >= 0 else len(text)].rstrip("\r")


def _is_log_line(line: str) -> bool:
    """The line is a hilog line (any pasted layout), not a build tool's or a host's output."""
    return parse_lines([line])[0].kind == LOG


def _in_log(text: str, pos: int) -> bool:
    """The line at ``pos`` is a hilog line, or continues one (indented under it)."""
    line = _line(text, pos)
    start = text.rfind("\n", 0, pos) + 1
    while line[:1] in (" ", "\t") and start > 0:
        start = text.rfind("\n", 0, start - 1) + 1
        line = _line(text, start)
    return _is_log_line(line)


def _name(path: str) -> str:
    return path.rstrip("/").rsplit("/", 1)[-1]


# --------------------------------------------------------------------------- the native loader

# musl's ld.so (and the namespace loader before it): the library a loaded one needs is not there
_NEEDED = re.compile(
    r"Error loading shared library (?P<lib>[^\s:]+):?\s*(?:No such file or directory\s*)?"
    r"\(needed by (?P<by>[^\s)]+)\)"
)
_DLOPEN_NOT_FOUND = re.compile(
    r"dlopen failed: library \"(?P<lib>[^\"]+)\" not found(?:[^\n]*?needed by \"?(?P<by>[^\s\"]+))?"
)
_NS_LOAD = re.compile(r"\bload (?P<lib>\S+\.so[\w.]*) failed, namespace=[^,\s]+,? errno=2\b")
# a thread-local variable in the initial-exec model, in a library loaded with dlopen; musl
# prints the symbol and the defining library, a shortened quote may keep neither
# (``Error relocating …/libx.so: initial-exec TLS resolves to dynamic definition``)
_TLS = re.compile(
    r"Error relocating\s+(?P<by>[^\s:]+):\s*(?:(?P<sym>[^\s:]+):\s*)?initial-exec TLS resolves to "
    r"dynamic definition(?: in (?P<lib>[^\s;,]+))?"
)
_VERSIONED = re.compile(r"\.so\.\d")

# a system library (OpenHarmony names its own ``lib….z.so``) that the app's native code needs and
# the loader does not find in the app's sandbox (RN for OpenHarmony on an OpenHarmony 5.0 board:
# librawfile.z.so in system/lib64, which the sandbox's config does not mount)
SYSTEM_LIBRARY_FIX = (
    "Either the device's system does not have it (the native code was built against another "
    "system version: build with the SDK of the device's API level and link only the NDK's "
    "libraries, or run on a device whose system has it), or the system keeps it in a folder "
    "the app's sandbox does not mount (an OpenHarmony development board whose sandbox config "
    "mounts system/lib64/ndk but not system/lib64): there add the folder's mount to "
    "/system/etc/sandbox/appdata-sandbox.json (hdc target mount, edit, send it back, reboot)."
)
SYSTEM_LIBRARY_CAUSE = Cause(
    (JS,),
    re.compile(r"Error loading shared library (?:\S*/)?lib[^\s:/]*\.z\.so\b"),
    "a system library the app's native code needs is not where the app runs (the loader's "
    "Error loading shared library …z.so)",
    SYSTEM_LIBRARY_FIX,
)

MISSING_LIBRARY_FIX = (
    "Make the native build pack it into the HAP's libs/<abi>: link it in CMakeLists.txt as a "
    "library of the module (find_package(...) and target_link_libraries(...) for a framework's "
    "library, an IMPORTED library for a prebuilt .so) so hvigor copies it; a library built as a "
    "target of its own whose file lands elsewhere needs set_target_properties(... "
    "LIBRARY_OUTPUT_DIRECTORY ...) or a copy into libs/<abi>. Check what the HAP holds (unzip "
    "-l the .hap, libs/) against what each library needs (llvm-readelf -d: NEEDED). A HAR that "
    "brings a library it depends on (a prebuilt one, libc++_shared.so) leaves it out unless its "
    "build-profile.json5 sets buildOption.nativeLib.excludeFromHar to false."
)


def native_load(text: str) -> Said | None:
    """A native library the loader refused or did not find (the library, who needs it)."""
    relocating = "Error relocating" in text
    m = _TLS.search(text) if relocating else None
    # (musl's runtime loader's own wording, never a build tool's: read pasted bare too)
    if m is not None:
        lib = _name((m.group("lib") or m.group("by")).lstrip("."))  # (a quote's "...lib.so")
        sym = m.group("sym") or "a thread-local variable"
        return Said(
            "native",
            f"the loader refuses {lib}: initial-exec TLS in a library loaded with dlopen",
            f"{lib} relocates {sym} in the initial-exec TLS model (thread-local "
            "storage), which needs static TLS set up when the process starts: "
            "OpenHarmony's musl loader refuses it in a library loaded later (dlopen, a "
            "native module). Build the library with a dynamic TLS model: "
            "-ftls-model=global-dynamic (or TLSDESC, -mtls-dialect=desc / gnu2) and no "
            "-ftls-model=initial-exec; a toolchain that hard-wires initial-exec (a Go or "
            "other runtime built as a c-shared library) needs that option in its C and "
            "assembly flags, or the library linked into the app's own .so at build time "
            "(Go's c-shared libraries: build with the OpenHarmony port of Go, ohos-go "
            "(OpenHarmony-SIG ohos_golang_go, GOOS=openharmony), which uses TLSDESC).",
            _line(text, m.start()).strip(),
            location=m.group("by"),
            terms=("initial-exec", "TLS", "dlopen", "MUSL-LDSO"),
        )
    lib = by = ""
    pos = -1
    if "needed by" in text:
        m = _NEEDED.search(text)
        if m is not None:
            lib, by, pos = m.group("lib"), m.group("by"), m.start()
    if not lib and "dlopen failed" in text:
        m = _DLOPEN_NOT_FOUND.search(text)
        if m is not None:
            lib, by, pos = m.group("lib"), m.group("by") or "", m.start()
    if not lib and "errno=2" in text:
        m = _NS_LOAD.search(text)
        if m is not None:
            lib, pos = m.group("lib"), m.start()
    if not lib:
        return _module_not_loaded(text)
    if not _in_log(text, pos):
        return None
    lib = _name(lib)
    who = _name(by) if by else "the app"
    if lib.endswith(".z.so"):
        return Said(
            "native",
            f"a system library is missing on this device: {lib}",
            f"{who} needs the system library {lib}, which the loader did not find where the "
            f"app runs. {SYSTEM_LIBRARY_FIX}",
            _line(text, pos).strip(),
            location=by or None,
            terms=("MUSL-LDSO", lib, "NDK"),
        )
    soname = (
        f" {lib} is the name {who} was linked against (the library's SONAME): a HAP that "
        "packs the library under another name (libx.so for libx.so.0) still lacks it."
        if _VERSIONED.search(lib)
        else ""
    )
    return Said(
        "native",
        f"a native library is missing from the HAP: {lib}",
        f"{who} needs {lib}, which the loader found neither in the app's libs folder nor in "
        f"the system (errno 2: no such file): it was not packed into the HAP.{soname} "
        f"{MISSING_LIBRARY_FIX} An ArkTS import of a native module whose library did not load "
        "is undefined (Cannot read property … of undefined).",
        _line(text, pos).strip(),
        location=by or None,
        terms=("MUSL-LDSO", lib, "libs", "CMakeLists.txt"),
    )


# ArkCompiler, when an ``import x from '@ohos.x'`` finds no native module behind it:
# ``GetNativeModuleValueByIndex: currentModule …/modules.abc, find requireModule @ohos:intl failed``
_REQUIRE_FAILED = re.compile(r"find requireModule @(?P<ns>ohos|hms):(?P<mod>[\w.]+) failed")


def _module_not_loaded(text: str) -> Said | None:
    """A system module the runtime found no native library for (no loader line said why)."""
    if "find requireModule" not in text:
        return None
    m = _REQUIRE_FAILED.search(text)
    if m is None or not _in_log(text, m.start()):
        return None
    mod = f"@{m.group('ns')}.{m.group('mod')}"
    lib = f"lib{m.group('mod')}.so" if "." not in m.group("mod") else "its native library"
    return Said(
        "native",
        f"the runtime could not load the system module {mod}",
        f"{mod} is a native module: the runtime found no library for it ({lib}), so what the "
        "app imports from it is undefined (Cannot read property … of undefined). On a device, "
        f"check that its API level has {mod} (canIUse) and that the bundle may use it. In an "
        "ArkUI-X app running on Android or iOS, each system module is a plug-in library packed "
        f"with the app: copy {lib} from the ArkUI-X SDK into the platform project's libs "
        "(.arkui-x/android/app/libs, or the iOS frameworks), with any library it needs in turn, "
        "and rebuild.",
        _line(text, m.start()).strip(),
        certain=False,
        terms=(mod, "ArkUI-X", "libs"),
    )


# --------------------------------------------------------------------------- an app that exited

# appspawn, when an app process it started ends: ``com.x with pid 123 exit with code:1`` (a signal
# is reported as ``exit with signal:N``)
_EXIT = re.compile(r"(?P<proc>[\w.]+) with pid (?P<pid>\w+) exit with code:\s*(?P<code>-?\d+)")
_FRAME = re.compile(r"\bat [^\s()]+(?: [^\s()]+)? \((?:[^()|\n]*\|)*(?P<loc>[^()|\s]+:\d+:\d+)\)")


def app_exit(text: str) -> Said | None:
    """An app process that ended itself (exit code, no signal): no fault log is written."""
    if "exit with code" not in text:
        return None
    m = next((e for e in _EXIT.finditer(text) if e.group("code") != "0"), None)
    if m is None:
        return None
    proc, code = m.group("proc"), m.group("code")
    f = _FRAME.search(text)
    location = f.group("loc") if f is not None else None
    fix = (
        f"The app's process ({proc}) exited with code {code}: it ended itself, no signal "
        "killed it, so no fault log is written. A code other than 0 comes from a call to exit: "
        "the app's or a library's (process.exit(), ProcessManager().exit(), a native exit()), "
        "or the runtime after an error nothing caught (its lines just before say so). Find "
        "what called it (search the code for exit, read the error logged before): handle that "
        "error with try-catch / .catch instead of exiting, and close the app with "
        "terminateSelf() rather than ending the process."
    )
    if location:
        fix += f" The stack logged before the exit points at {location}."
    return Said(
        "crash",
        f"the app's process exited with code {code} (no crash log)",
        fix,
        _line(text, m.start()).strip(),
        location=location,
        terms=("exit", "appspawn", "闪退"),
    )


# --------------------------------------------------------------------------- the GPU API

# the whole line: tried from each line's start only (unanchored, a long line cost its square)
_NO_VULKAN = re.compile(
    r"^[^\n]*(?:Could not create Vulkan instance|VK_ERROR_INCOMPATIBLE_DRIVER|"
    r"ErrorIncompatibleDriver)[^\n]*",
    re.M,
)


def graphics_api(text: str) -> Said | None:
    """A graphics engine that could not start its Vulkan instance (no usable Vulkan driver)."""
    if "Vulkan" not in text and "INCOMPATIBLE_DRIVER" not in text:
        return None
    m = _NO_VULKAN.search(text)
    if m is None:
        return None
    impeller = "Impeller" in m.group(0) or "flutter" in m.group(0).lower()
    fix = (
        "The device's (or the emulator's) GPU driver offers no Vulkan the engine can use "
        "(ErrorIncompatibleDriver): without it the engine cannot draw and the app stops at "
        "start. Run on a device (or an emulator image) with Vulkan, or make the engine use "
        "OpenGL ES there."
    )
    if impeller:
        fix += (
            " For Flutter: Impeller is the renderer that needs Vulkan; turn it off for this "
            "target (flutter run --no-enable-impeller, or the engine's enable-impeller setting) "
            "or use a Flutter SDK for OpenHarmony whose engine supports the emulator."
        )
    return Said(
        "crash",
        "the graphics engine could not create its Vulkan instance",
        fix,
        m.group(0).strip(),
        certain=False,
        terms=("Vulkan", "GPU", "emulator"),
    )


# --------------------------------------------------------------------------- a component's advice

# a UI component saying it has no effect and how it must be used: ``Material inactive: out of
# scope. Use component in navigation title bar or Tabbar.``
_INACTIVE = re.compile(
    r"\b(?:inactive|not effective|does not take effect|not take effect|has no effect|ignored)\b"
    r"[^\n]*?\b(?P<advice>(?:Please use|Use|use|should be used|only (?:works|takes effect|"
    r"supported)) [^\n]+)"
)
# a component reading a parameter of the wrong type: ``GetTabBarPosition barPosition is not a
# number``
_NOT_A = re.compile(r"\b(?P<param>[a-z]\w*) is not a (?:number|valid \w+)\b")


def component_use(text: str) -> Said | None:
    """A UI component's own warning or error on how it is used (ArkUI, a component library)."""
    if not any(w in text for w in ("inactive", "effect", "ignored", " is not a ")):
        return None
    for pattern, param in ((_INACTIVE, False), (_NOT_A, True)):
        for m in pattern.finditer(text):
            line = _line(text, m.start())
            parsed = parse_lines([line])[0]
            if parsed.kind != LOG or parsed.level not in ("W", "E"):
                continue
            if "Error:" in parsed.message or parsed.tag in ("ArkCompiler", "JSAPP", "JsApp"):
                continue  # a runtime error, not a component's own word
            said = parsed.message.strip()
            if param:
                name = m.group("param")
                fix = (
                    f"{parsed.tag} read {name} and got no valid value (“{said[:160]}”): set "
                    f"{name} where the component reads it, as its API documents: in the "
                    f"constructor options (Component({{ {name}: … }})) rather than as an "
                    "attribute method, or the other way round, with a value of the documented "
                    "type (an enum member is a number)."
                )
            else:
                fix = (
                    f"{parsed.tag} says the setting has no effect here: “{said[:200]}”. Follow "
                    f"its advice ({m.group('advice').strip()[:120]}): the API takes effect only "
                    "in the components its reference names for this API level; elsewhere use the "
                    "documented alternative for plain containers."
                )
            return Said(
                "arkts-source",
                (
                    f"a component got a parameter it cannot read: {said[:120]}"
                    if param
                    else f"a component is used where it has no effect: {said[:120]}"
                ),
                fix,
                line.strip(),
                certain=False,
                terms=(parsed.tag, "ArkUI", "component"),
            )
    return None


# --------------------------------------------------------------------------- an app with no module

# ArkUI-X's AppMain on Android/iOS, reading the modules packed in the app's assets:
# ``[app_main.cpp(82)] module list size: 0``
_NO_MODULE = re.compile(r"\bmodule list size: 0\b")


def no_module(text: str) -> Said | None:
    """An ArkUI-X app whose package holds none of the ArkTS modules' build output."""
    if "module list size: 0" not in text:
        return None
    m = _NO_MODULE.search(text)
    if m is None or not _in_log(text, m.start()):
        return None
    return Said(
        "launch",
        "the app found no ArkTS module in its package: its assets hold no module",
        "The app starts with an empty module list, so it has no bundle or ability to run "
        "(bundleInfo is null, a white screen): the platform project's assets lack the ArkTS "
        "modules' build output (module.json, ets/modules.abc, resources). Delete the stale "
        "assets folder (.arkui-x/android/app/src/main/assets), build the ArkTS modules again "
        "with DevEco Studio or ACE Tools, which copies them into the assets, then Clean Project "
        "and rebuild the APK (or the iOS app).",
        _line(text, m.start()).strip(),
        certain=False,
        terms=("ArkUI-X", "assets", "modules.abc"),
    )


# the device's shell (OpenHarmony's sh) for a command it cannot find: ``/bin/sh: anm: inaccessible
# or not found`` (the anm and cem guides: tools of the eng builds only)
_SHELL_MISSING = re.compile(r"^[>\s]*/bin/sh: (?P<cmd>[^\s:]+): inaccessible or not found", re.M)


def device_shell_missing(text: str) -> Said | None:
    """A command the device's shell does not find: an eng-only tool on a user build, another
    system version's, or one the shell's PATH lacks ("possibly": the line does not say which)."""
    if "inaccessible or not found" not in text:
        return None
    m = _SHELL_MISSING.search(text)
    if m is None:
        return None
    cmd = m.group("cmd")
    return Said(
        "device",
        f"the device's shell found no command {cmd}",
        f"The system may have no {cmd}: tools such as anm and cem come only with eng "
        "(debug) builds, not with a user build (a retail phone), and others only with another "
        f"system version; check the name and the image, or use an eng image. A command the app "
        f"ships itself must be on the shell's PATH and executable (chmod) to be found.",
        _line(text, m.start()).strip(),
        certain=False,
        terms=("hdc shell", cmd, "eng", "not found"),
    )


# --------------------------------------------------------------------------- fdsan, bm, ArkUI's checks

# musl's fd sanitizer: ``MUSL-FDSAN: attempted to close file descriptor 43, expected to be
# unowned, actually owned by FILE* 0x…`` (also ``… owned by unique_fd``, ``… tag 0x…``)
_FDSAN = re.compile(
    r"attempted to (?P<op>close|exchange|use) file descriptor (?P<fd>\d+),?\s+expected to be "
    r"(?P<expected>[^,\n]+?),\s+actually (?P<actual>[^\n]+)"
)


def fdsan(text: str) -> Said | None:
    """musl's fdsan: a file descriptor closed (or used) by code that does not own it."""
    if "file descriptor" not in text or "expected to be" not in text:
        return None
    m = _FDSAN.search(text)
    if m is None:
        return None
    fd, actual = m.group("fd"), " ".join(m.group("actual").split())
    return Said(
        "file",
        f"fdsan: fd {fd} was {m.group('op')}d by code that does not own it ({actual})",
        f"The fd {fd} is {actual}; {FDSAN.cause}. {FDSAN.fix}",
        _line(text, m.start()).strip(),
        terms=("fdsan", "close", "file descriptor"),
    )


# ArkUI's state management checking what a decorated variable is given:
# ``Illegal variable value error with decorated variable @Prop 'x': failed validation:
# 'undefined, null, number, boolean, string, or Object but not function'``
_ILLEGAL_VALUE = re.compile(
    r"Illegal variable value error with decorated variable (?P<dec>@\w+) '(?P<name>[^'\n]+)'"
    r"(?::\s*failed validation:\s*'(?P<allowed>[^'\n]+)')?"
)


def decorated_value(text: str) -> Said | None:
    """ArkUI refused a value for a decorated state variable (a function into @Prop, …)."""
    if "Illegal variable value" not in text:
        return None
    m = _ILLEGAL_VALUE.search(text)
    if m is None:
        return None
    dec, name, allowed = m.group("dec"), m.group("name"), m.group("allowed") or ""
    fix = (
        f"ArkUI refused the value given to {dec} '{name}'"
        + (f": it takes only {allowed}" if allowed else "")
        + (
            f"; {DECORATED_FUNCTION.cause}. {DECORATED_FUNCTION.fix}"
            if "function" in allowed
            else f". Pass a value of an allowed type, or change {dec} to a decorator that takes it."
        )
    )
    return Said(
        "arkts-source",
        f"ArkUI refused the value of decorated variable {dec} '{name}'",
        fix,
        _line(text, m.start()).strip(),
        terms=(dec, "Illegal variable value", "decorated variable"),
    )


# --------------------------------------------------------------------------- an env after its engine

# ArkUI's NAPI engine destroyed (``ArkNativeEngine:~ArkNativeEngine``), and an env address the
# lines before it named (``env:0000007F01338CC0``) still used after it
_ENGINE_GONE = re.compile(r"~ArkNativeEngine\b")
_ENV = re.compile(r"\benv\s*[:=]\s*(?:0x)?(?P<addr>[0-9A-Fa-f]{8,16})\b")


def env_after_engine(text: str) -> Said | None:
    """A napi_env named again after its engine (ArkNativeEngine) was destroyed."""
    if "~ArkNativeEngine" not in text:
        return None
    gone = _ENGINE_GONE.search(text)
    if gone is None:
        return None
    before = {m.group("addr").lower().lstrip("0") for m in _ENV.finditer(text, 0, gone.start())}
    after = next(
        (
            m
            for m in _ENV.finditer(text, gone.end())
            if m.group("addr").lower().lstrip("0") in before
        ),
        None,
    )
    if after is None:
        return None
    return Said(
        "crash",
        "a napi_env used after its engine (ArkNativeEngine) was destroyed",
        "An object kept a napi_env (and the references made on it) past its engine's life: the "
        "engine of the thread that created it was destroyed, then the saved env was used again "
        "(from another thread or a late callback). A napi_env belongs to its thread and its "
        "engine: never save it for another thread; post work to the env's own thread "
        "(napi_threadsafe_function), and drop what refers to it in a cleanup hook "
        "(napi_add_env_cleanup_hook) when the engine goes.",
        _line(text, after.start()).strip(),
        certain=False,
        terms=("napi_env", "ArkNativeEngine", "thread"),
    )


# --------------------------------------------------------------------------- a NAPI argument refused

# a native module's NAPI call failing on its argument (napi_status 1, napi_invalid_arg), then the
# engine's pending exception with the JS frame that called it:
# ``NAPI Error: code 1, msg Invalid parameter`` … ``at initialize (…/X.ets:54:26)``
_NAPI_INVALID = re.compile(r"\bNAPI Error: code 1, msg (?P<msg>Invalid (?:parameter|argument)\w*)")


def napi_invalid_arg(text: str) -> Said | None:
    """A native module's call that got an argument of the wrong type or value."""
    if "NAPI Error: code 1" not in text:
        return None
    m = _NAPI_INVALID.search(text)
    if m is None:
        return None
    frame = _FRAME.search(text, m.end())
    fn = frame.group(0).split()[1] if frame else "the native module's function"
    return Said(
        "crash",
        f"a native module's NAPI call refused an argument of {fn} ({m.group('msg')}, "
        "napi_invalid_arg)",
        f"The native module checked an argument of {fn} and found it of the wrong type or "
        "undefined (NAPI status 1, napi_invalid_arg): check each parameter passed there (a "
        "context that is not the ability's or application's, a path or directory that is "
        "undefined or not a string, a number given as a string). If they are right, the "
        "native library may not support this system: check the API level it needs against "
        "the device's (an emulator often runs an older API).",
        _line(text, m.start()).strip(),
        location=frame.group("loc") if frame else None,
        certain=False,
        terms=("napi", "Invalid parameter", "parameter"),
    )


# the weaker readings look at a long log's head and tail only (each ``in`` over 1 MB costs ~0.4 ms)
HEAD_CHARS = 64_000
TAIL_CHARS = 8_000


def read(text: str) -> Said | None:
    """What decides like a fault: the loader, a panic, an exit, anywhere in the text."""
    return native_load(text) or app_exit(text) or fdsan(text) or decorated_value(text)


def read_weak(text: str) -> Said | None:
    """What only hints ("possibly"), when no tool's error or code decides: a graphics API, a
    component's advice, in a long text's head and tail; then, in these modules' order, a native
    module not loaded, a system API's error code, HiAppEvent's performance events, a launch
    that stops at the UIAbility's first lifecycle calls."""
    # imported here: these modules make a Said of this module's
    from hmdesk.core.toolchain.hilog import launch_stall, native_module, perf_events
    from hmdesk.core.toolchain.hilog.api_code_lines import api_code

    if len(text) > HEAD_CHARS + TAIL_CHARS:
        text = f"{text[:HEAD_CHARS]}\n{text[-TAIL_CHARS:]}"
    return (
        graphics_api(text)
        or component_use(text)
        or no_module(text)
        or env_after_engine(text)
        or napi_invalid_arg(text)
        or native_module.native_module(text)
        or device_shell_missing(text)
        or api_code(text)
        or perf_events.performance_event(text)
        or launch_stall.launch_stall(text)
    )


# --------------------------------------------------------------------------- runtime error causes

# the runtime's own resolving failure (ets_runtime's ModulePathHelper, a ReferenceError): ``failed
# to load module'x' which imported by 'y'. Please check the target path.``
UNRESOLVED_IMPORT = (
    # (its quotes as a chat or a page curls them, ’ on both sides, or none: ``failed to load
    # module xxx which imported by xxx/RouterModule``)
    r"failed to load module ?['‘’]?(?P<module>[^'‘’\s][^'’\n]*?)['’]? which imported by "
    r"['‘’]?(?P<importer>[^'‘’\s]+)['’]?"
)
UNRESOLVED_IMPORT_FIX = (
    "Declare the package as a dependency in the importing module's own oh-package.json5 "
    '(an HSP/HAR: "name": "file:../lib"); when import() takes the name from a variable, list '
    "it under buildOption.arkOptions.runtimeOnly.packages (a file: runtimeOnly.sources) in "
    "that module's build-profile.json5 so it is compiled in; an HSP must also be installed "
    "with the HAP (deploy both)."
)

CIPHER_FINAL = r"\bdo final fail!|failed to do final!|EVP_CipherFinal_ex failed"
CIPHER_FINAL_CAUSE = (
    "the crypto framework's cipher failed at doFinal: the data's length or padding does not "
    "match the cipher's mode (a block cipher with NoPadding given data that is not a whole "
    "number of blocks), or decryption used another key, IV or mode than encryption"
)
CIPHER_FINAL_FIX = (
    "Create the cipher with a padding mode (PKCS7, e.g. 'SM4_128|ECB|PKCS7', 'AES128|CBC|PKCS7') "
    "or pad the data to whole blocks yourself, and decrypt with exactly the key, IV and mode "
    "that encrypted it (the key's bytes and encoding too); catch the error doFinal/doFinalSync "
    "throws so bad input does not end the app."
)

RUNTIME_CAUSES: tuple[Cause, ...] = (
    *SANITIZER_EVENT_CAUSES,
    SYSTEM_LIBRARY_CAUSE,
    Cause(
        (JS,),
        # ArkUI's globals behind the decorators and components, defined only where ArkUI runs
        re.compile(
            r"ReferenceError: (?:Observed(?:V2)?|Trace|Track|ViewV2|ViewPU|PUV2ViewBase|"
            r"ObserveV2|AppStorageV2(?:Impl)?|PersistenceV2(?:Impl)?|LocalStorage|AppStorage|"
            r"SubscriberManager|stateMgmtConsole) is not defined"
        ),
        "an ArkUI global (a decorator's or a component's) is not defined where the module ran: "
        "a file holding UI code (@Observed/@ObservedV2/@Trace classes, @Component structs) was "
        "loaded on a thread without ArkUI, a Worker or a TaskPool task that imports it",
        "Keep the UI code out of what a Worker or TaskPool task imports: move the decorated "
        "classes and components to files the child thread does not import (separate the data "
        "and logic it needs into plain classes and functions), and check the whole import "
        "chain of the worker's entry file and of every @Concurrent function.",
    ),
    # the crypto framework's cipher refusing the last block (its JS ``do final fail!``, HCF's
    # ``EVP_CipherFinal_ex failed!``): a decryption whose padding or key does not match
    # (faq-stability-46)
    Cause(
        (JS,),
        re.compile(CIPHER_FINAL),
        CIPHER_FINAL_CAUSE,
        CIPHER_FINAL_FIX,
    ),
    Cause(
        (JS,),
        re.compile(UNRESOLVED_IMPORT),
        "the runtime could not resolve an import (most often import() of a package name held in "
        "a variable): the importing module's package does not hold the module it names",
        UNRESOLVED_IMPORT_FIX,
    ),
    Cause(
        (JS,),
        re.compile(r"Cannot find module\s+'[^'\n]+'\s*,?\s*which is application Entry Point"),
        "the runtime cannot find the entry ability's module in the HAP's modules.abc: "
        "module.json5's srcEntry names a record that was not compiled into it, or a record of "
        "another name (another OHMUrl format)",
        "Make module.json5's srcEntry (abilities[].srcEntry) name the ability's file as built "
        "(./ets/entryability/EntryAbility.ets) and rebuild the HAP cleanly, so modules.abc holds "
        "that record; an abc built or merged outside hvigor (a framework's shell, a prebuilt "
        "one) must use the app's useNormalizedOHMUrl setting and its bundle/module record "
        "names. Only in a release build with -enable-filename-obfuscation: keep srcEntry's "
        "directory and file names with -keep-file-name (entryability, EntryAbility).",
    ),
)
