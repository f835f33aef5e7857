"""The signatures read from a build tool's message text, and the warnings that decide only when
nothing else matched."""

from __future__ import annotations

from hmdesk.core.toolchain.finding import FindingKind
from hmdesk.core.toolchain.hvigor_messages import (
    HVIGOR_FILE_SIGNATURES,
    HVIGOR_PACKAGE_SIGNATURES,
    HVIGOR_VERSION_SIGNATURES,
)
from hmdesk.core.toolchain.install_messages import HDC_FILE_SIGNATURES, INSTALL_SIGNATURES
from hmdesk.core.toolchain.native_build_messages import (
    NATIVE_BUILD_SIGNATURES,
    NATIVE_COMPILE_SIGNATURES,
    NATIVE_TOOLCHAIN_SIGNATURES,
)
from hmdesk.core.toolchain.package_messages import DEPENDENCY_SIGNATURES, REGISTRY_SIGNATURES
from hmdesk.core.toolchain.signature import Signature

# a device path Git Bash rewrote, as hdc's file transfer and aa test print it: (kind, pattern)
_GIT_BASH_PATHS: tuple[tuple[FindingKind, str], ...] = (
    ("hdc", r"path:\s*[A-Za-z]:/Program Files/Git/(?:data|system|storage)/"),
    ("launch", r"Cannot find module '[^'\n]*[A-Za-z]:/Program Files/Git/"),
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
    # DevEco's check of the bundle name it signs or registers (automatic signing, AGC): the
    # rule's text alone, printed for an empty name as for a malformed one
    # (faqs-signature-service-21: AppScope/app.json5 ignored, the name read as empty)
    Signature(
        "config",
        (
            r"bundle name contains 7 to 128 characters",
            r"at least three segments separated by periods",
        ),
        "The bundle name DevEco read breaks its rule (7 to 128 characters, letters, digits and "
        "underscores, starting with a letter, at least three segments separated by periods). "
        "Check bundleName in AppScope/app.json5; when it is right, DevEco did not read the "
        "file: it may be ignored (Settings > Editor > File Types, ignored files; a .gitignore'd "
        "or excluded AppScope), so remove app.json5 from what is ignored, sync, and sign again.",
        meaning="the bundle name is empty or breaks the naming rule",
        terms=("bundleName", "app.json5", "signing", "bundle name"),
    ),
    # restool refusing a folder of resources/base (or a qualifier's folder) it does not know
    Signature(
        "config",
        (
            r"'(?P<location>[^'\n]*[\\/]resources[\\/][^'\n]*)', invalid directory name "
            r"'(?P<name>[^'\n]+)', must in \[(?P<dirs>[^\]\n]*)\]",
        ),
        "restool does not know the resource folder '{name}' ({location}): under resources/base "
        "(and each qualifier's folder) only these hold resources: {dirs}. Move its files into "
        "one of them and delete the folder (the Stage model has no layout folder: ArkUI builds "
        "the UI in code, and raw files go in resources/rawfile).",
        meaning="restool: an unknown resource folder",
        terms=("restool", "resources", "element", "media"),
    ),
    # restool finding a file where it reads only folders: resources/ holds base, rawfile,
    # resfile and the qualifiers' folders, and each of those (but rawfile, resfile) holds
    # element, media, profile… folders, never a file of its own
    Signature(
        "config",
        (
            r"'(?P<location>[^'\n]*[\\/]resources[\\/](?:[^'\n\\/]+[\\/])?[^'\n\\/]+)' "
            r"not directory\b",
        ),
        "restool found the file {location} where it reads only folders (resources/ holds base, "
        "rawfile, resfile and the qualifiers' folders such as en_US or dark; base/ and each "
        "qualifier's folder hold element, media, profile…): move the file into "
        "resources/base/media (an image you reference with $r('app.media.…')) or "
        "resources/rawfile (a file you read as it is), and build again.",
        meaning="restool: a file where only resource folders may be",
        terms=("restool", "resources", "media", "rawfile"),
    ),
    # hvigor's check of module.json5's abilities: the file an ability's srcEntry names is gone
    Signature(
        "config",
        (r"\bsrcEntry file '(?P<location>[^'\n]+)' does not exist",),
        "module.json5 names {location} as the srcEntry of an ability or extension ability, and "
        "the file is not there: restore it, correct srcEntry, or remove that ability from "
        "module.json5 (abilities / extensionAbilities) when the project does not need it (a "
        "generated project's EntryBackupAbility, say, deleted with its folder).",
        meaning="an ability's srcEntry file is missing",
        terms=("srcEntry", "module.json5", "abilities"),
    ),
    *HVIGOR_FILE_SIGNATURES,
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
    *NATIVE_BUILD_SIGNATURES,
    # Git Bash (MSYS) turning a device path given to hdc or aa into a Windows path under its own
    # install folder (``/data/local/tmp/x`` -> ``C:/Program Files/Git/data/local/tmp/x``)
    *(
        Signature(
            kind,
            (pattern,),
            "Git Bash (MSYS) rewrote an absolute device path passed to hdc or aa into a Windows "
            "path under Git's own folder (/data/… became C:/Program Files/Git/data/…): set "
            "MSYS_NO_PATHCONV=1 for the command (export MSYS_NO_PATHCONV=1), write the path "
            "with a leading double slash (//data/…), or run it from PowerShell or cmd.",
            meaning="Git Bash rewrote a device path",
            terms=("Git Bash", "MSYS_NO_PATHCONV", "hdc"),
        )
        for kind, pattern in _GIT_BASH_PATHS
    ),
    *HDC_FILE_SIGNATURES,
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
        # musl's loader (OpenHarmony's ldso/dynlink.c): the hilog line ``relocating failed: symbol
        # not found. dso=<the .so that needs it> s=<symbol> …`` and dlopen's ``Error relocating
        # <.so>: <symbol>: symbol not found``
        (
            r"(?:relocating failed: symbol not found\.? dso=|Error relocating\s+)(?P<location>[^\s:]+)"
            r"(?:: | s=)(?P<symbol>\w+)(?=: symbol not found|\s)",
            r"relocating failed: symbol not found",
        ),
        "The dynamic loader found no definition of a symbol the app's .so needs ({symbol}) in "
        "any library loaded with it, so the .so fails to load and the call into it crashes. "
        "Either the .so calls a function nothing defines or links (its link step was told to "
        "ignore the undefined reference: -Wl,--unresolved-symbols=ignore-all or "
        "--allow-shlib-undefined, or a library is missing from target_link_libraries): define "
        "the function or link the library that does, and drop that flag so the link step "
        "reports it; or the device's system libraries lack it (the .so was built against a "
        "newer API level than the device runs): build the native code with the SDK of the "
        "device's API version (compatibleSdkVersion ≤ the device), or avoid the newer API. A C++ "
        'function called by its C name (from another language\'s FFI, dlsym) needs extern "C": '
        "`llvm-readelf --dyn-syms <.so>` shows it mangled (_Z…) otherwise.",
        meaning="a .so needs a symbol no loaded library defines",
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
    # the same check naming a component found at a level the SDK root's layout does not have
    # (links made to DevEco's flat sdk/default at the wrong depth)
    Signature(
        "sdk-home",
        (r"Component placed in wrong place",),
        "An SDK component is not where hvigor's SDK layout puts it: each must be at "
        "<sdk root>/<apiVersion>/<component> (e.g. Sdk/21/ets, /toolchains, /native), the root "
        "being DEVECO_SDK_HOME or sdk.dir in local.properties; a symlink or junction made to "
        "DevEco's sdk/default/openharmony must sit at that level too. Move it there and point "
        "sdk.dir / DEVECO_SDK_HOME at the root.",
        meaning="an SDK component at the wrong level",
        terms=("SDK", "sdk.dir", "local.properties", "DEVECO_SDK_HOME"),
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
    # the ArkTS linter's message printed alone (no code, no place)
    Signature(
        "arkts-source",
        # not on a warning's line: a rule a warning names is not the failure
        (r"^(?![^\n]*\bWARN\b)[^\n]*\((?P<rule>arkts-[a-z][a-z0-9-]+)\)",),
        "An ArkTS linter rule is broken: rewrite the code the way the rule asks.",
        meaning="ArkTS linter rule",
        terms=("ArkTS", "arkts", "编译错误"),
    ),
    *DEPENDENCY_SIGNATURES,
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
    # hvigor's command-line check of the task asked for (printed without its code, 00306054,
    # by hvigor 4): a name the project has no task for, or an empty one
    Signature(
        "hvigor-task",
        (r"Task '(?P<task>[^'\n]*)' not found in root project '(?P<project>[^'\n]+)'",),
        "hvigorw was asked to run a task project {project} does not have ('{task}'; an empty "
        "name when a script or a run configuration passed an empty task): list the tasks with "
        "`hvigorw tasks` and run one of them (assembleHap, assembleHar, assembleApp …), and "
        "check the task field of the run configuration or script that called hvigorw.",
        meaning="hvigorw asked for a task the project does not have",
        terms=("hvigorw tasks", "task", "hvigor"),
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
    *HVIGOR_VERSION_SIGNATURES,
    *NATIVE_COMPILE_SIGNATURES,
    # hvigor's schema check of a JSON5 file: a property the schema does not have
    # (``hvigorVersion is not valid property name``: an old hvigor-config.json5's fields)
    Signature(
        "config",
        (
            r"(?<![\w'\"])(?P<name>[A-Za-z_]\w*) is not valid property name",
            # the schema's propertyNames check (``property name must be valid (labelEn)``)
            r"property name must be valid \((?P<name2>\w+)\)",
        ),
        "The JSON5 configuration has a property its schema does not allow: remove or rename "
        "{name}{name2} (hvigorVersion, daemon and executionParallelism at the top of "
        "hvigor/hvigor-config.json5 are an older hvigor's format: delete them and keep "
        "modelVersion, dependencies and execution as a new DevEco project writes them).",
        meaning="a property the configuration schema does not allow",
        terms=("schema", "json5", "property"),
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
    # a tool's own folder in the user's home (~/.hvigor, ~/.ohpm, ~/.npm: caches, the wrapper's
    # node_modules) refused: the build runs as another user or in a sandbox that may write only
    # its workspace; Node's EPERM/EACCES name the call and the path
    Signature(
        "permission",
        (
            r"E(?:PERM|ACCES): [a-z ]+, (?P<op>\w+) '(?P<path>(?:[A-Za-z]:\\Users\\[^\\'\n]+\\|"
            r"/(?:Users|home)/[^/'\n]+/|/root/|~/)\.(?:hvigor|ohpm|npm|pnpm-store|cache)\b[^'\n]*)'",
        ),
        "The build may not write to a tool's folder in the user's home ({op} {path}): it runs as "
        "another user or in a sandbox that may write only its workspace. Give this user write "
        "access to that folder (its owner, or its ACL on Windows), or point the home at a "
        "writable folder for the build: HOME and USERPROFILE (on Windows LOCALAPPDATA, TEMP and "
        "TMP too) set to a directory inside the workspace, then build again.",
        meaning="a tool's folder in the user's home is not writable",
        terms=("EPERM", "HOME", "USERPROFILE", "permission"),
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
    *REGISTRY_SIGNATURES,
    Signature(
        "ohpm-deps",
        (r"ohpm ERROR: JSON5: invalid end of input",),
        "ohpm read an empty or truncated JSON5 file, usually oh-package-lock.json5 left by an "
        "interrupted install: delete oh-package-lock.json5, run `ohpm clean` and `ohpm cache "
        "clean`, then `ohpm install --all`.",
        meaning="empty or truncated JSON5 (lock file)",
        terms=("oh-package-lock.json5", "ohpm clean", "JSON5"),
    ),
    # the json5 library's own parse errors, as hvigor passes them on (``JSON5: invalid character
    # 'e' at 1:1``): a configuration file that is not JSON5
    Signature(
        "config",
        (
            # ohpm's own (``ohpm ERROR: … detail: JSON5: …``) is about its files: ohpm's rules
            # (an older hvigor puts the file and its line:column on the next line: ``JSON5:
            # invalid character 'z'`` / ``at /…/oh-package.json5:12:21``)
            r"^(?![^\n]*\bohpm ERROR\b)[^\n]*?\bJSON5: invalid "
            r"(?P<what>character '.{1,2}'|end of input|identifier character)(?: at (?P<at>\d+:\d+)"
            r"|[ \t]*\r?\n[ \t]*at (?P<location>[^\n]+?\.json5?:\d+:\d+)[ \t]*$)",
        ),
        "A JSON5 file the build reads does not parse ({what}, at {at}{location}): fix the "
        "syntax of the file the log names (app.json5, module.json5, build-profile.json5, "
        "oh-package.json5, hvigor-config.json5). JSON5 is data, not code: no `export default`, "
        "no import (a character 'e' at 1:1 is usually `export default` left from a .ts config); "
        "a missing comma, quote or brace is reported just after it.",
        meaning="a JSON5 configuration file does not parse",
        terms=("JSON5", "json5", "syntax"),
    ),
    # a page main_pages.json lists that has no .ets file: listed with its extension (``Page
    # 'Index.ets.ets' does not exist``) or a name the pages folder does not have
    Signature(
        "config",
        (r"\bPage '(?P<page>[^'\n]+?)' does not exist",),
        "resources/base/profile/main_pages.json lists a page the module has no file for "
        "({page}): list each page by its path under ets/ without the .ets extension "
        '("pages/Index"), matching a file\'s name and case.',
        meaning="a page listed in main_pages.json does not exist",
        terms=("main_pages.json", "pages", "src"),
    ),
    # es2abc's limit on one function's literal index (65536 entries): a generated or hand-made
    # table of literals in one function (faqs-compiling-and-building-131)
    Signature(
        "arkts-source",
        (r"\bCannot add \S+ items to index\b",),
        "One function (or a file's top level) holds more object literals, array literals and "
        "strings than the bytecode's index allows (65536): split the big literal tables into "
        "several functions or files, or load the data at run time (a JSON resource) instead of "
        "compiling it in.",
        meaning="too many literals in one function",
        terms=("es2abc", "literal", "split"),
    ),
    *NATIVE_TOOLCHAIN_SIGNATURES,
    # ohpm cannot get a package's metadata: a name the registry does not have
    Signature(
        "ohpm-deps",
        (r"FetchPackageInfo: (?P<pkg>\S+) failed",),
        "ohpm could not get {pkg} from the registry: check the package name in oh-package.json5 "
        "(dependencies / devDependencies), usually its scope (hypium is @ohos/hypium), with "
        "`ohpm info <name>`, and the registry in .ohpmrc.",
        meaning="package metadata not found",
        terms=("ohpm info", "oh-package.json5", "@ohos/hypium", "registry"),
    ),
    # ohpm-repo's stored secrets encrypted with another encryption component
    Signature(
        "ohpm-deps",
        (r"decrypt data failed\. error: Unsupported state or unable to authenticate data",),
        "ohpm-repo cannot decrypt its stored data with the encryption component it now has: "
        "delete the .deploy_root folder in the ohpm-repo root and deploy again giving the same "
        "encryption component (or restore the original one).",
        meaning="ohpm-repo cannot decrypt its data",
        terms=("ohpm-repo", ".deploy_root", "encryption"),
    ),
    # sdkmgr (the command-line tools' SDK manager) cannot reach the SDK list
    Signature(
        "sdk-missing",
        (r"Failed to request the remote SDK",),
        "sdkmgr could not download the SDK list: set the proxy it needs (--proxy / --no-proxy, "
        "or http_proxy / https_proxy in the environment), or install the SDK components by "
        "hand; then run clean and build again.",
        meaning="sdkmgr cannot reach the SDK server",
        terms=("sdkmgr", "proxy", "SDK"),
    ),
    # DevEco's message key for an install whose HSP is not on the device (HarmonyOS 4's
    # ``MSG_`` keys are DevEco's own, not bm's named results: read by their words)
    Signature(
        "install",
        (r"\bMSG_ERR_INSTALL_DEPENDENT_MODULE_NOT_EXIST\b",),
        "An HSP (shared module) the module depends on is not installed on the device: deploy it "
        "with the app (DevEco: Run > Edit Configurations > Deploy Multi Hap, tick the HSP; or "
        "`hdc install` the HSP first, then the HAP).",
        meaning="a shared module (HSP) it depends on is not installed",
        terms=("HSP", "Deploy Multi Hap", "install"),
    ),
    # build-profile.json5's obfuscation names a rules file that is not there
    Signature(
        "config",
        (
            r"The obfuscation file declared in configuration does not exist\.?"
            r"(?:[^\n]*?Can not find obfuscation file at (?P<location>[^\n]+?)\.?[ \t]*$)?",
        ),
        "The module's build-profile.json5 (buildOption.arkOptions.obfuscation.ruleOptions.files, "
        "or consumerFiles) names an obfuscation rules file that does not exist: create it "
        "(obfuscation-rules.txt next to build-profile.json5; it may be empty) or fix the path "
        "in the files list.",
        meaning="obfuscation rules file missing",
        terms=("obfuscation-rules.txt", "ruleOptions", "build-profile.json5"),
    ),
    # an ability API given a context of the wrong type (error 401's message; faqs-ability-76)
    Signature(
        "crash",
        (r"The context must be a valid Context",),
        "The API wants a UIAbility's context (common.UIAbilityContext) and got another "
        "Context (the application's, a page's plain Context): pass the UIAbility's own "
        "(this.context in the UIAbility; in a page this.getUIContext().getHostContext() as "
        "common.UIAbilityContext), and catch the BusinessError 401.",
        meaning="the context passed is not a UIAbilityContext",
        terms=("UIAbilityContext", "401", "context"),
    ),
    # the network kit's HTTP: a request object destroyed, or over 100 alive at once
    Signature(
        "crash",
        (r"The request has been canceled or the number of requests exceeds 100",),
        "The httpRequest was destroyed before its request ran, or the app holds more than 100 "
        "HttpRequest objects: create one with http.createHttp() per request and call "
        "httpRequest.destroy() when its response (or error) arrives, not before.",
        meaning="HTTP request canceled or over 100 requests",
        terms=("createHttp", "destroy", "httpRequest"),
    ),
    # the FAQ's (faqs-compiling-and-building-39): since DevEco NEXT Developer Preview 2 a
    # UIAbility's widgets need exactly one isDefault card
    Signature(
        "config",
        (r"Only one default card can be configured in the form_config\.json",),
        "form_config.json marks more than one card (or none) as the default: set isDefault: "
        "true on exactly one card of each UIAbility's forms and isDefault: false on the others "
        "(isDefault can no longer be left out).",
        meaning="more than one default widget card",
        terms=("form_config.json", "isDefault", "卡片"),
    ),
    # ohpm publish to a private ohpm-repo with a stale publish code (faqs-command-line-tool-11)
    Signature(
        "ohpm-deps",
        (r"\bThe publishId is invalid\b",),
        "The private registry (ohpm-repo) refused the publish code: copy the current publish "
        "code from the ohpm-repo web page (it changes when it is reset), set it with `ohpm "
        "config set publish_id <code>` (it lands in .ohpmrc), then publish again.",
        meaning="ohpm-repo publish code invalid",
        terms=("ohpm publish", "publish_id", ".ohpmrc", "ohpm-repo"),
    ),
    # a path with a second drive letter in it (``mkdir 'D:xxx\yyy\D:'``): a local dependency's
    # link, made by ohpm in another project, points outside this one (faqs-compiling-and-building-190)
    Signature(
        "ohpm-deps",
        (r"\bEINVAL: invalid argument, mkdir ['‘’][A-Za-z]:[^'‘’\n]*[\\/][A-Za-z]:['‘’]",),
        "A path with two drive letters: a local dependency (a HAR of another project, linked by "
        "ohpm install run in that project) resolves outside this project. Run `ohpm install` "
        "(DevEco: Sync Now) in this project so its oh_modules links are its own, then build.",
        meaning="a dependency link resolves into another project",
        terms=("ohpm install", "oh_modules", "HAR", "sync"),
    ),
    *INSTALL_SIGNATURES,
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
    # rustc's error (``error[E0432]: unresolved import `a::B` ``, the place on its ``-->`` line)
    # and cargo's ``could not compile `crate` ``: a crate does not build against the versions of
    # its dependencies Cargo resolved (a dependency's API moved) or its own code is wrong
    Signature(
        "native",
        (
            r"^error\[E\d{4}\]: (?P<msg>[^\n]+)",
            r"^error: could not compile `(?P<crate>[^`]+)`",
        ),
        "Rust does not compile ({msg}{crate}): when the file is in your own crate, fix it at the "
        "place under `-->`; when it is in a dependency (a path under .cargo/registry), that "
        "crate's version does not fit the version of the crate it uses: upgrade the dependency "
        "(or the template / binding that pins it) or pin the used crate's version in Cargo.toml "
        "to one it was written for, then `cargo update` and build again.",
        meaning="a Rust crate does not compile",
        terms=("Rust", "cargo", "Cargo.toml", "version"),
    ),
    # hvigor's notice for an npm package of the FA model in a Stage-model module (and back)
    Signature(
        "ohpm-deps",
        (
            r"(?P<model>Stage|FA) model module[^\n]*does not support including OpenHarmony npm "
            r"packages or modules in (?:FA|Stage) model",
        ),
        "A dependency of this {model} model module is a package (or module) of the other model: "
        "it is not built or packed. Use a version of the library adapted to the {model} model "
        "(适配 Stage 模型的版本) or drop it from oh-package.json5 / package.json.",
        meaning="a dependency of the other application model (FA / Stage)",
        terms=("Stage model", "FA model", "oh-package.json5"),
    ),
    # HiAppEvent's APP_KILLED event whose reason is the RSS killer: the process's resident memory
    # went over the system's threshold (hiappevent's app killed events)
    Signature(
        "crash",
        (r"\breason=\"?RssThresholdKiller\b",),
        "The system killed the app because its memory (RSS) went over the threshold: a memory "
        "leak, most often native (malloc/new without free/delete, objects a NAPI module keeps): "
        "profile the memory (DevEco Profiler's Allocation / Snapshot) and free what leaks.",
        meaning="killed for memory over the RSS threshold",
        terms=("RSS", "memory", "leak"),
    ),
    # ArkTS: more Worker threads alive than the runtime allows (the misspelled ``wokers`` too)
    Signature(
        "crash",
        (r"Too many wor?kers\W+the number of worker exceeds the maximum",),
        "The app created more Workers than may run at once: terminate each Worker when its work is "
        "done (worker.terminate() or workerPort.close()), reuse one, or move short tasks to "
        "TaskPool, which has no such limit per app.",
        meaning="too many Worker threads",
        terms=("Worker", "terminate", "TaskPool"),
    ),
    # a program that exists does not start (``sh: ./x: No such file or directory``) and `file`
    # shows an ELF whose loader (its interpreter) the system lacks: built for another
    # architecture (or libc)
    Signature(
        "native",
        (
            r"No such file or directory\b[\s\S]{0,400}?ELF [^\n]*?\b(?P<bits>32|64)-bit\b[^\n]*?"
            r"(?:interpreter |\()(?P<interp>/[^),\s]+)",
        ),
        "The program is there but the system cannot run it: it is a {bits}-bit build whose "
        "loader ({interp}) the device does not have — it was built for another architecture. "
        "Compare `file <program>` with the device (`getconf LONG_BIT`, `uname -m`) and build "
        "for the device's ABI (a 32-bit system needs armeabi-v7a, a 64-bit one arm64-v8a).",
        meaning="a program built for another architecture",
        terms=("architecture", "ABI", "armeabi-v7a", "arm64-v8a"),
    ),
    # DevEco's local Lite simulator asked to run a project that is not a Lite one
    Signature(
        "device",
        (r"Lite Simulator supports only Lite projects",),
        "The Lite simulator runs only Lite (LiteWearable) projects: run this project on an "
        "emulator of its deviceType (Device Manager / HVD Manager: a local emulator, or the "
        "Remote Emulator) or on a real device.",
        meaning="a Lite simulator for a non-Lite project",
        terms=("simulator", "deviceType", "Remote Emulator"),
    ),
    # the ArkTS runtime, starting the app, finds no record for the ability's entry file
    Signature(
        "config",
        (r"Cannot find module\s+'(?P<module>[^'\n]+)'\s*,?\s*which is application Entry Point",),
        "The app starts but the runtime finds no module {module} for the launched ability: make "
        "srcEntry of that ability in entry/src/main/module.json5 (abilities[].srcEntry) name its "
        "file as built (./ets/entryability/EntryAbility.ets), then rebuild and reinstall. A "
        "release build with file-name obfuscation (-enable-filename-obfuscation) renames the "
        "file the system loads by its path: keep it with -keep-file-name in the module's "
        "obfuscation-rules.txt.",
        meaning="the launched ability's srcEntry is not in the HAP",
        terms=("srcEntry", "module.json5", "Entry Point"),
    ),
    *HVIGOR_PACKAGE_SIGNATURES,
    Signature(
        "launch",
        (r"resolve ability err",),
        "No ability matches what `aa start` asked for: check the bundle name (-b, bundleName in "
        "AppScope/app.json5) and the ability name (-a, in module.json5): the installed app may "
        "have another bundleName.",
        meaning="ability not resolved",
        terms=("aa start", "bundleName", "ability"),
    ),
    # hot reload (or an incremental build) still naming a source file that was moved, renamed
    # or deleted: Rollup's ENOENT on its stat (hvigor's HotReloadArkTS; committed debug logs)
    Signature(
        "hvigor-task",
        (r"ENOENT: no such file or directory, stat '(?P<location>[^'\n]+\.e?ts)'",),
        "The build still names {location}, which is no longer there (moved, renamed or "
        "deleted): a hot reload or an incremental run keeps the files it started with, so stop "
        "the app and run it again (a full build; Build > Clean Project if it persists); if a "
        "full build fails too, update what names the file: an import, main_pages.json's src "
        "list, a route table.",
        meaning="a source file the build names is gone",
        terms=("ENOENT", "HotReloadArkTS", "main_pages.json"),
    ),
    # Flutter's plugin channel without a HarmonyOS side (flutter_ohos: the plugin's ohos
    # implementation not registered with the engine)
    Signature(
        "config",
        (
            r"MissingPluginException\(?:?\s*No implementation found for method (?P<name>\S+) "
            r"on channel (?P<package>[\w./-]+)",
        ),
        "No HarmonyOS implementation answered the channel {package}: the plugin has no ohos "
        "side, or it is not registered with the Flutter engine. Use a version of the plugin "
        "that supports ohos (its ohos/ folder: an oh-package.json5 whose main names an "
        "index.ets that exports the plugin, and ohos/src/main/module.json5), check that "
        "GeneratedPluginRegistrant.ets registers it after flutter pub get, and run a full "
        "build (not a hot restart) after adding it.",
        meaning="a Flutter plugin without a HarmonyOS implementation",
        terms=("MissingPluginException", "flutter_ohos", "GeneratedPluginRegistrant"),
    ),
    # ArkUI-X's check of a cross-platform project (the @crossplatform tag DevEco Studio's
    # ArkUI-X support looks for): an API that runs on HarmonyOS only (ArkUI-X's docs: the
    # platform differences guide, the app-retrofit tutorial)
    Signature(
        "arkts-source",
        (r"(?P<name>\S+) can't support crossplatform application",),
        "{name} is an API ArkUI-X does not bring to Android and iOS, and the project is a "
        "cross-platform one: call it on HarmonyOS only (in a .ts file of its own behind // "
        "@ts-ignore, called when the platform is OpenHarmony, or through ArkUI-X's Bridge to "
        "each platform's own code), or, for a module that runs on HarmonyOS alone, set "
        "ignoreCrossPlatform: true in .arkui-x/arkui-x-config.json5 so the check skips it.",
        meaning="an API that is not cross-platform, in an ArkUI-X project",
        terms=("ArkUI-X", "crossplatform", "ignoreCrossPlatform"),
    ),
    # React Native's own Platform.OS type has no 'harmony' (TypeScript's TS2367 on ``Platform.OS
    # === 'harmony'`` in a library ported to RN for OpenHarmony; its library guide's Q&A)
    Signature(
        "arkts-source",
        (r"and '\"harmony\"' have no overlap",),
        "React Native's Platform.OS type (react-native's Libraries/Utilities/Platform.d.ts) "
        "does not list 'harmony', so TypeScript calls the comparison with 'harmony' impossible: "
        "build against react-native-harmony's Platform.d.ts (copy it over node_modules/"
        "react-native/Libraries/Utilities/Platform.d.ts, as the RN for OpenHarmony library "
        "guide says), or compare through a string (Platform.OS as string === 'harmony').",
        meaning="React Native's Platform.OS type lacks 'harmony'",
        terms=("Platform.OS", "harmony", "react-native-harmony"),
    ),
)

WARNING_SIGNATURES: tuple[Signature, ...] = (
    # the API 9 NDK's toolchain file passes --gcc-toolchain, which its clang does not use: a
    # warning, the cause only when nothing else is in the log
    Signature(
        "native",
        (r"argument unused during compilation: ['‘\"]?[-–—]{1,2}gcc-toolchain\b",),
        "A warning of the API 9 NDK: its toolchain file passes --gcc-toolchain, which its clang "
        "does not use. It is harmless unless -Werror (or -Werror=unused-command-line-argument) "
        "makes it an error: add -Wno-unused-command-line-argument to the compile flags, or build "
        "with the NDK of API 11 or later, which no longer passes it.",
        meaning="clang: --gcc-toolchain unused (API 9 NDK)",
        terms=("--gcc-toolchain", "-Wno-unused-command-line-argument", "NDK"),
    ),
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
