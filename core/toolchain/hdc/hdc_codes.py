"""What hdc's own failures mean and how to fix them: its ``[Fail][E0xxxxx]`` codes
(:data:`HDC_FAIL_CODES`), the failures it words without a code (:data:`FAIL_PROSE`) and its
server's (:data:`SERVER_FAILED_FIX`), each with the :data:`OutcomeKind` it is; read by the
classifiers (:mod:`.outcomes`) and the build doctor.
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

# meanings and fixes that more than one code or wording has
_NO_DEVICE = (
    "the device is not found or not connected",
    "Reconnect the device (cable, USB debugging on) and pick a Connected one from the device list.",
)
_DAEMON_UNREACHABLE = (
    "hdc could not communicate with the device daemon",
    "Replug the device or run `hdc kill` then `hdc start -r`; restart the device if it persists. "
    "A network (TCP) connection: check the network is stable. The hdc guide's other causes: an "
    "hdc (SDK) older than the device's system: update the SDK's toolchains; hdc and hdc_std (or "
    "another program) on the same port (OHOS_HDC_SERVER_PORT, 8710 unless set): run only one.",
)
_NOT_A_STARTED_DEBUG_APP = (
    "the bundle name given with -b is not an installed, started debug app",
    "Pass the bundle name of an installed debug-signed app (`hdc shell bm dump -a`), and "
    "start the app first so its directory is mounted.",
)
_UNREADABLE_KEYS_FIX = (
    "hdc's key pair on this computer is unreadable: run `hdc kill`, delete the hdckey files "
    "in the user's .harmony folder (hdc makes new ones), start hdc again and re-authorise "
    "on the device."
)

# [Fail] / E0xxxxx codes
HDC_FAIL_CODES: dict[str, tuple[OutcomeKind, str, str]] = {
    # code: (kind, meaning, fix)
    "E001005": (
        "no-device",
        *_NO_DEVICE,
    ),
    "E002106": (
        "daemon",
        *_DAEMON_UNREACHABLE,
    ),
    "E006001": (
        "install",
        "no installation package was found",
        "Check the HAP path: build first, then install the *-signed.hap under <module>/build/.",
    ),
    "E005005": (
        "file",
        "could not create a directory on the device",
        # hdc.md's E005005 and mediatool.md's media library import
        "The device's directory named after path: is read-only or not writable for hdc (a "
        "system directory): send to a directory with write permission (/data/local/tmp, or the "
        "app's sandbox with -b). The media library (/mnt/data/<uid>/media_fuse/Photo/…) does not "
        "support creating directories: send files into an existing album directory (a folder "
        "is merged only into an existing album of the same name).",
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
        "the device has not authorised this computer yet (its public key is not set): never "
        "trusted on this device, or 'Trust' chosen instead of 'Always trust' (asked again after "
        "each reconnect)",
        "Unlock the device and accept its trust dialog ('Trust this device?': choose 'Always "
        "trust'). No dialog: on the device, Settings > System > Developer options, turn USB "
        "debugging (or Wireless debugging) off and on again, or run `hdc kill -r`, then "
        "reconnect and accept the dialog.",
    ),
    "E000003": (
        "unauthorized",
        "the access was denied on the device (the trust dialog was refused with 'Do not trust', "
        "or it closed after its timeout)",
        "On the device, Settings > System > Developer options, turn USB debugging (or Wireless "
        "debugging) off and on again, or run `hdc kill -r` and redo the command; then accept the "
        "trust dialog on the unlocked device ('Always trust').",
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
        _UNREADABLE_KEYS_FIX,
    ),
    "E000009": (
        "hdc",
        "the hdc server could not read its private key",
        _UNREADABLE_KEYS_FIX,
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
        *_NOT_A_STARTED_DEBUG_APP,
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
        "Upgrade the SDK, whose hdc must have the option for file recv -b, or the device's "
        "system, for file send -b, to a version that has it (the hdc guide matches hdc "
        "versions to system versions); without either, copy through a path hdc may use and "
        "move the file in the app.",
    ),
    "E005008": (
        "file",
        "the file operation is not allowed on the device",
        "The device refuses this path (read-only or protected): use a writable path such as "
        "/data/local/tmp, or the app's own directory with -b.",
    ),
    "E005101": (
        "file",
        *_NOT_A_STARTED_DEBUG_APP,
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

# the hdc guide's 错误信息 of each code (application-dev/dfx/hdc.md, "hdc错误码" / "hdc Error
# Codes"), the part an hdc that prints no code (an older one, a paste without it) still says, and
# hdc's own wording where the guide words it otherwise (E003004); E003005's "The parameter is
# missing" is printed for other codes too, so it names none; E005101 prints E003001's message;
# E001005's and E002106's words are read with their remedies by FAIL_PROSE
HDC_MESSAGES: dict[str, tuple[str, ...]] = {
    "E000001": ("The sdk hdc.exe version is too low",),
    "E000002": ("This server's public key is not set",),
    "E000003": ("The user denied the access for the device",),
    "E000004": ("The communication channel is being established",),
    "E001000": ("For USB debugging, please set it on the device's Settings UI",),
    "E001001": ("Unknown command",),
    "E001003": ("USB communication abnormal",),
    "E001104": ("IP address incorrect",),
    "E001106": ("-e content IP incorrect",),
    "E001300": ("Not support tmode for Emulator",),
    "E002101": ("Terminal hdc process failed",),
    "E002105": ("Unsupport command",),
    "E003001": ("Invalid bundle name",),
    "E003002": ("Unsupport interactive shell command option",),
    "E003003": ("Unsupport shell option",),
    "E003004": (
        "Device does not support this shell option",
        "Device does not supported this shell command",
    ),
    "E005003": ("There is no bundle name",),
    "E005004": ("SDK/Device ROM doesn't support -b option", "doesn't support -b option"),
    "E005005": ("Error create directory",),
    "E005008": ("Operation not allowed",),
    "E005102": ("no such file/directory or it's out of the application directory",),
    "E006001": ("Not any installation package was found",),
    "E007100": ("Operate need running under debug mode",),
    "E00C001": ("Operation restricted by the organization",),
}


def code_by_message(text: str) -> str | None:
    """The hdc code whose documented message ``text`` holds (the longest, so that "-e content IP
    incorrect" is not read as "IP address incorrect"), or None."""
    low = text.lower()
    hits = [(len(m), c) for c, ms in HDC_MESSAGES.items() for m in ms if m.lower() in low]
    return max(hits)[1] if hits else None


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
        *_NO_DEVICE,
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
    # a transfer stopped by the OS of the side that writes (hdc's ``Transfer Stop at:N/M(Bytes),
    # Reason: <libuv's strerror>``; faqs-app-debugging-62): the reason decides the remedy
    (
        re.compile(r"Reason:\s*no space left on device|\bENOSPC\b", re.I),
        "file",
        "the side that writes the file has no space left (the device for file send and "
        "install, this computer for file recv)",
        "Free storage on the device (`hdc shell df -h` shows it; delete large files or apps "
        "you do not need), then send or install again; for an emulator click Wipe User Data "
        "in the Device Manager's list and start it again. For `hdc file recv`, free disk space "
        "on this computer.",
    ),
    (
        re.compile(r"Reason:\s*read-only file system|\bEROFS\b", re.I),
        "file",
        "the destination is on a read-only file system",
        "Write to a writable path on the device (/data/local/tmp, or the app's own directory "
        "with `hdc file send -b <bundle>`); system partitions are read-only on a user build.",
    ),
    (
        re.compile(r"Reason:\s*(?:connection reset by peer|broken pipe|end of file)", re.I),
        "daemon",
        "the connection to the device dropped during the transfer",
        "Reconnect the device (another data cable or USB port, no hub) or run `hdc kill -r`, "
        "then send or install again.",
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
        *_DAEMON_UNREACHABLE,
    ),
    (
        re.compile(r"\b(?:Requested )?target is not (?:available|ready)\b", re.I),
        "no-device",
        "the device asked for is not connected yet",
        "Wait until `hdc list targets` lists it (a device just connected with `hdc tconn`, or "
        "still booting, is not ready at once), then retry.",
    ),
]

# the hdc guide's FAQ (Connect server failed, connect failed status:-4078, no output at all), and
# hdc in a container without the host's USB devices (faqs-performance-analysis-kit-66)
SERVER_FAILED_FIX = (
    "hdc could not reach its server (port 8710 or OHOS_HDC_SERVER_PORT). Close the programs "
    "that bring their own hdc (DevEco Studio, DevEco Testing) or run `hdc kill` then `hdc "
    "start`; check that nothing else uses the port (`netstat -an | grep 8710`, Windows "
    "`netstat -an | findstr 8710`): end that program or set OHOS_HDC_SERVER_PORT to another "
    "port; end a server of another hdc version (`ps -ef | grep hdc`, Windows: Task Manager > "
    "hdc.exe > Open file location: not the hdc on your PATH → `hdc kill` or end it). On "
    "Windows a broken USB class filter blocks it too: in regedit, under HKEY_LOCAL_MACHINE\\"
    "SYSTEM\\CurrentControlSet\\Control\\Class\\{88bae032-5a81-49f0-bc3d-a4ff138216d6}, back "
    "up and clear UpperFilters, then replug the device or restart the computer. hdc run inside "
    "a sandbox or container (docker, WSL, a tool's or an agent's sandbox) that strips USB access "
    "and the local port sees no device and no server although the device works outside it: "
    "run hdc outside the sandbox (elevate or unsandbox that command), or map the USB device "
    "into the container (faqs-performance-analysis-kit-66)."
)

# the hdc server's own failures worded without a code (patterns, meaning, fix): its port taken
# (faqs-app-debugging-19, faqs-performance-analysis-kit-43/75; DevEco's Chinese window words
# too) and a server hdc kill may not end (faqs-performance-analysis-kit-40)
SERVER_PROSE: list[tuple[tuple[str, ...], str, str]] = [
    (
        (
            r"hdc server port \S+ (?:has been|is already|was already) used",
            r"hdc server port \S+\s*已被(?:占用|使用)",
        ),
        "the hdc server's port is in use",
        "The hdc server cannot listen on its port (8710 unless OHOS_HDC_SERVER_PORT sets "
        "another): another program holds it. Find that program (Windows `netstat -ano | "
        "findstr :<port>` then `taskkill /PID <pid> /F`; macOS/Linux `lsof -i :<port>` then "
        "`kill -9 <pid>`), or set the environment variable OHOS_HDC_SERVER_PORT to a free "
        "port (e.g. 18710) and restart DevEco Studio and the terminals that run hdc. On "
        "Windows a port inside Hyper-V's excluded range (`netsh int ipv4 show "
        "excludedportrange protocol=tcp`) looks free but is not: pick a port outside it; a "
        "firewall may block the port too.",
    ),
    (
        # hdc's own line, at the start of its output line (or quoted), with the OS's reason after it
        (r"^\s*(?:>\s*)*(?:\[Fail\]\s*)?Kill server failed\s*:",),
        "hdc kill cannot end the running server",
        "hdc kill cannot end the hdc server that runs: another program (DevEco Studio, an "
        "emulator, a script run as administrator or root) started it with more privileges "
        "than this user. End it by hand: on Windows Task Manager > Details > hdc.exe > End "
        "task; on macOS/Linux find it with `ps -ef | grep hdc` and end it with `sudo kill -9 "
        "<pid>`; then run hdc again (it starts a new server).",
    ),
    (
        # hdc.log (and the console) in docker or WSL, where no USB device node exists
        # (faqs-performance-analysis-kit-66)
        (r"USB mod ctxUSB is nullptr",),
        "no USB device nodes for hdc (docker/WSL)",
        "hdc finds no USB device nodes (docker or WSL: /dev/bus/usb is empty), and an hdc "
        "older than 3.1.0e cannot start its server without them: map the device into the "
        "container (`docker run --device=/dev/bus/usb/<bus> …`, or --privileged), or upgrade "
        "hdc to 3.1.0e (API 15 SDK) or later, whose server starts without USB nodes (connect "
        "with `hdc tconn IP:PORT`).",
    ),
]
