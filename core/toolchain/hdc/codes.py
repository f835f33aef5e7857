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
    # The rest: the codes hdc prints (openharmony/developtools_hdc src/, the ``[E0xxxxx]``
    # strings) and the hdc guide's "hdc Error Codes" (application-dev/dfx/hdc.md)
    "E000008": (
        "hdc",
        "the hdc server could not read its public key",
        "hdc's key pair on this computer is unreadable: run `hdc kill`, delete the hdckey files "
        "in the user's .harmony folder (hdc makes new ones), start hdc again and re-authorise "
        "on the device.",
    ),
    "E000009": (
        "hdc",
        "the hdc server could not read its private key",
        "hdc's key pair on this computer is unreadable: run `hdc kill`, delete the hdckey files "
        "in the user's .harmony folder (hdc makes new ones), start hdc again and re-authorise "
        "on the device.",
    ),
    "E001000": (
        "unauthorized",
        "USB debugging is off on the device",
        "Turn on USB debugging on the device (Settings > System > Developer options), then "
        "reconnect and accept the authorisation dialog.",
    ),
    "E001001": (
        "hdc",
        "hdc does not know this command",
        "Check the command's spelling with `hdc -h`; an older hdc lacks newer commands: update "
        "the SDK's toolchains.",
    ),
    "E001003": (
        "daemon",
        "the USB link to the device is unstable",
        "Use another cable or USB port (no hub), reconnect the device, and retry.",
    ),
    "E001100": (
        "hdc",
        "the port given is not valid",
        "Pass a port between 1 and 65535 (`hdc tconn IP:PORT`, `hdc fport tcp:A tcp:B`).",
    ),
    "E001104": (
        "hdc",
        "the IP address given is not valid",
        "Pass a valid IP:PORT to `hdc tconn` (the device's address and the port it listens on).",
    ),
    "E001105": (
        "hdc",
        "this option is not supported here",
        "Run the command without that option, or run it in the device's shell as the message "
        "suggests.",
    ),
    "E001106": (
        "hdc",
        "the -e IP address is not valid",
        "Pass a valid IP address after -e.",
    ),
    "E001300": (
        "unsupported",
        "the emulator does not support tmode",
        "The emulator is reached over TCP only: do not run `hdc tmode` against it.",
    ),
    "E002101": (
        "server",
        "the hdc server process could not be stopped",
        "End the hdc process by hand (Task Manager / `kill <pid>`), then run hdc again.",
    ),
    "E002102": (
        "hdc",
        "hdc could not create its log folder",
        "Check that the temporary folder (%TEMP% or /tmp) is writable; hdc itself still works.",
    ),
    "E002105": (
        "hdc",
        "the device does not support this command",
        "The device's hdc daemon is older than the command: update the device's system, or use "
        "a command it supports.",
    ),
    "E003001": (
        "hdc",
        "the bundle name given with -b is not an installed, started debug app",
        "Pass the bundle name of an installed debug-signed app (`hdc shell bm dump -a`), and "
        "start the app first so its directory is mounted.",
    ),
    "E003002": (
        "hdc",
        "hdc shell -b needs a command",
        "Give the command to run after the bundle name: `hdc shell -b <bundle> <command>`.",
    ),
    "E003003": (
        "hdc",
        "the shell option is not supported",
        "Drop the option (options are case-sensitive); `hdc shell -b` is the supported one.",
    ),
    "E003004": (
        "unsupported",
        "the device does not support this shell option",
        "Update the device's system to a version that has the option.",
    ),
    "E003005": (
        "hdc",
        "a parameter of the command is missing",
        "Add the missing parameter as the usage hdc printed shows (with -b: the bundle name and "
        "the command).",
    ),
    "E005003": (
        "file",
        "a parameter of the file transfer is missing",
        "Give the bundle name, the local path and the remote path: `hdc file send -b <bundle> "
        "<local> <remote>`.",
    ),
    "E005004": (
        "unsupported",
        "the SDK's hdc or the device does not support file -b",
        "Update the SDK (file recv -b) or the device's system (file send -b) to a version that "
        "has the option.",
    ),
    "E005008": (
        "file",
        "the file operation is not allowed on the device",
        "The device refuses this path (read-only or protected): use a writable path such as "
        "/data/local/tmp, or the app's own directory with -b.",
    ),
    "E005101": (
        "file",
        "the bundle name given with -b is not an installed, started debug app",
        "Pass the bundle name of an installed debug-signed app (`hdc shell bm dump -a`), and "
        "start the app first so its directory is mounted.",
    ),
    "E005102": (
        "file",
        "the remote path does not exist or leaves the app's directory",
        "Give a remote path that exists inside the app's data directory (no `..` leading out "
        "of it).",
    ),
    "E005200": (
        "hdc",
        "hdc does not know this file command",
        "Use `hdc file send` or `hdc file recv`.",
    ),
    # hdc's own line on a device under an organization's device-management policy:
    # "[E00C001]Operation restricted by the organization."
    "E00C001": (
        "permission",
        "the operation is restricted by the organization's device-management policy",
        "The device is managed by an organization (enterprise device management) whose policy "
        "blocks debugging access, so hdc may not use it: ask the device's administrator to lift "
        "the restriction (allow debugging in the policy), or use a device outside the policy.",
    ),
    "E007100": (
        "hdc",
        "the operation needs the device in debug (root) mode",
        "Commands such as `hdc target mount` and `hdc smode` work only on a debug/root build of "
        "the system (not on a user build, not on the emulator's release image): do without them "
        "or use a debug image.",
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
    # hdc fport's answer to a forward it cannot read (its own spelling): a port that is no
    # port (0, out of range, not a number) or a node that is not ``tcp:``/``localabstract:`` …
    (
        re.compile(r"Forward parament failed|Forward param(?:eter)?s? (?:failed|error)", re.I),
        "hdc",
        "hdc fport could not read its forward arguments",
        "Give fport a local and a remote node it accepts: `hdc fport tcp:<host port> "
        "tcp:<device port>`, each port a number from 1 to 65535 (not 0: pick a free host port "
        "yourself); `hdc fport ls` lists the forwards, `hdc fport rm` removes one.",
    ),
    # more of hdc's own prose (openharmony/developtools_hdc src/, ``LogMsg(MSG_FAIL, …)``)
    (
        re.compile(r"Operate need running as root|Cannot set root run mode in undebuggable", re.I),
        "permission",
        "the command needs root, which this (user) build of the system does not give",
        "Do without the root command on a user build (use the app's own directory with "
        "`hdc file send -b <bundle>`), or use a debug/root image of the system.",
    ),
    (
        re.compile(r"^Mount failed", re.I),
        "permission",
        "the system partitions could not be remounted writable",
        "`hdc target mount` works only on a debug/root build of the system: write to "
        "/data/local/tmp or the app's directory instead.",
    ),
    (
        re.compile(r"There is no (?:local and )?remote path", re.I),
        "file",
        "the file transfer lacks its remote (or local) path",
        "Give both paths: `hdc file send <local> <remote>` / `hdc file recv <remote> <local>`.",
    ),
    (
        re.compile(r"Transfer path (?:split )?failed|Error opening file", re.I),
        "file",
        "a path of the file transfer cannot be opened",
        "Check that the local path exists and is readable, and that the remote directory "
        "exists and is writable for the shell user (/data/local/tmp is).",
    ),
    (
        re.compile(r"source folder is empty", re.I),
        "file",
        "the folder to send is empty",
        "Send a folder that holds files, or send the files themselves.",
    ),
    (
        re.compile(r"Shell initialize failed", re.I),
        "daemon",
        "the device could not start a shell",
        "Reconnect the device or run `hdc kill` then retry; restart the device if it persists.",
    ),
    (
        re.compile(r"Failed to communicate with daemon", re.I),
        "daemon",
        "hdc could not communicate with the device daemon",
        "Replug the device or run `hdc kill` then `hdc start -r`; restart the device if it persists.",
    ),
    (
        re.compile(r"\b(?:Requested )?target is not (?:available|ready)\b", re.I),
        "no-device",
        "the device asked for is not connected yet",
        "Wait until `hdc list targets` lists it (a device just connected with `hdc tconn`, or "
        "still booting, is not ready at once), then retry.",
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
        "A field in app.json5/module.json5 is invalid (often bundleName): fix the value and rebuild. "
        "A field that needs a privilege the signing profile does not grant (a system app's, a "
        "full-SDK system API's: apl system_basic/system_core, AllowAppUsePrivilegeExtension) fails "
        "the same way: raise the apl and the privileges in the profile (OpenHarmony's "
        "UnsgnedReleasedProfileTemplate.json for a self-signed HAP), re-sign, and on a device "
        "that lists privileged apps add the app's fingerprint to install_list_capability.json.",
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
    # The rest of bm's documented codes (application-dev/tools/bm-tool.md, "bm Tool Error
    # Codes"): meaning = bm's own error text (lower case), fix after the guide's solution.
    "9568258": (
        "install releaseType target not same",
        "The installed app (or another HAP of this app) was built with an SDK of another release type: uninstall the installed app first (`hdc uninstall <bundle>`; on a PC/2in1 for every user), or build every HAP with the same SDK.",
    ),
    "9568260": (
        "install internal error",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568261": (
        "install host installer failed",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568262": (
        "install parse failed",
        "bm cannot parse the package: a plugin must be installed with `bm install-plugin`, a skill bundle cannot be installed by command, and skillProfiles names must match their SKILL.md; otherwise rebuild the HAP.",
    ),
    "9568264": (
        "install verification failed",
        "The appIdentifier of the new package differs from the installed app's: uninstall the installed app first (`hdc uninstall <bundle>`; on a PC/2in1 for every user), or sign with the profile whose app-identifier matches.",
    ),
    "9568265": (
        "install param error",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568267": (
        "install entry already exist",
        "The app already has an entry module of another name: uninstall the installed app first (`hdc uninstall <bundle>`; on a PC/2in1 for every user), or give the new entry module the same name (or make it a feature module).",
    ),
    "9568268": (
        "install state error",
        "Another installation of this app is still running: wait for it to finish and install again.",
    ),
    "9568270": (
        "install invalid hap name",
        "Install a file ending in .hap, .hsp or .hqf (rename or rebuild it).",
    ),
    "9568272": (
        "install invalid hap size",
        "The package is over 4 GB: split it into smaller HAPs/HSPs.",
    ),
    "9568273": (
        "install generate uid error",
        "The device has too many apps installed (no UID left): uninstall unused apps and retry.",
    ),
    "9568274": (
        "install installd service error",
        "Clear the cache and restart the device, then install again.",
    ),
    "9568275": (
        "install bundle mgr service error",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568276": (
        "install already exist",
        "An app with this bundleName already exists: change bundleName in AppScope/app.json5 or uninstall the other app.",
    ),
    "9568277": (
        "install bundle name not same",
        "The packages installed together have different bundleName values: give every HAP/HSP the same bundleName (app.json5) and rebuild.",
    ),
    "9568279": (
        "install version name not same",
        "The packages installed together have different versionName values: make them equal in app.json5 and rebuild.",
    ),
    "9568280": (
        "install min compatible version code not same",
        "The packages installed together have different minCompatibleVersionCode values: make them equal and rebuild.",
    ),
    "9568281": (
        "install vendor not same",
        "The vendor field (app.json5) differs from the installed app's or between the HAP and an integrated HSP: make them equal, or uninstall the installed app first (`hdc uninstall <bundle>`; on a PC/2in1 for every user).",
    ),
    "9568282": (
        "install releasetype target not same",
        "The packages installed together have different targetAPIVersion/releaseType: build every HAP/HSP with the same SDK and targetSdkVersion.",
    ),
    "9568284": (
        "install version not compatible",
        "The HSP's version does not match the installed HAP's: install an HSP of the same bundleName and version (or uninstall the HAP first).",
    ),
    "9568287": (
        "install invalid number of entry hap",
        "The app has more than one entry module: keep one entry and make the others feature modules (type in module.json5).",
    ),
    "9568290": (
        "install failed due to update hap token failed",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568291": (
        "install failed due to singleton not same",
        "The singleton setting differs from the installed app's: uninstall the installed app first (`hdc uninstall <bundle>`; on a PC/2in1 for every user), or make the setting the same.",
    ),
    "9568292": (
        "install failed due to zero user can only install singleton app",
        "Install without `-u 0`: only singleton apps may be installed for user 0.",
    ),
    "9568293": (
        "install failed due to check syscap filed",
        "The HAPs/HSPs of the app declare different system capabilities (syscap): make them consistent and rebuild.",
    ),
    "9568294": (
        "install failed due to apptype not same",
        "The app-feature of the signing profile differs from the installed app's: uninstall the installed app first (`hdc uninstall <bundle>`; on a PC/2in1 for every user), or sign every HAP with the same certificate and profile.",
    ),
    "9568299": (
        "install failed due to ark native file is incompatible",
        "Restart the device and install again; rebuild the app if it persists.",
    ),
    "9568300": (
        "moduleName is not unique",
        "Two modules have the same name: give each module its own name in module.json5 and rebuild.",
    ),
    "9568301": (
        "moduleName is inconsistent",
        "A module of that name is installed with another type: keep its type (module.json5 type) or rename the module.",
    ),
    "9568302": (
        "install failed due to singleton not same in modules",
        "The modules of the app have different singleton settings: make them equal.",
    ),
    "9568303": (
        "the installation is forbidden by enterprise device management",
        "The device's enterprise management (MDM) forbids installing this app; only its administrator can allow it.",
    ),
    "9568308": (
        "install bundleType not same",
        "The HAPs installed together have different bundleType values: make bundleType in app.json5 the same for all.",
    ),
    "9568309": (
        "failed to install the hsp due to the lack of required permission",
        "Installing an inter-app HSP needs the AllowAppShareLibrary privilege; a third-party app cannot install one.",
    ),
    "9568310": (
        "compatible policy not same",
        "A shared library and an app use the same bundle name: uninstall the one installed, or give them different bundle names.",
    ),
    "9568311": (
        "shared bundle is not exist",
        "The shared library to uninstall is not installed: check its bundle name with `bm dump-shared -a`.",
    ),
    "9568312": (
        "the version of the shared bundle is dependent on other applications",
        "Other apps depend on this shared library: uninstall them first.",
    ),
    "9568314": (
        "installing a shared bundle specified by hapfilepaths is not allowed",
        "Install an inter-app HSP with `hdc install -s <hsp>` (bm install -s), not as a HAP.",
    ),
    "9568315": (
        "uri in proxy data is wrong",
        "Fix the uri of proxyData in module.json5 to the documented format (datashareproxy://<bundle>/...).",
    ),
    "9568316": (
        "apl of required permission in proxy data is too low",
        "requiredReadPermission/requiredWritePermission in proxyData need a system_basic/system_core app: remove them or use an app with that APL.",
    ),
    "9568317": (
        "isolationMode does not match the system",
        "Set isolationMode in module.json5 to what the device supports (persist.bms.supportIsolationMode).",
    ),
    "9568318": (
        "signature file path is invalid",
        "Sign the HAP again: DevEco Studio's automatic signing with the device connected, or a manual signature with a certificate and profile that belong together.",
    ),
    "9568319": (
        "cannot open signature file",
        "Sign the HAP again: DevEco Studio's automatic signing with the device connected, or a manual signature with a certificate and profile that belong together.",
    ),
    "9568321": (
        "fail to parse signature file",
        "Sign the HAP again: DevEco Studio's automatic signing with the device connected, or a manual signature with a certificate and profile that belong together.",
    ),
    "9568323": (
        "signature verification failed due to not bad digest",
        "The HAP was changed after it was signed (or signed wrongly): rebuild and sign it again. Sign the HAP again: DevEco Studio's automatic signing with the device connected, or a manual signature with a certificate and profile that belong together.",
    ),
    "9568324": (
        "signature verification failed due to out of integrity",
        "The HAP was changed after it was signed: rebuild and sign it again. Sign the HAP again: DevEco Studio's automatic signing with the device connected, or a manual signature with a certificate and profile that belong together.",
    ),
    "9568325": (
        "signature verification failed due to oversize file",
        "The signature block is too large: sign again with automatic signing or a new certificate.",
    ),
    "9568326": (
        "signature verification failed due to bad public key",
        "Sign the HAP again: DevEco Studio's automatic signing with the device connected, or a manual signature with a certificate and profile that belong together.",
    ),
    "9568327": (
        "signature verification failed due to bad bundle signature",
        "Sign the HAP again: DevEco Studio's automatic signing with the device connected, or a manual signature with a certificate and profile that belong together.",
    ),
    "9568328": (
        "signature verification failed due to no profile block",
        "The HAP's signature has no profile (.p7b): sign with a profile (signingConfigs.profile in build-profile.json5). Sign the HAP again: DevEco Studio's automatic signing with the device connected, or a manual signature with a certificate and profile that belong together.",
    ),
    "9568330": (
        "signature verification failed due to init source failed",
        "Sign the HAP again: DevEco Studio's automatic signing with the device connected, or a manual signature with a certificate and profile that belong together.",
    ),
    "9568331": (
        "install incompatible signature info",
        "The HAPs of the app are signed differently: sign every HAP/HSP with the same certificate and profile.",
    ),
    "9568333": (
        "install failed due to hap moduleName is empty",
        "Give the module a name (name in module.json5) and rebuild.",
    ),
    "9568334": (
        "install failed due to hap moduleName duplicate",
        "Two HAPs of the app have the same module name: rename one (module.json5 name).",
    ),
    "9568335": (
        "install failed due to check hap hash param failed",
        "InstallParam.hashParams names modules that are not installed: pass only the modules being installed.",
    ),
    "9568337": (
        "install parse unexpected",
        "The HAP on the device is damaged (a push cut short or a full disk): free space (`hdc shell df -h`), compare the file's MD5 and push it again.",
    ),
    "9568340": (
        "install parse no profile",
        "The HAP lacks module.json/pack.info: rebuild and pack it with DevEco Studio / hvigor, not by hand.",
    ),
    "9568341": (
        "install parse bad profile",
        "module.json/pack.info in the HAP do not parse: rebuild and pack it with DevEco Studio / hvigor.",
    ),
    "9568342": (
        "install parse profile prop type error",
        "A field of module.json/pack.info has the wrong type: rebuild with DevEco Studio / hvigor and check the json5 values.",
    ),
    "9568345": (
        "too large size of string or array type element in the profile",
        "A string or array in module.json5/app.json5 is longer than allowed: shorten it and rebuild.",
    ),
    "9568346": (
        "install parse syscap error",
        "The HAP/HSP is damaged: rebuild, sign and install the new one.",
    ),
    "9568348": (
        "install parse ark native file failed",
        "The HAPs' ABIs differ from each other or from the device's: build every module with the same abiFilters, one the device supports (`hdc shell param get const.product.cpu.abilist`).",
    ),
    "9568349": (
        "installd param error",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568350": (
        "installd get proxy error",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568351": (
        "installd create dir failed",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568354": (
        "installd remove dir failed",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568355": (
        "installd extract files failed",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568356": (
        "installd rename dir failed",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568357": (
        "installd clean dir failed",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568359": (
        "installd set selinux label failed",
        "The apl field of the signing profile (.p7b) is wrong (normal, system_basic or system_core): fix it in the profile template and sign again.",
    ),
    "9568360": (
        "internal error of overlay installation",
        "Rebuild the overlay app and retry; restart the device if it persists.",
    ),
    "9568361": (
        "invalid bundle name of overlay installation",
        "Set targetBundleName in the overlay app's app.json5.",
    ),
    "9568362": (
        "invalid module name of overlay installation",
        "Set targetModuleName in the overlay app's module.json5.",
    ),
    "9568380": (
        "uninstall system app error",
        "This system app cannot be uninstalled.",
    ),
    "9568381": (
        "uninstall killing app error",
        "Restart the device and uninstall again.",
    ),
    "9568382": (
        "uninstall invalid name",
        "Pass the bundle (and module) name to uninstall; restart the device if it was given.",
    ),
    "9568384": (
        "uninstall permission denied",
        "Restart the device and uninstall again.",
    ),
    "9568385": (
        "uninstall bundle mgr service error",
        "Restart the device and uninstall again.",
    ),
    "9568386": (
        "uninstall missing installed bundle",
        "The app is not installed: check the bundle name (`hdc shell bm dump -a`).",
    ),
    "9568387": (
        "uninstall missing installed module",
        "That module is not installed: check with `hdc shell bm dump -n <bundle>`.",
    ),
    "9568388": (
        "the uninstall is forbidden by enterprise device management",
        "The device's enterprise management forbids uninstalling this app; only its administrator can lift it.",
    ),
    "9568389": (
        "unknown",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568391": (
        "bundle manager service is died",
        "The bundle manager service crashed: restart the device and retry (a foundation crash is in /data/log/faultlog/faultlogger/).",
    ),
    "9568393": (
        "verify code signature failed",
        "The HAP carries no (valid) code signature: sign it again with a current DevEco Studio / hap-sign-tool.",
    ),
    "9568398": (
        "an enterprise normal/mdm bundle cannot be installed on non-enterprise device",
        "Enterprise (enterprise_normal/enterprise_mdm) profiles install only on enterprise devices: sign with a debug profile for this device.",
    ),
    "9568399": (
        "copy file failed",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568401": (
        "debug bundle can only be installed in developer mode",
        "Turn on developer mode (Settings > About > tap the version number 7 times) and USB debugging, then install again.",
    ),
    "9568402": (
        "release bundle can not be installed",
        "An app_gallery release-signed package cannot be installed by bm: sign with a debug certificate and profile for device testing.",
    ),
    "9568403": (
        "check encryption failed",
        "Update the device's system, and keep only .so files in the HAP's lib directory; rebuild and sign again.",
    ),
    "9568404": (
        "delivery sign profile failed",
        "Restart the device and install again; if it keeps failing, export the device log (`hdc file recv /data/log/hilog/`) and report it.",
    ),
    "9568405": (
        "remove sign profile failed",
        "Restart the device and uninstall again.",
    ),
    "9568408": (
        "uninstalling the native package failed",
        "A process still uses the app's native package (.hnp): stop it and uninstall again.",
    ),
    "9568410": (
        "failed to install because the device be controlled",
        "The device is locked by its vendor (activated through an unauthorised channel): activate it normally; apps cannot be installed until then.",
    ),
    "9568412": (
        "the uninstall request is rejected by the application",
        "This app refuses to be uninstalled.",
    ),
    "9568415": (
        "debug encrypted bundle is not allowed to install",
        "An encrypted package may not be debug-signed or debug=true: install the unencrypted build for debugging.",
    ),
    "9568416": (
        "encrypted bundle cannot be installed",
        "An encrypted package cannot be installed by bm: install the unencrypted, debug-signed build.",
    ),
    "9568417": (
        "bundle cannot be installed because the appid is not same with preinstalled bundle",
        "A preinstalled app has this bundle name with another signature: sign with the same key/app-identifier, or change bundleName.",
    ),
    "9568418": (
        "failed to uninstall the app because the app is locked",
        "An uninstall rule protects the app; whoever set it must remove it.",
    ),
    "9568420": (
        "os_integration bundle is not allowed to install for shell",
        "A preinstalled release (os_integration) package cannot be installed by bm: sign with a debug profile.",
    ),
    "9568421": (
        "the app distribution type is not allowed",
        "The profile's distribution type may not be installed on this device: sign with a debug profile (or the type the device allows).",
    ),
    "9568423": (
        "failed to install the hap because the device is unauthorized",
        "The debug profile does not list this device's UDID: register the UDID (`hdc shell bm get -u`) in AppGallery Connect and download the profile again, or use automatic signing with the device connected.",
    ),
    "9568432": (
        "check plugindistributionid between plugin and host application failed",
        "The plugin's and the app's pluginDistributionIDs differ: set the same IDs in both profiles (app-services-capabilities).",
    ),
    "9568433": (
        "failed to install the plugin because host application check permission failed",
        "The host app lacks ohos.permission.kernel.SUPPORT_PLUGIN: request it (an ACL permission) and sign again.",
    ),
    "9568434": (
        "failed to install the plugin because current device does not support plugin",
        "The device does not support plugins (const.bms.support_plugin): use a device that does.",
    ),
    "9568435": (
        "host application is not found",
        "The host app named with -n is not installed: install it first or fix the name.",
    ),
    "9568436": (
        "failed to install the plugin because they have different configuration information",
        "The plugin's HSPs differ in bundleName, bundleType, versionCode or apiReleaseType: make them equal.",
    ),
    "9568437": (
        "failed to install the plugin because the plugin id failed to be parsed",
        "Fix pluginDistributionIDs in the plugin's profile (app-services-capabilities format).",
    ),
    "9568438": (
        "the plugin is not found",
        "The plugin is not installed in that app: check with `bm dump -n <bundle>`.",
    ),
    "9568439": (
        "the plugin name is same as host bundle name",
        "Give the plugin a bundle name other than the host app's.",
    ),
    "9568441": (
        "install failed due to u1enabled can not change",
        "U1Enabled in the profile's allowed-acls differs from the installed app's: sign with the same ACLs, or uninstall the installed app first (`hdc uninstall <bundle>`; on a PC/2in1 for every user).",
    ),
    "9568442": (
        "install failed due to the u1enabled is not same in all haps",
        "The HAPs are signed with profiles whose U1Enabled differs: sign them all with the same profile.",
    ),
    "9568445": (
        "only one app can be installed at a time",
        "Install one .app file at a time, without HAP/HSP files or -s beside it.",
    ),
    "9568446": (
        "decompress app failed",
        "The .app file is damaged: pack it again.",
    ),
    "9568447": (
        "no suitable haps or hsps in the app",
        "The .app has no HAP for this device type: add the device type to deviceTypes and pack again.",
    ),
    "9568449": (
        "check bin file failed",
        "executableBinaryPaths needs compressNativeLibs: true in module.json5, and a PC/2in1 device.",
    ),
    "9568450": (
        "failed to install because the bundle must be debug type",
        "`bm install -g` grants permissions only to debug-signed apps: sign with a debug certificate, or install without -g.",
    ),
}


# the on-device installer's (and DevEco's) Chinese words for a bm failure it shows without the
# code: words -> the documented code whose meaning they give
INSTALL_WORDS_ZH: dict[str, str] = {
    "权限请求失败": "9568289",  # install failed due to grant request permissions failed
    "版本降级": "9568263",  # install version downgrade
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
        "failed to retrieve specified package information",
        "The bundle named is not installed (or mistyped): check it with `hdc shell bm dump -a`; "
        "`aa force-stop` takes the bundle name positionally (no -b).",
    ),
    # The rest of aa's documented codes (application-dev/tools/aa-tool.md, "Error Codes"):
    # meaning = aa's Error Message (lower-cased first word), fix after the guide's solution.
    "10100101": (
        "failed to obtain application information",
        "Check the -a ability and -b bundle names and check that the app is installed (`hdc shell bm dump -a` lists the bundles; `bm dump -n <bundle>` its abilities); for a multi-HAP app install the HAP that holds the ability.",
    ),
    "10100102": (
        "the aa start command cannot be used to launch a UIExtensionAbility",
        "aa start cannot start a UIExtensionAbility: start the UIAbility that hosts it instead.",
    ),
    "10103102": (
        "the passed appCloneIndex is invalid",
        "Pass an appCloneIndex of an existing clone of the app (or leave it out).",
    ),
    "10103201": (
        "the target ability is not of the ServiceAbility type",
        "aa stop-service stops only a ServiceAbility: check the -a name.",
    ),
    "10103601": (
        "the specified bundleName does not exist",
        "The bundle named with -b is not installed: fix the name and check that the app is installed (`hdc shell bm dump -a` lists the bundles; `bm dump -n <bundle>` its abilities).",
    ),
    "10104003": (
        "the specified pid does not exist",
        "Pass the pid of a running process of the app (-p).",
    ),
    "10104004": (
        "the specified level does not exist",
        "Pass a memory level 0, 1 or 2 (-l).",
    ),
    "10105001": (
        "failed to connect to the ability service",
        "Restart the device and retry.",
    ),
    "10105003": (
        "failed to connect to the app service",
        "Restart the device and retry.",
    ),
    "10106001": (
        "the current device is not in developer mode",
        "Turn on developer mode (Settings > About > tap the version number 7 times), then USB debugging in Developer options, and retry.",
    ),
    "10106101": (
        "the current ability will be placed in the queue to wait for the previous ability to finish launching",
        "Nothing is wrong: the system queued the start; wait for the previous ability to finish launching.",
    ),
    "10106103": (
        "the target application is an expired crowdtesting application",
        "The crowd-testing build has expired: install a current build.",
    ),
    "10106105": (
        "the target application is under control",
        "The app market blocks this app from starting; it cannot be started on this device.",
    ),
    "10106106": (
        "the target application is managed by EDM",
        "The device's enterprise management forbids starting this app; only its administrator can allow it.",
    ),
    "10106107": (
        "the current device does not support using window options",
        "Drop the window options (--wl, --wt, --wh, --ww) from aa start on this device.",
    ),
    "10106401": (
        "failed to terminate the process",
        "Check the bundle name and check that the app is installed (`hdc shell bm dump -a` lists the bundles; `bm dump -n <bundle>` its abilities); restart the device if it persists.",
    ),
    "10106402": (
        "persistent processes cannot be terminated",
        "The app runs as a persistent process: aa force-stop cannot end it.",
    ),
    "10106701": (
        "cannot debug applications using a release certificate",
        "Sign the HAP with a debug certificate and profile, install it, and debug again.",
    ),
    "10107102": (
        "permission verification failed for the specified process",
        "The process lacks the permission the command needs: check the app's permissions.",
    ),
    "10108101": (
        "an internal error occurs while attempting to launch the ability",
        "An internal error of the system (memory, timeouts, too many ability instances): close other instances of the app and retry, or restart the device.",
    ),
    "10108501": (
        "an internal error occurs during the execution of the aa test command",
        "An internal error of the system: retry aa test, or restart the device.",
    ),
    "10108601": (
        "an internal error occurs while attempting to enter/exit debug mode",
        "An internal error of the system: retry, or restart the device.",
    ),
}
