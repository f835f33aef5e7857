"""DevEco Studio's documented run/debug error codes (00401xxx-00404xxx,
:mod:`hmdesk.core.toolchain.hdc.deveco_debug_codes`, read through ``BUILD_CODES`` as hvigor's
codes are): every code of the pages is in the table, each is read by its message as the page
prints it and by its code alone, and a generic message is read only by its code."""

from __future__ import annotations

import re

import pytest
from hmdesk.core.toolchain.build_codes import BUILD_CODES
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hdc.deveco_debug_codes import DEVECO_DEBUG_CODES

from tests.fixtures.real_logs import assert_found, real_log

# each code's message as its page prints it (错误信息; 00403003's page gives a description, no
# message); XXX is the page's placeholder
PAGE_MESSAGES: dict[str, str] = {
    "00401000": "The bundleName attribute does not exist.",
    "00401001": "The product to debug cannot be empty.",
    "00401002": "The target to debug cannot be empty.",
    "00401003": "Failed to start debugging. Click the Debug button again to retry.",
    "00401004": "Please try to match the API version of the device and the app. The current device does not contain the following SysCap attributes in the rpcid.json file: XXX. Make sure the device supports all the SysCap attributes required for running the app.",
    "00401005": "Error running entry : Ability not specified.",
    "00401006": "Cannot debug the project in previewer when its build mode is release.",
    "00401007": "Project sync is in progress. Wait until it is complete before you start running or debugging.",
    "00401008": "No module found. Make sure the project sync is completed successfully and the module is set in Edit Configuration > General.",
    "00401009": "The target can not be empty. Check the build-profile.json5 file of the project root directory and make sure the targets of the modules in configuration is set to specified product: default in applyToProducts.",
    "00401010": "The product can not be empty.",
    "00401011": "Cannot run or debug the app when no ability is launched. Specify an ability (the default or any specified one) to launch under Launch Options in Run/Debug Configurations, and then try again.",
    "00401012": "Debugging with Previewer does not support the ExtensionAbility type.",
    "00401013": "Previewer does not support this app.",
    "00401014": "Simulator does not support this app.",
    "00401015": "Select a device first.",
    "00401016": "Some exceptions occurred in this operation, please re-run.",
    "00401017": "FileTransfer Failed: Error while Deploy Hap.",
    "00401018": "Failed to get the device apiVersion.",
    "00401019": "compatibleSdkVersion and releaseType of the app do not match the apiVersion and releaseType on the device.",
    "00401020": "No port available.",
    "00401021": "No executable ability found.",
    "00401022": "The local package does not exist.",
    "00401023": "The config.json or module.json file in the hap file does not exist.",
    "00401024": "Make sure the file count in the HAP does not exceed 1,000,000.",
    "00401025": "The config.json or module.json file content is empty.",
    "00401026": "The deviceType or apiVersion of the target device does not match that configured in the XXX file.",
    "00401027": "The current device cannot be empty.",
    "00401028": "The FA model does not support the debugLine.",
    "00401029": "Failed to obtain the SDK version. Check whether the SDK is installed.",
    "00401030": "The SDK version is too low to support DebugLine. Update it to 4.1.0.21 or a later version.",
    "00401031": "Failed to obtain the Hvigor version.",
    "00401032": "The Hvigor version is too low to support DebugLine. Update it to 3.0.3-rc.1.s or a later version.",
    "00401033": "TSan is not supported by the current SDK version. Update the DevEco Studio to the latest version and make sure the API version of your project is 12 or later.",
    "00401034": "Main module is null.",
    "00401035": "Thread Sanitizer is not supported on the target device. Disable this feature under Run > Edit Configurations > Diagnostics and try again. This feature is only available on phone,tablet,2in1,tv.",
    "00401036": "TSan is not supported on the current system version of the target device. Update the device system version to the latest version.",
    "00401037": "Cannot run or debug this module in Previewer while it has hot reload configured. Remove the hot reload configuration and try again.",
    "00401052": "Make sure the module.json file in the HAP does not exceed 10 MB.",
    "00401060": "Failed to open the file. The directory or file does not exist.",
    "00401061": "Failed to open the file. The current directory is not accessible due to insufficient permissions.",
    "00401062": "File transfer failed due to insufficient disk space on the device.",
    "00401063": "Cannot debug the project in the Simulator when its build mode is release.",
    "00402001": "Install the SDK first.",
    "00402002": "Hot Reload Feature is only supported in STAGE and esmodule project.",
    "00402003": "The nodejs path configured for the project is invalid or not found.",
    "00402004": "The current modification does not support hot reload. Please reinstall and restart.",
    "00402005": "Hot reload is supported only for file change, but not file addition and deletion.",
    "00402006": "The nodejs path configured in the IDE is invalid or not found.",
    "00402007": "Execute hot-reload timeout, please reinstall and restart.",
    "00402008": "Build failed, check the error information in the console, rectify the fault, and try again.",
    "00402009": "Failed to sign the patch package, please check the signingConfigs in build-profile.json5.",
    "00402010": "PatchAbc was not generated, please clean and restart project.",
    "00402011": "Failed to create the patch package, please clean and restart project.",
    "00402012": "Reloaded XXX files failed. Please reinstall and restart.",
    "00402013": "Execute apply-change timeout, please restart and reinstall.",
    "00402014": "Build failed, please reinstall and restart.",
    "00402015": "Apply Changes not supported when device type is Previewer.",
    "00402016": "Start or debug the project first.",
    "00402017": "Apply Changes not supported for shared modules.",
    "00402018": "Apply Changes not supported for projects in the FA model.",
    "00402019": "Apply Changes not supported when Launch module is set to Nothing.",
    "00402020": "XXX: settings is null.",
    "00402021": "No changes detected on C++ files or resource files. If you have made changes to files in other types, click the Run/Debug icon instead.",
    "00402024": "Failed to deploy the incremental changes on the device. Update the device image to the latest version and try again, or click the Run/Debug icon to deploy all changes.",
    "00402025": "Apply change fail, please confirm whether ASan/TSan/UBSan/HWASan is same as the hap and reinstall.",
    "00402026": "Apply change fail.",
    "00402027": "The screen is locked. Please unlock the screen and try again.",
    "00402028": "Ability is not visible.",
    "00402030": "Failed to create changedFileList.json, please clean and restart project.",
    "00402031": "Failed to obtain the node script for file comparison. Please reinstall the IDE.",
    "00402032": "Hot reload and hot restart unavailable for the following changes.",
    "00402033": "ChangedFileList.json is null or empty, please clean and rerun project.",
    "00402034": "Hot reload unavailable for the following changes.",
    "00402035": "Cannot hot reload the project when its build mode is release. Change the build mode to debug and try again.",
    "00402036": "Incompatible hdc version. Use the one in sdk\\default\\openharmony\\toolchains under the DevEco Studio installation directory.",
    "00403001": "Failed to parse the HiLog file: XXX.",
    "00403003": "应用堆栈解析相关报错，具体报错视情况而定。",
    "00403028": "App have been shutdown unexpectedly.",
    "00403029": "The JSON content is empty when the sourceMaps.map file is read.",
    "00403030": "Failed to connect to the WebSocket. Restart the debugging. If the problem persists, restart DevEco Studio and start debugging again.",
    "00403031": "The process has invalid pid.",
    "00403032": "Failed to connect to the debug server. Try again. If the issue persists, collect logs and choose Help > Contact Support for assistance.",
    "00403033": "Failed to obtain the ROM image version.",
    "00403043": "Failed to start the Previewer. Try again. If the issue persists, collect logs and choose Help > Contact Support for assistance.",
    "00403044": "Failed to start the simulator. Try again. If the issue persists, collect logs and choose Help > Contact Support for assistance.",
    "00403045": "Compilation failed.",
    "00403046": "Jerry adapter file not found.",
    "00403047": "Node path is invalid.",
    "00403048": "Unable to start webpack.",
    "00403049": "The Previewer plugin not fully installed. Please verify.",
    "00403050": "Jerry Adapter fails to connect to the engine.",
    "00403051": "Adapter server or engine stopped abnormally.",
    "00404035": "Install hap timeout.",
    "00404036": "Remove Directory Timeout: XXX.",
    "00404037": "Create Directory Timeout.",
    "00404038": "Build package info list is empty.",
    "00404039": "Failed to create temporary directory during hap push operation.",
    "00404040": "Push Hap Timeout.",
    "00404041": "Start ability failed:The current device version does not support enhance error info. Update device version or deselect the Enhanced Error Info.",
    "00404042": "The current device version does not support multi thread check. Update device version or deselect the Multi Thread Check.",
    "00404053": "The current device version does not support the waiting for debugging capability. Update or upgrade the device version.",
    "00404054": "Waiting for the debug command times out.",
    "00404055": "This app is not installed or not signed with a debug signature.",
}
ROWS = {
    code: (kind, pattern, meaning, fix)
    for code, (kind, meaning, fix, pattern) in DEVECO_DEBUG_CODES.items()
}
# messages an earlier signature of the doctor words from the FAQ (the same kind, its own fix)
WORDED_BEFORE = {"00401017", "00401019"}


def test_the_table_holds_every_documented_code_once() -> None:
    assert set(DEVECO_DEBUG_CODES) == set(PAGE_MESSAGES)
    # read by the one mechanism that reads every tool's documented codes
    assert all(BUILD_CODES[c].kind == ROWS[c][0] for c in DEVECO_DEBUG_CODES)


def test_the_code_printed_under_its_message_takes_the_message_as_evidence() -> None:
    f = assert_found("Error running entry : Ability not specified.\nError code: 00401005")
    assert (f.kind, f.code) == ("launch", "00401005") and "Ability not specified" in f.evidence


@pytest.mark.parametrize("code", sorted(ROWS))
def test_each_pattern_compiles_and_matches_its_page_message(code: str) -> None:
    pattern = ROWS[code][1]
    if pattern:
        assert re.search(pattern, PAGE_MESSAGES[code]), code  # as BUILD_CODES reads it


@pytest.mark.parametrize("code", sorted(c for c in ROWS if ROWS[c][1] or c in WORDED_BEFORE))
def test_the_message_as_the_page_prints_it_gives_the_rows_kind(code: str) -> None:
    kind = ROWS[code][0]
    f = assert_found(PAGE_MESSAGES[code].replace("XXX", "entry"))
    assert f.kind == kind, (code, f.kind, f.meaning)
    if code not in WORDED_BEFORE:
        assert code in (f.meaning or ""), (code, f.meaning)


@pytest.mark.parametrize("code", sorted(ROWS))
def test_the_code_alone_gives_the_rows_kind(code: str) -> None:
    kind = ROWS[code][0]
    for printed in (f"Error code: {code}", f"错误码：{code}"):
        f = assert_found(printed)
        assert (f.kind, f.code) == (kind, code), (printed, f.kind, f.code, f.meaning)


@pytest.mark.parametrize("code", sorted(ROWS))
def test_the_code_after_a_label_without_its_colon_gives_the_rows_kind(code: str) -> None:
    for printed in (f"error code {code}", f"Launch failed, Error Code {code}"):
        f = assert_found(printed)
        assert (f.kind, f.code) == (ROWS[code][0], code), (printed, f.kind, f.code)


@pytest.mark.parametrize("code", sorted(ROWS))
def test_the_code_before_its_message_in_lower_case_gives_the_rows_kind(code: str) -> None:
    # a note or a window that prints the code, then the message in lower case
    f = assert_found(f"{code} {PAGE_MESSAGES[code].lower()}")
    assert (f.kind, f.code) == (ROWS[code][0], code), (code, f.kind, f.code, f.meaning)


def test_a_number_before_a_lower_case_word_is_a_code_only_in_devecos_range() -> None:
    f = diagnose("copied 11211104 bytes in 2 s")  # restool's code before a lower-case word
    assert f is None or f.code != "11211104", f
    f = diagnose("#01 pc 00401005 libentry.so")
    assert f is None or f.code != "00401005", f


@pytest.mark.parametrize("code", sorted(ROWS))
def test_the_code_before_its_message_gives_the_rows_kind(code: str) -> None:
    # as the page heads it and hvigor prints its own codes: the code, then the words
    f = assert_found(f"{code} {PAGE_MESSAGES[code]}")
    assert f.kind == ROWS[code][0], (code, f.kind, f.meaning)
    if code not in WORDED_BEFORE:
        assert f.code == code


def test_every_fix_is_short_and_names_no_placeholder() -> None:
    for code, (_kind, _pattern, _meaning, fix) in ROWS.items():
        assert "%" not in fix and "XXX" not in fix, code
        assert 10 < len(fix) < 500, code


@pytest.mark.parametrize(
    "text",
    ["Compilation failed.", "BUILD FAILED\nCompilation failed; see the compiler error output"],
)
def test_a_generic_message_is_not_read_as_a_deveco_code(text: str) -> None:
    f = diagnose(text)
    assert f is None or not any(c in f"{f.code} {f.meaning}" for c in DEVECO_DEBUG_CODES), f


def test_a_crash_frames_address_is_not_a_code() -> None:
    f = diagnose("#00 pc 00401005 Ability libentry.so")
    assert f is None or f.code != "00401005", f


def test_the_target_can_not_be_empty_faq_log_names_its_code_and_both_places() -> None:
    # faqs-compiling-and-building-43: the module-level targets and the project's applyToProducts
    f = assert_found(real_log("config/faq-cb43-target-can-not-be-empty.log"))
    assert f.kind == "config" and "00401009" in (f.meaning or "")
    assert "applyToProducts" in f.fix and '"name": "default"' in f.fix and "Sync Now" in f.fix


def test_the_deploy_hap_faq_log_keeps_its_transfer_fix() -> None:
    # faqs-app-debugging-35 is DevEco's 00401017: the FAQ's own wording decides
    f = assert_found(real_log("hdc/faq-dbg35-filetransfer-deploy-hap.log"))
    assert f.kind == "file" and "Wipe User Data" in f.fix
