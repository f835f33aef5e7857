"""DevEco Studio's documented test framework errors (its "测试框架错误码" pages): instrument tests
on a device (00501xxx-00506xxx, 00508xxx,
https://developer.huawei.com/consumer/cn/doc/harmonyos-guides/ide-instrument-test-errorcode),
tests run from the command line (00507xxx, …/ide-cli-test-errorcode) and local tests on the
computer (00521xxx-00526xxx, …/ide-local-test-errorcode). Data only, in
:mod:`.deveco_debug_codes`'s layout: :data:`hmdesk.core.toolchain.build_codes.BUILD_CODES` takes
every code, read as DevEco's run/debug codes are (the code where it is printed, ``Error code:
00501001`` or before its title; its message where the test window shows it without the code).

Kinds: the test's own code (a suite or case name, List.test.ets) is ``arkts-source``, the run
configuration or test command ``launch``, a locked screen ``locked``, a test HAP's or coverage
filter's configuration ``config``. The instrument and local pages print several messages word for
word alike (a describe name that is a variable: 00501001 and 00521003): the instrument test's row
reads the message alone and names its twin, the local test's is read by its code. A message the
run/debug rows (or hdc's own signatures) already read keeps that reading: 00508014 is 00401013's
"Previewer does not support this app", 00526009/00526010 are 00401010/00401009's, 00507013 is
hdc's ``[Fail]ExecuteCommand need connect-key?``. A generic message ("File does not exist: XXX.",
"No module found.") has none: its code alone decides.
"""

from __future__ import annotations

from hmdesk.core.toolchain.hvigor_codes import HvigorCode, read_codes

_SHARED_STEPS = {
    "%CASE_NAME%": (
        "Write the it() name as a string literal of digits, letters, '_' and '.' only; to run "
        "a case whose name is a variable or has other characters, run its suite, file or "
        "folder instead."
    ),
    "%SUITE_NAME%": (
        "Write the describe() name as a string literal of digits, letters, '_' and '.', "
        "starting with a letter."
    ),
    "%REGISTER%": (
        "Register the test function in the test folder's List.test.ets (import it and call it "
        "inside `export default function testsuite() { … }`), then run again."
    ),
    "%CLEAN%": "Clean the build (Build > Clean Project) and run the test again",
    "%UNLOCK%": "Unlock the device's screen (or remove its lock password) and run the test again.",
    "%HISTORY%": (
        "An old test task no longer fits the project or its environment: do not rerun it from "
        "the history; start the test again from the test file, suite or case."
    ),
    "%PARAM_PATH%": (
        "A path given to the hvigorw test command does not exist: fix the parameter's path (the "
        "folder or file must exist) and run again."
    ),
    "%FILTER_PATHS%": (
        "coverage-filter.json5 lists the same path twice: delete the repeated path so each is "
        "listed once."
    ),
}

_TABLE = r"""
# instrument test: the test code (00501xxx)
00501001 arkts-source | a describe() name is a variable (00521003 in a local test) | is a Variable\. Please use string as a describe name
    Name the suite with a string literal, not a variable.
00501002 arkts-source | an it() name has characters other than digits, letters, '_' and '.' (00521001 in a local test) | is an invalid it value\. Enter a value that contains only digits
    %CASE_NAME%
00501003 arkts-source | two test cases of a suite have the same name (00521006 in a local test) | Testing failed due to the duplicate test case name
    Rename one of the it() cases: case names must be unique within their suite.
00501004 arkts-source | two test suites have the same name (00521007 in a local test) | Testing failed due to the duplicate test suite name
    Rename one of the describe() suites: suite names must be unique within the test folder.
00501005 arkts-source | an it() name is a variable (00521005 in a local test) | is a Variable\. Please use string as an It-name or execute from the higher running entrance
    %CASE_NAME%
00501006 arkts-source | an it() name is a variable (00521004 in a local test) | is a Variable\. Please use string as an It-name\.
    %CASE_NAME%
00501007 arkts-source | a describe() name is invalid (00521002 in a local test) | is an invalid describe value\. The value entered must contain only
    %SUITE_NAME%
# instrument test: the cases and files to run (00502xxx)
00502001 launch | the test case to run is not in the test file (00522006 in a local test) | Current test case [^\n]*? not found in the test file
    Pick the case to run again (its gutter icon), or correct Method name in the test's run configuration.
00502002 arkts-source | the test file has no test case (00522007 in a local test) | No Any Test Case Found In The
    Define at least one it() case in the test file's describe() suites.
00502003 launch | the test file does not exist
    The test file was deleted or moved: run a test file that exists (or fix the run configuration's file).
00502004 arkts-source | no function of the test file is registered in List.test.ets | The current file does not have any function registered in the list file
    %REGISTER%
00502005 arkts-source | no function of the test package is registered in List.test.ets | The current package does not have any function registered in the list file
    %REGISTER%
00502006 arkts-source | the suite's function is not registered in List.test.ets (00522002 in a local test) | The function where the suite [^\n]*? is located is not registered in the
    %REGISTER%
00502007 launch | the suite to run is not in the test file | Current suite [^\n]*? not found in the test file
    Pick the suite to run again, or correct Suite name in the test's run configuration.
# instrument test: the HAP (00503xxx)
00503001 config | the HAP's file name is invalid | Invalid HAP file name
    The HAP's name may hold only digits, letters, '_', '-' and '.': rename the module or product so it does, then build again.
00503002 install | a file is missing from the HAP | The \S+ file in the hap file does not exist
    The built HAP is incomplete: build the HAP again (%CLEAN%).
00503003 install | a file in the HAP is empty or malformed
    The built HAP is broken: build the HAP again (%CLEAN%).
# instrument test: the run configuration (00504xxx)
00504001 launch | the run configuration names no suite | The 'Suite name' is not specified
    Choose a test suite (Suite name) in the test's run configuration.
00504002 launch | the run configuration names no package | The 'Package' is not specified
    Choose a test package (Package) in the test's run configuration.
00504003 launch | the run configuration names no case | The 'Method name' is not specified
    Choose a test case (Method name) in the test's run configuration.
00504004 launch | the run configuration names no file | The 'File name' is not specified
    Choose a test file (File name) in the test's run configuration.
# instrument test: the run (00505xxx, 00506xxx, 00508xxx)
00505001 arkts-source | the instrument test run failed (a suite uses a Promise) | Instrumentation run failed due to
    A describe() suite may not use a Promise (async/await) in its body: move the asynchronous code into the it() cases or the hooks (beforeAll, beforeEach), then run again.
00506001 launch | the test run returned another number of tests than expected | Expected \d+ tests, received \d+
    Fix what the message before "Expected" names (a case that crashed or never finished), then run again.
00506002 locked | no test results (the screen is locked) | No test results because (?!unlock screen failed)
    %UNLOCK%
00506003 launch | rerunning a test task from the history failed (00523005 in a local test) | Build history project failed
    %HISTORY%
00508010 launch | the coverage report was not generated | Coverage report generation failed! Please attempt to clean project
    %CLEAN%.
00508013 locked | the app's launch for the test timed out | App launch timed out\. Make sure the screen is unlocked
    %UNLOCK%
00508014 launch | instrument tests cannot run on the Previewer
    Instrument tests need a device or an emulator: choose one and run the test again.
00508015 arkts-source | the test file's name does not end with .test.ets | does not end with '\.test\.ets'
    Rename the test file so it ends with .test.ets (e.g. Ability.test.ets), then run again.
# tests run from the command line (00507xxx)
00507001 signing | the HAP/HSP to test does not exist (not signed) | does not exist\. Check whether the hap/hsp package is signed
    The test command needs signed packages: configure a debug signature (File > Project Structure > Signing Configs) and build again.
00507002 launch | the scope parameter is invalid | scope=[^\n]*? is invalid\. Enter a value that contains only digits
    Give scope suite or case names of digits, letters, '_' and '.' only, several separated by commas (scope=SuiteA,SuiteB.case1).
00507003 locked | no test results: unlocking the screen failed | No test results because unlock screen failed in developer mode
    %UNLOCK%
00507004 launch | coverageFile names a file that does not exist | coverageFile contains a file that does not exist
    %PARAM_PATH%
00507005 launch | projectPath does not exist | projectPath does not exist
    %PARAM_PATH%
00507006 launch | reportPath does not exist | reportPath does not exist
    %PARAM_PATH%
00507007 launch | coverageFile does not exist | (?<![\w.])coverageFile does not exist
    %PARAM_PATH%
00507008 launch | the initial coverage data could not be read | getInitCoverageData failed
    init_coverage.json is malformed: %CLEAN%.
00507009 launch | the JS coverage data could not be read | getjsCoverageData failed
    js_coverage.json is malformed: %CLEAN%.
00507010 launch | the coverage data could not be merged | merge coverageJson failed
    Coverage data of DevEco Studio before and since 5.0.2 differ: merge only coverage data made by the same DevEco Studio version.
00507011 config | coverage-filter.json5 lists a path in both include and exclude | The same path defined in include and exclude list in coverage-filter\.json5
    Remove the path from include or from exclude in coverage-filter.json5.
00507012 permission | the coverage report could not be written (reportPath not cleared)
    The report folder could not be emptied: choose another reportPath, or empty the folder by hand, and run again.
00507013 no-device | no single device to test on
    Connect a device with USB debugging on (Developer options), and when several are connected remove the others (or name one with -t) so the test command has one device.
00507014 no-hap | the test's build output does not exist | does not exist\. Please clean the project and run again
    The .test output is missing from build: %CLEAN%.
00507015 launch | the command-line test failed at run time
    Read the error the test printed before the code and fix what it names.
00507016 launch | the command-line local test ran C/C++ methods (00523001 in the IDE)
    Local tests cannot test C/C++ methods: test them with an instrument test on a device or an emulator.
00507017 config | coverage-filter.json5 lists a path twice in includeHar | The same path defined in includeHar list in coverage-filter\.json5
    %FILTER_PATHS%
00507018 config | coverage-filter.json5 lists a path twice in extraAbilities | The same path defined in extraAbilities list in coverage-filter\.json5
    %FILTER_PATHS%
00507019 config | coverage-filter.json5 lists a path in both includeHar and include | The same path defined in includeHar and include list in coverage-filter\.json5
    Keep the path in includeHar or in include, not both.
00507020 config | coverage-filter.json5 lists a path in both includeHar and exclude | The same path defined in includeHar and exclude list in coverage-filter\.json5
    Keep the path in includeHar or in exclude, not both.
# local test: the test code (00521xxx); their messages are the instrument test's (00501xxx)
00521001 arkts-source | a local test's it() name has characters other than digits, letters, '_' and '.'
    %CASE_NAME%
00521002 arkts-source | a local test's describe() name is invalid
    %SUITE_NAME%
00521003 arkts-source | a local test's describe() name is a variable
    Name the suite with a string literal, not a variable.
00521004 arkts-source | a local test's it() name is a variable
    %CASE_NAME%
00521005 arkts-source | a local test's it() name is a variable (run from a higher level)
    %CASE_NAME%
00521006 arkts-source | two local test cases of a suite have the same name
    Rename one of the it() cases: case names must be unique within their suite.
00521007 arkts-source | two local test suites have the same name
    Rename one of the describe() suites: suite names must be unique within the test package.
# local test: the cases and files to run (00522xxx)
00522001 arkts-source | the method's function is not registered in List.test.ets | The function where the method [^\n]*? is located is not registered in the
    %REGISTER%
00522002 arkts-source | the suite's function is not registered in List.test.ets (local test)
    %REGISTER%
00522005 arkts-source | no function of the file is registered in List.test.ets | None of the functions in the file [^\n]*? have been registered in the
    %REGISTER%
00522006 launch | the local test case to run is not in the test file
    Pick the case to run again (its gutter icon), or correct Method name in the test's run configuration.
00522007 arkts-source | the local test file has no test case
    Define at least one it() case in the test file's describe() suites.
# local test: the environment (00523xxx)
00523001 launch | local tests cannot test C/C++ methods (00507016 from the command line) | Testing on C/C\+\+ methods not supported
    Test C/C++ methods with an instrument test on a device or an emulator.
00523002 sdk-missing | the SDK lacks components local tests need | Required components are missing in the HarmonyOS SDK
    Install DevEco Studio again (its SDK is incomplete) from its official download page.
00523003 no-hap | modules.abc was not built, so the local test cannot start | Failed to start local test, please check the [^\n]*? path
    %CLEAN%; if the run configuration's Before launch no longer has its build task, add it back.
00523004 tool | the computer ran out of memory during the test | Test failed due to lack of memory
    Close other heavy programs, or restart the computer, and run the test again.
00523005 launch | rerunning a local test task from the history failed
    %HISTORY%
# local test: the run configuration (00526xxx)
00526007 launch | the local test failed at run time
    Read the error the test printed before the code and fix what it names.
00526008 launch | the run configuration has no module
    The project sync failed, so the run configuration lists no module: sync the project again (File > Sync and Refresh Project) and wait until it succeeds.
00526009 config | running the test found no product
    Check applyToProducts of the module's targets in the project-level build-profile.json5 (the product being run must be listed), then sync.
00526010 config | running the test found no target
    The module must have a target for the product being run: the module's targets and the project-level build-profile.json5's modules[].targets[].applyToProducts must name it; fix that, then sync.
"""

DEVECO_TEST_CODES: dict[str, HvigorCode] = read_codes(_TABLE, _SHARED_STEPS)
