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
    # (a native library's load: dyld refuses it in any process, the SDK's tools' most often)
    Signature(
        "native",
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
        "index.ets): write the path exactly as the file and folder are named. When the import "
        "is a dependency of a library (HAR) built with useNormalizedOHMUrl: true (Taro's "
        "HarmonyOS guide: a library compiled locally), the library's external dependencies "
        "are not resolved: set useNormalizedOHMUrl to false in the library's "
        "build-profile.json5, or remove the option.",
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
