"""hvigor's own messages without a code: the files it reads or made (an intermediate lost, a
project file missing, a library of another OS), its version and its plugin's (a range, two major
versions mixed), and its packages (a tool that cannot start hvigorw, a package of hvigor's own or
another node package it cannot find). Rows spliced into
:data:`hmdesk.core.toolchain.message_signatures.MESSAGE_SIGNATURES` in order. Data only."""

from __future__ import annotations

from hmdesk.core.toolchain.signature import Signature

HVIGOR_FILE_SIGNATURES: tuple[Signature, ...] = (
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
    # hvigor's check of a feature module's entryModules in the wording DevEco's project sync
    # prints (its error-code page, 00303192, words it for the FA model: `entryModules must be
    # configured for a feature module in FA project`)
    Signature(
        "config",
        (r"'?entryModules'? must be configured for a feature module\b",),
        'A feature module must say which entry module it belongs to: add "entryModules": '
        "[\"<entry>\"] to the feature module's build-profile.json5 (the entry module's name as "
        "the project-level build-profile.json5's modules list it, e.g. phone_entry), for each "
        "feature module, then Sync Now.",
        meaning="a feature module without entryModules",
        terms=("entryModules", "build-profile.json5", "feature"),
    ),
)

HVIGOR_VERSION_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        "hvigor-version",
        (r"hvigor-ohos-plugin version .* is not within the expected range",),
        "The hvigor plugin version does not fit this hvigor: update DevEco Studio (its hvigor is "
        "built in: remove @ohos/hvigor-ohos-plugin from the dependencies), or set the plugin "
        "version in hvigor/hvigor-config.json5 to the expected range. An older project opened "
        "in a newer DevEco: choose its compile SDK in File > Project Structure > Project (it "
        "shows -1 when the project's is not installed), then take the fix link DevEco offers.",
        meaning="hvigor-ohos-plugin version out of range",
        terms=("hvigor-ohos-plugin", "hvigor-config.json5", "DevEco"),
    ),
    # hvigor's plugin reading hvigor's own message file (error/error.json) of another major
    # version: the file parses, its layout is not the one this plugin knows
    Signature(
        "hvigor-version",
        (
            r"Not a correct JSON/JSON5 format,? at file: [^\n]*?"
            r"(?:@ohos[\\/]hvigor|[\\/]error[\\/]error\.json)",
        ),
        "hvigor and @ohos/hvigor-ohos-plugin are of different major versions (5.x with 6.x): "
        "keep them on the same version in hvigor/hvigor-config.json5 (modelVersion and the "
        "plugin's entry in dependencies, as a new project of the installed DevEco / Command "
        "Line Tools writes them; a CI that installs hvigor itself must match them too).",
        meaning="hvigor and its plugin are of different major versions",
        terms=("hvigor-ohos-plugin", "hvigor-config.json5", "modelVersion"),
    ),
)

# before them in the table: a module the runtime cannot find for the launched ability
HVIGOR_PACKAGE_SIGNATURES: tuple[Signature, ...] = (
    # a preview build's JavaScript failing on an input it did not find (``The "data" argument …
    # Received undefined``): hvigor-ohos-plugin reads the preview tasks' inputs from the .preview
    # tree only when buildRoot is .preview, which DevEco passes and a script may not
    Signature(
        "hvigor-env",
        (r"Failed :[\w:@-]*@Preview\w+[\s\S]{0,600}?(?:Received undefined|ENOENT)",),
        "A preview task (PreviewArkTS, PreviewBuild) failed on an input it did not find. Run "
        "outside DevEco Studio (hvigorw from a script or an agent), a preview build must pass "
        "-p buildRoot=.preview (with -p previewer.replace.page=<page>): the plugin's preview "
        "tasks write and read the .preview tree only then, and otherwise the resource tasks "
        "write build/ while PreviewArkTS reads .preview. In DevEco, Clean Project and preview "
        "again; if it still fails, the hvigor version itself (try the one DevEco bundles).",
        meaning="a preview build's input not found",
        terms=("PreviewArkTS", "buildRoot", ".preview", "hvigor"),
    ),
    # hvigor's own entry script missing where the wrapper installed it (the project's
    # .hvigor/project_caches or the user's ~/.hvigor cache, its links left dangling by a moved
    # or cleaned folder)
    Signature(
        "hvigor-env",
        (r"\bENOENT\b[^\n]*@ohos[\\/]hvigor[\\/]bin[\\/]hvigor(?:w)?\.js",),
        "hvigor's own package is missing where the wrapper installed it: the hvigor cache "
        "(the project's .hvigor folder, or ~/.hvigor/project_caches for this workspace) points "
        "at files that are gone, e.g. after the project or the user folder was moved, cleaned "
        "or synced. Delete the project's .hvigor folder (and this project's entry under "
        "~/.hvigor/project_caches), then run hvigorw again so it installs hvigor afresh.",
        meaning="hvigor's cached install is broken",
        terms=("hvigor", ".hvigor", "project_caches", "cache"),
    ),
    # cmd.exe's own limit: each .bat of the chain (flutter.bat, hvigorw.bat, ohpm.bat) run again
    # through `cmd /c` from a Unix-like shell until cmd gives up
    Signature(
        "hvigor-env",
        (r"B\s?A\s?T\s?C\s?H\s+R\s?E\s?C\s?U\s?R\s?S\s?I\s?O\s?N\s+exceeds STACK limits",),
        "cmd.exe's batch recursion limit: the build's .bat wrappers (hvigorw.bat, ohpm.bat, a "
        "framework's flutter.bat) re-enter cmd, as they do when started from Git Bash/MSYS: run "
        "the build from PowerShell, cmd or DevEco's terminal, or start hvigor without the .bat "
        "wrappers: `node <DevEco>/tools/hvigor/bin/hvigorw.js assembleHap --no-daemon`.",
        meaning="cmd's batch recursion limit",
        terms=("BATCH RECURSION", "Git Bash", "hvigorw.js", "PowerShell"),
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
    # a tool that runs hvigorw for the project (Qt's harmonydeployqt6, an IDE plugin) could not
    # start it: the path it was given does not lead to hvigorw from where it runs it
    Signature(
        "tool",
        (r"Failed to start hvigorw?\b",),
        "The tool that runs hvigorw could not start it: give it hvigorw's absolute path "
        "(<DevEco>/tools/hvigor/bin/hvigorw, hvigorw.bat on Windows) and check that the file "
        "exists and may be executed. Qt's harmonydeployqt6 runs hvigor from the project folder "
        "it generates, so a relative --hvigor does not resolve: pass --hvigor <absolute path> "
        "or set QT_HARMONYOS_HVIGOR.",
        meaning="a tool could not start hvigorw",
        terms=("hvigorw", "absolute path", "--hvigor", "QT_HARMONYOS_HVIGOR"),
    ),
    # hvigor's own packages: DevEco Studio / the Command Line Tools bring them, npm does not
    Signature(
        "hvigor-env",
        (r"Cannot find module '(?P<module>@ohos/hvigor(?:-ohos-plugin)?)'",),
        "Node cannot find {module}, one of hvigor's own packages: DevEco Studio and the Command "
        "Line Tools bring them (tools/hvigor), npm does not. Build with their hvigorw "
        "(tools/hvigor/bin/hvigorw, hvigorw.bat on Windows) or in DevEco Studio — a bare `node "
        "hvigor.js` does not mount them; a project that lists them in the dependencies of "
        "hvigor/hvigor-config.json5 gets them with `hvigorw --sync`; a tool that runs hvigor's "
        "script from elsewhere (a cross-platform framework's build) must let node find DevEco's "
        "hvigor node_modules (NODE_PATH).",
        meaning="hvigor's own package is missing",
        terms=("hvigorw", "hvigor-ohos-plugin", "DevEco", "node_modules"),
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
)
