"""The device tools' signatures: bm's install codes, aa's launch codes and hdc's words."""

from __future__ import annotations

from typing import cast

from hmdesk.core.toolchain.finding import FindingKind
from hmdesk.core.toolchain.hdc import SERVER_FAILED_FIX
from hmdesk.core.toolchain.hdc.aa_codes import AA_MESSAGES
from hmdesk.core.toolchain.hdc.emulator_codes import EMULATOR_CODES
from hmdesk.core.toolchain.hdc.hdc_codes import SERVER_PROSE
from hmdesk.core.toolchain.hdc.launch_messages import LAUNCH_MESSAGES
from hmdesk.core.toolchain.signature import Signature, shell_not_found

# bm's codes about the HAP's signature, certificate or profile (bm-tool.md: 95682xx-95683xx
# signature verification, the profile's type, the device list)
SIGNING_INSTALL_CODES = frozenset(
    {"9568257", "9568264", "9568294", "9568318", "9568319", "9568320", "9568321", "9568322"}
    | {"9568323", "9568324", "9568325", "9568326", "9568327", "9568328", "9568329", "9568330"}
    | {"9568331", "9568359", "9568393", "9568402", "9568420", "9568421", "9568423", "9568448"}
    | {"9568450"}
)


# hdc's failures printed without a code (bm's, aa's and hdc's codes are read by
# :func:`_device_finding`, from the tables of :mod:`.hdc.bm_codes`, :mod:`.hdc.aa_codes` and
# :mod:`.hdc.hdc_codes`).
DEVICE_SIGNATURES: tuple[Signature, ...] = (
    # the hdc server's own failures the HarmonyOS FAQ lists without a code (the port in use, a
    # server it may not end, docker's missing USB nodes): hdc_codes.SERVER_PROSE, read the same
    # by the hdc classifiers; before "Connect server failed", since they say why
    *(
        Signature(
            "hdc-server",
            patterns,
            fix,
            meaning=meaning,
            terms=("hdc", "server", "OHOS_HDC_SERVER_PORT", "hdc kill"),
        )
        for patterns, meaning, fix in SERVER_PROSE
    ),
    Signature(
        "hdc-server",
        # and the hdc guide's other words for it (``connect failed status:-4078``)
        (r"Connect server failed", r"connect failed status:\s*-\d+"),
        SERVER_FAILED_FIX,
        meaning="Connect server failed",
        terms=("hdc", "Connect server failed", "8710"),
    ),
    Signature(
        "hdc",
        # Windows' key container refusing hdc's keys (the hdc guide's FAQ)
        (r"CryptAcquireContext second failed",),
        "Windows refuses hdc access to its key store: in regedit open HKEY_LOCAL_MACHINE\\"
        "SOFTWARE\\Microsoft\\Cryptography\\Protect\\Providers\\df9d8cd0-1501-11d1-8c7a-"
        "00c04fc297eb, add a DWORD (32-bit) value ProtectionPolicy = 1, and restart the "
        "computer.",
        meaning="Windows refuses hdc its key store",
        terms=("hdc", "CryptAcquireContext", "ProtectionPolicy"),
    ),
    Signature(
        "no-device",
        # Windows' Device Manager for a device it could not enumerate (the hdc guide's FAQ)
        (
            r"Device Descriptor Request Failed",
            r"未知\s*USB\s*设备[（(]设备描述符请求失败[)）]",
        ),
        "Windows could not read the USB device's descriptor, so hdc never sees it: in "
        "services.msc restart the Plug and Play service, uninstall the failing USB device in "
        "Device Manager and unplug the cable, restart the computer; if it still fails (on "
        "other computers too) change the USB cable.",
        meaning="Windows could not enumerate the USB device",
        terms=("hdc", "USB", "Device Descriptor Request Failed", "设备描述符"),
    ),
    Signature(
        "tool",
        # hdc itself does not start: a shared library the binary needs (the hdc guide's FAQ)
        (r"\bhdc(?:_std)?: error while loading shared libraries: (?:lib\S+)",),
        "The hdc binary cannot start on this system: a library it needs is missing or too "
        "old. hdc needs a 64-bit Ubuntu 18.04 or later (macOS 11+, Windows 10/11 64-bit): "
        "check what it links with `ldd hdc` / `readelf -d hdc` and install the missing "
        "library (libc++), or use the hdc of an SDK built for this system; run it from a "
        "terminal, not by double-clicking it.",
        meaning="hdc cannot load a library it needs",
        terms=("hdc", "libc++", "ldd", "shared libraries"),
    ),
    Signature(
        "hdc",
        # an older hdc's log line at the wrong level (faqs-performance-analysis-kit-69)
        (r"FreeChannelContinue handle->data is nullptr",),
        "An older hdc logs this line at the wrong level; it is no failure by itself: update "
        "hdc (the SDK's toolchains) to 3.1.0a or later.",
        meaning="an older hdc's misleveled log line",
        terms=("hdc", "FreeChannelContinue", "version"),
    ),
    Signature(
        "file",
        # DevEco's install step when the transfer to the device breaks
        # (faqs-app-debugging-35)
        (r"FileTransfer Failed:\s*Error while Deploy Hap",),
        "Sending the HAP to the device broke off: with a phone use another data cable or USB "
        "port of the computer; with an emulator click Wipe User Data in the Device Manager's "
        "list, or run `hdc kill -r` (in <DevEco>/sdk/default/openharmony/toolchains), start "
        "the emulator and run the project again.",
        meaning="the HAP transfer to the device broke off",
        terms=("hdc", "FileTransfer", "Wipe User Data", "USB"),
    ),
    # hitrace's own errors (the hitrace guide's FAQ), run on the device through hdc shell
    Signature(
        "hdc",
        (r"\bDumpSnapshot failed, errorCode\(1004\)",),
        "hitrace could not write its trace file (error 1004, a file write error): the output "
        "path does not exist or cannot be written, or the device lacks space. Write under "
        "/data/local/tmp (-o /data/local/tmp/…), and free storage (a trace can need some "
        "500 MB; `hdc shell df -h` shows the free disk space).",
        code="1004",
        meaning="hitrace could not write its trace file",
        terms=("hitrace", "1004", "/data/local/tmp"),
    ),
    Signature(
        "hdc",
        (r"\bDumpSnapshot failed, errorCode\(1\)",),
        "hitrace's background trace service (hiview) did not answer (error 1): restart the "
        "device, then capture again.",
        code="1",
        meaning="hitrace's trace service did not answer",
        terms=("hitrace", "hiview", "reboot"),
    ),
    Signature(
        "hdc",
        (r"\berror: \S+ is not support category on this device\b",),
        "The trace tag given to hitrace does not exist on this device: `hdc shell hitrace -l` "
        "lists the supported tags; use one of them.",
        meaning="hitrace was given a tag the device does not have",
        terms=("hitrace", "hitrace -l", "tag"),
    ),
    Signature(
        "hdc",
        (r"\bhitrace\b[^\n]*\n(?:[^\n]*\n){0,3}?[^\n]*\berror: illegal path\b",),
        "hitrace writes its output only under /data/local/tmp: give -o a path there "
        "(hitrace --dump_bgsrv -o /data/local/tmp/trace.sys), then copy it out with hdc file "
        "recv.",
        meaning="hitrace's output path is not allowed",
        terms=("hitrace", "-o", "/data/local/tmp"),
    ),
    Signature(
        "device",
        # the accessibility manager (AAMS) serves one automation client at a time: uitest's
        # ``Cannot connect to AAMS, RET_ERR_CONNECTION_EXIST`` (the UITest guide's FAQ), wukong's
        # ``failed to connect to AAMS.`` (the wukong guide's FAQ)
        (r"\b(?:Cannot|failed to) connect to AAMS\b",),
        "Another automation client holds the device's accessibility service (AAMS), which "
        "takes one at a time: a UI test still running (uitest, hypium, DevEco Testing), "
        "UIViewer, wukong. End it (close that tool, or `hdc shell killall uitest`) or reboot "
        "the device, then run again.",
        meaning="another test tool holds the accessibility service",
        terms=("AAMS", "uitest", "UIViewer", "hypium"),
    ),
    Signature(
        "device",
        # a device tool refusing a user build (cem's guide: ``error: user version cannot use
        # dump``); the shell's own "not found" is read by hilog.says.device_shell_missing
        (r"\buser version cannot use\b",),
        "This command works only on an eng (debug) build of the system, not on a user build "
        "(a retail phone or a release image): use an eng image, or do without it.",
        meaning="the command is refused on a user build of the system",
        terms=("hdc shell", "eng", "user build"),
    ),
    Signature(
        "launch",
        # aa when the device has a lock-screen password (faqs-app-debugging-39)
        (r"unlock screen failed in developer mode",),
        "The device is locked with a lock-screen password, so the app cannot be started on "
        "it: unlock it and run again; while developing, lengthen the screen's sleep time "
        "(Settings > Display & brightness) or set no lock-screen password, so the device "
        "wakes and starts the app by itself.",
        meaning="the screen could not be unlocked to start the app",
        terms=("aa start", "unlock", "锁屏", "developer mode"),
    ),
    Signature(
        "launch",
        # the ability manager refusing a debug-signed app on a device not in developer mode
        # (ability_manager_service's CheckDebugAppInDeveloperMode), before aa says it failed
        (r"Debugging application cannot run in non[ -]developer mode",),
        "The app is signed for debugging and the device is not in developer mode, so it may "
        "not start there: turn developer mode on (on a phone: Settings > About > tap the "
        "version number 7 times, then System > Developer options; on a development board, its "
        "image's setting for developer mode) and start it again, or install a release-signed "
        "build.",
        meaning="a debug-signed app cannot start on a device that is not in developer mode",
        terms=("aa start", "developer mode", "开发者模式", "debug"),
    ),
    Signature(
        "hdc-server",
        # hdc.log's line when the hdc server and this client differ in version
        # (faqs-performance-analysis-kit-38)
        (r"Daemon Session Handshake failed",),
        "The hdc server that is running is not of this client's version (another SDK's or "
        "DevEco Studio's hdc started it): compare them with `hdc checkserver`, end the other "
        "version's server with `hdc kill`, then run the command again with the hdc you mean "
        "to use (one SDK's hdc on the PATH).",
        meaning="hdc server and client versions differ",
        terms=("hdc", "checkserver", "hdc kill", "版本"),
    ),
    Signature(
        "hdc",
        # a large file sent with hdc arrives cut short or empty (an older hdcd over USB)
        (
            r"hdc file send[^\n]*(?:truncat|0[- ]bytes?\b)"
            r"|(?:truncat\w*|0[- ]byte)[^\n]{0,80}(?:hdc file send|file transfer)",
        ),
        "The file transfer broke off and the file on the device is cut short: run `hdc kill` "
        "(then `hdc start`), reconnect or reboot the device, and send it again; for large "
        "files update hdc and the device image, or send the file in parts and check its "
        "size on the device (`hdc shell ls -l`).",
        meaning="hdc file send cut the file short",
        terms=("hdc", "file send", "truncated"),
    ),
    Signature(
        "hdc",
        # hdc's client given a connect key and no command after it (the device-dev hdc guide,
        # ``hdc_std -t key``: ``Nothing to do...``)
        (r"^[>\s]*Nothing to do\.\.\.\s*$",),
        "hdc was given a device (-t KEY) but no command: put the command after the key, e.g. "
        "`hdc -t <connect-key> shell ls` or `hdc -t <connect-key> install app.hap`.",
        meaning="hdc was given no command",
        terms=("hdc", "-t", "command"),
    ),
    Signature(
        "hdc",
        (r"need connect-key", r"^[>\s]*Specify one target\s*$"),
        "hdc has no one device to run the command on: several are connected (or an emulator "
        "and a phone) and the command named none, or none is: run `hdc list targets` and "
        "pass one with `hdc -t <connect-key> …`, or disconnect the others. When the device "
        "is connected but this hdc lists none, use the hdc of the SDK the device needs (a "
        "HarmonyOS phone: DevEco Studio's or the HarmonyOS SDK's toolchains, not an older "
        "OpenHarmony SDK's hdc or hdc_std) and run `hdc kill` so its own server starts.",
        meaning="no device chosen (several connected, or none)",
        terms=("hdc", "connect-key", "list targets", "设备"),
    ),
    Signature(
        "hdc",
        # and the client's own line when it lists no device at all (hdc's client main:
        # ``No any target``), and hdc_std's for a key no device has (the device-dev hdc guide:
        # ``error: device '***' not found``)
        (
            r"Not match target founded",
            r"Device not found or connected",
            r"^[>\s]*No any target\s*$",
            r"^[>\s]*error: device '[^'\n]*' not found\s*$",
        ),
        "The device is not connected, or no connected device has that connect key (it "
        "changes after a reconnect; a network device must be reconnected with `hdc tconn "
        "IP:PORT`): run `hdc list targets -v`, pass a listed key with `hdc -t <key> …`, or "
        "connect the device and enable USB debugging.",
        meaning="device not found",
        terms=("hdc", "device", "设备", "connect-key"),
    ),
    Signature(
        "hdc",
        # ``hdc list targets -v``: a target hdc knows but cannot talk to (key, type, state)
        (r"^\s*(?:>\s*)?\S+\s+(?:TCP|USB|UART|BT|BLE)\s+Offline\b",),
        "hdc knows the target but cannot talk to it yet: a device or emulator still booting "
        "(its hdc daemon not up), a network target that dropped, a cable replugged. Wait "
        "until the system has booted, then connect again (`hdc tconn IP:PORT` for a network "
        "target or an emulator's port, replug a USB one) until `hdc list targets -v` says "
        "Connected.",
        meaning="the target is listed Offline",
        terms=("hdc", "Offline", "tconn", "设备"),
    ),
    Signature(
        "unauthorized",
        # ``hdc list targets -v``: a device that has not trusted this computer (the hdc
        # guide's FAQ: 执行hdc list targets显示"Unauthorized")
        (r"^\s*(?:>\s*)?\S+\s+(?:TCP|USB|UART|BT|BLE)\s+Unauthori[sz]ed\b",),
        'The device has not trusted this computer: unlock it and answer the "Trust this '
        'device?" dialog with Always trust (or Trust). The dialog closes after a while, and '
        "a refusal sticks: turn USB debugging (or Wireless debugging) off and on again in "
        "Settings > System > Developer options, or run `hdc kill -r`, to get the dialog "
        "again.",
        meaning="the target is listed Unauthorized",
        terms=("hdc", "Unauthorized", "授权", "hdc kill -r"),
    ),
    Signature(
        "hdc",
        # ``hdc list targets`` answering the state alone (its FAQ for a watch debugged over
        # Wi-Fi, faqs-performance-analysis-kit-67): a line that is the word and nothing else
        (r"^\s*(?:>\s*)?\[?Unauthori[sz]ed\]?\s*$",),
        "The device has not authorised this computer: unlock it and answer the authorisation "
        "dialog with Trust (Always trust); a watch must first finish its setup wizard and be "
        "paired with its phone before wireless debugging shows that dialog. A refusal sticks: "
        "turn USB or Wireless debugging off and on again in Developer options, or run "
        "`hdc kill -r`, to get the dialog again.",
        meaning="hdc says the device is unauthorized",
        terms=("hdc", "Unauthorized", "授权", "Trust"),
    ),
    Signature(
        "no-device",
        (r"^\s*(?:>\s*)?\[[Ee]mpty\]\s*$", r"\bdevice (?:is )?offline\b"),
        "hdc sees no (ready) device: connect it with a data cable and turn on USB debugging "
        "(Settings > System > Developer options), accept the authorisation dialog; start the "
        "emulator in DevEco's Device Manager; a network device needs `hdc tconn IP:PORT` (a "
        "device left in TCP mode: switch it back to USB). A connected device the computer "
        "does not see (faqs-performance-analysis-kit-32): try another USB port (no hub) and "
        "another USB cable (USB 2.0 or better); check that the computer lists an HDC Device / "
        "HDC Interface (Windows' Device Manager, `lsusb` on Linux, System Information > USB "
        "on macOS); on Windows reinstall the driver with zadig (List All Devices > HDC Device "
        "> Reinstall Driver); end adb (`adb kill-server`, it shares port 8710) and run `hdc "
        "kill` then `hdc start`; use the hdc of the SDK that matches the device's image. The "
        "computer lists the device (macOS: `system_profiler SPUSBDataType` shows HDC Device) "
        "but the device shows no authorisation dialog (faqs-performance-analysis-kit-70): "
        "this computer's hdc public key files are broken: delete them (`rm -r ~/.harmony`, "
        "in the user's home folder) and run `hdc kill -r` to ask for authorisation again. "
        "On Linux or macOS as a user without admin rights hdc may not open USB devices: "
        "macOS `sudo hdc kill` then `sudo hdc start`; Linux `sudo chmod -R 777 "
        "/dev/bus/usb/` for now, or a udev rule for the device's idVendor/idProduct (from "
        'lsusb) with MODE="0666" in /etc/udev/rules.d/, then `sudo udevadm control '
        "--reload`.",
        meaning="no device connected",
        terms=("hdc", "list targets", "device", "设备"),
    ),
    Signature(
        "hdc",
        shell_not_found("hdc"),
        "hdc is not on the PATH: add the SDK's toolchains folder (…/sdk/default/openharmony/"
        "toolchains, or DevEco Studio's sdk) to PATH, or set the hdc path in hmdesk's settings. "
        "In a shell, export it in the shell's own profile (`export PATH=…/toolchains:$PATH` in "
        "~/.zshrc for zsh, macOS's default, ~/.bashrc for bash) and open a new terminal.",
        meaning="hdc not found",
        terms=("hdc", "PATH", "toolchains"),
    ),
    Signature(
        "device",
        # the target asked for (``-t KEY``) is not connected yet: just after ``hdc tconn``,
        # an emulator or a device still booting
        (r"\b(?:Requested )?target is not (?:available|ready)\b",),
        "The device asked for is not connected yet: a network target just connected with "
        "`hdc tconn IP:PORT`, or an emulator or device still booting, is not ready at once. "
        "Wait before the next command (poll `hdc list targets` until it lists the key, with "
        "a timeout, or wait a few seconds after tconn), and check the key is the one listed.",
        meaning="the requested target is not available yet",
        terms=("hdc", "tconn", "list targets", "设备"),
    ),
    Signature(
        "tool",
        # the emulator binary is older than the command line it was given (DevEco Studio's
        # or a script's): ``Emulator: Unknown options: instance, rotation``
        (r"(?:^|\s)Emulator(?:\.exe)?: Unknown options?:",),
        "The Emulator does not know options it was given: it is older than the tool or "
        "script calling it (fold, rotation and instance control came in later Emulator "
        "versions). Check its version (`Emulator -version`) and upgrade the Emulator in "
        "DevEco Studio's SDK manager to the version the tool needs (or the one shipped with "
        "your DevEco Studio), or drop the options.",
        meaning="the Emulator does not know these options",
        terms=("Emulator", "Unknown options", "version"),
    ),
    Signature(
        "install",
        # DevEco Studio's words for bm's 9568347 (install parse native so failed)
        (r"Abi type supported by the device does not match",),
        "The HAP's native libraries are built for ABIs the device does not run: an emulator "
        "on an x86_64 computer runs x86_64, a phone arm64-v8a (`hdc shell param get "
        "const.product.cpu.abilist`). Add the device's ABI to abiFilters in the module's "
        "build-profile.json5 (buildOption.externalNativeOptions) and build the .so files "
        "for it (a prebuilt library: its build for that ABI in libs/<abi>), then reinstall.",
        meaning="the HAP's native ABI does not match the device's (bm 9568347)",
        terms=("9568347", "abiFilters", "ABI", "x86_64"),
    ),
    Signature(
        "install",
        # bm's refusal of a HAP whose SDK version the device lacks (the older bm's code)
        (
            r"INSTALL_PARSE_FAILED_USESDK_ERROR",
            # DevEco's and bm's words for it (faqs-app-debugging-22)
            r"(?:compatible|compile)SdkVersion and releaseType of the app do not match the "
            r"apiVersion and releaseType on the device",
        ),
        "The device's API version is lower than the one the HAP needs: check the device's "
        "(`hdc shell param get const.ohos.apiversion`) against compatibleSdkVersion (and "
        "compileSdkVersion) in build-profile.json5, then run on a device or emulator of that "
        "API version or newer, or lower compatibleSdkVersion to the device's (an ArkTS "
        "stage-model app needs API 9 or later).",
        meaning="the device's API version is lower than the HAP's",
        terms=("USESDK", "compatibleSdkVersion", "apiversion"),
    ),
    Signature(
        "sdk-version",
        # the ArkCompiler runtime refusing bytecode from a newer SDK than its own
        (r"Maximum supported abc file version on the current system image is",),
        "The .abc bytecode was compiled by an SDK newer than the ArkCompiler runtime that "
        "runs it (the device's system image, or the runtime an ArkUI-X SDK bundles): "
        "upgrade the system image (or the ArkUI-X SDK) to the compiling SDK's API Version, "
        "or build with the SDK of the runtime's API Version.",
        meaning="the abc file is newer than the runtime",
        terms=("abc file version", "API Version", "SDK"),
    ),
    Signature(
        "no-hap",
        (r"Not any installation package was found",),
        "hdc found no package to install at that path: `hdc install` takes a built .hap, "
        ".hsp or .app (an Android .apk cannot be installed on HarmonyOS NEXT); build the "
        "HAP and pass its path (entry/build/default/outputs/default/*.hap).",
        meaning="no installation package found",
        terms=("hdc", "install", "hap", "安装"),
    ),
    # the Emulator started on a folder that is not its system image's root (harmony-next.skills
    # issue 14: --image-root at DevEco's build SDK, not the SDK holding system-image/…), or an
    # image file missing under it
    Signature(
        "device",
        (
            r"can not open image_signature file",
            r"can not read uuid file",
            # its QEMU's own words for an image file that is not at the path (system.img …)
            r"Could not open '[^'\n]+\.img'",
        ),
        "The Emulator found no system image where it was pointed (system.img must be at the "
        "path the message names): its image root must be the "
        "SDK folder that holds the emulator's image (system-image/<HarmonyOS-version>/<device>/, "
        "the emulator's imageSubPath; ~/Library/Huawei/Sdk on macOS, %LOCALAPPDATA%\\Huawei\\Sdk "
        "on Windows), not DevEco's build SDK; start it from DevEco's Device Manager or pass that "
        "root, then `hdc list targets` shows it.",
        meaning="emulator image root is not a system image",
        terms=("Emulator", "image root", "system-image", "模拟器"),
    ),
    # aa's answers without a code (the aa tool guide's return values of each command)
    *(
        Signature(
            cast(FindingKind, kind),
            patterns,
            fix,
            meaning=meaning,
            terms=("aa", meaning),
        )
        for kind, patterns, meaning, fix in AA_MESSAGES
    ),
    # DevEco Studio's run/debug/test launch and attach messages (the FAQ's 应用调试, 应用测试)
    *(
        Signature(
            cast(FindingKind, kind),
            patterns,
            fix,
            meaning=meaning,
            terms=("DevEco Studio", "debug", "launch", page),
        )
        for kind, patterns, meaning, fix, page in LAUNCH_MESSAGES
    ),
    # the emulator's documented errors, read by their message (the Emulator prints no code)
    *(
        Signature(
            cast(FindingKind, kind),
            (pattern,),
            fix,
            meaning=f"{meaning} (emulator code {code})",
            terms=("Emulator", code, "模拟器"),
        )
        for code, kind, pattern, meaning, fix in EMULATOR_CODES
    ),
)


# bm / aa said only that they failed (no code): read their own message
GENERIC_DEVICE_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        "install",
        (r"failed to install bundle",),
        "The device refused the HAP and bm printed no code: read bm's error line in the "
        "evidence (signature, versionCode, deviceTypes and ABI are the usual causes). A HAP "
        "signed with an AppGallery release certificate installs only from AppGallery: debug "
        "with a debug certificate and profile, and test a release build through AppGallery "
        "Connect (invitation or public test; open test for API 9 and older).",
        meaning="failed to install bundle",
        terms=("install", "安装失败"),
    ),
    Signature(
        "tool",
        # bm dump's own answer to arguments it cannot use (bm_command.cpp's STRING_DUMP_NG)
        (r"failed to get information and the parameters may be wrong",),
        "bm could not use the arguments it was given: check them with `bm dump -h`. On a "
        "device with user spaces (a 2in1/PC, a tablet) the query needs the user: add `-u "
        "<userId>` (`bm dump -a -u 100`, 100 being the first user; `acm dump -a` lists them); "
        "a bundle named with -n must be installed for that user.",
        meaning="bm dump: the parameters may be wrong",
        terms=("bm dump", "-u", "user"),
    ),
    Signature(
        "launch",
        (r"ability visible false", r"visible false deny request"),
        'The ability is not exported: set "exported": true for it under abilities in the '
        'module\'s module.json5 (config.json "visible": true in the FA model); aa and other '
        "apps may start only exported abilities.",
        meaning="ability not exported (visible false)",
        terms=("aa start", "exported", "visible", "ability"),
    ),
    Signature(
        "launch",
        (r"failed to start ability",),
        "The ability did not start: check the ability/module names and that the device is unlocked.",
        meaning="failed to start ability",
        terms=("aa start", "启动失败", "ability"),
    ),
)
