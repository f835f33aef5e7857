"""Crash and freeze text: fault logs, HiLog JS errors, engine faults, a web render freeze and a
bare JS error, read into a crash :class:`~hmdesk.core.toolchain.finding.Finding`."""

from __future__ import annotations

import re
from dataclasses import replace

import re2
from hmdesk.core.toolchain.arkts_runtime_catalogue import message_alone, runtime_message
from hmdesk.core.toolchain.crash import napi_throws, resource_leaks
from hmdesk.core.toolchain.crash.detect import WATCH_TAGS, detect_all
from hmdesk.core.toolchain.crash.explain import CAUSES, explain, third_party_advice
from hmdesk.core.toolchain.crash.faultlog import (
    FAULT_HINT,
    parse_faultlog,
    unjoin,
    unmark,
    unnumber,
    without_quote_marks,
)
from hmdesk.core.toolchain.crash.frames import parse_frame
from hmdesk.core.toolchain.crash.location import where
from hmdesk.core.toolchain.crash.model import CPP, FREEZE, JS, TYPES, Crash, Frame
from hmdesk.core.toolchain.crash.sanitizer_titles import bare_report
from hmdesk.core.toolchain.crash.structure import api_code
from hmdesk.core.toolchain.finding import (
    EVIDENCE_CHARS,
    Finding,
    finding_kind,
    first_error_block,
    search_terms,
)
from hmdesk.core.toolchain.hilog import notices, says
from hmdesk.core.toolchain.hilog.line import RAW, HilogLine
from hmdesk.core.toolchain.hilog.parse import parse_lines
from hmdesk.core.toolchain.prefilter import Gated
from hmdesk.core.toolchain.redact import redact

_FREEZE_EVENT = re.compile(r"[A-Z][A-Z0-9_]+")
HEAD_CHARS = 64_000  # a fault log's header and stacks; its appended HiLog section is not needed
# hilog lines that carry a fault: the live detector's tags (crash.detect.WATCH_TAGS), a native
# module that failed to load, a JS error logged by the app
_HILOG_FAULT_LINE = re.compile(
    r"/(?:" + "|".join(sorted(WATCH_TAGS)) + r"):|Load native module failed"
    r"|\((?:TypeError|ReferenceError|SyntaxError|RangeError)\)"
)
_HILOG_SOFT_FAULT = re.compile(
    r"Load native module failed|\((?:TypeError|ReferenceError|SyntaxError|RangeError)\)"
)


_FAULT_NEEDLES = (
    *(f"/{tag}:" for tag in sorted(WATCH_TAGS)),
    "Load native module failed",
    "Error)",
    # a line at level F (fatal): the Log window's and hdc's level column
    "  F  ",
    " F C0",
    " F A0",
)
# a JS error logged by the runtime or the app (``E C03f00/ArkCompiler: TypeError: …`` after
# "Pending exception", ``Uncaught exception: …``): the line and the stack lines after it
_JS_ERROR_NEEDLES = (
    "TypeError: ",
    "ReferenceError: ",
    "RangeError: ",
    "SyntaxError: ",
    "URIError: ",
    "Uncaught exception",
    "exception details",
    # ArkUI's native API throwing to ArkTS, which the runtime then reports pending
    "napi throw errCode",
)
_JS_STACK_AFTER = 12
_HILOG_JS_ERROR = re.compile(
    r"(?:Uncaught exception:?\s*)?\b(?P<name>(?:Type|Reference|Range|Syntax|URI|Eval)?Error)"
    r"(?::\s*(?P<msg>[^\n]*))?$"
)


# the needles as one RE2 program (google-re2, a dependency) over the log's UTF-8 bytes, a fault's
# in group 1, a JS error's in group 2: one pass over a 1 MB dump finds them all (a str.find per
# needle took 9-17 ms of the doctor's 50 ms a MB, tests/bench doctor; RE2 over a str maps each
# match back to characters, 15 ms on a dump with Chinese in it)
_SCAN = re2.compile(
    (
        "("
        + "|".join(re2.escape(n) for n in _FAULT_NEEDLES)
        + ")|("
        + "|".join(re2.escape(n) for n in (*_JS_ERROR_NEEDLES, "Throw error: ", "throw error: "))
        + ")"
    ).encode()
)
_JS_LINES = 50  # JS error lines taken with their stacks (the first ones)


def _fault_lines(log: str) -> list[str]:
    """The lines of ``log`` that can carry a fault (:data:`_FAULT_NEEDLES`), and the first JS
    errors' lines with the stack lines after them (:data:`_JS_ERROR_NEEDLES`), in order, each
    once."""
    data = log.encode("utf-8", "surrogatepass")
    starts: set[int] = set()
    js_starts: set[int] = set()
    for m in _SCAN.finditer(data):
        start = data.rfind(b"\n", 0, m.start()) + 1
        if m.group(1) is not None:
            starts.add(start)
        elif len(js_starts) < _JS_LINES:
            js_starts.add(start)
    for start in sorted(js_starts):
        # the error's line and the stack lines after it
        pos = start
        for _ in range(_JS_STACK_AFTER + 1):
            starts.add(pos)
            nxt = data.find(b"\n", pos)
            if nxt < 0:
                break
            pos = nxt + 1
    out: list[str] = []
    for start in sorted(starts):
        end = data.find(b"\n", start)
        line = data[start : len(data) if end < 0 else end].decode("utf-8", "surrogatepass")
        line = line.rstrip("\r")
        if "Error)" not in line or _HILOG_FAULT_LINE.search(line):
            out.append(line)
    return out


# ArkCompiler's record of a throw, before the exception is reported: ``Throw error: msg``
_THROW = re.compile(r"Throw error: (?P<msg>\S.*)")
# a native API's record of the error it throws to JS (``[IsColumnNull()-napi_result_set.cpp:503]:
# throw error: code = 14800000 , message = Inner error``): the error's code and where it came from
# (ArkUI's own: ``napi throw errCode <private> strMsg <private>``, its values masked)
_NAPI_THROW = re.compile(r"\bthrow error: code\s*=\s*\d+|\bnapi throw errCode\b")
# the runtime reporting an uncaught error on the next line (``Pending exception before … called
# in line:3200, exception details as follows:``), then ``Error: msg``
_PENDING = re.compile(r"Pending exception|exception details")


def _frames_after(parsed: list[HilogLine], i: int) -> list[Frame]:
    """The stack lines of line ``i``'s process right after it."""
    frames: list[Frame] = []
    for q in parsed[i + 1 : i + 1 + _JS_STACK_AFTER]:
        if q.kind == RAW or q.pid != parsed[i].pid:
            break
        # the Simulator's and the engine's prefix on each stack line (``[ArkRuntime Log]``)
        f = parse_frame(_ENGINE_PREFIX.sub("", q.message).strip())
        if f is None:
            if frames:
                break
            continue
        frames.append(f)
    return frames


def _hilog_js_error(parsed: list[HilogLine]) -> Finding | None:
    """A JS error in hilog lines, as the runtime or the app logged it: the error's line (level
    E/F) and the stack lines of the same process after it. Certain when the runtime says it was
    not caught (``Uncaught``, ``Pending exception``), else "possibly" (the app may catch it)."""
    for i, p in enumerate(parsed):
        # a paste cut to ``Tag: msg`` has no level (""): its error line counts too
        if p.kind == RAW or p.level not in ("E", "F", ""):
            continue
        m = _HILOG_JS_ERROR.search(p.message)
        before = [x for x in parsed[max(0, i - 6) : i] if x.kind != RAW and x.message.strip()]
        # a native API's throw, the runtime's report of it (the napi bridge's ``occur exception
        # need return`` may come between), then a plain ``Error: msg``
        pending = bool(before) and _PENDING.search(before[-1].message) is not None
        thrown = [x.raw for x in before[-3:-1] if pending and _NAPI_THROW.search(x.message)]
        if m is None or not (
            any(n in p.message for n in (*_JS_ERROR_NEEDLES[:5], "Uncaught"))
            or (thrown and p.message.startswith("Error:"))
        ):
            continue
        frames = _frames_after(parsed, i)
        if not frames:
            # the engine logs a throw with its stack (``Throw error: …`` then ``at …``) before
            # it reports the exception pending: the stack of the same process before the error
            for k in range(i - 1, max(-1, i - _JS_STACK_AFTER), -1):
                q = parsed[k]
                if q.kind == RAW or q.pid != p.pid:
                    break
                if _THROW.match(_ENGINE_PREFIX.sub("", q.message)):
                    frames = _frames_after(parsed, k)
                    break
        near = " ".join(x.message for x in parsed[max(0, i - 2) : i + 1])
        crash = Crash(
            type=JS,
            name=m.group("name"),
            message=(m.group("msg") or "").strip(),
            frames=frames,
            raw="\n".join([*thrown, *(x.raw for x in parsed[i : i + 1 + len(frames)])]),
            lines=[p.raw],
        )
        certain = bool(re.search(r"Uncaught|Pending exception|exception details", near))
        return _crash_finding(crash, p.raw.strip(), certain=certain)
    for i, p in enumerate(parsed):
        # no error line: the engine's record of a throw with its stack (a debug line), possibly
        # the app's crash (the app may catch it)
        t = _THROW.match(_ENGINE_PREFIX.sub("", p.message)) if p.kind != RAW else None
        if t is None or not (frames := _frames_after(parsed, i)):
            continue
        crash = Crash(
            type=JS,
            name="Error",
            message=t.group("msg").strip(),
            frames=frames,
            raw="\n".join(x.raw for x in parsed[i : i + 1 + len(frames)]),
            lines=[p.raw],
        )
        return _crash_finding(crash, p.raw.strip(), certain=False)
    return None


_SIGNAL_NAME = re.compile(r"\bSIG(?:SEGV|ABRT|BUS|ILL|FPE|TRAP|SYS|KILL|PIPE)\b")


# the runtime's errors whose cause hilog's own wording names (:mod:`.hilog.says`), then the
# crash signatures
CRASH_CAUSES = says.RUNTIME_CAUSES + CAUSES


def _crash_finding(crash: Crash, evidence: str, *, certain: bool = True) -> Finding:
    explained = napi_throws.over(crash, explain(crash, CRASH_CAUSES))
    location, third = where(crash)
    if crash.type == CPP and not crash.reason and not crash.message and crash.frames:
        # native frames pasted without their header and with no signal named anywhere: a crash's
        # fault thread or a freeze's main thread alike, so the class is "possibly"
        certain = certain and _SIGNAL_NAME.search(crash.raw) is not None
    if crash.type == FREEZE and not crash.reason and not crash.name and crash.frames:
        # a freeze read from a stack alone (the main thread in a wait or a call, no event or
        # signal named): suggestive, not a freeze report's word
        certain = False
    if crash.type == FREEZE:
        # the event's name, not what a pasted note wrote after it
        m_event = _FREEZE_EVENT.match(crash.reason or crash.name)
        code = m_event.group(0) if m_event else None
    elif crash.type == CPP:
        code = crash.error_class if crash.error_class != "native-crash" else None
        if code is None:
            # a signal named outside a key (a developer's words around a quoted fault log)
            m_sig = _SIGNAL_NAME.search(crash.raw)
            code = m_sig.group(0) if m_sig else None
    else:
        code = api_code(crash)
    what = ": ".join(x for x in (crash.name, crash.message) if x)
    title = crash.title
    if explained is not None:
        fix = explained.fix if explained.certain else f"Possibly {explained.cause}. {explained.fix}"
        meaning = f"{title}: {explained.cause}"
        location = explained.location or location
    else:
        fix = (
            f"No known cause for this {title.lower()}: read the error ({what[:160]}) and the "
            "code at the location; a pitfall saved from the fix will be recalled next time."
        )
        if third:
            fix += third_party_advice(
                third, None, what="freeze" if crash.type == FREEZE else "crash"
            )
        meaning = title
    terms = [
        t
        for t in (crash.error_class, crash.title, "crash" if crash.type != FREEZE else "freeze")
        if t
    ]
    return Finding(
        kind="freeze" if crash.type == FREEZE else "crash",
        evidence=evidence[:EVIDENCE_CHARS],
        fix=fix,
        code=code,
        query_terms=terms,
        location=location,
        meaning=meaning,
        block=first_error_block(crash.raw) if crash.raw else None,
        certain=certain,
    )


def _headline(crash: Crash) -> str:
    """A fault log's line to show when it prints no Reason or Error message line: its error's
    name and message, else its top frame (a stack pasted alone)."""
    said = ": ".join(p for p in (crash.name, crash.message) if p)
    if said:
        return said
    return crash.frames[0].raw.strip() if crash.frames else crash.type


# a build's error printed under hvigor's ``Error message:`` label (``ArkTSCompilerError: ArkTS:ERROR
# Failed to execute ByteCode Obfuscate.``): the compiler's, not a JS crash's
_COMPILER_ERROR = re.compile(r"\s*(?:ArkTSCompilerError\b|ArkTS:ERROR\b)")


def _fault_finding(head: str, log: str) -> Finding | None:
    """A fault log (jscrash / cppcrash / appfreeze, current or old layout), or hilog text in
    which the live detector finds a crash or a freeze, or a native module that failed to load."""
    head = unjoin(unnumber(unmark(head)))
    if FAULT_HINT.search(head):
        crash = parse_faultlog(head)
        if crash.parsed and crash.type in TYPES and not _COMPILER_ERROR.match(crash.message):
            line = next(
                (
                    ln.strip()
                    for ln in head.splitlines()
                    if ln.strip().startswith(("Reason:", "Error message:", "LastFatalMessage:"))
                    or "EVENTNAME" in ln
                ),
                _headline(crash),
            )
            return _crash_finding(crash, line)
        if crash.reason == "APP_CRASH":
            return _crash_event_finding(head)
    engine = _engine_fault(head) or _web_render_freeze(head) or _key_stack(head)
    if engine is not None:
        return engine
    # hilog: only the lines that can carry a fault are parsed (str.find over the text: a 1 MB
    # dump costs a few ms, not a full parse)
    lines = _fault_lines(log)
    if not lines:
        return _said_finding(log)
    parsed = parse_lines(lines)
    book = detect_all(p for p in parsed if p.kind != RAW)
    groups = book.groups()
    if groups:
        crash = groups[0].crash
        if crash.type == JS and not crash.frames:
            # the app exits on a JS error whose stack the runtime logged before (``Pending
            # exception … TypeError: … at …``): that error, with its stack and place
            logged = _hilog_js_error(parsed)
            if logged is not None and logged.location:
                return _with_loader(replace(logged, certain=True), log)
        return _with_loader(
            _crash_finding(
                crash, (crash.lines[0] if crash.lines else crash.message) or crash.reason
            ),
            log,
        )
    js_error = _hilog_js_error(parsed)
    if js_error is not None:
        return _with_loader(js_error, log)
    soft = [
        p
        for p in parsed
        if p.kind != RAW and p.level in ("W", "E", "F") and _HILOG_SOFT_FAULT.search(p.message)
    ]
    if not soft:
        # a fatal line alone (``F C03f00/ArkCompiler … get hsp buffer failed``): the runtime
        # aborts the process after it
        fatal = next((p for p in parsed if p.kind != RAW and p.level == "F"), None)
        if fatal is None:
            return _said_finding(log)
        crash = Crash(type=CPP, name="", message=fatal.message, raw=fatal.raw, lines=[fatal.raw])
        return _crash_finding(crash, fatal.raw.strip(), certain=False)
    crash = Crash(
        type=JS,
        name="Error",
        message=" / ".join(p.message for p in soft[:3]),
        raw="\n".join(p.raw for p in soft[:3]),
        lines=[p.raw for p in soft],
    )
    # the app may have caught the error: a likely crash, not a certain one
    return _crash_finding(crash, soft[0].raw.strip(), certain=False)


# a cppcrash's fault thread as a note abridges it (its "key stack"): the ``Fault thread`` key
# with the thread's name (cppcrash-guidelines: ``Fault thread info:`` then ``Tid:…, Name:…``),
# then the frames one name a line, without their ``#NN pc`` columns: functions and the libraries
# they are in
_KEY_STACK = Gated(
    r"^[ \t]*Fault thread(?: info)?[ \t]*[:：][^\n]*\n((?:[ \t]*[A-Za-z_~][\w:~<>.+-]*[ \t]*\r?(?:\n|$)){2,12})",
    re.M,
)
_LIBRARY = re.compile(r"[\w.+-]+\.(?:so|a|dylib)(?:\.\d+)*|[\w.+-]+\.z\.so")


def _key_stack(head: str) -> Finding | None:
    """A cppcrash's key stack quoted by name (:data:`_KEY_STACK`) read into its frames: a
    library's line is that library's frame, a function's line a frame without a file (the
    library it is in is not printed): "possibly" a crash, since no signal is named."""
    m = _KEY_STACK.search(head)
    if m is None:
        return None
    frames: list[Frame] = []
    for raw in m.group(1).splitlines():
        name = raw.strip()
        if not name:
            continue
        library = _LIBRARY.fullmatch(name) is not None
        frames.append(Frame(symbol="" if library else name, file=name if library else "", raw=raw))
    if not any(f.file for f in frames):
        return None  # names alone: no library says whose code it is
    crash = Crash(type=CPP, frames=frames, raw=head.strip())
    return _crash_finding(crash, m.group(0).strip().splitlines()[0], certain=False)


def _said_finding(log: str, *, weak: bool = False) -> Finding | None:
    """What hilog's own lines say when no crash was detected (:func:`.hilog.says.read`): a
    library the loader did not load, a Rust panic, an app that exited; ``weak``: a graphics API
    or a component's advice, only when no code or tool's error decided (:func:`.says.read_weak`)."""
    return _said_as_finding(says.read_weak(log) if weak else says.read(log))


def _leak_finding(head: str) -> Finding | None:
    """A resource-leak log of the system's leak detector (:mod:`.crash.resource_leaks`)."""
    return _said_as_finding(resource_leaks.read(head))


def _bare_report_finding(head: str) -> Finding | None:
    """A sanitizer's report title or the stack-overflow hint quoted without its fault log
    (:mod:`.crash.sanitizer_titles`)."""
    crash = bare_report(head)
    return None if crash is None else _crash_finding(crash, crash.lines[0])


def _said_as_finding(said: says.Said | None) -> Finding | None:
    if said is None:
        return None
    return Finding(
        kind=finding_kind(said.kind),
        evidence=redact(said.evidence)[:EVIDENCE_CHARS],
        fix=redact(said.fix if said.certain else f"Possibly: {said.fix}"),
        code=said.code,
        query_terms=search_terms(*said.terms),
        location=said.location,
        meaning=said.meaning,
        block=first_error_block(said.evidence),
        certain=said.certain,
    )


def _lost_lines_finding(log: str) -> Finding | None:
    """hilog's own notice that lines were lost, or its answer that nothing is persisted
    (:mod:`.hilog.notices`), when nothing else in the text said what failed."""
    lost = notices.lost_lines(log) or notices.command_answer(log)
    if lost is None:
        return None
    return Finding(
        kind="hilog",
        evidence=redact(lost.line)[:EVIDENCE_CHARS],
        fix=lost.notice.fix,
        query_terms=search_terms("hilog", "LOGLIMIT", lost.notice.name),
        meaning=lost.meaning,
        block=first_error_block(lost.line),
    )


# the crash log an APP_CRASH event names in its params (``external_log=["/data/storage/el2/log/
# hiappevent/APP_CRASH_1784946783228_8531.log"]``)
_EXTERNAL_LOG = Gated(r"external_log=\[?\s*\"?(?P<path>[^\"\],\s]+)")


def _crash_event_finding(head: str) -> Finding:
    """HiAppEvent's APP_CRASH as a watcher logs it with its exception elided: the app crashed;
    the event's own crash log says how."""
    m = _EXTERNAL_LOG.search(head)
    where_ = f" ({m.group('path')})" if m is not None else ""
    return Finding(
        kind="crash",
        evidence=next((ln.strip() for ln in head.splitlines() if "APP_CRASH" in ln), "APP_CRASH"),
        fix=(
            f"Possibly: the app crashed; read the crash log the event names{where_}: it is in "
            "the app's sandbox (the watcher can read it; a debug build's with hdc file recv -b "
            "<bundle>) and holds the fault log, whose error message and stack (or native frames) say "
            "what failed; DevEco Studio's FaultLog shows the same crash. Its page_switch_log "
            "names the pages the user went through before it."
        ),
        query_terms=search_terms("crash", "APP_CRASH", "HiAppEvent"),
        meaning="the app crashed (HiAppEvent's APP_CRASH event, its exception not shown)",
        certain=False,
    )


def _with_loader(found: Finding, log: str) -> Finding:
    """A JS crash on an undefined native module: the library hilog shows the loader missing."""
    if found.kind != "crash" or "undefined" not in f"{found.evidence} {found.meaning}":
        return found
    loader = says.native_load(log)
    if loader is None:
        return found
    return replace(found, fix=f"hilog shows why: {loader.fix} {found.fix}")


# the JS crash the ArkUI engine prints into hilog, one fault-log line per hilog line:
# ``C03900/Ace  E  [Engine Log]Error message: …`` (DevEco Studio's Log window, the Previewer)
_ENGINE_PREFIX = re.compile(r"^\[(?:(?:Engine|ArkRuntime|JS) Log|default)\] ?")


def _engine_fault(head: str) -> Finding | None:
    """A fault log printed into hilog line by line (the engine's ``[Engine Log]Error message:``,
    ``Stacktrace:``, ``at …`` lines): the log lines' messages read as the fault log."""
    if "Error message:" not in head and "Reason:" not in head:
        return None
    # a Log window's copy prints a multi-line message's later lines without the columns,
    # indented (``    at f (…)``): they belong to the log line above
    messages: list[str] = []
    after_log = False
    for p in parse_lines(head.splitlines()):
        if p.kind != RAW:
            messages.append(p.message)
            after_log = True
        elif after_log and p.raw[:1] in (" ", "\t") and p.raw.strip():
            messages.append(p.raw.strip())
        else:
            after_log = False
    text = "\n".join(_ENGINE_PREFIX.sub("", m) for m in messages)
    if not FAULT_HINT.search(text):
        return None
    crash = parse_faultlog(text)
    if not crash.parsed or crash.type not in TYPES:
        return None
    line = next(
        (m for m in messages if "Error message:" in m or "Reason:" in m),
        f"{crash.name}: {crash.message}",
    )
    return _crash_finding(crash, line)


# ArkWeb's render process stopped responding, as the app logs Web's onRenderProcessNotResponding
# (bpta-arkweb-render-freeze): ``[jsStack]= fn (resource://rawfile/x.html:28:9)`` then more frames
_WEB_RENDER = re.compile(r"onRenderProcessNotResponding\b[^\n]*")
_JS_STACK_FRAME = re.compile(r"(?:\[jsStack\]=|^)\s*([\w$.<>]+) \(([^()\s]+:\d+:\d+)\)", re.M)


def _web_render_freeze(head: str) -> Finding | None:
    m = _WEB_RENDER.search(head)
    if m is None:
        return None
    frames = [
        f
        for f in (
            parse_frame(f"at {g.group(1)} ({g.group(2)})") for g in _JS_STACK_FRAME.finditer(head)
        )
        if f is not None
    ]
    crash = Crash(
        type=FREEZE,
        name="onRenderProcessNotResponding",
        message=m.group(0).strip(),
        frames=frames,
        raw=head[:4000],
    )
    return _crash_finding(crash, m.group(0).strip())


# an ArkTS runtime error pasted without its fault log: the runtime's own wording of the message,
# or stack frames in the release layout ``at f (module|package|version|path:line:col)``
# (after its name, ``TypeError: undefined is not callable``, as a worker's onerror logs it); the
# record quoted with the quotes a forum's editor curls (``cannot find record ‘a/b’``); a rendered
# page's line number before it, when prose or a quote's mark keeps it from being stripped
_BARE_JS_MESSAGE = Gated(
    r"^(?<!\n\n)(?<!\n\r\n)\s*+(?:>\s*+)?(?:\d{1,4}\.\s*+)?(?:Error message:\s*+|[^\n]*?\b(?:Throw error|\w*Error):\s*+"
    # an app's own prefix (``Error in SetInt, Cannot read …``), a note's quote (``显示“Error
    # message: cannot find record …``)
    r"|Error\b[^\n:,“]{0,40}[:,]\s*+|[^\n]*?[“「]\s*+(?:Error message:\s*+)?)?"
    r"(?P<msg>(?:Cannot (?:read|load) property \S+ of (?:undefined|null)"
    r"|cannot find record ['‘][^'‘’\n]+['’]|\S+ is not callable|module environment is undefined"
    # a module's binding read before its module ran (a circular dependency, a lazy re-export),
    # an ArkTS module without the name imported, the runtime's JSON parser
    r"|[\w$]+ is not initialized|(?:the requested module )?'[^'\n]+' does not provide an export name"
    r"|Unexpected (?:Text|Object|Object Prop|Array|Number|String|end(?: Text)?) in JSON"
    # ArkUI's state management on a component it cannot build (``@Component 'C'[11] missing
    # @Provide property with name value``)
    r"|@Component '[^'\n]+'\[\d+\] missing @Provide property"
    # the runtime's module loader on an ohmurl (``bundle&module/path&version``), the name
    # wrapped onto the next line as ArkCompiler's debug lines are quoted
    r"|Cannot find module\s+'[^'\n]*&[^'\n]*')[^\n]*)$",
    re.M | re.I,
)
_RELEASE_FRAME = re.compile(
    r"^\s*(?:#\d+\s+)?at \S+ \((?:[^()|\n]*\|){3}[^()\n]*:\d+:\d+\)\s*$", re.M
)


# a source-mapped ArkTS frame, on its own line: ``#13 at f (oh_modules/…/src/main/ets/x.ets:78:26)``
_ETS_FRAME = re.compile(r"^\s*(?:#\d+\s+)?at \S+ \([^()\s]+\.ets:\d+:\d+\)\s*$", re.M)


# the engine's note heading a stack it could not source-map
_RAW_STACK_NOTE = re.compile(
    r"Cannot get SourceMap info, dump raw stack:|SourceMap is not initiali[sz]ed yet"
)
# any JS frame on its own line (``at func_main_0 (A_ns.js:2:13)``, numbered as a rendered page's
# code block numbers it): read under a runtime message
_JS_FRAME = re.compile(
    # (``at func (file:1:2)``, or with the module's name after the function's: ``at func entry
    # (entry/src/main/ets/pages/Index.ets:7:13)``)
    r"^\s*(?:\d{1,4}\.\s+)?((?:#\d+\s+)?at \S+(?: [\w@/.-]+)? \([^()\s]+\.(?:ets|ts|js):\d+:\d+\))\s*$",
    re.M,
)
# the file a worker's onerror names after the message, in the release layout without a line
# (``… is not callable entry|entry|1.0.0|src/main/ets/workers/W.ts``)
_RELEASE_FILE = re.compile(r"(?:[^\s|]+\|){3}(\S+\.(?:ets|ts|js))\b")


# the errors the JS crash FAQ's (faq-stability-13) and the js-crash guide's "Error message"
# cases name, which Node (a build tool's JavaScript) prints in the same words: read only when the
# text is the error line alone (a hilog line's columns, a JS frame or two of the app's after it);
# a build log has Node's frames (node:internal, node_modules) and its tools' lines around them
_ALONE_JS_ERROR = re.compile(
    r"\A\s*(?![^\n]*\b(?:hvigorw?|npm|npx|pnpm|yarn|node|ohpm|rollup|webpack|vite|esbuild|babel|jest)\b)"
    r"(?:[^\n]*?[ \t:\]])?(?:(?:Type|Reference|Range|Syntax|)Error:\s*|\[(?:ecmascript|default)\]\s*)"
    r"(?P<msg>(?:Maximum call stack size exceeded|Stack overflow!?|[\w$.]+ is not defined"
    r"|[\w$.]+ is not a function|Unexpected token [^\n]{1,20}? in JSON at position \d+"
    r"|Pending exception before ExecutePendingJob called"
    r"(?:, in line:\d+, exception details as follows:)?)\.?)[ \t\r]*$"
    r"(?P<frames>(?:\n[ \t]*(?:#\d+\s+)?at (?![^\n]*(?:node:|node_modules))[^\n]+)*)\s*\Z",
    re.M,
)


# a Markdown code block: a question's paste of the error line alone
_FENCED = re.compile(r"^[ \t]*```[^\n]*\n(?P<body>.*?)^[ \t]*```", re.M | re.S)


def _fenced_alone(tail: str) -> re.Match[str] | None:
    """The error line alone inside a code block of a question (prose around the block)."""
    if "```" not in tail:
        return None
    for block in _FENCED.finditer(tail):
        if (m := _ALONE_JS_ERROR.search(block.group("body"))) is not None:
            return m
    return None


def runtime_message_alone_finding(tail: str) -> Finding | None:
    """A paste that is one of the ArkTS runtime's messages and nothing else (no error name, no
    stack): possibly a JS crash, read after every other reading."""
    tail = unnumber(tail)
    # the paste itself, a Markdown quote of it, or the one code block of a question
    blocks = [block.group("body") for block in _FENCED.finditer(tail)] if "```" in tail else []
    candidates = (tail, without_quote_marks(tail), *blocks[:1])
    message = next((m for c in candidates if (m := message_alone(c)) is not None), None)
    if message is None:
        return None
    crash = Crash(type=JS, name="Error", message=message, frames=[], raw=tail[-4000:])
    return _crash_finding(crash, message, certain=False)


def _bare_js_finding(tail: str) -> Finding | None:
    """An ArkTS runtime error without its fault log (the message, or the stack, alone): likely a
    JS crash — said as "possibly", since the header that would make it certain is missing. A
    source-mapped stack counts from two frames on (one such line may be a note's quote)."""
    tail = unnumber(tail)
    msg = _BARE_JS_MESSAGE.search(tail) or _ALONE_JS_ERROR.search(tail) or _fenced_alone(tail)
    frames_text = [m.group(0) for m in _RELEASE_FRAME.finditer(tail)]
    ets = [m.group(0) for m in _ETS_FRAME.finditer(tail)]
    if not frames_text and len(ets) >= 2:
        frames_text = ets
    if not frames_text and msg is not None:
        frames_text = [m.group(1) for m in _JS_FRAME.finditer(tail, msg.end("msg"))]
    if not frames_text and msg is None and (note := _RAW_STACK_NOTE.search(tail)):
        # a JsCrash stack quoted alone under the engine's raw-stack note (faq-stability-68)
        frames_text = [m.group(1) for m in _JS_FRAME.finditer(tail, note.end())]
    quoted = runtime_message(tail) if msg is None and not frames_text else None
    if msg is None and not frames_text and quoted is None:
        return None
    frames = [f for f in (parse_frame(t) for t in frames_text) if f is not None]
    if not frames and msg is not None and (file := _RELEASE_FILE.search(msg.group(0))):
        frames = [Frame(symbol="", file=file.group(0), raw=file.group(0))]
    message = msg.group("msg").strip() if msg else quoted[1] if quoted else ""
    crash = Crash(
        type=JS,
        name="Error",
        message=message,
        frames=frames,
        raw=tail[-4000:],
    )
    evidence = quoted[0] if quoted else message or frames_text[0].strip()
    return _crash_finding(crash, evidence, certain=False)
