"""hilog lines as people paste them: the layouts that are not hilog's own output.

:class:`.parse.HilogParser` reads hilog's own lines; what it does not take is tried here:

* lines copied from DevEco Studio's Log window, the current columns and the 3.x logcat-like
  ``07-05 19:50:47.690 8801-8819/com.demo.app D C02d08/TAG: msg`` (also indented, as pasted
  from a Markdown code block), and any other order or spacing of those columns
  (:func:`log_window_line`),
* an ArkUI-X app's Android logcat lines (``threadtime``, Android Studio's Logcat window): the same
  fields, no domain (:func:`logcat_line`),
* a line cut to ``DOMAIN/Tag: msg`` (``C03F00/ArkCompiler: [gc] …``, as guides quote a
  component's lines): no time, pid, tid or level (``level == ""``); cut further to ``E Tag: msg``
  (a level and a tag, no domain: ``domain == -1``), and, in a pasted run (:func:`tag_colon_runs`),
  ``Tag: msg``; cut to the message alone, kept by its ``[nodict]`` marker or as a HiAppEvent
  watcher's line (``HiAppEvent eventInfo.params.pid=2610``),
* a line quoted (``> ``), numbered (``12. ``) or listed (``- ``) where it was pasted
  (:func:`unmarked`), and a pasted line wrapped onto indented lines (:func:`continues`,
  :func:`logical_lines`),
* a text known to be hilog (pasted or opened in the hilog view) in which no line carries any of
  hilog's columns: its lines as records with a tag and a message, or a message alone
  (:func:`columnless`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from hmdesk.core.toolchain.hilog.line import DROPPED, LOG, RAW, HilogLine

_new = tuple.__new__

# DevEco Studio's Log window, copied: ``08-20 11:06:01.891   1948-1948     A03d00/JSAPP    com.examp...lication  I     msg``
# (pid-tid joined, the domain with its type letter, an optional bundle/process column, the
# level alone; on HarmonyOS NEXT the tag column may hold ``process/tag`` elided in the middle,
# ``C0390D/com.xia...er/AceOverlay``); a customised display may drop the time and pid columns
# (``A03200/MY_TAG    com.example.app    I  msg``), or the time alone (``8153-8153  A00000/com.exa...
# demo/testTag  hidumper  I  msg``). The Simulator shows its log in the same
# window (no copied Simulator log was found to test this against). A narrow pid-tid column is
# elided in the middle too (``7015...72203``): its pid and tid are then unknown (0).
_DEVECO = re.compile(
    r"(?<![ \t])[ \t]*+(?:(?:((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+)[ \t]+)?(\d+)(-|\.\.\.)(\d+)[ \t]+)?"
    r"([ACIKP]?)([0-9A-Fa-f]{5})/(\S+)[ \t]+(?:(\S+)[ \t]+)?([DIWEF])(?:[ \t]+(.*)|[ \t]*)\Z",
    re.ASCII | re.DOTALL,
)
# DevEco Studio 3.x's Log window (and OpenHarmony guides quoting it), logcat-like:
# ``07-05 19:50:47.690 8801-8819/com.demo.hitracechain D C02d08/HISYSEVENT: msg`` (pid-tid/process,
# ``?`` when the process is unknown; the domain may lack its type letter: ``I 0FEFE/JsApp: 1``)
_DEVECO_OLD = re.compile(
    r"(?<![ \t])[ \t]*+((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+)[ \t]+(\d+)-(\d+)/(\S+)[ \t]+([DIWEF])[ \t]+"
    r"([ACIKP]?)([0-9A-Fa-f]{5})/(.*?)(?:: (.*)|:[ \t]*)\Z",
    re.ASCII | re.DOTALL,
)
# the Log window with its domain/tag and process columns hidden: ``07-07 15:31:11.045
# 52975-52975   I  [(…)] Click accepted, tag: Column`` (time, pid-tid, level, message; the
# pid-tid joined by its hyphen, where hdc's own lines put spaces)
_DEVECO_NO_TAG = re.compile(
    r"(?<![ \t])[ \t]*+((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+)[ \t]+(\d+)-(\d+)[ \t]+([DIWEF])"
    r"(?:[ \t]+(.*)|[ \t]*)\Z",
    re.ASCII | re.DOTALL,
)
# the domain and tag leading what :data:`_DEVECO_NO_TAG` took as the message (hdc's column order
# with the pid and tid joined by a hyphen, as a note rewrote the Log window's lines)
_LEADING_DOMAIN_TAG = re.compile(r"([ACIKP])([0-9A-Fa-f]{5})/(\S+?): (.*)\Z", re.ASCII | re.DOTALL)
# hilog's prefix cut to ``level domain/tag: msg``, or with the time kept and the pids left out
# (``09-15 11:01:10.749 I A00000/testTag: msg``): how lines are quoted in notes and issues
_BARE = re.compile(
    r"(?<![ \t])[ \t]*+(?:((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+) +)?([DIWEF]) ([ACIKP]?)([0-9A-Fa-f]{5})/(.*?): (.*)\Z",
    re.ASCII | re.DOTALL,
)
# the prefix cut to the domain and tag alone, no time, pid or level: ``C03F00/ArkCompiler: [gc] …``
# as guides and notes quote a component's lines; the type letter is required (``A``/``C``/``I``/
# ``K``/``P`` and five hex digits), the tag has no space, ``: `` follows it, so prose is not taken
_DOMAIN_TAG_ONLY = re.compile(
    r"[ \t]*([ACIKP])([0-9A-Fa-f]{5})/(\S+?)(?:: (.*)|:[ \t]*)\Z", re.ASCII | re.DOTALL
)
# cut further, to the level and the tag: ``E HDS_tabs: GetTabBarPosition …`` (a note quoting a
# component's line); the tag is one word that is not plain lower-case prose (``I think: …``)
_LEVEL_TAG = re.compile(
    r"[ \t]*([DIWEF]) ((?=[\w.:-]*[A-Z0-9_])[A-Za-z][\w.-]*(?:::[\w.-]+)*): (\S.*)\Z",
    re.ASCII | re.DOTALL,
)
# Android's logcat, as ArkUI-X developers paste their app's lines from an Android device: the
# ``threadtime`` layout ``08-14 10:38:17.485 25500 25500 D ArkCompiler: msg`` (the tag padded
# before its colon, ``NAPI : msg``), Android Studio's Logcat window ``2024-09-03 16:06:44.827
# 2901-2901 Ace  com.huawei.hmos.world I  msg`` (tag, then package, then level) and its older
# ``… 2901-2901/com.example.app I/Ace: msg``. Read into the same fields with no domain (-1, type
# ""); Android's V(erbose) is read as D and A(ssert) as F.
_LOGCAT = re.compile(
    r"(?<![ \t])[ \t]*+((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+)[ \t]+(\d+)[ \t]+(\d+)[ \t]+([VDIWEFA])[ \t]+"
    r"([^\s:](?:[ \t]*+[^: \t])*?)[ \t]*+:(?: (.*)|(\S.*)|[ \t]*)\Z",
    re.ASCII | re.DOTALL,
)
_STUDIO = re.compile(
    r"[ \t]*(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+)[ \t]+(\d+)-(\d+)[ \t]+(\S+)[ \t]+"
    r"([A-Za-z][\w.:-]*|\?|pid-\d+)[ \t]+([VDIWEFA])(?:[ \t]+(.*)|[ \t]*)\Z",
    re.ASCII | re.DOTALL,
)
_STUDIO_OLD = re.compile(
    r"(?<![ \t])[ \t]*+((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+)[ \t]+(\d+)-(\d+)/(\S+)[ \t]+([VDIWEFA])/"
    r"([^\s:/](?:[ \t]*+[^:/ \t])*?(?:[ \t]++(?=\())?)(?:\(\s*+\d+\))?[ \t]*+:(?: (.*)|[ \t]*)\Z",
    re.ASCII | re.DOTALL,
)
_ANDROID_LEVEL = {"V": "D", "A": "F"}
# a pasted run cut to ``Tag: msg`` (``AppKit: … about to exit``, ``appspawn: … exit with code:1``)
_TAG = r"[A-Za-z][\w.-]*(?:::[\w.-]+)*"
_TAG_COLON = re.compile(rf"[ \t]*({_TAG}): (\S.*)\Z", re.ASCII | re.DOTALL)
# a host tool's own line, ``ld.lld: error: …``, ``ninja: warning: …``: no hilog line
_TOOL_SAYS = re.compile(r"(?:fatal )?(?:error|warning|note):", re.I)
# words that head prose and tools' own lines, never a hilog tag
_NOT_TAGS = frozenset(
    [
        "error",
        "warn",
        "warning",
        "info",
        "debug",
        "fatal",
        "trace",
        "verbose",
        "note",
        "notice",
        "hint",
        "tip",
        "tips",
        "cause",
        "caused",
        "reason",
        "solution",
        "fix",
        "step",
        "question",
        "answer",
        "q",
        "a",
        "expected",
        "actual",
        "result",
        "output",
        "input",
        "example",
        "see",
        "at",
        "file",
        "path",
        "code",
        "message",
        "summary",
        "description",
        "version",
        "usage",
    ]
)
# a message whose prefix was cut away, kept with the ``[nodict]`` marker HarmonyOS NEXT's hilog
# puts before a message printed without its format dictionary (``[nodict]::[GetColumnIndex()-
# abs_result_set.cpp:334]: Failed to …``): the message alone, no time, pid, level, domain or tag
_NODICT = re.compile(r"[ \t]*\[nodict\](\S.*)\Z", re.DOTALL)
# the line an app's HiAppEvent watcher logs for each event it receives, as every hiappevent guide
# prints it (``hilog.info(0x0000, 'testTag', `HiAppEvent eventInfo.params.pid=${…}`)``) and pastes
# it from the Log window cut to the message: ``HiAppEvent onReceive: domain=OS``, ``HiAppEvent
# eventName=APP_CRASH``, ``HiAppEvent eventInfo.params.exception={…}``, ``HiAppEvent eventPkg.row=…``
_APP_EVENT = re.compile(
    r"[ \t]*(HiAppEvent (?:on[A-Z]\w*:[ \t]*|event(?:Name|Info|Pkg)(?:\.[\w.]+)?=)\S.*)\Z",
    re.DOTALL,
)
# hilog's own notice that lines were lost, quoted without its columns (the hilog guide's
# LOGLIMIT quota, Slow reader and write socket lines): a drop marker with its count
_HILOG_NOTICE = re.compile(
    r"[ \t]*((?:==\S+ LOGS OVER PROC QUOTA, (\d+) DROPPED==|(\d+) line\(s\) dropped in a "
    r"second!|=*Slow reader missed log lines: (\d+)|write socket failed, (\d+) line\(s\) "
    r"dropped!))[ \t]*\Z"
)
# (two at most: a numbered line quoted or listed again, ``> 2. message``)
_PASTE_MARK = re.compile(
    r"(?<![ \t])(?:[ \t]*+(?:>[ \t]?|\d{1,5}[.:)][ \t]|[-*+•][ \t])){1,2}", re.ASCII
)


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" \t"))


def unmarked(raw: str) -> str:
    """The line without the mark it was pasted with (quoted ``> ``, numbered, listed)."""
    mark = _PASTE_MARK.match(raw)
    return raw[mark.end() :] if mark is not None and mark.end() < len(raw) else raw


def continues(text: str, prev: HilogLine) -> bool:
    """An indented line after a pasted log line (no hilog prefix of its own) continues it when
    it is indented deeper than that line, or as deep as the continuation before it."""
    head = unmarked(prev.raw)
    if prev.cont:
        return _indent(text) >= _indent(head)
    return _indent(text) > _indent(head) and log_window_line(head, head.strip()) is not None


# a JS/ArkTS stack frame (``at func (file:1:2)``, ``at file:1:2``) on a line of its own
_FRAME = re.compile(r"at (?:\S+ \(.*:\d+(?::\d+)?\)|\S+:\d+(?::\d+)?)\Z", re.ASCII)


def logical_lines(lines: Iterable[HilogLine]) -> list[HilogLine]:
    """The log lines as written: a continuation padded with spaces instead of a prefix (``-v
    wrap``, a pasted line wrapped onto indented lines) joins the line it continues; raw text is
    left out."""
    out: list[HilogLine] = []
    for p in lines:
        if p.kind == RAW:
            continue
        if p.cont and out and unmarked(p.raw).strip() == p.message.strip():
            # the whole line is message: padded, not a line of its own with hilog's prefix
            if _FRAME.match(p.message):
                continue  # a stack frame: the message's next line, not more of its first
            out[-1] = out[-1]._replace(message=f"{out[-1].message.rstrip()} {p.message}")
            continue
        out.append(p)
    return out


# a tag column holding ``process/tag`` elided in the middle, the slash with it: a bundle name's
# head (``com.exam``), ``...``, the tag (``com.exam...AceStateMgmt``)
_ELIDED_PROCESS_TAG = re.compile(r"(?P<p>[a-z]\w*\.[\w.]*?)\.\.\.(?P<t>[A-Za-z_][^./\s]*)\Z")


def _elided_process_tag(tag: str) -> tuple[str, str] | None:
    """(process, tag) of a tag column whose ``process/`` part was elided with its slash."""
    m = _ELIDED_PROCESS_TAG.match(tag)
    return (m.group("p") + "...", m.group("t")) if m is not None else None


def log_window_line(raw: str, text: str) -> HilogLine | None:
    """A line copied from DevEco Studio's (or the Simulator's) Log window, current or 3.x, or a bare
    ``I A03d00/JSAPP: msg``: the same fields as hilog's own lines (None: neither)."""
    m = _DEVECO.match(text)
    if m is not None:
        t, pid, sep, tid, typ, dom, tag, process, level, msg = m.groups()
        if sep == "...":
            pid = tid = None
        if "/" in tag:
            # HarmonyOS NEXT's ``process/tag`` in the tag column, middle elided to fit the
            # column (``C0390D/com.xia...er/AceOverlay``): the tag is the last segment; the
            # process column, when there is one, names the process more fully
            head, _, tag = tag.rpartition("/")
            process = process or head
        elif (cut := _elided_process_tag(tag)) is not None:
            head, tag = cut
            process = process or head
        return _new(
            HilogLine,
            (
                raw,
                LOG,
                t or "",
                int(pid or 0),
                int(tid or 0),
                level,
                typ.upper(),
                int(dom, 16),
                process or "",
                tag,
                msg or "",
                0,
                False,
            ),
        )
    m = _DEVECO_OLD.match(text)
    if m is not None:
        t, pid, tid, process, level, typ, dom, tag, msg = m.groups()
        return _new(
            HilogLine,
            (
                raw,
                LOG,
                t,
                int(pid),
                int(tid),
                level,
                typ.upper(),
                int(dom, 16),
                process,
                tag,
                msg or "",
                0,
                False,
            ),
        )
    m = _BARE.match(text)
    if m is not None:
        t, level, typ, dom, tag, msg = m.groups()
        process = ""
        if "/" in tag:
            process, _, tag = tag.partition("/")
        return _new(
            HilogLine,
            (raw, LOG, t or "", 0, 0, level, typ, int(dom, 16), process, tag, msg, 0, False),
        )
    m = _DEVECO_NO_TAG.match(text)
    if m is not None:
        t, pid, tid, level, msg = m.groups()
        typ, dom, tag = "", -1, ""
        if msg and (dt := _LEADING_DOMAIN_TAG.match(msg)) is not None:
            # hdc's order with the pids joined: ``… 18900-16500 E C03900/Ace: msg``
            typ, hex_domain, tag, msg = dt.groups()
            dom = int(hex_domain, 16)
        return _new(
            HilogLine,
            (raw, LOG, t, int(pid), int(tid), level, typ, dom, "", tag, msg or "", 0, False),
        )
    return _columns(raw, text)


def logcat_line(raw: str, text: str) -> HilogLine | None:
    """An Android logcat line (``threadtime``, Android Studio's Logcat window, new or old): the
    same fields as hilog's, no domain (None: not one)."""
    if text[:1] not in "0123456789 \t" or ":" not in text:
        return None
    m = _LOGCAT.match(text)
    if m is not None:
        t, pid, tid, level, tag, msg, glued = m.groups()
        process = ""
    elif (m := _STUDIO.match(text)) is not None:
        t, pid, tid, tag, process, level, msg = m.groups()
        glued = None
        if process == "?" or process.startswith("pid-"):
            process = ""
    elif (m := _STUDIO_OLD.match(text)) is not None:
        t, pid, tid, process, level, tag, msg = m.groups()
        glued = None
        if process == "?":
            process = ""
    else:
        return None
    level = _ANDROID_LEVEL.get(level, level)
    msg = msg if msg is not None else (glued or "")
    return _new(
        HilogLine,
        (raw, LOG, t, int(pid), int(tid), level, "", -1, process, tag.strip(), msg, 0, False),
    )


# --- any other column layout (a Log window's columns reordered, hidden or re-spaced; tabs from
# a spreadsheet; levels spelt out): the columns are told by their shapes, not their places ---
_DOMAIN_TAG = re.compile(r"([ACIKP]?)([0-9A-Fa-f]{5})/(\S+?):?\Z", re.ASCII)
_DATE = re.compile(r"(?:\d{4}[-/])?\d\d[-/]\d\d\Z", re.ASCII)
_CLOCK = re.compile(r"\d\d:\d\d:\d\d(?:[.,:]\d+)?\Z", re.ASCII)
_PID_TID = re.compile(r"(\d+)(?:-|/|\.\.\.)(\d+)(?:/(\S+))?\Z", re.ASCII)
# logcat's shape: ``I/A03d00/JSAPP:`` (the level joined to the domain/tag)
_LEVEL_DOMAIN_TAG = re.compile(r"([DIWEF])/([ACIKP]?)([0-9A-Fa-f]{5})/(\S+?):?\Z", re.ASCII)
_WORD_LEVELS = {
    "D": "D", "I": "I", "W": "W", "E": "E", "F": "F",
    "DEBUG": "D", "INFO": "I", "WARN": "W", "WARNING": "W", "ERROR": "E", "FATAL": "F",
}  # fmt: skip
_TOKEN = re.compile(r"\S+")
_MAX_COLUMNS = 9


def _columns(raw: str, text: str) -> HilogLine | None:
    """A line whose columns are hilog's fields in another order or spacing: the domain/tag
    (``A03d00/JSAPP``) and the level (``E``, ``Error``) must both be among the leading columns;
    a date and a time, ``pid-tid`` or two numbers, and a process name (a dotted bundle name)
    may be; the message is the rest. None when the line does not look like that."""
    if "/" not in text:
        return None
    t = date = ""
    pid = tid = 0
    level = typ = tag = process = in_tag = ""
    dom = -1
    numbers: list[int] = []
    colon = False
    msg_at = len(text)
    for i, m in enumerate(_TOKEN.finditer(text)):
        tok = m.group(0)
        up = tok.upper().rstrip(":")
        if i >= _MAX_COLUMNS:
            msg_at = m.start()
            break
        if dom < 0 and not level and (d := _LEVEL_DOMAIN_TAG.match(tok)) is not None:
            level, typ = d.group(1), d.group(2).upper()
            dom, tag = int(d.group(3), 16), d.group(4)
            colon = colon or tok.endswith(":")
            continue
        if dom < 0 and (d := _DOMAIN_TAG.match(tok)) is not None:
            typ, dom, tag = d.group(1).upper(), int(d.group(2), 16), d.group(3)
            colon = colon or tok.endswith(":")
            # ``process/tag`` (or its elided ``com.exa...Tag``): the process column after it,
            # when there is one, names the process more fully
            if "/" in tag:
                in_tag, _, tag = tag.rpartition("/")
            elif (cut := _elided_process_tag(tag)) is not None:
                tag = cut[1]
            continue
        if not level and up in _WORD_LEVELS:
            level = _WORD_LEVELS[up]
            continue
        if not t and not date and _DATE.match(tok):
            date = tok
            continue
        if not t and _CLOCK.match(tok):
            t = f"{date} {tok}".strip()
            continue
        if not pid and (p := _PID_TID.match(tok)) is not None:
            pid, tid = int(p.group(1)), int(p.group(2))
            process = process or (p.group(3) or "")
            continue
        if tok.isdigit() and len(numbers) < 2 and not pid:
            numbers.append(int(tok))
            continue
        if (
            not process
            and "." in tok
            and not tok.endswith(".")
            and tok[0].isalpha()
            and not (dom >= 0 and level)
        ):
            process = tok
            continue
        if dom >= 0 and level:
            msg_at = m.start()
            break
        return None
    if dom < 0 or not level or not (t or pid or numbers or process or colon):
        return None  # a level and a domain/tag alone: too little to call it a log line
    if len(numbers) == 1:
        return None  # one number: a pid without its tid, or a cut line
    if not pid and numbers:
        pid, tid = numbers
    process = process or in_tag
    msg = text[msg_at:].strip() if msg_at < len(text) else ""
    return _new(
        HilogLine,
        (raw, LOG, t, pid, tid, level, typ, dom, process, tag, msg, 0, False),
    )


def pasted_line(raw: str, text: str) -> HilogLine | None:
    """A line of another layout than hilog's own: a Log window's (:func:`log_window_line`), an
    Android logcat's, or hilog's prefix cut to ``DOMAIN/Tag: msg`` or ``E Tag: msg`` as notes
    quote a component's lines (None: none of them)."""
    line = log_window_line(raw, text) or logcat_line(raw, text)
    if line is not None:
        return line
    m = _DOMAIN_TAG_ONLY.match(text)
    if m is not None:
        # the fields the line has: no time, pid, tid or level (level "")
        typ, dom, tag, msg = m.groups()
        process = ""
        if "/" in tag:
            process, _, tag = tag.partition("/")
        return _new(
            HilogLine,
            (raw, LOG, "", 0, 0, "", typ, int(dom, 16), process, tag, msg or "", 0, False),
        )
    if ("dropped" in text or "DROPPED" in text or "missed log" in text) and (
        m := _HILOG_NOTICE.match(text)
    ) is not None:
        count = int(next(g for g in m.groups()[1:] if g))
        return _new(
            HilogLine, (raw, DROPPED, "", 0, 0, "", "", -1, "", "", m.group(1), count, False)
        )
    m = _NODICT.match(text) or _APP_EVENT.match(text)
    if m is not None:
        return _new(HilogLine, (raw, LOG, "", 0, 0, "", "", -1, "", "", m.group(1), 0, False))
    m = _LEVEL_TAG.match(text)
    if m is not None and _is_tag(m.group(2)):
        level, tag, msg = m.groups()
        return _new(HilogLine, (raw, LOG, "", 0, 0, level, "", -1, "", tag, msg, 0, False))
    return None


def _is_tag(word: str) -> bool:
    """A hilog tag, not a prose label or an error's name (``Note``, ``TypeError``)."""
    low = word.lower()
    return low not in _NOT_TAGS and not low.endswith(("error", "exception"))


_CAMEL = re.compile(r"[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\Z", re.ASCII)


def tag_colon_runs(parsed: list[HilogLine]) -> list[HilogLine]:
    """Raw lines of a paste cut to ``Tag: msg`` read as log lines: only a run of two or more
    consecutive such lines in which a tag comes back (one ``Note: …`` line, a fault log's keys,
    ``Expected: … / Actual: …`` stay text); no time, pid, level or domain (``domain == -1``)."""
    out = parsed
    i, n = 0, len(parsed)
    while i < n:
        if parsed[i].kind != RAW:
            i += 1
            continue
        j = i
        found: list[tuple[int, str, str]] = []  # (index, tag, msg); tag "" for a stack frame
        while j < n and parsed[j].kind == RAW:
            line = unmarked(parsed[j].raw.rstrip("\r\n"))
            if found and line[:1] in (" ", "\t") and _FRAME.match(line.strip()):
                found.append((j, "", line.strip()))  # a stack frame under the line before
                j += 1
                continue
            m = _TAG_COLON.match(line)
            if m is None or not _is_tag(m.group(1)) or _TOOL_SAYS.match(m.group(2)):
                break
            found.append((j, m.group(1), m.group(2)))
            j += 1
        while found and not found[-1][1]:
            found.pop()
        tags = [t for _, t, _ in found if t]
        framed = len(tags) < len(found)
        if len(tags) >= 2 and (
            len(set(tags)) < len(tags)
            # distinct tags: a component's CamelCase names (``ArkCompiler``, ``AppKit``) with a
            # stack frame under one of them, not prose labels or a fault log's keys
            or (framed and all(_CAMEL.match(t) for t in tags))
        ):
            if out is parsed:
                out = list(parsed)
            last: HilogLine | None = None
            for k, tag, msg in found:
                raw = parsed[k].raw
                if not tag and last is not None:
                    out[k] = last._replace(raw=raw, message=msg, cont=True)
                    continue
                last = out[k] = _new(
                    HilogLine, (raw, LOG, "", 0, 0, "", "", -1, "", tag, msg, 0, False)
                )
        i = max(j, i + 1)
    return out


# --- a text known to be hilog whose every column but the tag, or every column, was cut away ---
# a paste's own marks, never a log line: an elision (``...``, ``…``) and what the paster wrote
# after it, a Markdown code fence
# (a code block's own comment, ``// 在hilog日志中查找``, is the page's note too)
_NOT_A_RECORD = re.compile(r"[ \t]*(?:\.{3}|…|```|~~~|//)")
# a record's tag and message; the message may start with blanks (``AppKit:     at f (…)``, a
# stack frame the app's JS crash prints line by line)
_TAG_HEAD = re.compile(rf"[ \t]*({_TAG}): ([ \t]*\S.*)\Z", re.ASCII | re.DOTALL)
_WORDY = re.compile(r"\w")


def _has_columns(p: HilogLine) -> bool:
    return p.kind != RAW and bool(p.time or p.pid or p.level or p.domain >= 0)


def columnless(parsed: list[HilogLine]) -> list[HilogLine]:
    """The lines of a text known to be hilog (pasted or opened in the hilog view) in which no
    line carries a hilog column (time, pid, level, domain): each line a record with no time,
    pid, level or domain (``domain == -1``). A line indented deeper than the record above it, or
    a stack frame under it, continues that record; an elision (``...``) and what follows it on
    its line, a code fence, a code comment (``// …``), a line without a word are the paster's,
    never a record. A paste
    keeps the same columns on every line: when at least half of its records lead with a tag (one
    token directly followed by ``: ``, ``QEGLPlatformContext: eglSwapBuffers failed: 300d``),
    they are ``Tag: msg`` records and a line without a tag is not one of them (the paster's
    prose, another tool's line); otherwise every record is a message alone (``symbol not found,
    s=__emutls_get_address``). Lines already read (:func:`tag_colon_runs`, a HiAppEvent
    watcher's line, hilog's notice) stay as read; a text with columns is returned as it came."""
    if any(_has_columns(p) for p in parsed):
        return parsed
    heads: dict[int, tuple[str, str, str]] = {}  # a record's first line: (tag, msg, whole text)
    under: dict[int, int] = {}  # a continuation line: the index of the record's first line
    head, head_indent = -1, 0
    for i, p in enumerate(parsed):
        if p.kind != RAW:
            if not p.cont:
                head, head_indent = (i if p.kind == LOG else -1), _indent(unmarked(p.raw))
            continue
        text = unmarked(p.raw.rstrip("\r\n"))
        if (
            head >= 0
            and text.strip()
            and (_indent(text) > head_indent or _FRAME.match(text.strip()))
        ):
            under[i] = head
            continue
        head = -1
        if not text.strip() or _NOT_A_RECORD.match(text) or not _WORDY.search(text):
            continue
        m = _TAG_HEAD.match(text)
        tag, msg = (m.group(1), m.group(2)) if m and _is_tag(m.group(1)) else ("", "")
        heads[i] = (tag, msg, text.strip())
        head, head_indent = i, _indent(text)
    tags = [p.tag for p in parsed if p.kind == LOG and not p.cont]
    tags += [tag for tag, _, _ in heads.values()]
    tag_column = sum(map(bool, tags)) * 2 >= len(tags)
    out = list(parsed)
    for i, p in enumerate(parsed):
        if i in heads:
            tag, msg, text = heads[i]
            if tag_column and not tag:
                continue  # a line without the tag column the paste's records keep
            if not tag_column:
                tag, msg = "", text
            out[i] = _new(HilogLine, (p.raw, LOG, "", 0, 0, "", "", -1, "", tag, msg, 0, False))
        elif i in under and out[under[i]].kind != RAW:
            message = unmarked(p.raw.rstrip("\r\n")).strip()
            out[i] = out[under[i]]._replace(raw=p.raw, message=message, dropped=0, cont=True)
    return out


# a line that leads with hilog's level and a blank, the rest its message
_LEVEL_LED = re.compile(r"[ \t]*([VDIWEF]) +(\S.*)\Z", re.DOTALL)


# the Log window's level and tag columns alone, time, pid and domain hidden (``E     Case_X  Test1
# Error code: 13900002``): the level, two blanks at least, the tag, the message
_LEVEL_TAG_COLUMNS = re.compile(
    r"[ \t]*([VDIWEF])[ \t]{2,}([A-Za-z_][\w.-]*)[ \t]+(\S.*)\Z", re.DOTALL
)


def level_tag_columns(text: str) -> tuple[str, str, str] | None:
    """The level, tag and message of a line the Log window copied with only those columns shown
    (``E     Case_X Test1 Error code: 13900002``), or None."""
    m = _LEVEL_TAG_COLUMNS.match(unmarked(text.rstrip("\r\n")))
    return (m.group(1), m.group(2), m.group(3)) if m else None


def level_led(parsed: list[HilogLine]) -> list[HilogLine]:
    """A paste keeps its columns: in a text known to be hilog whose log lines all lead with the
    level and have no time (``E C05A06/hnp/CODE_SIGN: …``, ``E HapVerify: …``), a line left raw
    that leads with a level letter too is a log line of that level whose tag the paster cut
    (``E installd_operator.cpp:ProcessBundleInstallNative:978 Native package …``); a paste
    whose every record (:func:`columnless`) is the level, a tag and the message with blanks
    between (the Log window showing only those columns) is read so. A log with hilog's time
    stops at its first line."""
    first = next((p for p in parsed if p.kind == LOG and not p.cont), None)
    if first is None or first.time:
        return parsed
    return _cut_tags(parsed) if first.level else _level_tag_records(parsed)


def _level_tag_records(parsed: list[HilogLine]) -> list[HilogLine]:
    records = [i for i, p in enumerate(parsed) if p.kind == LOG and not p.cont]
    if len(records) < 2 or any(
        parsed[i].level or parsed[i].time or parsed[i].domain >= 0 for i in records
    ):
        return parsed
    columns = [level_tag_columns(parsed[i].raw) for i in records]
    if not all(columns):
        return parsed
    out = list(parsed)
    for i, c in zip(records, columns, strict=True):
        assert c is not None
        level, tag, msg = c
        out[i] = parsed[i]._replace(level=level, tag=tag, message=msg)
    return out


def _cut_tags(parsed: list[HilogLine]) -> list[HilogLine]:
    logs = 0
    for p in parsed:
        if p.kind == LOG and not p.cont:
            if not p.level or p.time:
                return parsed
            logs += 1
    if logs < 2 or all(p.kind != RAW for p in parsed):
        return parsed
    out = list(parsed)
    for i, p in enumerate(parsed):
        if p.kind == RAW and (m := _LEVEL_LED.match(unmarked(p.raw.rstrip("\r\n")))):
            level, msg = m.groups()
            out[i] = _new(HilogLine, (p.raw, LOG, "", 0, 0, level, "", -1, "", "", msg, 0, False))
    return out
