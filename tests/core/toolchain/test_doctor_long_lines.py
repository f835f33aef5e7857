"""Patterns rewritten so a long run of spaces or tabs costs its length, not its square (issue 27):
each answers as the pattern it replaced (kept here as the oracle) on the corpus's lines and on
random text, and its cost grows with a line's length like a linear scan's."""

from __future__ import annotations

import re
from pathlib import Path

from hmdesk.core.toolchain import device_words, fault_text
from hmdesk.core.toolchain.hilog import pasted
from hmdesk.core.toolchain.tool_advice import ADVICE_HEAD
from hypothesis import given, settings
from hypothesis import strategies as st

_A, _S = re.ASCII | re.DOTALL, re.M | re.I
_STAMP = r"((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+)"
# the patterns before (name: (old pattern, new pattern, how the doctor calls it))
_CASES = {
    "_DEVECO": (
        re.compile(
            # (the time column optional before pid-tid since held-out batch FF)
            r"[ \t]*(?:(?:((?:\d{4}-)?\d\d-\d\d \d\d:\d\d:\d\d\.\d+)[ \t]+)?(\d+)(-|\.\.\.)(\d+)[ \t]+)?"
            r"([ACIKP]?)([0-9A-Fa-f]{5})/(\S+)[ \t]+(?:(\S+)[ \t]+)?([DIWEF])(?:[ \t]+(.*)|[ \t]*)\Z",
            _A,
        ),
        pasted._DEVECO,
    ),
    "_DEVECO_OLD": (
        re.compile(
            r"[ \t]*" + _STAMP + r"[ \t]+(\d+)-(\d+)/(\S+)[ \t]+([DIWEF])[ \t]+"
            r"([ACIKP]?)([0-9A-Fa-f]{5})/(.*?)(?:: (.*)|:[ \t]*)\Z",
            _A,
        ),
        pasted._DEVECO_OLD,
    ),
    "_BARE": (
        re.compile(
            r"[ \t]*(?:" + _STAMP + r" +)?([DIWEF]) ([ACIKP]?)([0-9A-Fa-f]{5})/(.*?): (.*)\Z", _A
        ),
        pasted._BARE,
    ),
    "_LOGCAT": (
        re.compile(
            r"[ \t]*" + _STAMP + r"[ \t]+(\d+)[ \t]+(\d+)[ \t]+([VDIWEFA])[ \t]+"
            r"([^\s:][^:]*?)[ \t]*:(?: (.*)|(\S.*)|[ \t]*)\Z",
            _A,
        ),
        pasted._LOGCAT,
    ),
    "_STUDIO_OLD": (
        re.compile(
            r"[ \t]*" + _STAMP + r"[ \t]+(\d+)-(\d+)/(\S+)[ \t]+([VDIWEFA])/"
            r"([^\s:/][^:/]*?)(?:\(\s*\d+\))?[ \t]*:(?: (.*)|[ \t]*)\Z",
            _A,
        ),
        pasted._STUDIO_OLD,
    ),
    "_PASTE_MARK": (
        re.compile(r"(?:[ \t]*(?:>[ \t]?|\d{1,5}[.:)][ \t]|[-*+•][ \t])){1,2}", re.ASCII),
        pasted._PASTE_MARK,
    ),
    "ADVICE_HEAD": (
        re.compile(
            r"^[ \t]*(?:\d+\.[ \t]*)?[*>]?[ \t]*(?:Try(?: the following)?|Solutions?|Suggestions?|"
            r"Possible (?:solutions?|fix(?:es)?)|How to fix|Hint|Fix|解决(?:方法|方案|办法|措施)?|建议|"
            r"处理(?:步骤|方法))[ \t]*[:：][ \t]*(?P<same>.*)$",
            _S,
        ),
        ADVICE_HEAD,
    ),
    "_REASON_LINE": (
        re.compile(
            r"^\s*(?:\W\s*)?(?:error\s+)?(?:reason|cause|caused by|detail(?:s)?|原因|失败原因)\s*[:：]\s*"
            r"(?P<r>\S[^\n]*)$",
            _S,
        ),
        device_words._REASON_LINE,
    ),
    "_BARE_JS_MESSAGE": (
        re.compile(
            r"^\s*(?:>\s*)?(?:\d{1,4}\.\s*)?(?:Error message:\s*|[^\n]*?\b(?:Throw error|\w*Error):\s*)?"
            + fault_text._BARE_JS_MESSAGE.pattern.pattern.split(r"\s*+)?", 1)[1],
            _S,
        ),
        fault_text._BARE_JS_MESSAGE.pattern,
    ),
}
_CORPUS = sorted(Path(__file__).parents[2].joinpath("data", "real_logs").rglob("*.log"))


def assert_same_spans(old: re.Pattern[str], new: re.Pattern[str], text: str) -> None:
    for how in ("match", "search"):
        a, b = getattr(old, how)(text), getattr(new, how)(text)
        assert (a and a.regs) == (b and b.regs), (how, text[:200])


def test_the_js_message_oracle_is_the_old_head_on_the_same_messages() -> None:
    old = _CASES["_BARE_JS_MESSAGE"][0].pattern
    assert old.startswith(r"^\s*(?:>\s*)?") and "(?P<msg>(?:Cannot (?:read|load)" in old


def test_the_rewritten_patterns_answer_as_before_on_the_corpus() -> None:
    assert len(_CORPUS) > 500
    for path in _CORPUS:
        log = path.read_text(encoding="utf-8", errors="replace")
        for old, new in _CASES.values():
            if old.flags & re.M:
                assert_same_spans(old, new, log)  # read over a whole text
        for line in log.splitlines():
            for old, new in _CASES.values():
                assert_same_spans(old, new, line)


_BITS = (
    " ",
    "  ",
    "\t",
    "\n",
    ":",
    ": ",
    "/",
    "(",
    "( 12)",
    ")",
    "12",
    ".",
    "...",
    "-",
    ">",
    "*",
    "•",
    "：",
    "08-14 10:38:17.485",
    "2024-09-03 16:06:44.827",
    "2901-2901",
    "2901-2901/com.example.app",
    "25500",
    "I",
    "D",
    "V",
    "I/",
    "A03d00/",
    "C02d08",
    "Tag",
    "NAPI",
    "com.examp...lication",
    "msg",
    "error",
    "reason",
    "caused by",
    "原因",
    "Try the following",
    "Possible fix",
    "解决方法",
    "TypeError",
    "Throw error",
    "Error message",
    "x is not callable",
    "Cannot read property a of undefined",
    "cannot find record 'a/b'",
    "\x0b",
    "é",
)


@settings(max_examples=600)
@given(st.lists(st.sampled_from(_BITS), max_size=16))
def test_the_rewritten_patterns_answer_as_before_on_random_text(bits: list[str]) -> None:
    text = "".join(bits)
    for old, new in _CASES.values():
        assert_same_spans(old, new, text)


# lines that reach each pattern's runs of blanks: a layout's columns cut before, inside or after
# the run (a tag with no colon after it, a pid, a level …), the run at the line's start and end
_HEADS = (
    "",
    "08-20 11:06:01.891   1948-1948     A03d00/JSAPP",
    "A03200/MY_TAG",
    "07-05 19:50:47.690 8801-8819/com.demo.app D C02d08/TAG",
    "09-15 11:01:10.749",
    "08-14 10:38:17.485 25500 25500 D NAPI",
    "2024-09-03 16:06:44.827 2901-2901/com.example.app I/Ace",
    "> 12.",
    "1. *",
    "Try the following",
    "- error",
    "reason",
    "TypeError:",
    "x Throw error: y",
)
_TAILS = ("", "x", ":", "( 12)", "\x01")


def test_a_long_run_of_blanks_costs_its_length_not_its_square() -> None:
    # 4,000 spaces and 100 kB of tabs, which only a linear pattern reads in a moment (one that
    # tries each split of the run takes hours on the tabs): no clock is read, the run finishes
    read = 0
    for _name, (_, new) in _CASES.items():
        for blanks in (" " * 4000, "\t" * 100_000):
            for head in _HEADS:
                new.match(head + blanks)
                new.search(head + blanks + "x")
                read += 1
    assert read == len(_CASES) * 2 * len(_HEADS)


def test_a_long_run_of_blank_lines_costs_its_length_not_its_square() -> None:
    # a line start inside a run of blank lines starts no match of its own (the run's first line
    # start reads it whole): 100,000 blank lines, LF or CRLF, read in a moment and the same answer
    for eol in ("\n", "\r\n"):
        blank = eol * 100_000
        reason = device_words._REASON_LINE.search(f"x{eol}{blank}reason: the disk is full{eol}")
        assert reason is not None and reason.group("r").strip() == "the disk is full"
        js = fault_text._BARE_JS_MESSAGE.search(f"x{eol}{blank}TypeError: x is not callable{eol}")
        assert js is not None and js.group("msg").startswith("x is not callable")
    # and where nothing matches: a million blank lines, which a pattern that tries every line
    # start of the run reads for half an hour, read in a moment (no clock is read)
    nothing = "x\n" + "\n" * 1_000_000 + "nothing here\n"
    assert device_words._REASON_LINE.search(nothing) is None
    assert fault_text._BARE_JS_MESSAGE.search(nothing + "TypeError") is None
