"""hvigorw: argv builders and the build log parser. Pure; nothing here runs a process.

Facts from hvigor's documented output. Log lines start with ``> hvigor `` and carry ANSI colour
escapes, which are stripped first. A build passes only when the log ends with
``BUILD SUCCESSFUL`` **and** the exit code is 0 (hvigor's exit code is not trusted alone).

Progress comes from task lines (``> hvigor Finished :entry:default@CompileArkTS... after 5 s``
and ``UP-TO-DATE :entry:default@PreBuild...``). Error blocks are read in both formats:

* new: ``1 ERROR: 10505001 ArkTS Compiler Error`` + ``Error Message: ... At File: F:L:C``
* old: ``1 ERROR: ArkTS:ERROR File: F:L:C`` + the message on the next line
* config/rollup: ``> hvigor ERROR: 00303168 Configuration Error`` + ``Error Message: ...``
  (``At file:`` in lower case for rollup).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from hmdesk.core.toolchain.hdc import InvalidName, validate_module

ANSI_RE = re.compile(r"\x1b\[[0-9;?]*[ -/]*[@-~]|\x1b[@-Z\\-_]")
PRODUCT_RE = re.compile(r"^[A-Za-z0-9_\-]{1,64}$")
BUILD_MODES = ("debug", "release")


def strip_ansi(text: str) -> str:
    return ANSI_RE.sub("", text)


# --------------------------------------------------------------------------- argv


def _check_product(name: str, what: str) -> str:
    if not PRODUCT_RE.match(name or ""):
        raise InvalidName(
            f"{what} {name!r} is not valid: letters, digits, '_' and '-' only (see build-profile.json5)."
        )
    return name


def assemble_hap_argv(
    hvigorw: str,
    *,
    module: str = "entry",
    target: str = "default",
    product: str = "default",
    build_mode: str = "debug",
    daemon: bool = False,
    extra: tuple[str, ...] = (),
) -> list[str]:
    """``hvigorw assembleHap --mode module -p module=M@T -p product=P -p buildMode=B --no-daemon``.

    Run it with the project root as the working directory.
    """
    if build_mode not in BUILD_MODES:
        raise InvalidName(f"buildMode {build_mode!r} must be one of {', '.join(BUILD_MODES)}.")
    return [
        hvigorw,
        "assembleHap",
        "--mode",
        "module",
        "-p",
        f"module={validate_module(module)}@{_check_product(target, 'target')}",
        "-p",
        f"product={_check_product(product, 'product')}",
        "-p",
        f"buildMode={build_mode}",
        "--daemon" if daemon else "--no-daemon",
        *extra,
    ]


def clean_argv(hvigorw: str, *, daemon: bool = False) -> list[str]:
    return [hvigorw, "clean", "--daemon" if daemon else "--no-daemon"]


# --------------------------------------------------------------------------- parsing

# ``> hvigor ERROR: …``, also pasted without its ``>`` (``hvigor ERROR: 00303038 …``)
_PREFIX_RE = re.compile(r"^(?:>\s*)?hvigor\s+(?=[A-Z])")
TASK_RE = re.compile(
    r"^(?P<status>Finished|UP-TO-DATE)\s+:(?P<path>[^\s.][^\s]*?)\.\.\.(?:\s+after\s+(?P<after>.+))?$"
)
BUILD_OK_RE = re.compile(r"BUILD SUCCESSFUL(?:\s+in\s+(?P<time>.+))?")
BUILD_FAILED_RE = re.compile(r"BUILD FAILED(?:\s+in\s+(?P<time>.+))?")
ERROR_HEAD_RE = re.compile(r"^(?:\d+\.?\s+)?ERROR:\s*(?P<rest>.*)$")
CODE_TITLE_RE = re.compile(r"^(?P<code>\d{8})\s+(?P<title>.*)$")
FAILED_TASK_RE = re.compile(r"^Failed\s+:(?P<path>\S+?)\.\.\.")
OLD_ARKTS_RE = re.compile(r"^ArkTS:ERROR\s+File:\s*(?P<loc>.+)$")
MESSAGE_RE = re.compile(r"^Error Message:\s*(?P<msg>.*)$")
AT_FILE_RE = re.compile(
    r"\b[Aa]t [Ff]ile:\s*(?P<file>.+?)(?::(?P<line>\d+)(?::(?P<col>\d+))?)?\s*$"
)
FILE_LOC_RE = re.compile(r"\bFile:\s*(?P<file>.+?):(?P<line>\d+):(?P<col>\d+)")
COMPILE_RESULT_RE = re.compile(
    r"COMPILE RESULT:(?P<res>\w+)\s*\{ERROR:(?P<e>\d+)\s+WARN:(?P<w>\d+)\}"
)
# ``WARN: …`` and the numbered ``1 WARN: ArkTS:WARN File: …`` of the old ArkTS format (a warning
# never gives its location to the error printed before it)
WARN_RE = re.compile(r"^(?:\d+\s+)?WARN:\s*(?P<msg>.*)$")


@dataclass(frozen=True)
class TaskLine:
    path: str  # "entry:default@CompileArkTS" or "entry:assembleHap"
    module: str
    target: str | None
    task: str
    status: str  # Finished | UP-TO-DATE
    after: str | None


def parse_task_line(line: str) -> TaskLine | None:
    body = _PREFIX_RE.sub("", strip_ansi(line).strip())
    m = TASK_RE.match(body)
    if not m:
        return None
    path = m.group("path")
    module, _, rest = path.partition(":")
    target, at, task = rest.partition("@")
    if not at:
        target, task = "", rest
    return TaskLine(path, module, target or None, task, m.group("status"), m.group("after"))


@dataclass
class BuildError:
    code: str | None  # "10505001", "00303168", ...
    title: str  # "ArkTS Compiler Error", "Configuration Error", ...
    message: str = ""
    file: str | None = None
    line: int | None = None
    col: int | None = None
    raw: list[str] = field(default_factory=list)

    @property
    def location(self) -> str | None:
        if not self.file:
            return None
        loc = self.file
        if self.line is not None:
            loc += f":{self.line}"
            if self.col is not None:
                loc += f":{self.col}"
        return loc

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "title": self.title,
            "message": self.message,
            "file": self.file,
            "line": self.line,
            "col": self.col,
        }


@dataclass
class BuildLog:
    status: str = "unknown"  # success | failed | unknown
    duration: str | None = None
    tasks: list[TaskLine] = field(default_factory=list)
    failed_task: str | None = None
    errors: list[BuildError] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    unsigned: bool = False  # "Will skip sign": no signingConfigs → unsigned HAP
    compile_errors: int | None = None
    compile_warnings: int | None = None
    task_count: int = 0  # every task line seen; ``tasks`` keeps the first MAX_TASKS
    dropped_errors: int = 0  # errors beyond MAX_ERRORS (counted, not kept)
    dropped_warnings: int = 0  # warnings beyond MAX_WARNINGS

    @property
    def first_error(self) -> BuildError | None:
        with_loc = [e for e in self.errors if e.file]
        return with_loc[0] if with_loc else (self.errors[0] if self.errors else None)


def _set_location(err: BuildError, text: str) -> None:
    if err.file:
        return
    m = AT_FILE_RE.search(text) or FILE_LOC_RE.search(text)
    if not m:
        return
    err.file = m.group("file").strip()
    if m.group("line"):
        err.line = int(m.group("line"))
    if m.group("col"):
        err.col = int(m.group("col"))


MAX_TASKS = 20_000
MAX_ERRORS = 200
MAX_WARNINGS = 500


class HvigorLogParser:
    """Incremental: ``feed(line)`` per line (returns a TaskLine for progress lines), then
    ``result()``. ``parse_log(text)`` does both for a whole log.

    What it keeps is bounded whatever the tool prints: the first ``MAX_TASKS`` task lines (all
    are counted in ``task_count``), the first ``MAX_ERRORS`` errors and ``MAX_WARNINGS``
    warnings (the rest counted); the verdict lines (``BUILD SUCCESSFUL`` / ``BUILD FAILED``)
    are seen wherever they come."""

    def __init__(self) -> None:
        self.log = BuildLog()
        self._current: BuildError | None = None
        self._want_message = False

    def feed(self, line: str) -> TaskLine | None:
        clean = strip_ansi(line).rstrip()
        body = _PREFIX_RE.sub("", clean.strip())
        task = parse_task_line(body)
        if task is not None:
            self.log.task_count += 1
            if len(self.log.tasks) < MAX_TASKS:
                self.log.tasks.append(task)
            return None if self.log.status == "failed" else task
        m_ok = BUILD_OK_RE.search(body)
        if m_ok and body.startswith("BUILD SUCCESSFUL"):
            if self.log.status != "failed":
                self.log.status = "success"
            self.log.duration = (m_ok.group("time") or "").strip() or None
            return None
        if "Will skip sign" in body:
            self.log.unsigned = True
        m_cr = COMPILE_RESULT_RE.search(body)
        if m_cr:
            self.log.compile_errors = int(m_cr.group("e"))
            self.log.compile_warnings = int(m_cr.group("w"))
            self._want_message = False
            return None
        head = ERROR_HEAD_RE.match(body)
        if head is None and body.startswith("ArkTS:ERROR"):
            head = ERROR_HEAD_RE.match(
                "ERROR: " + body
            )  # the old format, pasted without its prefix
        if head:
            rest = head.group("rest").strip()
            m_fail = BUILD_FAILED_RE.match(rest)
            if m_fail:
                self.log.status = "failed"
                self.log.duration = (m_fail.group("time") or "").strip() or None
                self._want_message = False
                return None
            m_task = FAILED_TASK_RE.match(rest)
            if m_task:
                self.log.failed_task = m_task.group("path")
                return None
            m_old = OLD_ARKTS_RE.match(rest)
            if m_old:
                err = BuildError(None, "ArkTS:ERROR", raw=[clean])
                _set_location(err, "File: " + m_old.group("loc"))
                self._push(err)
                self._want_message = True
                return None
            m_code = CODE_TITLE_RE.match(rest)
            if m_code:
                err = BuildError(m_code.group("code"), m_code.group("title").strip(), raw=[clean])
            else:
                err = BuildError(None, rest, raw=[clean])
            _set_location(err, rest)
            self._push(err)
            self._want_message = False
            return None
        m_msg = MESSAGE_RE.match(body)
        if m_msg:
            cur = self._current
            if cur is None:
                cur = BuildError(None, "Error", raw=[])
                self._push(cur)
            err = cur
            msg = m_msg.group("msg")
            loc = AT_FILE_RE.search(msg)
            _set_location(err, msg)
            if loc:
                msg = msg[: loc.start()].rstrip()
            if len(err.message) < 4000:  # a flood of message lines under one error stays bounded
                err.message = (err.message + " " + msg).strip() if err.message else msg
            if len(err.raw) < 12:
                err.raw.append(clean)
            self._want_message = False
            return None
        m_warn = WARN_RE.match(body)
        if m_warn:
            if len(self.log.warnings) < MAX_WARNINGS:
                self.log.warnings.append(m_warn.group("msg").strip()[:2000])
            else:
                self.log.dropped_warnings += 1
            return None
        if self._current is not None and body:
            if self._want_message and not body.startswith(("*", ">", "COMPILE RESULT")):
                self._current.message = body.strip()
                self._current.raw.append(clean)
                self._want_message = False
            elif len(self._current.raw) < 12 and not body.startswith(("*", ">")):
                self._current.raw.append(clean)
                _set_location(self._current, body)
        return None

    def _push(self, err: BuildError) -> None:
        if len(self.log.errors) >= MAX_ERRORS:
            self.log.dropped_errors += 1
            err.raw = err.raw[:1]
            self._current = err  # its message lines go to this dropped error, not a kept one
            return
        self.log.errors.append(err)
        self._current = err

    def result(self) -> BuildLog:
        errs = self.log.errors
        if len(errs) > 1:
            # drop bare headers ("ERROR: ArkTS Compiler Error") that add nothing to a located error
            kept = [e for e in errs if e.code or e.message or e.file]
            self.log.errors = kept or errs
        return self.log


def parse_log(text: str) -> BuildLog:
    parser = HvigorLogParser()
    for line in text.splitlines():
        parser.feed(line)
    return parser.result()


@dataclass(frozen=True)
class BuildOutcome:
    ok: bool
    message: str
    code: str | None = None
    meaning: str | None = None
    evidence: str | None = None
    location: str | None = None


def classify_build(log: BuildLog, exit_code: int | None) -> BuildOutcome:
    """Pass only on ``BUILD SUCCESSFUL`` and exit code 0."""
    err = log.first_error
    if log.status == "success" and exit_code == 0:
        return BuildOutcome(
            True, "BUILD SUCCESSFUL" + (f" in {log.duration}" if log.duration else "")
        )
    if err is not None:
        what = f"{err.code} {err.title}" if err.code else err.title
        msg = f"build failed: {what}" + (f": {err.message}" if err.message else "")
        return BuildOutcome(
            False,
            msg,
            code=err.code,
            meaning=err.title,
            evidence=(err.raw[0] if err.raw else None),
            location=err.location,
        )
    if log.status == "failed":
        return BuildOutcome(False, "BUILD FAILED" + (f" in {log.duration}" if log.duration else ""))
    if log.status == "success":
        return BuildOutcome(
            False, f"hvigor printed BUILD SUCCESSFUL but exited with code {exit_code}"
        )
    return BuildOutcome(
        False,
        "the build ended without BUILD SUCCESSFUL"
        + (f" (exit code {exit_code})" if exit_code is not None else ""),
    )
