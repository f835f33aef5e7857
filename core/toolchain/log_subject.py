"""What part of the toolchain a log's error is about, when no reader knows its message.

The doctor's readers know messages, codes and tools; a log they do not know still says what it is
about in its error lines: ``ohpm`` and ``oh-package.json5``, ``CMakeLists.txt`` and ``ld.lld``,
``.p12`` and ``signingConfigs``, ``hdc`` and ``[Fail]``. :func:`subject_of` counts, over the
error lines (a line with ``error``, ``fail``, ``cause``, ``exception``, 错误 or 失败 and the two
after it), which of each kind's words (:data:`SUBJECT_WORDS`) they hold, and names the kind with
the most, or nothing when two kinds tie or no word is there. The doctor says it "possibly" only
(:mod:`.doctor`; docs/decisions/0030-doctor-error-line-words.md): a word never makes a certain finding, and a lone generic word ("failed",
"timeout", "not found") is in no kind's list. Before the words, a compiler message quoted
without the compiler's header says the code is at fault, "possibly" too: any of TypeScript's
errors (:mod:`.tsc_catalogue`), or one the doctor has steps for (ArkUI's checks, the
ets-loader's: :func:`.build_steps.compiler_message_line`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import cache

from hmdesk.core.toolchain.build_steps import (
    UNKNOWN_STEP,
    _mostly_hilog,
    compiler_message_line,
    first_step,
)
from hmdesk.core.toolchain.clang_catalogue import family_advice, quoted_clang
from hmdesk.core.toolchain.finding import (
    BLOCK_CHARS,
    EVIDENCE_CHARS,
    Finding,
    finding_kind,
    first_error_block,
    search_terms,
)
from hmdesk.core.toolchain.prefilter import Gated
from hmdesk.core.toolchain.tsc_catalogue import tsc_message

_ETS_PLACE = r"\.d?\.?e?ts:\d+"
_NATIVE_PLACE = r"\.(?:cpp|cc|cxx|c|h|hpp):\d+"
_LIBRARY = r"\blib[\w.+-]*\.so\b"
# each kind's words: distinct words count once each, whatever the number of times they occur;
# a word is a technical name (a file, a setting, a tool), never a generic verb nor a bare number
# (a code is the code readers' to read: "9568305 bytes" is no install code)
SUBJECT_WORDS: dict[str, tuple[str, ...]] = {
    "ohpm-deps": (
        r"\bohpm\b",
        r"oh-package(?:-lock)?\.json5",
        r"\boh_modules\b",
        r"\bdependenc(?:y|ies)\b",
        r"\.h[as]r\b",
        r"\bH[AS]R\b",
        r"\.ohpmrc\b",
        r"依赖",
    ),
    "network": (
        r"\bE(?:CONNREFUSED|TIMEDOUT|NOTFOUND|CONNRESET|NETUNREACH|AI_AGAIN)\b",
        # an HTTP proxy, not an IPC object's (``desc:IStreamCapture proxy:3130119360``)
        r"(?-i:\bproxy\b)(?!:\d)",
        r"socket hang up",
        r"\bgetaddrinfo\b",
        r"unable to (?:get local issuer|verify the first) certificate",
        r"网络",
        r"代理",
    ),
    "signing": (
        # not a type's or a function's signature (TypeScript's "index signature", ArkUI's
        # "function constructor signature")
        r"\bsign(?:ing|Hap|App)?\b|(?<!constructor )(?<!function )(?<!call )(?<!index )"
        r"(?<!method )\bsignature\b",
        r"\.p12\b",
        r"\.p7b\b",
        r"\.cer\b",
        r"\bkeystore\b",
        r"\b(?:storePassword|keyAlias|keyPassword|storeFile)\b",
        r"签名",
        r"证书",
    ),
    "sdk-home": (
        r"\bDEVECO_SDK_HOME\b",
        r"\bsdk\.dir\b",
        r"\bOHOS_BASE_SDK_HOME\b",
        r"\blocal\.properties\b",
        r"\bSDK (?:path|location|home|root)\b",
    ),
    "sdk-version": (
        r"\b(?:compile|compatible|target|min)Sdk(?:Version)?\b",
        r"\bapiVersion\b",
        r"\bAPI ?(?:level|version)\b",
        r"\bSDK version\b",
        r"\bapi\d{1,2}\b",
    ),
    "sdk-missing": (
        r"\bSDK components?\b",
        r"\b(?:sdk|component)s? (?:is |are )?(?:missing|not installed)\b",
        r"\bsdkmgr\b",
    ),
    "hvigor-env": (
        # Node.js (and hvigor's own node tree, "The root node is not yet available"), not
        # N-API's "Node-API" nor ArkUI's "Node Constructor"
        r"\bnode(?:\.js|js)?\b(?!_modules|-API| Constructor)",
        r"\bNODE_HOME\b",
        r"\bnpm\b",
        r"\bpnpm\b",
        r"\bdaemon\b",
        r"\bhvigor-config\.json5\b",
        r"\bhvigorw\b",  # the wrapper that starts hvigor on node
    ),
    "hvigor-version": (
        r"\bmodelVersion\b",
        # a package's name, not a path through it (a stack's frames)
        r"\bhvigor-ohos-plugin\b(?![/\\])",
        r"@ohos/hvigor\b(?![/\\-])",
        r"\bversion (?:range|mismatch)\b",
        r"\bnot compatible with\b",
    ),
    "arkts-source": (
        _ETS_PLACE,
        r"\bArkTS\b",
        r"\bTS\d{4}\b",
        r"\b(?:10505001|109\d{5}|10605\d{3})\b",
        # the compiler's capitalised phrasing (a C++ compiler's "to type 'X'" is not this)
        r"(?-i:\bProperty ')",
        r"(?-i:\bType ')",
        r"@(?:State|Prop|Link|Component|ComponentV2|Entry|Builder|Observed|ObservedV2|Local)\b",
    ),
    "config": (
        r"\bmodule\.json5?\b",
        r"\bapp\.json5?\b",
        r"\bbuild-profile\.json5\b",
        r"\bschema\b",
        r"\brequestPermissions\b",
        r"\bsrcEntry\b",
        r"\babilities\b",
        r"\bdeviceTypes?\b",
    ),
    "long-path": (
        r"\b(?:path|file ?name)s? (?:is |are )?too long\b",
        r"\bMAX_PATH\b",
        r"\bENAMETOOLONG\b",
        r"路径过长",
    ),
    "project-path": (
        r"\bnon-ASCII\b",
        r"\bChinese characters\b",
        r"中文路径",
        r"工程路径",
    ),
    "native": (
        r"\bcmake\b|\bCMakeLists\.txt\b",
        r"\bninja\b",
        r"\bclang(?:\+\+)?\b",
        r"\bld\.lld\b|\bld: ",
        r"\bundefined (?:reference|symbol)\b",
        _NATIVE_PLACE,
        r"\bBuildNative\w*",
        r"\b(?:NDK|OHOS_STL|OHOS_ARCH|arm64-v8a)\b",
        r"\bfatal error: ",
        r"\bunable to find library\b",  # the linker's
        r"\bargument unused during compilation\b",  # clang's
        r"\bworking (?:C|CXX) compiler\b",  # CMake's compiler check
        r"\bError relocating\b",  # musl's loader
        _LIBRARY,
    ),
    "hvigor-task": (
        r"\bTask '?[\w:@-]+'? not found\b",
        r"\bhvigorfile\.ts\b",
        r"\b(?:getTaskByName|registerTask)\b",
    ),
    "java": (
        r"\bjava(?:\.exe)?\b",
        r"\bJDK\b",
        r"\bJAVA_HOME\b",
        r"\bJVM\b",
        r"\.jar\b",
    ),
    "rollup": (r"\brollup\b", r"\bUnexpected token\b"),
    "install": (
        r"\bfailed to install\b",
        r"\binstall (?:bundle|failed)\b",
        r"\b(?:bm|hdc) install\b",
        r"\.hap\b",
    ),
    "launch": (
        r"\baa start\b",
        r"\b(?:start|launch) (?:the )?ability\b",
    ),
    "hdc": (
        r"\bhdc\b",
        r"\[Fail\]",
        r"\b(?:connect-key|tconn|fport|rport)\b",
        r"\bE00\d{4}\b",
        r"\bdevice (?:not found|offline|unauthori[sz]ed)\b",
    ),
    "permission": (
        r"\bpermission denied\b",
        r"\bE(?:ACCES|PERM)\b",
        r"\bAccess is denied\b",
        r"\boperation not permitted\b",
        r"权限",
    ),
}

# the words that are a place (file:line, a frame's library), not a failure's subject
_PLACES = frozenset((_ETS_PLACE, _NATIVE_PLACE, _LIBRARY))


@cache
def _compiled() -> dict[str, tuple[tuple[str, Gated], ...]]:
    """Each kind's words, as written and gated by their literals (docs/decisions/0023: a word
    whose letters the text lacks is not searched), compiled on first use: only a log no reader
    knows needs them."""
    return {
        kind: tuple((p, Gated(p, re.IGNORECASE)) for p in words)
        for kind, words in SUBJECT_WORDS.items()
    }


# the lines that report the failure (and the two after each: a message's continuation)
_ERROR_LINE = re.compile(r"error|fail|cause|exception|错误|失败|异常", re.IGNORECASE)
_AFTER = 2
_MAX_LINE = 2000
_SHORT_PASTE = 6  # lines
_SHORT_PASTE_WORDS = 2  # a paste without an error line names its kind twice (a quote names it once)  # a longer line is cut: the words of one message are near its start


@dataclass(frozen=True)
class Subject:
    """The kind a log's error lines speak of, the words that said it, and the error line with
    most of them (the evidence)."""

    kind: str
    words: tuple[str, ...]
    evidence: str


def _error_lines(text: str) -> list[str]:
    """The error lines and the two after each; a short paste without one (a message copied
    alone) is all error."""
    lines = [ln[:_MAX_LINE] for ln in text.splitlines() if ln.strip()]
    keep: set[int] = set()
    for i, line in enumerate(lines):
        if _ERROR_LINE.search(line):
            keep.update(range(i, min(len(lines), i + 1 + _AFTER)))
    if not keep and len(lines) <= _SHORT_PASTE:
        return lines
    return [lines[i] for i in sorted(keep)]


def subject_of(text: str) -> Subject | None:
    """The kind whose words the error lines hold most of (distinct words), or None when there
    are no error lines, no word, or two kinds tie."""
    return _subject_in(_error_lines(text))


def words_by_kind(text: str, *, places: bool = True) -> dict[str, tuple[str, ...]]:
    """Each kind whose words ``text`` holds, with the words (``places``: a file:line or a
    library counts as a word)."""
    said: dict[str, tuple[str, ...]] = {}
    for kind, patterns in _compiled().items():
        words = tuple(
            m.group(0)
            for source, p in patterns
            if (places or source not in _PLACES) and (m := p.search(text))
        )
        if words:
            said[kind] = words
    return said


def _subject_in(lines: list[str]) -> Subject | None:
    """:func:`subject_of` over the error lines already taken."""
    if not lines:
        return None
    # a paste without an error line: a place in it (a quoted frame) names no failure
    erring = any(map(_ERROR_LINE.search, lines))
    said = words_by_kind("\n".join(lines), places=erring)
    if not said:
        return None
    most = max(len(w) for w in said.values())
    best = [k for k, w in said.items() if len(w) == most]
    if len(best) > 1 and "permission" in best:
        best = ["permission"]  # the OS's refusal is the cause; the other words say who met it
    if len(best) != 1:
        return None
    kind = best[0]
    patterns = _compiled()[kind]
    # the first error line that holds one of its words: a log's first error is its cause
    reported = [ln for ln in lines if _ERROR_LINE.search(ln)] or lines
    evidence = next(
        (ln for ln in reported if any(p.search(ln) for _source, p in patterns)), reported[0]
    )
    return Subject(kind, said[kind], evidence.strip()[:BLOCK_CHARS])


def subject_finding(found: Finding | None, tail: str) -> Finding | None:
    """``found`` when a reader classified the failure; else (nothing found, or a tool's message
    without a class) the kind the error lines speak of (:func:`subject_of`), "possibly", with
    that kind's first step and the words that said it. A device log (mostly hilog lines) is the
    app's: its error lines are not a tool's."""
    if found is not None and found.kind != "unclassified":
        return found
    if _mostly_hilog(tail):
        return found
    # the compiler's own message quoted without its header is the code's error: any of
    # TypeScript's errors, or one the doctor has steps for (ArkUI's checks, the ets-loader's)
    lines = _error_lines(tail)
    said = tsc_message(lines)
    clang = quoted_clang(tail, lines) if said is None else None
    quoted = compiler_message_line("\n".join(lines)) if said is None and clang is None else None
    if said is not None:
        subject: Subject | None = Subject("arkts-source", (f"TS{said.code}",), said.text)
        words = f"TypeScript's error TS{said.code} (ArkTS compiles with TypeScript's checker)"
    elif clang is not None:
        return _clang_finding(found, clang, tail)
    elif quoted is not None:
        subject = Subject("arkts-source", (), quoted)
        words = "a message of the ArkTS compiler's"
    else:
        subject = _subject_in(lines)
        words = ", ".join(subject.words) if subject is not None else ""
    if subject is None:
        return found
    kind = finding_kind(subject.kind)
    if found is None:
        return Finding(
            kind=kind,
            evidence=subject.evidence[:EVIDENCE_CHARS],
            fix=f"{first_step(kind)} The log says: {subject.evidence}",
            query_terms=search_terms(kind, *subject.words),
            meaning=f"no message the doctor knows; its error lines speak of {words}",
            block=first_error_block(tail),
            certain=False,
        )
    step = first_step(kind, found.location)
    fix = found.fix.removeprefix(UNKNOWN_STEP).lstrip()
    return replace(
        found,
        kind=kind,
        fix=f"{step} {fix}",
        query_terms=search_terms(kind, *found.query_terms, *subject.words),
        meaning=f"{found.meaning or 'a tool failed'}; its error lines speak of {words}",
        certain=False,
    )


def _clang_finding(found: Finding | None, clang: tuple[str, str, bool], tail: str) -> Finding:
    """clang's message quoted without its place: the native build's, with its family's remedy;
    certain when the log speaks of C/C++ (:func:`.clang_catalogue.quoted_clang`)."""
    ident, said, native = clang
    advice = family_advice(ident) or (
        "Fix the C/C++ code it names (clang prints its place before 'error:': file:line:col)."
    )
    step = first_step("native", found.location if found is not None else None)
    return Finding(
        kind="native",
        evidence=said[:EVIDENCE_CHARS],
        fix=f"{step} clang (the NDK's C/C++ compiler) says: {said[:300]}. {advice}",
        query_terms=search_terms("native", "clang", said[:60]),
        location=found.location if found is not None else None,
        meaning=f"C/C++ compile error (clang's {ident})",
        block=first_error_block(tail),
        certain=native,
    )
