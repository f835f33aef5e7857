"""hvigor's documented error codes (DevEco Studio's "编译构建错误码" pages,
ide-hvigor-errorcode-00301 … 00309: dependency, script, configuration, missing-file, syntax,
permission, operation and ArkTS-compile codes), read from the tables below and
:mod:`.hvigor_config_codes` (the configuration page, 00303xxx). Data only:
:data:`hmdesk.core.toolchain.build_codes.BUILD_CODES` takes every code here it does not word itself.

Each code is two lines: ``CODE KIND | meaning | message`` and, indented, the page's steps as the
fix (``{message}``: the log's ``Error Message:`` text; ``%RESIGN%``, ``%DEVECO%``: the steps
several codes share). The message is a regex of the page's own words (its "XXX" as
``[^\n]*?``), so the code's meaning applies when a log prints the message without the code (an
older hvigor, a title copied into an issue); a code whose message is only generic words
("Unknown Error.", "The file is occupied.", "Unable to delete XXX", "Failed to copy the file:
XXX") has none: its code alone decides.
"""

from __future__ import annotations

from hmdesk.core.toolchain.hvigor_config_codes import CONFIGURATION_CODES

# (kind, meaning, fix, message regex)
HvigorCode = tuple[str, str, str, str]

_SHARED_STEPS = {
    "%RESIGN%": (
        "The signing material (the .p12/.cer/.p7b files and passwords signingConfigs names) is "
        "damaged or incomplete: clear signingConfigs in the project's build-profile.json5, then "
        "sign again (File > Project Structure > Project > Signing Configs, Automatically generate "
        "signature). {message}"
    ),
    "%DEVECO%": (
        "download DevEco Studio (or the Command Line Tools) again from the official site: its "
        "SDK is incomplete or too old"
    ),
}


def read_codes(table: str, shared: dict[str, str] = _SHARED_STEPS) -> dict[str, HvigorCode]:
    """The codes of a table in the two-line layout above (comment lines start with ``#``), a
    ``%NAME%`` in its steps replaced by ``shared``'s text."""
    lines = [ln for ln in table.splitlines() if ln.strip() and not ln.startswith("#")]
    codes: dict[str, HvigorCode] = {}
    for head, steps in zip(lines[::2], lines[1::2], strict=True):
        code_kind, meaning, *message = head.split(" | ")
        code, kind = code_kind.split()
        fix = steps.strip()
        for token, text in shared.items():
            fix = fix.replace(token, text)
        codes[code] = (kind, meaning, fix, message[0] if message else "")
    return codes


_PAGES = r"""
# dependency errors (00301xxx)
00301001 sdk-missing | no HAP signing tool in the SDK | No HAP signing tool found in the SDK
    The SDK has no signing tool (toolchains/lib/hap-sign-tool.jar): %DEVECO%.
00301002 sdk-version | the project's SDK version is too low | The SDK version configured for the current project is too low
    The SDK configured for the project is too old: %DEVECO%, then raise compileSdkVersion.
00301003 sdk-version | the SDK is too old for AOT compiling | Unsupported SDK version for using AOT compiling
    This SDK cannot compile AOT (arkOptions.aotCompileMode): %DEVECO%, or turn AOT off.
00301004 sdk-version | the SDK's AOT compiling has a bug: AOT turned off | Current version of SDK has a bug when using AOT compiling
    AOT compiling was turned off for this SDK's known bug: %DEVECO% (the message names the lowest fixed version).
00301005 sdk-version | bytecode HARs need API 12 or later
    A bytecode HAR (byteCodeHar) needs API 12: raise compileSdkVersion and compatibleSdkVersion in the project's build-profile.json5 to 12 or later, or build the HAR without byteCodeHar.
00301006 ohpm-deps | a remote HSP has no oh-package.json5 | The oh-package\.json5 file cannot be found in the remote HSP
    The remote HSP is damaged (no oh-package.json5 in it): delete it from oh_modules and download it again (`ohpm install`), or ask its author for a good one. {message}
00301007 ohpm-deps | a remote HSP has no .hsp file | Cannot find the \.hsp file in the remote HSP
    The remote HSP is damaged (no .hsp file in it): delete it from oh_modules and download it again (`ohpm install`), or ask its author for a good one. {message}
00301009 ohpm-deps | a local dependency lies outside its module
    A local dependency (file:…) in the module's oh-package.json5 (dependencies or dynamicDependencies) is not inside that module's folder: move it into the module, or depend on it by package. {message}
00301010 config | a package's useNormalizedOHMUrl differs from the project's
    The package named was built with another useNormalizedOHMUrl than this project (strictMode in the project-level build-profile.json5, false when absent): rebuild it with the project's value and replace it; when many dependencies differ, change the project's value instead and replace the packages that still differ. {message}
# script errors: hvigorfile.ts, hvigorconfig.ts, plugins (00302xxx)
00302001 config | FA-model projects have no unit tests | FA mode does not support unit test
    An FA-model project cannot run unit tests: do not run the test task on it (or migrate the project to the Stage model).
00302002 config | the module's plugin was not found | The [^\n]*? plugin was not found when initializing the [^\n]*? module
    module.json5's module.type and the system plugin hvigorfile.ts exports disagree: export hapTasks for an entry/feature module, harTasks for a HAR, hspTasks for a shared module. {message}
00302013 hvigor-env | an API called before the nodes exist | The root node is not yet available for build
    The project's nodes were never registered. Either hvigorconfig.ts runs before nodesInitialized, so the node API it calls fails: call it from hvigorfile.ts (hvigor's lifecycle order); or another hvigor than DevEco Studio's own was loaded and its plugin never registered the root node (faqs-development-environment-39): an hvigor installed in the user's Home (~/node_modules, ~/package.json, ~/package-lock.json), or @ohos/hvigor and @ohos/hvigor-ohos-plugin pinned in the project (package.json, hvigor/hvigor-config.json5) at a version other than the one DevEco bundles. Delete those, the project's node_modules, oh_modules and .hvigor folders (and ~/.hvigor's caches), make hvigor-config.json5's modelVersion match DevEco's version, then Sync and build with DevEco's bundled hvigor.
00302014 hvigor-env | hvigorConfig is not yet available | The hvigorConfig is not yet available for build
    hvigor's configuration was used before it was ready (cause unknown to the page): stop the daemon (`hvigorw --stop-daemon`), build again, and report it to Huawei if it stays.
00302015 hvigor-env | an internal hook function failed
    A hook of a node (hvigorfile.ts) threw: check the hvigor API calls there against the extension API reference. {message}
00302016 config | hvigorfile.ts exports no system plugin (Stage model) | Invalid exports, no system plugins? (?:were|was) found
    hvigorfile.ts must `export default { system: appTasks, plugins: [] }` (the project's) or hapTasks/hspTasks/harTasks (a module's): the system field is missing, names a task set that does not exist, or the file has no default export. {message}
00302017 config | a module named on the command line was removed by hvigorconfig.ts
    The module named on the command line is deleted dynamically in hvigorconfig.ts: keep it there, or do not name it. {message}
00302019 hvigor-env | a custom plugin's order is not a number | exports an invalid plugin [^\n]*? with invalid order return
    A custom hvigor plugin (a file hvigorfile.ts loads) exports a plugin of the wrong shape: its order function must return a number. {message}
00302020 hvigor-env | two custom plugins have one name | exports an invalid plugin [^\n]*? whose name [^\n]*? duplicate
    A custom hvigor plugin (a file hvigorfile.ts loads) exports a plugin of the wrong shape: rename one of the plugins that share a name. {message}
00302021 hvigor-env | a custom plugin file has no default export | File [^\n]*? has no default export\.
    A custom hvigor plugin (a file hvigorfile.ts loads) exports a plugin of the wrong shape: export the plugin as the file's default export. {message}
00302022 hvigor-env | a custom plugin is undefined | exports an undefined plugin
    A custom hvigor plugin (a file hvigorfile.ts loads) exports a plugin of the wrong shape: the file exports undefined: export the plugin object. {message}
00302023 hvigor-env | a custom plugin is not an object | exports an invalid plugin with type
    A custom hvigor plugin (a file hvigorfile.ts loads) exports a plugin of the wrong shape: a plugin must be an object. {message}
00302024 hvigor-env | a custom plugin has no name | exports an invalid plugin without a name
    A custom hvigor plugin (a file hvigorfile.ts loads) exports a plugin of the wrong shape: give the plugin a name (pluginId). {message}
00302025 hvigor-env | a custom plugin's name is not a string | exports an invalid plugin whose name is not a string
    A custom hvigor plugin (a file hvigorfile.ts loads) exports a plugin of the wrong shape: its name must be a string. {message}
00302026 hvigor-env | a custom plugin's order is unknown | exports an invalid plugin [^\n]*? with unknown order
    A custom hvigor plugin (a file hvigorfile.ts loads) exports a plugin of the wrong shape: give it one of the orders hvigor knows. {message}
00302027 hvigor-env | a custom plugin's hook is not a function | exports an invalid plugin [^\n]*? whose hook [^\n]*? is not a function
    A custom hvigor plugin (a file hvigorfile.ts loads) exports a plugin of the wrong shape: each hook it defines must be a function. {message}
00302029 config | hvigorfile's plugin does not match the module's type | The plugin referenced in the hvigorfile does not match moduleType
    The task set hvigorfile.ts registers does not match module.json5/config.json's module type (e.g. harTasks in a HAP module): make them agree (hapTasks for entry/feature, harTasks for har, hspTasks for shared).
00302030 config | apiType differs between hvigorfile.ts and build-profile.json5 | Mismatch with apiType at '
    The module's hvigorfile.ts and its build-profile.json5 set different apiType values: make them the same. {message}
00302031 config | hvigorfile.ts exports no system plugin (FA model) | Invalid exports, no system plugins were found in hvigorfile\. At file:
    An FA-model hvigorfile.ts must `export default { system: legacyAppTasks, plugins: [] }` (legacyHapTasks/legacyHarTasks in a module): the system field is missing, names a task set that does not exist, or the file has no default export. {message}
00302032 config | hvigorfile.ts exports no system plugin | Invalid exports, no system plugins were found in hvigorfile\.\s*$
    hvigorfile.ts must `export default { system: appTasks, plugins: [] }` (the project's) or hapTasks/hspTasks/harTasks (a module's): the system field is missing, names a task set that does not exist, or the file has no default export.
00302033 config | setProperty in hvigorfile.ts fails the schema | Method setProperty validate failed in hvigorfile\.ts
    A value hvigorfile.ts passes to setProperty does not fit the schema: change the field the message names. {message}
00302034 hvigor-env | a lifecycle hook failed | Failed to execute hook '[^'\n]+':
    Code in a hvigor lifecycle hook threw: fix it from the error it names (set debugging.stacktrace true in hvigor-config.json5 for the stack). {message}
00302035 hvigor-env | a custom plugin's function failed | Failed to execute function '[^'\n]+' of the custom plugin
    A function of a custom hvigor plugin threw: fix the plugin (or its input) from the error it names; set debugging.stacktrace true in hvigor-config.json5 for the stack. {message}
00302036 hvigor-env | a node lifecycle hook failed | Failed to execute node hook '[^'\n]+':
    Code in a node's lifecycle hook threw: fix it from the error it names (set debugging.stacktrace true in hvigor-config.json5 for the stack). {message}
00302037 hvigor-env | hvigorfile.ts failed to load | Failed to load or execute hvigorfile\.ts:\s
    The hvigorfile.ts at the place named threw while it was loaded: fix its code from the error (set debugging.stacktrace true in hvigor-config.json5 for the stack). {message}
00302039 hvigor-env | hvigorfile.ts imports a module that is not installed
    hvigorfile.ts imports a plugin hvigor did not install: declare it in the dependencies of hvigor/hvigor-config.json5 and sync; when sync says it installed it but it is still missing (a pnpm fault), set pnpm to "10.16.1" in <user>/.hvigor/wrapper/tools/package.json, run `npm install` in that folder and delete <user>/.hvigor/project_caches. {message}
# missing files and resources (00304xxx)
00304001 config | the app startup configuration file does not exist
    The file module.json5's appStartup names does not exist: create it or fix the reference. {message}
00304002 config | a target's resource directory is invalid | Invalid Targets resource [^\n]*? configuration
    A resource directory in the module's targets (build-profile.json5) ends with a space or does not exist: fix it. {message}
00304003 config | oh-package.json5's main names no file | Invalid main file '[^'\n]*' defined in file
    The file main names in the module's oh-package.json5 does not exist: fix main (e.g. Index.ets). {message}
00304005 config | a worker file does not exist | Cannot find file by '[^'\n]*' at file:
    Remove from workers (build-profile.json5) the path that does not exist, or create the file. {message}
00304007 config | a custom types file does not exist | Can not find the custom type's declaration file
    The declaration file types names in build-profile.json5 does not exist. {message}
00304008 config | a page in config.json does not exist | Forms referenced in the config: '
    (FA model) Remove from config.json's pages the page that does not exist, or create it. {message}
00304010 config | the apPath file is not found | The file corresponding to apPath at
    The file apPath names (AOT partial mode) does not exist: fix the path. {message}
00304011 config | no HAP for the app | No HAP found for the APP
    No target is applied to the product: give at least one module target applyToProducts with the product in the project-level build-profile.json5 (or hvigorconfig.ts).
00304012 config | srcEntry's file is not found | Module-srcEntry not found
    The file srcEntry names (module.json5) does not exist: fix the path. {message}
00304013 config | a runtimeOnly path is not found | using the relative path [^\n]*?\. At file:
    A runtimeOnly path in the module's build-profile.json5 does not lead to a file or folder: fix it. {message}
00304014 config | a resource json file is not found | file or invalid resource directory configuration
    src/main/resources (or the target's resource directory) is missing or lacks the json file named: restore it or fix the target's resource configuration. {message}
00304015 config | a form's src file is not found | Form referenced in the config [^\n]*? was not found
    The src of a form in the configuration file named points at no file of the project or its libraries: fix the path or create the file. {message}
00304016 config | a source file does not exist | Source: [^\n]*? not exists\. At file:
    The source file named does not exist: restore it or fix the reference. {message}
00304017 config | a routerMap page source file does not exist | Unable to find the page source file [^\n]*? routerMap configuration
    The pageSourceFile of a routerMap entry does not exist: fix the path or create the page. {message}
00304018 sdk-missing | pkgContextInfoPath is not available | The pkgContextInfoPath [^\n]*? is not available
    An intermediate file of the build is missing: clean and build again; if it stays, %DEVECO%. {message}
00304019 config | a pkgName does not exist | The pkgName [^\n]*? does not exist\. At file:
    A routerMap pageSourceFile must start with src/ and be the right relative path. {message}
00304020 config | an ability's srcPath file is not found | Module-Abilities-srcPath [^\n]*? not found
    The file an ability's srcPath names does not exist: fix it. {message}
00304021 config | a JS page file is not found | Module-js-page [^\n]*? not found
    The JS page the module names does not exist: fix it. {message}
00304022 config | a module page profile is not found | Module page [^\n]*? not found\. At file:
    resources/base/profile/<name>.json (the pages profile module.json5 names) does not exist: create it or fix the name. {message}
00304024 hvigor-env | a file does not exist or cannot run | Not an internal or external command, operable program, or batch file\. At file:
    The program the build runs does not exist or is not executable: check the path named. {message}
00304025 ohpm-deps | oh-package.json5 does not exist
    The module (or project) has no oh-package.json5: restore it. {message}
00304026 native | headerPath names a folder that does not exist | The property of headerPath specifies directory [^\n]*? which doesn't exist
    headerPath (build-profile.json5) names a folder that does not exist: fix it. {message}
00304027 native | headerPath is not a folder | The property of headerPath specifies directory [^\n]*? is not directory
    headerPath must name a folder. {message}
00304028 native | headerPath holds two files of one name | The following path contains a file with the same name
    The folders headerPath names hold two files of the same name: rename one. {message}
00304029 native | the CMake script externalNativeOptions.path names does not exist | The configured cmake script in externalNativeOptions/path does not exist
    externalNativeOptions.path must name an existing CMakeLists.txt (./src/main/cpp/CMakeLists.txt). {message}
00304030 native | the CMake script is not named CMakeLists.txt | Error cmake script name [^\n]*? should be CMakeLists\.txt
    externalNativeOptions.path must name a file called CMakeLists.txt. {message}
00304031 signing | a signing material is not a folder | Signing materials [^\n]*? is not a directory
    %RESIGN%
00304032 signing | a signing material folder is empty | Signing materials [^\n]*? is an empty directory
    %RESIGN%
00304033 signing | a signing material is not found | Can not find signing material
    %RESIGN%
00304035 config | the project-level build-profile.json5 is not found | Cannot find project build file
    The project has no build-profile.json5 (renamed or deleted): restore it, and run hvigorw from the project root.
00304036 config | an obfuscation rule file is not found | The obfuscation rule file [^\n]*? cannot be found in
    A rule file in the module's build-profile.json5 (arkOptions.obfuscation.ruleOptions.files) does not exist: create it or fix the path. {message}
00304037 config | an HSP module is not found
    The module named is not in the project (name or srcPath wrong in build-profile.json5). {message}
00304047 config | a file for the .tgz is missing | is not exist, Failed to pack the tgz package
    A file or folder the HAR/HSP package needs is missing, so the .tgz was not made: check the path named. {message}
00304048 config | transformLib names no file | Invalid transformLib value, [^\n]*? is not exist
    transformLib (arkOptions) names a file that does not exist: fix the path. {message}
00304049 sdk-missing | a schema file of the SDK is missing | The schema file cannot be found
    The SDK lacks a schema file: %DEVECO%.
00304050 config | an FA module's model is invalid | Invalid module model
    (FA model) A module could not be loaded: check that the module names configured exist.
00304051 config | no node of that name | node not found by node name:
    No module of the name named is in modules of the project-level build-profile.json5: fix the name. {message}
00304054 hvigor-env | app.json5's schema is not initialized | app\.json5 schemaPath not initialized
    The build started before the project was synced: File > Sync and Refresh Project, then build.
00304055 config | a file onDeviceTest needs is missing | Failed to execute the command 'onDeviceTest'
    The file the message names is missing from the module: restore it. {message}
00304056 config | a module's build-profile.json5 is not found | Can not find build config file build-profile\.json5 at '
    The module has no build-profile.json5 at the path named: restore it (DevEco's module template), or fix the module's srcPath in the project-level build-profile.json5. {message}
00304057 ohpm-deps | the parameterFile does not exist | configured at the project level does not exist\. Check at file:
    The parameterFile the project-level oh-package.json5 names does not exist at that place: fix the path. {message}
00304058 ohpm-deps | the parameterFile is not a file | The parameterFile file '[^'\n]*' is not a file
    parameterFile must name a readable file, not a folder. {message}
00304060 config | the ohosTest folder or its file is missing | /src/main/ohosTest directory cannot be found
    Create src/main/ohosTest (or the file named) in the module. {message}
00304061 config | a coverage path is missing
    The path the coverage command needs does not exist: create it (build the ohosTest first). {message}
00304062 config | ohosTest's module.json5 is missing
    The ohosTest source set has no module.json5 at the path named: restore it. {message}
00304063 ohpm-deps | a local dependency in the parameterFile does not exist
    A local dependency path in the parameterFile does not exist (check its spelling and case).
00304064 config | module.json5 is not found
    The module has no src/main/module.json5: restore it (Stage model).
00304065 config | a profile is not found | Profile [^\n]*? not found or invalid resource directory configuration
    The profile file (resources/base/profile/<name>.json, or the target's own resource folder) does not exist: create it or fix the $profile: reference. {message}
00304066 native | a C++ output file does not exist
    The native build's output (a symlink's source) is missing: Build > Clean Project and build again. {message}
00304067 config | app.json5 is not found | app\.json5 file not found
    The project has no AppScope/app.json5: restore it (a new DevEco template project has one) or fix the path the message names. {message}
00304069 native | an executableBinaryPaths path is invalid | Invalid executableBinaryPaths-path
    executableBinaryPaths' path must name an existing file under the module's libs/<abi>/. {message}
# syntax errors (00305xxx)
00305001 arkts-source | ArkTS lint errors
    Fix the ArkTS errors the linter lists above the code.
00305003 hvigor-env | type errors in hvigorfile.ts / hvigorconfig.ts
    Fix the type errors the message lists in hvigorfile.ts or hvigorconfig.ts.
00305004 config | a json/json5 file has a syntax error
    Fix the JSON/JSON5 syntax error at the place named. {message}
00305006 config | a file is not JSON/JSON5 | is not the correct JSON/JSON5 format
    The file named must be JSON or JSON5: fix its content. {message}
00305008 config | a JSON/JSON5 file has a syntax error
    Fix the JSON/JSON5 syntax error at the file:line:column the message names (a missing comma or brace, a comment in a .json file, an empty file). {message}
00305009 native | CMake's file API reply could not be read | CMake file API parse failed
    Build > Clean Project (it removes .cxx), then build again. {message}
00305010 hvigor-env | an undefined property or method in hvigorfile.ts / hvigorconfig.ts
    hvigorfile.ts or hvigorconfig.ts uses a property or method that is not defined: fix the name (or the hvigor version it needs). {message}
00305011 native | undefined symbol | A 'undefined symbol' error has occurred
    The linker did not find a symbol: link the library that defines it (target_link_libraries in CMakeLists.txt, e.g. libace_napi.z.so, libhilog_ndk.z.so), compile the source that defines it, and keep C symbols extern "C". {message}
00305012 native | the CMake task failed | CMake task execution failed
    Remove query arguments (--version, --help, --usage) from externalNativeOptions.arguments in build-profile.json5.
00305013 ohpm-deps | an invalid tag
    A tag must start with a letter or digit, be at most 60 characters of letters, digits, '.', '-', '_', and not be 'latest'. {message}
00305014 native | unknown type name | A 'unknown type name' error has occurred
    A C/C++ type is not declared where it is used: include its header (and add the header's folder to include_directories in CMakeLists.txt), or fix the type's name. {message}
# specification limits (00306xxx; the table words 00306001, 00306003, 00306004, 00306042, 00306046, 00306049, 00306053, 00306054)
00306002 project-path | the project path has Chinese characters | The Node directory and node name cannot contain Chinese characters
    Move the project to a path without Chinese (non-ASCII) characters, and give modules ASCII names.
00306005 config | two targets name the same output | Failed to build the app due to duplicate customized output names
    Give each target's output a unique name in the module's build-profile.json5 (targets[].output.artifactName). {message}
00306006 sdk-version | targetESVersion needs API 12 | TargetESVersion is supported after API 12
    targetESVersion needs compileSdkVersion and compatibleSdkVersion of API 12 or later in the project's build-profile.json5: raise them or remove it.
00306007 config | insight intents need runtimeOS HarmonyOS | The runtimeOS that supports the insightintent project can only be HarmonyOS
    A project with insight intents must set runtimeOS to HarmonyOS (project- and module-level build-profile.json5).
00306008 sdk-version | insight intents need API 11 | Unsupported API version\. Insight intent is supported after API 11
    Raise compileSdkVersion and compatibleSdkVersion to API 11 or later for insight intents.
00306009 sdk-version | the SDK is too old for insight intents | Unsupported SDK version\. Insight intent is supported after API 11
    The SDK is older than API 11: %DEVECO%.
00306010 sdk-version | the SDK does not support ArkData | The current SDK version does not support ArkData
    This SDK has no ArkData support: %DEVECO%.
00306011 sdk-version | the SDK does not support uiSyntax | The current SDK version does not support uiSyntax
    This SDK has no uiSyntax support: %DEVECO%.
00306012 config | runtimeOnly needs a Stage-model project of API 11 | Invalid configuration of runtimeOnly in
    runtimeOnly (dynamic import) needs compatibleSdkVersion 11 or later and apiType stageMode in the module's build-profile.json5. {message}
00306013 config | atomic services are not for OpenHarmony | Atomic service development is not supported for OpenHarmony stage model
    An atomic service needs runtimeOS HarmonyOS in the project-level build-profile.json5.
00306014 sdk-version | atomic services need API 11 | Atomic service development is not supported for compileSdkVersion/compatibleSdkVersion less than api 11
    Raise compileSdkVersion and compatibleSdkVersion to API 11 or later for an atomic service.
00306015 native | atomic services have no native code | Atomic service development does not support Native development
    Remove externalNativeOptions (native code) from the atomic service's build-profile.json5. {message}
00306016 config | atomic services take ArkTS widgets only | Atomic service development only supported arkTS widget
    Remove the JS widgets (code and configuration) from the atomic service: ArkTS only.
00306017 sdk-version | an integrated HSP needs API 12 | The integratedHsp can only be used in API 12 and later
    Raise compileSdkVersion and compatibleSdkVersion to API 12 or later for integratedHsp.
00306018 config | an integrated HSP needs useNormalizedOHMUrl | The integratedHsp is available only when useNormalizedOHMUrl is set to true
    Set useNormalizedOHMUrl to true (strictMode in the project-level build-profile.json5) for integratedHsp.
00306019 config | bundledDependencies need a bytecode HAR | Only the byte code har supports to configure the bundledDependencies
    bundledDependencies need useNormalizedOHMUrl true (project-level strictMode) and byteCodeHar true (the module's arkOptions).
00306026 config | lite wearables take JS only | Lite wearable only support JS
    A lite-wearable project holds JS only: remove the .ts files.
00306027 config | a dependency does not support the device type | that the current module depends on does not support the device type
    A module this one depends on does not list the device type in its module.json: use a version of it that supports that device, or drop the device type. {message}
00306030 config | transformLib is not relative | Invalid transformLib, its value should be a relative path
    Write transformLib (arkOptions) as a relative path.
00306034 config | buildRoot starts with .. | Invalid buildRoot value
    The buildRoot given to hvigorw must be inside the module (not start with ..). {message}
00306035 native | an unknown abiFilter | Unknown abiFilter\s
    abiFilters (build-profile.json5) takes arm64-v8a and x86_64 only: fix the value. {message}
00306036 hvigor-task | ohosTest as a HAR/HSP target | not supported for building an 'ohosTest' target
    Build a HAR or HSP with another target; ohosTest is a target for HAP modules only. {message}
00306038 config | a Stage-model module depends on an FA-model library | does not allow Harmony library packages or modules in FA model
    Remove the FA-model library or module from the Stage-model module's dependencies. {message}
00306039 ohpm-deps | an HSP depends on itself | Shared Library cannot depend on shared module self
    Remove the HSP's dependency on itself from its oh-package.json5. {message}
00306040 ohpm-deps | an FA module depends on a non-source OpenHarmony npm package | does not allow OpenHarmony npm packages, which artifactType is not original
    Remove the bytecode or obfuscated OpenHarmony npm package from the FA module's dependencies. {message}
00306041 config | an FA-model module depends on a Stage-model library | does not allow Harmony library packages or modules in Stage model
    Remove the Stage-model library or module from the FA-model module's dependencies. {message}
00306043 ohpm-deps | a JS module depends on an ArkTS library | does not allow ArkTS dependency
    Remove the ArkTS dependency from the JS module's oh-package.json5. {message}
00306044 hvigor-env | a worker ran out of JS heap
    A build worker reached its memory limit: lower hvigor.pool.maxSize or ohos.arkCompile.maxSize, or set hvigor.enableMemoryCache false, in hvigor-config.json5 (properties), or build without --parallel.
00306045 config | useNormalizedOHMUrl needs compatibleSdkVersion 5.0.0(12)
    With compatibleSdkVersion 4.1.0(11) or lower set useNormalizedOHMUrl to false (project-level build-profile.json5), or raise compatibleSdkVersion to 5.0.0(12). {message}
00306047 ohpm-deps | several HSPs depend on one HAR | Found HSPs that have the same HAR
    Several HSP modules depend on the same HAR (it is packed into each): move it into an HSP or restructure the modules (the modular-design best practice).
00306048 sdk-version | autoLazyImport needs API 12 beta3 | autoLazyImport cannot be configured for the current API version
    With compatibleSdkVersion API 12 set compatibleSdkVersionStage to beta3, or set autoLazyImport false.
00306050 config | an FA project depends on another project's module
    Remove the other project's module from srcPath in the project-level build-profile.json5.
00306051 config | a Stage project names an FA-model module
    Remove the FA-model module from the project-level build-profile.json5.
00306052 config | a HAP module outside the project
    Depend on an HSP or a HAR instead of another project's HAP module.
00306055 config | an external module is not configured | Missing module configuration for external module outside the current project
    Declare every module the project uses, the external ones too, in modules of the project-level build-profile.json5.
00306056 hvigor-env | the hvigor daemon exited abnormally | A log of daemon process can be found at file
    The hvigor daemon died (usually out of memory; its log says): raise nodeOptions.maxOldSpaceSize in hvigor-config.json5, or build without the daemon (--no-daemon) to see whether it is the daemon. {message}
00306057 native | executableBinaryPaths' path is not relative | The executableBinaryPaths-path [^\n]*? should be a relative path
    Write executableBinaryPaths' path as a relative path. {message}
# permission errors (00307xxx)
00307001 hvigor-env | a file could not be created or written
    The user has no right to create or write the file named: give it (or move the project to a folder the user owns). {message}
00307003 ohpm-deps | a dependency of a shared bundle is not shared | The currentBundleType is shared, but the Package [^\n]*? bundleType is not shared
    app.json5's bundleType is shared but a dependency is not: remove that dependency. {message}
00307005 hvigor-env | a file is held by another process
    Another process (an antivirus, encryption software, an editor) holds a project file or DevEco's: close it, or add the project and DevEco Studio's folders to the antivirus's exceptions (try with it off).
# operation errors (00308xxx)
00308001 hvigor-env | a file could not be deleted
    The file does not exist, the user may not delete it, or another process holds it: check, wait for it to be released, or delete it by hand. {message}
00308003 hvigor-env | hvigor's entry file is not found
    hvigor's own files were damaged: delete <user>/.hvigor/project_caches/<id>/workspace and build again. {message}
00308004 hvigor-env | the build folder could not be deleted
    A file in the build folder is held by another process: close it (or wait) and build again. {message}
00308005 hvigor-env | a file could not be written | Write file failed: [^\n]*?, at file:
    The file does not exist, the user may not write it, or another process holds it: check the path named. {message}
00308006 hvigor-env | encryption or decryption failed
    hvigor could not encrypt or decrypt (signing passwords): sign again; report it to Huawei if it stays.
00308007 hvigor-env | a file operation failed | Failed to operate file as\s
    The user may not operate on the file, or its path is wrong. {message}
00308008 hvigor-env | a file could not be written | Failed to write File[:：](?!\s*please check)
    Check the file's rights, that its path exists, and that the disk has space. {message}
00308009 hvigor-env | the file to write was not found | Failed to write File[:：]\s*please check File Path
    The path of the file to write is wrong or does not exist: fix it. {message}
00308010 hvigor-env | pnpm store prune failed | pnpm store prune execute failed
    The user may not change pnpm's cache folder in the user folder: give the rights.
00308013 hvigor-env | a folder could not be deleted
    The user may not delete the folder, or a file in it is held by another process. {message}
00308014 hvigor-env | a file could not be copied
    The file to copy does not exist or cannot be read. {message}
00308015 hvigor-env | a folder could not be copied
    The folder to copy does not exist or cannot be read. {message}
00308017 hvigor-env | hvigor's cache material was changed | Cache material error\. Please ensure that no cache materials have been added
    Files were added to or changed in ~/.hvigor/meta (ac, ce and fd hold 1, 1 and 3 entries): delete the meta folder under .hvigor and build again.
00308019 hvigor-env | an npm package is not in the registry
    hvigor's own install of the hvigor-config.json5 dependencies (pnpm) failed: the package is not in the npm registry .npmrc names (a misspelt name, or not published there): check hvigor-config.json5's dependencies and the registry. {message}
00308020 hvigor-env | that version of an npm package is not in the registry
    hvigor's own install of the hvigor-config.json5 dependencies (pnpm) failed: the registry has no such version (`pnpm view <pkg> versions`); for @ohos/hvigor-ohos-arkui-x-plugin use the version a new ArkUI-X template project's hvigor-config.json5 names. {message}
00308021 hvigor-env | the npm registry timed out
    hvigor's own install of the hvigor-config.json5 dependencies (pnpm) failed: the registry in .npmrc did not answer (ETIMEDOUT): check its address, the proxy and the firewall, or use another registry. {message}
00308022 hvigor-env | a package is missing from the offline mirror
    hvigor's own install of the hvigor-config.json5 dependencies (pnpm) failed: offline, pnpm did not find the package in the local mirror: copy the offline packages again, complete (DevEco's offline set-up guide). {message}
00308023 hvigor-env | the npm registry's certificate expired
    hvigor's own install of the hvigor-config.json5 dependencies (pnpm) failed: the registry's server certificate expired (CERT_HAS_EXPIRED): ask its owner to renew it, or use another registry in .npmrc. {message}
00308024 hvigor-env | the npm registry timed out
    hvigor's own install of the hvigor-config.json5 dependencies (pnpm) failed: the registry in .npmrc did not answer (ETIMEDOUT): check its address, the proxy and the firewall, or use another registry. {message}
# ArkTS compile errors (00309xxx)
00309001 arkts-source | a relative import leaves the module | Cannot import files outside of the current module using relative paths
    A relative import may not reach a file outside the current module: depend on the other module (oh-package.json5) and import it by package name. {message}
00309002 arkts-source | an absolute path in an import | Avoid absolute paths in imports
    Import by a relative path or a package name, not an absolute path. {message}
00309003 arkts-source | an import cannot be resolved | Cannot resolve import statement\s
    With caseSensitiveCheck true the import must match the file's case, and a folder import needs index.ets/index.ts (lower-case i): import the file itself or rename Index to index. {message}
"""

HVIGOR_CODES: dict[str, HvigorCode] = {**read_codes(_PAGES), **read_codes(CONFIGURATION_CODES)}
