"""The build tools whose own error lines :mod:`hmdesk.core.toolchain.tool_errors` reads: each
tool's line (:data:`TOOLS`: clang/ld.lld/CMake/ninja, ohpm, npm/pnpm, hap-sign-tool, the packing
tool, restool, a JVM, the ArkTS compiler, hvigor's own checks …), the class it names by itself and
whether its line decides the class; the compilers' code ranges (:data:`COMPILER_RANGES`), the
titles hvigor prints above a message (:data:`TITLE_KINDS`) and the tools a wrapper says it ran
(:data:`RAN_TOOL_KINDS`). One table, read in order, most specific first."""

from __future__ import annotations

import re
from dataclasses import dataclass

from hmdesk.core.toolchain.prefilter import Need, required

_SRC = r"(?:[A-Za-z]:)?[^\s:'\"()]*?\.(?:c|cc|cpp|cxx|c\+\+|h|hh|hpp|hxx|inl|m|mm|s|S)"


@dataclass(frozen=True)
class Tool:
    name: str
    pattern: re.Pattern[str]
    kind: str | None  # the class the tool names by itself (None: the phase decides)
    certain: bool  # the tool's own line decides the class
    fallback: bool = False  # only when no other tool's line is in the text (ninja's FAILED)
    # the literals a line the pattern matches holds (:mod:`.prefilter`; None: not known)
    need: Need | None = None


def _tool(
    name: str, rx: str, kind: str | None, certain: bool = False, fallback: bool = False
) -> Tool:
    pattern = _anchored(rx)
    return Tool(name, re.compile(pattern), kind, certain, fallback, required(pattern))


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
TOOLS: tuple[Tool, ...] = (
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
    # sdkmgr / ohsdkmgr (the Command Line Tools' SDK manager) asking the SDK server for its list
    # or a component (faqs-development-environment-11)
    _tool(
        "the SDK manager (its request to the SDK server)",
        r"(?P<msg>.*\bFailed to request URL\b.*(?:/sdkmanager/|getSdkList|\.hicloud\.com).*)",
        "network",
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
    # the TypeScript checker's phrases printed without header or code (copied from the editor;
    # its syntax errors' steps: compiler_messages.py)
    _tool(
        "the TypeScript checker",
        r"(?P<msg>.*?(?:declares [‘'`]?\S+?[’'`]? locally, but it is not exported|has no exported "
        r"member|Cannot find name [‘'`]|Property [‘'`]\S+[’'`] does not exist on type|is not "
        r"assignable to (?:parameter of |the same property in base )?type|is not exported from Kit "
        r"[‘'`]|custom component must have a|Importing ArkTS "
        r"files (?:to|into) JS|Unterminated (?:string|template|regular expression) literal"
        r"|Declaration or statement expected|Invalid character\.|Merge conflict marker "
        r"encountered).*)",
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


# the tool a wrapper (flutter, uni-app's CLI, hvigor's "Command failed") says it ran → its class
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

# the compilers' code ranges (the first three digits): ArkTS (105), its linter (106), es2abc
# (107), the ArkUI checks (109): their errors are the code's, whatever the phase
COMPILER_RANGES = {
    "105": "the ArkTS compiler",
    "106": "the ArkTS linter",
    "107": "the bytecode compiler (es2abc)",
    "109": "the ArkUI compiler checks",
}
TITLE_KINDS: tuple[tuple[re.Pattern[str], str, str, bool], ...] = (
    (
        re.compile(r"ArkTS|Compiler Error|Syntax Error|Type Error"),
        "arkts-source",
        "the ArkTS compiler",
        True,
    ),
    (re.compile(r"Resource"), "config", "restool", False),
)
