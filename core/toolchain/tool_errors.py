"""The build tool's own error, read in general: which tool printed it, in which build phase, what it
says, its code, the place it names and its own advice.

The doctor's signatures (:mod:`hmdesk.core.toolchain.doctor`) know messages one by one; a message
none of them knows is still printed by a tool the log names: clang/ld.lld/CMake/ninja, ohpm,
npm/pnpm, hap-sign-tool, the packing tool (BundleTool), restool, a JVM, the ArkTS compiler, or
hvigor itself, while a task (``Failed :entry:default@SignHap...``) names the build phase. This
module reads those, without knowing any message:

* :func:`read_tool_error`: the first error line of a known tool (a compiler's or linker's
  ``error:``, ``CMake Error``, ``ninja: error:``, ``ohpm ERROR:``, ``npm ERR!``,
  ``hap-sign-tool: error:``, ``BundleTool [Error]``, a Java exception, ``ArkTS:ERROR``,
  ``error TS…``), else the first of hvigor's generic ``ERROR:`` / ``Error Message:`` /
  ``error:`` lines that is not narration, with its continuation lines;
* the class comes from the tool when its prefix names one (``kind``), else from the failed task's
  phase (``phase_kind``), else from the project file the message names (``named_kind``: a
  ``.p12`` is signing, ``oh-package.json5`` is ohpm); only a compiler's, linker's, signing
  tool's or the ArkTS compiler's own line is *certain*: the rest is "possibly";
* the tool's advice (:mod:`~hmdesk.core.toolchain.tool_advice`) and the place its words name
  (:mod:`~hmdesk.core.toolchain.error_places`) go with it.

The tools' lines are in :mod:`~hmdesk.core.toolchain.tool_table`, the phases in
:mod:`~hmdesk.core.toolchain.build_phases`, what a named file or the OS's refusal says in
:mod:`~hmdesk.core.toolchain.error_subjects`.

Pure text in, data out: no I/O, nothing here decides a remedy beyond the first step of a phase.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hmdesk.core.toolchain.build_phases import FAILED_TASK, failed_task, own_task, phase_of
from hmdesk.core.toolchain.error_places import at_file, located, place_above
from hmdesk.core.toolchain.error_subjects import os_refusal, place_kind
from hmdesk.core.toolchain.prefilter import fold, holds
from hmdesk.core.toolchain.tool_advice import ADVICE_HEAD, tool_advice
from hmdesk.core.toolchain.tool_table import (
    COMPILER_RANGES,
    RAN_TOOL_KINDS,
    TITLE_KINDS,
    TOOLS,
    Tool,
)

# hvigor's and other tools' generic error lines: the phase (or the file they name) decides
_GENERIC = re.compile(
    r"^\s*(?:\d+\.?\s+)?(?:\[[^\]\n]{1,40}\]\s*)*(?:[\w-]+ - )?(?:>\s*)?"
    r"(?:hvigor\s+ERROR[:：]|ERROR[:：]|Error Message:|\[?ERROR\]|error:|(?:Module not found:\s*)?Error:|"
    r"FAILURE:|错误[:：]|"
    r"Cause:)"
    r"\s*(?P<msg>\S.*)$"
)
# the lines that only narrate a failure (the task that failed, the summary, a tool's exit)
_NARRATION = re.compile(
    r"^(?:Failed\s*:|BUILD FAILED|Tools execution failed|ninja: (?:Entering|build stopped)|"
    r"Process finished|COMPILE RESULT|Detail: Please check the message|"
    r"(?:\d+ )?ERROR:\s*$|Error code:?\s*\d+\s*$|"
    r"(?:\d{8}\s+)?(?:[A-Z][a-z]+ )*(?:Error|Violation|Failed)\s*$)",
    re.I,
)
_CODE = re.compile(r"(?<![\w.])(\d{8})(?![\w.])")
# hvigor's own notice in a debug log, passing builds' too, never its failure: the Cangjie
# plugin's schemas looked for in a project without Cangjie (``failed to load cangjie to
# dynamically generate schemas: Error: Cannot find module '@ohos/cangjie-build-support/index'``)
_HVIGOR_NOTICE = "failed to load cangjie to dynamically generate schemas"

# phases that check or pack every project file: the file the message names says more than they do
_FILE_CHECKING_PHASES = frozenset({"config", "java"})


@dataclass(frozen=True)
class ToolError:
    """What a build tool printed about its failure."""

    tool: str  # "ohpm", "the C/C++ compiler", "hvigor" …
    message: str  # its message (with continuation lines), ≤ 400 characters
    evidence: str  # the line it is on
    kind: str | None  # the class the tool names by itself
    certain: bool  # the tool's own line decides the class
    phase_kind: str | None = None  # the class of the failed task's phase
    phase: str | None = None  # the phase in words ("signing")
    task: str | None = None  # "SignHap"
    module: str | None = None  # "entry"
    named_kind: str | None = None  # the class of a project file the message names
    os_kind: str | None = None  # what the operating system refused (a file not writable …)
    wrapped: bool = False  # a wrapper (flutter, a CLI) reports the tool failed, not its output
    location: str | None = None
    code: str | None = None
    advice: str = ""

    @property
    def klass(self) -> str | None:
        """The class: the tool's own, else the phase's, else the named file's (None: unknown)."""
        if self.os_kind and not self.certain:
            return self.os_kind
        if self.kind:
            return self.kind
        if self.phase_kind in _FILE_CHECKING_PHASES and self.named_kind:
            return self.named_kind
        return self.phase_kind or self.named_kind

    @property
    def decided(self) -> bool:
        """True when the class is certain: a tool's own line that names it, or a tool whose
        class the failed phase confirms."""
        return self.kind is not None and (self.certain or self.kind == self.phase_kind)


# a line that only gives a place (``ArkTS:ERROR File: a.ets:25:10``): the message follows
_ONLY_PLACE = re.compile(r"^(?:File:\s*)?\S+:\d+(?::\d+)?\s*$")
_CONTINUATION = re.compile(
    r"^(?:\s+\S|\s*(?:Error Message|Detail|Details|Reason|Cause)[:：]|\s*[Aa]t [Ff]ile:)"
)


# a wrapper (flutter, uni-app's CLI, hvigor's "Command failed") naming the tool it ran
_WRAPPED = re.compile(
    r"^(?P<msg>.*?(?:\bCommand:\s*|[Cc]ommand failed(?: with exit code \S+)?:\s*)"
    r"(?:\S*[\\/])?(?P<who>[\w-]+?)(?:\.exe|\.bat|\.cmd)?\b.*)"
)


def _wrapped(lines: list[str]) -> tuple[int, str, re.Match[str], Tool | None] | None:
    for i, raw in enumerate(lines):
        m = _WRAPPED.search(raw) if _MAYBE_ERROR.search(raw) or "exit" in raw else None
        if m is not None:
            who = m.group("who").lower()
            return i, raw.strip(), m, Tool(who, _WRAPPED, RAN_TOOL_KINDS.get(who), False)
    return None


def _continues(lines: list[str], i: int) -> bool:
    """The line after ``i`` continues it (CMake prints its message indented below)."""
    return i + 1 < len(lines) and bool(_CONTINUATION.match(lines[i + 1]))


def _said_below(tool: Tool, lines: list[str], i: int) -> bool:
    """CMake prints ``CMake Error at CMakeLists.txt:35 (target_sources):`` and its message on
    the lines below, indented or not; Gradle its under ``* What went wrong:``."""
    return tool.name in ("CMake", "Gradle") and i + 1 < len(lines) and bool(lines[i + 1].strip())


def _below(lines: list[str], i: int) -> str:
    """The lines under line ``i`` up to the first blank one (at most three), joined."""
    out: list[str] = []
    for ln in lines[i + 1 : i + 4]:
        if not ln.strip():
            break
        out.append(ln.strip().lstrip("> ").strip())
    return " ".join(out)


def _message(lines: list[str], i: int, first: str) -> str:
    """``first`` and the lines continuing it (indented, or a Detail/Reason line), ≤ 400 chars."""
    parts = [first.strip()]
    for ln in lines[i + 1 : i + 4]:
        if not ln.strip() or not _CONTINUATION.match(ln) or ADVICE_HEAD.match(ln):
            break
        if re.match(r"^\s+at\s", ln):  # a stack frame
            break
        parts.append(ln.strip())
    return " ".join(p for p in parts if p)[:400]


# hvigor's schema error object below its line (``{ instancePath: …, message: "must have …" }``)
_SCHEMA_MESSAGE = re.compile(r"^\s*message:\s*[\"'](?P<msg>.+?)[\"'],?\s*$", re.M)


def _schema_message(message: str, around: str) -> str:
    """``message`` with the schema error's own ``message:`` below it, when there is one."""
    m = _SCHEMA_MESSAGE.search(around)
    if m is None or m.group("msg") in message:
        return message
    return f"{message} {m.group('msg')}"[:400]


# a tool's own number for its error (hap-sign-tool's ``code: 109``), when no 8-digit code is there
_SMALL_CODE = re.compile(r"\b(?:[Ee]rror ?)?[Cc]ode[:=]\s*(\d{3,7})\b")

# a code printed with its title (``ERROR: 10905209 ArkTS Compiler Error``, ``Error Code:
# 11204003`` then ``Error: File Resource Error``): the message is the ``Error Message:`` below
_TITLED = re.compile(
    r"^\s*(?:\d+\.?\s+)?(?:>\s*)?(?:hvigor\s+)?(?:ERROR:\s*|Error Code:\s*)?(?P<code>\d{8})\b"
    r"(?:\s+(?P<title>[A-Z][\w ]*?))?\.?\s*$"
)
_HAS_CODE = re.compile(r"\d{8}")
_MESSAGE_LINE = re.compile(r"^\s*(?:\d+\.?\s+)?(?:Error Message|Error|Message):\s*(?P<msg>\S.*)$")

# a path in a message (``D:\\My_ArkTS_App\\entry\\oh-package.json5``): its folder names are the
# developer's, never a tool's title
_PATH_TOKEN = re.compile(r"\S*[\\/]\S*")


# Every error line the readers below take holds one of these words: (the pattern before it, the
# word, the pattern after it). The per-line gate (``_MAYBE_ERROR``) and the whole-text pre-check
# (:func:`_maybe_error`) are both built from this one table, so they cannot drift: a word is
# matched in ASCII case only (``(?a)``: not ``ſ`` for ``s``), so the text's ``lower()`` holds it
# whenever a line matches.
_ANY_CASE: tuple[tuple[str, str, str], ...] = (
    ("", "error", ""),
    ("", "err", r"\b"),  # ERR:, npm ERR!
    ("", "err_", ""),
    ("", "exception", ""),
    ("", "fail", "(?:ed|ure)"),  # also Failed :entry:default@… (the failed task's line)
    ("", "cannot read propert", ""),
    ("", "is not a function", ""),
    ("", "is not defined", ""),
    ("", "undefined ", "(?:symbol|reference)"),
    ("not (?:been )?", "accepted", ""),
    ("", "not within", ""),
    ("", "SDK_HOME", ""),
    ("", "sdk.dir", ""),
    ("", "bad cpu type", ""),
    ("", "<ArkTS", ""),
    ("", "unreachable", ""),
    ("", "assertion", ""),
    ("", "locally, but", ""),
    ("", "exported member", ""),
    ("", "cannot find", ""),
    ("", "does not exist on", ""),
    ("", "not assignable", ""),
    ("", "unterminated", ""),
    ("", "statement expected", ""),
    ("", "invalid character", ""),
    ("", "conflict marker", ""),
    ("", "must have", ""),
    ("", "importing arkts", ""),
    ("", "OhmUrl", ""),
    ("", "could not resolve", ""),
    ("", "must not have", ""),
    ("", "mandatory", ""),
    ("", "uv_cwd", ""),
    ("", "went wrong", ""),
    ("", "ohpm ", "(?:has|is|was) not"),
    ("", "ArkTS:WARN", ""),
    ("", "http", r"s?://\S+\s*(?:-\s*)?[45]\d\d\b"),  # http://host/x 404
)
_EXACT_CASE: tuple[tuple[str, str, str], ...] = (
    ("", "(arkts-", ""),
    (r"^\s*", "Cause:", ""),
    ("", "错误", ""),
    ("", "失败", ""),
)
_ERRNO = r"\bE[A-Z]{3,}:"  # Node's errno (ENOENT:): no fixed word, so searched as it is


def _around(before: str, word: str, after: str, flags: str) -> str:
    return f"{before}(?{flags}:{re.escape(word)}){after}"


_MAYBE_ERROR = re.compile(
    "(?i:"
    + "|".join(_around(*w, "ai") for w in _ANY_CASE)
    + ")|"
    + "|".join(_around(*w, "a") for w in _EXACT_CASE)
    + f"|{_ERRNO}"
)
"""A line that can be an error line; a line without it is skipped unread."""
_ALL_WORDS = {w.lower() for _, w, _ in _ANY_CASE + _EXACT_CASE}
_WORDS = tuple(sorted(w for w in _ALL_WORDS if not any(o != w and o in w for o in _ALL_WORDS)))
"""The words of ``_MAYBE_ERROR``, lowercase, less those holding a shorter one (``error``: ``err``)."""
_ERRNO_RE = re.compile(_ERRNO)


# a line that is only a title (``Resource Pack Error``, ``Error Code: 00308018 Unknown Error``)
_TITLE_ONLY = re.compile(
    r"^(?:Error Code:\s*)?(?:\d{8}\s+)?(?:[A-Z]\w* )*(?:Error|Violation|Failed|Exception)\.?\s*$"
)


def _maybe_error(text: str) -> bool:
    """Whether any line of ``text`` can be an error line (cheap: the words of ``_MAYBE_ERROR``,
    then Node's errno): False only when no line matches ``_MAYBE_ERROR``."""
    lower = text.lower()
    return any(w in lower for w in _WORDS) or _ERRNO_RE.search(text) is not None


def _titled_by(line: str) -> Tool | None:
    """The tool a title line above a message names (``hvigor ERROR: Resource Pack Error``)."""
    title = _GENERIC.match(line)
    if title is None or not _TITLE_ONLY.match(title.group("msg")):
        return None
    for rx, kind, tool, certain in TITLE_KINDS:
        if rx.search(title.group("msg")):
            return Tool(tool, _GENERIC, kind, certain)
    return None


def _titled(lines: list[str]) -> tuple[int, str, str, str, str | None, bool] | None:
    """(line index, code, tool, message, kind, certain) of the first code printed with a title
    (or alone) whose message follows on an ``Error Message:`` line."""
    for i, raw in enumerate(lines):
        m = _TITLED.match(raw) if _HAS_CODE.search(raw) else None
        if m is None:
            continue
        code, title = m.group("code"), m.group("title") or ""
        msg = ""
        for ln in lines[i + 1 : i + 4]:
            mm = _MESSAGE_LINE.match(ln)
            if mm is not None and not _NARRATION.match(mm.group("msg")):
                msg = mm.group("msg")
                break
        if not msg:
            continue
        if code[:3] in COMPILER_RANGES:
            return i, code, COMPILER_RANGES[code[:3]], msg, "arkts-source", True
        below = _PATH_TOKEN.sub(" ", " ".join(lines[i + 1 : i + 3])[:200])
        for rx, kind, tool, certain in TITLE_KINDS:
            if rx.search(title) or rx.search(below):
                return i, code, tool, msg, kind, certain
        for known in TOOLS:  # the message is another tool's output ("Error Message: ohpm ERROR: …")
            if known.kind and known.pattern.search(msg):
                return i, code, known.name, msg, known.kind, False
        return i, code, "hvigor", msg, None, False
    return None


def _phase_only(
    text: str, module: str | None, task: str | None, phase_kind: str | None, phase: str | None
) -> ToolError | None:
    """A failed task with no error line of its own (pasted alone, or its output cut)."""
    m = FAILED_TASK.search(text)
    if m is None or phase_kind is None:
        return None
    start = text.rfind("\n", 0, m.start()) + 1
    end = text.find("\n", m.end())
    line = text[start : end if end >= 0 else len(text)].strip()
    return ToolError(
        tool="hvigor",
        message=f"the task {task} failed; its own error is not in this output",
        evidence=line[:200],
        kind=None,
        certain=False,
        phase_kind=phase_kind,
        phase=phase,
        task=task,
        module=module,
        advice=tool_advice(text, m.start()) or tool_advice(text),
    )


# an error said after prose on its line (``构建时报错：Error: …``, ``profile验证失败：…``)
_LOOSE = re.compile(r"(?:\bError:|\bERROR:|失败[:：]|错误[:：]|\bfailed:)\s*(?P<msg>\S.{8,})")


def _loose(lines: list[str]) -> tuple[int, str, re.Match[str], Tool | None] | None:
    for i, raw in enumerate(lines):
        m = _LOOSE.search(raw) if _MAYBE_ERROR.search(raw) else None
        if m is not None and not _NARRATION.match(m.group("msg")):
            return i, raw.strip(), m, None
    return None


# the ArkTS compile's own readers, whose error below hvigor's JavaScript failing is the cause
_COMPILERS = frozenset(
    ("the ArkTS compiler", "the module resolver", "the TypeScript checker", "the ArkTS linter")
)


def read_tool_error(text: str) -> ToolError | None:
    """The first error a known tool prints in ``text`` (else the first generic error line that is
    not narration), with the failed task's phase; None when the text holds no error line."""
    if not _maybe_error(text):
        return None  # no line of it can be an error (a log of progress lines only)
    lines = text.splitlines()
    module, task = failed_task(text)
    phase_kind, phase = phase_of(task)
    if phase_kind is None and own_task(text):
        phase_kind, phase = "hvigor-task", f"the project's own hvigor task {task}"
    titled = _titled(lines)
    if titled is not None:
        i, code, name, msg, kind, certain = titled
        j = next(k for k in range(i + 1, min(i + 4, len(lines))) if msg in lines[k])
        message = _message(lines, j, msg)
        pos = sum(len(ln) + 1 for ln in lines[:i])
        location = at_file(message) or located(message, "\n".join(lines[i : i + 6]))
        return ToolError(
            tool=name,
            message=message,
            evidence=f"{lines[i].strip()} — {msg.strip()}"[:200],
            kind=kind,
            certain=certain,
            phase_kind=phase_kind,
            phase=phase,
            task=task,
            module=module,
            named_kind=place_kind(message, location),
            os_kind=os_refusal(message),
            location=location,
            code=code,
            advice=tool_advice(text, pos) or tool_advice(text),
        )
    found: tuple[int, str, re.Match[str], Tool | None] | None = None
    fallback: tuple[int, str, re.Match[str], Tool | None] | None = None
    crashed: tuple[int, str, re.Match[str], Tool | None] | None = None
    for i, raw in enumerate(lines):
        line = raw.strip()
        if (
            not line
            or len(line) > 2000
            or _MAYBE_ERROR.search(line) is None
            or _HVIGOR_NOTICE in line
        ):
            continue
        folded = fold(line)
        for tool in TOOLS:
            if tool.need is not None and not holds(tool.need, folded):
                continue  # the line lacks the tool's words (docs/decisions/0023)
            m = tool.pattern.search(line)
            if m is None or not (
                m.group("msg").strip() or _continues(lines, i) or _said_below(tool, lines, i)
            ):
                continue
            if tool.fallback:
                fallback = fallback or (i, line, m, tool)
                continue
            found = (i, line, m, tool)
            break
        if found is not None and not (
            found[3] is not None and found[3].name == "hvigor's JavaScript" and crashed is None
        ):
            break
        if found is not None and crashed is None:
            # hvigor's own JavaScript failing (a TypeError while it reports) over the compiler's
            # error printed below it: that error is the cause (the FAQ's 10311002 under
            # "Cannot read properties of undefined (reading 'split')")
            crashed, found = found, None
    if crashed is not None and (
        found is None or found[3] is None or found[3].name not in _COMPILERS
    ):
        found = crashed
    if (
        fallback is not None
        and fallback[3] is not None
        and phase_kind not in (None, fallback[3].kind)
    ):
        fallback = None  # another phase's line (a compiler's warning) is no failed signing's cause
    found = found or fallback or _wrapped(lines)
    if found is None:
        for i, raw in enumerate(lines):
            m = _GENERIC.match(raw) if _MAYBE_ERROR.search(raw) else None
            if m is None:
                continue
            msg = m.group("msg").strip()
            if (
                _NARRATION.match(msg)
                or _NARRATION.match(msg.lstrip("> "))
                or _TITLE_ONLY.match(msg)
            ):
                continue
            found = (i, raw.strip(), m, _titled_by(lines[i - 1] if i else ""))
            break
    if found is None:
        found = _loose(lines)
    if found is None:
        return _phase_only(text, module, task, phase_kind, phase)
    i, line, m, by = found
    first = m.group("msg")
    if _ONLY_PLACE.match(first) and i + 1 < len(lines) and lines[i + 1].strip():
        # the old ArkTS format: the place, and the message on the line below
        place = re.sub(r"^File:\s*", "", first.strip())
        first = lines[i + 1].strip()
        i += 1
        m = re.match(r"(?P<msg>.*)", first) or m
        location_hint: str | None = place
    else:
        location_hint = None
    if not first.strip() and by is not None and _said_below(by, lines, i):
        first = _below(lines, i)  # CMake's message on the lines under its ``CMake Error at`` line
    message = _message(lines, i, first)
    groups = m.groupdict()
    location = groups.get("loc") or location_hint or place_above(lines, i)
    if location and groups.get("l"):
        location = f"{location}:{groups['l']}:{groups['c']}"
    around = "\n".join(lines[i : i + 6])
    location = location or at_file(message) or located(message, around) or at_file(around)
    message = _schema_message(message, "\n".join(lines[i : i + 10]))
    pos = sum(len(ln) + 1 for ln in lines[:i])
    before = "\n".join(lines[max(0, i - 2) : i + 1])
    coded = _CODE.search(line) or _CODE.search(before) or _SMALL_CODE.search(message)
    name = by.name if by else "hvigor" if "hvigor" in line else "the build"
    return ToolError(
        tool=name,
        message=message,
        evidence=line[:200],
        kind=by.kind if by else None,
        certain=bool(by and by.certain),
        phase_kind=phase_kind,
        phase=phase,
        task=task,
        module=module,
        named_kind=place_kind(message, location),
        os_kind=os_refusal(message),
        location=location,
        code=coded.group(1) if coded else None,
        advice=tool_advice(text, pos) or tool_advice(text),
        wrapped=by is not None and by.pattern is _WRAPPED,
    )
