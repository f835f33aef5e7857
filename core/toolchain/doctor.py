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
from dataclasses import dataclass, field
from typing import Any, Literal, TypeGuard, get_args

from hmdesk.core.toolchain.hdc import AA_CODES, HDC_FAIL_CODES, INSTALL_CODES, SERVER_FAILED_FIX
from hmdesk.core.toolchain.hvigor import parse_log, strip_ansi
from hmdesk.core.toolchain.redact import redact, redact_optional

FindingKind = Literal[
    # the doctor's signatures (hmharness's 8 classes and the hvigor / device codes)
    "sdk-home",
    "sdk-version",
    "sdk-missing",
    "signing",
    "ohpm-deps",
    "hvigor-env",
    "hvigor-version",
    "arkts-source",
    "config",
    "network",
    "long-path",
    "java",
    "rollup",
    "install",
    "launch",
    "hdc-server",
    "device",
    # the hdc classifiers' kinds (``Outcome.kind``), when the pipeline reports one
    "no-device",
    "unauthorized",
    "server",
    "daemon",
    "file",
    "hdc",
    "uninstall",
    "stop",
    "hilog",
    # the pipeline's own: no HAP built, a tool missing or failing to start, a step timed out
    "no-hap",
    "tool",
    "timeout",
    # a failure the doctor could not classify (the runner's failure card shows these)
    "unclassified",
    "failed",
    # a stored finding whose kind this version does not know (see Finding.from_dict)
    "unknown",
]
_FINDING_KINDS: frozenset[str] = frozenset(get_args(FindingKind))


def is_finding_kind(value: str) -> TypeGuard[FindingKind]:
    return value in _FINDING_KINDS


def finding_kind(value: object) -> FindingKind:
    """``value`` as a kind; what this version does not know (an older or newer hmdesk wrote
    it) is ``unknown``, so a stored run stays readable."""
    return value if isinstance(value, str) and is_finding_kind(value) else "unknown"


TAIL_CHARS = 8000
EVIDENCE_CHARS = 200
BLOCK_CHARS = 700
BLOCK_LINES = 8


@dataclass(frozen=True)
class Finding:
    kind: FindingKind
    evidence: str
    fix: str
    code: str | None = None
    query_terms: list[str] = field(default_factory=list)
    location: str | None = None  # file:line:col from the log, when there is one
    meaning: str | None = None
    block: str | None = None  # the first ERROR block (≤8 lines, ≤700 chars)
    # False: a weak match, shown as "possibly …" with its evidence (nothing decisive in the log)
    certain: bool = True

    @property
    def query_text(self) -> str:
        """The query for recalling matching pitfalls (``Retriever.search(Query(text=...))``)."""
        return " ".join(self.query_terms)

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "evidence": self.evidence,
            "fix": self.fix,
            "code": self.code,
            "query_terms": list(self.query_terms),
            "location": self.location,
            "meaning": self.meaning,
            "block": self.block,
            "certain": self.certain,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Finding:
        return cls(
            kind=finding_kind(data.get("kind")),
            # a finding stored before secrets were masked is masked when it is read back
            evidence=redact(str(data.get("evidence") or "")),
            fix=data.get("fix", ""),
            code=data.get("code"),
            query_terms=list(data.get("query_terms") or []),
            location=data.get("location"),
            meaning=data.get("meaning"),
            block=redact_optional(data.get("block")),
            certain=bool(data.get("certain", True)),
        )


@dataclass(frozen=True)
class Signature:
    kind: FindingKind
    patterns: tuple[str, ...]
    fix: str
    code: str | None = None
    meaning: str | None = None
    terms: tuple[str, ...] = ()
    # lines to prefer as the evidence (else the first line the patterns match)
    evidence: tuple[str, ...] = ()

    def compiled(self) -> re.Pattern[str]:
        return re.compile("|".join(f"(?:{p})" for p in self.patterns), re.I)


# --------------------------------------------------------------------------- hmharness's 8 classes

HMHARNESS_CLASSES: tuple[Signature, ...] = (
    Signature(
        "sdk-home",
        (r"Invalid value of '?DEVECO_SDK_HOME", r"sdk home", r"not find sdk", r"SdkHomePath"),
        "DEVECO_SDK_HOME is unset or wrong. Set it to <DevEco Studio>/sdk (or "
        "command-line-tools/sdk), with a native path (not an MSYS /c/... one), then build again.",
        terms=("DEVECO_SDK_HOME", "SDK", "环境变量"),
    ),
    Signature(
        "sdk-version",
        (
            r"Specification Limit Violation",
            r"compatibleSdkVersion.*(?:invalid|not|unsupported)",
            r"unsupported sdk version",
            r"sdk version.*(?:invalid|not match)",
        ),
        "compatibleSdkVersion in build-profile.json5 does not match an installed SDK (or a "
        "dependency needs a newer one): fix products[0].compatibleSdkVersion; the schema check "
        "does not test whether the value is plausible.",
        terms=("compatibleSdkVersion", "SDK版本", "build-profile"),
    ),
    Signature(
        "signing",
        (r"signingConfigs", r"signing config", r"keystore", r"\.p12", r"\.cer\b", r"no signing"),
        "Signing is missing or stale: in DevEco Studio re-run File > Project Structure > Signing "
        "Configs > Automatically generate signature (the product must reference it with "
        '"signingConfig"); release builds need AppGallery certificates.',
        terms=("signingConfigs", "签名", "signing"),
    ),
    Signature(
        "ohpm-deps",
        (
            r"ohpm (?:install|ERROR)",
            r"ohos_modules",
            r"Failed to install dependencies",
            r"ERESOLVE",
            r"404 .*ohpm",
        ),
        "Dependencies are missing: run `ohpm install --all` in the project root; check that the "
        "versions in oh-package.json5 exist and that local .har dependencies are built.",
        terms=("ohpm", "依赖", "oh-package.json5"),
    ),
    Signature(
        "hvigor-env",
        (
            r"hvigor (?:daemon|wrapper)",
            r"node: not found",
            r"NODE_HOME",
            r"Cannot find module .*hvigor",
        ),
        "The hvigor/node environment is broken: use the node bundled with DevEco Studio "
        "(NODE_HOME=<DevEco>/tools/node), delete the project's .hvigor cache, then build again.",
        terms=("hvigor", "node", "NODE_HOME"),
    ),
    Signature(
        "arkts-source",
        (
            r"ERROR: ArkTS",
            r"arkts-\d+",
            r"Cannot find module '@",
            r"Struct.*must",
            r"expected component",
        ),
        "An ArkTS source error: open the file:line of the first ERROR block and fix the code.",
        terms=("ArkTS", "编译错误", "ets"),
    ),
    Signature(
        "config",
        (
            r"build-profile",
            r"module\.json5",
            r"parse.*json",
            r"Expected.*json",
            r"module.*not found in",
        ),
        "A project configuration file is wrong: check the field named in the error in "
        "build-profile.json5 / module.json5 / app.json5 against the schema.",
        terms=("module.json5", "build-profile.json5", "配置"),
    ),
    Signature(
        "network",
        (r"network", r"ECONN", r"timeout", r"registry", r"fetch failed"),
        "A network or registry failure: check the proxy (bypass it for 127.0.0.1), retry, or use "
        "the mirror: `ohpm config set registry https://ohpm.openharmony.cn/ohpm/`.",
        terms=("network", "registry", "网络", "代理"),
    ),
)

# --------------------------------------------------------------------------- exact codes

HVIGOR_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        "sdk-home",
        (r"00303217",),
        "DEVECO_SDK_HOME is missing or wrong: set it to <DevEco Studio>/sdk (or "
        "command-line-tools/sdk) as a native path — the DevEco terminal sets it, bare shells "
        "do not — then build again.",
        code="00303217",
        meaning="Invalid value of DEVECO_SDK_HOME",
        terms=("DEVECO_SDK_HOME", "00303217", "SDK", "环境变量"),
    ),
    Signature(
        "sdk-missing",
        (r"00303168", r"SDK component missing"),
        "The SDK is incomplete or the wrong one: install the missing components in DevEco's SDK "
        "manager, point DEVECO_SDK_HOME at `sdk` (not `sdk/default`), use the HarmonyOS SDK for a "
        "HarmonyOS project, and keep compatibleSdkVersion ≤ the installed SDK.",
        code="00303168",
        meaning="SDK component missing",
        terms=("00303168", "SDK component missing", "SDK"),
    ),
    Signature(
        "sdk-version",
        (r"00306004", r"00306042"),
        "compatibleSdkVersion is lower than a dependency's: raise it in build-profile.json5 "
        "(products[].compatibleSdkVersion) or use an older dependency.",
        code="00306004",
        meaning="Specification Limit Violation",
        terms=("compatibleSdkVersion", "00306004", "SDK版本"),
    ),
    Signature(
        "config",
        (r"00303038", r"Schema validate failed"),
        "A field in module.json5 / build-profile.json5 fails the schema (e.g. deviceTypes): "
        "fix the field named after 'instancePath'.",
        code="00303038",
        meaning="Schema validate failed",
        terms=("00303038", "Schema validate failed", "module.json5"),
    ),
    Signature(
        "config",
        (r"00303148", r"Hvigorfile not found"),
        "A module has no hvigorfile.ts: restore it (DevEco template) or run hvigorw from the "
        "project root.",
        code="00303148",
        meaning="Hvigorfile not found",
        terms=("00303148", "hvigorfile.ts"),
    ),
    Signature(
        "long-path",
        (r"00303149",),
        "A path was not found, usually Windows MAX_PATH or a junction: move the project to a "
        "short path (C:\\p) or enable long paths.",
        code="00303149",
        meaning="Path not found",
        terms=("00303149", "MAX_PATH", "路径过长"),
    ),
    Signature(
        "hvigor-version",
        (r"00303028", r"Unsupported modelVersion"),
        "The project needs a newer hvigor than the installed one: update DevEco Studio / "
        "Command Line Tools, or lower modelVersion in oh-package.json5.",
        code="00303028",
        meaning="Unsupported modelVersion",
        terms=("00303028", "modelVersion", "hvigor"),
    ),
    Signature(
        "java",
        (r"spawn java ENOENT",),
        "No JDK on PATH: set JAVA_HOME to DevEco's bundled jbr (<DevEco>/jbr, macOS "
        "Contents/jbr/Contents/Home) and put its bin on PATH (JDK 17; 21 for CLT 26+).",
        code="00308018",
        meaning="spawn java ENOENT",
        terms=("00308018", "java", "JAVA_HOME", "JDK"),
    ),
    Signature(
        "hvigor-env",
        (r"Cannot find module '[^']*hvigorw\.js'",),
        "hvigorw.js was not found (a path with spaces or MSYS mangling): call "
        "`node <...>/hvigorw.js` with native paths, or run from the DevEco terminal.",
        meaning="Cannot find module hvigorw.js",
        terms=("hvigorw.js", "hvigor", "node"),
    ),
    Signature(
        "ohpm-deps",
        (r"not found in registry", r"oh_modules"),
        "Dependencies are missing: run `ohpm install --all` in the project root and check "
        ".ohpmrc (registry) and the versions in oh-package.json5.",
        meaning="ohpm dependency missing",
        terms=("ohpm", "oh_modules", "依赖"),
    ),
    Signature(
        "arkts-source",
        (r"10505001", r"ArkTS Compiler Error"),
        "An ArkTS compile error: open the file:line:col shown and fix the code.",
        code="10505001",
        meaning="ArkTS Compiler Error",
        terms=("ArkTS", "10505001", "编译错误"),
    ),
    Signature(
        "rollup",
        (r"00305015", r"Rollup Error"),
        "A bundling/syntax error (Rollup): open the file:line shown; often a .ts/.js syntax "
        "error or a bad import.",
        code="00305015",
        meaning="Rollup Error",
        terms=("00305015", "Rollup", "import"),
    ),
    # the SignHap task failed: a keystore (.p12), certificate (.cer) or profile (.p7b) that is
    # missing, expired or does not match (hvigor names the file and signingConfigs)
    Signature(
        "signing",
        (
            r"Failed\s+:\S*@SignHap",
            r"hap-sign-tool",
            r"certificate (?:has )?expired",
            r"\.p7b\b",
        ),
        "Signing the HAP failed: the keystore (.p12), certificate (.cer) or profile (.p7b) named "
        "in the evidence is missing, expired or does not match the app. For debug builds, in "
        "DevEco Studio re-run File > Project Structure > Signing Configs > Automatically "
        "generate signature; for release builds renew the certificate and profile in AppGallery "
        "Connect. Check the paths in signingConfigs of build-profile.json5.",
        meaning="signing the HAP failed (SignHap)",
        terms=("signingConfigs", "SignHap", "签名", "证书", "signing"),
        evidence=(
            r"\.(?:p12|cer|p7b)\b",
            r"expired",
            r"^Error Message:",
            r"signingConfigs",
            r"ERROR:(?!\s*(?:Failed\s+:|BUILD FAILED))",
        ),
    ),
)

WARNING_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        "signing",
        (r"Will skip sign",),
        "No signingConfigs: hvigor built an unsigned HAP, which devices refuse (install error "
        "9568320). In DevEco Studio: File > Project Structure > Signing Configs > Automatically "
        "generate signature.",
        code="9568320",
        meaning="unsigned HAP (no signingConfigs)",
        terms=("signingConfigs", "9568320", "签名", "unsigned"),
    ),
)


def _device_signatures() -> tuple[Signature, ...]:
    sigs: list[Signature] = []
    for code, (meaning, fix) in INSTALL_CODES.items():
        terms = [code, "install", "安装失败", *meaning.split()[:3]]
        kind: FindingKind = "signing" if code in ("9568320", "9568322", "9568448") else "install"
        sigs.append(Signature(kind, (rf"code:\s*{code}\b",), fix, code, meaning, tuple(terms)))
    sigs.append(
        Signature(
            "install",
            (r"failed to install bundle",),
            "The device refused the HAP: read the bm message; uninstall the app and retry.",
            meaning="failed to install bundle",
            terms=("install", "安装失败"),
        )
    )
    for code, (meaning, fix) in AA_CODES.items():
        sigs.append(
            Signature(
                "launch",
                (rf"Error Code:\s*{code}\b",),
                fix,
                code,
                meaning,
                (code, "aa start", "启动失败", "ability"),
            )
        )
    sigs.append(
        Signature(
            "launch",
            (r"failed to start ability",),
            "The ability did not start: check the ability/module names and that the device is unlocked.",
            meaning="failed to start ability",
            terms=("aa start", "启动失败", "ability"),
        )
    )
    for code, (hdc_kind, meaning, fix) in HDC_FAIL_CODES.items():
        sigs.append(
            Signature(
                "device" if hdc_kind in ("no-device", "daemon") else hdc_kind,
                (rf"\[{code}\]",),
                fix,
                code,
                meaning,
                (code, "hdc", "device", "设备"),
            )
        )
    sigs.append(
        Signature(
            "hdc-server",
            (r"Connect server failed",),
            SERVER_FAILED_FIX,
            meaning="Connect server failed",
            terms=("hdc", "Connect server failed", "8710"),
        )
    )
    sigs.append(
        Signature(
            "device",
            (r"Not match target founded", r"need connect-key", r"Device not found or connected"),
            "The device is not connected (or several are and none was chosen): connect it, "
            "enable USB debugging, and pick it in the device list.",
            meaning="device not found",
            terms=("hdc", "device", "设备", "connect-key"),
        )
    )
    return tuple(sigs)


TABLE: tuple[Signature, ...] = _device_signatures() + HVIGOR_SIGNATURES + HMHARNESS_CLASSES
_COMPILED = [(sig, sig.compiled()) for sig in TABLE]
_COMPILED_WARN = [(sig, sig.compiled()) for sig in WARNING_SIGNATURES]
_WARN_LINE_RE = re.compile(r"^\s*(?:>\s*hvigor\s+)?WARN\b", re.I)
_ERROR_WORD_RE = re.compile(r"\bERROR\b")


def first_error_block(text: str) -> str | None:
    """From the first line containing the word ERROR: ≤8 lines, ≤700 characters."""
    lines = text.splitlines()
    for i, line in enumerate(lines):
        if _ERROR_WORD_RE.search(line):
            block = "\n".join(lines[i : i + BLOCK_LINES])
            return block[:BLOCK_CHARS]
    return None


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
    out: list[str] = []
    for t in (sig.kind, *sig.terms):
        if t and t not in out:
            out.append(t)
    return out


def diagnose(log: str, extra_secrets: Iterable[str] = ()) -> Finding | None:
    """The first known failure signature in the tail of ``log``, or None.

    Secrets in the tail (signing passwords, tokens, and the literal ``extra_secrets``, see
    :mod:`hmdesk.core.toolchain.redact`) are masked first, so the evidence and the error block
    never hold one.
    """
    if not log:
        return None
    tail = redact(strip_ansi(log[-TAIL_CHARS:]), extra_secrets)
    lines = tail.splitlines()
    strong = [ln for ln in lines if not _WARN_LINE_RE.match(ln)]
    strong_text = "\n".join(strong)
    hit: tuple[Signature, re.Pattern[str], re.Match[str], list[str]] | None = None
    for sig, pat in _COMPILED:
        m = pat.search(strong_text)
        if m:
            hit = (sig, pat, m, strong)
            break
    if hit is None:
        for sig, pat in _COMPILED_WARN + _COMPILED:
            m = pat.search(tail)
            if m:
                hit = (sig, pat, m, lines)
                break
    if hit is None:
        return None
    sig, pat, m, src = hit
    parsed = parse_log(tail)
    err = parsed.first_error
    location = err.location if err is not None else None
    # a signature's code only when the log shows it (the old ArkTS format has none); the
    # unsigned-build warning predicts the install error 9568320, so it keeps its code
    code = sig.code if sig.code and (sig.code in tail or sig in WARNING_SIGNATURES) else None
    if code is None:
        m_code = re.search(r"\b(\d{8})\b", m.group(0))
        code = m_code.group(1) if m_code else None
    return Finding(
        kind=sig.kind,
        evidence=_preferred_evidence(src, sig) or _evidence(src, pat, m),
        fix=sig.fix,
        code=code,
        query_terms=_terms(sig),
        location=location,
        meaning=sig.meaning,
        block=first_error_block(tail),
    )


def format_finding(finding: Finding | None) -> str:
    """Text in hmharness's layout (kind / evidence / fix, then the first ERROR block)."""
    if finding is None:
        return "Unclassified failure: no known signature matched. Read the end of the log."
    out = [f"kind: {finding.kind}", f"evidence: {finding.evidence}", f"fix: {finding.fix}"]
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
