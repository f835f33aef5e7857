"""What aa's error codes mean and how to fix them (``Error Code:101xxxxx``, :data:`AA_CODES`);
read by the classifiers (:mod:`.outcomes`) and the build doctor.
"""

from __future__ import annotations

AA_CODES: dict[str, tuple[str, str]] = {
    "10104001": (
        "the specified ability does not exist",
        "The -a ability name and the -b bundle name must name an installed ability: compare them "
        "with abilities[].name / mainElement in module.json5 (bm dump -n <bundle> lists what is "
        "installed), pass -m for a multi-HAP app, and install the HAP that holds the ability.",
    ),
    "10103001": (
        "failed to verify the visibility of the target ability (it is not exported)",
        'Set "exported": true on the ability in module.json5, or start it from inside the app.',
    ),
    "10106102": (
        "the device screen is locked during the application launch",
        "Unlock the device screen and launch again. For a debugging session keep it unlocked: "
        "turn auto-lock off (or keep the screen on while charging in Developer options) and set "
        "the screen lock to none or swipe while developing; a password lock cannot be opened "
        "from hdc.",
    ),
    "10103101": (
        "failed to find a matching application for implicit launch (no ability matches)",
        "Pass the ability with -a (explicit start); -b alone makes an implicit start.",
    ),
    "10105002": (
        "failed to obtain ability information",
        "The app may not be installed for this user: reinstall it and retry.",
    ),
    "10106002": (
        "the aa start command's window option or the aa test command does not support app with "
        "release signature",
        "The app is release-signed: aa start's window options (--wl, --wt, --wh, --ww) and aa "
        "test need a debug-signed app. Re-sign it with a debug certificate and profile, install "
        "the new HAP and run the command again. DevEco Studio's Debug of an OpenHarmony project "
        "fails the same way: its automatic signing makes a release-type .p7b profile; generate "
        "the debug signature with the project in HarmonyOS mode, then switch it back to "
        "OpenHarmony (faqs-app-debugging-78).",
    ),
    "10104002": (
        "failed to retrieve specified package information",
        "The bundle named is not installed (or mistyped): check it with `hdc shell bm dump -a`; "
        "`aa force-stop` takes the bundle name positionally (no -b).",
    ),
    # The rest of aa's documented codes (application-dev/tools/aa-tool.md, "Error Codes"):
    # meaning = aa's Error Message (lower-cased first word), fix after the guide's solution. Each
    # meaning holds the documented Error Message, so the message alone names its code.
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


# aa's answers printed without a code (the aa tool guide's 返回值 of each command): (finding
# kind, patterns, meaning, fix); a coded line beside one of them is read by its code first
AA_MESSAGES: tuple[tuple[str, tuple[str, ...], str, str], ...] = (
    (
        "stop",
        (r"failed to stop service ability",),
        "failed to stop service ability",
        "aa stop-service could not stop it: -a must name a ServiceAbility (FA) or an "
        "ExtensionAbility (Stage) of the bundle given with -b (10103201 when it is not one, "
        "10104001 when it does not exist): check the names with `hdc shell bm dump -n "
        "<bundleName>`; restart the device when the ability service is unreachable (10105001).",
    ),
    (
        "stop",
        (r"failed to force stop process",),
        "failed to force stop process",
        "aa force-stop takes the bundle name alone (`aa force-stop <bundleName>`, no -b); the app "
        "must be installed (`hdc shell bm dump -a`, 10104002); a persistent process cannot be "
        "stopped (10106402); restart the device when the service is unreachable (10106401).",
    ),
    (
        "launch",
        (r"failed to start user test",),
        "failed to start user test",
        "aa test needs -b <bundleName> and -s unittest <TestRunner> (and -m <module> in the "
        "Stage model); the test HAP must be installed with the app and debug-signed (10106002: "
        "a release signature is refused).",
    ),
    (
        "launch",
        (r"^\s*(?:>\s*)?fail: unknown option\.?\s*$",),
        "aa did not understand its options",
        "An aa command got an option it does not know or without its value: attach and detach "
        "need -b <bundleName>, send-memory-level needs -p <pid> and -l <level 0-2>; `aa help` "
        "and `aa <command> -h` list each command's options.",
    ),
    (
        "launch",
        (r"failed to app debug", r"^\s*(?:>\s*)?error: not developer mode\.?\s*$"),
        "aa appdebug failed",
        "aa appdebug needs the device in developer mode (Settings > About > tap the build "
        "number seven times, 10106001) and a debug-signed app (10106701): re-sign with a debug "
        "certificate and profile, install it, then `aa appdebug -b <bundleName>`.",
    ),
    (
        "launch",
        (r"failed to start native process", r"^\s*(?:>\s*)?error: option requires a value\.?\s*$"),
        "aa process failed",
        "aa process needs -b <bundleName> and -a <abilityName> and one of -D <debug-cmd> or -p "
        "<perf-cmd>, each with its value; the app must be installed (10105002) and debug-signed "
        "(10106002).",
    ),
    (
        "launch",
        (r"The wait option does not support starting (?:implicit|non-uiability)",),
        "aa start -W measures only an explicit UIAbility start",
        "Use -W only with an explicit start of a UIAbility: give both -b <bundleName> and -a "
        "<abilityName> (no implicit start, no ExtensionAbility).",
    ),
    (
        "launch",
        (r"failed to send memory level",),
        "aa send-memory-level failed",
        "Give send-memory-level a running process's pid (-p, 10104003 when it does not exist) "
        "and a level from 0 to 2 (-l, 10104004).",
    ),
)
