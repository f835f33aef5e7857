"""The doctor's readers rewritten for speed (issue 27, docs/decisions/0023) answer exactly as the
plain readings they replace: each is checked against that reading, kept here as the oracle."""

from __future__ import annotations

import re

from hmdesk.core.toolchain import build_log, redact
from hmdesk.core.toolchain.crash import faultlog
from hmdesk.core.toolchain.error_places import _LINE_ONLY, _LOC, _same_file, with_column
from hmdesk.core.toolchain.finding import BLOCK_CHARS, BLOCK_LINES, first_error_block
from hypothesis import given
from hypothesis import strategies as st

_STAMP = "[2026-05-10T21:27:35.397]"
_DEBUG_LINES = (
    f"{_STAMP} [ERROR] debug-file - ArkTS Compiler Error",
    f"{_STAMP} [DEBUG] debug-file - ERROR: stacktrace = Error: x",
    f"{_STAMP} [WARN] debug-file - ",
    f"{_STAMP} [DEBUG] debug-file - noise",
    f"{_STAMP} [INFO] debug-file - Finished",
    "[not a record] text",
    "    at f (file:///a.js:1:2)",
    "\tat g (native)",
    "\xa0 at f (a.js:1:2)",  # a frame's words after a space that is not " " or tab: kept
    " \vat (x:1:2)",
    "  > a line of advice",
    "Error Message: Object is possibly 'undefined'. At File: a.ets:5:11",
    "",
    "\r",
)


def _records_by_line(log: str, start: int, end: int) -> list[tuple[str, str]]:
    """The reading before: every line of the span, one at a time."""
    kept: list[tuple[str, list[str]]] = []
    lines: list[str] | None = None
    for raw in log[start:end].split("\n"):
        m = build_log.RECORD_RE.match(raw) if raw.startswith("[") else None
        if m is not None:
            level, said = m.group(1), raw[m.end() :]
            if level == "DEBUG" and said.startswith(build_log._STACKTRACE):
                level, said = "ERROR", said[len(build_log._STACKTRACE) :]
            lines = [said] if level in build_log._KEPT else None
            if lines is not None:
                kept.append((level, lines))
        elif lines is not None and not (raw[:1] in " \t" and build_log._FRAME_RE.match(raw)):
            lines.append(raw)
    return [(level, "\n".join(body)) for level, body in kept]


@given(st.lists(st.sampled_from(_DEBUG_LINES), max_size=14), st.sampled_from(["", "\n"]))
def test_a_debug_logs_records_are_read_as_line_by_line(lines: list[str], end: str) -> None:
    log = "\n".join(lines) + end
    for start, stop in ((0, len(log)), (len(log) // 3, len(log))):
        assert build_log._records(log, start, stop) == _records_by_line(log, start, stop)


def _redact_whole(text: str) -> str:
    """The reading before: each secret pattern over the whole text."""
    low = text.lower()
    if "pwd" in low or "pass" in low:
        text = redact._FLAG_RE.sub(redact._mask_value, text)
        text = redact._PASSWORD_RE.sub(redact._mask_value, text)
    if "token" in low:
        text = redact._TOKEN_RE.sub(redact._mask_value, text)
    if "authorization" in low:
        text = redact._AUTH_RE.sub(lambda m: f"{m.group(1)}{redact.MASK}", text)
    return text


_SECRET_BITS = (
    "token=abc",
    "Unexpected token",
    '"token": "x y"',
    "-keyPwd 1234",
    "-storePassword\n5678",
    "password: 'a\\'b'",
    "Authorization: Bearer abc, def",
    "ToKen = v",
    'pwd:"q"',
    "access_token = 'zz'\r",
    "\n",
    " ",
    "İ",
    "ſ",
    "K",
)


@given(st.lists(st.sampled_from(_SECRET_BITS), min_size=1, max_size=12))
def test_redaction_by_lines_masks_what_the_whole_text_reading_masks(bits: list[str]) -> None:
    text = "".join(bits)
    assert redact.redact(text) == _redact_whole(text)


def _first_block_by_line(text: str) -> str | None:
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if re.search(r"\bERROR\b", line):
            return "\n".join(lines[i : i + BLOCK_LINES])[:BLOCK_CHARS]
    return None


@given(
    st.lists(
        st.sampled_from(
            ["ERROR", "xERROR", "ERRORS", " ", "a", "\n", "\r\n", "\r", "\x85", "\u2028", "\x0c"]
        ),
        max_size=20,
    )
)
def test_the_first_error_block_is_the_first_line_naming_error(bits: list[str]) -> None:
    text = "".join(bits)
    assert first_error_block(text) == _first_block_by_line(text)


@given(st.text(alphabet="a1_\\*\n ", max_size=30))
def test_a_markdown_escape_is_dropped_where_it_was(text: str) -> None:
    before = re.compile(r"(?<=[A-Za-z0-9])\\(?=[_*])")
    assert faultlog._MD_ESCAPE.sub("", text) == before.sub("", text)


def _with_column_scanning(location: str | None, text: str) -> str | None:
    m = _LINE_ONLY.match(location or "")
    if m is None:
        return location
    for place in _LOC.finditer(text):
        parts = place.group("loc").rsplit(":", 2)
        if len(parts) == 3 and parts[1] == m["line"] and _same_file(parts[0], m["file"]):
            return place.group("loc")
    return location


@given(
    st.sampled_from(["a.ets:12", "E:\\p\\a.ets:12", "b.ts:3", None, "a.ets"]),
    st.lists(
        st.sampled_from(["a.ets:12:7", "A.ETS:12:9", "b.ts:3:1", "a.ets:13:1", " ", "\n", "x"])
    ),
)
def test_a_place_gets_its_column_as_before(location: str | None, bits: list[str]) -> None:
    text = "".join(bits)
    assert with_column(location, text) == _with_column_scanning(location, text)


@given(
    st.lists(
        st.sampled_from(
            [
                "Vulkan",
                "ErrorIncompatibleDriver",
                "VK_ERROR_INCOMPATIBLE_DRIVER",
                "x",
                " ",
                "\n",
                "\r",
            ]
        ),
        max_size=16,
    )
)
def test_the_vulkan_line_is_the_line_found_before(bits: list[str]) -> None:
    from hmdesk.core.toolchain.hilog.says import _NO_VULKAN

    before = re.compile(
        r"[^\n]*(?:Could not create Vulkan instance|VK_ERROR_INCOMPATIBLE_DRIVER|"
        r"ErrorIncompatibleDriver)[^\n]*"
    )
    text = "".join(bits)
    now, then = _NO_VULKAN.search(text), before.search(text)
    assert (now and now.span()) == (then and then.span())


@given(
    st.lists(
        st.sampled_from([" ", "\t", ".", "At file: a.ets:3", "At File:", "a", "\n", "b "]),
        max_size=24,  # the reading before costs a run of spaces' cube
    )
)
def test_a_messages_place_is_cut_as_before(bits: list[str]) -> None:
    from hmdesk.core.toolchain.code_findings import _AT_FILE_TAIL

    before = re.compile(r"\s*\.?\s*\bAt [Ff]ile:\s*\S.*$")
    text = "".join(bits)
    assert _AT_FILE_TAIL.sub("", text) == before.sub("", text)


_HINT_BITS = (
    " ",
    "\t",
    "\n",
    "x",
    "Reason:",
    "9 #01 pc 0a /",
    "#01 pc 0a /",
    "a.MAIN_THREAD_JANK",
    " MAIN_THREAD_JANK",
    "a.c:1:2: runtime error: ",
    "ERROR: AddressSanitizer: ",
    "HiAppEvent x exception=",
    "thread 'm' panicked at src/a.rs:3",
    "label Error message:",
)


@given(st.lists(st.sampled_from(_HINT_BITS), max_size=10))
def test_the_fault_hint_answers_as_before(bits: list[str]) -> None:
    from hmdesk.core.toolchain.crash.faultlog import FAULT_HINT

    now = FAULT_HINT.pattern
    before = re.compile(now.pattern.replace(r"^\s*+(", r"^\s*(", 1), now.flags)
    assert before.pattern != now.pattern
    text = "".join(bits)
    assert bool(FAULT_HINT.search(text)) == bool(before.search(text))
