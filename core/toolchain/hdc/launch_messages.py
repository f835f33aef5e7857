"""DevEco Studio's run, debug and test launch failures: the messages its Run/Debug window, the
debugger's attach and the test runner print when the app does not start or the debugger does
not attach (the HarmonyOS FAQ's 应用调试 and 应用测试 pages, faqs-app-debugging-* and
faqs-app-test-*), with each page's remedy. aa's own coded messages are :mod:`.aa_codes`."""

from __future__ import annotations

# (finding kind, the message as patterns, meaning, fix, the FAQ page)
LAUNCH_MESSAGES: tuple[tuple[str, tuple[str, ...], str, str, str], ...] = (
    (
        "no-device",
        # DevEco Studio's install prompt and its device list's entry when it sees no device
        (r"设备未找到或未连接", r"\bDevice not found or not connected\b", r"^\s*No device\s*$"),
        "DevEco Studio sees no device to install on",
        "DevEco Studio does not see the device: (1) turn on Developer options and USB "
        "debugging (or Wireless debugging) on the device; (2) use a DevEco Studio version that "
        "matches the device's system (or an emulator from Device Manager); (3) use a data cable, "
        "not a charge-only one (USB 2.0 or better, no hub), and (4) another USB port; (5) run "
        "`hdc kill` and reconnect, restart the device if it persists; (6) after switching "
        "between USB and wireless debugging, restart the device, connect USB and turn USB "
        "debugging on again; (7) check that the device model is in the supported-device list.",
        "faqs-app-debugging-3",
    ),
    (
        "launch",
        (r"Failed to connect to unix-abstract-connect\b",),
        "the C++ debugger could not attach (lldb's handshake with the device was cut)",
        "The native debugger could not attach to the app: (1) the device image does not match "
        "this DevEco Studio version: change the device image (or DevEco Studio) to a matching "
        "one; (2) the app is signed with a release certificate: sign it with a debug "
        "certificate and profile; (3) a stale debugserver folder remains: delete "
        "/data/local/tmp/debugserver/<bundleName> on the device (`hdc shell rm -rf "
        "/data/local/tmp/debugserver/<bundleName>`), then debug again.",
        "faqs-app-debugging-25",
    ),
    (
        "launch",
        (r"Attach request timeout after \d+ milliseconds",),
        "the native debugger could not reach lldb-server",
        "DevEco Studio's native debugger cannot reach lldb-server on the device through "
        "localhost: on Linux or macOS /etc/hosts was changed; make it hold `127.0.0.1 "
        "localhost`, `255.255.255.255 broadcasthost` and `::1 localhost`, restart the computer "
        "and debug again.",
        "faqs-app-debugging-34",
    ),
    (
        "launch",
        (r"Waiting for application to come online",),
        "the debugger is waiting for an app process that does not register",
        "The debugger waits for the app's process: if `hdc shell ps -ef | grep <bundleName>` "
        "shows two processes the debugger holds the old pid: uninstall the app and debug again "
        "(restart the device if it persists). If `hdc track-jpid` does not list the app, it did "
        "not start or is a release build: `hdc shell bm dump -n <bundleName>` must say "
        '"debug": true, else clean the project and build a debug HAP and install it again. '
        "Check too that hvigor's version in hvigor/hvigor-config.json5 matches this DevEco "
        "Studio (a new template project shows the right one).",
        "faqs-app-debugging-51",
    ),
    (
        "launch",
        (r"\bhap path error\b",),
        "a HAP or HSP the app depends on is not installed",
        "The app crashed at start because a HAP/HSP it depends on is not installed on the "
        "device: in Run/Debug Configurations > Deploy Multi Hap/Hsp tick Deploy Multi Hap/Hsp "
        "Packages, select the dependent HSP/HAP modules and run again (from the command line: "
        "install the dependency with the app, `hdc install` of every package). The ArkCompiler's "
        "line `get hsp buffer failed, hsp path:…` names the package it looked for: a Navigation "
        "route may only lead into a HAR or HSP module (not a feature HAP; faqs-arkui-1449).",
        "faqs-app-debugging-55",
    ),
    (
        "launch",
        (r"Load Page Failed:\s*\S+",),
        "the page could not be loaded from the module the Ability was started in",
        "The page was looked up in the wrong module: a test (ohosTest) or another module that "
        "imports the page's exports and starts the Ability holding it must name that "
        "Ability's module: specify the module name (moduleName in the Want, with bundleName "
        "and abilityName) when starting the Ability. Otherwise check that the page is listed "
        "in that module's main_pages.json.",
        "faqs-app-test-9",
    ),
    (
        "config",
        (r"A page configured in 'test_pages\.json' must have one and only one '@Entry' decorator",),
        "an ohosTest created by an older DevEco Studio",
        "The test project was made by DevEco Studio before 3.1.0.400: rename the ohosTest "
        "directories TestRunner and TestAbility to lower case (testrunner, testability) and "
        "run the tests again.",
        "faqs-app-test-6",
    ),
)
