"""The signatures of putting the app on a device, read from the message text: hdc's file transfer
(``hdc file send/recv``, DevEco's install step) and the device's refusals of a HAP. A fix may
name what the pattern captured ({path} …). Data only."""

from __future__ import annotations

from hmdesk.core.toolchain.signature import Signature

# hdc's file transfer: the reason and the path it prints
HDC_FILE_SIGNATURES: tuple[Signature, ...] = (
    # hdc's file transfer (``hdc file send/recv``, DevEco's install step): the reason and the
    # path it prints decide the remedy (the HarmonyOS FAQ faq-stability-57,
    # faqs-app-debugging-60/61)
    Signature(
        "file",
        (r"\[Fail\]\s*Error opening file:[^\n]*path:\s*file://media/",),
        "hdc cannot read the media library (file://media/… URIs): export the file with "
        "`mediatool recv <uri> /data/local/tmp/<name>` on the device, then `hdc file recv` that "
        "copy.",
        meaning="hdc file: media library path",
        terms=("hdc", "file recv", "mediatool"),
    ),
    Signature(
        "file",
        (r"FileTransfer Failed:\s*\[Fail\]\s*Error opening file:\s*no such file",),
        "The HAP to install does not exist at the path DevEco sends: the build or its signing "
        "step did not produce it. Build again and check that signing succeeds (a signed HAP in "
        "build/default/outputs/default), then run.",
        meaning="the HAP to send does not exist",
        terms=("hdc", "FileTransfer", "signed HAP"),
    ),
    Signature(
        "file",
        (
            r"FileTransfer Failed:\s*\[Fail\]\s*Error opening file:\s*"
            r"(?:operation not permitted|permission denied)",
        ),
        "The computer refuses to read the HAP's folder: on Windows move the project out of C: "
        "(or a protected folder); on macOS give DevEco Studio Full Disk Access (System Settings "
        "> Privacy & Security) and restart it.",
        meaning="the HAP's folder is not readable",
        terms=("hdc", "FileTransfer", "permission"),
    ),
    Signature(
        "file",
        (r"\[Fail\]\s*Error opening file:\s*permission denied(?:, path:\s*(?P<location>\S+))?",),
        "The shell user may not read {location} on the device: a file the app creates must be "
        "readable by its group (open() with mode S_IRUSR | S_IWUSR | S_IRGRP), or copy it to "
        "/data/local/tmp first; app sandboxes of release apps are not readable.",
        meaning="hdc file: permission denied",
        terms=("hdc", "file recv", "permission", "S_IRGRP"),
    ),
    Signature(
        "file",
        (r"\[Fail\]\s*Error opening file:\s*read-only file system",),
        "The file could not be opened for writing on a read-only file system. For `hdc file "
        "send` that is the device's partition: write under /data/local/tmp instead, or `hdc "
        "shell mount -o rw,remount /` (root build). For `hdc file recv` it is the PC's side: "
        "without a local path hdc writes into its working directory (cwd), which may be "
        "read-only (a sandboxed tool, a system folder): give a writable local folder as an "
        "absolute path, or run hdc from a writable working directory (a tempdir).",
        meaning="hdc file: read-only file system",
        terms=("hdc", "file send", "remount"),
    ),
    Signature(
        "file",
        (
            r"\[Fail\]\s*Error opening file:\s*no such file or directory"
            r"(?:, path:\s*(?P<location>\S+))?",
        ),
        "The path hdc printed does not exist where hdc reads it: check it on that side (`hdc shell "
        "ls`; a send's target folder must exist), and update hdc to match the device's API when "
        "the path is right. A path with Chinese (non-ASCII) names printed garbled: hdc before "
        "3.1.0a cannot transfer them; `hdc checkserver` shows its version, update the SDK (API "
        "12 or later).",
        meaning="hdc file: no such file or directory",
        terms=("hdc", "file", "path"),
    ),
)

# a HAP the device or the install step refuses
INSTALL_SIGNATURES: tuple[Signature, ...] = (
    # a run tool (DevEco Studio, its CLI, hvigor's install) refusing an unsigned package for a
    # real device: an emulator installs one, a device does not
    Signature(
        "signing",
        (
            r"\b(?:real|physical) device\b[^\n]{0,80}\b(?:is|was) not signed\b",
            r"\b(?:artifact|HAP|hap|package|App|app)\b[^\n]{0,60}\b(?:is|was) not signed\b"
            r"[^\n]{0,40}\b(?:real|physical) device\b",
        ),
        "The package is unsigned, and a real device installs only signed apps (an emulator "
        "takes unsigned ones): configure signing (DevEco Studio: File > Project Structure > "
        "Signing Configs, Automatically generate signature, or signingConfigs in "
        "build-profile.json5 with your .p12, .cer and .p7b), then build and install again.",
        meaning="an unsigned package for a real device",
        terms=("signingConfigs", "unsigned", "real device", "签名"),
    ),
    Signature(
        "signing",
        # faqs-package-structure-51: a release HAP installed with hdc
        (r"INSTALL_FAILED_APP_SOURCE_NOT_TRUSTED",),
        "The HAP is release-signed: a release certificate and profile from AppGallery Connect "
        "serve only the AppGallery listing (上架), not a local install (and the signing center "
        "issues profiles only for preinstalled apps). To run it on a device, sign it with a "
        "debug certificate and profile (DevEco Studio: Signing Configs > Automatically generate "
        "signature) and install that build.",
        meaning="release-signed HAP installed outside AppGallery",
        terms=("release", "debug certificate", "AppGallery", "安装失败"),
    ),
    Signature(
        "install",
        # DevEco's deploy of a HAP over the size limit (faqs-ability-13; bm's 9568272, 4 GB)
        (r"INSTALL_FAILED_SIZE_TOO_LARGE",),
        "A single HAP exceeds the install size limit (bm's 9568272 “install invalid hap size”: "
        "over 4 GB): split the content into several HAPs (feature HAPs, HSPs), each under the "
        "size limit, or reduce what the HAP bundles (move large resources out, download them "
        "at run time).",
        meaning="the HAP is over the size limit",
        terms=("install", "9568272", "HAP size", "拆分"),
    ),
    # DevEco's key for bm's 9568289 (``install failed due to grant request permissions failed``)
    Signature(
        "install",
        (r"\bMSG_ERR_INSTALL_GRANT_REQUEST_PERMISSIONS_FAILED\b",),
        "The device refused a permission the app requests (bm's 9568289): a permission of a "
        "higher level than the app's (system_basic / system_core, or one that needs an ACL) in "
        "requestPermissions of module.json5. Remove it, or have it granted through the ACL of "
        "the signing profile (acls.allowed-acls; AppGallery's approval for a release), then "
        "sign, build and install again.",
        meaning="a requested permission the device does not grant",
        terms=("requestPermissions", "module.json5", "ACL", "9568289"),
    ),
    Signature(
        "install",
        (r"\[?(?:MSG_ERR_)?INSTALL_FAILED_(?P<what>[A-Z_]+)\]?",),
        "This is the install error of HarmonyOS 4.x or older (INSTALL_FAILED_{what}): a "
        "HarmonyOS NEXT (API 12+) HAP installs only on HarmonyOS NEXT / 5.0+ devices; on a "
        "NEXT device, a NO_BUNDLE_SIGNATURE error means the HAP must be signed.",
        meaning="old-system install error",
        terms=("install", "HarmonyOS NEXT", "安装失败"),
    ),
    Signature(
        "install",
        (r"Failed to install the HAP(?: or HSP)?\b",),
        "The device refused the package: check that it runs the system the app targets "
        "(HarmonyOS NEXT / 5.0+ for a NEXT app, not 4.x; a real device when the emulator lacks "
        "the ABI), that its type is in deviceTypes, and read bm's reason in the evidence.",
        meaning="the device refused the package",
        terms=("install", "device", "安装失败"),
    ),
)
