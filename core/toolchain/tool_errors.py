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
* :func:`tool_advice`: what the tool suggests after ``Try the following:``, ``Solution(s):``,
  ``Suggestion:``, ``Possible solution:``, ``解决方法：``, ``建议：`` …

Pure text in, data out: no I/O, nothing here decides a remedy beyond the first step of a phase.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

# --------------------------------------------------------------------------- phases (hvigor tasks)

# ``Failed :entry:default@CompileArkTS...`` (also without the dots, or quoted in prose)
_FAILED_TASK = re.compile(
    r"Failed\s*:(?P<module>[\w.-]*):(?:(?P<target>[\w-]*)@)?(?P<task>[A-Za-z]\w*)"
)

# the task name → the class its failures belong to, and the phase in words
PHASES: tuple[tuple[re.Pattern[str], str, str], ...] = tuple(
    (re.compile(rx), kind, words)
    for rx, kind, words in (
        (
            r"^\w*(?:ArkTS|Ets|BuildJS|CompileJS|Lint)\w*$",
            "arkts-source",
            "the ArkTS compile",
        ),
        (r"^\w*(?:Native|Cmake|CMake|Ninja|Cpp)\w*$", "native", "the native (C/C++) build"),
        (r"^Sign\w*$", "signing", "signing"),
        (r"^\w*(?:Resource|Restool)\w*$", "config", "the resource compile (restool)"),
        (
            r"^(?:PreBuild|MergeProfile|ProcessProfile|GenerateMetadata|MakePackInfo|"
            r"SyscapTransform|ProcessIntegratedHsp|ProcessStartupConfig|CreateBuildProfile|"
            r"\w*RouterMap\w*|\w*(?:Config|Json|Profile|Manifest)\w*)$",
            "config",
            "the project configuration check",
        ),
        (
            r"^Package\w*$|^\w*Pack(?:Hap|Hsp|App|Har)\w*$",
            "java",
            "packing (the SDK's Java packing tool)",
        ),
        (r"^\w*(?:Ohpm|Dependenc|Install)\w*$", "ohpm-deps", "the dependency install (ohpm)"),
    )
)

# --------------------------------------------------------------------------- tools' error lines

_SRC = r"(?:[A-Za-z]:)?[^\s:'\"()]*?\.(?:c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|inl|m|mm|s|S)"


@dataclass(frozen=True)
class _Tool:
    name: str
    pattern: re.Pattern[str]
    kind: str | None  # the class the tool names by itself (None: the phase decides)
    certain: bool  # the tool's own line decides the class
    fallback: bool = False  # only when no other tool's line is in the text (ninja's FAILED)


def _tool(
    name: str, rx: str, kind: str | None, certain: bool = False, fallback: bool = False
) -> _Tool:
    return _Tool(name, re.compile(_anchored(rx)), kind, certain, fallback)


def _anchored(rx: str) -> str:
    """A pattern whose message starts with ``.*`` (or ``\\S.*``) anchored at the line's start: the
    same leftmost match, but a line it does not match costs one pass, not one per position (a
    1,800-character line took 20 ms a pattern unanchored)."""
    if rx.startswith("(?P<msg>.*"):
        return "^" + rx
    if rx.startswith("(?P<msg>\\S.*"):
        return "^\\s*" + rx
    return rx


# the tools whose prefix names them, most specific first (a compiler's located diagnostic before
# the driver's own line); each pattern has ``msg`` and may have ``loc``
TOOLS: tuple[_Tool, ...] = (
    # a tool binary this machine cannot run (the shell reading an ELF/Mach-O as a script, macOS's
    # bad CPU type -86 / EBADARCH, Windows' "not a valid Win32 application"): an SDK or tool for
    # another OS or CPU
    _tool(
        "the operating system (a tool built for another OS or CPU)",
        r"(?P<msg>(?:\S*?: \d+: \S+: Syntax error: (?:word unexpected|\"?\(\"? unexpected)|"
        r"spawn\b.*?(?:Unknown system error -86|EBADARCH)|[Bb]ad CPU type in executable|"
        r"cannot execute binary file|[Ee]xec format error|not a valid Win32 application).*)",
        "sdk-missing",
        True,
    ),
    # the SDK's own environment checks (hvigor, the flutter/uni-app wrappers, the old gradle build)
    _tool(
        "the SDK location check",
        r"(?P<msg>.*?(?:\bDEVECO_SDK_HOME\b|\bOHOS_SDK_HOME\b|\bOHOS_BASE_SDK_HOME\b|"
        r"\bhwsdk\.dir\b|\bsdk\.dir\b).*)",
        "sdk-home",
    ),
    _tool(
        "the SDK manager",
        r"(?P<msg>.*\bSDK licen[cs]e (?:agreement )?(?:is |has )?not (?:been )?accepted.*)",
        "sdk-missing",
        True,
    ),
    # a generator or cleaner that refuses a path outside the directory it runs in (RN codegen's
    # ``that path is outside current working directory``): the output path or the project's place
    _tool(
        "a generator's working-directory check",
        r"(?P<msg>.*?\bpath (?:is|lies) outside (?:of )?(?:the )?(?:current )?"
        r"(?:working directory|cwd|project(?: root| directory)?)\b.*)",
        "project-path",
        True,
    ),
    # hvigor's version check: ``The (value of) hvigorVersion (2.1.1) is not within the expected
    # range 3.x.x`` (also for @ohos/hvigor-ohos-plugin)
    _tool(
        "hvigor's version check",
        r"(?P<msg>.*?\b(?:hvigorVersion|@ohos/hvigor(?:-ohos-plugin)?|hvigor-ohos-plugin|"
        r"modelVersion)\b[^\n]*?is not within\s*the\s*expected range.*)",
        "hvigor-version",
        True,
    ),
    _tool(
        "the bytecode compiler (es2abc)",
        r"(?P<msg>.*\bFailed to (?:execute|run|spawn|find) (?:the )?(?:es2abc|ts2abc|ark_js\w*|"
        r"ark_disasm|abc2program)\b.*)",
        "sdk-missing",
    ),
    # clang's code generator (``fatal error: error in backend: Cannot select: …``)
    _tool(
        "the C/C++ compiler's backend",
        r"(?:fatal )?error: (?P<msg>error in backend:\s*\S.*)",
        "native",
        True,
    ),
    _tool(
        "the C/C++ compiler",
        rf"(?P<loc>{_SRC}:\d+(?::\d+)?):\s*(?:fatal )?error:\s*(?P<msg>\S.*)",
        "native",
        True,
    ),
    _tool(
        "the C/C++ toolchain",
        r"\b(?P<who>clang(?:\+\+)?|gcc|g\+\+|ld(?:\.lld)?|lld|llvm-[\w-]+|ar|ranlib)(?:\.exe)?:\s*"
        r"(?:fatal )?error:\s*(?P<msg>(?!linker command failed)\S.*)",
        "native",
        True,
    ),
    _tool(
        "CMake",
        r"CMake Error(?: at (?P<loc>\S+?:\d+))?[^:\n]*:\s*(?P<msg>.*)",
        "native",
        True,
    ),
    _tool("ninja", r"ninja: error:\s*(?P<msg>\S.*)", "native", True),
    # GN (OpenHarmony's build): ``ERROR at //path/BUILD.gn:44:20: Assignment had no effect``
    _tool("GN", r"ERROR at (?P<loc>//\S+?:\d+(?::\d+)?):\s*(?P<msg>\S.*)", "native", True),
    # clang's summary of a failed link: the linker's own lines above it say why (only when they
    # are not in the text)
    _tool(
        "the linker (its summary line)",
        r"\berror:\s*(?P<msg>linker command failed\b.*)",
        "native",
        True,
        True,
    ),
    _tool("ninja", r"^FAILED: (?P<msg>(?P<loc>\S+?)(?:\.o(?:bj)?)?)\s*$", "native", True, True),
    _tool("make", r"\bmake(?:\[\d+\])?: \*\*\*\s*(?P<msg>\S.*)", "native", True),
    _tool("the linker", r"(?P<msg>undefined (?:reference to|symbol:?) \S.*)", "native", True),
    _tool("hap-sign-tool", r"hap-sign-tool:?\s*(?:error|ERROR):?\s*(?P<msg>\S.*)", "signing", True),
    _tool(
        "the ArkTS compiler",
        r"(?:(?:Ark)?ETS:ERROR|ArkTS:ERROR|ERROR:\s*ArkTS:(?:ERROR)?)\s*(?P<msg>\S.*)",
        "arkts-source",
        True,
    ),
    # the ArkTS checker's line without its header (``Cannot find module '@kit.X' … <ArkTSCheck>``)
    _tool(
        "the ArkTS compiler", r"(?P<msg>\S.*?)\s*<ArkTS(?:Check|Compiler)?>", "arkts-source", True
    ),
    # the compiler's own assertion (a stale incremental cache, not the code)
    _tool(
        "the ArkTS compiler (an internal error)",
        r"(?P<msg>(?:This line should be unreachable|[Ii]nternal compiler error|[Aa]ssertion "
        r"(?:`[^`]*` )?failed)\b.*)",
        "arkts-source",
    ),
    # a warning of the ArkTS compiler, when no tool printed an error
    _tool(
        "the ArkTS compiler",
        r"ArkTS:WARN(?:ING)?\s*(?P<msg>\S.*)",
        "arkts-source",
        True,
        True,
    ),
    _tool(
        "the TypeScript checker",
        r"(?P<loc>\S+?\.d?\.?e?ts)\((?P<l>\d+),(?P<c>\d+)\):\s*error TS\d+:\s*(?P<msg>\S.*)",
        "arkts-source",
        True,
    ),
    _tool(
        "the ArkTS linter",
        r"(?P<msg>\S.*\((?P<rule>arkts-[a-z0-9-]+)\))",
        "arkts-source",
        True,
    ),
    # the TypeScript checker's phrases printed without header or code (copied from the editor)
    _tool(
        "the TypeScript checker",
        r"(?P<msg>.*?(?:declares [‘'`]?\S+?[’'`]? locally, but it is not exported|has no exported "
        r"member|Cannot find name [‘'`]|Property [‘'`]\S+[’'`] does not exist on type|is not "
        r"assignable to (?:parameter of )?type|custom component must have a|Importing ArkTS "
        r"files (?:to|into) JS).*)",
        "arkts-source",
    ),
    # the module resolver (the ArkTS build's, rollup's, node's): a name not found
    _tool(
        "the module resolver",
        r"(?P<msg>.*?(?:Failed to (?:get a )?resolved? OhmUrl|Cannot find module [‘'`\"]"
        r"|Could not resolve [\"'])[^\n]*)",
        "arkts-source",
    ),
    # hvigor's schema check in prose (``must have required property 'x', location: a.json5:3:1``)
    _tool(
        "hvigor's schema check",
        r"(?P<msg>.*?(?:must (?:have required property|NOT have additional properties|be equal "
        r"to one of the allowed values)\b|\battributes? (?:are|is) mandatory\b).*)",
        "config",
    ),
    _tool(
        "the operating system",
        r"(?<![\w-])(?P<msg>E(?:PERM|ACCES|BUSY|ROFS|NAMETOOLONG|NOSPC|MFILE|XDEV|INVAL):\s*\S.*)",
        None,
    ),
    # a JavaScript error inside hvigor or its plugins (V8's own phrasing): the toolchain's bug
    _tool(
        "hvigor's JavaScript",
        r"(?:hvigor\s+ERROR[:：]\s*|TypeError:\s*|^)(?P<msg>(?:Cannot read propert(?:y|ies) of "
        r"(?:undefined|null)|\S+ is not a function|\S+ is not iterable|Maximum call stack size "
        r"exceeded)\b.*)",
        "hvigor-env",
    ),
    # hvigor's words for a ReferenceError while it evaluates the project's hvigorfile.ts: a
    # lower-case name is the file's own (``hvigor``); a class such as TransformStream, or fetch,
    # is a global the Node.js below lacks
    _tool(
        "hvigorfile.ts (a name it uses without defining it)",
        r"(?P<msg>(?:ReferenceError[:,]\s*)?(?<![\w$])(?!(?:fetch|structuredClone)\b)[a-z_$][\w$]* is not "
        r"defined in hvigorfile:?\s*(?P<loc>\S+).*)",
        "hvigor-version",
        certain=True,
    ),
    _tool(
        "Node.js (a global it lacks)",
        r"(?P<msg>(?:ReferenceError[:,]\s*)?(?P<name>[A-Z]\w+) is not defined\b.*"
        r"(?:hvigorfile|hvigor|node_modules|\.js\b).*)",
        "hvigor-env",
    ),
    # Node's own argument checks inside hvigor (a file it reads is missing: ``The "data" argument
    # must be of type string … Received undefined``)
    _tool(
        "hvigor's JavaScript",
        r"(?P<msg>\bERR_INVALID_ARG_(?:TYPE|VALUE)\b.*)",
        "hvigor-env",
    ),
    # the directory a process (the hvigor daemon) runs in was removed under it
    _tool(
        "Node.js (its working directory is gone)",
        r"(?P<msg>\bENOENT\b.*\buv_cwd\b.*)",
        "hvigor-env",
        True,
    ),
    # ohpm speaking of itself without ERROR (``ohpm has not been initialized yet``)
    _tool("ohpm", r"(?P<msg>\bohpm (?:has|is|was) not (?:been )?\w+.*)", "ohpm-deps"),
    # a registry's HTTP answer (``GET https://repo…/@x/y 404( Not Found )``): the file or
    # package the line names decides the class
    _tool(
        "the registry (HTTP)",
        r"(?P<msg>.*\b(?:GET|PUT|POST|HEAD)\s+https?://\S+\s*(?:-\s*)?[45]\d\d\b.*)",
        None,
    ),
    _tool("ohpm", r"\bohpm\s+(?:ERROR|ERR!?|error)\b[:：]?\s*(?P<msg>\S.*)", "ohpm-deps"),
    _tool("npm", r"\b(?:npm ERR!|ERR_PNPM_\w+:?|pnpm:?\s+ERR\w*:?)\s*(?P<msg>\S.*)", "hvigor-env"),
    _tool("the packing tool", r"BundleTool \[Error\]:?\s*(?P<msg>\S.*)", "config"),
    # Gradle (the Kotlin side of a HarmonyOS port): its message is under ``* What went wrong:``
    _tool("Gradle", r"^\*\s*What went wrong:\s*(?P<msg>.*)", None),
    _tool("restool", r"\brestool\b[^:\n]*:\s*(?:error|ERROR)?:?\s*(?P<msg>\S.*)", "config"),
    _tool(
        "the JVM",
        r"(?P<msg>(?:Exception in thread \"[^\"]*\" \S+|(?:Caused by: )?(?:java|javax|jdk|sun)\."
        r"[\w.$]+(?:Exception|Error)\b).*|Error: (?:A JNI error|Could not (?:find or load|create "
        r"the Java)|Unable to access jarfile).*|Command failed with exit code \S+:\s*java\b.*)",
        "java",
    ),
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
_LOC = re.compile(
    r"(?P<loc>(?:[A-Za-z]:)?[^\s'\"()<>,;]*[\w\-]\.(?:ets|ts|js|mjs|cpp|cc|cxx|c|hpp|h|json5?|"
    r"txt|cmake|so|har|hap|hsp|p12|p7b|cer):\d+(?::\d+)?)"
)
# a project file the message names → the class its errors belong to (only decides "possibly")
_NAMED_FILES: tuple[tuple[re.Pattern[str], str], ...] = tuple(
    (re.compile(rx, re.I), kind)
    for rx, kind in (
        (
            r"\.(?:p12|p7b|cer)\b|signingConfig|keystore|storeFile|keyAlias|(?<![A-Za-z])UDID(?![A-Za-z])|"
            r"(?<![-$:A-Za-z])profile\s*(?:验证|签名|文件|file|verif)",
            "signing",
        ),
        (
            r"oh-package(?:-lock)?\.json5|\.ohpmrc|oh_modules|\bohpm\b|\bregistr(?:y|ies)\b|"
            r"package '@[\w.-]+/",
            "ohpm-deps",
        ),
        (r"compatibleSdkVersion|targetSdkVersion|\bAPI ?\d{1,2}\b|apiVersion", "sdk-version"),
        (r"\.ets\b", "arkts-source"),
        (r"CMakeLists\.txt|\.(?:cpp|cc|c|h|hpp)\b|\.cxx\b|\blib\w+\.so\b", "native"),
        (r"hvigor-config\.json5|hvigorfile\.ts|hvigor-ohos-plugin|modelVersion", "hvigor-version"),
        (r"build-profile\.json5|module\.json5|app\.json5|\bresources?[\\/]", "config"),
        (r"DEVECO_SDK_HOME|\bsdk[\\/]", "sdk-home"),
        (r"JAVA_HOME|\bjava\b|\.jar\b|\bJDK\b", "java"),
        (r"NODE_HOME|\bnode(?:\.exe)?\b|node_modules|\bnpmrc\b", "hvigor-env"),
    )
)


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


def failed_task(text: str) -> tuple[str | None, str | None]:
    """(module, task) of the first ``Failed :module:target@Task`` in ``text``."""
    m = _FAILED_TASK.search(text)
    if m is None:
        return None, None
    return (m.group("module") or None), m.group("task")


# hvigor's aggregate tasks (``entry:assembleHap``) fail because a task under them did
_AGGREGATE = re.compile(r"^(?:assemble|build|clean|sync|init|test|gen|default)", re.I)


def _own_task(text: str) -> bool:
    """The failed task is the project's own (a hvigorfile.ts plugin registers it without the
    ``default@`` target hvigor's tasks have, and it is not one of hvigor's aggregates)."""
    m = _FAILED_TASK.search(text)
    return m is not None and m.group("target") is None and not _AGGREGATE.match(m.group("task"))


def phase_of(task: str | None) -> tuple[str | None, str | None]:
    """(class, phase in words) of a hvigor task name (None, None when no phase is known)."""
    if task:
        for rx, kind, words in PHASES:
            if rx.search(task):
                return kind, words
    return None, None


def named_kind(text: str) -> str | None:
    for rx, kind in _NAMED_FILES:
        if rx.search(text):
            return kind
    return None


_ADVICE_HEAD = re.compile(
    r"^[ \t]*(?:\d+\.[ \t]*)?[*>]?[ \t]*(?:Try(?: the following)?|Solutions?|Suggestions?|Possible "
    r"(?:solutions?|fix(?:es)?)|How to fix|Hint|Fix|解决(?:方法|方案|办法|措施)?|建议|处理(?:步骤|方法))"
    r"[ \t]*[:：][ \t]*(?P<same>.*)$",
    re.M | re.I,
)
_NUMBERED = re.compile(r"^\d+\.\s+")
_ADVICE_STOP = re.compile(
    r"Run with --(?:stacktrace|debug)|^(?:>\s*)?(?:hvigor\s+)?(?:ERROR|WARN)\b|^ohpm ERROR|^Failed :"
)


def tool_advice(text: str, start: int = 0) -> str:
    """The advice a tool prints after ``start`` (``Try the following:``, ``Solution:``,
    ``Suggestion:``, ``解决方法：`` … and the lines under it, without hvigor's standing "Run with
    --stacktrace" lines), joined; '' when there is none."""
    m = _ADVICE_HEAD.search(text, start)
    if m is None:
        return ""
    advice = [m.group("same").strip()] if m.group("same").strip() else []
    for ln in text[m.end() :].splitlines()[1:8]:
        line = _NUMBERED.sub("", ln.strip()).lstrip(">*").strip()
        if not line:
            if advice:
                break
            continue
        if _ADVICE_STOP.search(line):
            break
        advice.append(line)
    return " ".join(advice)[:300]


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
RAN_TOOL_KINDS = {
    "ohpm": "ohpm-deps",
    "java": "java",
    "node": "hvigor-env",
    "npm": "hvigor-env",
    "pnpm": "hvigor-env",
    "cmake": "native",
    "ninja": "native",
    "clang": "native",
    "hdc": "device",
    "hap-sign-tool": "signing",
}


def _wrapped(lines: list[str]) -> tuple[int, str, re.Match[str], _Tool | None] | None:
    for i, raw in enumerate(lines):
        m = _WRAPPED.search(raw) if _MAYBE_ERROR.search(raw) or "exit" in raw else None
        if m is not None:
            who = m.group("who").lower()
            return i, raw.strip(), m, _Tool(who, _WRAPPED, RAN_TOOL_KINDS.get(who), False)
    return None


# what the operating system refused (Node's errno names, the usual OS phrases): a file that cannot
# be written is the project's place, whatever tool met it
_OS_REFUSAL: tuple[tuple[re.Pattern[str], str], ...] = (
    (
        re.compile(
            r"\bENAMETOOLONG\b|[Ff]ile ?name (?:is )?too long|path too long|"
            # Windows refuses a path over MAX_PATH on a file operation with EINVAL
            r"\bEINVAL\b[^\n]*\b(?:mkdir|open|scandir|copyfile|rename|symlink|lstat|stat)\b"
        ),
        "long-path",
    ),
    (
        re.compile(
            r"\bE(?:PERM|ACCES|BUSY|ROFS)\b|[Oo]peration not permitted|[Pp]ermission denied|"
            r"[Aa]ccess is denied|[Rr]ead-only file system|[Ff]ailed to (?:delete|remove|write)"
            r" the (?:directory or )?file|being used by another process"
        ),
        "project-path",
    ),
)


def os_refusal(text: str) -> str | None:
    """The class of what the operating system refused in ``text`` (None: nothing refused); a
    project file that is not there (:func:`missing_project_file`) is the project's structure."""
    for rx, kind in _OS_REFUSAL:
        if rx.search(text):
            return kind
    return "config" if missing_project_file(text) else None


# a file the OS says is not there (Node's ``ENOENT: no such file or directory, open '<path>'``)
_NO_SUCH_FILE = re.compile(
    r"(?:\bENOENT\b|[Nn]o such file or directory)[^\n]*?['\"`‘](?P<path>[^'\"`’\n]+)['\"`’]"
)
# the files every project and module of its own has (the template's): one missing is the project's
# structure, whatever the file configures (dependencies, signing, the SDK)
_PROJECT_FILE = re.compile(
    r"(?:^|[\\/])(?:(?:oh-package|build-profile|module|app|hvigor-config)\.json5|hvigorfile\.ts)$",
    re.I,
)
# an installed package's or hvigor's own cache: not the project's files
_INSTALLED = re.compile(r"[\\/](?:oh_modules|node_modules|\.ohpm|\.hvigor|project_caches)[\\/]")


def missing_project_file(text: str) -> str | None:
    """The path of a project's own file (a module's or the root's oh-package.json5,
    build-profile.json5, module.json5, app.json5, hvigor-config.json5, hvigorfile.ts) that the OS
    says does not exist in ``text``; None for any other file (one under oh_modules, node_modules
    or hvigor's caches belongs to a package or to hvigor)."""
    m = _NO_SUCH_FILE.search(text)
    if m is None:
        return None
    path = m.group("path").strip()
    return path if _PROJECT_FILE.search(path) and not _INSTALLED.search(path) else None


# hap-sign-tool's inputs on its command line (``sign-app … -keystoreFile C:\\s\\debug.p12 …
# -profileFile C:\\s\\debug.p7b -appCertFile …``), and its own line before it opens the keystore
_SIGN_INPUT = re.compile(
    r"(?<![\w-])-(?P<opt>keystoreFile|profileFile|appCertFile)\s+(?P<path>\"[^\"\n]+\"|\S+)"
)
_KEYSTORE_LOADED = re.compile(r"(?<!\S)(?P<path>\S+\.(?:p12|jks|pfx)) is exist\b")
# what a signing error is about → the input that holds it (a password opens the keystore)
_SIGN_SUBJECTS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"key ?store|\.p12\b|password|passwd|\balias\b|storeFile", re.I), "keystoreFile"),
    (re.compile(r"profile|\.p7b\b|provision", re.I), "profileFile"),
    (re.compile(r"certificate|\bcert\b|\.cer\b", re.I), "appCertFile"),
)


def signing_input(said: str, text: str) -> str | None:
    """The file hap-sign-tool was given that a signing error is about (``said``: its code's
    meaning and message): the keystore for a keystore or password error, the profile, the
    certificate, from the tool's command line (or its "… is exist" line) in ``text``."""
    opt = next((o for rx, o in _SIGN_SUBJECTS if rx.search(said)), None)
    if opt is None:
        return None
    given = {m.group("opt"): m.group("path").strip('"') for m in _SIGN_INPUT.finditer(text)}
    if opt in given:
        return given[opt]
    loaded = _KEYSTORE_LOADED.search(text) if opt == "keystoreFile" else None
    return loaded.group("path") if loaded else None


# the project's configuration files: an error hvigor places at one (its ``at <module.json5>``
# line) is that file's, even when its words name the source file the entry points at (an
# ability's srcEntry, a page, a native library's CMakeLists.txt)
_CONFIG_PLACE = re.compile(
    r"(?:^|[\\/])(?:module|app|build-profile|oh-package|hvigor-config|main_pages|route_map|form_config)\.json5?(?::\d+){0,2}$",
    re.I,
)


def place_kind(message: str, location: str | None) -> str | None:
    """The class of the project file an error is about: the file named in ``message``
    (:func:`named_kind`), unless the error's place is a configuration file and the message only
    names a source the configuration points at (then "config")."""
    named = named_kind(message)
    if named in ("arkts-source", "native") and location and _CONFIG_PLACE.search(location):
        return "config"
    return named


def _continues(lines: list[str], i: int) -> bool:
    """The line after ``i`` continues it (CMake prints its message indented below)."""
    return i + 1 < len(lines) and bool(_CONTINUATION.match(lines[i + 1]))


def _said_below(tool: _Tool, lines: list[str], i: int) -> bool:
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
        if not ln.strip() or not _CONTINUATION.match(ln) or _ADVICE_HEAD.match(ln):
            break
        if re.match(r"^\s+at\s", ln):  # a stack frame
            break
        parts.append(ln.strip())
    return " ".join(p for p in parts if p)[:400]


_AT_FILE = re.compile(
    r"\b(?:[Aa]t [Ff]ile:\s*(?P<loc>\S+?:\d+(?::\d+)?)|At (?P<bare>\S+?\.[A-Za-z0-9]{1,6}:\d+(?::\d+)?))"
)
# a file named without a line (a resource, a profile): ``At file: D:\app\media\a-b.png``
_AT_WHOLE_FILE = re.compile(r"\b[Aa]t [Ff]ile:\s*(?P<file>\S+\.[A-Za-z0-9]{1,8})(?=[\s,;]|$)")


def _at_file(text: str) -> str | None:
    m = _AT_FILE.search(text)
    if m is not None:
        return m.group("loc") or m.group("bare")
    whole = _AT_WHOLE_FILE.search(text)
    return whole.group("file") if whole else None


# a name the module resolver could not find (``Cannot find module '@kit.X'``, ``Could not resolve
# "./a"``) or hvigor's OhmUrl (the name a module or dependency is known by) it could not resolve
_UNRESOLVED_NAME = re.compile(
    r"(?:Cannot find module|Could not resolve)\s*[‘'`\"](?P<name>[^’'`\"]+)|(?P<ohm>OhmUrl)"
)


def unresolved_module(message: str) -> str | None:
    """The module name a resolver could not find in ``message`` ("OhmUrl" when hvigor could not
    resolve a module's OhmUrl); None when the message is not about an unresolved name."""
    m = _UNRESOLVED_NAME.search(message)
    if m is None:
        return None
    return m.group("name") or "OhmUrl"


# hvigor's schema error object below its line (``{ instancePath: …, message: "must have …" }``)
_SCHEMA_MESSAGE = re.compile(r"^\s*message:\s*[\"'](?P<msg>.+?)[\"'],?\s*$", re.M)


def _schema_message(message: str, around: str) -> str:
    """``message`` with the schema error's own ``message:`` below it, when there is one."""
    m = _SCHEMA_MESSAGE.search(around)
    if m is None or m.group("msg") in message:
        return message
    return f"{message} {m.group('msg')}"[:400]


# a source file the message names without a line (``Could not resolve "x" from "a/b.ets"``)
_NAMED_SOURCE = re.compile(
    r"""["'`](?P<loc>(?:[A-Za-z]:)?[^\s"'`]*[\w\-]\.(?:ets|ts|js|mjs|cpp|cc|cxx|c|hpp|h|so|a|"""
    r"""har|hsp|json5|p12|p7b|cer))["'`]"""
)


# hvigor names the configuration file an error is about on a line of its own (``at E:\\app\\
# build-profile.json5``); ld.lld names the object that needs a symbol (``>>> referenced by
# hello.cpp:7 (C:/p/src/main/cpp/hello.cpp:7)``)
_AT_CONFIG = re.compile(r"^\s*at\s+(?P<loc>\S[^\n]*?\.json5?(?::\d+(?::\d+)?)?)\s*$", re.M)
_REFERENCED_BY = re.compile(
    r"^\s*(?:>>>\s*)?(?:referenced|defined) (?:by|at) (?P<short>\S+?:\d+)(?:\s+\((?P<loc>\S+?:\d+)\))?",
    re.M,
)
# a path the message says it happened in (``Unexpected character (1:0) in D:\\p\\x.js``)
_IN_PATH = re.compile(
    r"""\b(?:in|at|from|for|to)\s+['"`]?(?P<loc>(?:[A-Za-z]:)?[^\s'"`]*[\\/][^\s'"`]+"""
    r"""\.[A-Za-z0-9]{1,6})\b"""
)
# a tool's own number for its error (hap-sign-tool's ``code: 109``), when no 8-digit code is there
_SMALL_CODE = re.compile(r"\b(?:[Ee]rror ?)?[Cc]ode[:=]\s*(\d{3,7})\b")


def _located(text: str, around: str = "") -> str | None:
    """The place a message names: a file:line, hvigor's ``at <config file>`` line below it, the
    linker's ``referenced by``, a quoted source or build file, a path it happened in."""
    m = _LOC.search(text)
    if m is not None:
        return m.group("loc")
    for rx in (_AT_CONFIG, _REFERENCED_BY):
        m = rx.search(around)
        if m is not None:
            return m.group("loc") or m.group("short") if rx is _REFERENCED_BY else m.group("loc")
    m = _NAMED_SOURCE.search(text) or _IN_PATH.search(text)
    return m.group("loc") if m else None


# a code printed with its title (``ERROR: 10905209 ArkTS Compiler Error``, ``Error Code:
# 11204003`` then ``Error: File Resource Error``): the message is the ``Error Message:`` below
_TITLED = re.compile(
    r"^\s*(?:\d+\.?\s+)?(?:>\s*)?(?:hvigor\s+)?(?:ERROR:\s*|Error Code:\s*)?(?P<code>\d{8})\b"
    r"(?:\s+(?P<title>[A-Z][\w ]*?))?\.?\s*$"
)
_HAS_CODE = re.compile(r"\d{8}")
_MESSAGE_LINE = re.compile(r"^\s*(?:\d+\.?\s+)?(?:Error Message|Error|Message):\s*(?P<msg>\S.*)$")
# the compilers' code ranges (the first three digits): ArkTS (105), its linter (106), es2abc
# (107), the ArkUI checks (109): their errors are the code's, whatever the phase
COMPILER_RANGES = {
    "105": "the ArkTS compiler",
    "106": "the ArkTS linter",
    "107": "the bytecode compiler (es2abc)",
    "109": "the ArkUI compiler checks",
}
_TITLE_KINDS: tuple[tuple[re.Pattern[str], str, str, bool], ...] = (
    (
        re.compile(r"ArkTS|Compiler Error|Syntax Error|Type Error"),
        "arkts-source",
        "the ArkTS compiler",
        True,
    ),
    (re.compile(r"Resource"), "config", "restool", False),
)


# a path in a message (``D:\\My_ArkTS_App\\entry\\oh-package.json5``): its folder names are the
# developer's, never a tool's title
_PATH_TOKEN = re.compile(r"\S*[\\/]\S*")


# every tool line above holds one of these: a line without them is skipped unread
_MAYBE_ERROR = re.compile(
    r"(?i:error|err\b|err!|ERR_|exception|failed|failure|cannot read propert|is not a function|"
    r"is not defined|undefined (?:symbol|reference)|not (?:been )?accepted|not within|SDK_HOME|sdk\.dir|"
    r"bad cpu type|<ArkTS|unreachable|assertion|locally, but|exported member|cannot find|"
    r"does not exist on|not assignable|must have|importing arkts|OhmUrl|could not resolve|"
    r"must not have|mandatory|uv_cwd|went wrong|ohpm (?:has|is|was) not|ArkTS:WARN|https?://\S+\s*(?:-\s*)?[45]\d\d\b)|\(arkts-|\bE[A-Z]{3,}:|^\s*Cause:|错误|失败"
)


# a line that is only a title (``Resource Pack Error``, ``Error Code: 00308018 Unknown Error``)
_TITLE_ONLY = re.compile(
    r"^(?:Error Code:\s*)?(?:\d{8}\s+)?(?:[A-Z]\w* )*(?:Error|Violation|Failed|Exception)\.?\s*$"
)


_ERROR_WORDS = (
    "error",
    "err!",
    "err_",
    "exception",
    "fail",
    "(arkts-",
    "cause:",
    "错误",
    "失败",
    "cannot read propert",
    "is not a function",
    "is not defined",
    "undefined symbol",
    "undefined reference",
    "accepted",
    "not within",
    "sdk_home",
    "sdk.dir",
    "bad cpu type",
    "<arkts",
    "unreachable",
    "assertion",
    "locally, but",
    "exported member",
    "cannot find",
    "does not exist on",
    "not assignable",
    "must have",
    "importing arkts",
    "ohmurl",
    "could not resolve",
    "must not have",
    "mandatory",
    "uv_cwd",
    "went wrong",
    "not been",
    "arkts:warn",
    "https://",
)
_ERRNO = re.compile(r"\bE[A-Z]{3,}:")


def _maybe_error(text: str) -> bool:
    """Whether any line of ``text`` can be an error line (cheap: words, then Node's errno)."""
    lower = text.lower()
    return any(w in lower for w in _ERROR_WORDS) or _ERRNO.search(text) is not None


def _titled_by(line: str) -> _Tool | None:
    """The tool a title line above a message names (``hvigor ERROR: Resource Pack Error``)."""
    title = _GENERIC.match(line)
    if title is None or not _TITLE_ONLY.match(title.group("msg")):
        return None
    for rx, kind, tool, certain in _TITLE_KINDS:
        if rx.search(title.group("msg")):
            return _Tool(tool, _GENERIC, kind, certain)
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
        for rx, kind, tool, certain in _TITLE_KINDS:
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
    m = _FAILED_TASK.search(text)
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


# the old ArkTS format's place on the line above a message (``WARN: ArkTS:WARN File: a.ets:3:4``)
_PLACE_ABOVE = re.compile(
    r"(?:Ark)?(?:TS|ETS):(?:ERROR|WARN(?:ING)?)\s*File:\s*(?P<loc>\S+?:\d+(?::\d+)?)\s*$"
)


def place_above(lines: list[str], i: int) -> str | None:
    m = _PLACE_ABOVE.search(lines[i - 1]) if i > 0 else None
    return m.group("loc") if m else None


def _loose(lines: list[str]) -> tuple[int, str, re.Match[str], _Tool | None] | None:
    for i, raw in enumerate(lines):
        m = _LOOSE.search(raw) if _MAYBE_ERROR.search(raw) else None
        if m is not None and not _NARRATION.match(m.group("msg")):
            return i, raw.strip(), m, None
    return None


def read_tool_error(text: str) -> ToolError | None:
    """The first error a known tool prints in ``text`` (else the first generic error line that is
    not narration), with the failed task's phase; None when the text holds no error line."""
    if not _maybe_error(text):
        return None  # no line of it can be an error (a log of progress lines only)
    lines = text.splitlines()
    module, task = failed_task(text)
    phase_kind, phase = phase_of(task)
    if phase_kind is None and _own_task(text):
        phase_kind, phase = "hvigor-task", f"the project's own hvigor task {task}"
    titled = _titled(lines)
    if titled is not None:
        i, code, name, msg, kind, certain = titled
        j = next(k for k in range(i + 1, min(i + 4, len(lines))) if msg in lines[k])
        message = _message(lines, j, msg)
        pos = sum(len(ln) + 1 for ln in lines[:i])
        location = _at_file(message) or _located(message, "\n".join(lines[i : i + 6]))
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
    found: tuple[int, str, re.Match[str], _Tool | None] | None = None
    fallback: tuple[int, str, re.Match[str], _Tool | None] | None = None
    for i, raw in enumerate(lines):
        line = raw.strip()
        if not line or len(line) > 2000 or _MAYBE_ERROR.search(line) is None:
            continue
        for tool in TOOLS:
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
        if found is not None:
            break
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
    location = location or _at_file(message) or _located(message, around) or _at_file(around)
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


# the places a tool's message names without a line, in the words tools use: hvigor's ``At file:``
# (also lower-case, ``Schema validate failed, at file: build-profile.json5``), Gradle's ``Build
# file 'X' line: N``, ohpm's ``required by name@<path>`` (the package whose oh-package.json5 asks
# for the missing one), a path that ``does not exist`` / ``is not found``, a path after a colon
# ending the message (``Current path does not match: /home/u/桌面/app``)
_NAMED_PLACES: tuple[re.Pattern[str], ...] = (
    re.compile(r"\b[Aa]t [Ff]ile:\s*(?P<loc>[^\s,;]+)"),
    # a path alone on the line after the message (``at D:\\app\\build-profile.json5.``, restool's
    # ``at F:\\app\\media\\a-b.jpg``); not a script stack frame (a line number, a .js file)
    re.compile(
        r"^[ \t]*at (?P<loc>(?:[A-Za-z]:)?[\\/](?:[^\s():\\/]+[\\/])+[^\s():\\/]+"
        r"\.(?!m?js\b|cjs\b)\w{1,6})\.?[ \t]*$",
        re.M,
    ),
    re.compile(r"\bBuild file '(?P<loc>[^'\n]+)' line: (?P<line>\d+)"),
    re.compile(
        r"\brequired by (?:@[\w.-]+/)?[^\s@]+@(?P<loc>(?:[A-Za-z]:)?[\\/]\S+?\.(?:har|hsp|json5))\b"
    ),
    re.compile(
        r"(?<![\w\\/.~<>-])(?P<loc>(?:[A-Za-z]:|\.{2,3}|~|<\w+>|\w+)?[\\/]+"
        r"(?:[^\s'\"`\\/]+[\\/]+)+[^\s'\"`\\/]+\.\w{1,6})"
        r"[\s'\"`]*(?:does not exist|is not found|not found|is lost|is missing)\b"
    ),
    re.compile(r"\bdoes not match:\s*(?P<loc>(?:[A-Za-z]:)?[\\/]\S[^\n]*?)\s*$", re.M),
    # the full path after what could not be found (``Can not find build config file
    # build-profile.json5 at 'm'. D:\\p\\m\\src\\build-profile.json5``)
    re.compile(
        r"\b(?:[Cc]an ?not|[Cc]ould not|[Uu]nable to) (?:find|locate)\b[^\n]*?"
        r"(?<![\w\\/.~<>-])(?P<loc>(?:[A-Za-z]:|\.{2,3}|~)?[\\/]+(?:[^\s'\"`\\/]+[\\/]+)+"
        r"[^\s'\"`\\/]+\.\w{1,6})(?=[\s'\"`.,;)]|$)"
    ),
)
# lines that can say a place: an error's own words
_PLACE_WORDS = re.compile(
    r"(?i:error|fail|not found|not exist|is lost|missing|not match|can ?not|could not|invalid)|"
    r"\bBuild file '|\b[Aa]t [Ff]ile:\s*\S"
)


def named_place(text: str) -> str | None:
    """The first place an error line of ``text`` names in one of the tools' words
    (:data:`_NAMED_PLACES`), or a quoted source file, library or path it names; None when no
    error line names one."""
    lines = text.splitlines()
    for i, raw in enumerate(lines):
        if len(raw) > 2000 or _PLACE_WORDS.search(raw) is None:
            continue
        around = raw if i + 1 >= len(lines) else f"{raw}\n{lines[i + 1]}"
        for rx in _NAMED_PLACES:
            m = rx.search(around)
            if m is not None:
                line = m.groupdict().get("line")
                loc = m.group("loc").rstrip(".,;")
                return f"{loc}:{line}" if line else loc
        m = _QUOTED_PLACE.search(raw)
        if m is not None:
            return m.group("loc")
    return None


# a quoted path of a source file, library or script (``from "entry/src/test/a.test.ets"``,
# ``Failed to load the library '<sdk>/lib/x.dylib'``, ``Cannot find module 'C:\\p\\hvigorw.js'``):
# rollup's importer comes after the module it could not resolve, which has no extension
_QUOTED_PLACE = re.compile(
    r"""["'`‘](?P<loc>(?:[A-Za-z]:)?[^\s"'`’]*[\w\-]\.(?:ets|ts|js|mjs|cjs|cpp|cc|cxx|c|hpp|h|"""
    r"""so|dylib|dll|a|har|hsp|json5|p12|p7b|cer|kts|gradle))["'`’]"""
)
