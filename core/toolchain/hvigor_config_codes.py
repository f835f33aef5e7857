"""hvigor's configuration error codes (00303xxx, the ide-hvigor-errorcode-00303 page): build-profile.json5,
module.json5, app.json5, oh-package.json5, hvigor-config.json5, signing materials and the app
startup, widget and dynamic-import configuration. The layout is :mod:`.hvigor_codes`'s: two lines
a code, ``CODE KIND | meaning | message`` and the page's steps. Codes whose message the build FAQ
words (:mod:`.faq_signatures`: 00303214, 00303219, 00303220, 00303221) or that
:data:`~hmdesk.core.toolchain.build_codes.BUILD_CODES` words itself are not repeated here.
"""

CONFIGURATION_CODES = r"""
# configuration errors (00303xxx)
00303002 config | no module for a task | Cannot find hvigor node in [^\n]*? with task
    hvigorfile.ts names a module that does not exist for a task: fix the module name. {message}
00303003 config | no module for a dependent task | Cannot find dependent hvigor node [^\n]*? with task
    A task depends on a task of a module that does not exist: fix the module name in hvigorfile.ts. {message}
00303004 hvigor-task | a task depends on a task that does not exist | Cannot find hvigor task [^\n]*? in module [^\n]*? required by
    A task depends on a task name hvigor does not have: fix the dependency's task name in hvigorfile.ts. {message}
00303010 config | modules in build-profile.json5 is not an array | modules' property should be an array in root project build-profile\.json5
    The modules field of the project-level build-profile.json5 must be an array ("modules": [{ "name": "entry", "srcPath": "./entry" }]).
00303011 config | no modules
    The project-level build-profile.json5 declares no modules: add the modules array (name and srcPath of each module).
00303012 ohpm-deps | the parameterFile is not found | corresponding to the parameterFile is not find
    The parameterFile the project-level oh-package.json5 names does not exist: fix its path and name (or remove parameterFile). {message}
00303013 sdk-version | hvigor needs API 8 or later | Hvigor only works with API version 8 and later versions
    compatibleSdkVersion is below 8: make a new project with an SDK of API 8 or later.
00303015 sdk-version | compatible ≤ target ≤ compile SDK version is broken | compatibleSdkVersion <= targetSdkVersion <= compileSdkVersion
    Set the SDK versions in the project's build-profile.json5 so that compatibleSdkVersion <= targetSdkVersion <= compileSdkVersion.
00303017 config | an app startup entry is an absolute path | the value of 'srcEntry' or 'configEntry' should be a relative path
    The app startup configuration (the file module.json5's appStartup names) is wrong: configEntry and each startupTasks srcEntry must be relative paths. {message}
00303018 config | an app startup entry is not an .ets/.ts/.js file | under 'startupTasks' and 'configEntry' should be ets,ts or js
    The app startup configuration (the file module.json5's appStartup names) is wrong: configEntry and each startupTasks srcEntry must name an .ets, .ts or .js file. {message}
00303019 config | an app startup entry is another module's file | in startupTasks should be the module file where it is configuration
    The app startup configuration (the file module.json5's appStartup names) is wrong: configEntry and each startupTasks srcEntry must be files of this module. {message}
00303020 config | an app startup entry does not exist | the code file specified by the field 'srcEntry' or 'configEntry' in startupTasks must exist
    The app startup configuration (the file module.json5's appStartup names) is wrong: the file configEntry or a startupTasks srcEntry names does not exist: create it or fix the path. {message}
00303021 config | an appPreloadHintStartupTasks entry is not a .so | the field 'srcEntry' in appPreloadHintStartupTasks should be so
    The app startup configuration (the file module.json5's appStartup names) is wrong: each appPreloadHintStartupTasks srcEntry must name a .so. {message}
00303022 config | two startup tasks have one name | Duplicate name '[^'\n]*' exists in the '[^'\n]*' attribute in the startup configuration
    A name is used twice among the startupTasks/appPreloadHintStartupTasks of this module and the modules it depends on: make each name unique. {message}
00303023 config | a preload startup task's .so is missing | the \.so file must exist and be correctly configured in the dependency
    The app startup configuration (the file module.json5's appStartup names) is wrong: the .so an appPreloadHintStartupTasks srcEntry names must exist and be a dependency in the module's oh-package.json5. {message}
00303024 hvigor-version | the project's structure must be upgraded | The project structure and configuration need to be upgraded before use
    The project was made for an older DevEco Studio: migrate it to the integrated project structure (DevEco offers Migrate when it opens the project; the integrated project migration guide lists the file changes: hvigor-config.json5 modelVersion, no hvigor-wrapper, the SDK versions in build-profile.json5).
00303025 hvigor-version | hvigor-config.json5's modelVersion is not a string | Incompatible types of hvigor modelVersion
    Write modelVersion in hvigor/hvigor-config.json5 as a string ("modelVersion": "5.0.0").
00303026 hvigor-version | oh-package.json5's modelVersion is not a string | Incompatible types of oh-package\.json5 modelVersion
    Write modelVersion in oh-package.json5 as a string ("modelVersion": "5.0.0").
00303027 hvigor-version | modelVersion differs between hvigor-config.json5 and oh-package.json5 | The modelVersion in hvigor-config\.json5 is [^\n]*?the modelVersion in oh-package\.json5 is
    Give hvigor/hvigor-config.json5 and the project-level oh-package.json5 the same modelVersion. {message}
00303029 hvigor-version | oh-package.json5's modelVersion is not supported | Unsupported modelVersion of oh-package\.json5
    oh-package.json5's modelVersion is one this hvigor does not support: set the version the message allows (the installed DevEco Studio's), or update DevEco Studio. {message}
00303030 config | an OpenHarmony project needs compileSdkVersion in its product | For the OpenHarmony project, you need to configure the compileSdkVersion in the product
    An OpenHarmony project needs compileSdkVersion in the product: add it to app.products[] of the project-level build-profile.json5.
00303031 sdk-version | compileSdkVersion is not supported | Unsupported compileSdkVersion
    compileSdkVersion in the project's build-profile.json5 is one the installed SDK / DevEco Studio does not support: set a supported version (the message names it; a newer one needs a newer DevEco Studio). {message}
00303032 sdk-version | compatibleSdkVersion is not supported | Unsupported compatibleSdkVersion
    compatibleSdkVersion in the project's build-profile.json5 is one the installed SDK does not support: set a supported version (the message names it). {message}
00303033 config | compatibleSdkVersion is not configured | Please configure compatibleSdkVersion in the product
    Add compatibleSdkVersion to the product (app.products[]) of the project-level build-profile.json5.
00303035 sdk-version | an FA-model project needs API 8 or later | fa-model project can only support the development of API version 8 or later
    Set compatibleSdkVersion in the project-level build-profile.json5 to 8 or later.
00303036 sdk-version | a Stage-model project needs API 9 or later | stage-model project can only support the development of API version 9 or later
    Set compatibleSdkVersion in the project-level build-profile.json5 to 9 or later.
00303037 sdk-version | the device's API is below compatibleSdkVersion | can only run on devices of API version [^\n]*? or later
    The device runs an older API than the app's compatibleSdkVersion: update the device's system, or set compatibleSdkVersion to the device's API. {message}
00303039 config | a name is configured twice
    A name (a module's, a target's, a product's) is used twice: make each one unique in the file the message names. {message}
00303040 config | no default product | Unable to find or load the default product
    The project-level build-profile.json5 has no product named "default": add it to app.products[].
00303041 config | mini-system and standard-system devices mixed | It's not allowed to configure mini-system device when standard-system device exists
    deviceTypes mixes a mini-system (lite) device with standard-system devices: keep one kind in the file the message names.
00303042 config | several mini-system devices | The device types cannot include multiple mini-system devices
    deviceTypes lists more than one mini-system device: keep one.
00303043 config | mini-system devices in an FA project | Mini-system devices cannot be configured in an FA project
    An FA-model project cannot target a mini-system device: remove it from deviceTypes.
00303044 config | more than one default widget
    form_config.json marks more than one card isDefault: true: keep one.
00303045 config | a widget updates without updateDuration or scheduleUpdateTime
    A card in form_config.json has updateEnabled: true but neither updateDuration nor scheduleUpdateTime: set one of them.
00303046 ohpm-deps | a @param key is not in the parameterFile
    A @param:key in oh-package.json5 has no value in the parameterFile: add the key there or fix its name. {message}
00303047 ohpm-deps | a parameterFile key is not a valid package name | in parameterFile is invalid, only support at\(@\)
    A key of the parameterFile breaks the package-name rules (only @, /, letters, digits, '.', '-' and '_'): rename it. {message}
00303048 ohpm-deps | a parameterFile version is not semver | in parameterFile, the version must comply with the semver specifications
    A version in the parameterFile is not a semver version: write it as x.y.z (or a semver range). {message}
00303050 config | 'main' must be an .ets/.ts/.js file | The value of 'main' must be a \.ets, \.ts, or \.js file
    The main field of the module's oh-package.json5 must name an .ets, .ts or .js file (e.g. Index.ets).
00303051 config | a worker is not an .ets/.ts/.js file | Field 'workers' only accepts path ends with
    Remove from buildOption's workers (build-profile.json5) the path that is not an .ets, .ts or .js file. {message}
00303052 config | lite-wearable projects of API 9+ support only JS | Lite-wearable devices with API version 9 or later support only JS
    A lite-wearable module of API 9 or later is JS only: remove src/main/ets from the module.
00303053 config | the module's name differs from module.json5's | must be same as moduleName in module\.json5
    The name of the module in the project-level build-profile.json5 (or hvigorconfig.ts) must equal module.name in its module.json5: make them the same. {message}
00303054 config | custom types need an ArkTS module | Only ArkTS project supports custom types
    Only an ArkTS module may set types in build-profile.json5: remove it from the JS module, or make the module ArkTS.
00303055 config | a custom type's file is named with its suffix | The custom type's declaration file [^\n]*? does not require the suffix
    List the declaration files in types without their .d.ets/.d.ts suffix. {message}
00303056 config | a custom type's file is not .d.ets/.d.ts | The suffix of custom type's declaration file '[^'\n]*' is not valid
    Each file types names must be a .d.ets or .d.ts declaration file. {message}
00303057 ohpm-deps | FA-model modules have no dynamicDependencies | do not support dynamicDependencies
    An FA-model module cannot use dynamicDependencies: move them to dependencies in oh-package.json5. {message}
00303058 config | a widget's defaultDimension is not supported | Invalid default dimension settings in these widgets
    A card's defaultDimension is not among its supportDimensions (form_config.json / form profile): add it there or pick a listed one. {message}
00303059 config | a permission is declared twice | Duplicate permission names detected under
    Remove the duplicated permission from the list the message names (requestPermissions / definePermissions in module.json5). {message}
00303060 config | the devices' system capabilities do not overlap | The intersection of the system capability sets configured for multiple devices is empty
    The device types in syscap.json's general and custom have no SystemCapability in common: choose device types whose capabilities overlap.
00303061 config | no device types and no syscap general | the general and custom fields in the syscap\.json file are not specified
    Set deviceTypes in the module's module.json5, and syscap.json's general to the same device types. {message}
00303062 config | a target's deviceType is not the module's | Invalid target deviceType
    A target in the module's build-profile.json5 names a deviceType that module.json5's deviceTypes does not list: add it to deviceTypes or fix the target.
00303065 config | a target's runtimeOS differs from its product's | The runtimeOS configuration of the target [^\n]*? does not match the product
    Give the module-level and the project-level build-profile.json5 the same runtimeOS (HarmonyOS or OpenHarmony) for the target and its product. {message}
00303071 config | a target applies to a product that does not exist | Invalid product for target
    A target's applyToProducts in the project-level build-profile.json5 names a product that app.products[] does not define: fix the name. {message}
00303072 config | the ohosTest target is applied to a product | 'ohosTest' target cannot be applied to product
    The ohosTest target is not packed into the app: remove the target named ohosTest from the module's targets (applyToProducts) in the project-level build-profile.json5.
00303073 config | an unknown target
    The target named (on the command line or in a product) is not defined in the module's build-profile.json5 targets: add it or use a defined one. {message}
00303075 config | oh-package.json5's version is not a string | The version number of the module must be a string
    The module's oh-package.json5 needs "version" as a string ("version": "1.0.0"). {message}
00303076 config | oh-package.json5's name is not a string | The name of the module must be a string, but received
    The module's oh-package.json5 needs "name" as a string. {message}
00303077 config | the module's device types do not overlap its entry module's | don't overlap that [^\n]*? in the associated [^\n]*? module
    (FA model) The module's deviceType values and those of its entryModules have nothing in common: change the module's deviceType so they overlap. {message}
00303078 config | config.json's js and abilities share a name with another type | the type field does not match between 'module\.abilities' and 'module\.js'
    (FA model) An entry of module.js and one of module.abilities in config.json have the same name but different types: make the names unique. {message}
00303082 sdk-missing | the SDK for a configured version is not installed
    The SDK hvigor uses (DEVECO_SDK_HOME's) has no SDK of the version the project names: install that version in DevEco's SDK Manager, point DEVECO_SDK_HOME at an SDK that has it, or set compileSdkVersion/targetSdkVersion/compatibleSdkVersion in build-profile.json5 to an installed one; with a DevEco Studio older than NEXT Developer Beta1 (hvigor and the SDK not made for each other) use the integrated DevEco Studio, which ships its own SDK, node, hvigor and ohpm. {message}
00303083 sdk-version | an SDK version's platform and API do not match | The platform version [^\n]*? and API version [^\n]*? in build-profile\.json5 do not match
    A compatibleSdkVersion/compileSdkVersion/targetSdkVersion in build-profile.json5 pairs a platform version with another API (e.g. "5.0.0(12)"): use a pair the Compatible SDK list of DevEco's new-project page shows. {message}
00303087 config | a dynamic import outside the project | Invalid dynamic import configuration [^\n]*? in current module
    A runtimeOnly dynamic import names a file outside this module and the project's other modules: import from within the project. {message}
00303088 config | a dynamic import file is not .ts/.ets | Invalid file [^\n]*? found in the module [^\n]*? dynamic import files
    Each file of the module's runtimeOnly dynamic imports must be a .ts or .ets file. {message}
00303089 config | a dynamic import across modules while noExternalImportByPath is true | Invalid dynamic import configuration [^\n]*? in module\s
    With noExternalImportByPath true (project-level build-profile.json5), runtimeOnly cannot import another module's file: import within the module, or set noExternalImportByPath false. {message}
00303090 config | a dynamic import is not a declared dependency | Invalid dynamic import configurations in current module
    Each runtimeOnly dynamic import (a package, or a relative path) must be declared in the dependencies of oh-package.json5; a file inside a third-party package cannot be named. {message}
00303091 config | a field must be a relative path | Invalid configuration of [^\n]*? field
    The field the message names (srcEntry in module.json5) must be a relative path (./ets/…). {message}
00303092 config | a widget has no src | The required field form\.src is missing
    Add src to the card in the widget configuration file (form_config.json / form profile).
00303093 config | a widget's src is outside its module | The value of form\.src: [^\n]*? is not under module
    A card's src must be a file of the module: fix the path. {message}
00303094 config | an atomic service without mainElement | The 'mainElement' field was not found in the module\.json5 file
    An atomic service's module.json5 needs mainElement (the name of its entry ability).
00303096 config | a mock-config.json5 path is invalid
    A path in mock-config.json5 is wrong or does not exist: fix it. {message}
00303098 config | app.json5's configuration names no file | Invalid configuration in the app\.json5
    The file the configuration field of app.json5 names does not exist: create it or fix the path.
00303099 config | a configured path does not exist | Invalid configuration\. The path of [^\n]*? does not exist
    The path the field names does not exist: create it or fix the field in the file named. {message}
00303100 config | syscap.json's general differs from the device types | The value of general in the syscap\.json file must be the same as
    syscap.json's general must equal the field (deviceTypes) of the file the message names: make them the same. {message}
00303101 config | syscap.json's general is missing or wrong | Unable to find the general field or its value is invalid
    Add general to syscap.json with the same device types as the module's deviceTypes. {message}
00303104 config | a routerMap pageSourceFile is not under src/ | Invalid pageSourceFile format in the [^\n]*? routerMap configuration
    Each pageSourceFile in the routerMap profile must be a relative path starting with src/ (src/main/ets/pages/A.ets). {message}
00303105 config | an ability's srcLanguage is not defined | Module-Abilities-srcLanguage in [^\n]*? is not defined
    Add srcLanguage to the ability in the file named (module.abilities[].srcLanguage). {message}
00303106 signing | signingConfigs has no material | The material has not been configured in signingConfigs
    signingConfigs in the project-level build-profile.json5 has no material: sign again (File > Project Structure > Signing Configs) so DevEco writes it. {message}
00303107 signing | a signing material value is empty or missing | Invalid [^\n]*? value\. Make sure it is not null or empty\. The file must be included in
    A signing field (storeFile, profile, certpath …) in the project-level build-profile.json5 is empty or names a file that does not exist: fix it, or sign again (File > Project Structure > Signing Configs). {message}
00303108 signing | the signing configuration's type does not fit runtimeOS | Signing configuration [^\n]*? does not apply to
    signingConfigs[].type and the product's runtimeOS (HarmonyOS/OpenHarmony) in the project-level build-profile.json5 must agree. {message}
00303110 config | module.json5 has no pages | Unable to replace pages\. Cannot find moduleJsonObj\.module\.pages
    Add pages (the $profile:main_pages reference) to the module's module.json5. {message}
00303111 config | a buildProfileFields value is not number/string/boolean | buildProfileFields only support number/string/boolean
    Each value in buildProfileFields (build-profile.json5) must be a number, string or boolean. {message}
00303112 config | bytecode HARs need normalized OHM URLs
    A bytecode HAR needs useNormalizedOHMUrl: set products[].buildOption.strictMode.useNormalizedOHMUrl to true in the project's build-profile.json5.
00303113 native | externalNativeOptions.path is empty | The configured cmake script in externalNativeOptions/path cannot be empty
    externalNativeOptions.path in build-profile.json5 must name the CMakeLists.txt (./src/main/cpp/CMakeLists.txt). {message}
00303114 native | armeabi-v7a is not supported on HarmonyOS | \"armeabi-v7a\" not supported for HarmonyOS
    Remove armeabi-v7a from abiFilters (externalNativeOptions in build-profile.json5): a HarmonyOS project builds arm64-v8a and x86_64. {message}
00303115 native | armeabi-v7a alone on OpenHarmony | \"armeabi-v7a\" not supported for OpenHarmony as the only option
    Add "arm64-v8a" or "x86_64" to abiFilters: armeabi-v7a cannot be the only ABI. {message}
00303117 signing | a signing password's length is even | The length of the storePassword or keyPassword field in the signature configuration is an even number
    storePassword/keyPassword in build-profile.json5 are not the encrypted values DevEco writes: %RESIGN%
00303118 signing | signing material data error | Signing material data error
    %RESIGN%
00303119 signing | a signing material is illegal | Signing failed: Signing materials [^\n]*? is illegal
    %RESIGN%
00303120 signing | the signing material is empty or not a directory | Signing failed: signing material [^\n]*? is empty or not a directory
    %RESIGN%
00303121 signing | signing material error | (?:Signing failed: )?Signing material error\b
    hvigor's stale record of the signing material: delete the meta files it keeps in the .hvigor folder of the user's home (C:\Users\<user>\.hvigor on Windows), then sign again (重新签名) and build (faqs-compiling-and-building-44). If it still fails: %RESIGN%
00303127 config | apPath is not an .ap file | The suffix of apPath at [^\n]*? is invalid
    apPath (AOT partial mode's profile, build-profile.json5) must name a .ap file. {message}
00303128 config | minAPIVersion is not configured | The minAPIVersion was not configured
    Add minAPIVersion to the file the message names. {message}
00303130 config | a module's product is not found
    The product the module needs is missing from app.products[] of the project-level build-profile.json5 (or named wrongly in a target's applyToProducts). {message}
00303136 hvigor-env | two plugins have one ID | Plugin with ID [^\n]*? has been registered
    Two plugins in hvigorfile.ts register the same pluginId: make each ID unique. {message}
00303137 hvigor-env | no .npmrc in the user folder | The hvigor depends on the npmrc file
    hvigor needs ~/.npmrc: create it in the user folder with `registry=https://repo.huaweicloud.com/repository/npm/` and `@ohos:registry=https://repo.harmonyos.com/npm/`.
00303138 config | a module name is empty | Error module name, can not be empty string
    A module name in hvigorfile.ts is the empty string: give it its name.
00303139 hvigor-env | a node hook is not beforeNodeEvaluate/afterNodeEvaluate | node Hook must be beforeNodeEvaluate or afterNodeEvaluate
    Register the node hook as beforeNodeEvaluate or afterNodeEvaluate.
00303140 config | a node is not found by its name | Cannot find Node, at file:
    A module name in the file named is wrong (no such node): fix it. {message}
00303143 hvigor-task | a task is not found by its name | Can not find task [^\n]*?\.\s*At file:
    A task name in the file named does not exist: fix it. {message}
00303144 hvigor-task | a task key contains ':' | is not a valid task node key\. The values of moduleName and taskName cannot contain
    moduleName and taskName in hvigorfile.ts may not contain ':'. {message}
00303145 hvigor-task | a custom task has an existing task's name | Duplicate task: [^\n]*?\. Rename the task
    Rename the custom task: its name is one hvigor (or another task) already has. {message}
00303146 ohpm-deps | oh-package.json5's version is not semver | file version format is not compliant
    The version of the module's oh-package.json5 must be semver ("1.0.0"). {message}
00303147 config | bundleType shared needs shared modules | module type must be shared when bundleType is shared
    app.json5's bundleType is shared but the module's type is not: set the module's type to shared in module.json5, or bundleType to something else. {message}
00303153 config | a json5 file path does not exist (or JDK 25 with DevEco 6.0.2.640)
    The json5 file the message names does not exist: fix the path's spelling. When the message says only "Configuration Error" while packing from the command line with DevEco Studio / Command Line Tools 6.0.2.640, it is JDK 25 on the PATH (its JDK-8370216 change breaks the packing): `java --version`, use a JDK below 25 (DevEco's own jbr as JAVA_HOME, first on PATH), or update DevEco Studio / the Command Line Tools to 6.0.2.642 or later. {message}
00303155 config | a path is a folder, not a file | the path: [^\n]*? is not a file path
    The path names a folder where a file is needed: point it at the file. {message}
00303157 config | an ability name is used twice in config.json | Check the ability name in the config\.json file and make sure it is unique
    Make each ability's name in config.json unique.
00303158 config | a widget name is used twice in config.json | Check the form name in the config\.json file and make sure it is unique
    Make each form's (card's) name in config.json unique.
00303159 config | the FA model cannot modify that file | FA mode does not support modifying the
    A hvigor API that modifies a file is used in an FA-model project: use the Stage model. {message}
00303160 hvigor-env | a plugin path must be relative | Only relative path is allowed
    Write the plugin's path in hvigorfile.ts as a relative path.
00303161 hvigor-env | a plugin path does not exist | plugin path [^\n]*? not exists
    The plugin path in hvigorfile.ts does not exist: fix its spelling. {message}
00303164 hvigor-env | a plugin file is not .ts | plugin file [^\n]*? must end with \.ts
    A plugin file hvigorfile.ts names must end with .ts. {message}
00303166 config | buildOptionSet's copyFrom forms a circle | copyFrom has circle
    The copyFrom chain of buildOptionSet in build-profile.json5 comes back to itself: break the circle. {message}
00303169 config | a HAR module lacks the target asked for
    The target given on the command line is missing in the HAR module the built module depends on: give both modules the same target (build-profile.json5 targets), or build without naming it for the HAR. {message}
00303170 config | an HSP module lacks the target asked for
    The target given on the command line is missing in the HSP module the built module depends on: give both modules the same target (build-profile.json5 targets). {message}
00303172 config | transformLib is not a file | Invalid transformLib value [^\n]*? is not File
    transformLib (arkOptions in build-profile.json5) must name a library file: fix the path. {message}
00303173 config | transformLib must be a .dll on Windows | Invalid transformLib value, it requires a \.dll file in Windows
    On Windows transformLib must name a .dll.
00303179 config | metadata.resource is not a string | metadata\.resource must be string in file
    metadata[].resource (module.json5) must be a string such as "$profile:shortcuts". {message}
00303181 config | metadata.resource names nothing | Cannot resolve symbol metadata\.resource
    The profile metadata[].resource names ($profile:x) does not exist: add resources/base/profile/x.json or fix the name. {message}
00303183 hvigor-env | setVersion got a non-string | Invalid dependency: Version [^\n]*? is not a string
    hvigorfile.ts's setVersion must be given a string. {message}
00303184 hvigor-env | a dependency version set in hvigorfile.ts is not a string | Invalid dependency: DependencyVersion [^\n]*? is not a string
    A dependency version hvigorfile.ts sets must be a string. {message}
00303185 hvigor-env | hvigorfile.ts adds or removes products | Cannot add or delete products
    setBuildProfileOpt in hvigorfile.ts may not add or remove products of the project-level build-profile.json5: edit the file instead. {message}
00303186 hvigor-env | hvigorfile.ts renames a product or runtimeOS | Cannot rename products or runtimeOS
    setBuildProfileOpt in hvigorfile.ts may not change a product's name or runtimeOS. {message}
00303188 config | module.type is invalid | moduleType: [^\n]*? is an invalid value
    module.type in module.json5 (or config.json) must be entry, feature, har or shared. {message}
00303189 config | runtimeOS is invalid | runtimeOS: [^\n]*? is an invalid value
    runtimeOS in build-profile.json5 must be HarmonyOS or OpenHarmony. {message}
00303190 config | a Page ability has no JS component of its name | A Page ability requires a JS component with the same name
    (FA model) config.json needs a JS component with the Page ability's name. {message}
00303191 config | an ability name is not in config.json | Ability name [^\n]*? does not exist in config\.json
    (FA model) The ability named is not defined in config.json: define it or fix the name. {message}
00303192 config | an FA feature module without entryModules | entryModules must be configured for a feature module in FA project
    Add entryModules to the feature module's build-profile.json5.
00303193 config | config.json has no deviceType | Unable to obtain the module deviceType\.
    Add deviceType to the module's config.json (FA model).
00303194 config | module.json5 has no deviceTypes | Unable to obtain the module deviceTypes
    Add deviceTypes to the module's module.json5 (for a HAR too: the devices it serves).
00303195 config | module.json5 has no module | Unable to obtain the module information at file
    The module.json5 named has no module object: restore it (DevEco's template). {message}
00303196 config | module.json5 has no module.type | Unable to obtain the module type at file
    Add module.type (entry, feature, har or shared) to the module.json5 named. {message}
00303197 ohpm-deps | parameterFile is missing or invalid | Missing or invalid config of parameterFile in the project-level oh-package\.json5
    The project-level oh-package.json5 uses @param: values but parameterFile is missing or wrong: add parameterFile with the path of the parameter file. {message}
00303198 config | the project-level build-profile.json5 does not fit the schema | The project-level build-profile\.json5 file does not comply with the schema
    The project-level build-profile.json5 has fields of a module's (copied from a module), or a module's hvigorfile.ts exports appTasks: remove the copied fields, and export hapTasks/hspTasks/harTasks from each module's hvigorfile.ts. {message}
00303199 config | no products in build-profile.json5 | No products found in the build-profile\.json5 file
    Add products (at least one named default) to the project-level build-profile.json5.
00303200 config | an ArkUI-X module name is invalid | Invalid module name settings in these modules
    A module in arkui-x-config.json5's modules is not a module of the project: fix the name. {message}
00303201 config | a module's target is not found | The module target [^\n]*? is not found in the
    The target named (on the command line or in build-profile.json5) is not defined in the module: fix it. {message}
00303202 config | no entry module
    The feature module's build-profile.json5 needs entryModules naming an existing entry module.
00303203 config | a build mode on the command line is not in buildModeSet | used in command line is not declared in buildModeSet
    Add the build mode to buildModeSet in the project-level build-profile.json5 (or use debug/release). {message}
00303204 config | a build mode in buildModeBinder is not in buildModeSet | used in buildModeBinder is not declared in buildModeSet
    Add the build mode buildModeBinder uses to buildModeSet. {message}
00303205 config | a target in buildModeBinder is not declared | Target [^\n]*? used in buildModeBinder is not declared
    Add the target buildModeBinder uses to the targets of the file named. {message}
00303206 config | a build option in buildModeBinder is not declared | Build option [^\n]*? used in buildModeBinder is not declared
    Add the build option buildModeBinder uses to buildOptionSet of the file named. {message}
00303207 sdk-home | the ArkUI-X SDK is not found | in local\.properties or [^\n]*? in the system environment path
    Download the ArkUI-X SDK (File > Settings > ArkUI-X) and give its path in local.properties or the environment variable the message names. {message}
00303208 sdk-home | the SDK directory is not found
    Give the SDK's path in local.properties (or the environment variable the message names), then stop the daemon (`hvigorw --stop-daemon`) and build again. {message}
00303209 config | an FA entry module lacks the target
    The entry module a feature module is tied to has no target of the name built: add it to the entry module's targets. {message}
00303210 config | two modules have an arkdata JSON file of one name | module has the same name as the [^\n]*? file in the [^\n]*? module
    Rename one of the two arkdata JSON files the message names. {message}
00303211 config | the module has no ohosTest target | does not exist ohosTest target, Failed to execute the command
    Coverage needs an ohosTest target: add a target named ohosTest to the module's build-profile.json5. {message}
00303215 ohpm-deps | a dependency's key differs from its package name | There are some dependency names that are inconsistent with the actual package names
    A dependency in oh-package.json5 is declared under another name than the name in its own oh-package.json5: use the package's own name as the key. {message}
00303216 ohpm-deps | a parameterFile dependency is not a folder, .har or .tgz
    A dependency value in the parameterFile must be a folder or a .har/.tgz file.
00303218 config | a user_grant permission lacks reason and usedScene | The reason and usedScene attributes are mandatory for user_grant permissions
    A user_grant permission in module.json5's requestPermissions needs "reason" (a $string: resource) and "usedScene" ({ "abilities": [...], "when": "inuse" }); in a HAR/HSP module reason is enough.
00303222 config | a user_grant permission lacks reason | The reason attribute are mandatory for user_grant permissions
    A user_grant permission in module.json5's requestPermissions needs "reason" (a $string: resource); a HAP module's also "usedScene".
00303223 config | a FormExtensionAbility has no metadata
    The form ExtensionAbility in module.json5 needs metadata ([{ "name": "ohos.extension.form", "resource": "$profile:form_config" }]).
00303224 config | a FormExtensionAbility's metadata lacks ohos.extension.form
    Add to the form ExtensionAbility's metadata an object named ohos.extension.form with its resource ("$profile:form_config").
00303225 config | two abilities have one name
    An ability or extensionAbility name is used twice in this module and the HARs it depends on (module.json5): make each name unique.
00303226 config | a widget name is not in form_config.json
    The card name used is not defined in form_config.json: add it there or fix the name. {message}
00303227 config | string.json has no 'string'
    A string.json resource file needs its top-level "string" array.
00303228 ohpm-deps | a tag in oh-package.json5's version | The 'tag' keyword is not allowed for 'version'
    When the version comes from the parameterFile, it may not be a tag: give a version. {message}
00303229 config | a module has no name | The required attribute: module-name is missing
    Each entry of modules in the project-level build-profile.json5 (and each includeNode in hvigorconfig.ts) needs a non-empty name.
00303230 config | a module has no srcPath | The required attribute module-srcPath is missing
    Each entry of modules in the project-level build-profile.json5 (and each includeNode in hvigorconfig.ts) needs a non-empty srcPath.
00303231 config | a module's srcPath is not relative
    includeNode in hvigorconfig.ts must be given srcPath as a relative path. {message}
00303232 hvigor-task | a task dependency names a module that does not exist | node while setting the task dependencies in the
    A task dependency in hvigorfile.ts names a module that does not exist: fix the module name. {message}
00303234 config | a path is not found | Path not found\. At path:
    The path the message names does not exist: fix the configuration that names it. {message}
00303236 hvigor-env | hvigor-config.json5 has a syntax error
    Fix the JSON5 syntax error in hvigor/hvigor-config.json5 at the place named. {message}
00303237 hvigor-env | ohos.align.target is not a string | The value of 'ohos\.align\.target' in hvigor-config\.json5 must be a string
    ohos.align.target in hvigor-config.json5 must be a string.
00303238 config | an insight intent names an ability that does not exist
    insight_intent.json names an ability (uiAbility) that module.json5's abilities do not have: fix the name or add the ability. {message}
00303242 signing | the signing material failed verification | Signature material verification failed, as:
    Sign again (File > Project Structure > Project > Signing Configs); if it still fails the material is damaged: delete the material folder under ~/.ohos/config (C:\Users\<user>\.ohos\config) and sign again. {message}
00303243 config | an insight intent names a service extension that does not exist
    insight_intent.json's serviceExtension names an ability that module.json5's extensionAbilities (type service) do not have. {message}
00303244 config | an insight intent names a form extension that does not exist
    insight_intent.json's form names an ability that module.json5's extensionAbilities (type form) do not have. {message}
00303245 config | an insight intent names a UI extension that does not exist
    insight_intent.json's uiExtension names an ability that module.json5's abilities or extensionAbilities do not have. {message}
00303249 hvigor-task | custom tasks depend on each other in a circle | Circular dependency between the following tasks
    The custom tasks' dependencies form a circle: remove one of the dependencies the message lists.
00303250 config | FA-model projects have no preloadSystemSo | FA mode does not support 'preloadSystemSo'
    Remove preloadSystemSo from buildOption (or set it false).
00303251 config | preloadSystemSo with singleFileEmit | 'ohos\.arkCompile\.singleFileEmit' does not support when 'preloadSystemSo'
    preloadSystemSo (build-profile.json5) and ohos.arkCompile.singleFileEmit (hvigor-config.json5) cannot both be true: turn one off.
00303252 config | a referenced module does not exist | Referenced module [^\n]*? not found
    The module formExtensionModule/formWidgetModule names is not in the project: fix the name. {message}
00303253 config | formExtensionModule must be an entry or feature module | formExtensionModule can only reference entry or feature modules
    Point formExtensionModule at an entry or feature module. {message}
00303254 config | a standalone widget's modules do not point at each other | must have formWidgetModule/formExtensionModule pointing back to
    The standalone widget's module and the app's module must name each other (formWidgetModule / formExtensionModule). {message}
00303255 config | embedded and standalone widgets together | Embedded widgets and standalone widgets must not be used together
    Use either the standalone widget package or widgets embedded in the app (form_config.json in both the entry and the library): remove one.
00303256 ohpm-deps | a standalone widget depends on an HSP | When a module is a standalone widget, all of its dependencies must be HAR modules
    A standalone widget's library module may depend on HAR modules only: remove the HSP dependency from its oh-package.json5.
00303257 config | deliveryWithInstall is not true | Field deliveryWithInstall was not set to true
    Set deliveryWithInstall to true in module.json5 of both the entry and the widget library of a standalone widget.
00303258 sdk-version | standalone widgets need API 20 | Standalone widgets are not supported on API versions earlier than 20
    Set compatibleSdkVersion to 6.0.0(20) or higher in the project-level build-profile.json5.
00303259 config | formWidgetModule must be an HSP module | formWidgetModule can only reference a hsp module
    Point formWidgetModule at an HSP (shared) module. {message}
00303260 config | a crossAppSharedConfig uri is used twice across modules | Duplicate 'crossAppSharedConfig' object uris detected
    Make each uri in the modules' shared configuration files (crossAppSharedConfig) unique.
00303261 config | a crossAppSharedConfig uri is used twice | Duplicate uri exists in the crossAppSharedConfig configuration file
    Make each uri in the module's crossAppSharedConfig file unique.
00303262 config | FA-model projects have no expandImportPath | FA mode does not support 'expandImportPath'
    Remove expandImportPath from build-profile.json5.
00303263 config | expandImportPath.exclude names a non-local dependency | configured in 'expandImportPath\.exclude' are prohibited
    expandImportPath.exclude may only name local HAR modules' aliases: remove the others. {message}
00303265 config | a sourceRoots path is invalid
    Each sourceRoots path in the module's build-profile.json5 must exist once, be relative, and be a folder inside the module. {message}
00303267 config | the product is not found | Can not find product [^\n]*?\. At File:
    The product given to the build (-p product=…) is not in app.products[] of the project-level build-profile.json5: use a defined one. {message}
00303268 ohpm-deps | a HAR two HSPs share must be the HAP's dependency too | the common dependency of [^\n]*? must be declared in dependencies of
    Declare the HAR both HSPs depend on in the HAP's oh-package.json5 dependencies. {message}
00303269 config | FA-model projects have no deduplicateHar | The FA model does not support the 'deduplicateHar' field
    Remove deduplicateHar (or set it false).
00303270 sdk-version | deduplicateHar needs compatibleSdkVersion 21 | 'deduplicateHar' can be enabled only when 'compatibleSdkVersion' is greater than
    Set compatibleSdkVersion to 21 or later, or deduplicateHar to false.
00303271 config | idDefinedFilePath must be an existing json5 file | 'idDefinedFilePath': [^\n]*? must be an existing json5 file
    idDefinedFilePath (buildOption.resOptions) must name an existing .json5 file. {message}
00303272 config | deduplicateHar needs idDefinedFilePath | When 'deduplicateHar' is enabled, the 'idDefinedFilePath' field must be configured
    With deduplicateHar true, set idDefinedFilePath under buildOption.resOptions.
00303273 config | deduplicateHar supports one HAP a product | The 'deduplicateHar' field supports only one HAP per product
    With deduplicateHar, each product may hold only one HAP. {message}
00303274 config | deduplicateHar with libIsolation | When 'deduplicateHar' is enabled, the 'libIsolation' field cannot be set to true
    With deduplicateHar true, set libIsolation to false.
00303275 config | deduplicateHar needs useNormalizedOHMUrl | When 'deduplicateHar' is enabled, the 'useNormalizedOHMUrl' field must be set to true
    With deduplicateHar true, set useNormalizedOHMUrl to true.
00303276 config | a customized HAR must be a bytecode HAR | The har module must be set to byte code har when building customized har
    Building a customized HAR (packingOptions.customizedOptions.basePackage) needs the HAR module to be a bytecode HAR (byteCodeHar true).
00303277 config | ohos.compile.lib.entryfile true for a customized HAR | ohos\.compile\.lib\.entryfile must not set to true when building customized har
    Set ohos.compile.lib.entryfile in hvigor-config.json5 to false (or remove it) when building a customized HAR.
00303278 config | the module's hvigorfile.ts yields no plugin | Unable to get plugin in hvigorfile\.ts of module
    The module's hvigorfile.ts uses something undefined, or exports a system plugin that does not fit module.json5's type (entry/feature: hapTasks, shared: hspTasks, har: harTasks). {message}
00303280 native | binxo needs HWASan and BINXO on | Before enabling binxo, ensure that both
    Set externalNativeOptions.arguments to '-DOHOS_ENABLE_HWASAN=ON -DOHOS_ENABLE_BINXO=ON' before enabling binxo.
00303282 config | oh-exports needs useNormalizedOHMUrl | 'oh-exports' is configurable only when 'useNormalizedOHMUrl' is true
    oh-exports is allowed only with useNormalizedOHMUrl true (project-level build-profile.json5).
00303283 config | an oh-exports path is not inside the module | Only valid relative paths within the module are supported
    Each path in oh-exports must be a valid relative path inside the module. {message}
00303284 config | an oh-exports path is not a folder or .ets/.ts/.js | Only directories or \.ets/\.ts/\.js files are supported
    Each path in oh-exports must be a folder or an .ets/.ts/.js file. {message}
00303285 config | -p buildVersion is invalid | -p buildVersion=[^\n]*? is invalid
    The -p buildVersion value is not a valid buildVersion (app.json5's rules). {message}
00303286 native | an executableBinaryPaths path is not a file | The executableBinaryPaths-path [^\n]*? is not a file
    executableBinaryPaths' path must name a file, not a folder. {message}
00303287 native | -DOHOS_COMPATIBLE_SDK_VERSION differs from compatibleSdkVersion | The '-DOHOS_COMPATIBLE_SDK_VERSION=[^\n]*?' parameter configured under externalNativeOptions
    In the module's build-profile.json5 (externalNativeOptions.arguments) write -DOHOS_COMPATIBLE_SDK_VERSION as an x.x.x version equal to the project-level compatibleSdkVersion, or drop it and let hvigor pass it; a build outside hvigor (Bazel, GN) must pass the same compiler argument itself. {message}
00303288 native | an executableBinaryPaths path is outside libs/ | is not found in allowed libs directories
    Put the executable under the module's libs/<abi>/ (arm64-v8a, x86_64) and point executableBinaryPaths at it. {message}
00303295 config | a HAR's extensionAbility srcEntry is a .so
    A HAR module's extensionAbility srcEntry cannot be a .so: remove it. {message}
00303296 config | a .so srcEntry path is written wrongly
    A .so srcEntry is relative to libs/<abi> with no leading /, ./, ../ or \ ("ole/liboleEntry.so" for libs/arm64-v8a/ole/liboleEntry.so). {message}
"""
