"""A build's numbered error codes: hvigor's and the compiler's codes, their families, the message
they print and the step that fixes them."""

from __future__ import annotations

import re
from dataclasses import replace

from hmdesk.core.toolchain.arkts_rules import ARKTS_DEFAULT, ARKTS_RULES
from hmdesk.core.toolchain.build_codes import (
    BUILD_CODES,
    CODE_FAMILIES,
    DOCUMENTED_CODES,
    PLUGIN_EVAL_STEP,
    WRAPPER_CODES,
    CodeInfo,
)
from hmdesk.core.toolchain.config_report import (
    _HAS_LINE,
    _SCHEMA_MARK,
    _file_to_edit,
    _schema_detail,
)
from hmdesk.core.toolchain.finding import (
    EVIDENCE_CHARS,
    Finding,
    finding_kind,
    first_error_block,
    is_finding_kind,
    search_terms,
)
from hmdesk.core.toolchain.hvigor import AT_FILE_RE, parse_log
from hmdesk.core.toolchain.parser_messages import PARSER_STEPS
from hmdesk.core.toolchain.prefilter import Gated
from hmdesk.core.toolchain.tool_advice import tool_advice
from hmdesk.core.toolchain.tool_errors import ToolError, read_tool_error
from hmdesk.core.toolchain.tool_table import COMPILER_RANGES

# an 8-digit hvigor / ohpm / ArkTS / DevEco code where the tools print one: before a title word
# ("00306003 Specification …", "00403003 应用堆栈…") or " ..." (elided), not a crash frame's ``pc``;
# the signature tool's after its ``ERROR:`` whatever follows ("ERROR: 11013008 generate csr …");
# restool's and DevEco's after an error label alone (``Resource Pack Error: 11211104``, its
# message on the line before; ``Error code: 00401005``, ``error code 00401005``, ``错误码：00401005``);
# DevEco's own (run/debug 004xxxxx, tests 005xxxxx, Profiler 007xxxxx) before a lower-case word
# or a bracket too (``00401005 ability not specified``, ``00507013 [Fail]ExecuteCommand …``),
# hvigor's and ohpm's before the file their message begins with (``00304064 module.json5 file not found``)
_BUILD_CODE = re.compile(
    r"(?<![\w.])(?<!pc )(\d{8})(?![\w.])(?=\s+(?:[A-Z\u4e00-\u9fff]|\.\.\.|['\"‘][^\s'\"’])|"
    r"[ \t]*\|[ \t]*`?[A-Z]|(?<=ERROR: 11[01]\d{5})[ \t]+\S|(?<=(?:ror|ROR|ode|ODE): (?:112|00[457])"
    r"\d{5})|(?<=(?:[Cc]ode|CODE) (?:112|00[457])\d{5})|(?<=码[:：](?:112|00[457])\d{5})|"
    r"(?<=码[:：] (?:112|00[457])\d{5})|(?<=00[457]\d{5})[ \t]+(?:[a-z]{2}|\[)|"
    r"(?<=00[36]\d{5})[ \t]+[\w-]+\.(?:json5?|ts)\b)"
)
# a JSON/JSON5 file a schema failure's line names (``00303038 Schema validate failed ... a.json``)
_JSON_FILE = re.compile(r"[\w.-]+\.json5?\b")
# (also quoted in a code comment, each line after ``//``: a note showing the code that failed)
_MESSAGE = re.compile(r"^\s*(?://[ \t]*)?(?:\d+\.\s*)?Error Message:\s*(?P<msg>.+)$", re.M)
_COMMENT = re.compile(r"^\s*//[ \t]*")
_PACKAGE = re.compile(r"""(?:package '|FetchPackageInfo: ")(?P<p>[^'"]+)['"]""")
_TASK = re.compile(r"Task \[\s*'(?P<t>[^']+)'\s*\]")
_PATH = re.compile(
    r"(?P<p>(?:[A-Za-z]:)?[\\/]?(?:[\w.@\-…]+[\\/])+[\w.@\-]+\.(?:har|so|hap|hsp|json5|ets|ts))"
)
# a line break a console put inside a path, before the rest of its last name
_WRAP_IN_PATH = re.compile(r"(?<=[\w.@-])\r?\n(?=[\w.@-]*\.(?:har|so|hap|hsp|json5|ets|ts)\b)")
_AT_LOC = re.compile(r"\b(?:[Aa]t [Ff]ile:|[Aa]t)\s+(\S+?:\d+(?::\d+)?)\b")
_RULE = re.compile(r"\((art?kts-[a-z0-9-]+)\)", re.I)
_CUT_HEAD_ERROR = re.compile(
    r"^\s*Error Message:\s*(?P<msg>.+?)\s+At File:\s*(?P<loc>\S+?:\d+:\d+)\s*$", re.M
)
_UNRESOLVED = re.compile(r'Could not resolve "(?P<module>[^"]+)" from "(?P<file>[^"]+)"')
_CANNOT_FIND_MODULE = re.compile(r"Cannot find module '([^']+)'")  # TypeScript's words
_NUMBERED = re.compile(r"^\d+\.\s+")  # a rendered page's line numbers ("7. * Try …")


def _unresolved_hint(module: str) -> str:
    """What an unresolved import usually means when the file is one a tool generates."""
    if module.rsplit("/", 1)[-1] == "GeneratedPluginRegistrant":
        return (
            "GeneratedPluginRegistrant is written by Flutter: build from the Flutter project "
            "(`flutter pub get`, then `flutter build hap`) before building the ohos folder in "
            "DevEco Studio."
        )
    if (m := _SLASHED_SYSTEM.match(module)) is not None:
        dotted = f"{m.group(1)}.{m.group(2)}"
        return (
            f"The SDK's own modules are named with a dot: '{dotted}' (import … from '{dotted}'); "
            f"a name with a slash is an ohpm package (`ohpm install {module}`)."
        )
    return ""


# ``@ohos/router`` written for the system module ``@ohos.router`` (``@kit.``/``@system.`` alike)
_SLASHED_SYSTEM = re.compile(r"^(@(?:ohos|kit|system|hms))/([\w.]+)$")


def _fill(template: str, values: dict[str, str]) -> str:
    return re.sub(r"\{(\w+)\}", lambda m: values.get(m.group(1)) or "", template).strip()


def _code_message(tail: str, pos: int) -> str:
    """The text a code's block says: its ``Error Message:`` (and what follows up to a blank
    line), else the line after the code's line when it is prose (not a stack frame or another
    tool line), else the rest of the code's line."""
    window = tail[pos : pos + 1200]
    m = _MESSAGE.search(window)
    lines = window.splitlines()
    if m is not None:
        start = window[: m.start()].count("\n")
        body = [m.group("msg")]
        quoted = _COMMENT.match(lines[start]) is not None
        for ln in lines[start + 1 : start + 6]:
            ln = _COMMENT.sub("", ln) if quoted else ln
            if not ln.strip() or _NUMBERED.sub("", ln.lstrip()).startswith(("*", ">", "Try")):
                break
            body.append(ln.strip())
        return " ".join(body)
    nxt = lines[1].strip() if len(lines) > 1 else ""
    if nxt and not _NOT_PROSE.match(nxt):
        return nxt
    parts = lines[0].split(None, 1) if lines else []
    return parts[1] if len(parts) > 1 else ""


def _compiler_says(message: str) -> str:
    """The compiler's message without its ``At File:`` place; a long one (TypeScript's overload
    chains) as its first sentence and its last, most specific clause."""
    text = re.split(r"\s+At File:", message, maxsplit=1)[0].strip()
    if len(text) <= 300:
        return text
    clauses = [c.strip() for c in re.split(r"(?<=\.)\s+", text) if c.strip()]
    return f"{clauses[0][:150]} … {clauses[-1][:200]}" if len(clauses) > 1 else text[:300]


_NOT_PROSE = re.compile(r"(?:at |#\d|\*|>|\d+ (?:ERROR|WARN)|(?:ERROR|WARN|COMPILE)\b)")


# the next errors of a block printed one a line (``  10505001 Cannot find name 'x'. At a.ets:4:2``)
_NEXT_CODED = re.compile(r"(?<=\d{8} )[^\n]{1,160}?\bAt \S+?:\d+(?::\d+)?", re.M)


_CHECKER_CODES = ("10505", "10605", "109")  # the ArkTS checker's numbered errors
_PARSE_CODE = "00305015"  # Rollup Error
# rollup's parse failure, its place on the next line (``. At file: F:L`` or the bare ``F:L``)
_PARSE_FAILED = re.compile(
    r"^(?P<msg>[^\n]*?)\s*\(Note that you need plugins to import files that are not JavaScript\)"
    r"\s*\n\s*\.?\s*(?:At [Ff]ile:\s*)?(?P<loc>\S[^\n]*?:\d+(?::\d+)?)\s*$",
    re.M,
)
_SAID_PREFIX = re.compile(r"^(?:>\s*hvigor\s+ERROR:\s*)?(?:\w*Error:\s*)?")


def _code_finding(tail: str) -> Finding | None:
    """The first hvigor / ohpm / ArkTS code the tables know (the tool's own code before a code
    that only reports a failed tool, e.g. ohpm's 00617101 before hvigor's 00306053)."""
    matches = list(_BUILD_CODE.finditer(tail))
    if not matches:
        return None
    root = next((m for m in matches if m.group(1) not in WRAPPER_CODES), matches[0])
    under_parse = root.group(1) == _PARSE_CODE
    if under_parse:
        # rollup's parse error printing an ArkUI check as its first numbered error: the check ran
        # on a file that parsed, so the bundler failed on the transform's output; the check decides.
        # A check far down the list (after the linter's errors) comes from the broken syntax rollup
        # reports: rollup's own error stays the root
        first = next(
            (m for m in matches if m.group(1) not in WRAPPER_CODES and m.group(1) != _PARSE_CODE),
            None,
        )
        if first is not None and first.group(1).startswith("109"):
            root = first
    code = root.group(1)
    # an ArkUI check (109xxxxx: one root node, a decorator's use) runs on a file that parsed: the
    # bundler's later "Unexpected token" is its transform's output failing, the check decides
    parsed_first = not code.startswith("109")
    if (
        code.startswith(_CHECKER_CODES)
        and parsed_first
        and (parse := _PARSE_FAILED.search(tail, 0, root.start()))
        and not _same_line(parse["loc"], _code_message(tail, root.start()))
    ):
        # the bundler could not parse a file (an older hvigor prints no code for it): the
        # checker's numbered errors that follow come from the broken syntax; the parser's place.
        # When the checker's first error is at that very line, it is the same syntax error in
        # the compiler's words (``Unterminated string literal`` for rollup's ``Unterminated
        # string constant``), with its code and column: the compiler's error decides
        said = _SAID_PREFIX.sub("", parse["msg"])
        return _table_finding(
            tail, _PARSE_CODE, BUILD_CODES[_PARSE_CODE], parse.start(), said, parse["loc"]
        )
    line_start = tail.rfind("\n", 0, root.start()) + 1
    message = _code_message(tail, root.start())
    parsed = parse_log(tail)
    err = next((e for e in parsed.errors if e.code == code), None) or parsed.first_error
    location = err.location if err is not None else None
    kit = _KIT_IMPORT.search(tail) if code == _ANY_UNKNOWN else None
    if kit is not None and location and _place_file(location) == _place_file(kit["loc"]):
        # `any` where a Kit's import failed in the same file: the names it left untyped
        return _kit_import_finding(tail, kit)
    if code.startswith(("10505", "10605")):
        arkts_msg = err.message if err is not None and err.code == code and err.message else message
        if len(message) > len(arkts_msg) and message.startswith(arkts_msg[:30]):
            arkts_msg = message  # the parser keeps a message's first line; the block has more
        # the place printed with the root code's own message first (a pasted log may cut the
        # "1 ERROR:" line's start, so the parser's first error can be the second one)
        root_line = tail[root.start() : tail.find("\n", root.start()) % (len(tail) + 1)]
        m_own = _AT_LOC.search(root_line)  # ``10505001 ';' expected. At Index.ets:82:91``
        m_at = _AT_LOC.search(message)
        if m_own is not None:
            location, arkts_msg = m_own.group(1), root_line[len(code) :].strip()
        elif m_at is not None:
            location, arkts_msg = m_at.group(1), message
        # a log cut at its head (an IDE or agent keeping "the last 50 lines") starts inside the
        # first error: its "Error Message: … At File: …" line comes before any code
        cut = _CUT_HEAD_ERROR.search(tail, 0, line_start)
        if cut is not None:
            location, arkts_msg = cut.group("loc"), cut.group("msg")
        unresolved = _UNRESOLVED.search(tail)
        if location is None and unresolved is not None:
            location, arkts_msg = unresolved.group("file"), unresolved.group(0)
        rule = _RULE.search(arkts_msg)
        says = _compiler_says(arkts_msg)
        if code.startswith("10605"):
            rule_fix = (
                ARKTS_RULES.get(rule.group(1).lower(), ARKTS_DEFAULT) if rule else ARKTS_DEFAULT
            )
            at = f" at {location}" if location else ""
            fix = f"{rule_fix} The compiler says{at}: {says}"
        elif unresolved is not None and arkts_msg == unresolved.group(0):
            fix = (
                f"Fix the import {unresolved.group('module')} (its path relative to the file, or "
                f"the package name). {_unresolved_hint(unresolved.group('module'))}"
            ).strip() + f" The compiler says: {says}"
        else:  # the place once, where the sentence says to go (the message's own is cut)
            fix = f"Fix the code at {location or 'the location'}. The compiler says: {says}"
            if step := _parser_step(says):
                fix = f"{step} {fix}"
            if (cm := _CANNOT_FIND_MODULE.search(says)) and (hint := _unresolved_hint(cm[1])):
                fix = f"{fix} {hint}"
            if m_own is not None:  # one error a line: the next ones often share the cause
                more = [
                    _AT_LOC.sub("", m.group(0)).strip(" .")
                    for m in _NEXT_CODED.finditer(tail, root.end())
                ][:2]
                if more:
                    fix += " Then: " + "; ".join(more) + "."
        meaning = "ArkTS linter rule " + rule.group(1) if rule else "ArkTS Compiler Error"
        return Finding(
            kind="arkts-source",
            evidence=tail[line_start : tail.find("\n", root.start()) % (len(tail) + 1)].strip()[
                :EVIDENCE_CHARS
            ],
            fix=fix,
            code=code,
            query_terms=search_terms(code, "ArkTS", *(rule.groups() if rule else ()), "编译错误"),
            location=location,
            meaning=meaning,
            block=first_error_block(tail),
        )
    info = BUILD_CODES.get(code)
    if (
        info is None
        and code[:3] in COMPILER_RANGES
        and (under_parse or _MESSAGE.search(tail[root.start() : root.start() + 600]) is None)
    ):
        # the code with its message on its own line (a block with an ``Error Message:`` is the
        # general reader's, tool_errors)
        return _compiler_code_finding(tail, code, root.start(), location)
    if info is None:
        return None  # the signatures decide; the code is carried by _signature_finding
    if location is None and (told := read_tool_error(tail)) is not None and told.code == code:
        location = told.location  # the file the code's own message names ("Error in X.")
    if not message and info.says:
        message = _said_near(tail, root.start(), info.says)
    return _table_finding(tail, code, info, root.start(), message, location)


def _said_near(tail: str, start: int, says: str) -> str:
    """The line within three lines of the code at ``start`` that holds its documented message
    (restool prints ``Invalid resource directory name 'graphic'`` above ``Resource Pack Error:
    11211104``), or ""."""
    lo = start
    for _ in range(3):
        lo = tail.rfind("\n", 0, max(lo - 1, 0)) + 1
    hi = start
    for _ in range(4):
        nl = tail.find("\n", hi + 1)
        hi = len(tail) if nl < 0 else nl
    m = re.search(says, tail[lo:hi])
    if m is None:
        return ""
    line_start = tail.rfind("\n", 0, lo + m.start()) + 1
    line_end = tail.find("\n", lo + m.start())
    return tail[line_start : line_end if line_end >= 0 else len(tail)].strip()


def _same_line(place: str, message: str) -> bool:
    """``place`` (``file:line``) is the file and line the compiler's ``message`` ends at."""
    at = _AT_LOC.search(message)
    if at is None:
        return False
    line = re.search(r":(\d+)(?::\d+)?$", place.strip())
    own = re.search(r":(\d+)(?::\d+)?$", at.group(1))
    return (
        line is not None
        and own is not None
        and line.group(1) == own.group(1)
        and _place_file(place.strip()) == _place_file(at.group(1))
    )


_ANY_UNKNOWN = "10605008"  # the linter's arkts-no-any-unknown
# a Kit import the ArkTS compiler rejects (``ArkTS:ERROR File: a.ets:6:1`` / ``ERROR Code:
# 10311006 ArkTS: ERROR`` / ``Error Message: 'default' is not exported from Kit '@kit.X'.``)
_KIT_IMPORT = re.compile(
    r"ArkTS:ERROR File: (?P<loc>\S+?:\d+(?::\d+)?)[ \t]*\n[ \t]*ERROR Code: (?P<code>10311\d{3})"
    r"[^\n]*\n[ \t]*Error Message: (?P<msg>[^\n]+)"
)


def _place_file(location: str) -> str:
    """The file of a ``file:line:col`` place, its separators made one."""
    return re.sub(r"(?::\d+){1,2}$", "", location).replace("\\", "/").lower()


def _kit_import_finding(tail: str, kit: re.Match[str]) -> Finding:
    """A Kit's import that fails (10311xxx) with the linter's `any` errors on what it imports."""
    said = kit["msg"].strip()
    fix = (
        f"Fix the import at {kit['loc']}: {said} Import only what the Kit's declaration in this "
        "SDK exports (a named import, `import { name } from '@kit.…'`, of an API the Kit's "
        "reference lists), then the `any` errors on the names it imported go with it."
    )
    return Finding(
        kind="arkts-source",
        evidence=kit.group(0).splitlines()[-1].strip()[:EVIDENCE_CHARS],
        fix=_with_advice(fix, tail[kit.start() :]),
        code=kit["code"],
        query_terms=search_terms(kit["code"], "ArkTS", "Kit", said[:60]),
        location=kit["loc"],
        meaning="a Kit import the SDK does not export",
        block=first_error_block(tail),
    )


def _compiler_code_finding(tail: str, code: str, start: int, location: str | None) -> Finding:
    """A code of the compilers' ranges (:data:`COMPILER_RANGES`: es2abc's 107xxxxx, the ArkUI
    checks' 109xxxxx …) that the table does not know: the compiler's own message (the code's line
    and the lines under it) says what to change."""
    line_start = tail.rfind("\n", 0, start) + 1
    lines = tail[line_start:].splitlines()
    said = [re.sub(r"^\d{8}\s*[|:—-]?\s*", "", lines[0].strip()[start - line_start :]).strip(" `")]
    for ln in lines[1:3]:
        if not ln.strip() or _NOT_PROSE.match(ln.strip()):
            break
        said.append(re.sub(r"^Error Message:\s*", "", ln.strip()))
    if len(said) > 1 and said[0] == "ArkTS Compiler Error":
        said = said[1:]  # the block's title, its message below
    says = _compiler_says(" ".join(x for x in said if x))
    tool = COMPILER_RANGES[code[:3]]
    fix = f"Change the code {('at ' + location) if location else 'the message names'}: {tool} says: {says}"
    if step := _parser_step(says):
        fix = f"{step} {fix}"
    return Finding(
        kind="arkts-source",
        evidence=lines[0].strip()[:EVIDENCE_CHARS],
        fix=_with_advice(fix, tail[start:]),
        code=code,
        query_terms=search_terms(code, "ArkTS", says[:60]),
        location=location,
        meaning=f"{tool} error",
        block=first_error_block(tail),
    )


def _with_advice(fix: str, text: str) -> str:
    """``fix`` and the tool's own advice in ``text`` (:func:`tool_advice`: ``Try the following:``,
    ``Solution:``, ``Suggestion:``, ``解决方法：`` …) when it adds to it."""
    advice = tool_advice(text)
    if advice and advice[:40].lower() not in fix.lower():
        return f"{fix} The tool suggests: {advice}"
    return fix


def _table_finding(
    tail: str, code: str, info: CodeInfo, start: int, message: str, location: str | None
) -> Finding:
    """The finding of a code :data:`BUILD_CODES` knows, at ``start`` in ``tail`` (printed, or
    its message alone: then the meaning says the code was not printed)."""
    printed = tail.startswith(code, start)
    values = {"message": message}
    for rx, key in ((_PACKAGE, "package"), (_TASK, "task"), (_PATH, "path")):
        m = rx.search(tail[start:]) or rx.search(tail)
        if m is None and key == "path":  # a console's hard wrap inside the path
            m = rx.search(_WRAP_IN_PATH.sub("", tail[start:]))
        if m is not None:
            values[key] = m.group(1)
    if "path" not in values and code == "00306049":
        values["path"] = " and ".join(re.findall(r"^\s*-\s*(\S+)", tail, re.M)[:2])
    kind = info.kind if is_finding_kind(info.kind) else "unknown"
    values["message"] = _AT_FILE_TAIL.sub("", message)
    fix = _fill(info.fix, values)
    if kind == "rollup":
        fix = f"{_parser_step(message)} {fix}".strip()
    if _SCHEMA_MARK.search(tail, start):
        # hvigor's schema report: what it says, and the file:line:col it prints over a file
        # named without a line
        detail, place = _schema_detail(tail[start:])
        fix = f"{fix} {detail}".strip()
        location = location if location and _HAS_LINE.search(location) else place or location
    if kind == "config":
        # a configuration file the code's own line names, when the fix does not
        line_end = tail.find("\n", start)
        named = _JSON_FILE.search(tail, start, line_end if line_end >= 0 else len(tail))
        if named is not None and named.group(0) not in fix:
            fix = f"{fix} The file the log names: {named.group(0)}."
    if "above" in message and (above := _ERROR_ABOVE.search(tail, 0, start)) is not None:
        # hvigor's "Please fix above syntax errors": the compiler's error printed before it
        fix = f"{fix} The error above: {above.group('msg').strip()}"
        location = location if location and _HAS_LINE.search(location) else above.group("at")
        if _HVIGORFILE.search(above.group("at")):
            kind = "config"  # the project's own build script does not parse: not hvigor's setup
    fix = _with_advice(fix, tail[start:])
    location = location or _block_file(tail, start)
    line_start = tail.rfind("\n", 0, start) + 1
    end = tail.find("\n", start)
    evidence = tail[line_start : end if end >= 0 else len(tail)].strip()
    if message and message not in evidence:
        evidence = f"{evidence} — {message}"
    return Finding(
        kind=kind,
        evidence=evidence[:EVIDENCE_CHARS],
        fix=fix,
        code=code if printed else None,
        query_terms=search_terms(kind, code, info.meaning),
        location=_file_to_edit(location, tail),
        meaning=info.meaning if printed else f"{info.meaning} (code {code}, not printed)",
        block=first_error_block(tail),
    )


# the place a message ends with (``… function . At file: C:\\app\\Index.ets:139``): the finding
# keeps it as its location, the fix quotes the message without it

# a script's compile error hvigor refers to (``error TS1005: '}' expected.`` and, on its next
# line, `` at D:\\app\\entry\\hvigorfile.ts:6:1``)
_ERROR_ABOVE = re.compile(
    r"(?P<msg>error TS\d+: [^\n]+)\n[ \t]*at (?P<at>\S+?:\d+:\d+)[ \t]*$", re.M
)
_HVIGORFILE = re.compile(r"(?:^|[\\/])hvigorfile\.[jt]s:\d+", re.I)
# (``\s*(?:\.\s*)?``, not ``\s*\.?\s*``: a run of spaces split two ways cost its cube, 28 s for
# 1,600 spaces)
_AT_FILE_TAIL = Gated(r"\s*(?:\.\s*)?\bAt [Ff]ile:\s*\S.*$")
_PARSER_STEPS = [(re.compile(rx), step) for rx, step in PARSER_STEPS]


def _parser_step(message: str) -> str:
    """The step a parser's message asks for (:data:`PARSER_STEPS`), or ""."""
    return next((step for rx, step in _PARSER_STEPS if rx.search(message)), "")


def _block_file(tail: str, start: int) -> str | None:
    """The file a code's block names on a line of its own, ``At file: build-profile.json5``
    (with or without a line) or at a line's end in brackets (es2abc's), when the parser saw no
    error head (the code printed alone, the ``ERROR:`` cut away): the lines from the code's to
    the first blank one."""
    for line in tail[start : start + 1200].splitlines()[:12]:
        if not line.strip():
            break
        m = AT_FILE_RE.search(line)
        if m is not None:
            place = m.group("file").strip()
            for part in ("line", "col"):
                place += f":{m.group(part)}" if m.group(part) else ""
            return place
        bracketed = _BRACKETED_PLACE.search(line)
        if bracketed is not None:
            return bracketed.group("loc")
    return None


# the bytecode compiler's (es2abc's) message ends with its place in brackets: ``SyntaxError:
# Concurrent function should only use … [/p/entry/src/main/ets/a.ts:9:4]``
_BRACKETED_PLACE = re.compile(r"\[(?P<loc>[^\[\]\s]+?:\d+:\d+)\]\s*$")


# each message with the text every match of it holds (lower-cased): a log without that text skips
# the regex (hundreds of documented messages, docs/decisions/0023-doctor-literal-prefilter.md).
# The table's own messages (worded from real logs) are read first; hvigor's documented messages
# (:data:`DOCUMENTED_CODES`, the error-code pages) only where no reader of the tool's output knew more
_Said = tuple[str, CodeInfo, Gated]
_SAID: dict[bool, list[_Said]] = {False: [], True: []}
for _code, _info in BUILD_CODES.items():
    if _info.says:
        _SAID[_code in DOCUMENTED_CODES].append((_code, _info, Gated(_info.says)))


def _said_code_finding(tail: str, documented: bool = False) -> Finding | None:
    """A code the table knows whose message the log prints without the code (the first message
    the log prints); ``documented``: hvigor's documented messages instead of the table's own."""
    # (a message quoted alone, no line of it saying "error": the whole of a short text)
    text = tail if not documented or _quoted_alone(tail) else _error_lines(tail)
    found: tuple[int, str, CodeInfo, re.Match[str]] | None = None
    for code, info, rx in _SAID[documented]:
        m = rx.search(text)
        if m is not None and (found is None or m.start() < found[0]):
            found = (m.start(), code, info, m)
    if found is None:
        return None
    _, code, info, m = found
    start = tail.find(m.group(0)) if documented else m.start()
    return _table_finding(tail, code, info, start, m.group(0), None)


# a hvigor or ohpm code standing alone (named in a developer's note, no title after it)
_NAMED_CODE = re.compile(r"(?<![\w.:/\\-])(00[36]\d{5})(?![\w.:/\\-])")


def _named_code_finding(tail: str) -> Finding | None:
    """The first code the tables know that ``tail`` names without its title (prose that quotes
    it), read as its page says, "possibly": the code alone is the evidence."""
    for m in _NAMED_CODE.finditer(tail):
        info = BUILD_CODES.get(m.group(1))
        if info is not None and m.group(1) not in WRAPPER_CODES:
            found = _table_finding(tail, m.group(1), info, m.start(), "", None)
            return replace(found, certain=False)
    return None


def _quoted_alone(tail: str) -> bool:
    return len(tail) <= _QUOTED_CHARS and "rror" not in tail.lower()


_QUOTED_CHARS = 400


def _error_lines(tail: str) -> str:
    """The lines of ``tail`` that say "error" (hvigor prints a message as ``> hvigor ERROR: …`` or
    ``Error Message: …``) and the line after each, the last of them: hundreds of documented
    messages are looked for there, not in a whole pasted log
    (docs/decisions/0023-doctor-literal-prefilter.md)."""
    spans: list[tuple[int, int]] = []
    lower = tail.lower()
    at = lower.find("rror")
    while at >= 0:
        start = tail.rfind("\n", 0, at) + 1
        end = tail.find("\n", at)
        end = len(tail) if end < 0 else tail.find("\n", end + 1)
        end = len(tail) if end < 0 else end
        spans.append((start, end))
        at = lower.find("rror", end)
    # the failure is at a log's end, and a long record repeats its lines
    return "\n".join(tail[a:b] for a, b in spans[-_ERROR_LINES:])[-_ERROR_TEXT:]


_ERROR_LINES, _ERROR_TEXT = 400, 64_000


# the line of a code hvigor or ohpm prints with its title ("00308019 Operation Error")
# (or hvigor's newer layout: ``Error Code: 00303999``, then ``Error: Configuration Error``)
_FAMILY_CODE = re.compile(
    r"(?<![\w.])(003\d{5}|006\d{5}|11[01]\d{5})(?![\w.])"
    r"(?:[ \t]+(?P<title>[A-Z][A-Za-z ]*\b)|[ \t]*\n[ \t]*Error:[ \t]*(?P<below>[A-Z][A-Za-z ]*\b)|"
    r"(?<=Error Code: \d{8})[ \t]+(?P<said>[a-z][^\n]*))"
)
# lines that only narrate the build (progress, the failed task, the summary)
_NARRATION = re.compile(
    r"^(?:\d+\.\s*)?>?\s*(?:hvigor\s+(?:Finished|UP-TO-DATE|WARN|ERROR: (?:Failed|BUILD))|"
    r"Process finished|COMPILE RESULT)"
)
# a package manager's output: hvigor's own npm/pnpm install, not a signing or SDK problem
_PACKAGE_MANAGER = re.compile(r"\b(?:p?npm(?:\.cmd)? install|ERR_PNPM_|npm ERR!|npm registry)")


def _lines_before(tail: str, pos: int, limit: int = 3) -> list[str]:
    """Up to ``limit`` lines just before ``pos`` that are the failing tool's own output."""
    out: list[str] = []
    for ln in reversed(tail[:pos].splitlines()[:-1][-6:]):
        line = _NUMBERED.sub("", ln.strip())
        if not line or _NARRATION.match(line):
            if out:
                break
            continue
        out.insert(0, line)
        if len(out) >= limit:
            break
    return out


def _family_of(code: str) -> str:
    """The :data:`CODE_FAMILIES` prefix ``code`` belongs to ('' for none)."""
    return next((p for p in CODE_FAMILIES if code.startswith(p)), "")


# a JavaScript error whose stack is hvigor's evaluation of the project's configuration
_PLUGIN_EVAL = re.compile(
    r"\b(?:Type|Reference|Range|Syntax)Error\b[^\n]*\n(?:[^\n]*\n){0,3}?\s*at\s+"
    r"(?:evaluateHvigorConfig|[^\n]*[\\/]hvigorfile\.[jt]s)\b"
)


def _family_finding(tail: str) -> Finding | None:
    """A hvigor / ohpm code the tables do not know: the kind its range means
    (:data:`CODE_FAMILIES`), the code, the tool's message, the lines before it and its advice."""
    m = next(
        (
            m
            for m in _FAMILY_CODE.finditer(tail)
            if m.group(1) not in BUILD_CODES and _family_of(m.group(1))
        ),
        None,
    )
    if m is None:
        return None
    code = m.group(1)
    title = (m.group("title") or m.group("below") or m.group("said") or "").strip()[:80]
    prefix = _family_of(code)
    kind_name, meaning, first_step = CODE_FAMILIES[prefix]
    kind = finding_kind(kind_name)
    message = _code_message(tail, m.start())
    before = _lines_before(tail, m.start())
    parts = [first_step]
    if _PLUGIN_EVAL.search(tail, m.start(), m.start() + 1500):
        parts = [PLUGIN_EVAL_STEP]
    if message:
        parts.append(f"The tool says: {message[:400]}")
    if before:
        parts.append(f"Before it: {' '.join(before)[:300]}")
    fix = _with_advice(" ".join(parts), tail[m.start() :])
    line_start = tail.rfind("\n", 0, m.start()) + 1
    end = tail.find("\n", m.start())
    evidence = tail[line_start : end if end >= 0 else len(tail)].strip()
    err = parse_log(tail).first_error  # the place the log prints ("At file: …")
    return Finding(
        kind=kind,
        evidence=evidence[:EVIDENCE_CHARS],
        fix=fix,
        code=code,
        query_terms=search_terms(kind, code, title),
        location=_file_to_edit(err.location if err is not None else None, tail),
        meaning=f"{title} ({meaning})",
        block=first_error_block(tail),
    )


def _operation_family(family: Finding, err: ToolError | None) -> Finding:
    """A code the tables do not know whose message is another tool's output takes that tool's
    class, "possibly". A code of hvigor's operation range (00308xxx: a command hvigor runs failed)
    names no cause of its own: the class the failing tool's own line names, "possibly", when there is one; else
    the range's class, "possibly" too (hvigor's own bugs are reported in this range)."""
    if family.location is None and err is not None and err.code == family.code and err.location:
        # the file the code's own message names (``Error in D:\\app\\entry\\oh-package.json5.``)
        family = replace(family, location=err.location)
    if (family.code or "").startswith("00303") and err is not None and err.phase_kind == "signing":
        # a configuration error the signing task raised is the signing configuration's
        # (signingConfigs' files and passwords); certain when the message names a signing file
        return replace(family, kind="signing", certain=err.named_kind == "signing")
    if not (family.code or "").startswith("00308"):
        # the message is another tool's output (``Error Message: ohpm ERROR: …``): its class
        if err is not None and err.code == family.code and err.kind and err.kind != family.kind:
            return replace(family, kind=finding_kind(err.kind), certain=False)
        return family
    klass = (err.os_kind or err.kind) if err is not None else None  # a tool's line, not a phase
    if klass and klass != family.kind:
        return replace(family, kind=finding_kind(klass), certain=False)
    return replace(family, certain=klass == family.kind)


def _family_wins(matched: Finding | None, tail: str) -> bool:
    """A code's range over a signature that matched words of the text: when nothing or only a
    weak word matched, or when the words are a package manager's output (hvigor's npm/pnpm
    install printing "certificate has expired" is not a signing error)."""
    if matched is None or not matched.certain:
        return True
    return bool(_PACKAGE_MANAGER.search(tail)) and matched.kind not in (
        "network",
        "hvigor-env",
        "hvigor-version",
        "ohpm-deps",
    )
