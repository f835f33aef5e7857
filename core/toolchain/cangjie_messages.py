"""The Cangjie (仓颉) toolchain's messages in a HarmonyOS build or launch: the compiler ``cjc``'s
errors, the package manager ``cjpm``'s, the Cangjie hvigor plugin's tasks and codes, and the
Cangjie UIAbility's launch line. Data only.

Sources: cjc prints ``error: <message>`` with its place on the next line, `` ==> file.cj:L:C:``
(the Cangjie docs' sample of ``diagReport``, which "reports like the compiler",
docs.cangjie-lang.cn libs/std/ast report.md); its messages are the compiler's diagnostic table
(cangjie_compiler ``include/cangjie/Basic/DiagnosticsAll.def``: ``sema_ambiguous_match``,
``sema_ambiguous_constructor_match``, ``sema_ambiguous_func_ref``, ``sema_no_match_constructor``,
``sema_no_match_function_declaration_for_call``, and the import check the language guide's
package chapter shows, ``'C' is not accessible in package 'pkga'``). A HarmonyOS Cangjie module's
root package is ``ohos_app_cangjie_<module>`` and its sub-folders add ``.<folder>`` (DevEco's
Cangjie project template; cjc's ``the package name in … is wrong, the right name should be …``);
OpenHarmony's ``CJUIAbility`` loads the ability class named by module.json5 from that package
and logs ``null cjAbilityObj`` when it finds none, ``null cjAppHandle`` when the Cangjie library
does not load (ability_runtime ``cj_ui_ability.cpp``). cjpm's build profile has
``[profile.build] incremental`` and a package's per-target options ``[target.<triple>]`` (the
cjpm manual); its own errors (third_party_cangjie_tools ``cjpm/src``: ``DataModelException: this
data is not DataModel…`` reading its incremental build cache, ``can not find the package … which
is listed``, ``can not find the following dependencies``, ``parse the 'cjpm.toml' file failed``); the Cangjie hvigor plugin (``@ohos/cangjie-build-support``) runs the
``CangjiePreBuild`` and ``CompileCangjie`` tasks and prints its own codes, 011xxxxx, in hvigor's
layout (``<code> Configuration Error`` then the message, as hvigor's 00303xxx).
"""

from __future__ import annotations

from hmdesk.core.toolchain.signature import Signature

# cjc's place line under its message: `` ==> a.cj:9:22:`` (a page may drop the arrow)
_CJ_PLACE = r"\n[ \t]*(?:==>[ \t]*)?(?P<location>(?:[A-Za-z]:)?[^\s:]*?[\w.-]+\.cj:\d+:\d+)"

CANGJIE_SIGNATURES: tuple[Signature, ...] = (
    # ---- cjc: messages whose remedy the compiler's own words decide
    Signature(
        "arkts-source",
        (
            r"(?:\berror: )?ambiguous match for (?:constructor call|function call|reference) "
            r"'(?P<name>[^'\n]+)'(?:" + _CJ_PLACE + r")?",
        ),
        "cjc (the Cangjie compiler) finds two overloads of {name} that fit the call equally. "
        "Most often a constructor or function without parameters, init(), sits beside one whose "
        "parameters all have default values (named parameters `p!: T = v`), so a call without "
        "arguments matches both: remove the parameterless init() (the defaults already allow a "
        "call with none), or pass arguments / named arguments so that only one overload fits.",
        meaning="Cangjie: ambiguous overload",
        terms=("Cangjie", "cjc", "overload", "init"),
    ),
    Signature(
        "arkts-source",
        (
            r"(?:\berror: )?no matching (?:constructor for call|function declaration for "
            r"function call) '(?P<name>[^'\n]+)'(?:" + _CJ_PLACE + r")?",
        ),
        "cjc finds no overload of {name} that takes these arguments: check their number and "
        "types, and the named arguments (a parameter declared `name!: T` is passed as "
        "`name: value`, in any order after the positional ones).",
        meaning="Cangjie: no matching overload",
        terms=("Cangjie", "cjc", "overload"),
    ),
    Signature(
        "arkts-source",
        (
            r"(?:\berror: )?'(?P<name>[^'\n]+)' is not accessible in package "
            r"'(?P<pkg>[\w.]+)'(?:" + _CJ_PLACE + r")?",
        ),
        "The import names {name}, which package {pkg} does not export: it is not public there, "
        "or this SDK's version of the package does not have it. Import it from the package that "
        "declares it public (the Cangjie API reference of the installed SDK lists each kit's "
        "packages; `import {pkg}.*` shows what it offers), make it public if {pkg} is your own "
        "package, or remove the import. An ArkUI component the Cangjie kit does not provide "
        "(such as XComponent) is used from an ArkTS page, which calls the Cangjie code, or "
        "replaced by one the kit has (Canvas).",
        meaning="Cangjie: a declaration the package does not export",
        terms=("Cangjie", "cjc", "import", "public"),
    ),
    Signature(
        "arkts-source",
        (
            # (a console wraps it after "wrong,")
            r"the package name in (?P<path>\S+) is wrong,\s+the right name should be "
            r"'(?P<pkg>[\w.]+)'",
        ),
        "A Cangjie file's `package` line must follow its folder: write `package {pkg}` in the "
        ".cj files of {path} and import it elsewhere as `import {pkg}.*`. A HarmonyOS module's "
        "root package is ohos_app_cangjie_<module> and each sub-folder adds `.<folder>`; a "
        "sub-folder needs no cjpm.toml of its own.",
        meaning="Cangjie: package name does not match its folder",
        terms=("Cangjie", "package", "cjpm.toml"),
    ),
    # ---- cjc: any other error with its place (the compiler's first error decides)
    Signature(
        "arkts-source",
        (r"^[ \t]*error: (?P<msg>[^\n]+)" + _CJ_PLACE,),
        "Fix the Cangjie code at {location}: cjc (the Cangjie compiler) says: {msg}. Its later "
        "errors often follow from the first; build again after fixing it.",
        meaning="Cangjie compile error",
        terms=("Cangjie", "cjc"),
    ),
    # ---- cjpm and the Cangjie hvigor plugin
    Signature(
        "hvigor-task",
        (
            r"\bload\w*IncrementalCache\b",
            r"\bDataModelException: this (?:data )?is not DataModel\w+",
        ),
        "cjpm could not read its incremental build cache of the module (stale, or written by "
        "another cjpm version): it is the cache, not the code. Delete .hvigor/cache, "
        ".hvigor/dependencyMap and <module>/build/default/intermediates/cj (or Build > Clean "
        "Project) and build again; if it comes back, turn incremental builds off in the "
        "module's cjpm.toml ([profile.build] incremental = false).",
        meaning="cjpm: unreadable incremental cache",
        terms=("Cangjie", "cjpm", "incremental", "cache"),
    ),
    Signature(
        "ohpm-deps",
        (
            r"\bcan not find the package '(?P<pkg>[^'\n]+)' which is listed\b",
            r"\bcan not find the following dependencies\b",
        ),
        "cjpm cannot find a Cangjie package the module depends on: check its entry in the "
        "[dependencies] of the module's cjpm.toml (a path dependency's `path` must point at a "
        "folder holding that package's own cjpm.toml, whose name matches; a git one its url and "
        "tag), and that the package's source declares that package name; then build again.",
        meaning="cjpm: a dependency not found",
        terms=("Cangjie", "cjpm", "cjpm.toml", "dependencies"),
    ),
    Signature(
        "config",
        (r"\bError: parse the '(?P<file>[^'\n]*cjpm\.toml)' file failed",),
        "cjpm cannot read {file}: fix the TOML its message above names (a field's type, a "
        'version written as semver, e.g. cjc-version = "1.0.0", a section\'s name) against the '
        "cjpm manual's cjpm.toml reference.",
        meaning="cjpm: cjpm.toml does not parse",
        terms=("Cangjie", "cjpm", "cjpm.toml"),
    ),
    Signature(
        "config",
        (
            r"\bconfiguration of 'module-abilities-srcEntry' field\.?\s*\n?\s*If the "
            r"module contains the ArkTS code, the ArkTS code must be used as the entry",
        ),
        "A module that holds ArkTS code starts from its ArkTS ability: set the ability's "
        "srcEntry in module.json5 back to the ArkTS file, a relative path such as "
        "./ets/entryability/EntryAbility.ets. A Cangjie ability (package.Class) as srcEntry "
        "needs a module without ArkTS code.",
        meaning="Cangjie plugin: srcEntry must be the ArkTS ability",
        terms=("Cangjie", "srcEntry", "module.json5"),
    ),
    Signature(
        "config",
        (r"(?<![\w.])(?P<code>011\d{5})[ \t]+Configuration Error\b",),
        "The Cangjie build plugin (cangjie-build-support, codes 011xxxxx) rejects the project's "
        "configuration: fix the field its message names (module.json5, build-profile.json5 or "
        "the module's cjpm.toml).",
        meaning="Cangjie plugin configuration error",
        terms=("Cangjie", "cangjie-build-support"),
    ),
    # ---- linking a Cangjie (or C/C++) module for OHOS without the OHOS sysroot
    Signature(
        "native",
        (
            r"\bcannot (?:open|find) crti\.o\b",
            r"\bunable to find library -lc(?![\w+.-])",
            r"\bcannot find -lc(?![\w+.-])",
        ),
        "The link ran without the OHOS sysroot: crti.o and the C library (-lc) are in the SDK's "
        "native/sysroot. With cjpm, every package the module depends on (path dependencies "
        "too) needs its own [target.aarch64-linux-ohos] section in its cjpm.toml with the link "
        "options (--sysroot=<sdk>/native/sysroot, -B and -L to its usr/lib/aarch64-linux-ohos), "
        "or it is linked for the host; with CMake, configure with the SDK's "
        "build/cmake/ohos.toolchain.cmake as CMAKE_TOOLCHAIN_FILE.",
        meaning="linked without the OHOS sysroot",
        terms=("sysroot", "cjpm.toml", "crti.o", "native"),
    ),
    # ---- the Cangjie UIAbility at launch (OpenHarmony's CJUIAbility)
    Signature(
        "launch",
        (r"\bnull cjAbilityObj_?\b",),
        "The Cangjie UIAbility found no ability class to load: the Cangjie package must be named "
        "ohos_app_cangjie_<module> (e.g. `package ohos_app_cangjie_entry` in every .cj file and "
        "name = \"ohos_app_cangjie_entry\" in the module's cjpm.toml), and the ability's "
        "srcEntry in module.json5 must name the class in that package and be registered by it; "
        "rebuild and install again.",
        meaning="Cangjie ability class not found",
        terms=("Cangjie", "cjAbilityObj", "srcEntry", "package"),
    ),
    Signature(
        "launch",
        (r"\bnull cjAppHandle_?\b",),
        "The Cangjie app library did not load (the ability runtime's dlopen failed): the HAP "
        "lacks the module's Cangjie library or the Cangjie runtime libraries it needs for the "
        "device's ABI. Build the module with the Cangjie plugin's tasks (hvigorfile.ts from "
        "@ohos/cangjie-build-support) for arm64-v8a and check libs/ in the HAP.",
        meaning="Cangjie app library not loaded",
        terms=("Cangjie", "libs", "abi"),
    ),
)
