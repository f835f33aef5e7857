"""DevEco Studio's documented test framework codes (instrument 00501xxx-00506xxx and 00508xxx,
command line 00507xxx, local 00521xxx-00526xxx: :mod:`hmdesk.core.toolchain.hdc.deveco_test_codes`)
and Profiler codes (007xxxxx: :mod:`hmdesk.core.toolchain.hdc.deveco_profiler_codes`), read
through ``BUILD_CODES`` as DevEco's run/debug codes are: every code of the pages is in a table,
each is read in every printed form the pages show (the code before its message or its title,
``Error code: X``, ``Error Code: X``, ``error code X``, ``错误码：X``), and a message is read alone
where it names one problem."""

from __future__ import annotations

import re

import pytest
from hmdesk.core.toolchain.build_codes import BUILD_CODES
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hdc.deveco_debug_codes import DEVECO_DEBUG_CODES
from hmdesk.core.toolchain.hdc.deveco_profiler_codes import DEVECO_PROFILER_CODES
from hmdesk.core.toolchain.hdc.deveco_test_codes import DEVECO_TEST_CODES

from tests.fixtures.real_logs import assert_found, real_log

# each code's message (错误信息) as its page prints it: ide-instrument-test-errorcode,
# ide-cli-test-errorcode, ide-local-test-errorcode and ide-profiler-errorcode
# (https://developer.huawei.com/consumer/cn/doc/harmonyos-guides/…, as copied in the public
# GitHub repository liasica/harmonyos-skills, harmonyos/references/harmonyos-guides/*.md); XXX
# (and {0}) are the pages' placeholders; 00507015 and 00526007 give a description, no message
PAGE_MESSAGES: dict[str, str] = {
    "00501001": "XXX is a Variable. Please use string as a describe name.",
    "00501002": "XXX is an invalid it value. Enter a value that contains only digits, letters, underscores (_), and periods (.) or run from a higher level portal.",
    "00501003": "Testing failed due to the duplicate test case name XXX. The test case name must be unique in a test suite.",
    "00501004": "Testing failed due to the duplicate test suite name XXX. The test suite name must be unique in a test package.",
    "00501005": "XXX is a Variable. Please use string as an It-name or execute from the higher running entrance.",
    "00501006": "XXX is a Variable. Please use string as an It-name.",
    "00501007": "XXX is an invalid describe value. The value entered must contain only digits, letters, underscores (_), and periods (.) and can only start with a letter.",
    "00502001": "Current test case XXX not found in the test file.",
    "00502002": "No Any Test Case Found In The XXX.",
    "00502003": "File does not exist: XXX.",
    "00502004": "The current file does not have any function registered in the list file.",
    "00502005": "The current package does not have any function registered in the list file.",
    "00502006": "The function where the suite XXX is located is not registered in the ''List.test.ets'' file!",
    "00502007": "Current suite XXX not found in the test file.",
    "00503001": "Invalid HAP file name.",
    "00503002": "The XXX file in the hap file does not exist.",
    "00503003": "The XXX file is empty.",
    "00504001": "The 'Suite name' is not specified.",
    "00504002": "The 'Package' is not specified.",
    "00504003": "The 'Method name' is not specified.",
    "00504004": "The 'File name' is not specified.",
    "00505001": "Instrumentation run failed due to XXX.",
    "00506001": "XXX. Expected 3 tests, received 2.",  # the page's YYY and ZZZ as numbers
    "00506002": "No test results because XXX.",
    "00506003": "Build history project failed.",
    "00508010": "Coverage report generation failed! Please attempt to clean project first.",
    "00508013": "App launch timed out. Make sure the screen is unlocked.",
    "00508014": "Previewer does not support this app.",
    "00508015": "File XXX does not end with '.test.ets'.",
    "00507001": "The path XXX does not exist. Check whether the hap/hsp package is signed.",
    "00507002": "scope=XXX is invalid. Enter a value that contains only digits, letters, underscores (_), and periods (.). Use commas (,) to separate multiple test suites or test cases.",
    "00507003": "No test results because unlock screen failed in developer mode.",
    "00507004": "coverageFile contains a file that does not exist.",
    "00507005": "projectPath does not exist.",
    "00507006": "reportPath does not exist.",
    "00507007": "coverageFile does not exist.",
    "00507008": "getInitCoverageData failed.",
    "00507009": "getjsCoverageData failed.",
    "00507010": "merge coverageJson failed.",
    "00507011": "The same path defined in include and exclude list in coverage-filter.json5.",
    "00507012": "report failed, error: XXX.",
    "00507013": "[Fail]ExecuteCommand need connect-key? please confirm a device by help info.",
    "00507014": "XXX does not exist. Please clean the project and run again.",
    "00507015": "运行时报错，具体报错视情况而定。",
    "00507016": "Testing on C/C++ methods not supported.",
    "00507017": "The same path defined in includeHar list in coverage-filter.json5.",
    "00507018": "The same path defined in extraAbilities list in coverage-filter.json5.",
    "00507019": "The same path defined in includeHar and include list in coverage-filter.json5.",
    "00507020": "The same path defined in includeHar and exclude list in coverage-filter.json5.",
    "00521001": "XXX is an invalid it value. Enter a value that contains only digits, letters, underscores (_), and periods (.) or run from a higher level portal.",
    "00521002": "XXX is an invalid describe value. The value entered must contain only digits, letters, underscores (_), and periods (.), and can only start with a letter.",
    "00521003": "XXX is a Variable. Please use string as a describe name.",
    "00521004": "XXX is a Variable. Please use string as an It-name.",
    "00521005": "XXX is a Variable. Please use string as an It-name or execute from the higher running entrance.",
    "00521006": "Testing failed due to the duplicate test case name XXX. The test case name must be unique in a test suite.",
    "00521007": "Testing failed due to the duplicate test suite name XXX. The test suite name must be unique in a test package.",
    "00522001": "The function where the method XXX is located is not registered in the 'List.test.ets' file!",
    "00522002": "The function where the suite XXX is located is not registered in the ''List.test.ets'' file!",
    "00522005": "None of the functions in the file XXX have been registered in the 'List.test.ets' file!",
    "00522006": "Current test case XXX not found in the test file.",
    "00522007": "No Any Test Case Found In The XXX.",
    "00523001": "Testing on C/C++ methods not supported.",
    "00523002": "Required components are missing in the HarmonyOS SDK. Reinstall DevEco Studio again.",
    "00523003": "Failed to start local test, please check the XXX path!",
    "00523004": "Test failed due to lack of memory. Please clean up other heavy processes or restart the computer.",
    "00523005": "Build history project failed.",
    "00526007": "运行时报错，具体报错视情况而定。",
    "00526008": "No module found.",
    "00526009": "The product can not be empty.",
    "00526010": "The target can not be empty. Check the build-profile.json5 file of the project root directory and make sure the targets of the modules in configuration is set to specified product: default in applyToProducts.",
    "00701101": "Failed to start this app. If the app is of the release type, make sure you have enabled it to be started. For more details, see the logs.",
    "00701102": "App not started correctly. Start a new session and try again.",
    "00701202": "Failed to import data file. Please check file version, storage space, or configure higher IDE memory.",
    "00702101": "Failed to import offline symbols. Verify the offline symbol files.",
    "00702102": "The imported file exceeds maximum size limit.",
    "00702103": "Invalid files: {0}.",
    "00702104": "Unmatched files: {0}.",
    "00702106": "The authentication information has expired. Please sign in again.",
    "00702201": "Failed to import offline symbols.",
    "00702203": "Since no Running Application is selected, recording cannot be started. Please select a Running Application first.",
    "00702204": "The corresponding slice is not available in the current view.",
    "00702205": "Maximum number of sessions reached. Delete some sessions and try again.",
    "00702206": "The lane does not exist. Please upgrade the DevEco Studio.",
    "00702208": "Unlock the device and try again.",
    "00702209": "The .heapsnapshot and .rawheap files cannot be imported at the same time.",
    "00702210": "The selected directory has no permissions.",
    "00702211": "Only a single .insight/.ftrace/.htrace/.nas/.txt/.perfdata/.data/.sys file or 1-10 .heapsnapshot/.jsleaklist/.rawheap files are allowed to be imported.",
    "00702212": 'Make sure the file name does not contain the following characters:* : ? " < > |',
    "00702213": "Make sure that the file name does not exceed 238 characters.",
    "00702214": "Invalid save path: {0}.",
    "00703201": "The recording file is too large and cannot be parsed. Restart a new recording session with shorter duration.",
    "00703202": "The memory allocated to Profiler has reached the upper limit. To maintain normal operation, consider increasing the heap size.",
    "00703203": "Unable to navigate to source code. Make sure the SourceMap file exists in the corresponding module directory and the recorded data matches the source code project, and then rebuild the project.",
    "00703204": "Unable to navigate to source code. Make sure the SymbolTable file exists in the corresponding module directory and the recorded data matches the source code project, and then rebuild the project.",
    "00703205": "Source file not found.",
    "00703301": "Failed to stop the session.",
}
TABLES = {**DEVECO_TEST_CODES, **DEVECO_PROFILER_CODES}
ROWS = {
    code: (kind, pattern, meaning, fix) for code, (kind, meaning, fix, pattern) in TABLES.items()
}
# messages an earlier reader words already (a run/debug row, hdc's own signature): read once
WORDED_BEFORE = {"00507013", "00508014", "00526009", "00526010"}


def _filled(message: str) -> str:
    return message.replace("XXX", "entry").replace("{0}", "a.jsleaklist")


def test_the_tables_hold_every_documented_code_once() -> None:
    assert set(TABLES) == set(PAGE_MESSAGES)
    assert not set(DEVECO_TEST_CODES) & set(DEVECO_PROFILER_CODES)
    assert not set(TABLES) & set(DEVECO_DEBUG_CODES)
    # read by the one mechanism that reads every tool's documented codes
    assert all(BUILD_CODES[c].kind == ROWS[c][0] for c in TABLES)


@pytest.mark.parametrize("code", sorted(c for c in ROWS if ROWS[c][1]))
def test_each_pattern_matches_its_page_message_and_no_other_rows(code: str) -> None:
    pattern = ROWS[code][1]
    assert re.search(pattern, PAGE_MESSAGES[code]), code
    # a message read alone names one code: its twin on the other page has no pattern
    others = [c for c, m in PAGE_MESSAGES.items() if c != code and re.search(pattern, m)]
    assert all(not ROWS[c][1] for c in others), (code, others)


@pytest.mark.parametrize("code", sorted(ROWS))
@pytest.mark.parametrize(
    "printed",
    [
        "Error code: {code}",
        "Error Code: {code}",
        "error code {code}",
        "错误码：{code}",
        "Test failed, Error Code {code}",
    ],
)
def test_the_code_after_a_label_gives_the_rows_kind(code: str, printed: str) -> None:
    f = assert_found(printed.format(code=code))
    assert (f.kind, f.code) == (ROWS[code][0], code), (printed, f.kind, f.code, f.meaning)


@pytest.mark.parametrize("code", sorted(ROWS))
def test_the_code_before_its_message_gives_the_rows_kind(code: str) -> None:
    # as the pages head a code and hvigor prints its own: the code, then the message
    f = assert_found(f"{code} {_filled(PAGE_MESSAGES[code])}")
    assert (f.kind, f.code) == (ROWS[code][0], code), (code, f.kind, f.code, f.meaning)


@pytest.mark.parametrize("code", sorted(ROWS))
def test_the_code_before_its_message_in_lower_case_gives_the_rows_kind(code: str) -> None:
    f = assert_found(f"{code} {_filled(PAGE_MESSAGES[code]).lower()}")
    assert (f.kind, f.code) == (ROWS[code][0], code), (code, f.kind, f.code, f.meaning)


@pytest.mark.parametrize("code", sorted(c for c in ROWS if ROWS[c][1]))
def test_the_message_alone_gives_the_rows_kind_and_code(code: str) -> None:
    f = assert_found(_filled(PAGE_MESSAGES[code]))
    assert f.kind == ROWS[code][0], (code, f.kind, f.meaning)
    assert code in (f.meaning or ""), (code, f.meaning)


@pytest.mark.parametrize("code", sorted(WORDED_BEFORE))
def test_a_message_worded_before_keeps_its_reading(code: str) -> None:
    f = assert_found(_filled(PAGE_MESSAGES[code]))
    assert not any(c in (f.meaning or "") for c in TABLES), (code, f.meaning)


def test_every_fix_is_short_and_names_no_placeholder() -> None:
    for code, (_kind, _pattern, _meaning, fix) in ROWS.items():
        assert "%" not in fix and "XXX" not in fix, code
        assert 10 < len(fix) < 500, code


# a sample of the instrument test page as it reads (ide-instrument-test-errorcode, 00501001)
PAGE_SAMPLE = """\
00501001 测试套件名称含有变量

错误信息

XXX is a Variable. Please use string as a describe name.

错误描述

XXX是变量，请使用字符串作为测试套件名称。
"""
# and of the Profiler page (ide-profiler-errorcode, 00702201)
PROFILER_SAMPLE = """\
00702201 离线符号解析失败

错误信息

Failed to import offline symbols.

错误描述

离线符号解析失败。
"""


def test_a_page_sample_gives_its_code_meaning_and_fix() -> None:
    f = assert_found(PAGE_SAMPLE)
    assert (f.kind, f.code) == ("arkts-source", "00501001") and "string literal" in f.fix
    f = assert_found(PROFILER_SAMPLE)
    assert (f.kind, f.code) == ("native", "00702201") and "symbol" in f.fix


def test_a_message_shared_by_two_pages_names_its_twin() -> None:
    f = assert_found("describeName is a Variable. Please use string as a describe name.")
    assert "00501001" in (f.meaning or "") and "00521003" in (f.meaning or "")


@pytest.mark.parametrize(
    "text", ["#01 pc 00501005 libentry.so", "#00 pc 00702201 Ability libentry.so"]
)
def test_a_crash_frames_address_is_not_a_code(text: str) -> None:
    f = diagnose(text)
    assert f is None or f.code not in TABLES, f


def test_the_connect_key_log_stays_hdcs() -> None:
    # 00507013's message is hdc's own: the corpus log keeps its device fix
    f = assert_found(real_log("hdc/instrument-test-00507013-need-connect-key.log"))
    assert f.kind in ("no-device", "hdc")
