"""hilog line parser: every line format hilog prints, into a flat tuple, fast, never raising.

A :class:`HilogLine` is a ``NamedTuple`` (cheap to build, C-speed field access). The parser
knows (the hilog documentation, hiviewdfx_hilog ``log_print.cpp``):

* open-source hilog ``11-15 15:51:02.087  2823  2823 I A03200/testTag: msg`` (lower-case hex),
* HarmonyOS NEXT with a process segment and upper-case hex ``I A01B05/com.ohos.sceneboard/AOD: msg``,
* pre-Aug-2022 OpenHarmony without the type letter `` I 03200/testTag: msg``,
* ``-v year`` (``2026-11-15 ...``), ``-v msec/usec/nsec`` fractions, ``-v zone`` (``CST 11-15 ...``),
  ``-v epoch`` / ``-v monotonic`` times, ``-v color`` (ANSI escapes around a message; hilog puts
  the colour code before the first line and the reset after the last line of a multi-line message),
* ``-v wrap`` continuation lines (padded with spaces instead of the prefix),
* a line cut to ``DOMAIN/Tag: msg`` (``C03F00/ArkCompiler: [gc] …``, as guides quote a component's
  lines): no time, pid, tid or level (``level == ""``); cut further to ``E Tag: msg`` (a level and
  a tag, no domain: ``domain == -1``), and, in a pasted run (:func:`parse_lines`), ``Tag: msg``,
* lines copied from DevEco Studio's Log window, the current columns and the 3.x logcat-like
  ``07-05 19:50:47.690 8801-8819/com.demo.app D C02d08/TAG: msg`` (also indented, as pasted
  from a Markdown code block),
* kernel lines ``08-06 16:51:04.945 <6> [4294.967295] hungtask_base ...`` (and bare ``<6>[...] ...``),
* drop markers: tag ``LOGLIMIT`` (``==LOGS OVER PROC QUOTA, 12 DROPPED==`` or
  ``108 line(s) dropped in a second!``), tag ``LOGLIMITD`` (``N line(s) dropped!``), and hilog's
  own ``Slow reader missed log lines: N`` / ``write socket failed, N line(s) dropped!``;
  the number lost is in ``dropped`` (and the process a quota marker names in ``process``).

Multi-line messages: hilog prints every ``\\n``-separated piece with the full prefix, so
consecutive lines with the same prefix (time, pid, tid, level, domain, tag) belong to one message;
:class:`HilogParser` marks the second and later ones ``cont=True``.

Anything else is kept as a ``raw`` line (``message`` = the text). Nothing raises.

Speed: one compiled regex for the common case, tuples built with ``tuple.__new__``, the rarer
formats only after that regex missed; pids, domains, tags and process names go through small
per-parser caches (a dict hit is cheaper than ``int()``, and a 200k-line ring shares the
repeated strings: ~330 instead of ~490 bytes a line besides the raw text). ``HilogParser.feed(list_of_str)`` is the batch entry point
(≈400k lines/s on CPython 3.11); ``parse_line`` is the stateless single-line form.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import NamedTuple

__all__ = [
    "DROPPED",
    "KMSG",
    "LEVELS",
    "LOG",
    "RAW",
    "HilogLine",
    "HilogParser",
    "decode_line",
    "decode_log",
    "parse_line",
    "parse_lines",
]

# HilogLine.kind
LOG = "log"
KMSG = "kmsg"
DROPPED = "dropped"
RAW = "raw"

LEVELS = ("D", "I", "W", "E", "F")  # lowest to highest
LEVEL_NAMES = {"D": "DEBUG", "I": "INFO", "W": "WARN", "E": "ERROR", "F": "FATAL"}


class HilogLine(NamedTuple):
    """One printed hilog line.

    ``raw`` is the line exactly as hilog printed it (without the line end). ``time`` is the
    date and time as printed (``"11-15 15:51:02.087"``, ``"2026-11-15 15:51:02.087123"``, or
    the ``-v epoch`` / ``-v monotonic`` number), ``""`` for raw lines and lines printed without a
    time. ``level`` is ``""`` when the line printed none (a quoted ``DOMAIN/Tag: msg``). ``domain`` is the printed
    5-hex-digit domain as an int (``0x3200``); ``type`` its letter (``A`` app, ``C`` core,
    ``I`` init, ``K`` kmsg, ``P`` only-prerelease, ``""`` before Aug 2022). ``process`` is the
    HarmonyOS NEXT process segment (``""`` when the line has none). ``dropped`` is the number of
    lines the device reported as lost (drop markers only). ``cont`` marks the second and later
    lines of a multi-line message.
    """

    raw: str
    kind: str
    time: str
    pid: int
    tid: int
    level: str
    type: str
    domain: int
    process: str
    tag: str
    message: str
    dropped: int
    cont: bool

    @property
    def domain_text(self) -> str:
        """The domain as hilog prints it with its type letter, e.g. ``A03200`` (upper-case)."""
        if self.kind == RAW or self.kind == KMSG or self.domain < 0:
            return ""
        return f"{self.type}{self.domain:05X}"

    @property
    def is_dropped(self) -> bool:
        return self.kind == DROPPED


_new = tuple.__new__

# The common case, one regex: (head (time) pid tid level type domain / tagfield) ": " message.
# The head group is everything before ": "; equal heads on consecutive lines = one message.
_FAST = re.compile(
    r"(((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+) +(\d+) +(\d+) ([DIWEF]) ([ACIKP]?)([0-9A-Fa-f]{5})/(.*?)): ([^\r\n]*)\Z",
    re.ASCII | re.DOTALL,
)
# Everything the fast regex does not take: other time formats, an empty message, line ends.
_FLEX = re.compile(
    r"(((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+| *\d+\.\d+) +(\d+) +(\d+) ([DIWEF]) ([ACIKP]?)([0-9A-Fa-f]{5})/(.*?))(?:: (.*)|:[ \t]*)\Z",
    re.ASCII | re.DOTALL,
)
# DevEco Studio's Log window, copied: ``08-20 11:06:01.891   1948-1948     A03d00/JSAPP    com.examp...lication  I     msg``
# (pid-tid joined, the domain with its type letter, an optional bundle/process column, the
# level alone; on HarmonyOS NEXT the tag column may hold ``process/tag`` elided in the middle,
# ``C0390D/com.xia...er/AceOverlay``); a customised display may drop the time and pid columns
# (``A03200/MY_TAG    com.example.app    I  msg``). The Simulator shows its log in the same
# window (no copied Simulator log was found to test this against). A narrow pid-tid column is
# elided in the middle too (``7015...72203``): its pid and tid are then unknown (0).
_DEVECO = re.compile(
    r"[ \t]*(?:((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+)[ \t]+(\d+)(-|\.\.\.)(\d+)[ \t]+)?"
    r"([ACIKP]?)([0-9A-Fa-f]{5})/(\S+)[ \t]+(?:(\S+)[ \t]+)?([DIWEF])(?:[ \t]+(.*)|[ \t]*)\Z",
    re.ASCII | re.DOTALL,
)
# DevEco Studio 3.x's Log window (and OpenHarmony guides quoting it), logcat-like:
# ``07-05 19:50:47.690 8801-8819/com.demo.hitracechain D C02d08/HISYSEVENT: msg`` (pid-tid/process,
# ``?`` when the process is unknown; the domain may lack its type letter: ``I 0FEFE/JsApp: 1``)
_DEVECO_OLD = re.compile(
    r"[ \t]*((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+)[ \t]+(\d+)-(\d+)/(\S+)[ \t]+([DIWEF])[ \t]+"
    r"([ACIKP]?)([0-9A-Fa-f]{5})/(.*?)(?:: (.*)|:[ \t]*)\Z",
    re.ASCII | re.DOTALL,
)
# hilog's prefix cut to ``level domain/tag: msg``, or with the time kept and the pids left out
# (``09-15 11:01:10.749 I A00000/testTag: msg``): how lines are quoted in notes and issues
_BARE = re.compile(
    r"[ \t]*(?:((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+) +)?([DIWEF]) ([ACIKP]?)([0-9A-Fa-f]{5})/(.*?): (.*)\Z",
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
    r"[ \t]*((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+)[ \t]+(\d+)[ \t]+(\d+)[ \t]+([VDIWEFA])[ \t]+"
    r"([^\s:][^:]*?)[ \t]*:(?: (.*)|(\S.*)|[ \t]*)\Z",
    re.ASCII | re.DOTALL,
)
_STUDIO = re.compile(
    r"[ \t]*(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+)[ \t]+(\d+)-(\d+)[ \t]+(\S+)[ \t]+"
    r"([A-Za-z][\w.:-]*|\?|pid-\d+)[ \t]+([VDIWEFA])(?:[ \t]+(.*)|[ \t]*)\Z",
    re.ASCII | re.DOTALL,
)
_STUDIO_OLD = re.compile(
    r"[ \t]*((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+)[ \t]+(\d+)-(\d+)/(\S+)[ \t]+([VDIWEFA])/"
    r"([^\s:/][^:/]*?)(?:\(\s*\d+\))?[ \t]*:(?: (.*)|[ \t]*)\Z",
    re.ASCII | re.DOTALL,
)
_ANDROID_LEVEL = {"V": "D", "A": "F"}
# a pasted run cut to ``Tag: msg`` (``AppKit: … about to exit``, ``appspawn: … exit with code:1``)
_TAG_COLON = re.compile(r"[ \t]*([A-Za-z][\w.-]*(?:::[\w.-]+)*): (\S.*)\Z", re.ASCII | re.DOTALL)
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
_KMSG = re.compile(
    r"(?:((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+) +)?<(\d{1,3})> ?(\[ *\d+\.\d+\])? ?(.*)\Z",
    re.ASCII | re.DOTALL,
)
_ZONE = re.compile(
    r"([A-Za-z][A-Za-z0-9+\-:]{0,15}|[+\-]\d{2,4}) (?=(?:\d{4}-)?\d\d-\d\d )", re.ASCII
)
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_PASTE_MARK = re.compile(r"[ \t]*(?:>[ \t]?|\d{1,5}[.:)][ \t]|[-*+•][ \t])", re.ASCII)
_DROP_COUNT = re.compile(
    r"(\d+) DROPPED|(\d+) line\(s\) dropped|missed log lines: (\d+)", re.ASCII | re.IGNORECASE
)
_DROP_PROC = re.compile(r"==(\S+) LOGS OVER PROC QUOTA")
_DROP_TAGS = frozenset({"LOGLIMIT", "LOGLIMITD"})
_RESET = "\x1b[0m"
# kernel priority <N> -> hilog level
_KMSG_LEVEL = {0: "F", 1: "F", 2: "E", 3: "E", 4: "W", 5: "I", 6: "I", 7: "D"}


class _Ints(dict[str, int]):
    """Decimal text → int, remembered: a dict hit is cheaper than int() and shares the objects."""

    __slots__ = ()

    def __missing__(self, key: str) -> int:
        value = self[key] = int(key)
        return value


class _Hex(dict[str, int]):
    __slots__ = ()

    def __missing__(self, key: str) -> int:
        value = self[key] = int(key, 16)
        return value


class _Names(dict[str, str]):
    """Tags and process names repeat: keep one string object for each (saves ~100 B a line)."""

    __slots__ = ()

    def __missing__(self, key: str) -> str:
        self[key] = key
        return key


_CACHE_MAX = 50_000  # entries per cache before it is emptied (pids are reused, tags are few)


def _raw(text: str) -> HilogLine:
    return _new(HilogLine, (text, RAW, "", 0, 0, "", "", 0, "", "", text, 0, False))


def _drop_info(message: str) -> tuple[int, str]:
    """(lines dropped, process named by the marker or "") of a drop-marker message."""
    m = _DROP_COUNT.search(message)
    if m is None:
        return 0, ""
    who = _DROP_PROC.match(message)
    return int(m.group(1) or m.group(2) or m.group(3) or 0), who.group(1) if who else ""


def decode_log(data: bytes) -> str:
    """A saved log's bytes → text, whatever wrote it: UTF-8 (with or without a BOM), or UTF-16
    (PowerShell 5's ``hdc hilog > log.txt`` writes UTF-16 LE with a BOM; without a BOM it is
    told by its NUL bytes); invalid bytes become U+FFFD."""
    if data.startswith(b"\xef\xbb\xbf"):
        return data[3:].decode("utf-8", errors="replace")
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16", errors="replace")
    head = data[:4000]
    if len(head) >= 8 and head.count(b"\x00") * 3 >= len(head):
        # every other byte NUL: UTF-16 without a BOM (LE when the NULs are the odd bytes)
        odd = head[1::2].count(b"\x00") >= head[0::2].count(b"\x00")
        return data.decode("utf-16-le" if odd else "utf-16-be", errors="replace")
    return data.decode("utf-8", errors="replace")


def decode_line(data: bytes) -> str:
    """Bytes of one line → text: UTF-8, invalid bytes become U+FFFD, trailing line end dropped."""
    return data.decode("utf-8", errors="replace").rstrip("\r\n")


class HilogParser:
    """Stateful parser: knows the previous line so it can mark multi-line continuations.

    ``feed(lines)`` parses a batch (the fast path); ``parse(line)`` one line. Lines should come
    without their line end (a trailing ``\\r``/``\\n`` is tolerated). Not thread-safe: use one
    parser per stream.
    """

    __slots__ = ("_hex", "_ints", "_names", "_prev", "_prev_head")

    def __init__(self) -> None:
        self._prev_head: str | None = None
        self._prev: HilogLine | None = None
        self._ints = _Ints()
        self._hex = _Hex()
        self._names = _Names()

    def reset(self) -> None:
        """Forget the previous line (a new stream starts: nothing continues across it)."""
        self._prev_head = None
        self._prev = None

    def parse(self, line: str) -> HilogLine:
        return self.feed((line,))[0]

    def feed(self, lines: Iterable[str]) -> list[HilogLine]:
        out: list[HilogLine] = []
        append = out.append
        match = _FAST.match
        new = _new
        cls = HilogLine
        drop_tags = _DROP_TAGS
        prev_head = self._prev_head
        ints, hexes, names = self._ints, self._hex, self._names
        if len(ints) > _CACHE_MAX or len(names) > _CACHE_MAX or len(hexes) > _CACHE_MAX:
            ints.clear()
            hexes.clear()
            names.clear()
        for s in lines:
            try:
                m = match(s)
                if m is None:
                    parsed, prev_head = self._slow(s, prev_head, out[-1] if out else self._prev)
                    append(parsed)
                    continue
                head, t, pid, tid, level, typ, dom, tag, msg = m.groups()
                process = ""
                if "/" in tag:
                    process, _, tag = tag.partition("/")
                    process = names[process]
                tag = names[tag]
                kind = LOG
                dropped = 0
                if tag in drop_tags or tag == "HiLog":
                    dropped, who = _drop_info(msg)
                    if dropped or tag != "HiLog":
                        kind = DROPPED
                    if who and not process:
                        process = who
                cont = head == prev_head
                prev_head = head
                if msg and msg[-1] == "m" and msg.endswith(_RESET):
                    msg = msg[:-4]  # -v color: the reset ends a message
                    prev_head = None
                append(
                    new(
                        cls,
                        (
                            s,
                            kind,
                            t,
                            ints[pid],
                            ints[tid],
                            level,
                            typ,
                            hexes[dom],
                            process,
                            tag,
                            msg,
                            dropped,
                            cont,
                        ),
                    )
                )
            except Exception:  # noqa: BLE001 - never raise: whatever it was, keep the text
                prev_head = None
                append(_raw(s if isinstance(s, str) else _safe_str(s)))
        self._prev_head = prev_head
        if out:
            self._prev = out[-1]
        return out

    # ------------------------------------------------------------------ the rarer formats
    @staticmethod
    def _slow(
        s: str, prev_head: str | None, prev: HilogLine | None
    ) -> tuple[HilogLine, str | None]:
        if not isinstance(s, str):
            s = _safe_str(s)
        text = s.rstrip("\r\n")
        if "\x1b" in text:
            # -v color: the colour code starts a message, the reset ends it
            if text.startswith("\x1b["):
                prev_head = None
            ended = text.endswith(_RESET)
            text = _ANSI.sub("", text)
            if ended:
                line, _head = HilogParser._slow(text, prev_head, prev)
                return line._replace(raw=s), None
        mark = _PASTE_MARK.match(text)
        if mark is not None and mark.end() < len(text):
            # a line quoted (``> ``), numbered (``12. ``) or listed (``- ``) where it was pasted
            inner, head = HilogParser._slow(text[mark.end() :], prev_head, prev)
            if inner.kind != RAW:
                return inner._replace(raw=s), head
        if text[:1] in (" ", "\t"):
            stripped = text.lstrip(" \t")
            zone = _ZONE.match(stripped)  # ``-v zone`` pasted indented: ``\tCST 2026-…``
            flex = _FLEX.match(stripped[zone.end() :] if zone is not None else stripped)
            if not flex:
                line_ = _pasted_line(s, stripped)
                if line_ is not None:
                    return line_, None
            text = stripped if flex else text
        zone_cut = _ZONE.match(text)
        if zone_cut is not None:
            text = text[zone_cut.end() :]
        m = _FLEX.match(text)
        if m is not None:
            head, t, pid, tid, level, typ, dom, tag, msg = m.groups()
            msg = msg or ""
            process = ""
            if "/" in tag:
                process, _, tag = tag.partition("/")
            kind = LOG
            dropped = 0
            if tag in _DROP_TAGS or tag == "HiLog":
                dropped, who = _drop_info(msg)
                if dropped or tag != "HiLog":
                    kind = DROPPED
                if who and not process:
                    process = who
            line = _new(
                HilogLine,
                (
                    s,
                    kind,
                    t.strip(),
                    int(pid),
                    int(tid),
                    level,
                    typ,
                    int(dom, 16),
                    process,
                    tag,
                    msg,
                    dropped,
                    head == prev_head,
                ),
            )
            return line, head
        pasted = _pasted_line(s, text)
        if pasted is not None:
            return pasted, None
        logcat = _logcat_line(s, text)
        if logcat is not None:
            return logcat, None
        m = _DOMAIN_TAG_ONLY.match(text)
        if m is not None:
            # the fields the line has: no time, pid, tid or level (level "")
            typ, dom, tag, msg = m.groups()
            process = ""
            if "/" in tag:
                process, _, tag = tag.partition("/")
            line = _new(
                HilogLine,
                (s, LOG, "", 0, 0, "", typ, int(dom, 16), process, tag, msg or "", 0, False),
            )
            return line, None
        m = _LEVEL_TAG.match(text)
        if m is not None and _is_tag(m.group(2)):
            level, tag, msg = m.groups()
            line = _new(HilogLine, (s, LOG, "", 0, 0, level, "", -1, "", tag, msg, 0, False))
            return line, None
        m = _KMSG.match(text)
        if m is not None:
            t, prio, _stamp, msg = m.groups()
            level = _KMSG_LEVEL.get(int(prio), "I")
            line = _new(
                HilogLine, (s, KMSG, t or "", 0, 0, level, "K", 0, "", "kmsg", msg, 0, False)
            )
            return line, None
        if (
            prev is not None
            and text[:1] in (" ", "\t")
            and text.strip()
            and (
                text.startswith("        ")
                if prev_head is not None
                else prev.kind == LOG and _continues(text, prev)
            )
        ):
            # ``-v wrap``: a continuation padded with spaces instead of the prefix; a pasted line
            # (the Log window's, a bare ``D C03f00/Tag: msg``) wrapped onto indented lines
            line = prev._replace(raw=s, message=text.strip(), dropped=0, cont=True)
            return line, prev_head
        return _raw(s), None


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" \t"))


def _unmarked(raw: str) -> str:
    """The line without the mark it was pasted with (quoted ``> ``, numbered, listed)."""
    mark = _PASTE_MARK.match(raw)
    return raw[mark.end() :] if mark is not None and mark.end() < len(raw) else raw


def _continues(text: str, prev: HilogLine) -> bool:
    """An indented line after a pasted log line (no hilog prefix of its own) continues it when
    it is indented deeper than that line, or as deep as the continuation before it."""
    head = _unmarked(prev.raw)
    if prev.cont:
        return _indent(text) >= _indent(head)
    return _indent(text) > _indent(head) and _pasted_line(head, head.strip()) is not None


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
        if p.cont and out and _unmarked(p.raw).strip() == p.message.strip():
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


def _pasted_line(raw: str, text: str) -> HilogLine | None:
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
    return _columns(raw, text)


def _logcat_line(raw: str, text: str) -> HilogLine | None:
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
    level = typ = tag = process = ""
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
            if "/" in tag:
                process, _, tag = tag.rpartition("/")
            elif (cut := _elided_process_tag(tag)) is not None:
                tag = cut[1]  # the process column after it names the process more fully
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
    msg = text[msg_at:].strip() if msg_at < len(text) else ""
    return _new(
        HilogLine,
        (raw, LOG, t, pid, tid, level, typ, dom, process, tag, msg, 0, False),
    )


def _safe_str(value: object) -> str:
    if isinstance(value, bytes | bytearray):
        return decode_line(bytes(value))
    try:
        return str(value)
    except Exception:  # noqa: BLE001 - str() of an arbitrary object may raise anything
        return ""


def parse_line(line: str) -> HilogLine:
    """Parse one line on its own (``cont`` is always False: it needs the line before)."""
    return HilogParser().feed((line,))[0]


def _is_tag(word: str) -> bool:
    """A hilog tag, not a prose label or an error's name (``Note``, ``TypeError``)."""
    low = word.lower()
    return low not in _NOT_TAGS and not low.endswith(("error", "exception"))


_CAMEL = re.compile(r"[A-Z][a-z0-9]+[A-Z][A-Za-z0-9]*\Z", re.ASCII)


def _tag_colon_runs(parsed: list[HilogLine]) -> list[HilogLine]:
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
            line = _unmarked(parsed[j].raw.rstrip("\r\n"))
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


def parse_lines(lines: Iterable[str]) -> list[HilogLine]:
    """Parse a sequence of consecutive lines (multi-line messages are marked): a paste, so a run
    of lines cut to ``Tag: msg`` is read too (:func:`_tag_colon_runs`)."""
    parsed = HilogParser().feed(lines)
    if any(p.kind == RAW for p in parsed):
        return _tag_colon_runs(parsed)
    return parsed
