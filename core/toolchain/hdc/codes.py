"""What hdc's, bm's and aa's error codes mean and how to fix them.

The tables the classifiers (:mod:`.outcomes`) and the build doctor read: hdc's ``[Fail][E0xxxxx]``
codes and prose failures, the bm install codes (``code:95683xx``) and the aa codes
(``Error Code:101xxxxx``), each with its meaning and the fix to show.
"""

from __future__ import annotations

import re
from typing import Literal

OutcomeKind = Literal[
    "no-device",
    "unauthorized",
    "server",
    "daemon",
    "file",
    "hdc",
    "install",
    "uninstall",
    "launch",
    "stop",
    "hilog",
    # when hdc itself could not run or answer (set by the callers that run it)
    "tool",
    "timeout",
    "cancelled",
    # the device cannot do it: no such tool (no uitest), denied, locked screen (issue 33)
    "unsupported",
    "permission",
    "locked",
]
"""What kind of failure an :class:`~hmdesk.core.toolchain.hdc.outcomes.Outcome` reports."""

# [Fail] / E0xxxxx codes
HDC_FAIL_CODES: dict[str, tuple[OutcomeKind, str, str]] = {
    # code: (kind, meaning, fix)
    "E001005": (
        "no-device",
        "the device is not found or not connected",
        "Reconnect the device (cable, USB debugging on) and pick a Connected one from the device list.",
    ),
    "E002106": (
        "daemon",
        "hdc could not communicate with the device daemon",
        "Replug the device or run `hdc kill` then `hdc start -r`; restart the device if it persists.",
    ),
    "E006001": (
        "install",
        "no installation package was found",
        "Check the HAP path: build first, then install the *-signed.hap under <module>/build/.",
    ),
    "E005005": (
        "file",
        "could not create a directory on the device",
        "Check the destination path and free space on the device.",
    ),
    # real output: "[Fail][E000004]:The communication channel is being established. Please wait
    # for several seconds and try again." (right after a reconnect or `hdc kill`)
    "E000004": (
        "hdc",
        "the channel to the device is still being set up",
        "Wait a few seconds and retry the same command: the connection is not ready yet (it "
        "follows a reconnect or an hdc restart); reconnect only if it persists.",
    ),
    # The daemon's own words (openharmony/developtools_hdc src/daemon/daemon.cpp, commit 8b85a67,
    # HandDaemonAuthPubkey; the same texts in hdc_rust/src/daemon_lib/auth.rs):
    #   "[E000002]:The device unauthorized. This server's public key is not set. Please check for
    #    a confirmation dialog on your device. Otherwise try 'hdc kill' if that seems wrong."
    #   "[E000003]:The device unauthorized. The user denied the access for the device. Please
    #    execute 'hdc kill' and redo your command, then check for a confirmation dialog on your device."
    # (A developer's note that quotes "[Fail][E000002]:File send failed" for a WSL path contradicts
    # the source: no hdc code path prints E000002 for a file transfer.)
    "E000002": (
        "unauthorized",
        "the device has not authorised this computer yet (its public key is not set)",
        "Unlock the device and accept the 'Allow USB debugging?' dialog, then retry; if no dialog "
        "appears, run `hdc kill` and retry.",
    ),
    "E000003": (
        "unauthorized",
        "the access was denied on the device",
        "Run `hdc kill`, redo the command, then accept the 'Allow USB debugging?' dialog on the "
        "unlocked device.",
    ),
    # src/daemon/daemon.cpp: "[E000001]:The sdk hdc.exe version is too low, please upgrade to the
    # latest version."; "[E000006]:The current computer has not obtained the permission to debug the
    # control device."; "[E000010]:Auth failed, cannt login the device."
    "E000001": (
        "hdc",
        "the hdc on this computer is older than the device's daemon accepts",
        "Update the SDK (DevEco Studio: Settings > OpenHarmony SDK, or the command-line tools) and "
        "use its toolchains/hdc, then retry.",
    ),
    "E000006": (
        "unauthorized",
        "this computer has no permission to debug the device",
        "Enable USB debugging / developer mode on the device and accept the authorisation dialog, "
        "then retry.",
    ),
    "E000010": (
        "unauthorized",
        "the device rejected this computer's authentication",
        "Run `hdc kill`, reconnect the device and accept the authorisation dialog; revoke USB "
        "debugging authorisations on the device first if it persists.",
    ),
}

FAIL_PROSE: list[tuple[re.Pattern[str], OutcomeKind, str, str]] = [
    (
        re.compile(r"Not match target founded", re.I),
        "no-device",
        "no device has this connect key",
        "Pick a device from `hdc list targets -v`; the key may have changed after a reconnect.",
    ),
    (
        re.compile(r"need connect-key", re.I),
        "no-device",
        "no device, or several devices and none chosen",
        "Connect a device, or choose one with -t KEY (the device list in hmdesk does this).",
    ),
    (
        re.compile(r"unauthori[sz]ed", re.I),
        "unauthorized",
        "the device has not authorised this computer",
        "Unlock the device and accept the 'Allow USB debugging?' dialog, then retry.",
    ),
    (
        re.compile(r"Device not found or connected", re.I),
        "no-device",
        "the device is not found or not connected",
        "Reconnect the device (cable, USB debugging on) and pick a Connected one from the device list.",
    ),
    (
        re.compile(r"Failed to communicate with daemon", re.I),
        "daemon",
        "hdc could not communicate with the device daemon",
        "Replug the device or run `hdc kill` then `hdc start -r`; restart the device if it persists.",
    ),
]

SERVER_FAILED_FIX = (
    "hdc could not reach its server (port 8710 or OHOS_HDC_SERVER_PORT). Close DevEco Studio's "
    "embedded hdc or run `hdc kill` then `hdc start`, and check that nothing else uses the port."
)

INSTALL_CODES: dict[str, tuple[str, str]] = {
    # code: (meaning, fix) — the bm error table
    "9568320": (
        "no signature file",
        "The HAP is unsigned. Add a signingConfig in build-profile.json5 and reference it from the "
        "product (DevEco: File > Project Structure > Signing Configs > Automatically generate signature), then rebuild.",
    ),
    "9568322": (
        "signature verification failed due to not trusted app source",
        "The device's UDID is not in the debug profile, or a release-signed HAP was sideloaded. "
        "Re-sign with a debug profile that includes this device (automatic signing does it).",
    ),
    "9568329": (
        "verify signature failed",
        "The HAP's signature does not verify on the device: the profile (.p7b) was issued for "
        "another bundleName or certificate than the one that signed the HAP. Re-sign with a "
        "certificate and profile made for this bundleName (app.json5), e.g. DevEco's automatic "
        "signing; the device's hilog (BMSInstaller) names the mismatch.",
    ),
    "9568332": (
        "install sign info inconsistent",
        "An app with the same bundle name but another certificate is installed: uninstall it "
        "first (`hdc uninstall <bundle>`), then install again.",
    ),
    "9568278": (
        "install version code not same",
        "The installed app has another versionCode (DevEco debug vs hdc build): uninstall it first.",
    ),
    "9568283": (
        "install releaseType compatible not same",
        "The installed app was built against an SDK of another release type (a Beta SDK vs a "
        "Release one, after compatibleSdkVersion changed): uninstall it first (`hdc uninstall "
        "<bundle>`), then install again.",
    ),
    "9568263": (
        "install version downgrade",
        "The installed versionCode is higher: raise versionCode in AppScope/app.json5 or uninstall first.",
    ),
    "9568336": (
        "install debug type not same",
        "A debug build is installed over a release one (or the reverse): uninstall the app first.",
    ),
    "9568286": (
        "install provision type not same",
        "The signing profile type differs from the installed app's: uninstall the app first.",
    ),
    "9568347": (
        "install parse native so failed",
        "Native libraries do not match the device ABI (`hdc shell param get const.product.cpu.abilist`): "
        "build for that ABI (abiFilters in build-profile.json5).",
    ),
    "9568297": (
        "install failed due to older sdk version in the device",
        "compatibleSdkVersion is newer than the device's API level: lower it in build-profile.json5 or update the device.",
    ),
    "9568289": (
        "install failed due to grant request permissions failed",
        "The app requests a system_basic/system_core permission without an ACL: remove it or add it to the profile's ACL.",
    ),
    "9568305": (
        "dependent module does not exist",
        "An HSP this module depends on is not installed: install the HSP first (or together).",
    ),
    "9568344": (
        "install parse profile prop check error",
        "A field in app.json5/module.json5 is invalid (often bundleName): fix the value and rebuild.",
    ),
    "9568259": (
        "install parse profile missing prop",
        "A required field is missing in module.json5/app.json5: add it and rebuild.",
    ),
    "9568304": (
        "device type is not supported",
        "Add this device's type to deviceTypes in module.json5 and rebuild.",
    ),
    "9568288": (
        "install failed due to insufficient disk memory",
        "The device storage is full: free some space and retry.",
    ),
    "9568269": (
        "install file path invalid",
        "The HAP path is missing or longer than 256 bytes: use a shorter path.",
    ),
    "9568266": (
        "install permission denied",
        "Enterprise/release HAPs cannot be installed via hdc: build and sign a debug HAP.",
    ),
    # the four below: their bm text and the maintainers' answers in public issues
    # (TermonyHQ/Termony#137, #133; likuai2010/auto-installer#88; a uni-app note on 9568296)
    "9568407": (
        "installing the native package (HNP) failed",
        "The HAP carries native packages (.hnp): only 2in1/PC devices install them; install on "
        "such a device, or build without the native packages for phones and tablets.",
    ),
    "9568409": (
        "extracting the native package (HNP) failed",
        "A file inside the .hnp native package cannot be extracted on the device (seen with "
        "unusual file names such as '..fish'): remove or rename that file and rebuild the HNP.",
    ),
    "9568413": (
        "check syscap failed and device type is not supported",
        "The device lacks a system capability the app requires, or its type is not in "
        "deviceTypes: add the device type to module.json5 deviceTypes and drop (or guard with "
        "canIUse) the syscaps this device does not have, then rebuild.",
    ),
    # a commercial HarmonyOS device and the SDK's OpenHarmony debug material (developers' notes
    # in public repositories; the HarmonyOS signing guide)
    "9568257": (
        "fail to verify pkcs7 file",
        "The device does not trust the HAP's signature: material the SDK ships (the OpenHarmony "
        "debug certificate) or a self-made certificate works only on OpenHarmony devices. For a "
        "HarmonyOS device sign with a certificate and profile from AppGallery Connect: in DevEco "
        "Studio log in with a Huawei account and use File > Project Structure > Signing Configs > "
        "Automatically generate signature.",
    ),
    "9568296": (
        "install failed due to error bundle type",
        "An app of the other bundle type (atomic service vs app) with this bundle name is "
        "installed, or the certificate is for the other type: uninstall it, and sign with a "
        "certificate/profile of the same type as the project.",
    ),
    "9568448": (
        "verify app signature failed",
        "The HAP is signed with an app_gallery distribution profile: sign with a debug profile for device testing.",
    ),
}


AA_CODES: dict[str, tuple[str, str]] = {
    "10104001": (
        "the specified ability does not exist",
        "The -a ability name and the -b bundle name must name an installed ability: compare them "
        "with abilities[].name / mainElement in module.json5 (bm dump -n <bundle> lists what is "
        "installed), pass -m for a multi-HAP app, and install the HAP that holds the ability.",
    ),
    "10103001": (
        "the ability is not exported",
        'Set "exported": true on the ability in module.json5, or start it from inside the app.',
    ),
    "10106102": (
        "the device screen is locked",
        "Unlock the device screen and launch again.",
    ),
    "10103101": (
        "no ability matches the implicit start",
        "Pass the ability with -a (explicit start); -b alone makes an implicit start.",
    ),
    "10105002": (
        "the ability info could not be found",
        "The app may not be installed for this user: reinstall it and retry.",
    ),
    "10106002": (
        "window options need a debug-signed app",
        "Sign the app with a debug profile to use window options.",
    ),
    "10104002": (
        "invalid parameter",
        "The aa command line was wrong (e.g. `force-stop -b`): pass the bundle name positionally.",
    ),
}
