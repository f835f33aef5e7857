"""Why a crash or freeze happened: the signature tables → likely cause and fix, and the frame to
look at.

Each :class:`.model.Cause` matches the crash's error name + message, its reason, its fatal
message or its frames (one regular expression over a few lines of text, see
:func:`_evidence_text`). The first match in table order wins: the engines' and system libraries'
own wordings (:mod:`.engines`), then the JS crash causes (:mod:`.js_causes`), the native ones
(:mod:`.native_causes`) and the freeze ones (:mod:`.freeze_causes`); a crash is matched only
by the causes of its type.

A cause whose evidence is indirect (the message fits more than one story) is ``certain=False``:
the card and the doctor say "possibly". No cause is given rather than a guess: a crash that
matches nothing keeps only its what and where (:mod:`.location`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hmdesk.core.toolchain.crash import js_frames, structure
from hmdesk.core.toolchain.crash.engines import ENGINE_CAUSES
from hmdesk.core.toolchain.crash.freeze_causes import FREEZE_CAUSES
from hmdesk.core.toolchain.crash.js_causes import JS_CAUSES, NOT_CALLABLE, READ_OF_UNDEFINED
from hmdesk.core.toolchain.crash.location import own_location, where
from hmdesk.core.toolchain.crash.model import CPP, FREEZE, JS, Cause, Crash
from hmdesk.core.toolchain.crash.native_causes import NATIVE_CAUSES
from hmdesk.core.toolchain.prefilter import Folded, fold, holds
from hmdesk.core.toolchain.sdk_members import crash_note

CAUSES: tuple[Cause, ...] = (*ENGINE_CAUSES, *JS_CAUSES, *NATIVE_CAUSES, *FREEZE_CAUSES)


@dataclass(frozen=True)
class Explanation:
    cause: str
    fix: str
    certain: bool
    location: str | None  # the frame to look at (the app's own, else the first non-system one)
    third_party: str | None  # the package or library the crash happened in, if not the app's


def _evidence_text(crash: Crash) -> str:
    head = f"{crash.name}: {crash.message}" if crash.name else crash.message
    frames = "\n".join(f.raw or f.file for f in crash.frames[:8])
    # the task's submitter (after ``SubmitterStacktrace``) is another thread: its top frames
    # are not where the crash happened, so the signatures that read the top frames skip it
    raw = crash.raw[:4000]
    cut = raw.find(_SUBMITTER)
    raw = raw[:cut] if cut >= 0 else raw
    # a freeze report's stack of the binder peer the main thread waits on, past the head: why
    # the peer does not answer (a mutex it waits for)
    at = crash.raw.find(_PEER_STACK, 4000)
    peer = "\n".join(crash.raw[at : at + 4000].splitlines()[:_PEER_LINES]) if at >= 0 else ""
    return "\n".join(s for s in (head, crash.reason, crash.message, frames, raw, peer) if s)


_PEER_STACK = "stacktrace, type is peer"
_PEER_LINES = 20


# musl's failed assert: ``Assertion failed: expr (file: function: line)``
_ASSERT_AT = re.compile(r"Assertion failed: [^\n]*\(([^()\n]+?\.\w+): [^:()\n]+: (\d+)\)")
# a raw release frame's file renamed by ArkGuard: ``entry|entry|1.0.0|src/main/ets/k/l.ts``
_OBFUSCATED_FILE = re.compile(
    r"\|src/main/ets/(?:[\w-]+/)*?(?:[a-z]{1,2}\d{0,2}/)+[a-z]{1,2}\d{0,2}\.(?:ts|js)$"
)
# the engine's note that its frames are the compiled code's (the stability guide's "SourceMap is
# not initialized yet" and the JsCrash FAQ's raw stack, faq-stability-68)
_RAW_STACK = re.compile(
    r"SourceMap is not initiali[sz]ed yet|Cannot get SourceMap info|dump raw stack", re.I
)
# the engine's TypeErrors that name what was undefined: ``Cannot read property x of undefined``
# (ArkTS), ``Cannot read properties of undefined (reading 'x')`` (V8), ``x is not callable``
_READ_OF = re.compile(
    r"Cannot (?:read|set|load) propert(?:y|ies) (?:of (?P<v1>undefined|null) \(\w+ ['\"](?P<p1>[^'\"]+)"
    r"|['\"]?(?P<p2>[\w$]+)['\"]? of (?P<v2>undefined|null))"
)
_CALLED = re.compile(r"(?:^|[\s'\"(])(?P<n>[A-Za-z_$][\w$.]*)['\"]? is not (?:callable|a function)")


def _named_value(message: str, location: str | None) -> str:
    """The fix's sentence naming what the TypeError says was undefined, at the app's frame."""
    at = f" at {location}" if location else ""
    m = _READ_OF.search(message)
    if m is not None:
        prop, value = m.group("p1") or m.group("p2"), m.group("v1") or m.group("v2")
        return (
            f" The code{at} reads “{prop}” of a value that is {value}: the variable (or call "
            f"result) before “.{prop}” there is not set when this line runs; set it first "
            f"(await its initialisation) or guard it (x?.{prop})."
        )
    m = _CALLED.search(message)
    if m is not None:
        name = m.group("n")
        return (
            f" The code{at} calls “{name}”, which is not a function there (undefined, or "
            f"another value): check that the object has “{name.rsplit('.', 1)[-1]}” on this "
            "device and in this build, and that it is called on the right object."
        )
    return ""


# the loader's missing export: ``the requested module 'M' does not provide an export name 'x'``
_MISSING_EXPORT = re.compile(
    r"module ['‘](?P<module>[^'’\n]+)['’] does not provide an export name ['‘](?P<name>[^'’\n]+)['’]"
)
# a parameter error's message naming the parameter: ``Parameter error. The type of "x" must be``
_NAMED_PARAMETER = re.compile(
    r"Parameter error\b.*?\b(?:type of|parameter|param)\s+[\"'“]([A-Za-z_$][\w$.]*)[\"'”]", re.I
)


def explain(crash: Crash, table: tuple[Cause, ...] = CAUSES) -> Explanation | None:
    """The likely cause of ``crash`` with its fix, or None when the evidence supports none.

    The signatures of :data:`CAUSES` first, then the structural reading of the fault log
    (:func:`.structure.read`: the signal's code and fault address, the top frames' library, the
    process's last message, an API's error code, the error's name, a freeze's blocking frame),
    then the catch-alls. A freeze's cause says what the main thread was doing when the log
    shows it. ``table``: the signatures to use (a test leaves one out)."""
    text = _evidence_text(crash)
    location, third = where(crash)
    m_assert = _ASSERT_AT.search(crash.message) if crash.type == CPP else None
    if m_assert is not None:  # the failed assert names its own source line
        location = f"{m_assert.group(1)}:{m_assert.group(2)}"
    own = location is not None and location == own_location(crash)
    folded = fold(text)
    found = next((c for c in table if not c.fallback and _applies(c, crash, text, folded)), None)
    reading = structure.read(crash, text) if found is None or crash.type == FREEZE else None
    if found is None and reading is None:
        found = next((c for c in table if c.fallback and _applies(c, crash, text, folded)), None)
    if found is not None:
        cause, fix, certain = found.cause, found.fix, found.certain
        if reading is not None:  # a freeze: what the main thread was doing
            cause, fix, certain = f"{cause}: {reading.cause}", f"{reading.fix} {fix}", certain
    elif reading is not None:
        cause, fix, certain = reading.cause, reading.fix, reading.certain
        said = ": ".join(x for x in (crash.name, crash.message) if x).strip()
        if crash.type == JS and said and said.lower() not in cause.lower():
            fix += f" The error: “{' '.join(said.split())[:200]}”."
    else:
        return None
    if crash.type == JS and found in (None, NOT_CALLABLE, READ_OF_UNDEFINED):
        # a general TypeError reading (no specific signature): the SDK method it names, if any
        note = crash_note(crash.message, text)
        if note is not None:  # an API it may be ("possibly"): after the general fix
            cause = f"{cause}: {note.cause}"
            fix = f"{note.fix} {fix}" if note.certain else f"{fix} {note.fix}"
    if crash.type == JS and any(_OBFUSCATED_FILE.search(f.file) for f in crash.frames[:8]):
        fix += (
            " The stack's file names are obfuscated (ArkGuard's file-name obfuscation is on): if "
            "this fails only in the release build, obfuscation renamed something a library or "
            "a lookup by name needs: add keep rules (-keep-property-name, -keep-global-name, "
            "-keep-file-name in obfuscation-rules.txt; a library's consumer rules), or update "
            "the library to a version that ships them; a HAR obfuscated when it was built may "
            "not work in the app: build it as a byte-code HAR (or a TS HAR) instead."
        )
    if crash.type == JS and _RAW_STACK.search(crash.raw):
        fix += (
            " The stack's lines are the compiled code's (a .ts/.js line, not the .ets source): "
            "the SourceMap was not ready or not found when the crash was logged. Map the frame "
            "back to the source with the build's SourceMap (sourceMaps.map under the module's "
            "build/…/cache or the release's saved maps): DevEco Studio's FaultLog restores it, "
            "or the command-line hstack tool; make sure the build generates the SourceMap."
        )
    named = _named_value(crash.message, location) if crash.type == JS else ""
    named += js_frames.recursion_note(crash) if crash.type == JS else ""
    if named and named not in fix:
        fix += named
    m_export = _MISSING_EXPORT.search(text) if crash.type == JS else None
    if m_export is not None and m_export.group("name") not in fix:
        fix += f" The name imported: “{m_export.group('name')}” from “{m_export.group('module')}”."
    m_param = _NAMED_PARAMETER.search(crash.message) if crash.type == JS else None
    if m_param is not None and m_param.group(1) not in fix:
        fix += (
            f" The parameter the message names: “{m_param.group(1)}”: pass it that type, or "
            "remove it where this API (or this platform's port of the component) does not take it."
        )
    if crash.type == CPP:
        words = structure.last_message(crash, text)
        if words and words not in cause and words not in fix:
            fix += f" The process's last message: “{words}”."
    if crash.type == CPP and not crash.frames and crash.reason and "Sanitizer" not in crash.raw:
        # a fault log cut right after its header (an issue's excerpt, a truncated paste)
        fix += (
            " This log stops before the fault thread's frames (it is cut after its header): "
            "they say where it happened, so read them in the whole fault log."
        )
    if crash.type == CPP and location and not third and own and _submitted(crash, location):
        # the CppCrash guide's async stack tracing: the task's submitter, after its separator
        fix += (
            f" The crashing thread ran a task the app submitted from {location} (the "
            "SubmitterStacktrace): check what that task uses after the submitter returned (data "
            "freed or moved, a napi_env or object of the submitting thread)."
        )
    elif crash.type == CPP and location and not third:
        fix += (
            f" Top frame of the app's own code: {location}."
            if own
            else f" No frame of the app's own code is in the stack; the top frame is system code: "
            f"{location}."
        )
    if third and found is READ_OF_UNDEFINED and _top_in(crash, third):
        # the library's own code read undefined, under the app's call: its state was not set up
        fix += (
            f" The undefined value is {third}'s own (its top frames are the library's): a "
            "library whose object is not there yet was usually not initialised: call its "
            "setup/init (as its README shows: often in the EntryAbility's onCreate, before the "
            "first page that uses it) and wait for it to finish before opening that page."
        )
    if third:
        # what to check in the library itself, when no frame of the app's is there to check
        # or the cause is a catch-all that says nothing of the library
        vague = found is not None and found.fallback
        fix += third_party_advice(
            third,
            location if own else None,
            library=vague or not own,
            what="freeze" if crash.type == FREEZE else "crash",
        )
    return Explanation(cause, fix, certain, location, third)


_SETUP_CALL = re.compile(r"(?:init|setup|install|register|create)\w*", re.I)


def _top_in(crash: Crash, third: str) -> bool:
    """The crash's top frame is in the third-party package or library ``third``, and the app
    did not call it through the library's own set-up (``initialize``: then set-up itself
    failed, and the cause's other readings say why)."""
    frames = crash.frames
    if not frames or third not in f"{frames[0].file} {frames[0].raw}":
        return False
    inside = [f for f in frames if third in f"{f.file} {f.raw}"]
    entry = inside[-1].symbol if len(inside) < len(frames) else ""
    return _SETUP_CALL.match(entry or "") is None


def third_party_advice(
    third: str, own: str | None, *, library: bool = True, what: str = "crash"
) -> str:
    """The fix's sentence for a crash (or a freeze: ``what``) inside a third-party library or
    package (``own``: the
    app's nearest own frame, if the stack has one); with ``library``, what to check in the
    library itself (when nothing else says why it failed)."""
    where = (
        f"the app's nearest own frame is {own}"
        if own
        else "no frame of the app's own code is in the stack"
    )
    said = f" The {what} happened inside {third} (third-party code); {where}."
    if not library:
        return said
    return (
        f"{said} Check how the app calls {third}, and the library itself: its version "
        "(upgrade to its latest release; when the crash began with an upgrade of the library, "
        "roll back to the version before and report it), the API level, devices and ABIs it supports against "
        "this device's (an older device or emulator image may lack what it needs), and that a "
        "library shipped in debug and release builds (an engine's HAR) is built in the app's "
        "mode."
    )


def _applies(c: Cause, crash: Crash, text: str, folded: Folded) -> bool:
    return (
        crash.type in c.types
        and (c.need is None or holds(c.need, folded))  # docs/decisions/0023
        and c.pattern.search(text) is not None
    )


_SUBMITTER = "SubmitterStacktrace"


def _submitted(crash: Crash, location: str) -> bool:
    """The app's own frame is only in the stack of the task's submitter (printed after the fault
    thread's frames, below ``========SubmitterStacktrace========``)."""
    raw = crash.raw or ""
    cut = raw.find(_SUBMITTER)
    if cut < 0:
        return False
    mine = [f for f in crash.frames if f.raw and location.endswith(f"({f.symbol})")]
    return bool(mine) and all(raw.find(f.raw, 0) > cut for f in mine)
