"""Build doctor: what went wrong in a failed step's log, with the evidence line and the fix.

Method (after hmharness's builddoctor): regular expressions,
case-insensitive, over the **last 8000 characters** of the log (ANSI colours stripped), first match
in table order wins, evidence = the first tail line that matches (trimmed to 200 characters).

The table is, in order:

1. exact codes, most specific first: install ``code:95683xx`` (the bm error table), ``aa``
   ``Error Code:101xxxxx``, hdc ``[Fail][E0xxxxx]`` and ``Connect server failed``, hvigor error codes
   and signatures (``00303217``, ``00303168``, ``10505001``, ...), and a
   failed ``SignHap`` task (``signing``: a missing or expired .p12 / .cer / .p7b; its evidence is
   the line naming the file or the expiry, not the ``Failed :…@SignHap`` line);
2. hmharness's 8 classes in its order: sdk-home, sdk-version, signing, ohpm-deps, hvigor-env,
   arkts-source, config, network (its patterns, plus the quoted form ``'DEVECO_SDK_HOME'`` that
   real hvigor prints).

Kinds of the hvigor codes reuse hmharness's names where they mean the same thing (00303217 is
``sdk-home``, 10505001 is ``arkts-source``), so memories tagged with those kinds are recalled.

Warnings do not decide a failure: the table first runs over the tail without ``WARN`` lines; only
when nothing matches there are warnings considered (``Will skip sign`` → ``signing``). So a
project without signing whose ArkTS code is broken is diagnosed ``arkts-source``.

Each :class:`Finding` carries ``query_terms``: the words with which the pipeline recalls matching
pitfalls from the memory store (the kind, the code, English and Chinese keywords).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import get_args

from hmdesk.core.bounded import InputError, read_input
from hmdesk.core.toolchain.app_event_json import as_params
from hmdesk.core.toolchain.arkts_rules import failing_rule, rule_advice
from hmdesk.core.toolchain.build_log import console_views
from hmdesk.core.toolchain.build_steps import (
    _JSON_CONFIG,
    _LED_PLACE,
    _TWO_READINGS,
    _build_window,
    _compiler_steps,
    _imported_by_source,
    _input_place,
    _json_config_finding,
    _mostly_hilog,
    _tool_finding,
)
from hmdesk.core.toolchain.cjc_catalogue import cjc_finding
from hmdesk.core.toolchain.code_findings import (
    _BUILD_CODE,
    _code_finding,
    _family_finding,
    _family_wins,
    _fill,
    _named_code_finding,
    _operation_family,
    _said_code_finding,
    _unresolved_hint,
    _with_advice,
)
from hmdesk.core.toolchain.config_report import (
    _HAS_LINE,
    _file_to_edit,
    _printed_config,
    _schema_detail,
)
from hmdesk.core.toolchain.crash.faultlog import unescape_markdown, unquote
from hmdesk.core.toolchain.device_words import (
    _GENERIC_FAILURES,
    _OTHER_FAILURES,
    _device_finding,
    _fail_prose_finding,
    _tool_words_finding,
)
from hmdesk.core.toolchain.error_places import (
    named_place,
    place_above,
    referenced_place,
    with_column,
)
from hmdesk.core.toolchain.error_subjects import signing_input
from hmdesk.core.toolchain.fault_text import (
    HEAD_CHARS,
    _bare_js_finding,
    _bare_report_finding,
    _fault_finding,
    _leak_finding,
    _lost_lines_finding,
    _said_finding,
    runtime_message_alone_finding,
)
from hmdesk.core.toolchain.finding import (
    EVIDENCE_CHARS,
    TAIL_CHARS,
    BuildFindingKind,
    Finding,
    first_error_block,
    search_terms,
)
from hmdesk.core.toolchain.hvigor import parse_log, strip_ansi
from hmdesk.core.toolchain.log_subject import subject_finding, words_by_kind
from hmdesk.core.toolchain.message_signatures import WARNING_SIGNATURES
from hmdesk.core.toolchain.page_text import as_printed
from hmdesk.core.toolchain.project import Project
from hmdesk.core.toolchain.project_file import MAX_PROJECT_FILE_BYTES
from hmdesk.core.toolchain.redact import redact
from hmdesk.core.toolchain.signature import Signature
from hmdesk.core.toolchain.signature_table import (
    _ANY_CODE,
    _CODE_LABEL,
    _Hit,
    _is_generic,
    _is_word_class,
    _signature_hit,
)
from hmdesk.core.toolchain.signing_tool_errors import sign_tool_finding
from hmdesk.core.toolchain.tool_errors import read_tool_error


def _evidence(lines: list[str], pat: re.Pattern[str], match: re.Match[str]) -> str:
    for i, line in enumerate(lines):
        if pat.search(line):
            text = line.strip()
            # bm prints "code:9568320" alone, its message on the next line: keep them together
            if re.fullmatch(r"code:\s*\d+", text) and i + 1 < len(lines):
                text = f"{text} {lines[i + 1].strip()}"
            return text[:EVIDENCE_CHARS]
    return match.group(0)[:EVIDENCE_CHARS]


def _preferred_evidence(lines: list[str], sig: Signature) -> str | None:
    """The first line matching one of ``sig.evidence``, tried in that order."""
    for pattern in sig.evidence:
        rx = re.compile(pattern, re.I)
        for line in lines:
            if rx.search(line):
                return strip_ansi(line).strip()[:EVIDENCE_CHARS]
    return None


def _terms(sig: Signature) -> list[str]:
    return search_terms(sig.kind, *sig.terms)


def diagnose(
    log: str, extra_secrets: Iterable[str] = (), *, by_words: bool = True
) -> Finding | None:
    """What went wrong in ``log``, or None when nothing known (and nothing decisive) is in it.

    In order: a fault log or hilog text with a crash or freeze (:func:`_fault_finding`, read from
    the head, where a fault log's header is); a bm / aa / hdc code (:func:`_device_finding`); a
    hvigor / ohpm / ArkTS code from the tables of :mod:`.build_codes` (:func:`_code_finding`);
    then the signatures of :data:`TABLE` over the tail; last, when bm/aa said only that they
    failed, their own words (:func:`_tool_words_finding`), and hdc's ``[Fail]`` prose
    (:func:`_fail_prose_finding`). A code the tables do not know is kept in the finding with the
    tool's own text. Secrets in the text (signing passwords, tokens, and the literal
    ``extra_secrets``, see :mod:`hmdesk.core.toolchain.redact`) are masked first, so the
    evidence and the error block never hold one. ``by_words``: when no reader knows the failure,
    the kind its error lines' words speak of, "possibly" (:mod:`.log_subject`); a caller that knows
    the step's own outcome (a timeout, an hdc classifier) asks without it.
    """
    if not log:
        return None
    views = console_views(log)
    if views is None:
        return _diagnose_text(log, extra_secrets, by_words=by_words)
    # hvigor's own debug log: its last failing build read as the console shows it; when that
    # one says nothing known, an earlier failing build, said so (and only "possibly" when the
    # later one printed something: it may be a new failure the doctor does not know)
    for i, view in enumerate(views):
        found = (
            _diagnose_text(view.text, extra_secrets, view.command, by_words=by_words)
            if view.text
            else None
        )
        if found is not None and (i == 0 or found.kind != "unclassified"):
            later = tuple(views[:i])
            certain = found.certain and not any(v.printed for v in later)
            evidence = f"{found.evidence} ({view.note(later)})"
            return replace(found, evidence=evidence, certain=certain)
    return None


def _diagnose_text(
    log: str, extra_secrets: Iterable[str], command: str | None = None, *, by_words: bool = True
) -> Finding | None:
    """``command``: the failed tool's command line a debug log holds apart from the console's
    lines (the files it was given). A log quoted by a page is read as printed
    (:func:`.page_text.as_printed`), a HiAppEvent event dumped as one JSON as its params
    (:func:`.app_event_json.as_params`)."""
    log = as_params(as_printed(unquote(log)))
    tail = redact(unescape_markdown(strip_ansi(_build_window(log))), extra_secrets)
    head = tail if len(log) <= TAIL_CHARS else redact(strip_ansi(log[:HEAD_CHARS]), extra_secrets)
    ran = redact(command, extra_secrets) if command else ""
    found = _read(log, tail, head)
    if found is None or found.kind == "unclassified":
        found = cjc_finding(tail) or found  # cjc's message quoted without its place
    if found is None:
        found = runtime_message_alone_finding(tail)  # the runtime's message and nothing else
    return _finish(subject_finding(found, tail) if by_words else found, tail, ran)


def _read(log: str, tail: str, head: str) -> Finding | None:
    found = (
        _leak_finding(unquote(head))
        or _fault_finding(head, log)
        or _bare_report_finding(head)
        or _device_finding(tail)
        or _code_finding(tail)
        or _said_code_finding(tail)
        or _bare_js_finding(unquote(tail))
        or _said_finding(log, weak=True)
        or _lost_lines_finding(tail)
    )
    if found is not None:
        return found
    hit = _signature_hit(tail)
    if hit is not None and _imported_by_source(hit, tail):
        hit = None  # the module resolver's reading (tool_errors) names it
    matched = _signature_finding(tail, hit)
    # a signing tool's own error line (its name, code and Details) over a failed task or a
    # word: the guides' cause for it
    weak = matched is None or not matched.certain or (hit is not None and _is_generic(hit[0]))
    if weak and (signed := sign_tool_finding(tail)) is not None:
        return signed
    family = _family_finding(tail)
    # a device log's ``Error: …`` lines are the app's, no build tool's
    err = read_tool_error(tail) if not _mostly_hilog(tail) else None
    if family is not None and (
        _family_wins(matched, tail) or (hit is not None and _is_generic(hit[0]))
    ):
        return _unsure_range(_operation_family(family, err))
    if matched is not None and matched.meaning in _GENERIC_FAILURES:
        # bm/aa said only that they failed, as far as the signatures know: their own words
        return _tool_words_finding(tail) or matched
    if matched is None:
        # bm/aa's words without a code, hdc's ``[Fail]`` prose, before the build tools' reader
        device = _tool_words_finding(tail) if any(h in tail for h in _OTHER_FAILURES) else None
        if (device := device or _fail_prose_finding(tail)) is not None:
            return device
    if (
        matched is None or not matched.certain or (hit is not None and _is_word_class(hit[0]))
    ) and (err is None or not (err.kind or err.phase_kind or err.os_kind)):
        # hvigor's documented message (its error-code pages) where no signature nor a tool's
        # own line said more than a word (a class read only from a file the message names is
        # a word too)
        documented = _said_code_finding(tail, documented=True)
        if documented is not None:
            return documented
    if matched is None and err is None:
        # nothing but a documented code named in prose ("… 编译报 00303194"): its page's meaning,
        # "possibly"
        named = _named_code_finding(tail)
        if named is not None:
            return named
    if matched is not None and hit is not None and _is_word_class(hit[0]):
        # a word anywhere (hmharness's classes) is "possibly" unless the tool's error agrees
        matched = replace(matched, certain=err is not None and err.klass == matched.kind)
    if err is None:
        return matched
    if matched is None or not matched.certain:
        return _tool_finding(err, tail) if err.klass or matched is None else matched
    if hit is not None and hit[0] in WARNING_SIGNATURES and err.klass:
        return _tool_finding(err, tail)  # a tool's error line over a warning
    if hit is not None and _is_generic(hit[0]) and (err.kind or err.phase_kind):
        # a tool's own line, or the failed task's phase, over a word anywhere in the log or a
        # signature that only names the failed task: the tool's message and place are kept
        found = _tool_finding(err, tail)
        return replace(found, certain=found.certain or found.kind == matched.kind)
    return matched


def _unsure_range(found: Finding) -> Finding:
    """A code the tables do not know is read by its range alone: when the words of its own
    line speak only of other kinds (``00303312 Cannot find the corresponding SDK version under the
    specified SDK path``: a configuration code about the SDK), the range's kind is "possibly"."""
    said = words_by_kind(found.evidence) if found.certain else {}
    if said and found.kind not in said:
        return replace(found, certain=False)
    return found


# a build's findings get the place their log prints and the compiler's own message steps
# (a crash's or a device's findings have their own)
_BUILD_FINDING_KINDS = frozenset((*get_args(BuildFindingKind), "unclassified"))


def _finish(found: Finding | None, tail: str, ran: str = "") -> Finding | None:
    """A build finding with the place its log names when the reading that found it kept none
    (:func:`named_place`: ``at file: X``, an importer, ``X does not exist``, Gradle's ``Build
    file``; for a signing error the file the signing tool was given that it is about, from its
    command line in the log or ``ran``), and, for the ArkTS/TypeScript compiler, the step its
    own message asks for."""
    if found is None or found.kind not in _BUILD_FINDING_KINDS:
        return found
    # the same file and line printed with its column elsewhere (rollup's place, the compiler's)
    location = with_column(found.location or named_place(tail) or _input_place(tail), tail)
    if location is None and found.kind == "signing":
        location = signing_input(f"{found.meaning} {found.evidence}", f"{tail}\n{ran}")
    fix = found.fix
    if location is None and found.kind == "arkts-source" and (led := _LED_PLACE.search(tail)):
        location = led["loc"]  # a linter/CI line led by its place (``a.ets:173:14 Object …``)
    if found.kind in ("arkts-source", "rollup") and location and _JSON_CONFIG.search(location):
        # a "Syntax Error" placed in a project's JSON5 file is the file's, not the code's
        return _json_config_finding(found, location)
    if found.kind in ("arkts-source", "rollup", "unclassified"):
        fix = _compiler_steps(fix, tail, location)
    certain = found.certain and found.meaning not in _TWO_READINGS
    if location == found.location and fix == found.fix and certain == found.certain:
        return found
    return replace(found, location=location, fix=fix, certain=certain)


# the ArkTS signatures that name no cause of their own (a rule's name, a type error's words)
_ARKTS_GENERIC = frozenset({None, "ArkTS linter rule", "ArkTS type error"})


_RUNTIME_KINDS = frozenset({"crash", "hilog"})


def _signature_finding(tail: str, hit: _Hit | None) -> Finding | None:
    if hit is None:
        return _weak_finding(tail)
    sig, pat, m, src = hit
    parsed = parse_log(tail)
    err = parsed.first_error
    location = err.location if err is not None else None
    # a signature's code only when the log shows it (the old ArkTS format has none); the
    # unsigned-build warning predicts the install error 9568320, so it keeps its code
    code = sig.code if sig.code and (sig.code in tail or sig in WARNING_SIGNATURES) else None
    if code is None:
        m_code = _ANY_CODE.search(m.group(0))
        if m_code is None and sig.kind not in _RUNTIME_KINDS:
            # a build tool's code elsewhere in the log (a runtime message's log has ids, uids
            # and times of eight digits, none a code)
            m_code = _BUILD_CODE.search(tail) or _CODE_LABEL.search(tail)
        code = m_code.group(1) if m_code else None
    groups = {k: v for k, v in m.groupdict().items() if v}
    # a code the signature's own pattern reads (a tool's block that labels it: hb's ``Code:``)
    code = groups.pop("code", None) or code
    if "{said}" in sig.fix:  # the tool's own line, quoted up to what matched
        line_start = m.string.rfind("\n", 0, m.start()) + 1
        said = m.string[max(line_start, m.start() - 240) : m.end()].strip()
        groups["said"] = ("…" if m.start() - 240 > line_start else "") + said
    # a place the signature names as ``file:line`` whose column the log prints elsewhere (Node's
    # header line above the caret, then the stack's ``at … (file:line:col)``)
    location = location or with_column(groups.get("location"), tail) or _printed_config(tail)
    if location is None:  # the old ArkTS format: the place on the line above
        line_start = m.string.rfind("\n", 0, m.start()) + 1
        above = m.string[m.string.rfind("\n", 0, max(0, line_start - 1)) + 1 : line_start]
        location = place_above([above.rstrip("\r\n"), ""], 1) if line_start else None
    location = _file_to_edit(location, tail)
    fix = _fill(sig.fix, groups) if groups or "{" in sig.fix else sig.fix
    if sig.code == "00303038":
        detail, printed = _schema_detail(tail)
        fix = f"{fix} {detail}".strip()
        location = location if location and _HAS_LINE.search(location) else printed or location
    if sig.kind == "signing":
        tool = _SIGN_TOOL.search(tail)
        told = sign_tool_finding(tail)  # the tool's NAME, code line: its documented cause
        if told is not None and told.code is not None:
            code = code or told.code
            fix = fix if told.fix[-60:] in fix else f"{fix} {told.fix}"
        elif tool is not None:
            code = code or (tool.group("code") or None)
            if tool.group("msg").strip()[:40].lower() not in fix.lower():
                fix = f"{fix} hap-sign-tool says: {tool.group('msg').strip()[:200]}"
    if sig.kind == "native" and location is None:
        # the object that needs the symbol, else the path the message names, else the undefined
        # symbol itself (a linker line copied without its ``>>> referenced by`` lines)
        location = referenced_place(tail) or groups.get("path") or groups.get("symbol")
    if sig.kind == "rollup" and "module" in groups:
        fix = f"{fix} {_unresolved_hint(groups['module'])}".strip()
    evidence = _preferred_evidence(src, sig) or _evidence(src, pat, m)
    if sig.kind == "arkts-source":
        # the first error's rule decides, on every reading (a warning's rule never does)
        said = err.message if err is not None and err.message else _arkts_message(tail)
        said = said or evidence
        advice = rule_advice(said or "") or rule_advice(tail)
        if advice is not None:
            fix = advice[1]
        elif err is not None and err.message and sig.meaning in _ARKTS_GENERIC:
            # only warnings name a rule: the error decides (a signature naming its own cause,
            # the build FAQ's, keeps its steps)
            fix = "Fix the code where the ArkTS compiler's error points."
            evidence = err.message.strip()[:EVIDENCE_CHARS]
        at = f" at {err.location}" if err is not None and err.message and err.location else ""
        if said:
            fix = f"{fix} The compiler says{at}: {said[:300]}"
        if (named := failing_rule(tail)) is not None:
            evidence = _line_of(tail, named.start())
    return Finding(
        kind=sig.kind,
        evidence=evidence,
        fix=_with_advice(fix, tail),
        code=code,
        query_terms=_terms(sig),
        location=location,
        meaning=sig.meaning,
        block=first_error_block(tail),
    )


def _line_of(text: str, pos: int) -> str:
    """The line of ``text`` at ``pos``, without colour codes, cut to the evidence's length."""
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return strip_ansi(text[start : end if end >= 0 else len(text)]).strip()[:EVIDENCE_CHARS]


# hap-sign-tool's error line: ``hap-sign-tool: error: ACCESS_ERROR, code: 109. Details: …``
_SIGN_TOOL = re.compile(r"hap-sign-tool: error:\s*(?P<msg>(?:\w+, code: (?P<code>\d+))?[^\n]*)")


def _arkts_message(tail: str) -> str:
    """The message of an ArkTS error printed without a block (``ArkTS:ERROR File: …`` and the
    message on the same line after a comma, or on the next line)."""
    lines = tail.splitlines()
    for i, line in enumerate(lines):
        if "ArkTS:ERROR" in line or "ArkTS Compiler Error" in line:
            same = line.split(",", 1)[1].strip() if "," in line else ""
            nxt = " ".join(ln.strip() for ln in lines[i + 1 : i + 3] if ln.strip())
            return same or nxt
    return ""


# generic words: never a class on their own, at most "possibly" with the line as evidence
WEAK_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        "network",
        (r"\btim(?:e ?out|ed out)\b",),
        "Possibly a network or registry timeout (the log says only “timeout”): check the proxy "
        "and the registry, then retry.",
        meaning="a timeout",
        terms=("timeout", "network"),
    ),
)
_COMPILED_WEAK = [(sig, sig.compiled()) for sig in WEAK_SIGNATURES]


def _weak_finding(tail: str) -> Finding | None:
    lines = tail.splitlines()
    for sig, pat in _COMPILED_WEAK:
        m = pat.search(tail)
        if m:
            return Finding(
                kind=sig.kind,
                evidence=_evidence(lines, pat, m),
                fix=sig.fix,
                query_terms=_terms(sig),
                meaning=sig.meaning,
                block=first_error_block(tail),
                certain=False,
            )
    return None


_NODE_MODULE = re.compile(r"Cannot find module '(?P<module>(?:@[^'/]+/)?[^'@./][^']*)'")
MAX_NAMED_DEPENDENCIES = 3


def in_project(finding: Finding | None, project: Project | None) -> Finding | None:
    """``finding`` with what the project's own files say added to its fix: for missing
    dependencies the local ``file:`` ones that do not exist (who declares them, the spec, the
    path); for a node package hvigor cannot find whether ``hvigor/hvigor-config.json5`` lists it
    and which hvigorfile.ts imports it; for an unsupported modelVersion the project's values."""
    if finding is None or project is None:
        return finding
    extra: list[str] = []
    if finding.kind == "ohpm-deps":
        missing = project.missing_local_dependencies()
        for d in missing[:MAX_NAMED_DEPENDENCIES]:
            extra.append(
                f'{d.where} declares "{d.name}": "{d.spec}" in {d.file}, and {d.local} does '
                "not exist."
            )
        if len(missing) > MAX_NAMED_DEPENDENCIES:
            extra.append(
                f"({len(missing) - MAX_NAMED_DEPENDENCIES} more local dependencies are missing.)"
            )
    elif finding.kind == "hvigor-env" and (m := _NODE_MODULE.search(finding.evidence)):
        extra.append(_plugin_fact(m.group("module"), project))
    elif finding.code == "00303028" and (project.model_version or project.hvigor):
        hv = project.hvigor
        extra.append(
            f"This project: modelVersion {hv.model_version if hv else None} in "
            f"hvigor/hvigor-config.json5, {project.model_version} in oh-package.json5."
        )
    if not extra:
        return finding
    fix = finding.fix.rstrip()
    fix += "" if fix.endswith((".", ")")) else "."
    return replace(finding, fix=f"{fix} In this project: {' '.join(extra)}")


def _plugin_fact(module: str, project: Project) -> str:
    hv = project.hvigor
    if hv is not None and module in hv.plugins:
        return (
            f'hvigor/hvigor-config.json5 lists "{module}": "{hv.plugins[module]}" but it is not '
            "installed: sync the project (DevEco Studio: File > Sync and Refresh Project) so "
            "hvigor installs its plugins, or check that this version exists."
        )
    importers = [
        str(f.relative_to(project.root))
        for f in (
            project.root / "hvigorfile.ts",
            *(m.src_path / "hvigorfile.ts" for m in project.modules),
        )
        if _mentions(f, module)
    ]
    where = f" ({', '.join(importers)} imports it)" if importers else ""
    listed = (
        "hvigor/hvigor-config.json5"
        if hv is not None
        else "the project (no hvigor/hvigor-config.json5)"
    )
    return (
        f'{listed} does not list "{module}"{where}: add it with its version to the '
        '"dependencies" of hvigor/hvigor-config.json5, then sync the project.'
    )


def _mentions(path: Path, needle: str) -> bool:
    try:
        text = read_input(path, limit=MAX_PROJECT_FILE_BYTES, what="the project file")
        return needle in text.decode("utf-8", "replace")
    except (OSError, InputError):
        return False


def format_finding(finding: Finding | None) -> str:
    """Text in hmharness's layout (kind / evidence / fix, then the first ERROR block)."""
    if finding is None:
        return "Unclassified failure: no known signature matched. Read the end of the log."
    kind = finding.kind if finding.certain else f"{finding.kind} (possibly: weak evidence)"
    out = [f"kind: {kind}", f"evidence: {finding.evidence}", f"fix: {finding.fix}"]
    if finding.code:
        out.insert(
            1, f"code: {finding.code}" + (f" ({finding.meaning})" if finding.meaning else "")
        )
    if finding.location:
        out.append(f"location: {finding.location}")
    out += [
        "",
        "First ERROR block:",
        finding.block or "(no explicit ERROR line - see evidence above)",
    ]
    return "\n".join(out)
