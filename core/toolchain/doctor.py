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
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal, TypeGuard, get_args

from hmdesk.core.toolchain.build_codes import (
    ARKTS_DEFAULT,
    ARKTS_RULES,
    BUILD_CODES,
    CODE_FAMILIES,
    FIELD_HOMES,
    PARSER_STEPS,
    PLUGIN_EVAL_STEP,
    WRAPPER_CODES,
    CodeInfo,
)
from hmdesk.core.toolchain.build_log import console_views
from hmdesk.core.toolchain.crash.causes import CAUSES, explain, where
from hmdesk.core.toolchain.crash.detect import WATCH_TAGS, detect_all
from hmdesk.core.toolchain.crash.faultlog import (
    FAULT_HINT,
    parse_faultlog,
    unjoin,
    unmark,
    unnumber,
    unquote,
)
from hmdesk.core.toolchain.crash.frames import parse_frame
from hmdesk.core.toolchain.crash.model import CPP, FREEZE, JS, TYPES, Crash, Frame
from hmdesk.core.toolchain.hdc import AA_CODES, HDC_FAIL_CODES, INSTALL_CODES, SERVER_FAILED_FIX
from hmdesk.core.toolchain.hdc.codes import FAIL_PROSE, INSTALL_WORDS_ZH
from hmdesk.core.toolchain.hilog import says
from hmdesk.core.toolchain.hilog.parse import RAW, HilogLine, parse_lines
from hmdesk.core.toolchain.hvigor import AT_FILE_RE, parse_log, strip_ansi
from hmdesk.core.toolchain.project import (
    MAX_PROJECT_FILE_BYTES,
    NotRegularFile,
    Project,
    read_regular_file,
)
from hmdesk.core.toolchain.redact import redact, redact_optional
from hmdesk.core.toolchain.tool_errors import (
    COMPILER_RANGES,
    ToolError,
    missing_project_file,
    named_place,
    place_above,
    read_tool_error,
    signing_input,
    tool_advice,
    unresolved_module,
)

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
    "project-path",
    "native",
    "hvigor-task",
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
    # a crash or a freeze of the app (a fault log, or hilog text with one)
    "crash",
    "freeze",
    # the pipeline's own: no HAP built, a tool missing or failing to start, a step timed out
    "no-hap",
    "tool",
    "timeout",
    "cancelled",
    "unsupported",
    "permission",
    "locked",
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


_META = set("\\.^$*+?{}[]()|")


def _literal(pattern: str) -> str | None:
    """The longest run of plain characters (lower-cased, ≥ 3) outside any group, class or
    quantified character of ``pattern`` — text every match contains; None when there is none
    (or the pattern has a top-level alternative)."""
    runs: list[str] = []
    run: list[str] = []
    depth = 0
    i = 0
    while i < len(pattern):
        c = pattern[i]
        if c == "\\":
            runs.append("".join(run))
            run = []
            i += 2
            continue
        if c in "([":
            runs.append("".join(run))
            run = []
            close = ")" if c == "(" else "]"
            depth = 1
            j = i + 1
            while j < len(pattern) and depth:
                if pattern[j] == "\\":
                    j += 2
                    continue
                if pattern[j] == c and c == "(":
                    depth += 1
                elif pattern[j] == close:
                    depth -= 1
                j += 1
            i = j
            continue
        if c == "|":
            return None
        if c in "?*{" and run:
            run.pop()  # the quantified character is optional
        if c == "{":  # a counted quantifier ``{0,80}``: its digits are not text of the match
            runs.append("".join(run))
            run = []
            end = pattern.find("}", i)
            i = end + 1 if end >= 0 else len(pattern)
            continue
        if c in _META:
            runs.append("".join(run))
            run = []
        else:
            run.append(c)
        i += 1
    runs.append("".join(run))
    best = max(runs, key=len).lower()
    return best if len(best) >= 3 else None


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

    def needles(self) -> tuple[str, ...] | None:
        """One lower-case literal per pattern that every match of it contains (None: some
        pattern has none): a log holding none of them skips the regexes. ~100 signatures run on
        every failed step (docs/decisions/0023-doctor-literal-prefilter.md)."""
        found = [_literal(p) for p in self.patterns]
        return None if any(n is None for n in found) else tuple(n for n in found if n)

    def compiled(self) -> re.Pattern[str]:
        return re.compile("|".join(f"(?:{p})" for p in self.patterns), re.I | re.M)


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
            r"executable 'node'",
            r"Cannot find module .*hvigor",
        ),
        "The hvigor/node environment is broken: use the node bundled with DevEco Studio "
        "(NODE_HOME=<DevEco>/tools/node), delete the project's .hvigor cache, then build again.",
        terms=("hvigor", "node", "NODE_HOME"),
    ),
    Signature(
        "arkts-source",
        (
            r"arkts-\d+",
            r"Cannot find module '@[^']*' or its corresponding",
            r"Struct.*must",
            r"expected component",
        ),
        "An ArkTS source error: open the file:line of the first ERROR block and fix the code.",
        terms=("ArkTS", "编译错误", "ets"),
    ),
    Signature(
        "config",
        (
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
        (
            r"ECONN\w*",
            r"ETIMEDOUT",
            r"ENOTFOUND",
            r"getaddrinfo",
            r"socket hang up",
            r"fetch failed",
            r"network (?:is )?unreachable",
        ),
        "A network or registry failure: check the proxy (bypass it for 127.0.0.1), retry, or use "
        "the mirror: `ohpm config set registry https://ohpm.openharmony.cn/ohpm/`.",
        terms=("network", "registry", "网络", "代理"),
    ),
)

# --------------------------------------------------------------------------- exact codes

# What the tool hvigor ran says after "Tools execution failed" (the packing tool, the JVM, the
# JS bundler) or what a wrapper says about the tool it ran: the tool's own words decide over the
# task that failed (SignHap, PackageHap, BuildNative…), so these come first (batch 27f).
TOOL_MESSAGE_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        "config",
        (r"BundleTool \[Error\]: input module (?P<field>\w+) is different",),
        "The modules packed into the app (each HAP/HSP) declare different {field} values, or "
        "AppScope/app.json5 does not declare it: make {field} the same in app.json5 (app.{field}) "
        "and in every module packed with it, then build the app again.",
        meaning="the packed modules differ",
        terms=("app.json5", "PackageApp", "module.json5"),
    ),
    Signature(
        "java",
        (r"os::commit_memory\(", r"errno=1455", r"insufficient memory for the Java Runtime"),
        "The JVM that runs the SDK's tool (packing or signing) could not get memory: on Windows "
        "the page file (virtual memory) is too small or the RAM is used up. Enlarge the page "
        "file (System > Advanced > Performance > Virtual memory), close other programs or "
        "builds, then build again.",
        meaning="the JVM could not allocate memory",
        terms=("java", "memory", "page file", "内存"),
    ),
    Signature(
        "java",
        (r"Invalid CEN header",),
        "The JDK running the SDK's tool rejects the zip it reads (newer JDK updates check zip64 "
        "fields, JDK-8313765): run the tools with DevEco's bundled JDK 17 (JAVA_HOME=<DevEco>/jbr, "
        "its bin first on PATH), or pass -Djdk.util.zip.disableZip64ExtraFieldValidation=true.",
        meaning="the JDK rejects the zip (CEN header)",
        terms=("JDK", "JAVA_HOME", "hap-sign-tool", "CEN"),
    ),
    Signature(
        "java",
        (r"Command failed with exit code null",),
        "The SDK tool hvigor ran (java …) was killed before it finished (exit code null means a "
        "signal, not an error of the tool): the machine ran out of memory or of the limits on "
        "open files and processes. Raise the limits (macOS/Linux: ulimit -n; "
        "/etc/security/limits.conf nofile and nproc), close other builds, then build again.",
        meaning="the tool was killed",
        terms=("java", "ulimit", "limits.conf", "memory"),
    ),
    Signature(
        "ohpm-deps",
        (r"Module not found:\s*Error: Can't resolve '(?P<module>[^']+)'",),
        "The JS build cannot resolve {module}: the package or SDK that provides it is not in the "
        "project. Add it (ohpm install, a dependency in oh-package.json5); a @system.* module "
        "belongs to a device kit whose SDK must be added to the project as the kit's docs say.",
        meaning="a module the JS build cannot resolve",
        terms=("Can't resolve", "ohpm", "SDK", "oh-package.json5"),
    ),
    Signature(
        "permission",
        (r"Failed to delete the directory or file '(?P<path>[^']+)'",),
        "A build file could not be deleted or replaced: {path} (or its source in resources) is "
        "read-only or held open by another program (an antivirus, another build, an editor). "
        "Clear the read-only attribute (Windows: attrib -r on the file and its source; copied or "
        "downloaded model files often carry it), close what holds it, then clean and build.",
        meaning="a build file could not be deleted",
        terms=("read-only", "rawfile", "restool", "attrib"),
    ),
    # a system service's log line refusing the app for a permission it does not hold
    # (``AudioFramework: Client doesn't have MICROPHONE permission``)
    Signature(
        "permission",
        (
            r"\b(?:doesn't|does not|don't|do not|has no|have no) (?:have |hold )?(?:the )?"
            r"(?:ohos\.permission\.)?(?P<perm>(?-i:[A-Z][A-Z_]{3,})) permission",
        ),
        "The app does not hold ohos.permission.{perm}, so the system service refused it (a "
        "recorder, a sensor or a player then fails or crashes). Declare ohos.permission.{perm} "
        "in module.json5 requestPermissions and, for a user_grant permission (MICROPHONE, "
        "CAMERA, LOCATION…), request it at run time (abilityAccessCtrl "
        "requestPermissionsFromUser) before the call.",
        meaning="the app lacks a permission a system service checks",
        terms=("permission", "requestPermissions", "requestPermissionsFromUser"),
    ),
)


HVIGOR_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        "sdk-missing",
        (r"00303168", r"SDK component missing", r"Unable to find the following components"),
        "The SDK is incomplete or the wrong one: install the missing components in DevEco's SDK "
        "manager, point DEVECO_SDK_HOME at `sdk` (not `sdk/default`), use the HarmonyOS SDK for a "
        "HarmonyOS project, and keep compatibleSdkVersion ≤ the installed SDK.",
        code="00303168",
        meaning="SDK component missing",
        terms=("00303168", "SDK component missing", "SDK"),
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
        "hvigor-version",
        (r"00303028", r"Unsupported modelVersion"),
        "The project needs a newer hvigor than the installed one: update DevEco Studio / "
        "Command Line Tools, or lower modelVersion in oh-package.json5.",
        code="00303028",
        meaning="Unsupported modelVersion",
        terms=("00303028", "modelVersion", "hvigor"),
    ),
    Signature(
        "native",
        # the dynamic loader's bare line (musl: ``name: symbol not found``, no "relocating")
        (r"^\s*(?:Error:\s*)?(?P<symbol>[A-Za-z_]\w{2,}): symbol not found\s*$",),
        "A native library the app loads refers to {symbol}, which no library loaded with it "
        'defines or exports: add the definition and export it (C/C++: `extern "C"` with '
        'default visibility; Rust: `#[no_mangle] pub extern "C" fn {symbol}`), or, when it is '
        "a system API, build against the device's API level.",
        meaning="a symbol a native library needs is not exported",
        terms=("symbol not found", "export", "extern", "so"),
    ),
    Signature(
        "native",
        (
            r"(?P<tool>\S*(?:clang|gcc|cc|c\+\+|g\+\+)(?:\+\+)?(?:\.exe)?) either does not exist or does not work",
        ),
        "The native toolchain's compiler ({tool}) does not run for CMake: check the SDK's native "
        "folder is installed and that its path (OHOS_SDK_NATIVE, the SDK location) has no space "
        "or non-ASCII character; move the SDK or reach it through a space-free junction "
        "(`mklink /J C:\\ohos-sdk <SDK path>`).",
        meaning="the C/C++ compiler does not run",
        terms=("clang", "CMake", "space", "OHOS_SDK_NATIVE"),
    ),
    Signature(
        "hvigor-version",
        (r"project'?s structure has been changed",),
        "The project's layout is older than the toolchain accepts (the message names the "
        "project type, e.g. ArkUI-X): migrate the project structure as its FAQ says (for "
        "ArkUI-X, the current ArkUI-X project template), or build with the toolchain and "
        "plugin versions the project was made with (hvigor-config.json5).",
        meaning="the project structure needs migration",
        terms=("structure", "migrate", "hvigor-config.json5"),
    ),
    Signature(
        "java",
        (r"\bUnable to locate (?:a )?Java Runtime\b", r"\bNo Java runtime present\b"),
        "No Java runtime was found (macOS's /usr/bin/java stub says so when no JDK is "
        "installed or JAVA_HOME is unset): set JAVA_HOME to DevEco's bundled JBR (<DevEco>/jbr, "
        "macOS Contents/jbr/Contents/Home), put its bin on PATH, then restart the hvigor "
        "daemon (hvigorw --stop-daemon) so it picks the JDK up.",
        meaning="no Java runtime",
        terms=("java", "JAVA_HOME", "JBR", "JDK"),
    ),
    Signature(
        "sdk-missing",
        (
            r"Unable to find the (?P<field>(?:target|compile|compatible)SdkVersion) "
            r"(?P<version>\S+) in (?:the )?SDK(?: Manager)?",
        ),
        "build-profile.json5 asks for {field} {version} but the SDK this build uses does not "
        "hold it: install that API version in DevEco's SDK manager, point DEVECO_SDK_HOME (a "
        "command-line build) at DevEco's integrated SDK, or set {field} to an installed version.",
        meaning="the SDK version asked for is not installed",
        terms=("targetSdkVersion", "SDK", "DEVECO_SDK_HOME", "install"),
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
    # hap-sign-tool's own messages (the HarmonyOS FAQ's signing cases)
    Signature(
        "signing",
        (r"parseAlgParameters failed", r"data isn't an object ID"),
        "The keystore (.p12) was made by a newer JDK than the one signing with it: sign with "
        "DevEco's bundled JDK 17 (its jbr as JAVA_HOME, first on PATH), or make the .p12 again "
        "with the JDK that signs.",
        meaning="keystore made by a newer JDK",
        terms=("keystore", "p12", "JDK", "签名"),
    ),
    Signature(
        "signing",
        (r"keystore password was incorrect", r"password was incorrect"),
        "The keystore (storePassword) or key (keyPassword) password is wrong: use the passwords "
        "given when the .p12 was made; build-profile.json5 keeps them encrypted, hap-sign-tool "
        "on the command line needs them in plain text.",
        meaning="wrong keystore or key password",
        terms=("keystore", "password", "p12", "签名"),
    ),
    Signature(
        "signing",
        (r"maybe this is a zip64 file", r"find zip central directory failed"),
        "The HAP is not a plain zip: over 4 GB or over 65535 entries makes it zip64, which the "
        "signing tool cannot sign. Make the HAP smaller: fewer files and folders (pack assets "
        "into archives), less size.",
        meaning="HAP packed as zip64",
        terms=("zip64", "hap-sign-tool", "签名"),
    ),
    Signature(
        "signing",
        (r"ENOENT[^\n]*[/\\]material'",),
        "The signing material folder (written next to the keystore when DevEco generates a "
        "signature; it holds the encrypted passwords) is missing: generate the signature again "
        "(File > Project Structure > Signing Configs) or sign the unsigned HAP with "
        "hap-sign-tool.",
        meaning="signing material missing",
        terms=("signingConfigs", "material", "签名"),
    ),
    # the linker found no definition of a symbol (ld.lld, the NDK's linker)
    Signature(
        "native",
        (r"ld\.lld: error: undefined symbol: (?P<symbol>\S+)",),
        "The linker found no definition of {symbol}: link the library that defines it to the "
        "target that uses it in CMakeLists.txt (target_link_libraries; N-API napi_* is in "
        "libace_napi.z.so, OH_LOG_* in libhilog_ndk.z.so). A shared library must link its own "
        "dependencies: objects taken with $<TARGET_OBJECTS> do not bring them.",
        meaning="undefined symbol at link time",
        terms=("ld.lld", "undefined symbol", "CMakeLists.txt", "target_link_libraries"),
    ),
    # the compiler driver rejected its own command line (a flag), and a library not found
    Signature(
        "native",
        (r"ld\.lld: error: unable to find library -llib(?P<lib>\S+)",),
        "The linker cannot find liblib{lib}: target_link_libraries names 'lib{lib}' without "
        "'.so', and the linker adds the lib prefix itself (-l<name> looks for lib<name>.so). "
        "Write the name without the lib prefix ('{lib}') or the whole file name ('lib{lib}.so').",
        meaning="a library named with its lib prefix",
        terms=("ld.lld", "target_link_libraries", "CMakeLists.txt"),
    ),
    Signature(
        "native",
        (r"ld\.lld: error: unable to find library -l(?P<lib>\S+)",),
        "The linker cannot find lib{lib}: a library of the NDK is not copied into the project but "
        "CMakeLists.txt must see the NDK sysroot (target_include_directories and "
        "target_link_directories on <native>/sysroot/usr/include and usr/lib/<abi>-linux-ohos); a "
        "third-party library must be in the project (libs/<abi>) and its folder named in "
        "target_link_directories. Check the name in target_link_libraries.",
        meaning="a library the linker cannot find",
        terms=("ld.lld", "target_link_directories", "CMakeLists.txt", "sysroot"),
    ),
    Signature(
        "native",
        (r"clang(?:\+\+)?(?:\.exe)?: error: (?P<what>(?!linker command failed)[^\n]+)",),
        "The C/C++ compiler rejected its command line: {what}. Fix the flag it names where it is "
        "added (CMakeLists.txt, a third-party build script): an -march/-mcpu value this clang "
        "does not accept (the OHOS toolchain already sets the target); with -Werror an unused "
        "flag such as the toolchain's --gcc-toolchain becomes an error — add "
        "-Wno-unused-command-line-argument or drop -Werror.",
        meaning="the compiler rejected a flag",
        terms=("clang", "CMakeLists.txt", "-Werror", "flags"),
    ),
    Signature(
        "native",
        (r'unable to find a build program corresponding to "(?P<gen>[^"]+)"',),
        "CMake cannot find the {gen} program (CMAKE_MAKE_PROGRAM is not set): a nested CMake "
        "build (a third-party library's own build script) runs without hvigor's environment. Put "
        "the SDK's ninja (<sdk>/openharmony/native/build-tools/cmake/bin) on PATH, or pass "
        "-DCMAKE_MAKE_PROGRAM=<that ninja>, then build again.",
        meaning="CMake finds no Ninja",
        terms=("CMake", "Ninja", "CMAKE_MAKE_PROGRAM", "PATH"),
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

# What a log says without a code (or next to a code the tables do not know). A fix may name
# what the pattern captured: {package}, {path}, {task}, {node}, {module}, {dep}, {name}.
MESSAGE_SIGNATURES: tuple[Signature, ...] = (
    # Node's TLS errors (ohpm, npm/pnpm): the registry's certificate chain cannot be verified (a
    # private registry or a proxy with its own CA)
    Signature(
        "network",
        (
            r"unable to verify the first certificate",
            r"unable to get local issuer certificate",
            r"self[- ]signed certificate in certificate chain",
            r"UNABLE_TO_(?:GET_ISSUER_CERT(?:_LOCALLY)?|VERIFY_LEAF_SIGNATURE)",
            r"SELF_SIGNED_CERT_IN_CHAIN",
        ),
        "The registry's HTTPS certificate cannot be verified (a private registry or a proxy "
        "with its own CA): give the package manager that CA (ohpm: ca_files in .ohpmrc; npm/pnpm: "
        "cafile in .npmrc), or for a registry you trust turn the check off: strict_ssl=false in "
        ".ohpmrc (`ohpm config set strict_ssl false`), strict-ssl=false in .npmrc. The tool "
        "says: {said}",
        meaning="the registry's certificate cannot be verified",
        terms=("strict_ssl", ".ohpmrc", "certificate", "registry"),
    ),
    # hvigor's own intermediates (module.json / manifest.json, made from module.json5 / config
    # in the build folder) gone between tasks: a stale or half-deleted build cache
    Signature(
        "hvigor-env",
        (r"\b(?:manifest|module|pack\.info)\.json\b(?:\s+or\s+\S+\.json)?\s+(?:is|are)\s+lost\b",),
        "A file hvigor generated in the build folder is gone (a stale or half-deleted build "
        "cache): delete the module's build folder (entry\\build) and .hvigor\\cache (or "
        "`hvigorw clean`), then build again; the code needs no change.",
        meaning="hvigor's intermediate files are lost",
        terms=("hvigor", "cache", "clean", "build"),
    ),
    # a project file hvigor reads is missing (``app.json5 file not found. At file: …``)
    Signature(
        "config",
        (r"(?P<name>[\w-]+\.json5) file (?:is )?not found",),
        "The project file {name} is missing where hvigor looks for it (the path it names): "
        "create it there — AppScope/app.json5 holds the app's bundleName, vendor, versionCode, "
        "versionName, icon and label; a module's src/main/module.json5 its module — from DevEco's "
        "template, or run hvigorw from the project root.",
        meaning="a project file is missing",
        terms=("app.json5", "AppScope", "module.json5"),
    ),
    # a macOS library loaded by a toolchain on another OS: the toolchain took the host for a Mac
    Signature(
        "hvigor-env",
        (r"Failed to load the library '(?P<path>[^'\n]+\.dylib)'",),
        "hvigor loads the macOS build of an SDK library ({path}): on a Mac the SDK is incomplete "
        "(reinstall it); on any other host hvigor took the machine for macOS — it picks the "
        "library by os.type(), and a host it does not know (a HarmonyOS PC, another Linux) falls "
        "to the macOS branch: make os.type() return 'Linux' for node (a NODE_OPTIONS=--require "
        "preload shim) or build on a host hvigor supports.",
        meaning="a macOS library loaded on this host",
        terms=("os.type", "dylib", "NODE_OPTIONS", "hvigor"),
    ),
    # Gradle (the Kotlin side of a HarmonyOS port, Kuikly's KMP build)
    Signature(
        "config",
        (r"Project with path '(?P<project>:[\w:.-]+)' could not be found",),
        'Gradle\'s settings do not include the project {project}: add include("{project}") to '
        "the settings file this build reads (settings.gradle.kts; a Kotlin Multiplatform "
        "HarmonyOS build such as Kuikly's reads its own, settings.ohos.gradle.kts), or drop the "
        "dependency on it from the build file named.",
        meaning="a Gradle project not included in the settings",
        terms=("Gradle", "settings.gradle", "include"),
    ),
    Signature(
        "ohpm-deps",
        (
            r"Could not find (?P<artifact>\S+\.(?:klib|jar|aar|pom|module)) \(",
            r"Could not resolve all (?:files|dependencies) for configuration",
        ),
        "Gradle cannot get a dependency: check that its version exists in the repositories the "
        "build lists (add the Maven mirror its docs name); a partial or conflicting download in "
        "the .gradle cache (~/.gradle/caches, an older version's files) also stops it: delete "
        "those files and build with --refresh-dependencies.",
        meaning="a Gradle dependency not found",
        terms=("Gradle", "maven", ".gradle", "cache"),
    ),
    # GN (OpenHarmony's build): a variable set in a scope nothing reads
    Signature(
        "native",
        (r"ERROR at (?P<location>//\S+?:\d+(?::\d+)?): Assignment had no effect",),
        "GN treats a variable assigned but never read in that scope as an error: remove the "
        "assignment at the place named (a template ignores it there, e.g. a field that another "
        "field already decides), or use the variable.",
        meaning="GN: assignment had no effect",
        terms=("GN", "BUILD.gn", "assignment"),
    ),
    # CMake: a source file CMakeLists.txt lists does not exist
    Signature(
        "native",
        (
            r"CMake Error at (?P<location>\S+?:\d+)[^\n]*\n\s*Cannot find source file:?\s*\n?"
            r"\s*(?P<path>\S+)",
        ),
        "A source file CMakeLists.txt lists does not exist: {path}. Fix its path in "
        "CMakeLists.txt at the place named; a path that starts at '/' where a folder should come "
        "is built from a CMake variable that is empty: define that variable as the "
        "library's docs say, before the library's CMakeLists.txt is added.",
        meaning="CMake: cannot find a source file",
        terms=("CMake", "CMakeLists.txt", "target_sources"),
    ),
    # hdc's file transfer (``hdc file send/recv``, DevEco's install step): the reason and the
    # path it prints decide the remedy (the HarmonyOS FAQ faq-stability-57,
    # faqs-app-debugging-60/61)
    Signature(
        "file",
        (r"\[Fail\]\s*Error opening file:[^\n]*path:\s*file://media/",),
        "hdc cannot read the media library (file://media/… URIs): export the file with "
        "`mediatool recv <uri> /data/local/tmp/<name>` on the device, then `hdc file recv` that "
        "copy.",
        meaning="hdc file: media library path",
        terms=("hdc", "file recv", "mediatool"),
    ),
    Signature(
        "file",
        (r"FileTransfer Failed:\s*\[Fail\]\s*Error opening file:\s*no such file",),
        "The HAP to install does not exist at the path DevEco sends: the build or its signing "
        "step did not produce it. Build again and check that signing succeeds (a signed HAP in "
        "build/default/outputs/default), then run.",
        meaning="the HAP to send does not exist",
        terms=("hdc", "FileTransfer", "signed HAP"),
    ),
    Signature(
        "file",
        (
            r"FileTransfer Failed:\s*\[Fail\]\s*Error opening file:\s*"
            r"(?:operation not permitted|permission denied)",
        ),
        "The computer refuses to read the HAP's folder: on Windows move the project out of C: "
        "(or a protected folder); on macOS give DevEco Studio Full Disk Access (System Settings "
        "> Privacy & Security) and restart it.",
        meaning="the HAP's folder is not readable",
        terms=("hdc", "FileTransfer", "permission"),
    ),
    Signature(
        "file",
        (r"\[Fail\]\s*Error opening file:\s*permission denied(?:, path:\s*(?P<path>\S+))?",),
        "The shell user may not read {path} on the device: a file the app creates must be "
        "readable by its group (open() with mode S_IRUSR | S_IWUSR | S_IRGRP), or copy it to "
        "/data/local/tmp first; app sandboxes of release apps are not readable.",
        meaning="hdc file: permission denied",
        terms=("hdc", "file recv", "permission", "S_IRGRP"),
    ),
    Signature(
        "file",
        (r"\[Fail\]\s*Error opening file:\s*read-only file system",),
        "The device's partition is read-only: `hdc shell mount -o rw,remount /` (root build), "
        "or write under /data/local/tmp instead.",
        meaning="hdc file: read-only file system",
        terms=("hdc", "file send", "remount"),
    ),
    Signature(
        "file",
        (
            r"\[Fail\]\s*Error opening file:\s*no such file or directory(?:, path:\s*(?P<path>\S+))?",
        ),
        "The path does not exist where hdc reads it ({path}): check it on that side (`hdc shell "
        "ls`; a send's target folder must exist), and update hdc to match the device's API when "
        "the path is right.",
        meaning="hdc file: no such file or directory",
        terms=("hdc", "file", "path"),
    ),
    # an import the bundler cannot resolve (rollup's words, printed by hvigor)
    Signature(
        "rollup",
        (r'Could not resolve "(?P<module>[^"]+)" from "(?P<location>[^"]+)"',),
        "The import {module} in {location} does not resolve: fix the path (relative to that "
        "file) or the package name, and check that the file exists.",
        meaning="import path does not resolve",
        terms=("import", "Could not resolve", "path"),
    ),
    Signature(
        "long-path",
        (r"Filename longer than 260 characters",),
        "A build file's path is over Windows' 260 characters (the native build's object files "
        "nest deep): move the project to a short path near the drive root (e.g. D:\\app), or "
        "enable long paths (LongPathsEnabled in the registry) and use a ninja that supports "
        "them.",
        meaning="path longer than 260 characters",
        terms=("260", "long path", "ninja", "Windows"),
    ),
    Signature(
        "native",
        (
            r"relocating failed: symbol not found",
            r"Error relocating [^:\n]+: (?P<symbol>\w+): symbol not found",
        ),
        "The device's system libraries lack a symbol the app's .so links ({symbol}): the .so was "
        "built against a newer API level than the device runs. Build the native code with the "
        "SDK of the device's API version (compatibleSdkVersion ≤ the device), or avoid the "
        "newer API.",
        meaning="a .so needs a symbol the device lacks",
        terms=("MUSL-LDSO", "symbol not found", "API level"),
    ),
    Signature(
        "sdk-missing",
        (r"SDK management mode has changed",),
        "hvigor did not find the SDK components where it looks: they must sit at "
        "<sdkRoot>/<platformVersion>/<component> (e.g. sdk/26.0.0/ets). Point DEVECO_SDK_HOME "
        "at the SDK root and install the components through the SDK manager (or move them to "
        "that layout).",
        meaning="SDK components in the wrong place",
        terms=("SDK", "DEVECO_SDK_HOME", "platformVersion"),
    ),
    Signature(
        "config",
        (r"The resource reference '\$(?P<res>\w+:\w+)' is not defined",),
        "The resource ${res} is referenced (app.json5 / module.json5 or the code) but not "
        "defined: add it under resources/base (a media file named after it, or an entry in "
        "element/*.json), or point the reference at a resource that exists.",
        meaning="resource reference not defined",
        terms=("resource", "media", "module.json5"),
    ),
    Signature(
        "ohpm-deps",
        (r"Invalid OHPM package repository",),
        "The registry refused the package: the repository field of its oh-package.json5 must be "
        "a URL starting with https:// (or http, ftp, rtsp, mms), the source repository's "
        "address.",
        meaning="invalid repository field",
        terms=("ohpm publish", "repository", "oh-package.json5"),
    ),
    Signature(
        "ohpm-deps",
        (r"Request Entity Too Large",),
        "The upload is too large for the registry or a proxy in front of it (HTTP 413): raise "
        "the upload size limit of the private registry's proxy / SFTP server, or make the "
        "package smaller.",
        meaning="package too large for the registry (413)",
        terms=("ohpm publish", "413", "proxy"),
    ),
    # the ArkTS linter's message printed alone (no code, no place)
    Signature(
        "arkts-source",
        # not on a warning's line: a rule a warning names is not the failure
        (r"^(?![^\n]*\bWARN\b)[^\n]*\((?P<rule>arkts-[a-z][a-z0-9-]+)\)",),
        "An ArkTS linter rule is broken: rewrite the code the way the rule asks.",
        meaning="ArkTS linter rule",
        terms=("ArkTS", "arkts", "编译错误"),
    ),
    Signature(
        "ohpm-deps",
        # (ohpm 1.x adds "not found"; newer ones end at the quote)
        (r"NOTFOUND package '(?P<package>[^']+)'",),
        "{package} is not in the registry: check the name and the version in oh-package.json5 "
        "(`ohpm info <name>` lists the versions; @ohos/hvigor-ohos-plugin and @ohos/hvigor are "
        "not ohpm packages: they come with DevEco Studio's / the Command Line Tools' hvigor, "
        "declared in hvigor/hvigor-config.json5 — remove them from the dependencies of "
        "oh-package.json5 and build with DevEco Studio or the Command Line Tools' hvigorw), "
        "then `ohpm install`.",
        meaning="package not found in the registry",
        terms=("ohpm", "NOTFOUND", "oh-package.json5", "依赖"),
    ),
    Signature(
        "ohpm-deps",
        (
            r'local dependency "?(?P<dep>[^"\s]+)"? found in "(?P<path>[^"]+)" does not match '
            r'the actual name "?(?P<name>[^"\s]+?)"?(?= of |[.\s]|$)',
        ),
        "The dependency key {dep} in {path} must equal the name in the dependency's own "
        'oh-package.json5: rename it to "{name}" (or rename the package).',
        meaning="dependency name differs from the package's name",
        terms=("ohpm", "oh-package.json5", "dependency name"),
    ),
    Signature(
        "ohpm-deps",
        (r"is not in the same file system as the current\s+project",),
        "A local dependency is on another drive: put the project and its local (path) "
        "dependencies on the same drive/disk (the same file system), e.g. copy the plugin next "
        "to the project.",
        meaning="local dependency on another drive",
        terms=("ohpm", "local dependency", "file system"),
    ),
    Signature(
        "ohpm-deps",
        (r"Fetch local file package error,?\s*(?P<path>\S+?) does not exist",),
        "A local HAR dependency does not exist: build it first (it is made by its own module's "
        "build) or fix its path in oh-package.json5. Missing: {path}",
        meaning="local HAR dependency missing",
        terms=("ohpm", "har", "oh-package.json5"),
    ),
    Signature(
        "ohpm-deps",
        # from a path's start only: a match started inside a long path is retried at every
        # character of it (quadratic on a log of oh_modules paths)
        (
            r"(?<![^\s'\"()])(?P<location>[^\s'\"()]*oh_modules[\\/][^\s'\"()]*[\\/]\._[^\s\\/'\"()]+)",
        ),
        "A dependency ships macOS metadata files (AppleDouble `._*`, left when a package is "
        "packed on macOS) and the compiler tries to read them as code: {location}. Delete them "
        "(`find oh_modules -name '._*' -delete`) and build again; ask the package's maintainer "
        "to republish it without them (COPYFILE_DISABLE=1 tar / a clean ohpm publish).",
        meaning="a dependency contains macOS ._ files",
        terms=("ohpm", "oh_modules", "._", "har"),
    ),
    Signature(
        "hvigor-env",
        (r'Cannot run program "+[^"\n]*\.(?:bat|cmd)"+[^\n]*CreateProcess error=5\b',),
        "Windows refused to start a batch tool (CreateProcess error=5): the ComSpec environment "
        "variable is missing or wrong. Set ComSpec=%SystemRoot%\\system32\\cmd.exe in the "
        "system environment variables and restart DevEco Studio (if ComSpec is right, security "
        "software is blocking the tool's folder).",
        meaning="a .bat tool could not be started (ComSpec)",
        terms=("ComSpec", "CreateProcess", "ohpm.bat", "Windows"),
    ),
    Signature(
        "native",
        (
            r"(?:ninja: error: )?'?(?<![^\s'])(?P<path>[^\s',]+)'?,? (?:needed by '[^']+', )?missing and "
            r"no known rule",
            r"ninja: error: (?P<what>.+)",
        ),
        "CMake lists a file that does not exist: {path} — add the file or remove it from "
        "CMakeLists.txt (sources, IMPORTED_LOCATION), then delete the module's .cxx folder and "
        "build again.",
        meaning="ninja: a listed file is missing",
        terms=("ninja", "CMake", "native", "CMakeLists.txt"),
    ),
    Signature(
        "hvigor-version",
        (r"Task (?P<task>\S+) not found in hvigor node: (?P<node>[^\s.]+)",),
        "Module {node} has no {task} task: its hvigorfile.ts does not apply the HAP tasks, or the "
        "project was made for another DevEco Studio/hvigor version (check out the branch made "
        "for your DevEco version, or let DevEco migrate the project).",
        meaning="task not found in a module",
        terms=("hvigor", "hvigorfile.ts", "DevEco", "task"),
    ),
    Signature(
        "hvigor-version",
        (r"hvigor-ohos-plugin version .* is not within the expected range",),
        "The hvigor plugin version does not fit this hvigor: update DevEco Studio (its hvigor is "
        "built in: remove @ohos/hvigor-ohos-plugin from the dependencies), or set the plugin "
        "version in hvigor/hvigor-config.json5 to the expected range.",
        meaning="hvigor-ohos-plugin version out of range",
        terms=("hvigor-ohos-plugin", "hvigor-config.json5", "DevEco"),
    ),
    # messages without a code that the held-out batch 27e showed (uni-app's HarmonyOS FAQ, the
    # ohpm/hvigor docs, developers' notes): each decides its own remedy
    Signature(
        "native",
        (
            r"(?<!\S)(?P<location>\S+\.(?:h|hh|hpp|c|cc|cpp|cxx|m|mm):\d+:\d+): fatal error: "
            r"'(?P<header>[^']+)' file not found",
        ),
        "A C/C++ header is not on the native build's include path: {header} (included at "
        "{location}). Add its directory with target_include_directories in CMakeLists.txt, or "
        "install/upgrade the package (HAR, ohpm) that ships it; a header of a dependency means "
        "its version does not match the one the project is built with.",
        meaning="a header file is not found",
        terms=("CMakeLists.txt", "include", "header", "native"),
    ),
    Signature(
        "java",
        (
            r"Failed\s+:\S*@PackageHap\.*\s+(?:>\s*)?hvigor ERROR: (?:Error Code: 00308018|Tools execution failed)",
        ),
        "PackageHap runs the SDK's Java packing tool (java -jar app_packing_tool.jar) and it "
        "failed without a message of its own: the usual cause is no usable java. Set JAVA_HOME "
        "to DevEco's bundled jbr (<DevEco>/jbr; macOS Contents/jbr/Contents/Home) with its bin "
        "first on PATH; run with --stacktrace (or without a log filter) to see the real error.",
        meaning="the packing tool (java) failed",
        terms=("PackageHap", "java", "JAVA_HOME", "app_packing_tool"),
    ),
    Signature(
        "java",
        (r"hvigor ERROR: Tools execution failed",),
        "A Java tool of the SDK (packing or signing) failed: the java on PATH / JAVA_HOME is "
        "probably too old; use the JDK bundled with DevEco Studio (JDK 17, <DevEco>/jbr) and "
        "remove older java from PATH.",
        meaning="a Java tool of the SDK failed",
        terms=("java", "JAVA_HOME", "JDK", "PATH"),
    ),
    Signature(
        "config",
        (r"Unable to find the product '(?P<name>[^']+)'",),
        "build-profile.json5 has no product {name}: add it under app.products (with the "
        "signingConfig it needs, e.g. a release one) or build with -p product=<one that exists>.",
        meaning="product not defined",
        terms=("build-profile.json5", "product", "products"),
    ),
    Signature(
        "signing",
        (r"Invalid storeFile value",),
        "The signing config's storeFile (.p12) is empty or the file is missing: regenerate the "
        "signing (File > Project Structure > Signing Configs) or fix material.storeFile in "
        "build-profile.json5; the .p12, .cer and .p7b must exist.",
        meaning="signing storeFile missing",
        terms=("storeFile", "signingConfigs", ".p12", "签名"),
    ),
    Signature(
        "sdk-version",
        (r"owns a higher api version or a higher sdkReleaseType",),
        "A dependency was built for a newer API or a later SDK release stage than this build: "
        'raise compatibleSdkVersion (and compatibleSdkVersionStage, e.g. "beta6") in the '
        "products of build-profile.json5, or use a version of the dependency built for your SDK.",
        meaning="dependency needs a newer SDK",
        terms=("compatibleSdkVersion", "compatibleSdkVersionStage", "SDK"),
    ),
    # hvigor's check of the products' SDK version fields, said without a code, in Chinese
    # ("compileSdkVersion、compatibleSdkVersion 或 targetSdkVersion（若显式配置）的值不正确") or English
    Signature(
        "sdk-version",
        # one pattern per field, so that each has a literal the prefilter looks for
        tuple(
            rf"{name}[^\n]{{0,80}}?(?:的值(?:不正确|无效|错误)|(?:is|are) (?:incorrect|invalid|not valid))"
            for name in ("compileSdkVersion", "compatibleSdkVersion", "targetSdkVersion")
        ),
        "An SDK version field in build-profile.json5 does not fit the installed SDK: set "
        "compatibleSdkVersion and targetSdkVersion in app.products[] to the installed SDK's "
        'version, written "6.0.0(20)" (DevEco\'s SDK manager or <sdk>/default/sdk-pkg.json '
        "shows it; an empty string is not allowed), or leave targetSdkVersion and "
        "compileSdkVersion out.",
        meaning="SDK version fields do not fit the installed SDK",
        terms=("compatibleSdkVersion", "targetSdkVersion", "SDK版本"),
    ),
    Signature(
        "project-path",
        (
            r"EPERM: operation not permitted, (?P<op>copyfile|unlink|rename|open|mkdir|rmdir|scandir)",
        ),
        "The build cannot replace a file ({op}): it is read-only or held open by another "
        "program (an editor, antivirus, a running emulator or DevEco). Clear the read-only "
        "attribute or close the program, delete the build output (build/, unpackage/) and build "
        "again.",
        meaning="a file cannot be written (EPERM)",
        terms=("EPERM", "read-only", "permission"),
    ),
    Signature(
        "rollup",
        (
            r"Unexpected token \(Note that you need plugins to import files that are not JavaScript\)",
        ),
        "The bundler read a file that is not JavaScript/ArkTS: the project path may be too long "
        "(move it to a shorter path; Windows tools stop near 255 characters), a dependency may "
        "ship stray files (macOS ._* copies), or after a DevEco upgrade set "
        '"ohos.nativeResolver": false under properties in hvigor-config.json5.',
        meaning="bundler met a non-JavaScript file",
        terms=("rollup", "path", "hvigor-config.json5"),
    ),
    Signature(
        "network",
        (r"network request to (?P<url>https?://\S+) failed",),
        "hvigor's npm/pnpm cannot reach {url}: set a reachable registry (NPM_CONFIG_REGISTRY or "
        "registry= in ~/.npmrc, e.g. a mirror) and the proxy, then build again.",
        meaning="npm registry unreachable",
        terms=("npm", "registry", "proxy", "NPM_CONFIG_REGISTRY"),
    ),
    Signature(
        "hvigor-env",
        (r"pnpm execute failed",),
        "hvigor's first-run install of pnpm and its plugins failed: build once in DevEco Studio "
        "so it installs them, or set NPM_CONFIG_REGISTRY (or ~/.npmrc registry=) to a reachable "
        "registry and proxy.",
        meaning="hvigor could not install pnpm",
        terms=("pnpm", "npm", "registry", "hvigor"),
    ),
    Signature(
        "network",
        (r"FetchError: request to (?P<url>https?://[^\s,]+) failed, reason: (?P<reason>[^,\n]+)",),
        "ohpm cannot reach {url} ({reason}): the registry in .ohpmrc, or a URL recorded in "
        "oh-package-lock.json5, is unreachable from here (a private registry?). Point the "
        "registry at one you can reach (https://ohpm.openharmony.cn/ohpm/), fix the proxy, and "
        "regenerate oh-package-lock.json5.",
        meaning="ohpm registry unreachable",
        terms=("ohpm", "registry", ".ohpmrc", "network"),
    ),
    Signature(
        "ohpm-deps",
        (r"HttpCode 404, API ping in (?P<registry>\S+)",),
        "{registry} is not an ohpm registry (ping answered 404): fix registry= in .ohpmrc (or "
        "pass --registry) to a valid ohpm registry.",
        meaning="not an ohpm registry",
        terms=("ohpm", "registry", ".ohpmrc"),
    ),
    Signature(
        "ohpm-deps",
        (r"ohpm ERROR: JSON5: invalid end of input",),
        "ohpm read an empty or truncated JSON5 file, usually oh-package-lock.json5 left by an "
        "interrupted install: delete oh-package-lock.json5, run `ohpm clean` and `ohpm cache "
        "clean`, then `ohpm install --all`.",
        meaning="empty or truncated JSON5 (lock file)",
        terms=("oh-package-lock.json5", "ohpm clean", "JSON5"),
    ),
    Signature(
        "install",
        (r"\[?(?:MSG_ERR_)?INSTALL_FAILED_(?P<what>[A-Z_]+)\]?",),
        "This is the install error of HarmonyOS 4.x or older (INSTALL_FAILED_{what}): a "
        "HarmonyOS NEXT (API 12+) HAP installs only on HarmonyOS NEXT / 5.0+ devices; on a "
        "NEXT device, a NO_BUNDLE_SIGNATURE error means the HAP must be signed.",
        meaning="old-system install error",
        terms=("install", "HarmonyOS NEXT", "安装失败"),
    ),
    Signature(
        "install",
        (r"Failed to install the HAP(?: or HSP)?\b",),
        "The device refused the package: check that it runs the system the app targets "
        "(HarmonyOS NEXT / 5.0+ for a NEXT app, not 4.x; a real device when the emulator lacks "
        "the ABI), that its type is in deviceTypes, and read bm's reason in the evidence.",
        meaning="the device refused the package",
        terms=("install", "device", "安装失败"),
    ),
    # TypeScript/ArkTS diagnostics pasted without their ERROR header
    Signature(
        "arkts-source",
        (
            r"Object literal may only specify known properties",
            r"is not assignable to (?:parameter of )?type '",
            r"Property '[^']+' does not exist on type '",
        ),
        "An ArkTS type error: fix the code at the place the compiler names.",
        meaning="ArkTS type error",
        terms=("ArkTS", "type", "编译错误"),
    ),
    Signature(
        "hvigor-env",
        (r"Debug Failure\. False expression: Script kind should match",),
        "Stale build caches: run Build > Clean Project, delete oh_modules and run `ohpm install`, "
        "then build again; if it persists, make modelVersion in hvigor-config.json5 and "
        "oh-package.json5 match the installed tools.",
        meaning="compiler cache inconsistent (ScriptKind)",
        terms=("hvigor", "Clean Project", "oh_modules"),
    ),
    Signature(
        "hvigor-env",
        (r"Cannot find module '(?P<module>(?:@[^'/\s]+/)?[^'@./][^']*)'(?! or its corresponding)",),
        "Node cannot find the package {module}: it is an npm package hvigor loads (hvigor plugin); "
        "run `npm install` (or `ohpm install`) in the folder whose package.json / "
        "hvigor-config.json5 lists it — a copied project misses node_modules.",
        meaning="a node package hvigor needs is missing",
        terms=("hvigor", "node_modules", "npm"),
    ),
    Signature(
        "launch",
        (r"resolve ability err",),
        "No ability matches what `aa start` asked for: check the bundle name (-b, bundleName in "
        "AppScope/app.json5) and the ability name (-a, in module.json5): the installed app may "
        "have another bundleName.",
        meaning="ability not resolved",
        terms=("aa start", "bundleName", "ability"),
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
    Signature(
        "signing",
        (r"No signingConfig found for product",),
        "No signingConfig for this product: the HAP is unsigned and devices refuse it. In DevEco "
        "Studio: File > Project Structure > Signing Configs > Automatically generate signature "
        "(the product must reference it with signingConfig).",
        meaning="unsigned HAP (no signingConfig)",
        terms=("signingConfig", "签名", "unsigned"),
    ),
)


# bm's codes about the HAP's signature, certificate or profile (bm-tool.md: 95682xx-95683xx
# signature verification, the profile's type, the device list)
SIGNING_INSTALL_CODES = frozenset(
    {"9568257", "9568264", "9568294", "9568318", "9568319", "9568320", "9568321", "9568322"}
    | {"9568323", "9568324", "9568325", "9568326", "9568327", "9568328", "9568329", "9568330"}
    | {"9568331", "9568359", "9568393", "9568402", "9568420", "9568421", "9568423", "9568448"}
    | {"9568450"}
)


def _device_signatures() -> tuple[Signature, ...]:
    """hdc's failures printed without a code (bm's, aa's and hdc's codes are read by
    :func:`_device_finding`, from the tables of :mod:`.hdc.codes`)."""
    sigs: list[Signature] = []
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
            "hdc",
            # a large file sent with hdc arrives cut short or empty (an older hdcd over USB)
            (
                r"hdc file send[^\n]*(?:truncat|0[- ]bytes?\b)"
                r"|(?:truncat\w*|0[- ]byte)[^\n]{0,80}(?:hdc file send|file transfer)",
            ),
            "The file transfer broke off and the file on the device is cut short: run `hdc kill` "
            "(then `hdc start`), reconnect or reboot the device, and send it again; for large "
            "files update hdc and the device image, or send the file in parts and check its "
            "size on the device (`hdc shell ls -l`).",
            meaning="hdc file send cut the file short",
            terms=("hdc", "file send", "truncated"),
        )
    )
    sigs.append(
        Signature(
            "hdc",
            (r"need connect-key",),
            "hdc has no one device to run the command on: several are connected (or an emulator "
            "and a phone) and the command named none, or none is: run `hdc list targets` and "
            "pass one with `hdc -t <connect-key> …`, or disconnect the others. When the device "
            "is connected but this hdc lists none, use the hdc of the SDK the device needs (a "
            "HarmonyOS phone: DevEco Studio's or the HarmonyOS SDK's toolchains, not an older "
            "OpenHarmony SDK's hdc or hdc_std) and run `hdc kill` so its own server starts.",
            meaning="no device chosen (several connected, or none)",
            terms=("hdc", "connect-key", "list targets", "设备"),
        )
    )
    sigs.append(
        Signature(
            "hdc",
            (r"Not match target founded", r"Device not found or connected"),
            "The device is not connected, or no connected device has that connect key (it "
            "changes after a reconnect; a network device must be reconnected with `hdc tconn "
            "IP:PORT`): run `hdc list targets -v`, pass a listed key with `hdc -t <key> …`, or "
            "connect the device and enable USB debugging.",
            meaning="device not found",
            terms=("hdc", "device", "设备", "connect-key"),
        )
    )
    sigs.append(
        Signature(
            "hdc",
            # ``hdc list targets -v``: a target hdc knows but cannot talk to (key, type, state)
            (r"^\s*(?:>\s*)?\S+\s+(?:TCP|USB|UART|BT|BLE)\s+Offline\b",),
            "hdc knows the target but cannot talk to it yet: a device or emulator still booting "
            "(its hdc daemon not up), a network target that dropped, a cable replugged. Wait "
            "until the system has booted, then connect again (`hdc tconn IP:PORT` for a network "
            "target or an emulator's port, replug a USB one) until `hdc list targets -v` says "
            "Connected.",
            meaning="the target is listed Offline",
            terms=("hdc", "Offline", "tconn", "设备"),
        )
    )
    sigs.append(
        Signature(
            "hdc",
            (r"^\s*\[Empty\]\s*$", r"\bdevice (?:is )?offline\b"),
            "hdc sees no (ready) device: connect it with a data cable and turn on USB debugging "
            "(Settings > System > Developer options), accept the authorisation dialog; start the "
            "emulator in DevEco's Device Manager; a network device needs `hdc tconn IP:PORT`.",
            meaning="no device connected",
            terms=("hdc", "list targets", "device", "设备"),
        )
    )
    sigs.append(
        Signature(
            "hdc",
            (
                r"\bhdc(?:\.exe)?: (?:command )?not found",
                # zsh's and fish's wording (macOS's default shell is zsh)
                r"\bcommand not found: hdc(?:\.exe)?\s*$",
                r"\bUnknown command:? '?hdc\b",
                r"'hdc(?:\.exe)?' is not recognized",
                r"'hdc(?:\.exe)?' 不是内部或外部命令",
            ),
            "hdc is not on the PATH: add the SDK's toolchains folder (…/sdk/default/openharmony/"
            "toolchains, or DevEco Studio's sdk) to PATH, or set the hdc path in hmdesk's settings. "
            "In a shell, export it in the shell's own profile (`export PATH=…/toolchains:$PATH` in "
            "~/.zshrc for zsh, macOS's default, ~/.bashrc for bash) and open a new terminal.",
            meaning="hdc not found",
            terms=("hdc", "PATH", "toolchains"),
        )
    )
    sigs.append(
        Signature(
            "device",
            # the target asked for (``-t KEY``) is not connected yet: just after ``hdc tconn``,
            # an emulator or a device still booting
            (r"\b(?:Requested )?target is not (?:available|ready)\b",),
            "The device asked for is not connected yet: a network target just connected with "
            "`hdc tconn IP:PORT`, or an emulator or device still booting, is not ready at once. "
            "Wait before the next command (poll `hdc list targets` until it lists the key, with "
            "a timeout, or wait a few seconds after tconn), and check the key is the one listed.",
            meaning="the requested target is not available yet",
            terms=("hdc", "tconn", "list targets", "设备"),
        )
    )
    sigs.append(
        Signature(
            "tool",
            # the emulator binary is older than the command line it was given (DevEco Studio's
            # or a script's): ``Emulator: Unknown options: instance, rotation``
            (r"(?:^|\s)Emulator(?:\.exe)?: Unknown options?:",),
            "The Emulator does not know options it was given: it is older than the tool or "
            "script calling it (fold, rotation and instance control came in later Emulator "
            "versions). Check its version (`Emulator -version`) and upgrade the Emulator in "
            "DevEco Studio's SDK manager to the version the tool needs (or the one shipped with "
            "your DevEco Studio), or drop the options.",
            meaning="the Emulator does not know these options",
            terms=("Emulator", "Unknown options", "version"),
        )
    )
    sigs.append(
        Signature(
            "install",
            # DevEco Studio's words for bm's 9568347 (install parse native so failed)
            (r"Abi type supported by the device does not match",),
            "The HAP's native libraries are built for ABIs the device does not run: an emulator "
            "on an x86_64 computer runs x86_64, a phone arm64-v8a (`hdc shell param get "
            "const.product.cpu.abilist`). Add the device's ABI to abiFilters in the module's "
            "build-profile.json5 (buildOption.externalNativeOptions) and build the .so files "
            "for it (a prebuilt library: its build for that ABI in libs/<abi>), then reinstall.",
            meaning="the HAP's native ABI does not match the device's (bm 9568347)",
            terms=("9568347", "abiFilters", "ABI", "x86_64"),
        )
    )
    sigs.append(
        Signature(
            "sdk-version",
            # the older bm's (API 6-8) refusal of a HAP whose SDK version the device lacks
            (r"INSTALL_PARSE_FAILED_USESDK_ERROR",),
            "The device's API version is lower than the one the HAP needs: check the device's "
            "(`hdc shell param get const.ohos.apiversion`) against compatibleSdkVersion (and "
            "compileSdkVersion) in build-profile.json5, then run on a device or emulator of that "
            "API version or newer, or lower compatibleSdkVersion to the device's (an ArkTS "
            "stage-model app needs API 9 or later).",
            meaning="the device's API version is lower than the HAP's",
            terms=("USESDK", "compatibleSdkVersion", "apiversion"),
        )
    )
    sigs.append(
        Signature(
            "sdk-version",
            # the ArkCompiler runtime refusing bytecode from a newer SDK than its own
            (r"Maximum supported abc file version on the current system image is",),
            "The .abc bytecode was compiled by an SDK newer than the ArkCompiler runtime that "
            "runs it (the device's system image, or the runtime an ArkUI-X SDK bundles): "
            "upgrade the system image (or the ArkUI-X SDK) to the compiling SDK's API Version, "
            "or build with the SDK of the runtime's API Version.",
            meaning="the abc file is newer than the runtime",
            terms=("abc file version", "API Version", "SDK"),
        )
    )
    sigs.append(
        Signature(
            "no-hap",
            (r"Not any installation package was found",),
            "hdc found no package to install at that path: `hdc install` takes a built .hap, "
            ".hsp or .app (an Android .apk cannot be installed on HarmonyOS NEXT); build the "
            "HAP and pass its path (entry/build/default/outputs/default/*.hap).",
            meaning="no installation package found",
            terms=("hdc", "install", "hap", "安装"),
        )
    )
    return tuple(sigs)


# bm / aa said only that they failed (no code): read their own message
GENERIC_DEVICE_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        "install",
        (r"failed to install bundle",),
        "The device refused the HAP and bm printed no code: read bm's error line in the "
        "evidence (signature, versionCode, deviceTypes and ABI are the usual causes).",
        meaning="failed to install bundle",
        terms=("install", "安装失败"),
    ),
    Signature(
        "tool",
        # bm dump's own answer to arguments it cannot use (bm_command.cpp's STRING_DUMP_NG)
        (r"failed to get information and the parameters may be wrong",),
        "bm could not use the arguments it was given: check them with `bm dump -h`. On a "
        "device with user spaces (a 2in1/PC, a tablet) the query needs the user: add `-u "
        "<userId>` (`bm dump -a -u 100`, 100 being the first user; `acm dump -a` lists them); "
        "a bundle named with -n must be installed for that user.",
        meaning="bm dump: the parameters may be wrong",
        terms=("bm dump", "-u", "user"),
    ),
    Signature(
        "launch",
        (r"ability visible false", r"visible false deny request"),
        'The ability is not exported: set "exported": true for it under abilities in the '
        'module\'s module.json5 (config.json "visible": true in the FA model); aa and other '
        "apps may start only exported abilities.",
        meaning="ability not exported (visible false)",
        terms=("aa start", "exported", "visible", "ability"),
    ),
    Signature(
        "launch",
        (r"failed to start ability",),
        "The ability did not start: check the ability/module names and that the device is unlocked.",
        meaning="failed to start ability",
        terms=("aa start", "启动失败", "ability"),
    ),
)

TABLE: tuple[Signature, ...] = (
    _device_signatures()
    + TOOL_MESSAGE_SIGNATURES
    + HVIGOR_SIGNATURES
    + MESSAGE_SIGNATURES
    + GENERIC_DEVICE_SIGNATURES
    + HMHARNESS_CLASSES
)
_COMPILED = [(sig, sig.compiled(), sig.needles()) for sig in TABLE]
_COMPILED_WARN = [(sig, sig.compiled(), sig.needles()) for sig in WARNING_SIGNATURES]
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
    return search_terms(sig.kind, *sig.terms)


def search_terms(*terms: str | None) -> list[str]:
    """A finding's ``query_terms``: the words given, once each, without the doctor's own names
    for its kinds (``arkts-source``, ``sdk-home``: no memory is written with them, and a
    search for one matches "source" or "home" in memories about anything). A kind that is a
    plain word (``signing``, ``install``, ``crash``) stays: memories say it."""
    out: list[str] = []
    for t in terms:
        if t and t not in out and not (t in _FINDING_KINDS and "-" in t):
            out.append(t)
    return out


def diagnose(log: str, extra_secrets: Iterable[str] = ()) -> Finding | None:
    """What went wrong in ``log``, or None when nothing known (and nothing decisive) is in it.

    In order: a fault log or hilog text with a crash or freeze (:func:`_fault_finding`, read from
    the head, where a fault log's header is); a bm / aa / hdc code (:func:`_device_finding`); a
    hvigor / ohpm / ArkTS code from the tables of :mod:`.build_codes` (:func:`_code_finding`);
    then the signatures of :data:`TABLE` over the tail; last, when bm/aa said only that they
    failed, their own words (:func:`_tool_words_finding`), and hdc's ``[Fail]`` prose
    (:func:`_fail_prose_finding`). A code the tables do not know is kept in the finding with the
    tool's own text. Secrets in the text (signing passwords, tokens, and the literal
    ``extra_secrets``, see :mod:`hmdesk.core.toolchain.redact`) are masked first, so the
    evidence and the error block never hold one.
    """
    if not log:
        return None
    views = console_views(log)
    if views is None:
        return _diagnose_text(log, extra_secrets)
    # hvigor's own debug log: its last failing build read as the console shows it; when that
    # one says nothing known, an earlier failing build, said so (and only "possibly" when the
    # later one printed something: it may be a new failure the doctor does not know)
    for i, view in enumerate(views):
        found = _diagnose_text(view.text, extra_secrets, view.command) if view.text else None
        if found is not None and (i == 0 or found.kind != "unclassified"):
            later = tuple(views[:i])
            certain = found.certain and not any(v.printed for v in later)
            evidence = f"{found.evidence} ({view.note(later)})"
            return replace(found, evidence=evidence, certain=certain)
    return None


def _diagnose_text(
    log: str, extra_secrets: Iterable[str], command: str | None = None
) -> Finding | None:
    """``command``: the failed tool's command line a debug log holds apart from the console's
    lines (the files it was given)."""
    tail = redact(strip_ansi(_build_window(log)), extra_secrets)
    head = tail if len(log) <= TAIL_CHARS else redact(strip_ansi(log[:HEAD_CHARS]), extra_secrets)
    ran = redact(command, extra_secrets) if command else ""
    return _finish(_read(log, tail, head), tail, ran)


def _read(log: str, tail: str, head: str) -> Finding | None:
    found = (
        _fault_finding(head, log)
        or _device_finding(tail)
        or _code_finding(tail)
        or _said_code_finding(tail)
        or _bare_js_finding(unquote(tail))
        or _said_finding(log, weak=True)
    )
    if found is not None:
        return found
    hit = _signature_hit(tail)
    if hit is not None and _imported_by_source(hit, tail):
        hit = None  # the module resolver's reading (tool_errors) names it
    matched = _signature_finding(tail, hit)
    family = _family_finding(tail)
    # a device log's ``Error: …`` lines are the app's, no build tool's
    err = read_tool_error(tail) if not _mostly_hilog(tail) else None
    if family is not None and (
        _family_wins(matched, tail) or (hit is not None and _is_generic(hit[0]))
    ):
        return _operation_family(family, err)
    if matched is not None and matched.meaning in _GENERIC_FAILURES:
        # bm/aa said only that they failed, as far as the signatures know: their own words
        return _tool_words_finding(tail) or matched
    if matched is None:
        # bm/aa's words without a code, hdc's ``[Fail]`` prose, before the build tools' reader
        device = _tool_words_finding(tail) if any(h in tail for h in _OTHER_FAILURES) else None
        if (device := device or _fail_prose_finding(tail)) is not None:
            return device
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


# the kinds of a build's findings: a place the log prints and the compiler's own message steps
# are added to these (a crash's or a device's findings have their own)
_BUILD_FINDING_KINDS = frozenset(
    {
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
        "project-path",
        "native",
        "hvigor-task",
        "java",
        "rollup",
        "unclassified",
    }
)


def _finish(found: Finding | None, tail: str, ran: str = "") -> Finding | None:
    """A build finding with the place its log names when the reading that found it kept none
    (:func:`named_place`: ``at file: X``, an importer, ``X does not exist``, Gradle's ``Build
    file``; for a signing error the file the signing tool was given that it is about, from its
    command line in the log or ``ran``), and, for the ArkTS/TypeScript compiler, the step its
    own message asks for."""
    if found is None or found.kind not in _BUILD_FINDING_KINDS:
        return found
    location = found.location or named_place(tail) or _input_place(tail)
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


# the file a tool names on its own wording without "at file:": hvigor's incremental input it
# cannot find (a signing certificate, a profile), restool's resource declared twice (the first)
_INPUT_PLACES = (
    re.compile(r"Failed to find the incremental input file:\s*(?P<file>\S+?)\.?[ \t]*$", re.M),
    re.compile(
        r"resource '[^'\n]+' first declared\.?[ \t]*\n[ \t]*at (?P<file>\S[^\n]*?)[ \t]*$", re.M
    ),
)


def _input_place(tail: str) -> str | None:
    """The file of :data:`_INPUT_PLACES` the log names first (None: none)."""
    for rx in _INPUT_PLACES:
        if (m := rx.search(tail)) is not None:
            return m.group("file")
    return None


# a checker's line that starts with its place (``src/a.ets:173:14 Object literal must …``)
_LED_PLACE = re.compile(r"^[ \t]*(?P<loc>[^\s:]*[\w/\\-]\.(?:d\.)?e?ts:\d+:\d+):?[ \t]+[A-Z]", re.M)
# a project's JSON5/JSON configuration file (its path, with or without a line and column)
_JSON_CONFIG = re.compile(r"(?:^|[\\/])[\w.-]+\.json5?(?::\d+){0,2}$", re.I)


def _json_config_finding(found: Finding, location: str) -> Finding:
    """A compiler's syntax error placed at a JSON5 file: the configuration file does not parse
    (an empty file stops at 1:1, a missing comma or brace at its place)."""
    name = re.sub(r"(?::\d+){1,2}$", "", location)
    fix = (
        f"{name} is not valid JSON5 (at {location}): fix its syntax (an empty file needs at "
        "least `{}` with the fields DevEco's template gives it, e.g. name, version and "
        "dependencies for an oh-package.json5; a missing comma, quote or brace is reported at "
        "the line after it)."
    )
    kind = finding_kind("config")
    return replace(
        found,
        kind=kind,
        fix=_with_advice(fix, found.evidence),
        location=location,
        query_terms=search_terms(kind, found.code, "JSON5 syntax"),
        meaning="a configuration file does not parse",
    )


# signatures whose message has two readings the log cannot tell apart (a macOS library that
# fails to load: an incomplete SDK on a Mac, the host taken for a Mac elsewhere): "possibly"
_TWO_READINGS = frozenset({"a macOS library loaded on this host"})


# what the TypeScript/ArkTS compiler's messages ask for (the TypeScript diagnostics' meaning, the
# ArkTS docs): the message as the compilers word it -> the step ({0}, {1}: its quoted names)
_COMPILER_STEPS: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(r"Cannot find name [‘'`](\w+)[’'`]"),
        "'{0}' is neither declared nor imported in this file: when it is a type or API of "
        "another module (an SDK type of a Kit or @ohos.* module), import {0} from it (`import "
        "{0} from '@ohos.…'` or `import {{ {0} }} from '@kit.…'`; another file's implicit "
        "global does not carry over); else declare it or fix the name.",
    ),
    (
        re.compile(r"Duplicate function implementation"),
        "Two functions of the same name are in one scope: the global @Styles and @Builder "
        "functions of all the files of a module share one scope in ArkTS, so each name must be "
        "unique in the module: rename one of them (or make it a member of its component).",
    ),
    (
        # a lower-case ``typeof x`` is a module's namespace (``import wifi from '@ohos.wifi'``)
        re.compile(r"Property [‘'`](\w+)[’'`] does not exist on type [‘'`]typeof ([a-z]\w*)[’'`]"),
        "When {1} is an SDK module, its declaration (.d.ts) in this SDK has no {0}: the API is "
        "newer than this SDK, or a system API the public SDK leaves out (an OpenHarmony system "
        "app needs the full SDK: its .d.ts files in the SDK directory). Check compileSdkVersion "
        "and the SDK installed; `// @ts-nocheck` only hides it.",
    ),
)
# a place inside a dependency's own files (``oh_modules/.ohpm/@scope+name@1.0.1/oh_modules/…``)
_IN_DEPENDENCY = re.compile(
    r"oh_modules[\\/](?:\.ohpm[\\/][^\\/]+[\\/]oh_modules[\\/])?(?P<pkg>@[\w.-]+[\\/][\w.-]+|[\w.-]+)"
)
_PKG_VERSION = re.compile(r"\.ohpm[\\/][^\\/]*?@(?P<v>\d[\w.-]*)[\\/]")


def _compiler_steps(fix: str, tail: str, location: str | None) -> str:
    """``fix`` with the steps the compiler's own message asks for (:data:`_COMPILER_STEPS`), the
    ArkTS rule it names (any case) and, for a place inside a dependency's files, the library."""
    steps: list[str] = []
    for rx, step in _COMPILER_STEPS:
        m = rx.search(tail)
        if m is not None and step[:30] not in fix:
            steps.append(step.format(*m.groups()))
    rule = re.search(r"\((arkts-[a-z0-9-]+)\)", tail, re.I)
    if rule is not None and (text := ARKTS_RULES.get(rule.group(1).lower())) and text not in fix:
        steps.append(text)
    dep = _IN_DEPENDENCY.search(location or "")
    if dep is not None:
        version = _PKG_VERSION.search(location or "")
        at = f" {version.group('v')}" if version else ""
        steps.append(
            f"The place is inside the dependency {dep.group('pkg').replace(chr(92), '/')}{at} (its "
            "own code in oh_modules, not the project's): upgrade that library to a version that "
            "compiles with this SDK (or go back to the one that did), and report it to its "
            "maintainers; edits in oh_modules are lost on the next install."
        )
    return " ".join([fix, *steps]) if steps else fix


def _mostly_hilog(tail: str) -> bool:
    """Most of the text's lines are hilog lines: a device log, whose ``Error: …`` lines are the
    app's, not a build tool's (the build readers stay out)."""
    lines = [ln for ln in tail.splitlines()[-200:] if ln.strip()]
    if len(lines) < 2:
        return False
    logged = sum(p.kind != RAW for p in parse_lines(lines))
    return logged * 2 > len(lines)


# a long compile's numbered errors start with ``1 ERROR:``; the tail of thousands of them holds
# only the last, and the first is the one to fix
_FIRST_NUMBERED = "\n1 ERROR:"
_BEFORE_FIRST = 1500
_HVIGOR_ERROR = "> hvigor ERROR:"
_OPENING_CHARS = 600
_LAST_LINES = 2000


def _build_window(log: str) -> str:
    """The text the doctor reads: the log's tail, or for a long log whose numbered errors start
    before the tail, the first error (and a little before it) and the log's last lines."""
    if len(log) <= TAIL_CHARS:
        return log
    first = log.find(_FIRST_NUMBERED)
    if first < 0 or first >= len(log) - TAIL_CHARS:
        return log[-TAIL_CHARS:]
    start = max(0, first - _BEFORE_FIRST)
    head = log[start : start + TAIL_CHARS - _LAST_LINES]
    if start > 0 and log[start - 1] != "\n":
        head = head[head.find("\n") + 1 :]  # a line cut at its start; a whole first line stays
    opening = log.find(_HVIGOR_ERROR, 0, start)
    if opening >= 0:  # hvigor's own first error lines (a parse failure that stopped the build)
        said = log[opening : min(start, opening + _OPENING_CHARS)]
        head = said[: said.rfind("\n") + 1 or len(said)] + head
    return head + "\n" + log[-_LAST_LINES:]


def _imported_by_source(hit: _Hit, tail: str) -> bool:
    """Node's "Cannot find module 'x'" read as a package hvigor loads, when the log shows the
    project's own source importing it (``import { A } from 'x'``): an ArkTS dependency then."""
    module = hit[2].groupdict().get("module")
    if hit[0].kind != "hvigor-env" or not module:
        return False
    return re.search(rf"\bimport\b[^\n;]*\bfrom\s+['\"]{re.escape(module)}['\"]", tail) is not None


# the first step for a class the general reader found, from what the log names
_FIRST_STEP = {
    "arkts-source": "Fix the ArkTS code {at}.",
    "native": "Fix the native (C/C++) build{of_module}: the source or CMakeLists.txt entry {at}.",
    "signing": (
        "Signing failed{in_task}: check signingConfigs in build-profile.json5 (the .p12, .cer "
        "and .p7b it names exist, belong together and are not expired; the passwords)."
    ),
    "java": (
        "The SDK's Java tool failed{in_task}: read its error below; run it with DevEco's "
        "bundled JDK (JAVA_HOME=<DevEco>/jbr, its bin first on PATH)."
    ),
    "config": "Fix the project configuration {at_or_files}.",
    "ohpm-deps": (
        "ohpm failed: fix what it names in oh-package.json5 (the dependency's name, version "
        "or local path) or in .ohpmrc (the registry), then run `ohpm install --all`."
    ),
    "hvigor-env": (
        "hvigor's own environment failed (node, npm/pnpm, its plugins): fix what the message "
        "names; run with --stacktrace to see more."
    ),
    "hvigor-version": (
        "The hvigor toolchain and the project do not fit: compare the versions the message "
        "names with hvigor-config.json5 and the installed DevEco Studio / Command Line Tools."
    ),
    "sdk-version": (
        "The SDK/API versions do not fit: compare compatibleSdkVersion / targetSdkVersion in "
        "build-profile.json5 with what the message names."
    ),
    "sdk-home": (
        "The SDK is not where the build looks: set DEVECO_SDK_HOME (the environment variable; "
        "local.properties' sdk.dir / hwsdk.dir for old projects) to the SDK the message names."
    ),
    "sdk-missing": (
        "A part of the SDK the build runs is missing or cannot run here: install the SDK "
        "(DevEco Studio / Command Line Tools) for this OS and CPU, complete, then build again."
    ),
    "long-path": (
        "The path is too long for the OS: move the project to a shorter path (e.g. D:/p), or "
        "shorten module and product names; on Windows enable long paths."
    ),
    "project-path": (
        "The OS refused a file operation on the path named: close what holds it (the IDE, an "
        "antivirus), make it writable, or move the project to a path you own."
    ),
    "hvigor-task": (
        "A task the project itself registers (a plugin in {module}'s hvigorfile.ts) failed: run "
        "the tool it wraps by hand to see the underlying error."
    ),
}
_UNKNOWN_STEP = "Not a failure the doctor knows: the tool's own message below says what to fix."
# tools whose failure says more than their class's first step
_TOOL_STEP = {
    "hvigor's JavaScript": (
        "A JavaScript error inside hvigor, one of its plugins or hvigorfile.ts: when the name it "
        "reads is one hvigorfile.ts uses (getPluginId, getTaskByName(...).setEnabled), the object "
        "is undefined there (the `system:` hapTasks/appTasks export, a task name that does not "
        "exist); else run with --stacktrace to see which plugin and update DevEco Studio / "
        "hvigor (or that plugin), or go back to the version that worked."
    ),
    "hvigorfile.ts (a name it uses without defining it)": (
        "hvigorfile.ts uses a name it neither defines nor imports (a global of an older "
        "template, such as `hvigor`): import it (hvigor's own objects from '@ohos/hvigor', the "
        "plugin's from '@ohos/hvigor-ohos-plugin') or rewrite the file on the current template "
        "(`export { appTasks } from '@ohos/hvigor-ohos-plugin'` or `export default { system: "
        "appTasks, plugins: [] }`)."
    ),
    "Node.js (a global it lacks)": (
        "The Node.js that runs hvigor lacks a global the build uses: it is too old; install "
        "Node.js v18 or later (check `node -v`) and point NODE_HOME at it."
    ),
    "Node.js (its working directory is gone)": (
        "The directory the build (the hvigor daemon) runs in was removed or moved under it "
        "(uv_cwd): stop the daemon (hvigorw --stop-daemon) or build with --no-daemon, from an "
        "existing project directory; check that DEVECO_SDK_HOME names an existing SDK."
    ),
    "the SDK manager": (
        "The SDK license is not accepted: accept it (ohsdkmgr install ... --accept-license, or "
        "in DevEco Studio's SDK Manager), then build again."
    ),
    "the operating system (a tool built for another OS or CPU)": (
        "The OS cannot run a tool of the SDK: it is built for another OS or CPU (a Windows/macOS "
        "SDK on Linux, an x86 tool on ARM; -86 is macOS's bad CPU type): install the DevEco "
        "Studio / Command Line Tools version that matches this machine, the latest, and build "
        "again."
    ),
    "the ArkTS compiler (an internal error)": (
        "The compiler failed on its own check, not on a mistake in the code: clean the build "
        "caches (delete build/, .hvigor/ and the .test output, or hvigorw clean) and build "
        "again; if it stays, update DevEco Studio."
    ),
    "Gradle": (
        "Gradle failed (in a HarmonyOS port such as a Kotlin Multiplatform/Kuikly app, Gradle "
        "builds the shared code before hvigor): fix what it says at the build file its '* Where:' "
        "names; run with --stacktrace for the cause."
    ),
    "the linker (its summary line)": (
        "The link failed; the linker's own lines above this summary say why (an undefined "
        "symbol, a library it cannot find): when a library named in target_link_libraries is "
        "not found, add its directory with target_link_directories (an SDK library: "
        "${HMOS_SDK_NATIVE}/sysroot/usr/lib/aarch64-linux-ohos, and its headers with "
        "target_include_directories …/sysroot/usr/include) before the dependency; an undefined "
        "symbol needs the library that defines it."
    ),
    "the bytecode compiler (es2abc)": (
        "The SDK's es2abc could not run: build with DevEco Studio's complete SDK (its ets/"
        "build-tools hold es2abc), without hot reload if a home-made script drives the build."
    ),
}


_SDK_MODULE = re.compile(r"^@(?:kit|ohos|system|hms)\.")


def _unresolved_step(err: ToolError) -> str | None:
    """The first step for a name the module resolver could not find, by what the name is: an
    SDK module (``@kit.*``, ``@ohos.*``), a module's OhmUrl or a package, a relative file."""
    if err.klass not in ("arkts-source", "ohpm-deps", "hvigor-env"):
        return None
    name = unresolved_module(err.message)
    if name is None:
        return None
    if _SDK_MODULE.match(name):
        return (
            f"The SDK this project compiles against has no {name}: it comes with a newer API "
            "(the Kits with API 11+): raise compileSdkVersion (and runtimeOS HarmonyOS) in "
            "build-profile.json5 to an SDK that has it and install that SDK, or import the older "
            "@ohos.* module."
        )
    if name.startswith((".", "/")) or re.match(r"^[A-Za-z]:[\\/]", name):
        return (
            f"The imported file {name} does not exist from there: create it or fix the import "
            "path (names are case-sensitive)."
        )
    return (
        f"The module or dependency ({name}) is not resolved: run `ohpm install` (Sync) so "
        "oh_modules holds it; delete oh_modules and sync again when it was copied or unzipped "
        "from elsewhere; check the module's oh-package.json5 and its entry in "
        "build-profile.json5 (names and case)."
    )


# a message saying a file does not exist (``'./ets/a/EntryAbility.ets' not found``, ``Make sure X
# exists``)
_NOT_THERE = re.compile(
    r"\bnot found\b|\bdoes not exist\b|\bis missing\b|\bmake sure \S+ exists\b", re.I
)


def _missing_step(err: ToolError, kind: str) -> str | None:
    """The first step for a project file that is not there (the project's own structure), or
    for a file a configuration file names that is not there (its entry, at that file)."""
    if kind != "config":
        return None
    path = missing_project_file(err.message)
    if path is not None:
        return (
            f"The project file {path} does not exist: restore it (the project root and each "
            "module have oh-package.json5, build-profile.json5 and hvigorfile.ts, a module its "
            "src/main/module.json5; DevEco's template has them all) or fix the path that names it."
        )
    if err.location and _NOT_THERE.search(err.message):
        return (
            f"A file the project configuration names does not exist: create it, or correct the "
            f"entry that names it at {err.location}."
        )
    return None


def _tool_finding(err: ToolError, tail: str) -> Finding:
    """A finding from the tool's own error (:func:`read_tool_error`): its class (certain only
    when the tool's line names it), message, code, place and advice; "possibly" otherwise."""
    kind = finding_kind(err.klass) if err.klass else "unclassified"
    at = f"at {err.location}" if err.location else "the message names"
    values = {
        "at": at,
        "of_module": f" of module {err.module}" if err.module else "",
        "module": err.module or "the module",
        "in_task": f" in {err.task}" if err.task else "",
        "at_or_files": (
            at
            if err.location
            else "(build-profile.json5 / module.json5 / app.json5) the message names"
        ),
    }
    step = (
        _TOOL_STEP.get(err.tool)
        or _unresolved_step(err)
        or _missing_step(err, kind)
        or _fill(_FIRST_STEP.get(kind, _UNKNOWN_STEP), values)
    )
    where = (
        f" ({err.phase}, task {err.task})"
        if err.phase
        else f" (task {err.task})"
        if err.task
        else ""
    )
    fix = f"{step} {err.tool[:1].upper()}{err.tool[1:]} says{where}: {err.message}"
    if err.wrapped:
        fix += (
            f" Its own output is not in this log: run {err.tool} by hand in the project (the "
            "command the wrapper names) to see the error, then fix what it says."
        )
    if err.advice and err.advice[:40].lower() not in fix.lower():
        fix = f"{fix} The tool suggests: {err.advice}"
    meaning = f"{err.tool} failed" + (f" in {err.phase}" if err.phase else "")
    return Finding(
        kind=kind,
        evidence=err.evidence[:EVIDENCE_CHARS],
        fix=fix,
        code=err.code,
        query_terms=search_terms(kind, err.code, err.task, err.tool, err.message[:60]),
        location=_file_to_edit(err.location, tail),
        meaning=meaning,
        block=first_error_block(tail),
        certain=err.decided,
    )


def known(finding: Finding | None) -> Finding | None:
    """``finding`` unless it only carries a tool's message without a class ("unclassified"):
    a caller that knows the step's own outcome (an hdc classifier, a timeout) says more."""
    return None if finding is None or finding.kind == "unclassified" else finding


_FREEZE_EVENT = re.compile(r"[A-Z][A-Z0-9_]+")
HEAD_CHARS = 64_000  # a fault log's header and stacks; its appended HiLog section is not needed
_JS_ERROR_CODE = re.compile(r"^\s*Error code:\s*(\d+)\s*$", re.M)
# an API's error code elsewhere in a JS error: ``BusinessError: …, code: 401``, ``{"code":801}``,
# ``errCode: 2300028``, ``error code 13900002``
_JS_ANY_CODE = re.compile(
    r"(?:\berror code|\berrCode|\berr\.code|(?<!exit with )\bcode)\W{0,3}\s*[:：=]?\s*\"?(\d{3,9})\b",
    re.I,
)
# hilog lines that carry a fault: the live detector's tags (crash.detect.WATCH_TAGS), a native
# module that failed to load, a JS error logged by the app
_HILOG_FAULT_LINE = re.compile(
    r"/(?:" + "|".join(sorted(WATCH_TAGS)) + r"):|Load native module failed"
    r"|\((?:TypeError|ReferenceError|SyntaxError|RangeError)\)"
)
_HILOG_SOFT_FAULT = re.compile(
    r"Load native module failed|\((?:TypeError|ReferenceError|SyntaxError|RangeError)\)"
)


_FAULT_NEEDLES = (
    *(f"/{tag}:" for tag in sorted(WATCH_TAGS)),
    "Load native module failed",
    "Error)",
    # a line at level F (fatal): the Log window's and hdc's level column
    "  F  ",
    " F C0",
    " F A0",
)
# a JS error logged by the runtime or the app (``E C03f00/ArkCompiler: TypeError: …`` after
# "Pending exception", ``Uncaught exception: …``): the line and the stack lines after it
_JS_ERROR_NEEDLES = (
    "TypeError: ",
    "ReferenceError: ",
    "RangeError: ",
    "SyntaxError: ",
    "URIError: ",
    "Uncaught exception",
    "exception details",
)
_JS_STACK_AFTER = 12
_HILOG_JS_ERROR = re.compile(
    r"(?:Uncaught exception:?\s*)?\b(?P<name>(?:Type|Reference|Range|Syntax|URI|Eval)?Error)"
    r"(?::\s*(?P<msg>[^\n]*))?$"
)


def _fault_lines(log: str) -> list[str]:
    """The lines of ``log`` that can carry a fault (:data:`_FAULT_NEEDLES`, found with
    ``str.find``: a 1 MB dump costs a few ms), in order, each once."""
    starts: set[int] = set()
    for needle in _FAULT_NEEDLES:
        i = log.find(needle)
        while i >= 0:
            starts.add(log.rfind("\n", 0, i) + 1)
            i = log.find(needle, i + len(needle))
    js_starts: set[int] = set()
    for needle in (*_JS_ERROR_NEEDLES, "Throw error: "):
        i = log.find(needle)
        while i >= 0 and len(js_starts) < 50:
            js_starts.add(log.rfind("\n", 0, i) + 1)
            i = log.find(needle, i + len(needle))
    for start in sorted(js_starts):
        # the error's line and the stack lines after it
        pos = start
        for _ in range(_JS_STACK_AFTER + 1):
            starts.add(pos)
            nxt = log.find("\n", pos)
            if nxt < 0:
                break
            pos = nxt + 1
    out: list[str] = []
    for start in sorted(starts):
        end = log.find("\n", start)
        line = log[start : len(log) if end < 0 else end].rstrip("\r")
        if "Error)" not in line or _HILOG_FAULT_LINE.search(line):
            out.append(line)
    return out


# ArkCompiler's record of a throw, before the exception is reported: ``Throw error: msg``
_THROW = re.compile(r"Throw error: (?P<msg>\S.*)")


def _frames_after(parsed: list[HilogLine], i: int) -> list[Frame]:
    """The stack lines of line ``i``'s process right after it."""
    frames: list[Frame] = []
    for q in parsed[i + 1 : i + 1 + _JS_STACK_AFTER]:
        if q.kind == RAW or q.pid != parsed[i].pid:
            break
        # the Simulator's and the engine's prefix on each stack line (``[ArkRuntime Log]``)
        f = parse_frame(_ENGINE_PREFIX.sub("", q.message).strip())
        if f is None:
            if frames:
                break
            continue
        frames.append(f)
    return frames


def _hilog_js_error(parsed: list[HilogLine]) -> Finding | None:
    """A JS error in hilog lines, as the runtime or the app logged it: the error's line (level
    E/F) and the stack lines of the same process after it. Certain when the runtime says it was
    not caught (``Uncaught``, ``Pending exception``), else "possibly" (the app may catch it)."""
    for i, p in enumerate(parsed):
        # a paste cut to ``Tag: msg`` has no level (""): its error line counts too
        if p.kind == RAW or p.level not in ("E", "F", ""):
            continue
        m = _HILOG_JS_ERROR.search(p.message)
        if m is None or not any(n in p.message for n in (*_JS_ERROR_NEEDLES[:5], "Uncaught")):
            continue
        frames = _frames_after(parsed, i)
        if not frames:
            # the engine logs a throw with its stack (``Throw error: …`` then ``at …``) before
            # it reports the exception pending: the stack of the same process before the error
            for k in range(i - 1, max(-1, i - _JS_STACK_AFTER), -1):
                q = parsed[k]
                if q.kind == RAW or q.pid != p.pid:
                    break
                if _THROW.match(_ENGINE_PREFIX.sub("", q.message)):
                    frames = _frames_after(parsed, k)
                    break
        near = " ".join(x.message for x in parsed[max(0, i - 2) : i + 1])
        crash = Crash(
            type=JS,
            name=m.group("name"),
            message=(m.group("msg") or "").strip(),
            frames=frames,
            raw="\n".join(x.raw for x in parsed[i : i + 1 + len(frames)]),
            lines=[p.raw],
        )
        certain = bool(re.search(r"Uncaught|Pending exception|exception details", near))
        return _crash_finding(crash, p.raw.strip(), certain=certain)
    for i, p in enumerate(parsed):
        # no error line: the engine's record of a throw with its stack (a debug line), possibly
        # the app's crash (the app may catch it)
        t = _THROW.match(_ENGINE_PREFIX.sub("", p.message)) if p.kind != RAW else None
        if t is None or not (frames := _frames_after(parsed, i)):
            continue
        crash = Crash(
            type=JS,
            name="Error",
            message=t.group("msg").strip(),
            frames=frames,
            raw="\n".join(x.raw for x in parsed[i : i + 1 + len(frames)]),
            lines=[p.raw],
        )
        return _crash_finding(crash, p.raw.strip(), certain=False)
    return None


_SIGNAL_NAME = re.compile(r"\bSIG(?:SEGV|ABRT|BUS|ILL|FPE|TRAP|SYS|KILL|PIPE)\b")


# the runtime's errors whose cause hilog's own wording names (:mod:`.hilog.says`), then the
# crash signatures
_CAUSES = says.RUNTIME_CAUSES + CAUSES


def _crash_finding(crash: Crash, evidence: str, *, certain: bool = True) -> Finding:
    explained = explain(crash, _CAUSES)
    location, third = where(crash)
    if crash.type == CPP and not crash.reason and not crash.message and crash.frames:
        # native frames pasted without their header and with no signal named anywhere: a crash's
        # fault thread or a freeze's main thread alike, so the class is "possibly"
        certain = certain and _SIGNAL_NAME.search(crash.raw) is not None
    if crash.type == FREEZE:
        # the event's name, not what a pasted note wrote after it
        m_event = _FREEZE_EVENT.match(crash.reason or crash.name)
        code = m_event.group(0) if m_event else None
    elif crash.type == CPP:
        code = crash.error_class if crash.error_class != "native-crash" else None
        if code is None:
            # a signal named outside a key (a developer's words around a quoted fault log)
            m_sig = _SIGNAL_NAME.search(crash.raw)
            code = m_sig.group(0) if m_sig else None
    else:
        m = _JS_ERROR_CODE.search(crash.raw) or _JS_ANY_CODE.search(
            f"{crash.message}\n{crash.raw[:4000]}"
        )
        code = m.group(1) if m else None
    what = ": ".join(x for x in (crash.name, crash.message) if x)
    title = crash.title
    if explained is not None:
        fix = explained.fix if explained.certain else f"Possibly {explained.cause}. {explained.fix}"
        meaning = f"{title}: {explained.cause}"
        location = explained.location or location
    else:
        fix = (
            f"No known cause for this {title.lower()}: read the error ({what[:160]}) and the "
            "code at the location; a pitfall saved from the fix will be recalled next time."
        )
        if third:
            fix += (
                f" The stack is inside {third} (third-party code) and shows no frame of the "
                f"app's own: check how the app calls {third}, its version (upgrade to its latest "
                "release) and the API level and devices it supports (an older device or emulator "
                "image may lack what it needs)."
            )
        meaning = title
    terms = [
        t
        for t in (crash.error_class, crash.title, "crash" if crash.type != FREEZE else "freeze")
        if t
    ]
    return Finding(
        kind="freeze" if crash.type == FREEZE else "crash",
        evidence=evidence[:EVIDENCE_CHARS],
        fix=fix,
        code=code,
        query_terms=terms,
        location=location,
        meaning=meaning,
        block=first_error_block(crash.raw) if crash.raw else None,
        certain=certain,
    )


def _fault_finding(head: str, log: str) -> Finding | None:
    """A fault log (jscrash / cppcrash / appfreeze, current or old layout), or hilog text in
    which the live detector finds a crash or a freeze, or a native module that failed to load."""
    head = unjoin(unnumber(unmark(head)))
    if FAULT_HINT.search(head):
        crash = parse_faultlog(head)
        if crash.parsed and crash.type in TYPES:
            line = next(
                (
                    ln.strip()
                    for ln in head.splitlines()
                    if ln.strip().startswith(("Reason:", "Error message:", "LastFatalMessage:"))
                    or "EVENTNAME" in ln
                ),
                f"{crash.name}: {crash.message}",
            )
            return _crash_finding(crash, line)
    engine = _engine_fault(head) or _web_render_freeze(head)
    if engine is not None:
        return engine
    # hilog: only the lines that can carry a fault are parsed (str.find over the text: a 1 MB
    # dump costs a few ms, not a full parse)
    lines = _fault_lines(log)
    if not lines:
        return _said_finding(log)
    parsed = parse_lines(lines)
    book = detect_all(p for p in parsed if p.kind != RAW)
    groups = book.groups()
    if groups:
        crash = groups[0].crash
        if crash.type == JS and not crash.frames:
            # the app exits on a JS error whose stack the runtime logged before (``Pending
            # exception … TypeError: … at …``): that error, with its stack and place
            logged = _hilog_js_error(parsed)
            if logged is not None and logged.location:
                return _with_loader(replace(logged, certain=True), log)
        return _with_loader(
            _crash_finding(
                crash, (crash.lines[0] if crash.lines else crash.message) or crash.reason
            ),
            log,
        )
    js_error = _hilog_js_error(parsed)
    if js_error is not None:
        return _with_loader(js_error, log)
    soft = [
        p
        for p in parsed
        if p.kind != RAW and p.level in ("W", "E", "F") and _HILOG_SOFT_FAULT.search(p.message)
    ]
    if not soft:
        # a fatal line alone (``F C03f00/ArkCompiler … get hsp buffer failed``): the runtime
        # aborts the process after it
        fatal = next((p for p in parsed if p.kind != RAW and p.level == "F"), None)
        if fatal is None:
            return _said_finding(log)
        crash = Crash(type=CPP, name="", message=fatal.message, raw=fatal.raw, lines=[fatal.raw])
        return _crash_finding(crash, fatal.raw.strip(), certain=False)
    crash = Crash(
        type=JS,
        name="Error",
        message=" / ".join(p.message for p in soft[:3]),
        raw="\n".join(p.raw for p in soft[:3]),
        lines=[p.raw for p in soft],
    )
    # the app may have caught the error: a likely crash, not a certain one
    return _crash_finding(crash, soft[0].raw.strip(), certain=False)


def _said_finding(log: str, *, weak: bool = False) -> Finding | None:
    """What hilog's own lines say when no crash was detected (:func:`.hilog.says.read`): a
    library the loader did not load, a Rust panic, an app that exited; ``weak``: a graphics API
    or a component's advice, only when no code or tool's error decided (:func:`.says.read_weak`)."""
    said = says.read_weak(log) if weak else says.read(log)
    if said is None:
        return None
    return Finding(
        kind=finding_kind(said.kind),
        evidence=redact(said.evidence)[:EVIDENCE_CHARS],
        fix=redact(said.fix if said.certain else f"Possibly: {said.fix}"),
        query_terms=search_terms(*said.terms),
        location=said.location,
        meaning=said.meaning,
        block=first_error_block(said.evidence),
        certain=said.certain,
    )


def _with_loader(found: Finding, log: str) -> Finding:
    """A JS crash on an undefined native module: the library hilog shows the loader missing."""
    if found.kind != "crash" or "undefined" not in f"{found.evidence} {found.meaning}":
        return found
    loader = says.native_load(log)
    if loader is None:
        return found
    return replace(found, fix=f"hilog shows why: {loader.fix} {found.fix}")


# the JS crash the ArkUI engine prints into hilog, one fault-log line per hilog line:
# ``C03900/Ace  E  [Engine Log]Error message: …`` (DevEco Studio's Log window, the Previewer)
_ENGINE_PREFIX = re.compile(r"^\[(?:(?:Engine|ArkRuntime|JS) Log|default)\] ?")


def _engine_fault(head: str) -> Finding | None:
    """A fault log printed into hilog line by line (the engine's ``[Engine Log]Error message:``,
    ``Stacktrace:``, ``at …`` lines): the log lines' messages read as the fault log."""
    if "Error message:" not in head and "Reason:" not in head:
        return None
    # a Log window's copy prints a multi-line message's later lines without the columns,
    # indented (``    at f (…)``): they belong to the log line above
    messages: list[str] = []
    after_log = False
    for p in parse_lines(head.splitlines()):
        if p.kind != RAW:
            messages.append(p.message)
            after_log = True
        elif after_log and p.raw[:1] in (" ", "\t") and p.raw.strip():
            messages.append(p.raw.strip())
        else:
            after_log = False
    text = "\n".join(_ENGINE_PREFIX.sub("", m) for m in messages)
    if not FAULT_HINT.search(text):
        return None
    crash = parse_faultlog(text)
    if not crash.parsed or crash.type not in TYPES:
        return None
    line = next(
        (m for m in messages if "Error message:" in m or "Reason:" in m),
        f"{crash.name}: {crash.message}",
    )
    return _crash_finding(crash, line)


# ArkWeb's render process stopped responding, as the app logs Web's onRenderProcessNotResponding
# (bpta-arkweb-render-freeze): ``[jsStack]= fn (resource://rawfile/x.html:28:9)`` then more frames
_WEB_RENDER = re.compile(r"onRenderProcessNotResponding\b[^\n]*")
_JS_STACK_FRAME = re.compile(r"(?:\[jsStack\]=|^)\s*([\w$.<>]+) \(([^()\s]+:\d+:\d+)\)", re.M)


def _web_render_freeze(head: str) -> Finding | None:
    m = _WEB_RENDER.search(head)
    if m is None:
        return None
    frames = [
        f
        for f in (
            parse_frame(f"at {g.group(1)} ({g.group(2)})") for g in _JS_STACK_FRAME.finditer(head)
        )
        if f is not None
    ]
    crash = Crash(
        type=FREEZE,
        name="onRenderProcessNotResponding",
        message=m.group(0).strip(),
        frames=frames,
        raw=head[:4000],
    )
    return _crash_finding(crash, m.group(0).strip())


# an ArkTS runtime error pasted without its fault log: the runtime's own wording of the message,
# or stack frames in the release layout ``at f (module|package|version|path:line:col)``
_BARE_JS_MESSAGE = re.compile(
    r"^\s*(?:>\s*)?(?:Error message:\s*|[^\n]*?\bThrow error:\s*)?"
    r"(?P<msg>(?:Cannot (?:read|load) property \S+ of (?:undefined|null)"
    r"|cannot find record '[^'\n]+'|\S+ is not callable"
    # the runtime's module loader on an ohmurl (``bundle&module/path&version``), the name
    # wrapped onto the next line as ArkCompiler's debug lines are quoted
    r"|Cannot find module\s+'[^'\n]*&[^'\n]*')[^\n]*)$",
    re.M | re.I,
)
_RELEASE_FRAME = re.compile(
    r"^\s*(?:#\d+\s+)?at \S+ \((?:[^()|\n]*\|){3}[^()\n]*:\d+:\d+\)\s*$", re.M
)


# a source-mapped ArkTS frame, on its own line: ``#13 at f (oh_modules/…/src/main/ets/x.ets:78:26)``
_ETS_FRAME = re.compile(r"^\s*(?:#\d+\s+)?at \S+ \([^()\s]+\.ets:\d+:\d+\)\s*$", re.M)


def _bare_js_finding(tail: str) -> Finding | None:
    """An ArkTS runtime error without its fault log (the message, or the stack, alone): likely a
    JS crash — said as "possibly", since the header that would make it certain is missing. A
    source-mapped stack counts from two frames on (one such line may be a note's quote)."""
    msg = _BARE_JS_MESSAGE.search(tail)
    frames_text = [m.group(0) for m in _RELEASE_FRAME.finditer(tail)]
    ets = [m.group(0) for m in _ETS_FRAME.finditer(tail)]
    if not frames_text and len(ets) >= 2:
        frames_text = ets
    if msg is None and not frames_text:
        return None
    frames = [f for f in (parse_frame(t) for t in frames_text) if f is not None]
    message = msg.group("msg").strip() if msg else ""
    crash = Crash(
        type=JS,
        name="Error",
        message=message,
        frames=frames,
        raw=tail[-4000:],
    )
    evidence = message or frames_text[0].strip()
    return _crash_finding(crash, evidence, certain=False)


_BM_CODE = re.compile(r"code\s*[:：]\s*(95\d{5})\b")
# a bm or aa code quoted bare in a note (``安装报错 9568322``, ``aa start 报 10106102``): bm's
# 95682xx-95684xx, aa's 101xxxxx (ArkTS's and hvigor's 8-digit codes are other ranges)
_BM_BARE = re.compile(r"(?<![0-9A-Za-z_.])(9568[2-4]\d\d)(?![0-9A-Za-z_.])")
_AA_BARE = re.compile(r"(?<![0-9A-Za-z_.])(101\d{5})(?![0-9A-Za-z_.])")
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
# a tool's own why after its error: ``reason: …``, ``cause: …``, ``原因：…``, ``detail: …``
_REASON_LINE = re.compile(
    r"^\s*(?:\W\s*)?(?:error\s+)?(?:reason|cause|caused by|detail(?:s)?|原因|失败原因)\s*[:：]\s*"
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
    hits = [(len(m), c) for c, (m, _fix) in table.items() if len(m) >= least and m.lower() in low]
    return max(hits)[1] if hits else None


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
    known = _bm_message_finding(tail)
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
    return _aa_message_finding(tail)


_GENERIC_FAILURES = frozenset({"failed to install bundle", "failed to start ability"})
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
        meaning=meaning,
        block=first_error_block(tail),
    )


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
        meaning=meaning,
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
    if known is not None:
        _pattern, sub, meaning, fix = known
        if len(text) > len(known[0].pattern.split("|")[0]) + 8:
            fix = f"{fix} hdc said: “{text[:200]}”."
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
    if code is None and "安装" in tail:
        # the on-device installer's Chinese words without the code (``权限请求失败导致安装失败``)
        code = next((c for w, c in INSTALL_WORDS_ZH.items() if w in tail), None)
    if code is None:
        return None
    meaning, fix = INSTALL_CODES[code]
    kind: FindingKind = _bm_kind(code, tail)
    at = tail.lower().find(meaning.lower())
    return Finding(
        kind=kind,
        evidence=_line_at(tail, at)[:EVIDENCE_CHARS],
        fix=fix,
        query_terms=search_terms(kind, code, "install", "安装失败", *meaning.split()[:3]),
        meaning=f"{meaning} (bm code {code}, not printed)",
        block=first_error_block(tail),
    )


_AA_FAILED = re.compile(r"error:\s*failed to (?:start|stop|force stop|attach|detach)[^\n]*", re.I)


def _aa_message_finding(tail: str) -> Finding | None:
    """aa failed without printing its code but with the message of a documented code: that
    code's meaning and fix."""
    m = _AA_FAILED.search(tail)
    if m is None:
        return None
    code = _code_by_message(AA_CODES, tail[m.start() :])
    if code is None:
        return None
    meaning, fix = AA_CODES[code]
    return Finding(
        kind="launch",
        evidence=_line_at(tail, tail.lower().find(meaning.lower()))[:EVIDENCE_CHARS],
        fix=fix,
        query_terms=search_terms("launch", code, "aa start", "启动失败", "ability"),
        meaning=f"{meaning} (aa code {code}, not printed)",
    )


# an 8-digit hvigor / ohpm / ArkTS code where the tools print one: before a title word
# ("00306003 Specification …", "10605008 ArkTS …") or " ..." (elided)
_BUILD_CODE = re.compile(
    r"(?<![\w.])(\d{8})(?![\w.])(?=\s+(?:[A-Z]|\.\.\.|['\"‘][^\s'\"’])|[ \t]*\|[ \t]*`?[A-Z])"
)
_MESSAGE = re.compile(r"^\s*(?:\d+\.\s*)?Error Message:\s*(?P<msg>.+)$", re.M)
_PACKAGE = re.compile(r"""(?:package '|FetchPackageInfo: ")(?P<p>[^'"]+)['"]""")
_TASK = re.compile(r"Task \[\s*'(?P<t>[^']+)'\s*\]")
_PATH = re.compile(
    r"(?P<p>(?:[A-Za-z]:)?[\\/]?(?:[\w.@\-…]+[\\/])+[\w.@\-]+\.(?:har|so|hap|hsp|json5|ets|ts))"
)
_AT_LOC = re.compile(r"\b(?:[Aa]t [Ff]ile:|[Aa]t)\s+(\S+?:\d+(?::\d+)?)\b")
_RULE = re.compile(r"\((arkts-[a-z0-9-]+)\)")
_CUT_HEAD_ERROR = re.compile(
    r"^\s*Error Message:\s*(?P<msg>.+?)\s+At File:\s*(?P<loc>\S+?:\d+:\d+)\s*$", re.M
)
_UNRESOLVED = re.compile(r'Could not resolve "(?P<module>[^"]+)" from "(?P<file>[^"]+)"')
_CANNOT_FIND_MODULE = re.compile(r"Cannot find module '([^']+)'")  # TypeScript's words
_NUMBERED = re.compile(r"^\d+\.\s+")  # a rendered page's line numbers ("7. * Try …")


def _tool_advice(text: str) -> str:
    """The tool's own advice in ``text`` (:func:`~hmdesk.core.toolchain.tool_errors.tool_advice`:
    ``Try the following:``, ``Solution:``, ``Suggestion:``, ``解决方法：`` …)."""
    return tool_advice(text)


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
        for ln in lines[start + 1 : start + 6]:
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
        # rollup's parse error printing an ArkUI check's numbered error inside it: the check ran
        # on a file that parsed, so the bundler failed on the transform's output; the check decides
        root = next((m for m in matches if m.group(1).startswith("109")), root)
    code = root.group(1)
    # an ArkUI check (109xxxxx: one root node, a decorator's use) runs on a file that parsed: the
    # bundler's later "Unexpected token" is its transform's output failing, the check decides
    parsed_first = not code.startswith("109")
    if (
        code.startswith(_CHECKER_CODES)
        and parsed_first
        and (parse := _PARSE_FAILED.search(tail, 0, root.start()))
    ):
        # the bundler could not parse a file (an older hvigor prints no code for it): the
        # checker's numbered errors that follow come from the broken syntax; the parser's place
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
            rule_fix = ARKTS_RULES.get(rule.group(1), ARKTS_DEFAULT) if rule else ARKTS_DEFAULT
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
    return _table_finding(tail, code, info, root.start(), message, location)


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
    """``fix`` and the tool's own "Try the following" advice in ``text`` when it adds to it."""
    advice = _tool_advice(text)
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
_AT_FILE_TAIL = re.compile(r"\s*\.?\s*\bAt [Ff]ile:\s*\S.*$")
_PARSER_STEPS = [(re.compile(rx), step) for rx, step in PARSER_STEPS]


def _parser_step(message: str) -> str:
    """The step a parser's message asks for (:data:`PARSER_STEPS`), or ""."""
    return next((step for rx, step in _PARSER_STEPS if rx.search(message)), "")


def _block_file(tail: str, start: int) -> str | None:
    """The file a code's block names on a line of its own, ``At file: build-profile.json5``
    (with or without a line), when the parser saw no error head (the code printed alone, the
    ``ERROR:`` cut away): the lines from the code's to the first blank one."""
    for line in tail[start : start + 1200].splitlines()[:12]:
        if not line.strip():
            break
        m = AT_FILE_RE.search(line)
        if m is not None:
            place = m.group("file").strip()
            for part in ("line", "col"):
                place += f":{m.group(part)}" if m.group(part) else ""
            return place
    return None


_SAID = [(code, info, re.compile(info.says)) for code, info in BUILD_CODES.items() if info.says]


def _said_code_finding(tail: str) -> Finding | None:
    """A code the table knows whose message the log prints without the code."""
    for code, info, rx in _SAID:
        m = rx.search(tail)
        if m is not None:
            return _table_finding(tail, code, info, m.start(), m.group(0), None)
    return None


# the line of a code hvigor or ohpm prints with its title ("00308019 Operation Error")
# (or hvigor's newer layout: ``Error Code: 00303999``, then ``Error: Configuration Error``)
_FAMILY_CODE = re.compile(
    r"(?<![\w.])(003\d{5}|006\d{5})(?![\w.])"
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


_ANY_CODE = re.compile(r"(?<![\w.])(\d{8})(?![\w.])")
# hvigor's newer layout names its code: ``Error Code: 00308018 <message>``
_CODE_LABEL = re.compile(r"\bError Code:\s*(\d{8})(?![\w.])")


def _strong_lines(lines: list[str]) -> list[str]:
    """The lines that are not warnings (a WARN line and the indented lines continuing it)."""
    out: list[str] = []
    in_warn = False
    for ln in lines:
        if _WARN_LINE_RE.match(ln):
            in_warn = True
            continue
        if in_warn and ln[:1] in (" ", "\t") and ln.strip():
            continue
        in_warn = False
        out.append(ln)
    return out


_Hit = tuple[Signature, re.Pattern[str], re.Match[str], list[str]]
# signatures that only name the task or the wrapper that failed (or hmharness's broad word
# classes): a specific signature anywhere in the log, a warning line included (hvigor prints
# CMake's and ninja's errors as WARN), names the cause instead, and a code's range beats them
_GENERIC_MEANINGS = frozenset({"a Java tool of the SDK failed"})


def _is_generic(sig: Signature) -> bool:
    """A signature that names no cause of its own: the failed task or wrapper, or one of
    hmharness's word classes (a file or tool name anywhere, even in the tool's advice); its
    network class matches the errors themselves (ECONNREFUSED, ETIMEDOUT) and stays specific."""
    return sig.meaning in _GENERIC_MEANINGS or any(
        sig is b and b.kind != "network" for b in HMHARNESS_CLASSES
    )


def _is_word_class(sig: Signature) -> bool:
    """One of hmharness's word classes other than its network one (which matches the errors
    themselves: ECONNREFUSED, ETIMEDOUT)."""
    return sig.kind != "network" and any(sig is b for b in HMHARNESS_CLASSES)


_Compiled = list[tuple[Signature, re.Pattern[str], tuple[str, ...] | None]]


def _first_hit(
    text: str, src: list[str], compiled: _Compiled, *, specific: bool = False
) -> _Hit | None:
    lower = text.lower()
    for sig, pat, needles in compiled:
        if specific and _is_generic(sig):
            continue
        if needles is not None and not any(n in lower for n in needles):
            continue
        m = pat.search(text)
        if m:
            return (sig, pat, m, src)
    return None


def _signature_hit(tail: str) -> _Hit | None:
    """The signature that decides: the first of :data:`TABLE` on the lines that are not
    warnings, else on every line (the warning signatures first); a generic one gives way to a
    specific one found anywhere."""
    lines = tail.splitlines()
    strong = _strong_lines(lines)
    hit = _first_hit("\n".join(strong), strong, _COMPILED) or _first_hit(
        tail, lines, _COMPILED_WARN + _COMPILED
    )
    if hit is not None and _is_generic(hit[0]):
        hit = _first_hit(tail, lines, _COMPILED, specific=True) or hit
    return hit


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
        m_code = (
            _ANY_CODE.search(m.group(0)) or _BUILD_CODE.search(tail) or _CODE_LABEL.search(tail)
        )
        code = m_code.group(1) if m_code else None
    groups = {k: v for k, v in m.groupdict().items() if v}
    if "{said}" in sig.fix:  # the tool's own line, quoted up to what matched
        line_start = m.string.rfind("\n", 0, m.start()) + 1
        said = m.string[max(line_start, m.start() - 240) : m.end()].strip()
        groups["said"] = ("…" if m.start() - 240 > line_start else "") + said
    location = location or groups.get("location") or _printed_config(tail)
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
        if tool is not None:
            code = code or (tool.group("code") or None)
            if tool.group("msg").strip()[:40].lower() not in fix.lower():
                fix = f"{fix} hap-sign-tool says: {tool.group('msg').strip()[:200]}"
    if sig.kind == "native" and location is None:
        # the object that needs the symbol, else the path the message names, else the undefined
        # symbol itself (a linker line copied without its ``>>> referenced by`` lines)
        ref = _REFERENCED_BY.search(tail)
        location = (
            (ref.group(2) or ref.group(1)) if ref else groups.get("path") or groups.get("symbol")
        )
    if sig.kind == "rollup" and "module" in groups:
        fix = f"{fix} {_unresolved_hint(groups['module'])}".strip()
    if sig.kind == "arkts-source" and err is not None and err.message:
        at = f" at {err.location}" if err.location else ""
        fix = f"{fix} The compiler says{at}: {err.message[:300]}"
    elif sig.kind == "arkts-source":
        msg = _arkts_message(tail) or _evidence(src, pat, m)
        if msg:
            fix = f"{fix} The compiler says: {msg[:300]}"
            rule = _RULE.search(msg)
            if rule and rule.group(1) in ARKTS_RULES:
                fix = f"{ARKTS_RULES[rule.group(1)]} {fix}"
    return Finding(
        kind=sig.kind,
        evidence=_preferred_evidence(src, sig) or _evidence(src, pat, m),
        fix=_with_advice(fix, tail),
        code=code,
        query_terms=_terms(sig),
        location=location,
        meaning=sig.meaning,
        block=first_error_block(tail),
    )


# hvigor names the configuration file an error is about on a line of its own:
# ``at E:\work\app\build-profile.json5`` (a signing or schema error)
_AT_CONFIG = re.compile(r"^\s*at\s+(\S[^\n]*?\.json5?(?::\d+(?::\d+)?)?)\s*$", re.M)


# hvigor's advice naming the file to edit: ``> Please check field: modules in file: X.json5.``
_SUGGESTED_FILE = re.compile(
    r"check field:[^\n]*?\bin file:\s*'?([^\n']+?\.json5?)'?\.?[ \t]*$", re.M
)
_HAS_LINE = re.compile(r":\d+(?::\d+)?$")


def _file_to_edit(location: str | None, tail: str) -> str | None:
    """The location a finding reports: the file hvigor's advice names over a bare ``At file``
    path (``Path not found. At file: <the missing folder>`` then ``Please check field: modules
    in file: <build-profile.json5>``); a printed file:line stays."""
    suggested = _SUGGESTED_FILE.search(tail)
    if suggested is None or (location and _HAS_LINE.search(location)):
        return location
    return suggested.group(1)


# hap-sign-tool's error line: ``hap-sign-tool: error: ACCESS_ERROR, code: 109. Details: …``
_SIGN_TOOL = re.compile(r"hap-sign-tool: error:\s*(?P<msg>(?:\w+, code: (?P<code>\d+))?[^\n]*)")
# ld.lld names the object that needs a symbol: ``>>> referenced by scene_bridge.cpp:30``
_REFERENCED_BY = re.compile(r"^\s*(?:>>>\s*)?referenced by (\S+?:\d+)(?:\s+\((\S+?:\d+)\))?", re.M)
# hvigor's schema report: ``instancePath: 'module.deviceTypes[1]'``, ``message: 'must be <= 65535'``,
# ``params: { allowedValues: [...] }``, ``location: 'D:/app/entry/src/main/module.json5:15:8'``
_SCHEMA_FIELD = re.compile(r"instancePath:\s*'([^']*)'")
# the message up to its own closing quote (a report pasted on one line holds several objects)
_SCHEMA_MESSAGE = re.compile(r"message:\s*(['\"])(.*?)\1\s*(?:[,}]|$)", re.M)
# (a Markdown copy escapes the bracket: ``allowedValues: \['a','b']``)
_SCHEMA_ALLOWED = re.compile(r"allowedValues:\s*\\?\[([^\]]*)\]")
_SCHEMA_LOCATION = re.compile(r"location:\s*'([^']+?:\d+:\d+)'")
# ``keyword: 'propertyNames', params: { propertyName: 'cangjieOptions' }``: a property the
# schema does not allow in that object
_SCHEMA_PROPERTY = re.compile(r"propertyName:\s*'([^']+)'")
_SCHEMA_MARK = re.compile(r"instancePath:|propertyName:|allowedValues:|location:\s*'")
# ``must have required property 'compatibleSdkVersion'``: a field missing from the object checked
_SCHEMA_REQUIRED = re.compile(r"must have required property\s*['\"](\w+)['\"]")


def _schema_detail(tail: str) -> tuple[str, str | None]:
    """What hvigor's schema report says (the field, the rule it breaks, the values allowed, a
    property the object does not allow and where that property belongs) as a sentence, and the
    file:line:col it prints."""
    field = _SCHEMA_FIELD.search(tail)
    message = _SCHEMA_MESSAGE.search(tail)
    allowed = _SCHEMA_ALLOWED.search(tail)
    place = _SCHEMA_LOCATION.search(tail)
    prop = _SCHEMA_PROPERTY.search(tail)
    parts = []
    if field:
        parts.append(f"The schema check says: {field.group(1)}")
        if message:
            parts.append(message.group(2))
    if allowed:
        parts.append(f"(allowed: {' '.join(allowed.group(1).split())})")
    detail = " ".join(parts) + ("." if parts else "")
    if prop:
        name = prop.group(1)
        home = FIELD_HOMES.get(name)
        where = f" there ({field.group(1)})" if field and field.group(1) else " there"
        detail += f" '{name}' is not allowed{where}: " + (
            f"move it to {home}."
            if home
            else f"remove '{name}' (this hvigor does not know it), or rename it to one of "
            "the allowed names."
        )
    required = _SCHEMA_REQUIRED.search(tail)
    if required and (home := FIELD_HOMES.get(required.group(1))):
        detail += (
            f" '{required.group(1)}' is required where the schema looked: it belongs in {home} "
            "(set there, not at the top level or in a module's file)."
        )
    return detail.strip(), place.group(1) if place else None


def _printed_config(tail: str) -> str | None:
    m = _AT_CONFIG.search(tail)
    return m.group(1) if m else None


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
        return needle in read_regular_file(path, MAX_PROJECT_FILE_BYTES).decode("utf-8", "replace")
    except (OSError, NotRegularFile):
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
