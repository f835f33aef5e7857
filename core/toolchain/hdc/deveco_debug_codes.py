"""DevEco Studio's documented run and debug errors (its "调试错误码" pages): run configuration
(00401xxx, https://developer.huawei.com/consumer/cn/doc/harmonyos-guides/ide-debug-errorcode-00401),
hot reload and incremental debugging (00402xxx, …/ide-debug-errorcode-00402), debug failures
(00403xxx, …/ide-debug-errorcode-00403) and hdc command failures (00404xxx,
…/ide-debug-errorcode-00404); the index page is …/ide-debug-errorcode. Data only:
:data:`hmdesk.core.toolchain.build_codes.BUILD_CODES` takes every code, read as hvigor's are (the
code where it is printed, ``Error code: 00401005`` or before its title; its message where the
Run/Debug window shows it without the code).

The layout is :func:`hmdesk.core.toolchain.hvigor_codes.read_codes`'s: ``CODE KIND | meaning |
message`` (a regex of the message DevEco prints, English as the page gives it, the page's "XXX"
as ``[^\\n]*?``) and, indented, the page's steps in short; ``%NAME%`` stands for steps several
codes share. A message of generic words only ("Compilation failed.") has none: its code alone
decides, never the words in another tool's log; so has one the doctor's signatures already word
from the FAQ (00401017 ``FileTransfer Failed: Error while Deploy Hap``, 00401019
``compatibleSdkVersion and releaseType of the app do not match …``): read once.
"""

from __future__ import annotations

from hmdesk.core.toolchain.hvigor_codes import HvigorCode, read_codes

_SHARED_STEPS = {
    "%CLEAN%": "Clean the build (Build > Clean Project) and run again",
    "%SYNC%": (
        "Sync the project again (File > Sync and Refresh Project) and wait until the sync "
        "succeeds before running"
    ),
    "%PRODUCTS%": (
        "The module must have a target for the product being run: the module-level "
        'build-profile.json5 declares it (targets: [{ "name": "default" }]) and the '
        "project-level build-profile.json5 applies it to the product "
        '(modules[].targets[].applyToProducts: ["default"]); fix that, then Sync Now and wait '
        "for the sync to succeed."
    ),
    "%DEVECO%": (
        "DevEco Studio's installation is incomplete: install DevEco Studio again from its "
        "official download page"
    ),
    "%NODE%": (
        "DevEco Studio's node is missing (the tools/node folder of its installation): install "
        "DevEco Studio again from its official download page."
    ),
    "%REPLUG%": (
        "The device connection or the hdc server is unhealthy: unplug and replug the device "
        "(or run `hdc kill -r` to restart hdc), then run again."
    ),
    "%RERUN%": (
        "This change cannot be applied to the running app: press Run or Debug to install the "
        "whole app again, then start hot reload again"
    ),
    "%SUPPORT%": (
        "Try again; if it keeps failing collect the logs and ask Huawei through Help > Contact "
        "Support."
    ),
    "%RESTART_IDE%": (
        "Clean the build (Build > Clean Project) and debug again; if it still fails restart "
        "DevEco Studio."
    ),
}

_TABLE = r"""
# run configuration (00401xxx)
00401000 config | bundleName is empty or missing in app.json5 | The bundleName attribute does not exist
    Set a bundleName in AppScope/app.json5 (app.bundleName, e.g. com.example.app) and run again.
00401001 config | attach debugging found no product | The product to debug cannot be empty
    %PRODUCTS%
00401002 config | attach debugging found no target | The target to debug cannot be empty
    %PRODUCTS%
00401003 launch | debugging did not start | Failed to start debugging\. Click the Debug button again
    Starting the debug session failed: press Debug again.
00401004 device | the device lacks SysCaps the app needs | The current device does not contain the following SysCap attributes
    The device's system is older than the app's API: update the device's system, or add entry/src/main/syscap.json (devices.general as module.json5's deviceTypes) with the SysCaps the message lists under production.removedSysCaps.
00401005 launch | no ability chosen to launch | Ability not specified
    The run configuration launches a Specified Ability but names none: in Run > Edit Configurations pick the ability under Launch Options (or choose Default Ability).
00401006 launch | the Previewer cannot debug a release build | Cannot debug the project in previewer when its build mode is release
    Switch the build mode to debug (Build > Build Mode, or the product's buildMode) and debug again.
00401007 launch | run started while the project syncs | Project sync is in progress\. Wait until it is complete
    Wait for the project sync to finish, then run or debug.
00401008 launch | the run configuration has no module | No module found\. Make sure the project sync is completed successfully
    The last sync failed, so the run configuration lists no module: %SYNC%, then pick the module in Run > Edit Configurations > General.
00401009 config | running found no target | The target can not be empty\. Check the build-profile\.json5 file
    %PRODUCTS%
00401010 config | running found no product | The product can not be empty
    %PRODUCTS%
00401011 launch | the run configuration launches nothing | Cannot run or debug the app when no ability is launched
    Launch Options are set to Nothing: in Run > Edit Configurations choose Default Ability or a specified one under Launch Options.
00401012 launch | Previewer debugging of an ExtensionAbility | Debugging with Previewer does not support the ExtensionAbility type
    The Previewer debugs UIAbilities only: under Launch Options choose the default ability or a non-Extension one, or debug on a device or emulator.
00401013 launch | the Previewer does not support this app | Previewer does not support this app
    The Previewer runs Stage-model projects of API 10 or later only (no FA model): run this one on a device or an emulator instead.
00401014 launch | the Simulator does not support this app | Simulator does not support this app
    The Simulator runs Lite Wearable apps only: run other projects on a device or an emulator; for a Lite Wearable app make sure config.json's device list includes liteWearable.
00401015 no-device | no device chosen | Select a device first
    Connect a device (or start an emulator in Device Manager) and select it in the device list before running.
00401016 device | the operation hit a device connection problem | Some exceptions occurred in this operation, please re-run
    The device connection misbehaved: unplug and replug the device, then run again.
00401017 file | the HAP transfer to the device failed
    The transfer broke off: with a phone change the USB cable or the computer's USB port; with an emulator click Wipe User Data in Device Manager and start it again, or run `hdc kill -r` (sdk/default/openharmony/toolchains of DevEco) and run the project again.
00401018 device | the device's API version could not be read | Failed to get the device apiVersion
    Reconnect the device, or restart DevEco Studio, and run again; with an emulator click Wipe User Data in Device Manager (or run `hdc kill -r`) and start it again.
00401019 install | the device's API version is lower than the app's
    Compare `hdc shell param get const.ohos.apiversion` with compatibleSdkVersion in the project-level build-profile.json5: update the device's system, or lower the project's Compatible SDK (Project Structure) to the device's API version.
00401020 launch | no free port for debugging | (?m)^\s*No port available\.?\s*$
    The computer's ports are blocked or taken: allow them in the security software (turn its port control off), or restart the computer.
00401021 launch | no ability to run | No executable ability found
    The configured ability is wrong or the sync failed: %SYNC%.
00401022 no-hap | the local HAP does not exist | The local package does not exist
    No HAP was built: %CLEAN%; check that the run configuration still has its build task (Before launch) and add it back if removed; %SYNC%.
00401023 install | the HAP has no config.json or module.json | The config\.json or module\.json file in the hap file does not exist
    The built HAP is broken: %CLEAN%.
00401024 install | the HAP holds more than 1,000,000 files | Make sure the file count in the HAP does not exceed 1,000,000
    Trim the project's resource files (the HAP may hold at most a million files) and build again.
00401025 install | the HAP's config.json or module.json is empty | The config\.json or module\.json file content is empty
    The built HAP is broken: %CLEAN%.
00401026 install | the device's type or API version does not match the project | The deviceType or apiVersion of the target device does not match that configured in the
    Run on a matching device, or add its type to deviceTypes in module.json5 (config.json) and its API to the module-level build-profile.json5's apiVersion.
00401027 no-device | no device is connected | The current device cannot be empty
    No device is connected, or its connection broke: replug the device and debug again.
00401028 launch | DebugLine in an FA-model project | FA model does not support the debugLine
    Untick Enable DebugLine in the run/debug configuration: FA-model projects do not support it.
00401029 sdk-missing | the SDK version could not be read | Failed to obtain the SDK version\. Check whether the SDK is installed
    Download the SDK the project needs, or fix the custom SDK's path in DevEco's SDK settings.
00401030 sdk-version | the SDK is too old for DebugLine | The SDK version is too low to support DebugLine
    DebugLine needs SDK 4.1.0.21 or later: install a newer DevEco Studio (with its SDK).
00401031 hvigor-env | the hvigor version could not be read | Failed to obtain the Hvigor version
    DevEco Studio has no hvigor (its tools/hvigor folder): if it is missing, %DEVECO%.
00401032 hvigor-version | hvigor is too old for DebugLine | The Hvigor version is too low to support DebugLine
    DebugLine needs hvigor 3.0.3-rc.1.s or later: install a newer DevEco Studio.
00401033 sdk-version | TSan needs a newer SDK and API 12 | TSan is not supported by the current SDK version
    Update DevEco Studio to the latest version and make the project API 12 or later to use TSan.
00401034 launch | no main module | Main module is null
    The project did not sync: %SYNC%.
00401035 device | the device type does not support TSan | Thread Sanitizer is not supported on the target device
    TSan runs on phone, tablet, 2in1 and tv only: use such a device, or untick Thread Sanitizer under Run > Edit Configurations > Diagnostics.
00401036 device | the device's system does not support TSan | TSan is not supported on the current system version of the target device
    Update the device's system to the latest version.
00401037 launch | hot reload configuration run in the Previewer | Cannot run or debug this module in Previewer while it has hot reload configured
    Run or debug on a device or an emulator, or choose a run configuration without hot reload for the Previewer.
00401052 install | module.json in the HAP is over 10 MB | Make sure the module\.json file in the HAP does not exceed 10 MB
    Shrink the module's module.json5 (the packed module.json may be 10 MB at most) and build again.
00401060 no-hap | the HAP file to push does not exist | Failed to open the file\. The directory or file does not exist
    The signed HAP was not produced: make the signed build succeed (configure a debug signature in File > Project Structure > Signing Configs), then run.
00401061 permission | the HAP's folder is not readable | Failed to open the file\. The current directory is not accessible due to insufficient permissions
    DevEco may not read the HAP's folder: on Windows move the project off the C: drive, on macOS give DevEco Studio Full Disk Access, then run again.
00401062 file | the device's disk is full | File transfer failed due to insufficient disk space on the device
    Free storage on the device; for an emulator click Wipe User Data in Device Manager and start it again.
00401063 launch | the Simulator cannot debug a release build | Cannot debug the project in the Simulator when its build mode is release
    Switch the build mode to debug and debug again.
# hot reload and incremental debugging (00402xxx)
00402001 sdk-missing | no SDK found | Install the SDK first
    DevEco's SDK (sdk/default/openharmony, with its ets folder) is missing: %DEVECO%.
00402002 launch | hot reload needs a Stage-model project | Hot Reload Feature is only supported in STAGE and esmodule project
    Hot reload works on Stage-model projects only: choose a run configuration without hot reload.
00402003 tool | node not found for hot reload | The nodejs path configured for the project is invalid or not found
    %NODE%
00402004 launch | this change cannot be hot reloaded | The current modification does not support hot reload
    Check the change against hot reload's restrictions; %RERUN%.
00402005 launch | files were added or deleted during hot reload | Hot reload is supported only for file change, but not file addition and deletion
    Hot reload applies edits only: %RERUN%.
00402006 tool | node not found for the file comparison | The nodejs path configured in the IDE is invalid or not found
    %NODE%
00402007 launch | hot reload timed out | Execute hot-reload timeout
    The quick fix timed out: %RERUN%.
00402008 launch | the hot reload build failed | Build failed, check the error information in the console
    Fix the build error the Build console shows, then start hot reload again.
00402009 signing | the patch package could not be signed | Failed to sign the patch package
    Check signingConfigs in build-profile.json5; if they are wrong sign again (File > Project Structure > Signing Configs) and retry.
00402010 launch | no patch abc was generated | PatchAbc was not generated
    %CLEAN%.
00402011 launch | the hqf patch package was not created | Failed to create the patch package
    %CLEAN%.
00402012 install | reloading files failed (bm quickfix) | Reloaded [^\n]*? files failed
    Hot reload needs a debug-signed app built in debug mode: sign with a debug certificate and profile (not a release one), set the build mode to debug, then run and start hot reload again.
00402013 hdc | Apply Changes timed out | Execute apply-change timeout
    An hdc command timed out: replug the device, or run `hdc kill -r`, and try again.
00402014 launch | building the hqf patch failed | Build failed, please reinstall and restart
    Fix what the Build console reports, then try again.
00402015 launch | Apply Changes on the Previewer | Apply Changes not supported when device type is Previewer
    Apply Changes needs a device or an emulator: switch to one.
00402016 launch | Apply Changes before a run | Start or debug the project first
    Press Run or Debug first, then change the code and Apply Changes.
00402017 launch | Apply Changes on a shared module (HSP) | Apply Changes not supported for shared modules
    Choose a HAP module and try again.
00402018 launch | Apply Changes in an FA-model project | Apply Changes not supported for projects in the FA model
    FA-model projects cannot use Apply Changes: run or debug instead.
00402019 launch | Apply Changes with Launch set to Nothing | Apply Changes not supported when Launch module is set to Nothing
    In Run > Edit Configurations set Launch Options' Launch to an ability and try again.
00402020 launch | no run configuration is selected | \S+: settings is null
    Select a run configuration again.
00402021 launch | no C++ or resource change to apply | No changes detected on C\+\+ files or resource files
    Apply Changes takes C++ and resource edits: change one of those, or press Run/Debug for other files.
00402024 device | the incremental change could not be deployed | Failed to deploy the incremental changes on the device
    bm quickfix failed: update the device image to the latest version (or press Run/Debug to deploy everything); on a 2in1 device turn off the app's acceleration service (Settings > Apps > 应用加速服务).
00402025 launch | the patch's sanitizer differs from the HAP's | please confirm whether ASan/TSan/UBSan/HWASan is same as the hap
    Only one of ASan, TSan, UBSan and HWASan may be on: set the same one the installed HAP has, or uninstall the app and run again.
00402026 hdc | Apply Changes failed | (?m)^\s*Apply change fail\.?\s*$
    The device connection or hdc misbehaved: replug the device, or run `hdc kill -r`, and try again.
00402027 locked | the screen is locked | The screen is locked\. Please unlock the screen and try again
    Unlock the device's screen and try again.
00402028 launch | the ability to start is not visible | (?m)^\s*Ability is not visible\.?\s*$
    aa may start only exported abilities: set "exported": true on the ability in module.json5 (Stage model), or "visible": true in config.json (FA model).
00402030 launch | changedFileList.json could not be created | Failed to create changedFileList\.json
    %CLEAN%.
00402031 tool | the file-comparison node script is missing | Failed to obtain the node script for file comparison
    %DEVECO%.
00402032 launch | these changes allow neither hot reload nor hot restart | Hot reload and hot restart unavailable for the following changes
    Check the changes against hot reload's restrictions; %RERUN% (or hot restart).
00402033 launch | ChangedFileList.json is empty or missing | ChangedFileList\.json is null or empty
    %CLEAN%.
00402034 launch | these changes need hot restart | Hot reload unavailable for the following changes
    The change needs a hot restart: turn on Enable hot restart in the run configuration, press Run or Debug, then start hot reload again.
00402035 launch | hot reload in release mode | Cannot hot reload the project when its build mode is release
    Set the build mode to debug and try again.
00402036 hdc | an older hdc is on the PATH | Incompatible hdc version
    The PATH holds an older hdc: point it at DevEco's sdk/default/openharmony/toolchains (its hdc), then restart DevEco Studio.
# debug failures (00403xxx)
00403001 hilog | an offline HiLog file could not be parsed | Failed to parse the HiLog file
    Choose the offline log file again (a HiLog file DevEco can read).
00403003 crash | the app's stack could not be parsed
    Parsing a release app's stack failed: DevEco's FAQ on parsing a release app's stack names the step for each message; usually the build's own symbol files (unstripped .so, sourceMaps.map, nameCache) must be given.
00403028 launch | the app exited during debugging | App have been shutdown unexpectedly
    The app quit, so the debug session ended: look for its crash (FaultLog, hilog), then debug again.
00403029 launch | sourceMaps.map is empty | The JSON content is empty when the sourceMaps\.map file is read
    %CLEAN%.
00403030 launch | the debugger could not open its WebSocket | Failed to connect to the WebSocket
    Debug again, restarting DevEco Studio if it persists; on a 2in1 device turn off the app's acceleration service (Settings > 应用加速服务).
00403031 launch | the process's pid is invalid | The process has invalid pid
    The app's pid could not be read: debug again.
00403032 launch | the debug server could not be reached | Failed to connect to the debug server
    Connecting to the panda debug server failed: %SUPPORT%
00403033 device | the ROM image version could not be read | Failed to obtain the ROM image version
    Reconnect the device, or run `hdc kill -r`, and try again.
00403043 launch | the Previewer did not start | Failed to start the Previewer
    %SUPPORT%
00403044 launch | the Simulator did not start | Failed to start the simulator
    %SUPPORT%
00403045 launch | compiling for the debug session failed
    %CLEAN%.
00403046 tool | the Jerry adapter is missing | Jerry adapter file not found
    %DEVECO%.
00403047 tool | node's path is invalid | (?m)^\s*Node path is invalid\.?\s*$
    %NODE%
00403048 launch | webpack did not start | Unable to start webpack
    %RESTART_IDE%
00403049 tool | the Previewer plugin is incomplete | The Previewer plugin not fully installed
    %DEVECO%.
00403050 launch | the Jerry adapter could not reach the engine | Jerry Adapter fails to connect to the engine
    %RESTART_IDE%
00403051 launch | the Jerry debug engine stopped | Adapter server or engine stopped abnormally
    %RESTART_IDE%
# hdc command failures (00404xxx)
00404035 hdc | installing the HAP timed out | Install hap timeout
    %REPLUG%
00404036 hdc | removing the temporary folder timed out | Remove Directory Timeout
    %REPLUG%
00404037 hdc | creating the temporary folder timed out | Create Directory Timeout
    %REPLUG%
00404038 no-hap | the build produced no package list | Build package info list is empty
    The build did not pack the app's information: %CLEAN%.
00404039 hdc | the temporary folder for pushing the HAP was not created | Failed to create temporary directory during hap push operation
    %REPLUG%
00404040 hdc | pushing the HAP timed out | Push Hap Timeout
    The transfer is slow or hdc misbehaves: use the device's original data cable, or run `hdc kill -r`, and run again.
00404041 launch | the device cannot enhance native-module load errors | The current device version does not support enhance error info
    Update the device's system, or untick the Ark native-module load error enhancement (Enhanced Error Info) in the run/debug configuration.
00404042 launch | the device cannot check Ark multithreading | The current device version does not support multi thread check
    Update the device's system, or untick Multi Thread Check in the run/debug configuration.
00404053 device | the device cannot wait for the debugger | The current device version does not support the waiting for debugging capability
    Update the device's system.
00404054 hdc | the wait-for-debug command timed out | Waiting for the debug command times out
    %REPLUG%
00404055 launch | the app is not installed or not debug-signed | This app is not installed or not signed with a debug signature
    Install the app signed with a debug certificate and profile, check the device connection (replug it), then start waiting-for-debug again.
"""

DEVECO_DEBUG_CODES: dict[str, HvigorCode] = read_codes(_TABLE, _SHARED_STEPS)
