"""Families the held-out batch V's device logs (hdc, aa, hilog, cppcrash) showed missing, once
folded into the corpus: hilog's own lost-lines notices (the hilog tool guide), DevEco Studio's
"device not found" prompt and the Mac's broken hdc keys (the FAQ), and the crash signals' si_code
kinds (the CppCrash detection guide's tables).

Each case reads a real log of ``tests/data/real_logs`` (its ``.toml`` names the source), then the
same family in wording or a layout it was not written from, so the rule is the kind, not the log.
"""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.crash.explain import explain
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog
from hmdesk.core.toolchain.crash.signal_codes import SI_CODES, SIGNAL_SENDERS
from hmdesk.core.toolchain.crash.utils_codes import UTILS_CODES
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hilog.line import DROPPED
from hmdesk.core.toolchain.hilog.notices import NOTICES, command_answer, lost_lines
from hmdesk.core.toolchain.hilog.parse import parse_lines

from tests.fixtures.real_logs import assert_cause, assert_found, real_log

# ------------------------------------------------------------ hilog's lost-lines notices


@pytest.mark.parametrize(
    ("text", "notice", "dropped", "fix_word"),
    [
        (
            real_log("hilog/ohhilog-readme-loglimit-proc-quota.log"),
            "process quota",
            46,
            "hilog -Q pidoff",
        ),
        (
            # the guide's example with the process column (HarmonyOS NEXT's layout)
            "04-19 17:02:34.219  5394  5394 W A00032/com.example.myapplication/LOGLIMIT: "
            "==com.example.myapplication LOGS OVER PROC QUOTA, 3091 DROPPED==\n",
            "process quota",
            3091,
            "hilog -Q pidoff",
        ),
        (
            "04-19 17:02:34.219  5394  5394 W C02C02/system_test/LOGLIMIT: 108 line(s) dropped "
            "in a second!\n",
            "domain quota",
            108,
            "hilog -Q domainoff",
        ),
        (
            real_log("hilog/ohhilog-readme-slow-reader-missed.log"),
            "slow reader",
            209,
            "hilog -G 16M",
        ),
        (
            real_log("hilog/docs-hilog-tool-write-socket-failed.log"),
            "socket",
            8,
            "hilog -b X",
        ),
    ],
)
def test_each_lost_lines_notice_of_the_guide_is_read_with_its_fix(
    text: str, notice: str, dropped: int, fix_word: str
) -> None:
    lost = lost_lines(text)
    assert lost is not None and (lost.notice.name, lost.dropped) == (notice, dropped), lost
    f = assert_found(text)
    assert f.kind == "hilog" and fix_word in f.fix, (f.kind, f.fix)
    assert str(dropped) in (f.meaning or ""), f.meaning


def test_a_notice_is_read_in_a_log_window_paste_among_the_apps_lines() -> None:
    text = (
        "01-02 08:18:24.947   30988-30988   A0FF00/com.example.demo/testTag  com.example.demo  I"
        "     loading list\n"
        "01-02 08:18:24.950   30988-30988   A0FF00/com.example.demo/HiLog  com.example.demo  W"
        "     write socket failed, 12 line(s) dropped!\n"
    )
    f = assert_found(text)
    assert f.kind == "hilog" and "hilog -b X" in f.fix, f


def test_every_notice_names_the_lines_as_lost_and_a_hilog_command() -> None:
    for notice in NOTICES:
        assert "gone" in notice.fix and "hilog -" in notice.fix, notice.name


def test_a_crash_beside_a_notice_decides_and_prose_is_no_notice() -> None:
    crash = (
        "04-19 17:02:34.219  5394  5394 W A00032/com.example.app/LOGLIMIT: ==com.example.app "
        "LOGS OVER PROC QUOTA, 12 DROPPED==\n" + real_log("jscrash/settings-udisk-api-absent.log")
    )
    assert assert_found(crash).kind == "crash"
    # Android's own flow control (a vendor's logcat) words it alike: not hilog's, no hilog fix
    android = (
        "W LOG_FLOWCTRL: ==LOGS OVER PROC QUOTA(300), rows(331) bytes(62807) com.x DROPPED==\n"
    )
    assert lost_lines(android) is None
    assert lost_lines(f"07-25 10:01:02.123  1234  1234 {android}") is None
    # the words in a sentence are not hilog's line
    assert lost_lines("Search the log for LOGLIMIT|Slow reader missed|write socket failed.") is None


# ------------------------------------------------------------ DevEco Studio sees no device


def test_deveco_studio_device_not_found_prompt_gets_the_faqs_checks() -> None:
    for text in (
        real_log("hdc/faq-app-debugging-3-device-not-found.log"),
        "Install failed: Device not found or not connected.\n",
        "No device\n",
    ):
        f = assert_found(text)
        assert f.kind == "no-device", (text, f.kind)
        for word in ("USB debugging", "data cable", "hdc kill"):
            assert word in f.fix, (word, f.fix)
    # the words inside a sentence are no device list's entry
    f = diagnose("Launching the app: No device selected yet, building only.\n")
    assert f is None or f.kind != "no-device", f


def test_an_empty_target_list_names_the_broken_key_files() -> None:
    f = assert_found(real_log("hdc/faq-pak-70-mac-arm-list-targets-empty.log"))
    assert f.kind == "no-device", f.kind  # the sidecar takes no-device, device or hdc
    for word in ("rm -r ~/.harmony", "hdc kill -r", "system_profiler SPUSBDataType"):
        assert word in f.fix, (word, f.fix)


def test_the_hilog_commands_answer_that_nothing_is_persisted() -> None:
    f = assert_found(
        "$ hilog -w query\nPersist task query failed\nNo running persistent task [CODE: -63]\n"
    )
    assert f.kind == "hilog" and "hilog -w start" in f.fix, f
    assert command_answer("Persist task [jobid:1][fileNum:1000] start successfully\n") is None


# ------------------------------------------------------------ the hdc guide's FAQ: discovery


def test_an_unauthorized_target_gets_the_trust_dialog_back() -> None:
    for line in (
        "7001005458323933328a01fce8e04800\tUSB\tUnauthorized\tlocalhost\thdc\n",
        "192.168.3.41:34665    TCP    Unauthorized    localhost    hdc\n",
    ):
        f = assert_found(line)
        assert f.kind == "unauthorized" and "hdc kill -r" in f.fix, (line, f)
    # a Connected target is no failure of this kind
    f = diagnose("7001005458323933328a01fce8e04800\tUSB\tConnected\tlocalhost\thdc\n")
    assert f is None or f.kind != "unauthorized", f


def test_the_guides_other_discovery_failures() -> None:
    f = assert_found("[Empty]\n")
    for word in ("sudo hdc kill", "udev", "/dev/bus/usb"):
        assert word in f.fix, (word, f.fix)
    f = assert_found("Connect server failed\n")
    assert f.kind == "hdc-server" and "UpperFilters" in f.fix and "DevEco Testing" in f.fix, f
    f = assert_found("Unknown USB Device (Device Descriptor Request Failed)\n")
    assert f.kind == "no-device" and "Plug and Play" in f.fix, f
    f = assert_found(
        "hdc: error while loading shared libraries: libc++.so: cannot open shared object file\n"
    )
    assert f.kind == "tool" and "ldd" in f.fix, f
    f = assert_found(
        "[Fail]Error opening file: no such file or directory, path:/data/local/tmp/鍐欒厓.txt\n"
    )
    assert f.kind == "file" and "3.1.0a" in f.fix, f


# ------------------------------------------------------------ the signals' si_code kinds


def test_every_si_code_of_the_guide_has_a_meaning_and_a_fix() -> None:
    kinds = {code.split("_", 1)[0] for code in SI_CODES}
    assert {"ILL", "TRAP", "BUS", "FPE", "SEGV", "SI"} <= kinds, kinds
    for code in [
        "ILL_ILLOPC",
        "ILL_ILLOPN",
        "ILL_ILLADR",
        "ILL_ILLTRP",
        "ILL_PRVOPC",
        "ILL_PRVREG",
        "ILL_COPROC",
        "ILL_BADSTK",
        "ILL_ILLPACCFI",
        "TRAP_BRKPT",
        "TRAP_TRACE",
        "TRAP_BRANCH",
        "TRAP_HWBKPT",
        "BUS_ADRALN",
        "BUS_ADRERR",
        "BUS_OBJERR",
        "BUS_MCEERR_AR",
        "BUS_MCEERR_AO",
        "FPE_INTDIV",
        "FPE_INTOVF",
        "FPE_FLTDIV",
        "FPE_FLTOVF",
        "FPE_FLTUND",
        "FPE_FLTRES",
        "FPE_FLTINV",
        "FPE_FLTSUB",
        "SEGV_MAPERR",
        "SEGV_ACCERR",
        "SI_USER",
        "SI_KERNEL",
        "SI_QUEUE",
        "SI_TIMER",
        "SI_MESGQ",
        "SI_ASYNCIO",
        "SI_SIGIO",
        "SI_TKILL",
    ]:
        reading = SI_CODES[code]
        assert reading.cause and reading.fix, code
    assert {c for c in SI_CODES if c.startswith("SI_")} == SIGNAL_SENDERS


def _cpp(reason: str, frame: str = "libfoo.so(Work()+12)") -> str:
    return (
        f"Reason:Signal:{reason}@0x0000007f00001234\n"
        "Fault thread info:\nTid:100, Name:worker\n"
        f"#00 pc 0000000000001234 /data/storage/el1/bundle/libs/arm64/{frame}\n"
    )


def test_sigill_by_its_code_an_extension_the_cpu_lacks_names_the_cpu_features() -> None:
    said = assert_cause(real_log("cppcrash/juejin-openssl35-sve2-sigill-ffrt.log"), "SVE2")
    assert "OPENSSL_armcap" in said and "getauxval" in said, said
    said = assert_cause(_cpp("SIGILL(ILL_ILLOPC)"), "-march")
    assert "CPU extension" in said, said
    # another code of the same signal reads as that code, not as an unsupported instruction
    said = assert_cause(_cpp("SIGILL(ILL_PRVREG)"), "privileged register")
    assert "SVE2" not in said, said


@pytest.mark.parametrize(
    ("reason", "word"),
    [
        ("SIGBUS(BUS_ADRALN)", "misaligned"),
        ("SIGFPE(FPE_FLTINV)", "NaN"),
        ("SIGTRAP(TRAP_HWBKPT)", "hardware breakpoint"),
        ("SIGILL(ILL_BADSTK)", "stack"),
    ],
)
def test_a_signal_code_the_signatures_do_not_name_is_read_from_the_table(
    reason: str, word: str
) -> None:
    assert_cause(_cpp(reason), word)


def test_a_freed_address_still_decides_over_an_unmapped_address_code() -> None:
    text = (
        "Reason:Signal:SIGSEGV(SEGV_MAPERR)@0x6b6b6b6b6b6b6b6b\n"
        "Fault thread info:\nTid:100, Name:worker\n"
        "#00 pc 0000000000001234 /data/storage/el1/bundle/libs/arm64/libfoo.so(Work()+12)\n"
    )
    assert_cause(text, "use-after-free")


def test_frames_after_a_note_under_the_fault_threads_header_are_read() -> None:
    crash = parse_faultlog(real_log("cppcrash/juejin-openssl35-sve2-sigill-ffrt.log"))
    assert [f.file for f in crash.frames[:2]] == ["libcrypto.so.3", "libcrypto.so.3"], crash.frames
    why = explain(crash)
    assert why is not None and "cut after its header" not in why.fix, why


def test_a_native_frame_whose_path_holds_a_space_keeps_its_file_and_symbol() -> None:
    crash = parse_faultlog(real_log("cppcrash/bpta-cppcrash-case7-pac-autia-stack-overwrite.log"))
    top = crash.frames[0]
    assert (top.file, top.symbol) == ("/data/kernel test/fpac10", "main"), top
    # a bare library name followed by a note keeps the name alone
    crash = parse_faultlog(real_log("cppcrash/juejin-openssl35-sve2-sigill-ffrt.log"))
    assert crash.frames[0].file == "libcrypto.so.3", crash.frames[0]


# ------------------------------------------------------------ a JS method called without its this


def test_undefined_is_not_callable_names_the_lost_this_of_a_method_passed_on() -> None:
    said = assert_cause(
        real_log("jscrash/faq-arkui-229-builderparam-this-undefined-not-callable.log"), "arrow"
    )
    assert "() => { this.method() }" in said, said
    assert_cause("Error name:TypeError\nError message:handler is not callable\n", "`this`")


def test_an_app_frame_only_in_the_submitters_stack_is_named_as_the_tasks_submitter() -> None:
    text = (
        "Reason:Signal:SIGSEGV(SEGV_MAPERR)@0x0000000000000008\n"
        "Fault thread info:\nTid:18257, Name:OS_FFRT_2_3\n"
        "#00 pc 000054e6 /system/lib64/libffrt.so(ffrt::CPUWorker::Run()+228)(adfc6733)\n"
        "#01 pc 000054f9 /system/lib64/ld-musl-aarch64.so.1(start+236)(adfc6733)\n"
        "========SubmitterStacktrace========\n"
        "#00 pc 000094dc /data/storage/el1/bundle/libs/arm64/libentry.so(SubmitDecode()+36)(ad)\n"
    )
    said = assert_cause(text, "SubmitterStacktrace", "SubmitDecode")
    assert "Top frame of the app's own code" not in said, said
    # the app's frame in the crashing thread itself is its top frame, as before
    said = assert_cause(_cpp("SIGSEGV(SEGV_MAPERR)"), "Top frame of the app's own code")
    assert "SubmitterStacktrace" not in said, said


def test_the_guides_stack_fault_signal_reads_as_a_stack_error() -> None:
    text = (
        "Reason:Signal:SIGSTKFLT@0x0000007f00001234\n"
        "Fault thread info:\nTid:100, Name:worker\n"
        "#00 pc 0000000000001234 /data/storage/el1/bundle/libs/arm64/libfoo.so(Work()+12)\n"
    )
    assert_cause(text, "recursion")


@pytest.mark.parametrize(
    ("name", "word"),
    [("TerminationError", "TaskPool"), ("OOMError", "heap"), ("URIError", "decodeURI")],
)
def test_the_js_crash_guides_error_kinds(name: str, word: str) -> None:
    text = (
        f"Reason:{name}\nError name:{name}\nError message:worker stopped\nStacktrace:\n"
        "    at compute (entry/src/main/ets/workers/Task.ets:12:5)\n"
    )
    assert_cause(text, word)


def test_a_notice_quoted_without_its_columns_is_hilogs_drop_line() -> None:
    f = assert_found(real_log("hilog/sdream-notes-write-socket-failed-bare.log"))
    assert f.kind == "hilog" and "hilog -b X" in f.fix, f
    for line, count in (
        ("========Slow reader missed log lines: 209", 209),
        ("==com.ohos.sceneboard LOGS OVER PROC QUOTA, 46 DROPPED==", 46),
        ("  108 line(s) dropped in a second!", 108),
    ):
        parsed = parse_lines([line])[0]
        assert (parsed.kind, parsed.dropped) == (DROPPED, count), parsed
    # prose that mentions dropped lines is no notice
    assert parse_lines(["We saw 3 line(s) dropped! in the log"])[0].kind != DROPPED


def test_a_daemon_hdc_cannot_reach_names_the_guides_version_and_port_causes() -> None:
    for text in (
        "[Fail]Failed to communicate with daemon\n",
        "[Fail][E002106] Failed to communicate with daemon.\n",
    ):
        f = assert_found(text)
        assert "hdc_std" in f.fix and "update the SDK" in f.fix, f


def test_a_hardware_branch_protection_fault_reads_as_a_bad_indirect_branch() -> None:
    assert_cause(_cpp("SIGSEGV(SEGV_CPERR)"), "branch target")


# ------------------------------------------------------------ the ArkTS library's 102000xx codes


def test_every_utils_code_of_the_reference_has_its_message_meaning_and_fix() -> None:
    assert len(UTILS_CODES) >= 45
    for code, (message, meaning, fix) in UTILS_CODES.items():
        assert code.startswith("10200") and message and meaning and fix, code


@pytest.mark.parametrize(
    ("text", "word"),
    [
        (
            "Error name:BusinessError\nError message:The function is not marked as concurrent.\n"
            "Error code:10200014\nStacktrace:\n    at run (entry/src/main/ets/pages/Index.ets:40:7)\n",
            "@Concurrent",
        ),
        (
            # the code alone, the message elided
            "Error name:BusinessError\nError message:taskpool failed\ncode: 10200016\n",
            "before it starts",
        ),
        (
            # the documented wording without its code
            "Error name:Error\nError message:The Worker instance is not running.\n"
            "Stacktrace:\n    at post (entry/src/main/ets/pages/Index.ets:12:3)\n",
            "terminate()",
        ),
        (
            "Error name:BusinessError\nError message:The value of index is out of range.\n",
            "10200001",
        ),
    ],
)
def test_a_utils_code_or_its_wording_reads_as_that_code(text: str, word: str) -> None:
    assert_cause(text, word)


def test_a_short_generic_utils_message_alone_decides_nothing() -> None:
    said = assert_cause("Error name:Error\nError message:Timeout exceeded.\n")
    assert "10200031" not in said, said


# ------------------------------------------------------------ aa's answers without a code


@pytest.mark.parametrize(
    ("line", "kind", "word"),
    [
        ("error: failed to stop service ability.", "stop", "ServiceAbility"),
        ("error: failed to force stop process.", "stop", "aa force-stop <bundleName>"),
        ("error: failed to start user test.", "launch", "-s unittest"),
        ("fail: unknown option.", "launch", "aa help"),
        ("error: not developer mode.", "launch", "developer mode"),
        ("error: option requires a value.", "launch", "-D <debug-cmd>"),
        ("The wait option does not support starting non-uiability", "launch", "UIAbility"),
        ("error: failed to send memory level.", "launch", "level from 0 to 2"),
    ],
)
def test_each_codeless_aa_answer_of_the_guide(line: str, kind: str, word: str) -> None:
    f = assert_found(f"$ hdc shell aa xyz\n{line}\n")
    assert f.kind == kind and word in f.fix, (line, f)


def test_aa_own_words_and_its_code_still_decide_over_the_codeless_answer() -> None:
    f = assert_found("error: failed to force stop process.\nerror: the target is being debugged\n")
    assert "the target is being debugged" in f.fix, f
    f = assert_found(
        "error: failed to force stop process.\n"
        "Error Code:10106402  Error Message:Persistent processes cannot be terminated.\n"
    )
    assert f.code == "10106402", f


# ------------------------------------------------------------ hdc's and the Emulator's bare answers


@pytest.mark.parametrize("said", ["unauthorized", "> hdc list targets\nUnauthorized\n"])
def test_hdc_answering_unauthorized_alone_asks_for_the_trust_dialog(said: str) -> None:
    # faqs-performance-analysis-kit-67 (a watch over Wi-Fi): the word is hdc's whole answer
    f = assert_found(said)
    assert f.kind == "hdc" and "Trust" in f.fix and "setup wizard" in f.fix
    other = diagnose("npm ERR! 401 Unauthorized - GET https://registry.npmjs.org/x")
    assert other is None or other.kind != "hdc"


def test_the_test_modes_container_not_running_asks_for_a_test_run_first() -> None:
    # faqs-app-test-4's message, then the same inside a shell's output
    for said in ("container is not running", "$ hdc shell aa test -b x\ncontainer is not running"):
        f = assert_found(said)
        assert f.kind == "hdc" and "test case" in f.fix
    docker = diagnose("Error response from daemon: Container 3f2a is not running")
    assert docker is None or "test case" not in docker.fix


@pytest.mark.parametrize(
    "path", ["C:/Emu//system-image/HarmonyOS-NEXT/phone_x86/system.img", "/sdk/x/vendor.img"]
)
def test_the_emulator_unable_to_open_its_image_file_is_the_image_path(path: str) -> None:
    # QEMU's own words, as the Emulator prints them (hdc/m-emulator-mod-5 in the corpus)
    f = assert_found(f"tools\\emulator\\Emulator: Could not open '{path}': No such file")
    assert f.kind == "device" and "system image" in f.fix


@pytest.mark.parametrize("user", ["100", "999"])
def test_aa_start_for_another_user_refused_names_the_cross_user_permission(user: str) -> None:
    f = assert_found(
        f"$ hdc shell aa start -a EntryAbility -b com.example.app -u {user}\n"
        "error: failed to start ability.\nError Code:10107101 Permission check failed"
    )
    assert f.kind == "launch" and "INTERACT_ACROSS_LOCAL_ACCOUNTS" in f.fix
    same_user = assert_found(
        "$ hdc shell aa start -a EntryAbility -b com.example.app\n"
        "error: failed to start ability.\nError Code:10107101 Permission check failed"
    )
    assert "INTERACT_ACROSS_LOCAL_ACCOUNTS" not in same_user.fix


@pytest.mark.parametrize(
    "said",
    [
        "Failed to connect to unix-abstract-connect",  # the FAQ's title
        "Failed to connect to unix-abstract-connect://com.example.app/lldb-server",
    ],
)
def test_lldb_unable_to_attach_is_read_with_or_without_its_address(said: str) -> None:
    # faqs-app-debugging-25
    f = assert_found(said)
    assert f.kind == "launch" and "debugserver" in f.fix


def test_hitrace_s_own_errors() -> None:
    """The hitrace guide's FAQ: its error codes and messages (the corpus's w1-/z1- hitrace logs)."""
    write = assert_found(real_log("hdc/w1-hitrace-dumpsnapshot-errorcode-1004.log"))
    assert write.code == "1004" and "/data/local/tmp" in write.fix
    service = assert_found(real_log("hdc/z1-hitrace-dumpsnapshot-errorcode-1-hiview.log"))
    assert service.code == "1" and "restart" in service.fix
    tag = assert_found(real_log("hdc/w1-hitrace-not-support-category-aaa.log"))
    assert "hitrace -l" in tag.fix
    path = assert_found(real_log("hdc/z1-hitrace-illegal-path-output-not-data-local-tmp.log"))
    assert "-o" in path.fix and "/data/local/tmp" in path.fix
    # another tool's "illegal path" is not hitrace's
    f = diagnose("$ foo -o /x\nerror: illegal path\n")
    assert f is None or "hitrace" not in f.fix


def test_an_anr_line_and_a_kit_without_an_emulator() -> None:
    anr = assert_found(real_log("hilog/j2-khn-anr-test-loops.log"))
    assert anr.kind == "freeze" and "main thread" in anr.fix
    emulator = assert_found(real_log("hilog/i2-clashvpn-scankit-emulator.log"))
    assert emulator.kind == "device" and "real device" in emulator.fix
