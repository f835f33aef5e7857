"""The packing tool's error codes (``app_packing_tool.jar``, which hvigor's PackageHap /
PackageApp tasks run): every code of the "打包工具错误码" section of OpenHarmony's packing-tool
guide (application-dev/tools/packing-tool.md), with the tool's message as the meaning, its
handling steps as the fix, and the message as the regex for a log that prints it without the
code. Data only: :data:`hmdesk.core.toolchain.build_codes.BUILD_CODES` takes every row.

The tool checks the built ``module.json`` against the project's configuration: its fields come
from module.json5 (module name, abilities, installationFree, dependencies…), app.json5 (bundleName,
bundleType, versionCode, asanEnabled…) and build-profile.json5 (compatibleSdkVersion as
minAPIVersion, targetSdkVersion / compileSdkVersion as targetAPIVersion).
"""

from __future__ import annotations

_FIRST = (
    "Check app.json5 and module.json5 against the messages above it (the first one first: it "
    "names the field); if a file being packed is open in another program (an archiver, a file "
    "manager), close it and build again."
)


def _pack(meaning: str, fix: str, kind: str = "config") -> tuple[str, str, str, str]:
    """A row: kind, the tool's message (also read without the code), fix, message regex."""
    words = r"\s+".join(meaning.rstrip(".").split())
    return (kind, meaning.rstrip("."), fix, rf"\b{words}\b")


PACKING_CODES: dict[str, tuple[str, str, str, str]] = {
    "10010001": _pack("Execute packing tool failed.", _FIRST),
    "10011021": _pack(
        "Parse and check args invalid in generalNormalize mode.",
        "The generalNormalize command got a parameter of the wrong type or out of range, or a "
        "HAP/HSP without its module.json (config.json for the FA model): pass valid parameters "
        "and complete packages.",
        kind="tool",
    ),
    "10012001": _pack("Execute compress process failed.", _FIRST),
    "10012002": _pack("Compress Stage Hap failed.", _FIRST),
    "10012003": _pack(
        "Verify stage hap info failed.",
        "module.json5's atomicService or continueBundleName, or app.json5's asanEnabled or "
        "hwasanEnabled, is wrong: see the message above it (Check asanEnabled failed, Check "
        "hwasanEnabled failed, Check atomicService failed, Check continueBundleName invalid).",
    ),
    "10012004": _pack(
        "Check asanEnabled failed.",
        "app.json5 sets asanEnabled and tsanEnabled both to true: turn one of them off.",
    ),
    "10012005": _pack(
        "Check hwasanEnabled failed.",
        "app.json5 sets hwasanEnabled together with asanEnabled, tsanEnabled or GWPAsanEnabled: "
        "only one of them may be true.",
    ),
    "10012006": _pack(
        "Check atomicService failed.",
        "The entry module's module.json5 has no ability in abilities, or app.json5's bundleType "
        "is atomicService while module.json5's installationFree is false: give the entry module "
        "an ability, and set installationFree true for an atomic service (false otherwise).",
    ),
    "10012007": _pack(
        "Check continueBundleName invalid.",
        "module.json5's continueBundleName is the app's own bundleName (app.json5): name "
        "another bundle there.",
    ),
    "10012008": _pack(
        "Check whether is an overlay hsp failed.",
        "The overlay settings conflict: in module.json5 targetModuleName with "
        "requestPermissions, targetModuleName equal to the module's own name, targetPriority "
        "without targetModuleName; in app.json5 targetBundleName without a targetModuleName, or "
        "equal to bundleName. Fix the one that applies.",
    ),
    "10012009": _pack("Process compress exception.", _FIRST),
    "10012015": _pack("Compress app file failed.", _FIRST),
    "10012017": _pack(
        "Check shared App mode invalid.",
        "An App of bundleType shared may hold one HSP only, without dependencies in its "
        "module.json5: pack one HSP, and remove its dependencies.",
    ),
    "10012022": _pack(
        "Verify stage hsp info failed.",
        "The HSP's atomicService or continueBundleName (module.json5), asanEnabled or "
        "hwasanEnabled (app.json5) or its overlay settings are wrong: see the message above it.",
    ),
    "10012024": _pack(
        "Check atomicService size failed.",
        "An atomic service's package with the shared libraries and resources it depends on is "
        "over 2 MB: remove unneeded resources, trim code and dependencies.",
    ),
    "10013005": _pack(
        "Failed to parse module.json and bundleType.",
        "app.json5's bundleType and module.json5 disagree: bundleType app needs installationFree "
        "false, atomicService needs installationFree true, shared needs the module's type "
        "shared.",
    ),
    "10013006": _pack(
        "check entry module at least one ability failed.",
        "The entry module has no ability: module.json5's abilities is missing or empty. Declare "
        "the entry module's UIAbility in abilities (name, srcEntry, exported, skills).",
    ),
    "10013007": _pack(
        "Check module atomicService installationFree invalid.",
        "app.json5's bundleType is not one of app, atomicService, shared (appService), or "
        "installationFree (module.json5) disagrees with it: false for shared, true only for "
        "atomicService.",
    ),
    "10014001": _pack(
        "File available not found exception.",
        "A file to pack is missing, in use by another program (an archiver, a file manager) or "
        "not readable by this user: check the path, close the program, fix its permissions.",
        kind="file",
    ),
    "10016003": _pack(
        "Check two distroFilter policy disjoint invalid.",
        "A distribution filter (distributionFilter / distroFilter in module.json5) has an empty "
        "or invalid policy or value: policy is include or exclude, value as the "
        "distributionFilter tag lists.",
    ),
    "10016006": _pack(
        "Verify hap info is invalid.",
        "The HAPs/HSPs packed into the App conflict (module names, bundleName, versionCode, "
        "debug, API versions must agree): " + _FIRST,
    ),
    "10016007": _pack(
        "Check entry module invalid.",
        "Several entry HAPs break the HAP uniqueness rules (their deviceTypes and distribution "
        "filters overlap): make each entry module's devices or filters distinct.",
    ),
    "10016009": _pack(
        "Check dependency list is invalid.",
        "The modules' dependencies in module.json5 form a cycle (library1 depends on library2 "
        "and library2 on library1), or name an entry or feature module: remove the circular "
        "dependency and any dependency on an entry or feature module.",
    ),
    "10016010": _pack(
        "Check atomicservice is invalid.",
        "module.json5's atomicService preloads names the module itself or a module that does "
        "not exist: name other existing modules in preloads' moduleName.",
    ),
    "10016011": _pack(
        "Atomicservice preloads is invalid.",
        "An atomic service's preloads repeats a moduleName, names a module that does not exist, "
        "or names its own module: list each other module once.",
    ),
    "10016012": _pack(
        "TargetModuleName is not exist.",
        "module.json5's targetModuleName matches no module's name: correct it, or create that "
        "module.",
    ),
    "10016014": _pack(
        "Proxy data uri is not unique.",
        "module.json5's proxyData repeats a uri: make each uri unique.",
    ),
    "10016015": _pack(
        "Check continueType is invalid.",
        "Two abilities (or two modules with a deviceType in common) declare the same "
        "continueType in module.json5: remove the repeated continueType.",
    ),
    "10016018": _pack(
        "Check the atomicService module size failed.",
        "An atomic service's module with the shared libraries it depends on is over 2 MB: "
        "reduce it (resources, code, dependencies).",
    ),
    "10016019": _pack(
        "Check the entry module distributionFilter is invalid.",
        "The entry module's distribution filter is wrong: policy must be include or exclude, "
        "and the values those the distributionFilter tag lists.",
    ),
}
