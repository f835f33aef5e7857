"""The DevEco Studio build FAQ's messages with their answers (faqs-compiling-and-building-*, the
official HarmonyOS FAQ): what the operating system refuses during a build, read by its errno and
the tool it names (too many open files, an SDK tool macOS will not run, a symlink Windows will not
make), and the IDE's own messages about the project's run configuration. Data only."""

from __future__ import annotations

from hmdesk.core.toolchain.finding import FindingKind
from hmdesk.core.toolchain.signature import Signature

# the SDK's executables a build runs (ets-loader's compilers, restool, the packing and signing
# tools' launchers, hdc, ohpm's node)
_SDK_TOOL = (
    r"es2abc|ark_js_vm|ark_aot_compiler|ark_disasm|merge_abc|restool|syscap_tool|"
    r"id_defined|hdc|ohpm|rawheap_translator|ark_link"
)

FAQ_SIGNATURES: tuple[Signature, ...] = (
    # faqs-compiling-and-building-99: the process met the OS's limit of open files (Node's
    # EMFILE; ENFILE is the system-wide table)
    Signature(
        "hvigor-env",
        (
            r"\bE[MN]FILE\b:?[^\n]*?[‘'\"](?P<location>[^’'\"\n]+)",
            r"\bE[MN]FILE\b",
            r"[Tt]oo many open files",
        ),
        "The build hit the operating system's limit of open files (EMFILE), not a fault of the "
        "file named: raise the limit, on macOS `sudo sysctl -w kern.maxfiles=20480` and `sudo "
        "sysctl -w kern.maxfilesperproc=18000` (see `sysctl kern.maxfiles`), on Linux `ulimit -n` "
        "(or nofile in /etc/security/limits.conf), then stop hvigor's daemons so the new limit "
        "applies (`hvigorw --stop-daemon-all`) and build again.",
        meaning="too many open files (EMFILE)",
        terms=("EMFILE", "too many open files", "kern.maxfiles", "ulimit"),
    ),
    # faqs-compiling-and-building-130 and -78: macOS keeps the downloaded SDK's executables in
    # quarantine (com.apple.quarantine), so the shell may not run them
    Signature(
        "sdk-home",
        (
            # from a token's start only: a match begun inside a long token is retried at each of its
            # characters (quadratic on a long line)
            rf"(?<![^\s\"'])[\"']?(?P<path>[^\s\"']*(?<![\w.-])(?:{_SDK_TOOL})(?:\.exe)?)[\"']?:?\s*"
            r"(?:Operation not permitted|Permission denied)",
        ),
        "The operating system will not run the SDK's tool {path}: on macOS the downloaded SDK's "
        "executables carry the quarantine attribute (com.apple.quarantine; `xattr -l {path}` "
        "shows it): remove it with `xattr -d com.apple.quarantine {path}` (for the whole SDK "
        "`xattr -r -d com.apple.quarantine <sdk folder>`); "
        "for Permission denied also make it executable (`chmod +x`). Then build again.",
        meaning="an SDK tool the OS will not run",
        terms=("xattr", "com.apple.quarantine", "es2abc", "SDK"),
    ),
    # faqs-compiling-and-building-133: macOS will not load a library into an SDK tool signed by
    # another team (es2abc's --transform-lib plugin), dyld's code-signature refusal
    Signature(
        "sdk-home",
        (
            r"code signature in [^\n]*not valid for use in process",
            r"Code has to be at least ad-hoc signed",
        ),
        "macOS refused to load a library into the SDK's tool: the tool (es2abc) and the library "
        "are not in the same code-signing group (compare `codesign -dv --verbose=1` of both: one "
        "unsigned, or another TeamIdentifier). Re-sign the tool like the library: `codesign "
        "--remove-signature <es2abc>` then `codesign -s - -v <es2abc>` (or ad-hoc sign the "
        "library with `codesign -s -`).",
        meaning="macOS refused a library's code signature",
        terms=("codesign", "es2abc", "macOS", "signature"),
    ),
    # faqs-compiling-and-building-189: hvigor copies a folder holding a symbolic link on Windows,
    # which lets only Developer Mode or an administrator make one; faqs-package-structure-78: the
    # same refusal while a HAR is packed that holds another HAR module (not supported)
    Signature(
        "project-path",
        (r"EPERM: operation not permitted, symlink",),
        "Windows refused to create a symbolic link while the build copied a folder holding one: "
        "turn on Developer Mode (Settings > System > For developers), or run DevEco Studio (or "
        "the terminal) as administrator; run `hvigorw --stop-daemon-all` first so a running "
        "daemon does not keep the old rights, then build again. When it fails while a HAR is "
        "packed (PackageHar, ProcessHarArtifacts) and the HAR module holds another HAR module: "
        "hvigor does not support HAR modules nested in a HAR module, move the inner ones to the "
        "same directory level as it.",
        meaning="Windows may not create a symbolic link (EPERM symlink)",
        terms=("EPERM", "symlink", "Developer Mode", "HAR"),
    ),
    # faqs-compiling-and-building-41: an OpenHarmony-runtime project run on a HarmonyOS device
    Signature(
        "config",
        (r"To run and debug the Harmony device, configure the HarmonyOS runtime",),
        'The project targets the OpenHarmony runtime: set "runtimeOS": "HarmonyOS" (not '
        '"OpenHarmony") in the root build-profile.json5, then in File > Project Structure > '
        "Signing Configs tick Support HarmonyOS and Automatically generate signature, Sign In "
        "with your Huawei account and sign again.",
        meaning="the project is not configured for the HarmonyOS runtime",
        terms=("runtimeOS", "HarmonyOS", "build-profile.json5", "Signing Configs"),
    ),
    # faqs-compiling-and-building-43: a module's build-profile.json5 has no targets
    Signature(
        "config",
        (r"The target can not be empty",),
        'The module has no target: add a "targets" entry (e.g. { "name": "default" }) to the '
        "module-level build-profile.json5 and make the root build-profile.json5 list it for the "
        'product (modules[].targets[].applyToProducts: ["default"]), then Sync Now and wait for '
        "the sync to succeed.",
        meaning="a module's target is empty",
        terms=("targets", "applyToProducts", "build-profile.json5", "Sync Now"),
    ),
    # faqs-compiling-and-building-141: the device chosen is not among the module's device types
    Signature(
        "config",
        (r"The type of target device does not match the device type configured by module",),
        "The device's type is not one the module is built for: add it to deviceTypes in the "
        "module's src/main/module.json5 and to the target's device types in the module's "
        "build-profile.json5 (targets), and check that no hvigorfile.ts or hvigor script changes "
        "the module's deviceTypes; or run on a device of a listed type.",
        meaning="the device type does not match the module's",
        terms=("deviceTypes", "module.json5", "build-profile.json5", "targets"),
    ),
)


# The build FAQ's other messages, each as hvigor/ohpm/the compiler words it, with the page's
# remedy: (page number of faqs-compiling-and-building-N, kind, the message, the fix)
_FAQ_MESSAGES: tuple[tuple[int, FindingKind, str, str], ...] = (
    (
        1,
        "hvigor-env",
        r"(?:JS|JavaScript) heap out of memory",
        "The node process running hvigor ran out of memory: raise its heap in "
        "hvigor/hvigor-config.json5 (nodeOptions.maxOldSpaceSize, e.g. 8192) with the daemon "
        "enabled; on Linux also raise vm.max_map_count (`sudo sysctl -w vm.max_map_count=262144`, "
        "permanently in /etc/sysctl.conf), then build again. When a build worker hit its limit "
        '("Worker terminated due to reaching memory limit", 00306044): lower hvigor.pool.maxSize '
        "and ohos.arkCompile.maxSize, set hvigor.enableMemoryCache false and "
        "hvigor.pool.cache.capacity 0 (properties of hvigor-config.json5), or build with "
        "--no-parallel.",
    ),
    (
        216,
        "hvigor-env",
        r"The number of hvigor daemon connections has reached the upper limit",
        "Too many hvigor daemons are running (8 at most, 6 busy): `hvigorw --status-daemon` "
        "lists them; stop them (`hvigorw --stop-daemon-all`) or build without the daemon "
        "(--no-daemon; in DevEco: Settings > Build Tools > Hvigor, untick Enable the Daemon for "
        "tasks), and let an unfinished build end before running again.",
    ),
    (
        221,
        "hvigor-env",
        r"Space is not supported in HVIGOR_USER_HOME",
        "HVIGOR_USER_HOME (hvigor's user folder, default <user>/.hvigor) is a path with a space: "
        "set the environment variable HVIGOR_USER_HOME to a folder without spaces, restart "
        "DevEco Studio (or the terminal) and build again.",
    ),
    (
        3,
        "arkts-source",
        r"The re-export name '[^'\n]+' need to be marked as type",
        "A type (an interface or a type alias) is re-exported as a value: re-export it with "
        "`export type { name }` (or import it with `import type`).",
    ),
    (
        8,
        "config",
        r"Could not load \S+ \(imported by \S+\): Maximum call stack size exceeded",
        "The file imported lies outside the project: make that code a HAR module of the project "
        "(New > Module > Static Library) and depend on it in oh-package.json5.",
    ),
    (
        37,
        "config",
        r"Task \S+ was not found in the project",
        "The task does not exist for this module's type (module.json5 type): run the task it has "
        "(assembleHap for entry/feature, assembleHar for har, assembleHsp for shared), with the "
        "right -p module=name@target.",
    ),
    (
        122,
        "config",
        r"'\w+' value `\$\w+:[\w.]+` invalid value",
        "The resource the field references does not exist: search the project for its name, "
        "then add the resource (resources/base/<type>/) or fix the reference.",
    ),
    (
        127,
        "arkts-source",
        r"Cannot redeclare block-scoped variable '[^'\n]+'",
        "A file without any export is part of the global namespace, so its top-level names clash "
        "with another such file's: add an export to the file (export the declaration, or "
        "`export {}`), or rename one of them.",
    ),
    (
        162,
        "config",
        r"Failed to obtain the module type",
        "The FA-model config.json has no valid module.distro.moduleType: set it (entry, feature "
        "or har).",
    ),
    (
        179,
        "arkts-source",
        r"Currently module for '[^'\n]+\.so' is not verified",
        "The .so's exports have no declared type: give the imported value a type with a type "
        "assertion (as …), or import the .so by a relative path to its index.d.ts when both are "
        "in the same module.",
    ),
    (
        182,
        "ohpm-deps",
        r"cannot find record '&[^'\n]+', please check the request path",
        "A bytecode HAR needs a package it did not declare: its producer must add that package "
        "to the HAR's own oh-package.json5 and publish again; keep one version of the package "
        "in the project and module oh-package.json5 (or force one with overrides in the "
        'project-level one); a HAR made from an HSP must drop "packageType".',
    ),
    (
        107,
        "native",
        r"Duplicated files found in module \S+\. This may cause unexpected errors at runtime",
        "Two packages bring a .so of the same name: in the module-level build-profile.json5 set "
        "buildOption.nativeLib.filter.enableOverride to true (or filter the duplicate out with "
        "pickFirsts/excludes).",
    ),
    (
        110,
        "config",
        r"(?<!\w)(?:input module (?:releaseType|apiReleaseType) is different|debug is different)",
        "The modules packed into the app were built differently (their module.json's "
        "apiReleaseType or debug flag, which the build writes): build every module, the "
        "external HSP/HAR too, with the same SDK and the same Build Mode (debug or release), "
        "then pack the app again.",
    ),
    (
        112,
        "config",
        r"proxy data is duplicated",
        "Two modules declare the same proxyData URI (only entry and feature modules may declare "
        "proxyData, and each uri must be unique): rename or remove the duplicate in module.json5.",
    ),
    (
        118,
        "project-path",
        r"The path \S.* is not writable\. please choose a new location",
        "DevEco Studio was started from its DMG, which is read-only: drag DevEco-Studio.app to "
        "Applications and start it from there.",
    ),
    (
        119,
        "config",
        r"The useNormalizedOHMUrl settings of packages .* do not match",
        "A dependency was built with another useNormalizedOHMUrl than the project: set "
        "useNormalizedOHMUrl the same (project-level build-profile.json5, "
        "strictMode.useNormalizedOHMUrl) and rebuild the dependency, or change the project's to "
        "the dependency's.",
    ),
    (
        124,
        "config",
        r"the name '[^'\n]+' can only contain \[a-zA-Z0-9_\]",
        "A resource file's name may hold only letters, digits and underscores: rename the file "
        "(and its references).",
    ),
    (
        128,
        "arkts-source",
        r"The inferred type of '[^'\n]+' cannot be named without a reference to",
        "The declaration file (.d.ts) made for the HSP/HAR cannot name the inferred type: add an "
        "explicit type annotation at the place named.",
    ),
    (
        131,
        "arkts-source",
        r"Cannot add \d+ items to index",
        "One function holds more object literals, array literals and strings than the bytecode "
        "index allows (65536): split that function (move the data into several functions or a "
        "resource file).",
    ),
    (
        132,
        "hvigor-env",
        r"resource busy or locked, open '[^'\n]*build-logs[\\/]build\.log'",
        "Two hvigor processes write the same build log (.hvigor/outputs/build-logs): click Sync "
        "Now, or stop the daemons (`hvigorw --stop-daemon-all`) and build again.",
    ),
    (
        135,
        "config",
        r"The service widget file contains one or more references to HSPs",
        "A service widget (form) may not import an HSP module: remove the HSP references from "
        "the widget's files (move the code into the widget's module or a HAR).",
    ),
    (
        136,
        "config",
        r"The required attribute:? module-name is missing",
        "A module in the root build-profile.json5 has no name (or one added in hvigorconfig.ts "
        "by includeNode has none): give every modules[] entry its name.",
    ),
    (
        137,
        "config",
        r"The required attribute:? module-srcPath is missing",
        "A module in the root build-profile.json5 has no srcPath: give every modules[] entry "
        "its relative srcPath (not empty).",
    ),
    (
        138,
        "config",
        r"The srcPath is not a relative path",
        "hvigorconfig.ts passes includeNode an absolute srcPath: pass the module's path "
        "relative to the project root.",
    ),
    (
        140,
        "arkts-source",
        r"Cannot resolved import statement",
        "The import's path differs in letter case from the file (a folder import looks for "
        "index.ets): write the path exactly as the file and folder are named.",
    ),
    (
        142,
        "config",
        r"useNormalizedOHMUrl can be true only when Compatible SDK Version is 5\.0\.0",
        "useNormalizedOHMUrl needs compatibleSdkVersion 5.0.0(12) or later: raise "
        "compatibleSdkVersion in the project-level build-profile.json5, or set "
        "useNormalizedOHMUrl to false.",
    ),
    (
        143,
        "ohpm-deps",
        r"The local dependency below in module \S+ is invalid",
        'With "harLocalDependencyCheck": true a HAR module\'s local dependencies (dependencies '
        "and dynamicDependencies of its oh-package.json5) must lie inside the module's folder: "
        "move them there or depend on them by version.",
    ),
    (
        145,
        "ohpm-deps",
        r"Local dependency in parameterFile does not exist",
        "A local dependency path the parameterFile gives does not exist: fix the path (letter "
        "case included) in the parameterFile.",
    ),
    (
        146,
        "config",
        r"Invalid form name '[^'\n]+'",
        "insight_intent.json names a form that form_config.json does not declare: make formName "
        "one of the forms in form_config.json.",
    ),
    (
        147,
        "config",
        r"File 'string\.json' is missing the required property 'string'",
        'A string.json of a HAR/HSP the module depends on has no "string" array: give it '
        '{ "string": [ { "name": …, "value": … } ] }.',
    ),
    (
        148,
        "ohpm-deps",
        r"Invalid tag '[^'\n]+' at '[^'\n]+\.json5'",
        "A tag in the parameterFile of the root oh-package.json5 may hold only letters, digits, "
        "'.', '-' and '_', start with a letter or digit, be at most 60 characters and not be "
        "'latest': fix the tag.",
    ),
    (
        153,
        "config",
        r"This project is in the FA model and does not allow for external dependencies",
        "An FA-model project may not include modules of another project: remove the external "
        "module (its srcPath outside the project) from the root build-profile.json5.",
    ),
    (
        154,
        "config",
        r"This project is in the stage model and does not allow for dependencies of modules in "
        r"the FA model",
        "A Stage-model project may not include FA-model modules: remove that module from the "
        "root build-profile.json5.",
    ),
    (
        155,
        "config",
        r"Cannot depend on HAP modules outside of this project",
        "A HAP of another project cannot be a dependency: turn the shared code into an HSP or a "
        "HAR module and depend on that.",
    ),
    (
        157,
        "ohpm-deps",
        r"Unrecognized archive format in parameterFile",
        "A local dependency in the parameterFile must be a module folder or the module's built "
        ".har/.tgz: point it at one of those.",
    ),
    (
        161,
        "config",
        r"Duplicate 'routerMap' object names detected",
        "Two routerMap entries (router_map.json) have the same name: make every name unique.",
    ),
    (
        163,
        "config",
        r"The permission under requestPermissions must be a value that is predefined within the "
        r"SDK",
        "requestPermissions names a permission this SDK does not define: use a permission the "
        "SDK predefines or one declared under definePermissions; a newer permission needs a "
        "newer SDK (raise compileSdkVersion).",
    ),
    (
        164,
        "config",
        r"The metadata field in FormExtensionAbility cannot be left blank",
        "The form ExtensionAbility (type form) in module.json5 needs metadata: add "
        '{ "name": "ohos.extension.form", "resource": "$profile:form_config" }.',
    ),
    (
        165,
        "config",
        r"In FormExtensionAbility, metadata must contain an object with its name set to "
        r"'ohos\.extension\.form'",
        "Add to the form ExtensionAbility's metadata in module.json5 the object "
        '{ "name": "ohos.extension.form", "resource": "$profile:form_config" }.',
    ),
    (
        166,
        "config",
        r"byteCodeHar not supported when useNormalizedOHMUrl is not true",
        "A bytecode HAR (byteCodeHar: true in the HAR's build-profile.json5) needs "
        "useNormalizedOHMUrl: true in the project-level build-profile.json5 (strictMode): set it, "
        "or set byteCodeHar to false.",
    ),
    (
        167,
        "config",
        r"Duplicate 'Module-Abilities' object names detected",
        "Two abilities of the module and the HARs it depends on have the same name: make every "
        "ability's name in their module.json5 unique.",
    ),
    (
        18,
        "config",
        r"No available entry module found",
        "A feature module's entry module is not found: make entryModules in the feature's "
        "build-profile.json5 name the entry module, and list the feature after that entry in "
        "the root build-profile.json5's modules.",
    ),
    (
        20,
        "config",
        r"please check deviceType or distroFilter/distributionFilter of the module",
        "Two modules of the app cannot be told apart when packed (the HAP uniqueness check): "
        "give them different deviceTypes or distributionFilter, and with one device type make "
        "the targets of one module apply to different products (applyToProducts).",
    ),
    (
        21,
        "native",
        r"Failed to generate test project build system",
        "Delete the module's .cxx folder, then build that module alone (Build > Make Module), "
        "not several modules in parallel.",
    ),
    (
        39,
        "config",
        r"Only one default card can be configured in the form_config\.json file",
        "Only one form may be the default: set isDefault to false on all other forms in "
        "form_config.json.",
    ),
    (
        40,
        "config",
        r"if the value of the updateEnabled field is true, the updateDuration and "
        r"scheduled?UpdateTime",
        "A form with updateEnabled true needs updateDuration or scheduledUpdateTime in "
        "form_config.json: set one, or set updateEnabled to false.",
    ),
    (
        181,
        "sdk-home",
        r"open '[^'\n]*libimage_transcoder_shared\.dll' failed",
        "Windows cannot load the SDK's library: put <sdk>\\default\\hms\\toolchains\\lib and "
        "<sdk>\\default\\openharmony\\previewer\\common\\bin first in the system PATH and make "
        "sure every folder in PATH can be read.",
    ),
    (
        194,
        "native",
        r"failed with:\s*Exit code 0xc0000043",
        "ninja.exe could not start (damaged, or blocked by antivirus): run `ninja.exe --version` "
        "in its folder; reinstall DevEco Studio if it fails, or add ninja.exe to the antivirus's "
        "allowed list.",
    ),
)

FAQ_SIGNATURES += tuple(
    Signature(
        kind,
        (pattern,),
        fix,
        meaning=f"the build FAQ's message (faqs-compiling-and-building-{page})",
        terms=(f"faqs-compiling-and-building-{page}",),
    )
    for page, kind, pattern, fix in _FAQ_MESSAGES
)

# hvigor's build FAQ (ide-hvigor-faqs, "Cannot read properties of undefined (reading 'XXX')"):
# the property hvigor read decides the cause; (property, kind, the page's steps)
_UNDEFINED_READS: tuple[tuple[str, FindingKind, str], ...] = (
    (
        "setEnabled",
        "hvigor-env",
        "hvigorfile.ts calls getTaskByName('…').setEnabled on a task this node does not have, "
        "or before the configuration phase: use a task name the node lists (default@SignHap, "
        "assembleHap …) and call it in beforeNodeEvaluate, afterNodeEvaluate, nodesEvaluated, "
        "taskGraphResolved or buildFinished.",
    ),
    (
        "isSO",
        "hvigor-version",
        "A fault of the hvigor in older DevEco Studio versions: update DevEco Studio to 5.1.0.840 "
        "or later.",
    ),
    (
        "getPluginId",
        "config",
        "The system field of hvigorfile.ts's `export default` must be appTasks (the project's) "
        "or hapTasks/hspTasks/harTasks (a module's).",
    ),
    (
        "getNeedExecTargetServiceList",
        "config",
        "The module's module.json5 type and its hvigorfile.ts system do not go together: entry "
        "and feature take hapTasks, shared hspTasks, har harTasks.",
    ),
    (
        "app",
        "config",
        "The project has no AppScope/app.json5: restore it (DevEco's template).",
    ),
    (
        "toString",
        "hvigor-env",
        "Unit tests (the test task) do not run on Linux yet: run them on Windows or macOS.",
    ),
    (
        "kind",
        "arkts-source",
        "The ArkTS code declares an array of an empty tuple type (`a: [][] = []`): give the "
        "element its type (`a: string[][] = []`).",
    ),
    (
        "clear",
        "hvigor-env",
        "A third-party DevEco Studio plugin (security hardening …) breaks the build: disable it "
        "and build again; if it stays, set debugging.stacktrace true in hvigor-config.json5 "
        "and read the stack.",
    ),
)

# the same page's other messages: (kind, the message, the page's steps)
_HVIGOR_FAQ: tuple[tuple[FindingKind, str, str], ...] = (
    (
        "config",
        r"Failed to get a resolved OhmUrl for '?hvigor_ignore_",
        "The HAR the import names is declared as an interface HAR: remove "
        '"packageType": "InterfaceHar" from that HAR module\'s oh-package.json5 and build again.',
    ),
    (
        "ohpm-deps",
        r"Failed to get a resolved OhmUrl by filepath",
        "The file lies in no module the build knows: when oh_modules was copied or unzipped "
        "from elsewhere, delete it and sync again (`ohpm install`); a dependency the code uses at run time is "
        "only in devDependencies (move it to dependencies, or add it to the project's "
        "dependencies); a module's srcPath in build-profile.json5 differs from the real folder "
        "(also in case); a module of another project is referenced by a relative path (move it "
        "into this project, use its built .har, or a registry version); or the folder has no "
        "module.json5 (make it a Static Library module and depend on it). Check too that "
        "DevEco Studio and the SDK are versions made for each other (Help > About).",
    ),
    # ninja's object paths past CMAKE_OBJECT_PATH_MAX (250): a folder it cannot make, a
    # command line Windows refuses
    (
        "long-path",
        r"ninja: error: mkdir\([^)\n]*\): No such file or directory",
        "The object files' paths are longer than CMake allows (CMAKE_OBJECT_PATH_MAX, 250 by "
        "default; CMake warns about the path's length above): set(CMAKE_OBJECT_PATH_MAX <250 + "
        "the longest object file name, or total path - its directory part + 32>) in "
        "CMakeLists.txt, or move the project to a shorter path.",
    ),
    (
        "long-path",
        r"\(is the command line too long\?\)",
        "A native build command is longer than Windows allows (object paths past "
        "CMAKE_OBJECT_PATH_MAX, 250 by default): set(CMAKE_OBJECT_PATH_MAX …) in "
        "CMakeLists.txt (250 + the longest object file name); if it still fails, move the "
        "project to a shorter path.",
    ),
    (
        "native",
        r"The following variables are used in this project, but they are set to NOTFOUND",
        "find_path/find_library found nothing: the SDK's ohos.toolchain.cmake limits searches "
        "to CMAKE_SYSROOT; add your folder in CMakeLists.txt (list(APPEND "
        'CMAKE_FIND_ROOT_PATH "<dir>")) or give the path directly.',
    ),
    (
        "config",
        r"\bcJSON_Parse failed\b",
        "A JSON file the build reads (module.json, made from module.json5, or a resource json) "
        "is malformed: a comma after the last item, or a root that is not { }: fix the file it "
        "names (the json5 it is made from).",
    ),
    (
        "config",
        r"\bLABEL_VALUE_ERROR\b",
        'config.json\'s "label" must be a resource reference: add the string to '
        'resources/base/element/string.json and set "label": "$string:<name>".',
    ),
)

FAQ_SIGNATURES += tuple(
    Signature(kind, (pattern,), fix, meaning="hvigor's build FAQ message (ide-hvigor-faqs)")
    for kind, pattern, fix in _HVIGOR_FAQ
)

FAQ_SIGNATURES += tuple(
    Signature(
        kind,
        (rf"Cannot read properties of undefined \(reading '{prop}'\)",),
        fix,
        meaning=f"hvigor reads '{prop}' of undefined (the hvigor build FAQ)",
        terms=(prop, "hvigorfile.ts", "Cannot read properties of undefined"),
    )
    for prop, kind, fix in _UNDEFINED_READS
)

# The quoted errors of the other FAQ pages (DevEco Studio's editor, previewer, debugger, emulator
# and release tools, hvigor's and ohpm's checks of the project files, the app's runtime errors),
# each with the page's remedy: (page slug, kind, the message's patterns, the fix). A page's
# placeholder (xxx, X) is any text; most common first.
_FAQ_QUOTED: tuple[tuple[str, FindingKind, tuple[str, ...], str], ...] = (
    (
        "faqs-compiling-and-building-4",
        "arkts-source",
        # the unquoted form the FAQ prints (the compiler quotes the name: other rows read that)
        (r"Cannot find module (?![\"'`])[^\s\"'`]+ or its corresponding type declarations",),
        "The import names a module the compiler cannot resolve. For a native library "
        "(libxxx.so): give it a declaration, cpp/types/libxxx/index.d.ts with an "
        "oh-package.json5 beside it, add it as a local dependency in the importing module's "
        "oh-package.json5 and Sync Now. For '@kit.xxx': the SDK is older than the Kit imports "
        "(update the SDK / DevEco Studio). For a third-party package: run `ohpm install` in the "
        'module and check the package\'s "main" entry in its oh-package.json5.',
    ),
    (
        "faqs-compiling-and-building-42",
        "config",
        (r"Property '[^'\n]+' does not exist on type 'typeof BuildProfile'",),
        "BuildProfile has no such field: custom fields come from buildProfileFields "
        "(buildOption.arkOptions.buildProfileFields in build-profile.json5). When an HSP's "
        "interface uses a field of its own, the HAP that calls it needs the same "
        "buildProfileFields in its build-profile.json5 (or declare them once in the "
        "project-level build-profile.json5, which applies them to every module).",
    ),
    (
        "faqs-compiling-and-building-159",
        "config",
        (r"The reason attribute (?:are|is) mandatory for user\\?_grant permissions",),
        'A user_grant permission in requestPermissions of the HAR/HSP module.json5 has no "reason": '
        'add "reason" (a $string resource); a HAP module also needs "usedScene".',
    ),
    (
        "faqs-compiling-and-building-151",
        "ohpm-deps",
        (r"The name of the '[^'\n]*' module must be a string, but received a value of type",),
        'The module\'s "name" in its oh-package.json5 is not a string: write it as a quoted '
        'string ("name": "entry").',
    ),
    (
        "faqs-compiling-and-building-180",
        "config",
        (r"hsp has home ability",),
        "The HSP ends up with an entry (home) ability: its own or one merged from a HAR it "
        "depends on (an ability whose skills hold entity.system.home / action.system.home). "
        "Remove those skills from the HSP's module.json5; for a HAR dependency remove them from "
        "the HAR's module.json5 (a local HAR: edit it; a published one: publish a fixed version, "
        "or drop the dependency), then build again.",
    ),
    (
        "faqs-project-management-2",
        "config",
        (r"Incorrect settings found in the build-profile\.json5 file",),
        "The project-level build-profile.json5 is malformed: app.products[] must hold "
        'compatibleSdkVersion and targetSdkVersion as "5.0.0(12)"-style strings (ASCII '
        'parentheses) and "runtimeOS": "HarmonyOS"; runtimeOS belongs to the products of the '
        "project-level file only, delete it from the module-level build-profile.json5.",
    ),
    (
        "faqs-compiling-and-building-75",
        "hvigor-env",
        (r"Couldn't find hvigor[\\/]hvigor-wrapper\.js",),
        "hvigorw runs hvigor/hvigor-wrapper.js of the project: make sure the project's hvigor "
        "folder holds it (commit it to the repository the pipeline checks out), and cd to the "
        "project root before running hvigorw.",
    ),
    (
        "faqs-coding-12",
        "hvigor-env",
        (r"ArkTS language service terminated due to memory constraints",),
        "The editor's node process (the ArkTS language service, 8 GB by default) ran out of "
        "memory: Help > Edit Custom Properties... and add arkts.server.max.old.space.size=12288 "
        "to idea.properties (about 12 GB for 3 million lines, 3 GB more per million), then "
        "restart DevEco Studio.",
    ),
    (
        "faqs-coding-16",
        "hvigor-env",
        (r"Scan files to index fail",),
        "The editor's node process ran out of memory while indexing the project (8 GB by "
        "default): Help > Edit Custom Properties... and add "
        "arkts.server.max.old.space.size=12288 to idea.properties (more for a larger project), "
        "then restart DevEco Studio.",
    ),
    (
        "faqs-previewer-operating-5",
        "hvigor-env",
        (r"Node service error detected\.?\s*Reinstall DevEco Studio",),
        "The previewer's node service did not start: check that the hosts file maps 127.0.0.1 "
        "to localhost (C:\\Windows\\System32\\drivers\\etc\\hosts, /private/etc/hosts); on "
        "Windows restart WinNAT as administrator (`net stop winnat`, then `net start winnat`); "
        "if it stays, DevEco Studio's files are damaged: reinstall it.",
    ),
    (
        "faqs-previewer-operating-3",
        "arkts-source",
        (
            r"@Consume/@Link decorated property \S+ not initiali[sz]ed",
            r"@Consume/@Link\s*装饰的属性",
        ),
        "A component with @Consume/@Link members cannot be previewed alone (nothing provides or "
        "links them): put @Preview on the parent component that @Provide's the value (or passes "
        "the @Link) and preview that.",
    ),
    (
        "faqs-previewer-operating-4",
        "arkts-source",
        (r"There are properties not initiali[sz]ed",),
        "The previewed page reads members the previewer cannot set (AppStorage values, "
        "router.getParams()): mock them: add the dependency @ohos/hamock to oh-package.json5, "
        "import { MockSetup } from '@ohos/hamock' and set the values in a @MockSetup method.",
    ),
    (
        "faqs-previewer-operating-7",
        "config",
        (r"This module is referencing one or more HSPs and cannot be previewed",),
        "The previewer cannot preview a module that depends on an HSP: preview the page inside "
        "the HSP, or run it on an emulator or a device (the previewer's device list); also check "
        "the APIs the page uses are on the previewer's supported list.",
    ),
    (
        "faqs-coding-18",
        "config",
        (r"The default system capabilities of devices? \S+ do not include SystemCapability\.",),
        "The device type's default SysCaps lack the capability the API needs (ArcList needs "
        "SystemCapability.ArkUI.ArkUI.Circle on wearable): update DevEco Studio (6.0.1 Release or "
        "later), or declare the capability in a syscap.json under src/main of the module.",
    ),
    (
        "faqs-coding-14",
        "native",
        (r"Failed to generate NAPI, check the napi\\?_init\.cpp file",),
        "Generate > NAPI needs the property table in napi_init.cpp: declare "
        "`napi_property_descriptor desc[] = {};` in its Init function, then generate again.",
    ),
    (
        "faqs-coding-15",
        "native",
        (r"Could not find usage of napi\\?_module\\?_register in napi\\?_init\.cpp",),
        "Generate > NAPI looks for the module's registration: napi_init.cpp's "
        "RegisterEntryModule must call napi_module_register(&module) with a filled napi_module "
        "(nm_version, nm_flags, nm_filename, nm_register_func = Init, nm_modname, nm_priv), then "
        "generate again.",
    ),
    (
        "faqs-coding-13",
        "native",
        (r"^\s*Unsupported (?:parameter|return) type\.?\s*$",),
        "Generate > NAPI cannot map the function's parameter or return type: use void, numbers "
        "(int, int32_t, uint32_t, int64_t, uint64_t, double; not float), strings (char*, "
        "const char*, std::string …), bool, your own classes/structs, or std::vector<> / "
        "std::array<> of them; no templates, enums, unions, other containers, other references "
        "or pointers, function types or auto.",
    ),
    (
        "faqs-project-management-15",
        "sdk-home",
        (r"Unable to rename the file\.\s*Cause:\s*Unable to delete",),
        "A running process holds a file in the SDK folder, so the SDK cannot be removed: open "
        "Resource Monitor (Task Manager > Performance > Open Resource Monitor), search the "
        "folder's path under Associated Handles, end the process that holds it, then uninstall "
        "again.",
    ),
    (
        "faqs-app-debugging-1",
        "launch",
        (r"Can't set breakpoint to remote debug server",),
        "The debugger cannot place the breakpoint: rebuild so the source map exists "
        "(sourceMaps.map under the module's build/default/intermediates/loader_out/default), "
        "make sure the file is loaded (imported, directly or not, by the entry module: it shows "
        "in the Console once loaded), and do not put it on a line holding only a closing brace.",
    ),
    (
        "faqs-app-debugging-17",
        "crash",
        (r"Incorrect path format in line \S+",),
        "Release stack parsing reads a (path:line:column) frame as an ArkTS frame, and that "
        "frame's path holds characters the OS does not allow: correct the pasted stack to the "
        "(path:line:column) form and parse again.",
    ),
    (
        "faqs-app-debugging-17",
        "crash",
        (r"Failed to find the source file in line \S+",),
        "Release stack parsing found no source for the frame: open the project the stack came "
        "from (the files must exist); with Unscramble stack trace the .so must carry debug info "
        "(`file libxxx.so` shows it) and be the very .so that produced the stack.",
    ),
    (
        "faqs-app-debugging-17",
        "crash",
        (r"SourceMap error in line \S+",),
        "The stack does not match the sourceMap of the project open: build the Release app "
        "again from the source that produced the stack (the same bundle), then parse it; an FA "
        "model stack is parsed with Unscramble stack trace unticked.",
    ),
    (
        "faqs-app-debugging-17",
        "crash",
        (r"\bSo Error in Line \S+",),
        "Give the parser the .so the stack came from, unstripped (`file` says not stripped): set "
        "debugSymbol.strip to false in the module-level build-profile.json5 and build again.",
    ),
    (
        "faqs-app-running-40",
        "device",
        (
            r"Network request failed\. Verify your network connection and Emulator is available "
            r"in your country/region",
        ),
        "DevEco Studio cannot reach the emulator service: delete DevEco Studio's caches "
        "(Windows %LOCALAPPDATA%\\Huawei\\DevEcoStudioX.X\\caches, macOS "
        "~/Library/Caches/Huawei/DevEcoStudioX.X/caches) and restart, try another network "
        "(configure the proxy, a phone hotspot, turn the VPN off), and check the computer and "
        "the Huawei account are in a country/region the emulator supports.",
    ),
    (
        "faqs-app-running-16",
        "device",
        (
            r"无法打开[“\"]?libQt5\w*\.\d+\.dylib",
            r"libQt5\w*\.\d+\.dylib[”\"]? (?:can't|cannot) be opened because Apple cannot check",
        ),
        "macOS blocks the emulator's libraries (quarantined by the unzip): unpack the emulator "
        "image and platform packages with DevEco Studio's Tools > Unzip, then start the "
        "emulator; for now, System Preferences > Security & Privacy > General > Open Anyway.",
    ),
    (
        "faqs-app-running-39",
        "device",
        (r"当前可申请的内存不足",),
        "Windows has too little commit memory left for the emulator's RAM: in Task Manager "
        "(Details, add the Commit size column) close the processes that commit the most, until "
        "the memory left to commit (Performance > Memory) exceeds the emulator's RAM.",
    ),
    (
        "faqs-app-running-33",
        "device",
        (r"system-image\s*文件缺失",),
        "The emulator's system image is missing: update the image in Tools > Device Manager "
        "(Local Emulator, New Emulator), or delete the emulator and create it again.",
    ),
    (
        "faqs-arkui-483",
        "crash",
        (r"the component is not on tree or does not exist",),
        "requestFocus (150003) got the id of a node that is not on the tree or not visible yet "
        "(a visibility just switched on): request the focus once it is visible, in its "
        "onVisibleAreaChange callback.",
    ),
    (
        "faqs-network-41",
        "crash",
        # libcurl's CURLE_PEER_FAILED_VERIFICATION, as netStack reports it (not CMake's
        # file(DOWNLOAD) status "60;\"…\"")
        (r"(?<!;\")SSL peer certificate or SSH remote key was not OK",),
        "The server's HTTPS certificate failed the device's check (untrusted CA, revoked, "
        "expired or for another domain): fix the certificate on the server, or, for a custom "
        "CA, give httpRequest.request its certificate with caPath in HttpRequestOptions. An "
        "Image component cannot take a CA: download the file with rcp (with the CA) and show "
        "the local file.",
    ),
    (
        "faqs-arkweb-98",
        "crash",
        (
            r"Http task of url \S+ cancelled by netStack",
            r"msg from netStack: URL using bad/illegal format or missing URL",
        ),
        "The image request failed in the network: check the connection (DNS 2300006, connect "
        "2300007, bad data 2300008), the image URL (unescaped spaces, typos, http/https) and "
        "the server; the app needs ohos.permission.INTERNET.",
    ),
    (
        "faqs-local-file-manager-31",
        "crash",
        (r"the parameters check fails this is fail path",),
        "request.uploadFile takes only internal:// URIs, files in the app's cache directory: "
        "copy the file into context.cacheDir and pass internal://cache/<name>.",
    ),
    (
        "faqs-ide-app-release-1",
        "signing",
        (r"No app with the specified package name is found under the team",),
        "AppGallery Connect has no app with this bundle name under the signed-in account: "
        "create the app in AppGallery Connect with that account (same bundle name), then open "
        "the upload dialog again.",
    ),
    (
        "faqs-profiler-9",
        "java",
        (r"UnsatisfiedLinkError: no jniavutil in java\.library\.path",),
        "AppAnalyzer's FFmpeg libraries do not load on this older macOS x86_64: update macOS "
        "to its latest version.",
    ),
    (
        "faqs-compiling-and-building-125",
        "rollup",
        (r"Plugin node-resolve: preferring built-in module '[^'\n]+' over local alternative",),
        "A package migrated from npm requires a Node built-in name (util …) that also exists "
        "as a local package: set preferBuiltins: false in resolve({ … }) of rollup.config.js to "
        "use the local one (true to keep the built-in and silence the warning).",
    ),
)

# DevEco Studio's Previewer notices (the previewer pages of DevEco Studio's guide say which
# files it previews and where its errors go): (the notice's pattern, kind, the fix).
_PREVIEWER_NOTICES: tuple[tuple[str, FindingKind, str], ...] = (
    (
        r"Cannot preview this file\. Previews are available for files in",
        "file",
        "The Previewer previews the file open in the editor: open (double-click) an .ets page "
        "of the module, one with an @Entry (or @Preview) component, then click Previewer.",
    ),
    (
        r"Only files in (?:a )?module can be previewed",
        "file",
        "The file open in the editor is outside every module: open a page inside a module "
        "(such as entry/src/main/ets/pages/Index.ets) and start the Previewer there.",
    ),
    (
        r"A preview error may have occurred\. Switch to the Log tab to view details",
        "config",
        "The Previewer could not render the page; its Log tab holds the error. Most often: the "
        'page (or the page it routes to) is not listed in "src" of '
        "resources/base/profile/main_pages.json; the struct has no @Entry or @Preview; a "
        "@Link/@Consume component is previewed alone; or the page calls what the Previewer "
        "cannot run (Web, Video, XComponent, a native .so, Ability APIs): mock it with "
        "@ohos/hamock or run on the Emulator.",
    ),
)

FAQ_SIGNATURES += tuple(
    Signature(
        kind, (pattern,), fix, meaning="DevEco Studio's Previewer notice", terms=("Previewer",)
    )
    for pattern, kind, fix in _PREVIEWER_NOTICES
)

FAQ_SIGNATURES += tuple(
    Signature(
        kind,
        patterns,
        fix,
        meaning=f"the HarmonyOS FAQ's message ({slug})",
        terms=(slug,),
    )
    for slug, kind, patterns, fix in _FAQ_QUOTED
)
