"""The DevEco Studio build FAQ's messages with their answers (faqs-compiling-and-building-*, the
official HarmonyOS FAQ): what the operating system refuses during a build, read by its errno and
the tool it names (too many open files, an SDK tool macOS will not run, a symlink Windows will not
make), and the IDE's own messages about the project's run configuration. Data only."""

from __future__ import annotations

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
            rf"[\"']?(?P<path>[^\s\"']*(?<![\w.-])(?:{_SDK_TOOL})(?:\.exe)?)[\"']?:?\s*"
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
