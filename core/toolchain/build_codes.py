"""What the build tools' and DevEco's (run/debug, test, Profiler) error codes mean and how to fix
them: data.

The doctor (:mod:`hmdesk.core.toolchain.doctor`) reads these tables; nothing here runs or parses.

* :data:`BUILD_CODES`: the 8-digit codes hvigor, ohpm and DevEco (run/debug, tests, Profiler)
  print (``> hvigor ERROR: 00306003 Specification Limit Violation``, ``ohpm ERROR: … Error:
  00617101 Fetch Pkg Info Failed``, ``Error code: 00401005``),
  each with the finding's kind, its meaning and the fix. A fix may name what the log names:
  ``{message}`` (the ``Error Message:`` text), ``{path}`` (a path in it), ``{package}`` (an ohpm
  package), ``{task}`` (a task name).
  The ``00306xxx`` codes are all titled "Specification Limit Violation" but mean different
  things (a path too long, a non-ASCII path, a duplicated ``.so``, a task that needs ``--mode
  project``, a bytecode HAR); only ``00306004``/``00306042`` are about SDK versions.
* :data:`CODE_FAMILIES`: what a code the table does not know means by its range (``00308xxx``
  an operation hvigor runs, ``00302xxx`` a hvigor script, ``006xxxxx`` ohpm).
* :data:`WRAPPER_CODES`: codes that only say that another tool failed (``00306053`` "ohpm install
  failed"); when the log also prints the other tool's code, that code is the cause.
* :data:`FIELD_HOMES`: build-profile.json5 fields the schema rejects where they are often put,
  and where each belongs; :data:`PLUGIN_EVAL_STEP`: a JavaScript error
  while hvigor evaluates the project's configuration is a plugin's.

Sources: the hvigor/ohpm messages and their "Try the following" hints in the real logs of
``tests/data/real_logs`` and the official FAQ pages they came from (faqs-compiling-and-building-*,
faqs-development-environment-22). The ArkTS linter's rules are in :mod:`.arkts_rules`.
"""

from __future__ import annotations

from typing import NamedTuple

from hmdesk.core.toolchain.hdc.deveco_debug_codes import DEVECO_DEBUG_CODES
from hmdesk.core.toolchain.hdc.deveco_profiler_codes import DEVECO_PROFILER_CODES
from hmdesk.core.toolchain.hdc.deveco_test_codes import DEVECO_TEST_CODES
from hmdesk.core.toolchain.hvigor_codes import HVIGOR_CODES
from hmdesk.core.toolchain.ohpm_codes import OHPM_CODES
from hmdesk.core.toolchain.packing_codes import PACKING_CODES
from hmdesk.core.toolchain.restool_codes import RESTOOL_CODES
from hmdesk.core.toolchain.signing_codes import SIGNING_CODES


class CodeInfo(NamedTuple):
    kind: str  # a FindingKind
    meaning: str
    fix: str
    # a regex of the message, for logs that print it without the code (older hvigor, a title
    # copied into an issue): the code's meaning and fix then still apply
    says: str = ""


BUILD_CODES: dict[str, CodeInfo] = {
    # ---- hvigor configuration
    "00303217": CodeInfo(
        "sdk-home",
        "Invalid value of DEVECO_SDK_HOME",
        "DEVECO_SDK_HOME is missing or wrong: set it to <DevEco Studio>/sdk (or "
        "command-line-tools/sdk) as a native path — the DevEco terminal sets it, bare shells "
        "do not — then build again.",
    ),
    "00303168": CodeInfo(
        "sdk-missing",
        "SDK component missing",
        "The SDK is incomplete or the wrong one: install the missing components in DevEco's SDK "
        "manager, point DEVECO_SDK_HOME at `sdk` (not `sdk/default`), use the HarmonyOS SDK for a "
        "HarmonyOS project, and keep compatibleSdkVersion ≤ the installed SDK.",
    ),
    "00303038": CodeInfo(
        "config",
        "Schema validate failed",
        "A field in module.json5 / build-profile.json5 fails the schema (e.g. deviceTypes): "
        "fix the field named after 'instancePath' in the file at the location.",
    ),
    "00303116": CodeInfo(
        "signing",
        "storePassword or keyPassword shorter than 32",
        "build-profile.json5 keeps the signing passwords encrypted (DevEco writes them, 32+ "
        "characters); a plain-text password is refused. Clear signingConfigs and let DevEco make "
        "them again (File > Project Structure > Signing Configs), or build unsigned and sign with "
        "hap-sign-tool, which takes plain passwords.",
    ),
    "00303148": CodeInfo(
        "config",
        "Hvigorfile not found",
        "A module has no hvigorfile.ts: restore it (DevEco template) or run hvigorw from the "
        "project root.",
        says=r"Hvigorfile not found",
    ),
    "00303149": CodeInfo(
        "config",
        "Path not found",
        "A module path hvigor reads does not exist: check modules[].srcPath in the project's "
        "build-profile.json5 against the folders on disk (also their upper/lower case, and "
        "that .gitignore did not drop the module folder). {message}",
        says=r"Path not found: [^\n]*check field: '?modules'?",
    ),
    "00303028": CodeInfo(
        "hvigor-version",
        "Unsupported modelVersion",
        "The project needs a newer hvigor than the installed one: update DevEco Studio / "
        "Command Line Tools, or lower modelVersion in oh-package.json5 and hvigor-config.json5.",
    ),
    "00303074": CodeInfo(
        "signing",
        "bundleName does not match the signing profile",
        "The bundleName in AppScope/app.json5 differs from the one in the signing profile "
        "(.p7b): regenerate the signature for this bundleName (File > Project Structure > "
        "Signing Configs > Automatically generate signature) or set bundleName back.",
        says=r"bundleName in app\.json5/hvigorfile\.ts does not match\s+the bundleName in the "
        r"generated SigningConfigs|BundleName in the project configuration does not match",
    ),
    "00302018": CodeInfo(
        "config",
        "a module named on the command line is not in the project",
        "The command line (or the run configuration) names a module that the modules field of the "
        "project-level build-profile.json5 does not declare ('' is no name at all): add the "
        "module there (name and srcPath), or pass a declared one (-p module=<name>@<target>). "
        "{message}",
        says=r"Unknown module '[^'\n]*' in the command line",
    ),
    "00303034": CodeInfo(
        "config",
        "compileSdkVersion required",
        "An OpenHarmony project needs compileSdkVersion in build-profile.json5: add it "
        "(products[].compileSdkVersion).",
    ),
    "00304004": CodeInfo(
        "hvigor-env",
        "hvigor's configuration file not found",
        "hvigor was run outside the project root, or the project lacks hvigor/"
        "hvigor-config.json5: cd to the project root (the directory that holds hvigor/"
        "hvigor-config.json5 and build-profile.json5) and run hvigorw there; restore the file "
        "from DevEco's template if it is missing. {message}",
        says=r"Hvigor config file [^\n]*? does not exist",
    ),
    # ---- "Specification Limit Violation": one title, several causes
    "00306001": CodeInfo(
        "long-path",
        "a path is longer than Windows allows (259 characters)",
        "Move the project to a short path (e.g. C:\\p or D:\\work\\app) or shorten module names; "
        "subst/junctions do not help because hvigor resolves the real path.",
        says=r"length of (?:the )?path exceeds the maximum length",
    ),
    "00306003": CodeInfo(
        "project-path",
        "the project path has characters hvigor does not accept",
        "Move the project to a path with only ASCII letters, digits, '-', '_', '.', '()', "
        "spaces or '@' (no Chinese or other non-ASCII characters).",
        says=r"Invalid project path\b",
    ),
    "00306004": CodeInfo(
        "sdk-version",
        "compatibleSdkVersion lower than a dependency's",
        "compatibleSdkVersion is lower than a dependency's: raise it in build-profile.json5 "
        "(products[].compatibleSdkVersion) or use an older dependency. {message}",
    ),
    "00306042": CodeInfo(
        "sdk-version",
        "compatibleSdkVersion not supported",
        "compatibleSdkVersion in build-profile.json5 does not fit the SDK or a dependency: "
        "fix products[].compatibleSdkVersion. {message}",
    ),
    "00306046": CodeInfo(
        "config",
        "bytecode HARs need normalized OHM URLs",
        "A bytecode HAR needs useNormalizedOHMUrl: set "
        "products[].buildOption.strictMode.useNormalizedOHMUrl to true in the project's "
        "build-profile.json5.",
        says=r"Bytecode HARs: [^\n]*not supported when useNormalizedOHMUrl is not true",
    ),
    "00306049": CodeInfo(
        "native",
        "the same native library is packed twice",
        "Two copies of the same .so would be packed: delete the one in libs/<abi>/ when CMake "
        "already builds it (or import it in CMake instead of adding it), or choose one with "
        "nativeLib.filter.pickFirsts in build-profile.json5. Duplicate: {path}",
    ),
    "00306053": CodeInfo(
        "ohpm-deps",
        "ohpm install failed",
        "The dependency install hvigor ran failed: run `ohpm install --all` in the project root "
        "to see ohpm's own error; on Windows run it from PowerShell or the DevEco terminal, not "
        'Git Bash (BATCH RECURSION), then build clean. When ohpm says a module "configed in" a '
        "file does not exist, the srcPath that file gives the module does not lead to its folder "
        "(count the ../ from the file's own directory); .hvigor/dependencyMap/dependencyMap.json5 "
        "is generated: fix the srcPath it was generated from, or delete .hvigor and sync again.",
    ),
    "00306054": CodeInfo(
        "hvigor-task",
        "the task does not exist in this mode",
        "hvigor has no task {task} here: project-level tasks (assembleApp) need `--mode project` "
        "instead of `--mode module`; a custom task must be registered in the hvigorfile.ts of "
        "the project or module.",
    ),
    # ---- bundling / compiling
    "00305015": CodeInfo(
        "rollup",
        "Rollup Error",
        "A bundling/syntax error (Rollup): open the file:line shown; often a .ts/.js syntax "
        "error or a bad import. Rollup says: {message}",
        says=r"\bRollup Error\b",
    ),
    "10505001": CodeInfo(
        "arkts-source",
        "ArkTS Compiler Error",
        "An ArkTS compile error: fix the code at the location: {message}",
    ),
    "10903329": CodeInfo(
        "arkts-source",  # hvigor files it under "ArkTS Compiler Error"
        "Unknown resource name",
        "A $media/$string/$color/$profile reference names a resource this module does not have "
        "(an ohosTest source set has its own: src/ohosTest/resources/base): add it (string.json, "
        "color.json, media/<name>.png) or fix the name: {message}",
    ),
    # the bytecode compiler's (es2abc) own codes (its error-code page)
    "10705000": CodeInfo(
        "arkts-source",
        "es2abc Syntax Error",
        "The bytecode compiler cannot parse the file at the place named: fix the syntax there "
        "(a missing bracket or keyword, a misspelling, wrong nesting); a newer language feature "
        "needs a compiler (SDK) that supports it; encryption software that rewrites files' "
        "encoding must be off while building. es2abc says: {message}",
    ),
    "10706001": CodeInfo(
        "arkts-source",
        "es2abc cannot make a patch of this change",
        "The change cannot be compiled as a patch (hot reload / incremental patch mode): module-"
        "level variables were added, removed or renamed, a function removed or a variable "
        "declared again, or the imports/exports changed. Undo that kind of change while "
        "patching, or do a full build (run again instead of hot reload). {message}",
        says=r"Found unsupported change in file, failed to generate patch abc",
    ),
    # ---- packing (the packing tool, BundleTool)
    "10016016": CodeInfo(
        "config",
        "Check file size failed",
        "A module is over the packing tool's size limit (2048KB a module of an atomic service): "
        "reduce its size (move resources out, split it, load on demand): {message}",
        says=r"\bCheck file size failed\b",
    ),
    # ---- ohpm
    "00617101": CodeInfo(
        "ohpm-deps",
        "Fetch Pkg Info Failed",
        "{package} is not in the registry: check the name and version in oh-package.json5 "
        "(@ohos/hvigor-ohos-plugin and @ohos/hvigor are not ohpm packages: they come with "
        "DevEco Studio's / the Command Line Tools' hvigor, declared in hvigor-config.json5 — "
        "remove them from dependencies), then `ohpm install`; behind a proxy check .ohpmrc.",
    ),
    "00617202": CodeInfo(
        "ohpm-deps",
        "Fetch Local Package Failed",
        "A local dependency does not exist: build that HAR first or fix its path in "
        "oh-package.json5. Missing: {path}. A path in a Flutter plugin's checkout under the "
        "pub cache (.pub-cache) is a stale or wrong plugin version that lacks the file: clear "
        "that checkout (`flutter pub cache clean`, or delete its folder), point the plugin's "
        "git ref in pubspec.yaml (or dependency_overrides) at a version that has it, and run "
        "`flutter pub get` again.",
        says=r"Fetch local package error",
    ),
    "00622008": CodeInfo(
        "ohpm-deps",
        "Forbidden Install Error",
        "The project-level oh-package.json5 has a parameterFile, so `ohpm install <name>` is "
        "refused: declare the dependency in oh-package.json5 with its version in the "
        "parameterFile, then run `ohpm install` without a package name.",
    ),
    "00618005": CodeInfo(
        "ohpm-deps",
        "Invalid Dependency",
        "A dependency is declared wrongly: {message} Rename or remove it in oh-package.json5.",
    ),
    "00625003": CodeInfo(
        "ohpm-deps",
        "File Not Exist",
        "A file a dependency points at does not exist: {path}. Build or download it (for "
        "Flutter: run flutter build once so the engine HAR is made), or fix the path in "
        "oh-package.json5.",
    ),
}

# the documented codes of hvigor, ohpm, restool, the signature tool, the packing tool and DevEco's
# run/debug, test framework and Profiler (:mod:`.hvigor_codes`, :mod:`.ohpm_codes`,
# :mod:`.restool_codes`, :mod:`.signing_codes`, :mod:`.packing_codes`, :mod:`.hdc.deveco_debug_codes`, :mod:`.hdc.deveco_test_codes`,
# :mod:`.hdc.deveco_profiler_codes`: the error-code pages), each with its meaning, message and
# steps; the entries above word theirs from real logs and win
_DEVECO = (DEVECO_DEBUG_CODES, DEVECO_TEST_CODES, DEVECO_PROFILER_CODES)
_PAGES = (HVIGOR_CODES, OHPM_CODES, RESTOOL_CODES, SIGNING_CODES, PACKING_CODES, *_DEVECO)
BUILD_CODES.update(
    {c: CodeInfo(*row) for p in _PAGES for c, row in p.items() if c not in BUILD_CODES}
)
# the codes whose message regex is a page's words, not a real log's: read only where nothing said
# more, on the lines that say "error" (DevEco's Run window prints its messages alone: read above)
DOCUMENTED_CODES = frozenset({*HVIGOR_CODES, *RESTOOL_CODES, *PACKING_CODES})

# codes that only report that another tool failed: its own code, when printed, is the cause
WRAPPER_CODES = frozenset({"00306053"})

# a JavaScript error thrown while hvigor evaluates the project's configuration (its stack in
# ``evaluateHvigorConfig`` / the hvigorfile): the code that failed is a plugin hvigorfile.ts
# loads, reading an input of its own, not a command hvigor runs
PLUGIN_EVAL_STEP = (
    "The error is thrown while hvigor evaluates the project's configuration (evaluateHvigorConfig): "
    "by a plugin that hvigorfile.ts loads (hvigor-config.json5 dependencies), reading an input "
    "of its own that is missing or of another shape. Check that plugin and its input files; "
    "for flutter-hvigor-plugin (Flutter for OpenHarmony) the input is "
    ".flutter-plugins-dependencies: run `flutter pub get` with the OpenHarmony Flutter SDK "
    "(the upstream Flutter drops its 'ohos' key). After changing a plugin stop the hvigor "
    "daemon (`hvigorw --stop-daemon`): it keeps the old code loaded."
)

# build-profile.json5 fields hvigor's schema rejects where they are often put (a module's
# build-profile.json5 has no strictMode and no SDK versions), and where each belongs (the DevEco
# Studio build-profile.json5 reference); :data:`FIELD_HOMES` names the place in a schema finding
_PROJECT_PRODUCTS = "the project-level build-profile.json5, in app.products[]"
_STRICT_MODE = (
    "the project-level build-profile.json5, under app.products[].buildOption.strictMode "
    '(e.g. "strictMode": { "useNormalizedOHMUrl": true })'
)
FIELD_HOMES: dict[str, str] = {
    "useNormalizedOHMUrl": _STRICT_MODE,
    "caseSensitiveCheck": _STRICT_MODE,
    "compatibleSdkVersion": _PROJECT_PRODUCTS,
    "targetSdkVersion": _PROJECT_PRODUCTS,
    "compileSdkVersion": _PROJECT_PRODUCTS,
    "signingConfig": f"{_PROJECT_PRODUCTS} (naming one of app.signingConfigs)",
}

# hvigor's and ohpm's code ranges (the ide-hvigor-errorcode-003xx pages, ohpm's 006xxxxx): for a
# code the table above does not know, the kind its range means and the first step; the finding
# adds the tool's own message, the lines before the code and its "Try the following" advice.
CODE_FAMILIES: dict[str, tuple[str, str, str]] = {
    "00302": (
        "hvigor-env",
        "hvigor script error",
        "A hvigor script failed: the project's hvigorfile.ts, a hvigor plugin or a lifecycle hook "
        "(plugins come from hvigor-config.json5). Run with --stacktrace (or set "
        "debugging.stacktrace in hvigor-config.json5) to see the failing line.",
    ),
    "00303": (
        "config",
        "hvigor configuration error",
        "A project configuration value is wrong (build-profile.json5, module.json5, app.json5, "
        "oh-package.json5 or hvigor-config.json5): fix what the message names.",
    ),
    "00304": (
        "config",
        "a file hvigor needs was not found",
        "A file hvigor needs is missing: restore it (DevEco's template has every module file) or "
        "fix the path that names it.",
    ),
    "00306": (
        "config",
        "specification limit violation",
        "The project breaks a build rule: change what the message names.",
    ),
    "00308": (
        "hvigor-env",
        "hvigor operation error: a command hvigor runs failed",
        "A command hvigor runs while it sets itself up failed (node, pnpm/npm installing the "
        "hvigor-config.json5 dependencies, java): its own error is printed around the code. "
        "When that error is a JavaScript error inside hvigor itself (an argument 'Received "
        "undefined', a TypeError), it is a bug of this toolchain version: run with --stacktrace "
        "to see where, then update (or go back to) another DevEco Studio / hvigor version. "
        "pnpm's own code says which (hvigor's 00308002 page): ERR_PNPM_FETCH_404, the package "
        "is not in the registry (a misspelt name, not published there); "
        "ERR_PNPM_NO_MATCHING_VERSION, not that version (`pnpm view <pkg> versions`; for "
        "@ohos/hvigor-ohos-arkui-x-plugin take a new ArkUI-X template project's version); "
        "ERR_PNPM_META_FETCH_FAIL or ETIMEDOUT, the registry in .npmrc is unreachable (its "
        "address, a proxy, a firewall); ERR_PNPM_NO_OFFLINE_META, the offline packages were not "
        "copied whole; CERT_HAS_EXPIRED, the registry's certificate expired (another registry).",
    ),
    # the signature tool's ranges (hapsigntool-errorcode.md): 1101xxxx its parameters, files,
    # certificates, keys, signatures and packages; 111xxxxx code signing
    "110": (
        "signing",
        "signature tool error",
        "The signature tool (hap-sign-tool, which DevEco's SignHap runs) failed: check the "
        "signingConfigs in build-profile.json5 (storeFile, storePassword, keyAlias, keyPassword, "
        "certpath, profile, signAlg) against what the tool's message names.",
    ),
    "111": (
        "signing",
        "code signing error",
        "Code signing of the package failed: the tool's message names the file; sign again with "
        "a current DevEco Studio / hap-sign-tool.",
    ),
    "006": (
        "ohpm-deps",
        "ohpm error",
        "ohpm failed: fix what its message names (oh-package.json5, the registry in .ohpmrc).",
    ),
}
