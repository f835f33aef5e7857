"""The emulator's documented errors (DevEco Studio's "模拟器错误码" page, ide-emulator-faqs: codes
008010xx and 008020xx): each code's English message, what it means and the page's remedy. The
Emulator and DevEco show the message without the code, so each row is read by its message
(:data:`hmdesk.core.toolchain.device_signatures.DEVICE_SIGNATURES`)."""

from __future__ import annotations

_WIPE_OR_RECREATE = (
    "In DevEco's Device Manager (Local Emulator) click Wipe User Data for the emulator and start "
    "it again, or delete it and create a new one."
)
_DOWNLOAD_IMAGE = (
    "Download the system image again (DevEco's Device Manager / SDK manager) and create the "
    "emulator anew."
)
_SEND_REPORT = (
    "Send the crash report the Emulator shows (its logs go with it) and start the emulator again."
)

# (code, finding kind, the message as a pattern, meaning, fix)
EMULATOR_CODES: tuple[tuple[str, str, str, str, str], ...] = (
    (
        "00801001",
        "device",
        r"Hyper-V Not Enabled",
        "Hyper-V is not enabled",
        "The emulator needs Hyper-V (and it does not run inside a virtual machine or a cloud "
        "desktop): check that the CPU supports virtualisation, turn on Hyper-V, Windows "
        "Hypervisor Platform and Virtual Machine Platform in Windows Features and restart; if it "
        "persists run `bcdedit /set hypervisorlaunchtype auto` as administrator and restart, and "
        "enable virtualisation in the BIOS when Task Manager > Performance says it is disabled.",
    ),
    (
        "00801002",
        "device",
        r"available disk space is less than the amount of space required to run the emulator",
        "not enough disk space for the emulator",
        "Free disk space or move the emulator to another disk (on macOS also delete purgeable "
        "space: old APFS snapshots in Disk Utility).",
    ),
    (
        "00801003",
        "device",
        r"The Image path has changed",
        "the system image path has changed",
        "Confirm to clear the image data and start, or cancel and move the image back to its "
        "former path.",
    ),
    (
        "00801004",
        "device",
        r"CPU does not support AES instructions",
        "the CPU lacks AES instructions",
        "This computer cannot run the emulator: use one that meets the emulator's requirements, "
        "or a real device.",
    ),
    (
        "00801005",
        "device",
        r"Emulator failed to start due to insufficient memory",
        "not enough memory to start the emulator",
        "Close processes with a large commit size (Task Manager > Details, add the Commit size "
        "column) until the free committed memory exceeds the emulator's RAM setting, or give "
        "the emulator less RAM.",
    ),
    (
        "00801006",
        "device",
        r"update your PC to Windows 10 \(OS build 18363 or later\)",
        "Windows is too old for the emulator",
        "Update Windows to Windows 10 build 18363 or later.",
    ),
    (
        "00801007",
        "device",
        r"remaining disk space of the emulator is insufficient",
        "the emulator's own disk is full",
        "Clear the emulator's data (Wipe User Data) and start it again.",
    ),
    (
        "00801008",
        "device",
        r"The system-image file is missing",
        "the emulator's system image is missing",
        _DOWNLOAD_IMAGE,
    ),
    (
        "00801009",
        "device",
        r"The current emulator image version is too low",
        "the emulator image is too old",
        _DOWNLOAD_IMAGE,
    ),
    (
        "00801010",
        "device",
        r"The Image version has changed",
        "the system image version has changed",
        "Confirm to clear the image data and start, or cancel and switch back to the former "
        "image version.",
    ),
    (
        "00801011",
        "device",
        r"update your Mac to 12\.5 or later",
        "macOS is too old for the emulator",
        "Update macOS to 12.5 or later.",
    ),
    (
        "00801012",
        "device",
        r"The emulator configuration file is damaged or abnormal",
        "the emulator's configuration file is damaged",
        _WIPE_OR_RECREATE,
    ),
    (
        "00801013",
        "device",
        r"does not support OpenGL 4\.1 or later",
        "the graphics card lacks OpenGL 4.1",
        "Update the graphics card driver; a card without OpenGL 4.1 must be replaced.",
    ),
    (
        "00801014",
        "device",
        r"Sdk Path has been changed",
        "the SDK path changed since the emulator was created",
        _WIPE_OR_RECREATE,
    ),
    (
        "00801015",
        "device",
        r"No local emulator found",
        "the local emulator is missing",
        "The emulator's files are missing or damaged: delete it and create a new one.",
    ),
    (
        "00801016",
        "hdc",
        r"Can't find device\W{0,3}\s*may be Hdc is not normal running",
        "the emulator is not found: hdc is not running normally",
        "Run `hdc kill` and connect again; if that fails restart DevEco Studio and the emulator, "
        "download the emulator image again (it must match DevEco Studio's version), and check "
        "the hdc path if you set it in the environment.",
    ),
    (
        "00801017",
        "install",
        r"The \S+ ABI type is missing\. Make sure it is configured for all \.so files",
        "a .so file lacks the device's ABI (bm 9568347)",
        "The device's (or emulator's) ABI is not among the ABIs the .so files are built for (an "
        "emulator on an x86_64 computer runs x86_64, a phone arm64-v8a): add it to abiFilters "
        "in the module's build-profile.json5 (buildOption.externalNativeOptions) and provide "
        "every prebuilt .so for it (libs/<abi>), then reinstall; if the project cannot change, "
        "debug on a cloud HarmonyOS device instead.",
    ),
    (
        "00801018",
        "device",
        r"The emulator RAM is insufficient",
        "the emulator is out of memory",
        "Create the emulator with more RAM (the default is 4 GB).",
    ),
    (
        "00801019",
        "device",
        r"Failed to verify the image file",
        "the system image does not match its signature",
        _DOWNLOAD_IMAGE,
    ),
    (
        "00801020",
        "device",
        r"It does not work with Windows on Arm",
        "the emulator does not run on Windows on Arm",
        "Use the emulator on an x86_64 Windows or a Mac, or a real device.",
    ),
    (
        "00802001",
        "device",
        r"^\W*(?:ErrorType\W*)?Emulator Freeze\b",
        "the emulator froze",
        _SEND_REPORT,
    ),
    (
        "00802002",
        "device",
        r"^\W*(?:ErrorType\W*)?Emulator Graphic Hung\b",
        "the emulator's graphics hung",
        _SEND_REPORT,
    ),
    (
        "00802003",
        "device",
        r"^\W*(?:ErrorType\W*)?Emulator Crash\b",
        "the emulator crashed",
        _SEND_REPORT,
    ),
)
