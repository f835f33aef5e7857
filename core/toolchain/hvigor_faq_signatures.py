"""hvigor's build FAQ (ide-hvigor-faqs) with its answers: what hvigor's own messages mean, and
``Cannot read properties of undefined (reading 'X')`` decided by the property hvigor read. Data
only."""

from __future__ import annotations

from hmdesk.core.toolchain.finding import FindingKind
from hmdesk.core.toolchain.signature import Signature

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
        # (a page's Markdown escapes the underscore: ``cJSON\_Parse``)
        r"\bcJSON\\{0,2}_Parse failed\b",
        "A JSON file the build reads (module.json, made from module.json5, or a resource json) "
        "is malformed: a comma after the last item, or a root that is not { }: fix the file it "
        "names (the json5 it is made from).",
    ),
    # uni-app's HarmonyOS atomic-service guide (its FAQ): the ASCF toolkit's hvigor plugin at a
    # version that has these faults, or hvigor-config.json5 pinned to an old one
    (
        "hvigor-version",
        r"The subpackage path name does not meet the requirements|"
        r"Cannot find module '@atomicservice/ascf-toolkit[\w/-]*'",
        "A fault of the ASCF toolkit's hvigor plugin an atomic service built with uni-app uses: "
        "set the version of @atomicservice/ascf-toolkit-hvigor-plugin in the dependencies of "
        "hvigor/hvigor-config.json5 to the one uni-app's guide gives (or delete the file so "
        "HBuilderX writes its own), then run again; with an old plugin a subpackage path "
        "holding '-' must use '_' instead.",
    ),
    (
        "config",
        r"\bLABEL_VALUE_ERROR\b",
        'config.json\'s "label" must be a resource reference: add the string to '
        'resources/base/element/string.json and set "label": "$string:<name>".',
    ),
)

HVIGOR_FAQ_SIGNATURES: tuple[Signature, ...] = tuple(
    Signature(kind, (pattern,), fix, meaning="hvigor's build FAQ message (ide-hvigor-faqs)")
    for kind, pattern, fix in _HVIGOR_FAQ
)

HVIGOR_FAQ_SIGNATURES += tuple(
    Signature(
        kind,
        (rf"Cannot read properties of undefined \(reading '{prop}'\)",),
        fix,
        meaning=f"hvigor reads '{prop}' of undefined (the hvigor build FAQ)",
        terms=(prop, "hvigorfile.ts", "Cannot read properties of undefined"),
    )
    for prop, kind, fix in _UNDEFINED_READS
)
