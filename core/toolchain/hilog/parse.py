"""hilog line parser: every line format hilog prints, into a flat tuple, fast, never raising.

A :class:`.line.HilogLine` is a ``NamedTuple`` (cheap to build, C-speed field access). The parser
knows (the hilog documentation, hiviewdfx_hilog ``log_print.cpp``):

* open-source hilog ``11-15 15:51:02.087  2823  2823 I A03200/testTag: msg`` (lower-case hex),
* HarmonyOS NEXT with a process segment and upper-case hex ``I A01B05/com.ohos.sceneboard/AOD: msg``,
* pre-Aug-2022 OpenHarmony without the type letter `` I 03200/testTag: msg``,
* ``-v year`` (``2026-11-15 ...``), ``-v msec/usec/nsec`` fractions, ``-v zone`` (``CST 11-15 ...``),
  ``-v epoch`` / ``-v monotonic`` times, ``-v color`` (ANSI escapes around a message; hilog puts
  the colour code before the first line and the reset after the last line of a multi-line message),
* ``-v wrap`` continuation lines (padded with spaces instead of the prefix),
* kernel lines ``08-06 16:51:04.945 <6> [4294.967295] hungtask_base ...`` (and bare ``<6>[...] ...``),
* drop markers: tag ``LOGLIMIT`` (``==LOGS OVER PROC QUOTA, 12 DROPPED==`` or
  ``108 line(s) dropped in a second!``), tag ``LOGLIMITD`` (``N line(s) dropped!``), and hilog's
  own ``Slow reader missed log lines: N`` / ``write socket failed, N line(s) dropped!``;
  the number lost is in ``dropped`` (and the process a quota marker names in ``process``).

Multi-line messages: hilog prints every ``\\n``-separated piece with the full prefix, so
consecutive lines with the same prefix (time, pid, tid, level, domain, tag) belong to one message;
:class:`HilogParser` marks the second and later ones ``cont=True``.

Lines as people paste them (a Log window's columns, logcat, a prefix cut short) are read by
:mod:`.pasted`. Anything else is kept as a ``raw`` line (``message`` = the text). Nothing raises.

Speed: one compiled regex for the common case, tuples built with ``tuple.__new__``, the rarer
formats only after that regex missed; pids, domains, tags and process names go through small
per-parser caches (a dict hit is cheaper than ``int()``, and a 200k-line ring shares the
repeated strings: ~330 instead of ~490 bytes a line besides the raw text). ``HilogParser.feed(list_of_str)`` is the batch entry point
(≈400k lines/s on CPython 3.11); ``parse_line`` is the stateless single-line form.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from hmdesk.core.toolchain.hilog.line import DROPPED, KMSG, LOG, RAW, HilogLine
from hmdesk.core.toolchain.hilog.pasted import (
    columnless,
    continues,
    level_led,
    log_window_line,
    pasted_line,
    tag_colon_runs,
    unmarked,
)

__all__ = [
    "HilogParser",
    "decode_line",
    "decode_log",
    "parse_hilog_text",
    "parse_line",
    "parse_lines",
]

_new = tuple.__new__

# The common case, one regex: (head (time) pid tid level type domain / tagfield) ": " message.
# The head group is everything before ": "; equal heads on consecutive lines = one message.
_FAST = re.compile(
    r"(((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+) +(\d+) +(\d+) ([DIWEF]) ([ACIKP]?)([0-9A-Fa-f]{5})/(.*?)): ([^\r\n]*)\Z",
    re.ASCII | re.DOTALL,
)
# Everything the fast regex does not take: other time formats, an empty message, line ends, and
# hdc's columns separated by tabs as well as spaces (``05-16 05:46:35.883\t1499\t23501\tE …``,
# as a terminal's copy keeps them).
_FLEX = re.compile(
    r"(((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+| *\d+\.\d+)[ \t]+(\d+)[ \t]+(\d+)[ \t]([DIWEF])[ \t]([ACIKP]?)([0-9A-Fa-f]{5})/(.*?))(?:: (.*)|:[ \t]*)\Z",
    re.ASCII | re.DOTALL,
)
_KMSG = re.compile(
    r"(?:((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+) +)?<(\d{1,3})> ?(\[ *\d+\.\d+\])? ?(.*)\Z",
    re.ASCII | re.DOTALL,
)
_ZONE = re.compile(
    r"([A-Za-z][A-Za-z0-9+\-:]{0,15}|[+\-]\d{2,4}) (?=(?:\d{4}-)?\d\d-\d\d )", re.ASCII
)
_ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
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
        unquoted = unmarked(text)
        if len(unquoted) < len(text):
            # a line quoted (``> ``), numbered (``12. ``) or listed (``- ``) where it was pasted
            inner, head = HilogParser._slow(unquoted, prev_head, prev)
            if inner.kind != RAW:
                return inner._replace(raw=s), head
        if text[:1] in (" ", "\t"):
            stripped = text.lstrip(" \t")
            zone = _ZONE.match(stripped)  # ``-v zone`` pasted indented: ``\tCST 2026-…``
            flex = _FLEX.match(stripped[zone.end() :] if zone is not None else stripped)
            if not flex:
                line_ = log_window_line(s, stripped)
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
        pasted = pasted_line(s, text)
        if pasted is not None:
            return pasted, None
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
                else prev.kind == LOG and continues(text, prev)
            )
        ):
            # ``-v wrap``: a continuation padded with spaces instead of the prefix; a pasted line
            # (the Log window's, a bare ``D C03f00/Tag: msg``) wrapped onto indented lines
            line = prev._replace(raw=s, message=text.strip(), dropped=0, cont=True)
            return line, prev_head
        return _raw(s), None


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


def parse_lines(lines: Iterable[str]) -> list[HilogLine]:
    """Parse a sequence of consecutive lines (multi-line messages are marked): a paste, so a run
    of lines cut to ``Tag: msg`` is read too (:func:`.pasted.tag_colon_runs`)."""
    parsed = HilogParser().feed(lines)
    if any(p.kind == RAW for p in parsed):
        return tag_colon_runs(parsed)
    return parsed


def parse_hilog_text(lines: Iterable[str]) -> list[HilogLine]:
    """The lines of a text known to be hilog (pasted or opened in the hilog view, a corpus
    sample): :func:`parse_lines`, and when no line carries a hilog column, its lines as records
    with only a tag or only a message (:func:`.pasted.columnless`), and in a paste of level-led
    lines a line whose tag was cut (:func:`.pasted.level_led`). Text not known to be hilog
    (a build log, a fault log, prose) goes to :func:`parse_lines`, which leaves such lines raw."""
    return level_led(columnless(parse_lines(lines)))
