"""What the device tools said: bm, aa and hdc codes and their wordings, read into a finding."""

from __future__ import annotations

import re

from hmdesk.core.toolchain.code_findings import _with_advice
from hmdesk.core.toolchain.device_signatures import SIGNING_INSTALL_CODES
from hmdesk.core.toolchain.finding import (
    EVIDENCE_CHARS,
    Finding,
    FindingKind,
    finding_kind,
    first_error_block,
    search_terms,
)
from hmdesk.core.toolchain.hdc.aa_codes import AA_CODES
from hmdesk.core.toolchain.hdc.bm_codes import (
    INSTALL_CODES,
    INSTALL_LOG_LINES,
    INSTALL_NAMES,
    INSTALL_WORDS_ZH,
)
from hmdesk.core.toolchain.hdc.hdc_codes import (
    FAIL_PROSE,
    HDC_FAIL_CODES,
    HDC_MESSAGES,
    code_by_message,
)
from hmdesk.core.toolchain.prefilter import Gated

_BM_CODE = re.compile(r"code\s*[:：]\s*(95\d{5})\b")
# a bm or aa code quoted bare in a note (``安装报错 9568322``, ``aa start 报 10106102``): bm's
# 95682xx-95684xx, aa's 101xxxxx (ArkTS's and hvigor's 8-digit codes are other ranges)
_BM_BARE = re.compile(r"(?<![0-9A-Za-z_.])(9568[2-4]\d\d)(?![0-9A-Za-z_.])")
_AA_BARE = re.compile(r"(?<![0-9A-Za-z_.])(101\d{5})(?![0-9A-Za-z_.])")
# the package an install line names (``hdc install -r "C:\\a\\x.hap"``, ``bm install -p
# /data/local/tmp/x.hap``, ``App install path:x.hap``): the file bm refused, the finding's place
_INSTALLED_PACKAGE = re.compile(
    r"install[^\n]*?(?:\"(?P<quoted>[^\"\n]+?\.h[as]p)\"|(?P<bare>(?:[A-Za-z]:)?[^\s\"':]+\.h[as]p)\b)",
    re.I,
)
_INSTALL_LINE_REACH = 4000  # how far above bm's code its install line is looked for
# …only on a line that speaks of installing / launching (a size or a duration is no code)
_INSTALL_WORDS = re.compile(r"install|安装|\bbm\b|\bhdc\b|错误码|报错|失败|error|fail", re.I)
_LAUNCH_WORDS = re.compile(r"\baa\b|abilit|启动|错误码|报错|失败|error|fail|launch", re.I)
_BM_ERROR = re.compile(
    # bm's message; a wrapped one goes on to the next line only when it did not end a sentence
    r"error\s*[:：.]\s*(?!failed to install bundle)"
    r"([^\n]+(?:(?<=[^.。\s])\n(?!\s*(?:code|error|AppMod|View|\$)\b)[^\n]+)?)",
    re.I,
)
# aa: ``Error Code:10104001  Error Message:The specified ability does not exist``
_AA_CODE = re.compile(
    r"Error Code\s*[:：]\s*(10\d{6})\b(?:[ \t]*Error Message\s*[:：]\s*([^\n]*))?"
)
_AA_MESSAGE = re.compile(r"Error Message\s*[:：]\s*([^\n]+)")
# hdc: ``[Fail][E005005] Error create directory: …`` (also quoted without ``[Fail]``)
_HDC_CODE = re.compile(r"(?:\[Fail\]\s*)?\[(E[0-9A-F]{6})\]\s*:?\s*([^\n]*)")
# the device path hdc's file errors name: ``Error create directory: …, path:/mnt/…``, ``Error
# opening file: …, path:…`` (hdc.md), ``Remote path: … is invalid`` (E005102)
_HDC_PATH = re.compile(
    r"(?:,\s*path\s*:\s*|Remote path:\s*)(?P<p>[^\s,]+(?: [^\s,]+)*?)(?:[,.]?\s*$| is invalid)",
    re.M,
)


def hdc_path(text: str) -> str | None:
    """The device path hdc's file error names, or None."""
    m = _HDC_PATH.search(text)
    return m.group("p").strip() if m else None


# a tool's own why after its error: ``reason: …``, ``cause: …``, ``原因：…``, ``detail: …``
_REASON_LINE = re.compile(
    r"^(?<!\n\n)(?<!\n\r\n)\s*+(?:\W\s*+)?(?:error\s++)?(?:reason|cause|caused by|detail(?:s)?|原因|失败原因)\s*+[:：]\s*+"
    r"(?P<r>\S[^\n]*)$",
    re.I | re.M,
)


def _line_at(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return text[start : end if end >= 0 else len(text)].strip()


def _tool_reason(text: str) -> str:
    """A reason/cause line the tool printed after its error, or ''."""
    m = _REASON_LINE.search(text)
    return " ".join(m.group("r").split())[:200] if m else ""


def _said(tool: str, code: str, text: str, reason: str) -> str:
    said = f"{tool} failed with {code}" + (f": “{text}”" if text else "")
    return said + (f" (reason: {reason})" if reason else "")


def _code_by_message(table: dict[str, tuple[str, str]], text: str, least: int = 15) -> str | None:
    """The documented code whose message the tool printed (a code the table lacks, a version
    that renumbered it): the longest message (of ``least`` characters or more) in ``text``."""
    low = text.lower()
    hits = [
        (len(m), c)
        for c, m in ((c, _documented(m)) for c, (m, _fix) in table.items())
        if len(m) >= least and m.lower() in low
    ]
    return max(hits)[1] if hits else None


def _documented(meaning: str) -> str:
    """The tool's documented message a table's meaning holds (without a closing ``(…)`` note)."""
    return re.sub(r" \([^()]*\)$", "", meaning)


_BM_SAYS = re.compile(r"[a-z]+(?: [a-z]+){2,}\.?\Z")


def _bm_bare_said(tail: str, m: re.Match[str]) -> bool:
    """A bare bm code on a line that speaks of installing, or followed by bm's own message for
    that code (``9568320 no signature file``)."""
    line = _line_at(tail, m.start())
    if _INSTALL_WORDS.search(line):
        return True
    end = tail.find("\n", m.end())
    rest = tail[m.end() : end if end >= 0 else len(tail)].strip()
    said = INSTALL_CODES.get(m.group(1))
    # bm's own message: the table's, or (a code the table lacks) its style, lower-case words
    return (said is not None and said[0].lower() in rest.lower()) or bool(_BM_SAYS.match(rest))


def _device_finding(tail: str) -> Finding | None:
    """bm's, aa's and hdc's own error structure, read the same way for each: the code, the
    tool's text (bm's ``error:`` line, aa's ``Error Message:``, hdc's words after ``[Exxxxxx]``)
    and any reason line after it. A documented code gives its meaning and fix (tool's text
    kept when it says more, e.g. the permission bm names); a code the tables lack gives the
    tool's own text (and the fix of a documented code with that same text), never a generic
    remedy."""
    m = _BM_CODE.search(tail) or next(
        (b for b in _BM_BARE.finditer(tail) if _bm_bare_said(tail, b)),
        None,
    )
    if m is not None:
        return _bm_finding(tail, m)
    known = _bm_named_finding(tail) or _bm_message_finding(tail)
    if known is not None:
        return known
    m_hdc = _HDC_CODE.search(tail)
    if m_hdc is not None:
        return _hdc_finding(tail, m_hdc)
    m_aa = _AA_CODE.search(tail)
    if m_aa is None:
        m_aa = next(
            (b for b in _AA_BARE.finditer(tail) if _LAUNCH_WORDS.search(_line_at(tail, b.start()))),
            None,
        )
    if m_aa is not None:
        return _aa_finding(tail, m_aa)
    return _aa_message_finding(tail) or _hdc_message_finding(tail)


# (aa's other failures say what failed, and bm's or aa's own words after them say why)
_GENERIC_FAILURES = frozenset(
    {
        "failed to install bundle",
        "failed to start ability",
        "failed to force stop process",
        "failed to start user test",
    }
)
_OTHER_FAILURES = (
    "failed to uninstall bundle",
    "failed to force stop process",
    "failed to start user test",
)
_TOOL_FAILED = (
    ("failed to install bundle", "bm", "install", "refused the HAP"),
    ("failed to uninstall bundle", "bm", "uninstall", "did not uninstall the app"),
    ("failed to start ability", "aa", "launch", "did not start the ability"),
    ("failed to force stop process", "aa", "stop", "did not stop the app"),
    ("failed to start user test", "aa", "launch", "did not start the test"),
)
_ERROR_WORDS = re.compile(r"(?:error|Error Message)\s*[:：]\s*(?P<w>[^\n]+)")


def _tool_words_finding(tail: str) -> Finding | None:
    """bm or aa failed with no code and a message no table has: their own ``error:`` words
    after the failure line (none: the generic signatures say what is usual)."""
    for header, tool, kind, what in _TOOL_FAILED:
        at = tail.find(header)
        if at < 0:
            continue
        words = [
            w
            for w in (
                " ".join(m.group("w").split()).rstrip(".") for m in _ERROR_WORDS.finditer(tail, at)
            )
            if w and header not in w
        ]
        if not words:
            return None
        said = "; ".join(dict.fromkeys(words))[:240]
        return Finding(
            kind=finding_kind(kind),
            evidence=_line_at(tail, at)[:EVIDENCE_CHARS],
            fix=f"{tool} {what} and said: “{said}”. That message is not among {tool}'s "
            "documented ones: act on its words; the device's hilog around the failure says more.",
            query_terms=search_terms(kind, tool, *said.split()[:4]),
            meaning=said,
            block=first_error_block(tail),
        )
    return None


def _bm_kind(code: str, tail: str) -> FindingKind:
    """``signing`` for bm's signature codes, ``uninstall`` for its uninstall codes (or an
    uninstall that failed), else ``install``."""
    if code in SIGNING_INSTALL_CODES:
        return "signing"
    if INSTALL_CODES.get(code, ("", ""))[0].startswith("uninstall") or (
        "failed to uninstall" in tail and "failed to install" not in tail
    ):
        return "uninstall"
    return "install"


def _bm_finding(tail: str, m: re.Match[str]) -> Finding:
    code = m.group(1)
    after = tail[m.end() : m.end() + 400]
    m_err = _BM_ERROR.search(after)
    line_end = tail.find("\n", m.end())
    # bm's message, or the words a note quotes after the code on its line
    rest = tail[m.end() : line_end if line_end >= 0 else len(tail)].strip(" `'\"")
    if m_err:
        bm_text = " ".join(m_err.group(1).split())
    elif m.re is _BM_BARE:
        bm_text = ""  # a bare code in a note: the words after it are the note's
    else:
        bm_text = rest.split("`")[0].strip()
    bm_text = bm_text.rstrip(".").strip()
    reason = _tool_reason(after)
    evidence = tail[m.start() : line_end if line_end >= 0 else len(tail)].strip()
    if _BM_CODE.fullmatch(evidence) and line_end >= 0:
        # bm prints "code:9568320" alone, its message on the next line: keep them together
        nxt_end = tail.find("\n", line_end + 1)
        evidence = (
            f"{evidence} {tail[line_end + 1 : nxt_end if nxt_end >= 0 else len(tail)].strip()}"
        )
    same = code if code in INSTALL_CODES else _code_by_message(INSTALL_CODES, bm_text)
    if same is not None:
        meaning, fix = INSTALL_CODES[same]
        kind: FindingKind = _bm_kind(same, tail)
        if same != code:
            fix = f"{_said('bm', code, bm_text, reason)}: the text of code {same}. {fix}"
        elif bm_text and bm_text.lower() not in meaning.lower():
            # bm says more than the table (the permission it could not grant, the field)
            fix = f"{fix} bm said: “{bm_text[:200]}”."
        if reason and reason not in fix:
            fix += f" bm's reason: {reason}."
        fix = _with_advice(fix, after)
    elif _UNREGISTERED_DEVICE.search(bm_text):
        meaning = bm_text
        fix = (
            f"bm refused the HAP with code {code}: “{bm_text}”. The device is not one the "
            + UNREGISTERED_DEVICE_FIX
        )
        kind = "signing"
    else:
        meaning = bm_text or f"install error {code}"
        fix = (
            f"{_said('bm', code, bm_text or 'no message', reason)}. Code {code} is not among "
            "bm's documented codes: act on bm's words above; the device's hilog (BMS lines) "
            "says which file or field it refused."
        )
        kind = (
            "signing" if re.search(r"sign|certificate|profile|pkcs7", bm_text, re.I) else "install"
        )
    return Finding(
        kind=kind,
        evidence=evidence[:EVIDENCE_CHARS],
        fix=fix,
        code=code,
        query_terms=search_terms(kind, code, "install", "安装失败", *meaning.split()[:3]),
        location=_installed_package(tail, m.start()),
        meaning=meaning,
        block=first_error_block(tail),
    )


# bm's named result, printed by older hdc / DevEco (``Failure[ERR_INSTALL_PARSE_NATIVE_SO_FAILED]``;
# HarmonyOS 4's ``MSG_ERR_INSTALL_…`` names are another system's)
_BM_NAMED = re.compile(r"(?<![A-Za-z0-9_])(ERR_INS(?:TALL|ATLL)_[A-Z0-9_]+)")


def _bm_named_finding(tail: str) -> Finding | None:
    """bm's result named instead of numbered: the name is the code the log gives, the table's
    code of that name (:data:`INSTALL_NAMES`) its meaning and fix."""
    if "ERR_INS" not in tail:
        return None
    m = next((m for m in _BM_NAMED.finditer(tail) if m.group(1) in INSTALL_NAMES), None)
    if m is None:
        return None
    name = m.group(1)
    code = INSTALL_NAMES[name]
    if code in INSTALL_CODES:
        meaning, fix = INSTALL_CODES[code]
    else:
        meaning = name.removeprefix("ERR_").lower().replace("_", " ")
        fix = (
            f"bm refused the package with {name} (code {code}), which bm's guide does not "
            "document: act on its name; the device's hilog (BMS lines) says which file or field "
            "it refused."
        )
    kind = _bm_kind(code, tail)
    return Finding(
        kind=kind,
        evidence=_line_at(tail, m.start())[:EVIDENCE_CHARS],
        fix=_with_advice(fix, tail[m.end() : m.end() + 400]),
        code=name,
        query_terms=search_terms(kind, code, name, "install", "安装失败"),
        location=_installed_package(tail, m.start()),
        meaning=f"{meaning} (bm code {code})",
        block=first_error_block(tail),
    )


def _installed_package(tail: str, before: int) -> str | None:
    """The .hap / .hsp the install line nearest above bm's code names (the last one on or above
    the code's line), or None."""
    line_end = tail.find("\n", before)
    end = line_end if line_end >= 0 else len(tail)
    found = None
    for p in _INSTALLED_PACKAGE.finditer(tail, max(0, before - _INSTALL_LINE_REACH), end):
        found = p["quoted"] or p["bare"]
    return found


# the families of the codes, by their leading digits (hdc.md's and aa-tool.md's code lists)
_HDC_FAMILIES = {
    "E000": "the connection to the device and its authorisation",
    "E001": "the command line or the connection options",
    "E002": "the hdc server or the device's daemon",
    "E003": "hdc shell",
    "E005": "a file transfer (hdc file send/recv)",
    "E006": "an install (hdc install)",
    "E007": "a command that needs the device in debug (root) mode",
}
_AA_FAMILIES = {
    "10100": "the app's information",
    "10103": "the target ability (visibility, implicit start, type)",
    "10104": "an ability, bundle or process that does not exist",
    "10105": "the connection to the ability or app service",
    "10106": "the device's or the app's state (developer mode, lock screen, control)",
    "10107": "a permission check",
    "10108": "an internal error of the system",
}


def _family(families: dict[str, str], code: str) -> str:
    return next(
        (f" ({code[: len(k)]}… codes: {v})" for k, v in families.items() if code.startswith(k)), ""
    )


def _hdc_finding(tail: str, m: re.Match[str]) -> Finding:
    code, text = m.group(1), m.group(2).strip()
    if not text:
        # ``[E005005]`` alone, its words on the next line
        nxt = tail[m.end() :].lstrip("\n").split("\n", 1)[0].strip()
        text = nxt
    reason = _tool_reason(tail[m.end() : m.end() + 400])
    evidence = _line_at(tail, m.start())
    if code in HDC_FAIL_CODES:
        sub, meaning, fix = HDC_FAIL_CODES[code]
        if text and len(text) > 12 and text.lower().rstrip(".") not in meaning.lower():
            fix = f"{fix} hdc said: “{text[:200]}”."
    else:
        sub, meaning = "hdc", text or f"hdc failure {code}"
        fix = (
            f"{_said('hdc', code, text or 'no message', reason)}{_family(_HDC_FAMILIES, code)}. "
            f"Code {code} is not among hdc's documented codes: act on hdc's words; `hdc -l5 "
            "start` then the failing command writes hdc.log with the detail."
        )
    return Finding(
        kind="hdc",
        evidence=evidence[:EVIDENCE_CHARS],
        fix=fix,
        code=code,
        query_terms=search_terms("hdc", code, sub, "device", "设备"),
        location=hdc_path(text),
        meaning=meaning,
    )


# hdc's documented messages long enough to name their code alone at a line's start ("Operation
# not allowed", "IP address incorrect" are not), after a label or a quote's ``> `` as aa's and
# bm's (one pattern: a text without any of them skips it by its literals)
_HDC_SENTENCE = 24
_HDC_WORDS = {
    w.lower(): c for c, words in HDC_MESSAGES.items() for w in words if len(w) >= _HDC_SENTENCE
}
_HDC_LINE = Gated(
    r"^[ \t]*(?:>\s*)*(?:(?:error|Error Message)\s*[:：]\s*)*("
    + "|".join(re.escape(w) for w in sorted(_HDC_WORDS, key=len, reverse=True))
    + ")",
    re.M | re.I,
)


def _hdc_message_finding(tail: str) -> Finding | None:
    """One of hdc's documented error messages starting a line without its ``[Exxxxxx]`` (the
    hdc guide's 错误信息 as printed, an hdc that prints no code): that code's meaning and fix."""
    m = _HDC_LINE.search(tail)
    code = _HDC_WORDS.get(m.group(1).lower()) if m is not None else None
    if m is None or code is None or code not in HDC_FAIL_CODES:
        return None
    sub, meaning, fix = HDC_FAIL_CODES[code]
    return Finding(
        kind="hdc",
        evidence=_line_at(tail, m.start(1))[:EVIDENCE_CHARS],
        fix=fix,
        code=code,
        query_terms=search_terms("hdc", code, sub, "device", "设备"),
        meaning=f"{meaning} (hdc code {code}, not printed)",
    )


# aa start for another user's space (-u ID): the shell holds no cross-user permission
_OTHER_USER = re.compile(r"\baa start\b[^\n]*?\s-u\s+\d+")
_OTHER_USER_FIX = (
    "Starting for another user (-u) needs ohos.permission.INTERACT_ACROSS_LOCAL_ACCOUNTS, which "
    "the shell does not hold: start it as the current user (an app twin or clone is then picked "
    "in the system's chooser, by hand or with uitest)."
)


def _aa_finding(tail: str, m: re.Match[str]) -> Finding:
    code = m.group(1)
    msg = (m.group(2) or "").strip() if m.re.groups >= 2 else ""
    if not msg:
        m_msg = _AA_MESSAGE.search(tail, m.end())
        msg = m_msg.group(1).strip() if m_msg else ""
    reason = _tool_reason(tail[m.end() : m.end() + 400])
    same = code if code in AA_CODES else _code_by_message(AA_CODES, msg)
    if same is not None:
        meaning, fix = AA_CODES[same]
        if same != code:
            fix = f"{_said('aa', code, msg, reason)}: the text of code {same}. {fix}"
        elif reason and reason.lower() not in fix.lower():
            fix += f" aa's cause: {reason}."
    else:
        meaning = msg or f"aa error {code}"
        fix = (
            f"{_said('aa', code, msg or 'no message', reason)}{_family(_AA_FAMILIES, code)}. "
            f"Code {code} is not among aa's documented codes: act on aa's words above."
        )
    if code.startswith("10107") and _OTHER_USER.search(tail):
        fix += f" {_OTHER_USER_FIX}"
    fix = _with_advice(fix, tail[m.end() : m.end() + 800])
    return Finding(
        kind="launch",
        evidence=_line_at(tail, m.start())[:EVIDENCE_CHARS],
        fix=fix,
        code=code,
        query_terms=search_terms("launch", code, "aa start", "启动失败", "ability"),
        meaning=meaning,
    )


_FAIL_LINE = re.compile(r"\[Fail\]\s*(?P<t>[^\n]*)")


def _fail_prose_finding(tail: str) -> Finding | None:
    """hdc's ``[Fail]`` line no signature knows: its documented prose (``Failed to communicate
    with daemon``…), else hdc's own words, never a generic remedy."""
    m = _FAIL_LINE.search(tail)
    if m is None:
        return None
    text = m.group("t").strip()
    known = next((p for p in FAIL_PROSE if p[0].search(text)), None)
    by_message = code_by_message(text) if known is None else None
    if known is not None:
        _pattern, sub, meaning, fix = known
        if len(text) > len(known[0].pattern.split("|")[0]) + 8:
            fix = f"{fix} hdc said: “{text[:200]}”."
    elif by_message is not None:
        # a documented code's message printed without the code
        sub, meaning, fix = HDC_FAIL_CODES[by_message]
        meaning = f"{meaning} (hdc code {by_message}, not printed)"
    else:
        sub, meaning = "hdc", text or "hdc failed"
        fix = (
            f"hdc failed: “{text[:200]}”. hdc printed no code: act on its words; `hdc -l5 "
            "start` then the failing command writes hdc.log with the detail."
        )
    return Finding(
        kind="hdc",
        evidence=m.group(0).strip()[:EVIDENCE_CHARS],
        fix=fix,
        query_terms=search_terms("hdc", sub, "device", "设备"),
        location=hdc_path(text),
        meaning=meaning,
    )


# an install refused because the device is not in the signing profile (a code the table does
# not know, with bm's words)
_UNREGISTERED_DEVICE = re.compile(r"device (?:is )?unauthori[sz]ed|unauthori[sz]ed device", re.I)
UNREGISTERED_DEVICE_FIX = (
    "signing profile allows: a debug profile lists the devices (UDIDs) it may install on. "
    "Register this device's UDID in AppGallery Connect and download the profile again (its "
    "debug-info.device-ids), or sign with DevEco Studio's automatic signing while the device "
    "is connected."
)


def _bm_message_finding(tail: str) -> Finding | None:
    """bm refused a HAP without printing its code (DevEco's "Install Failed" line, an older bm)
    but with the message of a documented code: that code's meaning and fix (the longest
    message found, so a message inside another names the right code)."""
    if "failed to install bundle" in tail:
        code = _code_by_message(INSTALL_CODES, tail, least=20)
    else:
        # bm's ``error:`` line alone, quoted: its message must be a documented one
        said = " ".join(m.group(1) for m in re.finditer(r"error\s*[:：]\s*([^\n]+)", tail, re.I))
        code = _code_by_message(INSTALL_CODES, said, least=24) if said else None
    if code is None:
        # one of bm's messages quoted alone on its line (a guide's "报错提示", a note)
        code = _line_code(_BM_LINES, tail)
    if code is None and "安装" in tail:
        # the on-device installer's Chinese words without the code (``权限请求失败导致安装失败``)
        code = next((c for w, c in INSTALL_WORDS_ZH.items() if w in tail), None)
    said = ""
    at = -1
    if code is None:
        # the device's own log of the refusal (HapVerify's, the code-signing check's)
        words = next((w for w in INSTALL_LOG_LINES if w in tail), None)
        if words is None:
            return None
        code, said = INSTALL_LOG_LINES[words]
        at = tail.find(words)
    meaning, fix = INSTALL_CODES[code]
    fix = f"{said} {fix}" if said else fix
    kind: FindingKind = _bm_kind(code, tail)
    at = at if at >= 0 else tail.lower().find(meaning.lower())
    return Finding(
        kind=kind,
        evidence=_line_at(tail, at)[:EVIDENCE_CHARS],
        fix=fix,
        query_terms=search_terms(kind, code, "install", "安装失败", *meaning.split()[:3]),
        meaning=f"{meaning} (bm code {code}, not printed)",
        block=first_error_block(tail),
    )


_AA_FAILED = re.compile(r"error:\s*failed to (?:start|stop|force stop|attach|detach)[^\n]*", re.I)


# a documented aa message long enough to name its code alone (no ``error: failed to …`` line
# above it, e.g. quoted by itself): a full sentence of aa's, not a short phrase
_AA_SENTENCE = 60


# a line that is one of a tool's documented messages whole, alone or after its label (quoted
# with Markdown's ``> `` too): aa's Error Messages, bm's error texts
_TOOL_LABEL = re.compile(r"^\s*(?:>\s*)*(?:(?:error|Error Message)\s*[:：]\s*)*", re.I)
_LINE_LEAST = 20  # "Unsupport command." and the like are no tool's message


def _line_messages(table: dict[str, tuple[str, str]]) -> tuple[tuple[str, str], ...]:
    """A table's documented messages (lower case) long enough to name their code alone."""
    documented = ((c, _documented(m).lower()) for c, (m, _fix) in table.items())
    return tuple((c, m) for c, m in documented if len(m) >= _LINE_LEAST)


_AA_LINES = _line_messages(AA_CODES)
_BM_LINES = _line_messages(INSTALL_CODES)


def _line_code(messages: tuple[tuple[str, str], ...], tail: str) -> str | None:
    """The documented code whose message (of :func:`_line_messages`) a line of ``tail`` is,
    whole (aa's ``The current device is not in developer mode.``, bm's ``install sign info
    inconsistent``), or None."""
    said = {
        _TOOL_LABEL.sub("", ln).strip().rstrip(".。").strip().lower() for ln in tail.splitlines()
    }
    return next((c for c, m in messages if m in said), None)


def _aa_message_finding(tail: str) -> Finding | None:
    """aa failed without printing its code but with the message of a documented code: that
    code's meaning and fix (after aa's ``error: failed to …`` line, one of aa's long sentences
    quoted alone, or a line that is one of aa's messages whole)."""
    m = _AA_FAILED.search(tail)
    if m is None:
        code = _code_by_message(AA_CODES, tail, least=_AA_SENTENCE) or _line_code(_AA_LINES, tail)
    else:
        code = _code_by_message(AA_CODES, tail[m.start() :])
    if code is None:
        return None
    meaning, fix = AA_CODES[code]
    return Finding(
        kind="launch",
        evidence=_line_at(tail, tail.lower().find(_documented(meaning).lower()))[:EVIDENCE_CHARS],
        fix=fix,
        query_terms=search_terms("launch", code, "aa start", "启动失败", "ability"),
        meaning=f"{meaning} (aa code {code}, not printed)",
    )
