"""The signatures read from a build tool's message text, and the warnings that decide only when
nothing else matched."""

from __future__ import annotations

from hmdesk.core.toolchain.signature import Signature

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
        (r"\[Fail\]\s*Error opening file:\s*permission denied(?:, path:\s*(?P<location>\S+))?",),
        "The shell user may not read {location} on the device: a file the app creates must be "
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
            r"\[Fail\]\s*Error opening file:\s*no such file or directory"
            r"(?:, path:\s*(?P<location>\S+))?",
        ),
        "The path hdc printed does not exist where hdc reads it: check it on that side (`hdc shell "
        "ls`; a send's target folder must exist), and update hdc to match the device's API when "
        "the path is right. A path with Chinese (non-ASCII) names printed garbled: hdc before "
        "3.1.0a cannot transfer them; `hdc checkserver` shows its version, update the SDK (API "
        "12 or later).",
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
        # musl's loader (OpenHarmony's ldso/dynlink.c): the hilog line ``relocating failed: symbol
        # not found. dso=<the .so that needs it> s=<symbol> …`` and dlopen's ``Error relocating
        # <.so>: <symbol>: symbol not found``
        (
            r"(?:relocating failed: symbol not found\.? dso=|Error relocating )(?P<location>[^\s:]+)"
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
        "device's API version (compatibleSdkVersion ≤ the device), or avoid the newer API.",
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
    # npm/pnpm (which hvigor runs to install its own packages) finds no such version of a hvigor
    # package: the version hvigor-config.json5 asks for (hvigor's 00308002 page: pnpm's
    # ERR_PNPM_NO_MATCHING_VERSION and 404, for npm the same words)
    Signature(
        "hvigor-version",
        (
            r"(?:npm ERR!|ERR_PNPM_\w+)[^\n]*?(?:not found|404|No matching version)[^\n]*?"
            r"(?P<package>@ohos/hvigor[\w-]*)@(?P<version>\d[\w.-]*)",
        ),
        "{package}@{version} is not in the registry hvigor installs from: set the hvigor "
        "packages' versions in hvigor/hvigor-config.json5 (dependencies, modelVersion) to ones "
        "the registry has and that fit your DevEco Studio / Command Line Tools (`npm view "
        "{package} versions`; a new DevEco project's hvigor-config.json5 shows them), then build "
        "again.",
        meaning="a hvigor package version that does not exist",
        terms=("hvigor-config.json5", "hvigor", "npm", "version"),
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
    # faqs-command-line-tool-3: a file missing inside oh_modules is a HAR's own relative-path
    # dependency, which ohpm 1.4.0 and later does not carry into oh_modules
    Signature(
        "ohpm-deps",
        (r"Fetch local file package error,?\s*(?P<path>\S*?oh_modules\S*?) does not exist",),
        "A HAR you depend on has a relative-path (file:) dependency of its own, and ohpm 1.4.0 "
        "and later does not add it when it makes oh_modules: publish that dependency to a "
        "private ohpm-repo and depend on it by version, or add an overrides entry for it in the "
        "project-level oh-package.json5. Missing: {path}",
        meaning="a HAR's relative-path dependency missing from oh_modules",
        terms=("ohpm", "overrides", "ohpm-repo", "oh-package.json5"),
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
    # a name defined twice in one translation unit (clang's "redefinition of 'X'"; the note
    # after it says where the first definition is): a header that now defines it (inline,
    # constexpr) and a source that still does, or a header included twice without a guard
    Signature(
        "native",
        (
            r"(?<!\S)(?P<location>\S+\.(?:h|hh|hpp|c|cc|cpp|cxx|m|mm):\d+:\d+): error: "
            r"redefinition of '(?P<name>[^'\n]+)'",
        ),
        "{name} is defined twice (at {location} and where the note after it says): remove the "
        "duplicate definition and keep one, e.g. the source file's copy of a constant a header "
        "now defines (inline / constexpr), or declare it extern in the header and define it in "
        "one source file; a header included twice needs #pragma once or an include guard.",
        meaning="a name defined twice",
        terms=("redefinition", "duplicate definition", "native"),
    ),
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
    # the json5 library's own parse errors, as hvigor passes them on (``JSON5: invalid character
    # 'e' at 1:1``): a configuration file that is not JSON5
    Signature(
        "config",
        (
            # ohpm's own (``ohpm ERROR: … detail: JSON5: …``) is about its files: ohpm's rules
            r"^(?![^\n]*\bohpm ERROR\b)[^\n]*?\bJSON5: invalid "
            r"(?P<what>character '.{1,2}'|end of input|identifier character) at (?P<at>\d+:\d+)",
        ),
        "A JSON5 file the build reads does not parse ({what} at line:column {at}): fix the "
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
    # clang in strict ANSI mode (-std=c++NN) on a C header that uses C99's _Bool (JSVM-API's)
    Signature(
        "native",
        (r"error: unknown type name '\\?_Bool'",),
        "-std=c++NN puts clang in strict ANSI mode, where C99's _Bool (used by the C headers "
        "included, e.g. JSVM-API's) is unknown: compile with -std=gnu++NN (or leave the default), "
        "or add -U__STRICT_ANSI__ (CMAKE_CXX_FLAGS / target_compile_options in CMakeLists.txt).",
        meaning="_Bool unknown under strict ANSI C++",
        terms=("-std=gnu++", "__STRICT_ANSI__", "CMakeLists.txt"),
    ),
    # a MinGW (dllexport) build: the export macro on a definition but not on its declaration
    Signature(
        "native",
        (
            r"(?P<location>\S+\.(?:cpp|cc|cxx|h|hpp):\d+:\d+):\s*\n?\s*error: redeclaration of "
            r"'(?P<name>[^'\n]+)' cannot add 'dllexport' attribute",
            r"redeclaration of '(?P<name2>[^'\n]+)' cannot add 'dllexport' attribute",
        ),
        "The export attribute (dllexport, through the project's export macro) is on a later "
        "declaration or the definition but not on the first declaration: put the export macro "
        "on the declaration in the header (the class or member's first declaration), not only "
        "where it is defined.",
        meaning="dllexport added on a redeclaration",
        terms=("dllexport", "export macro", "declaration"),
    ),
    # musl's loader: a C++ runtime symbol an old libc++_shared.so lacks
    Signature(
        "native",
        (r"symbol not found,? s=(?P<symbol>__emutls_get_address|__cxa_\w+|_ZNSt\w+)",),
        "The app's native library needs a C++ runtime symbol ({symbol}) the packaged "
        "libc++_shared.so does not have: the library (or a HAR's .so) was built with a newer "
        "SDK/NDK than the libc++_shared.so packaged with it. Build every native library and HAR "
        "with the same SDK version and package that SDK's libc++_shared.so (rebuild, then "
        "Clean Project).",
        meaning="libc++_shared.so older than the library",
        terms=("libc++_shared.so", "SDK", "HAR", "symbol not found"),
    ),
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
    Signature(
        "signing",
        # faqs-package-structure-51: a release HAP installed with hdc
        (r"INSTALL_FAILED_APP_SOURCE_NOT_TRUSTED",),
        "The HAP is release-signed: a release certificate and profile from AppGallery Connect "
        "serve only the AppGallery listing (上架), not a local install (and the signing center "
        "issues profiles only for preinstalled apps). To run it on a device, sign it with a "
        "debug certificate and profile (DevEco Studio: Signing Configs > Automatically generate "
        "signature) and install that build.",
        meaning="release-signed HAP installed outside AppGallery",
        terms=("release", "debug certificate", "AppGallery", "安装失败"),
    ),
    Signature(
        "install",
        # DevEco's deploy of a HAP over the size limit (faqs-ability-13; bm's 9568272, 4 GB)
        (r"INSTALL_FAILED_SIZE_TOO_LARGE",),
        "A single HAP exceeds the install size limit (bm's 9568272 “install invalid hap size”: "
        "over 4 GB): split the content into several HAPs (feature HAPs, HSPs), each under the "
        "size limit, or reduce what the HAP bundles (move large resources out, download them "
        "at run time).",
        meaning="the HAP is over the size limit",
        terms=("install", "9568272", "HAP size", "拆分"),
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
        "file as built (./ets/entryability/EntryAbility.ets), then rebuild and reinstall.",
        meaning="the launched ability's srcEntry is not in the HAP",
        terms=("srcEntry", "module.json5", "Entry Point"),
    ),
    # a file deep inside hvigor's own packages (``'@ohos/hvigor/src/…'``): hvigor-config.json5
    # pins a hvigor / plugin pair whose internals moved, not a package missing from node_modules
    Signature(
        "hvigor-version",
        (r"Cannot find module '(?P<module>@ohos/hvigor(?:-ohos-plugin)?/src/[^']+)'",),
        "hvigor cannot load its own file {module}: the hvigor and hvigor-ohos-plugin versions "
        "the project asks for do not fit each other or the installed DevEco Studio / Command "
        "Line Tools: set modelVersion and the dependencies in hvigor/hvigor-config.json5 to the "
        "ones a new project of your DevEco shows, then build again.",
        meaning="hvigor and its plugin versions do not match",
        terms=("hvigor-config.json5", "modelVersion", "hvigor"),
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
