"""hdc output classifiers: what a command's output means. Pure functions.

**hdc exits 0 on almost everything** (no device, failed install, failed ``aa start``). Every
classifier requires the *positive* line (``install bundle successfully``, ``start ability
successfully.``, ...). An exit code of 0 never makes a step pass; a non-zero one makes it fail.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from hmdesk.core.bounded import loads_json
from hmdesk.core.toolchain.hdc.aa_codes import AA_CODES
from hmdesk.core.toolchain.hdc.bm_codes import INSTALL_CODES
from hmdesk.core.toolchain.hdc.hdc_codes import (
    FAIL_PROSE,
    HDC_FAIL_CODES,
    SERVER_FAILED_FIX,
    SERVER_PROSE,
    OutcomeKind,
    code_by_message,
)


@dataclass(frozen=True)
class Outcome:
    """What a tool's output means. ``ok`` is the verdict; the rest explains a failure."""

    ok: bool
    message: str
    code: str | None = None  # "9568320", "10104001", "E001005", ...
    meaning: str | None = None
    fix: str | None = None
    evidence: str | None = None  # the line it was judged by
    kind: OutcomeKind | None = None
    extra: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "message": self.message,
            "code": self.code,
            "meaning": self.meaning,
            "fix": self.fix,
            "evidence": self.evidence,
            "kind": self.kind,
        }


_DECISIVE_RE = re.compile(
    r"successfully|failed to install|missing installed bundle|code:|error|\[fail\]|^\s*\[E[0-9A-F]{6}\]"
    r"|connect server failed|kill server failed|hdc server port|unauthorized|^\s*(?:StartMode|TotalTime|WaitTime):",
    re.I,
)


def is_decisive(line: str) -> bool:
    """Can ``line`` decide a classifier's verdict? (``install bundle successfully.``, ``code:``,
    ``Error Code:``, ``[Fail]``, ...). A step's output is bounded before it is classified; these
    lines are kept wherever they come, so a verdict sees every line it depends on."""
    return _DECISIVE_RE.search(line) is not None


# ``[Fail][E005005] …``, ``[Fail]words``, and a code printed without ``[Fail]`` (``[E00C001]Operation
# restricted by the organization.``); codes are hex-like (E00C001)
_FAIL_CODE_RE = re.compile(r"(?:\[Fail\]\s*(?:\[(E[0-9A-F]{6})\])?|\[(E[0-9A-F]{6})\])\s*(.*)")


def _lines(text: str) -> list[str]:
    return [ln.strip() for ln in text.splitlines() if ln.strip()]


def classify_fail(text: str) -> Outcome | None:
    """hdc-level failures common to every command: ``[Fail]...``, ``Connect server failed``,
    unauthorized. Returns None when there is none. The server's own words say why, wherever
    they are (``Connect server failed`` may come first)."""
    for line in _lines(text):
        server = next(
            (p for p in SERVER_PROSE if any(re.search(x, line, re.I) for x in p[0])), None
        )
        if server is not None:
            return Outcome(False, line, None, server[1], server[2], line, "server")
    for line in _lines(text):
        if line.startswith("Connect server failed"):
            return Outcome(
                False,
                "hdc could not connect to its server",
                code=None,
                meaning="Connect server failed",
                fix=SERVER_FAILED_FIX,
                evidence=line,
                kind="server",
            )
        m = _FAIL_CODE_RE.match(line)
        if m:
            code, rest = m.group(1) or m.group(2), m.group(3).strip()
            if code and code in HDC_FAIL_CODES:
                kind, meaning, fix = HDC_FAIL_CODES[code]
                return Outcome(False, rest or meaning, code, meaning, fix, line, kind)
            for pat, kind, meaning, fix in FAIL_PROSE:
                if pat.search(rest):
                    return Outcome(False, rest, code, meaning, fix, line, kind)
            said = code_by_message(rest)
            if said is not None:
                kind, meaning, fix = HDC_FAIL_CODES[said]
                return Outcome(False, rest, said, meaning, fix, line, kind)
            return Outcome(
                False,
                rest or "hdc reported a failure",
                code,
                rest or None,
                "Read the hdc message above; `hdc -l 5` gives a detailed log.",
                line,
                "hdc",
            )
        if "unauthorized" in line.lower() and "device" in line.lower():
            _pat, kind, meaning, fix = FAIL_PROSE[2]
            return Outcome(False, line, None, meaning, fix, line, kind)
    return None


def _exit_failed(exit_code: int | None) -> bool:
    return exit_code is not None and exit_code != 0


_CODE_RE = re.compile(r"\bcode:\s*(\d+)")
_ERROR_MSG_RE = re.compile(r"^error:\s*(.+?)\.?$", re.I)


def classify_install(text: str, exit_code: int | None = 0) -> Outcome:
    fail = classify_fail(text)
    if fail is not None:
        return fail
    code_m = _CODE_RE.search(text)
    success = "install bundle successfully" in text
    if code_m:
        code = code_m.group(1)
        meaning, fix = INSTALL_CODES.get(code, (None, None))
        printed = None
        for line in _lines(text[code_m.end() :]):
            m = _ERROR_MSG_RE.match(line)
            if m:
                printed = m.group(1).strip()
                break
        meaning = meaning or printed or "install failed"
        evidence = next((ln for ln in _lines(text) if f"code:{code}" in ln.replace(" ", "")), None)
        return Outcome(
            False,
            f"install failed: {meaning} (code {code})",
            code,
            meaning,
            fix
            or (
                f"bm refused the HAP with code {code}"
                + (f": “{printed}”" if printed else " and no message")
                + ". The code is not among bm's documented ones: act on bm's words."
            ),
            evidence,
            "install",
        )
    if success and not _exit_failed(exit_code) and "failed to install" not in text:
        return Outcome(True, "installed", evidence=_first_with(text, "install bundle successfully"))
    if "failed to install" in text:
        return Outcome(
            False,
            "install failed",
            meaning=_first_with(text, "failed to install"),
            fix="Read the bm message above; uninstall the app and retry.",
            evidence=_first_with(text, "failed to install"),
            kind="install",
        )
    return Outcome(
        False,
        "install did not report success"
        + (f" (exit code {exit_code})" if _exit_failed(exit_code) else ""),
        fix="hdc did not print `install bundle successfully`; check the device connection and the output above.",
        evidence=_last_line(text),
        kind="install",
    )


def classify_uninstall(text: str, exit_code: int | None = 0) -> Outcome:
    fail = classify_fail(text)
    if fail is not None:
        return fail
    if "uninstall bundle successfully" in text and not _exit_failed(exit_code):
        return Outcome(True, "uninstalled")
    if "missing installed bundle" in text:
        return Outcome(
            False, "the app is not installed", meaning="missing installed bundle", kind="uninstall"
        )
    return Outcome(
        False, "uninstall did not report success", evidence=_last_line(text), kind="uninstall"
    )


_AA_CODE_RE = re.compile(r"Error Code:\s*(\d+)(?:\s+Error Message:\s*(.*))?", re.I)


def _aa_failure(text: str, what: str, kind: OutcomeKind) -> Outcome:
    m = _AA_CODE_RE.search(text)
    if m:
        code = m.group(1)
        meaning, fix = AA_CODES.get(code, (None, None))
        printed = (m.group(2) or "").strip() or None
        meaning = meaning or printed or f"{what} failed"
        return Outcome(
            False,
            f"{what} failed: {meaning} (Error Code {code})",
            code,
            meaning,
            fix
            or (
                f"aa failed with Error Code {code}"
                + (f": “{printed}”" if printed else " and no message")
                + ". The code is not among aa's documented ones: act on aa's words."
            ),
            m.group(0).strip(),
            kind,
        )
    err = _first_with(text, "error:")
    return Outcome(
        False,
        f"{what} failed" + (f": {err}" if err else ""),
        meaning=err,
        fix="Read the aa output above; check that the app is installed and the device is unlocked.",
        evidence=err or _last_line(text),
        kind=kind,
    )


def classify_aa_start(text: str, exit_code: int | None = 0) -> Outcome:
    """Success only on ``start ability successfully.``; ``Error Code:N`` → meaning and fix."""
    fail = classify_fail(text)
    if fail is not None:
        return fail
    if (
        "start ability successfully" in text
        and not _AA_CODE_RE.search(text)
        and not _exit_failed(exit_code)
    ):
        extra = {}
        for key in ("StartMode", "TotalTime", "WaitTime"):
            m = re.search(rf"^{key}:\s*(\S+)", text, re.M)
            if m:
                extra[key] = m.group(1)
        return Outcome(True, "launched", evidence="start ability successfully.", extra=extra)
    return _aa_failure(text, "launch", "launch")


def classify_force_stop(text: str, exit_code: int | None = 0) -> Outcome:
    """``force stop process successfully.`` (also printed when the app was not running)."""
    fail = classify_fail(text)
    if fail is not None:
        return fail
    if "force stop process successfully" in text and not _exit_failed(exit_code):
        return Outcome(True, "stopped", evidence="force stop process successfully.")
    return _aa_failure(text, "force-stop", "stop")


def classify_hilog_clear(text: str, exit_code: int | None = 0) -> Outcome:
    fail = classify_fail(text)
    if fail is not None:
        return fail
    if "buffer clear successfully" in text:
        return Outcome(True, "device log buffer cleared")
    return Outcome(
        False, "hilog -r did not report success", evidence=_last_line(text), kind="hilog"
    )


def parse_bm_dump(text: str) -> dict[str, Any] | None:
    """``bm dump -n BUNDLE``: a ``bundle:`` header then JSON. None when unknown (prose)."""
    start = text.find("{")
    if start < 0:
        return None
    try:
        data = loads_json(text[start:], "bm dump")
    except ValueError:  # not JSON, or too deep (InputError)
        end = text.rfind("}")
        try:
            data = loads_json(text[start : end + 1], "bm dump")
        except ValueError:
            return None
    return data if isinstance(data, dict) else None


def ability_names(dump: dict[str, Any]) -> list[str]:
    names: list[str] = []
    for mod in dump.get("hapModuleInfos", []) or []:
        for ab in mod.get("abilityInfos", []) or []:
            if isinstance(ab, dict) and ab.get("name"):
                names.append(str(ab["name"]))
    return names


def _first_with(text: str, needle: str) -> str | None:
    low = needle.lower()
    return next((ln for ln in _lines(text) if low in ln.lower()), None)


def _last_line(text: str) -> str | None:
    lines = _lines(text)
    return lines[-1][:200] if lines else None
