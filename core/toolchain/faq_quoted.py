"""The errors the HarmonyOS FAQ's pages quote (besides the build FAQ's, :mod:`.faq_signatures`),
each with the page's remedy. Data only."""

from __future__ import annotations

from hmdesk.core.toolchain.finding import FindingKind
from hmdesk.core.toolchain.signature import Signature

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
        "faqs-signature-service-18",
        "signing",
        # the page's first case (its others: build_signatures' AppGallery Connect rows)
        (r"Bundle name \S+ does not exist\.",),
        "Automatic signing found no app or atomic service with this bundleName in AppGallery "
        "Connect: click Add App ID in the error dialog and add it (App package name = the "
        "project's bundleName), or create the app in AppGallery Connect with that bundleName, "
        "then sign again.",
    ),
    (
        "faqs-compiling-and-building-105",
        "project-path",
        # Node's ENOENT from fs.realpath, with or without its errno
        (r"no such file or directory, realpath '[^'\n]*'",),
        "The build cannot find the file or folder the message names (realpath resolves a path "
        "that must exist): check that the path exists, that its file and folder names are "
        "spelled right with the same upper/lower case, and that the build has permission to "
        "read it (a dependency's path: run `ohpm install` again).",
    ),
    (
        "faqs-compiling-and-building-197",
        "hvigor-env",
        (
            r"Connection between client and daemon is disconnected",
            r"Create hvigor server failed\. (?:No Idle daemon can be found|The daemon is closed)",
        ),
        "hvigor's client cannot reach its daemon (the Previewer always builds through one): "
        "every port of hvigor's range 45000-45099 is taken or not permitted (`netstat -ano | "
        "findstr 450`), security software, a VPN or a proxy blocks it (turn it off), or the "
        "cache in the user's .hvigor folder is unreadable or damaged: delete ~/.hvigor "
        "(C:\\Users\\<user>\\.hvigor) and build again; reinstall DevEco Studio as a last resort.",
    ),
    (
        "faqs-compiling-and-building-114",
        "signing",
        (r"generate SignerBlock failed",),
        "The signing key pair does not match: the private key (keyAlias in the keystore) and "
        "the public key in the certificate (certpath / -appCertFile) are not a pair, so the "
        "signature cannot be verified. Choose the keyAlias and the certificate that belong "
        "together; a certificate requested with a .csr exported for another keyAlias must be "
        "requested again from this keyAlias's .csr.",
    ),
    (
        "faqs-app-test-4",
        "hdc",
        # the FAQ's line alone (Docker names its container between the words)
        (r"(?<![\w-] )\bcontainer is not running\b",),
        "The test mode was switched on before any test was on the device (`hdc shell param set "
        "persist.ace.testmode.enabled 1`): run a test case from DevEco Studio once (it pushes "
        "the test package to the device), then run the command again.",
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
        "faqs-command-line-tool-31",
        "hdc",
        (r'Get parameter "[^"\n]*" fail! errNum is:\s*106\b',),
        "param get names a parameter this device does not have (devices differ in the "
        "const.product.* parameters they expose): check the device is the one meant (`hdc list "
        "targets`), list what it has with `hdc shell param get | grep const.product` and query "
        "one of the names it lists.",
    ),
    (
        "faqs-compiling-and-building-218",
        "config",
        (r"\bmoduleContext is null in hvigorfile\b",),
        "A module's hvigor plugin (HMRouter's hapPlugin(), hspPlugin(), harPlugin()) is in the "
        "project-level hvigorfile.ts, where there is no module context: declare the plugin "
        "package (@hadss/hmrouter-plugin) in hvigor/hvigor-config.json5 dependencies and move "
        "`plugins: [hapPlugin()]` into each module's own hvigorfile.ts (entry/hvigorfile.ts; "
        "the plugin matching the module's type).",
    ),
    (
        "faqs-development-environment-25",
        "native",
        (
            r"Sync failed\. The CPP language service will be provided using the cached compile_commands",
        ),
        "DevEco Studio's C++ sync state is stale (a project pulled from elsewhere, or made by an "
        "older IDE): delete the module's .cxx folder and .idea/.deveco/cxx/compile_commands.json "
        "(or copy the module's configuration from a new project of the current IDE), Build "
        "Haps, then File > Sync and Refresh Project.",
    ),
    (
        "faqs-ide (OpenHarmony)",
        "hdc",
        (r"The hdc_std version of the SDK does not match the hdcd version of the device",),
        "The SDK's hdc_std and the device's hdcd are of different versions: use an SDK whose "
        "toolchains match the device's system version (update DevEco Studio / the SDK, or flash "
        "the device to the matching system), then check with `hdc_std version` and "
        "`hdc_std shell param get const.ohos.fullname`.",
    ),
    (
        "agc-harmonyos-clouddev-faq",
        "signing",
        (r"hmos auth app doesn'?t have permission",),
        "The app calling the cloud function is not signed as the AppGallery Connect app it "
        "belongs to: sign it with automatic signing that associates the registered app "
        "(DevEco: Signing Configs > Automatically generate signature, with the AGC app "
        "selected), or with manual signing using that app's AGC certificate and profile.",
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

FAQ_QUOTED_SIGNATURES: tuple[Signature, ...] = tuple(
    Signature(
        kind,
        patterns,
        fix,
        meaning=f"the HarmonyOS FAQ's message ({slug})",
        terms=(slug,),
    )
    for slug, kind, patterns, fix in _FAQ_QUOTED
)
