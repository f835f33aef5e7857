"""What a build tool's own error says to do: the compiler's steps, the first step per kind, the
tool's step for a read :class:`~hmdesk.core.toolchain.tool_errors.ToolError`, and the window of a
build log that is read."""

from __future__ import annotations

import re
from dataclasses import replace

from hmdesk.core.toolchain.arkts_rules import ARKTS_DEFAULT, rule_advice, under_error
from hmdesk.core.toolchain.arkui_checks import ARKUI_CHECKS
from hmdesk.core.toolchain.clang_catalogue import clang_advice
from hmdesk.core.toolchain.code_findings import _fill, _with_advice
from hmdesk.core.toolchain.compiler_messages import ETS_LOADER_MESSAGES, TSC_MESSAGES
from hmdesk.core.toolchain.config_report import _file_to_edit
from hmdesk.core.toolchain.error_subjects import missing_project_file, unresolved_module
from hmdesk.core.toolchain.finding import (
    EVIDENCE_CHARS,
    TAIL_CHARS,
    Finding,
    finding_kind,
    first_error_block,
    search_terms,
)
from hmdesk.core.toolchain.hilog.line import RAW
from hmdesk.core.toolchain.hilog.parse import parse_lines
from hmdesk.core.toolchain.prefilter import Gated
from hmdesk.core.toolchain.restool_codes import RESTOOL_CODES
from hmdesk.core.toolchain.signature_table import _Hit
from hmdesk.core.toolchain.tool_errors import ToolError

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
_TWO_READINGS = frozenset(
    {
        "a macOS library loaded on this host",
        # restool's page names three causes (a path, a missing library, Windows' Path order) and
        # a .dylib on a host that is not a Mac is a fourth (the host taken for macOS)
        RESTOOL_CODES["11201001"][1],
        # hb's block says that the system build stopped, and its Reason is of any kind
        "OpenHarmony's system build failed",
        # a script's preview build without buildRoot=.preview, or hvigor's own bug
        "a preview build's input not found",
    }
)


# what the compiler's own messages ask for: TypeScript's diagnostics and the compilation
# toolchain's codes (:mod:`.compiler_messages`), then ArkUI's compile checks; each gated by the
# literals its matches contain, so that a row costs a substring test on a log without its message
# (docs/decisions/0023-doctor-literal-prefilter.md)
_COMPILER_STEPS: tuple[tuple[Gated, str], ...] = tuple(
    (Gated(rx), step)
    for rx, step in (
        *TSC_MESSAGES,
        *((rx, step) for _code, rx, step in (*ETS_LOADER_MESSAGES, *ARKUI_CHECKS)),
    )
)


# a place inside a dependency's own files (``oh_modules/.ohpm/@scope+name@1.0.1/oh_modules/…``)
_IN_DEPENDENCY = re.compile(
    r"oh_modules[\\/](?:\.ohpm[\\/][^\\/]+[\\/]oh_modules[\\/])?(?P<pkg>@[\w.-]+[\\/][\w.-]+|[\w.-]+)"
)
_PKG_VERSION = re.compile(r"\.ohpm[\\/][^\\/]*?@(?P<v>\d[\w.-]*)[\\/]")
# a place inside a Flutter plugin's OHOS code in the pub cache (``.pub-cache/hosted/pub.dev/
# x_ohos-1.2.0/ohos/src/main/ets/…``, ``.pub-cache/git/repo-<sha>/packages/x/x_ohos/ohos/…``):
# hvigor compiles it against the flutter_ohos HAR of the Flutter SDK in use (Windows' cache is
# %LOCALAPPDATA%\Pub\Cache)
_IN_PUB_CACHE = re.compile(
    r"(?:\.pub-cache|\bPub[\\/]Cache)[\\/](?:[^\\/\s]+[\\/])*?(?P<pkg>[\w.-]+)[\\/]ohos[\\/]"
)

_MOST_STEPS = 3


def compiler_message_line(text: str) -> str | None:
    """The line of the first message of the compiler's the text quotes (:data:`_COMPILER_STEPS`:
    TypeScript's diagnostics the doctor has steps for, the ets-loader's, ArkUI's checks), with
    or without the compiler's header."""
    first: int | None = None
    for gated, _step in _COMPILER_STEPS:
        if gated.possible(text) and (m := gated.pattern.search(text)) is not None:
            first = m.start() if first is None else min(first, m.start())
    if first is None:
        return None
    start = text.rfind("\n", 0, first) + 1
    end = text.find("\n", first)
    return text[start : end if end >= 0 else len(text)].strip()


def _compiler_steps(fix: str, tail: str, location: str | None) -> str:
    """``fix`` with the steps the compiler's own message asks for (:data:`_COMPILER_STEPS`), the
    ArkTS rule it names (any case) and, for a place inside a dependency's files, the library."""
    # the messages in the order the log prints them (the first error's first); of two rows
    # matching one message, the first (the more specific); at most a few
    said: dict[int, str] = {}
    for gated, step in _COMPILER_STEPS:
        if not gated.possible(tail):
            continue
        rx = gated.pattern
        m = rx.search(tail)
        while m is not None and not under_error(tail, m.start()):
            m = rx.search(tail, m.end())  # a warning's message asks for nothing
        if m is not None and m.start() not in said and step[:30] not in fix:
            said[m.start()] = step.format(*m.groups())
    steps = [said[pos] for pos in sorted(said)][:_MOST_STEPS]
    advice = rule_advice(tail)  # the first error's rule (a warning's rule never decides)
    if advice is not None and advice[1] != ARKTS_DEFAULT and advice[1] not in fix:
        steps.append(advice[1])
    plugin = _IN_PUB_CACHE.search(location or "")
    dep = None if plugin is not None else _IN_DEPENDENCY.search(location or "")
    if plugin is not None:
        steps.append(
            f"The place is inside the Flutter plugin {plugin.group('pkg')} (its OHOS code in the "
            "pub cache, not the project's), which hvigor compiles against the flutter_ohos HAR "
            "of the Flutter SDK in use: most often the plugin and that SDK are versions not "
            "made for each other. Update the Flutter SDK for OHOS (flutter_flutter, its current "
            "branch) or use the plugin version made for yours, and build with that SDK's own "
            "engine (no --local-engine of another version); edits in the pub cache are lost."
        )
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
    # the kinds only the words of a log's error lines name (log_subject)
    "network": (
        "A server could not be reached: check the network, the proxy (.ohpmrc, .npmrc, "
        "hvigor-config.json5) and the registry address the message names, then build again."
    ),
    "rollup": "The JavaScript bundler (rollup) could not read the file {at}: fix its syntax or import.",
    "install": (
        "bm refused the package: its error line says why; check the package was built and "
        "signed for this device (its API level and device type, the signing profile)."
    ),
    "launch": (
        "aa could not start the ability: check the bundle and ability names against module.json5 "
        "(abilities) and that the app is installed on this device."
    ),
    "hdc": (
        "hdc failed: check the device is connected and authorised (`hdc list targets`), restart "
        "hdc's server (`hdc kill -r`), and use the hdc of the SDK that matches the device."
    ),
    "permission": (
        "The OS refused access to a file: make it writable, close what holds it (the IDE, an "
        "antivirus), or work in a folder you own."
    ),
}
UNKNOWN_STEP = "Not a failure the doctor knows: the tool's own message below says what to fix."
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
    "a generator's working-directory check": (
        "The tool itself refused the path (the OS did not): it writes and removes files only "
        "inside the directory it runs in. Make the output path one inside that directory (for "
        "React Native's codegen: --cpp-output-path / --rnoh-module-path under the RN project), "
        "or move the HarmonyOS project inside the project you run it from, then run it again."
    ),
    "the SDK manager": (
        "The SDK license is not accepted: accept it (sdkmgr install ... --accept-license for the "
        "HarmonyOS SDK, ohsdkmgr install ... --accept-license for the OpenHarmony SDK, or in "
        "DevEco Studio's SDK Manager), then build again."
    ),
    "the SDK manager (its request to the SDK server)": (
        "sdkmgr could not fetch the SDK list or a component from Huawei's SDK server. When the "
        "machine's Java locale is not China (a Linux pipeline, an English OS), the server refuses "
        "it: append -Duser.country=CN after -Dfile.encoding=UTF-8 on the last line of "
        "command-line-tools/sdkmanager/bin/sdkmgr (sdkmgr.bat on Windows), then run sdkmgr "
        "again. Else it is the network: behind a proxy pass --proxy-type=http (or socks) "
        "--proxy=host:port, with --proxy-user/--proxy-password (special characters as %XX), or "
        "put them in the config.properties --config names; add --no-ssl-verify when the proxy "
        "re-signs HTTPS."
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
        "build-tools hold es2abc), without hot reload if a home-made script drives the build. "
        "When it stops with no message of its own, es2abc crashed (the bytecode FAQ): a stack "
        "overflow on deeply nested code (hundreds of if/else levels, arrays or objects nested "
        "deep, long `a as T as T …` chains, generated code, runs of repeated symbols), out of "
        "memory on a huge file, or a parser fault; its crash report says which (Windows: Event "
        "Viewer > Windows Logs > Application, es2abc.exe, exception 0xc00000fd is a stack "
        "overflow; macOS: Console > Crash Reports, one function repeated down the stack is a "
        "deep recursion): flatten that code or split the file."
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


def first_step(
    kind: str, location: str | None = None, module: str | None = None, task: str | None = None
) -> str:
    """The first step for a failure of ``kind`` (:data:`_FIRST_STEP`), with the place, module and
    task the log names; :data:`UNKNOWN_STEP` for a kind without one."""
    at = f"at {location}" if location else "the message names"
    values = {
        "at": at,
        "of_module": f" of module {module}" if module else "",
        "module": module or "the module",
        "in_task": f" in {task}" if task else "",
        "at_or_files": (
            at if location else "(build-profile.json5 / module.json5 / app.json5) the message names"
        ),
    }
    return _fill(_FIRST_STEP.get(kind, UNKNOWN_STEP), values)


# the tools (:mod:`.tool_table`) whose message is clang's own
_CLANG_TOOLS = frozenset({"the C/C++ compiler", "the C/C++ toolchain"})


def _tool_finding(err: ToolError, tail: str) -> Finding:
    """A finding from the tool's own error (:func:`read_tool_error`): its class (certain only
    when the tool's line names it), message, code, place and advice; "possibly" otherwise."""
    kind = finding_kind(err.klass) if err.klass else "unclassified"
    step = (
        _TOOL_STEP.get(err.tool)
        or _unresolved_step(err)
        or _missing_step(err, kind)
        or first_step(kind, err.location, err.module, err.task)
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
    if err.tool in _CLANG_TOOLS and (advice := clang_advice(err.message)) is not None:
        fix = f"{fix} {advice}"  # the remedy of its message's family
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
