"""General rules blind batch Z's device logs (aa, bm, hdc; folded into the corpus after their
blind run) showed missing, each covered as its documented family, not as the one log:

- DevEco Studio's run, debug and test launch failures (the FAQ's 应用调试 and 应用测试 pages): the
  C++ debugger's attach, lldb-server's timeout, the debugger waiting for the app, a dependency
  not deployed (``hap path error``), a test loading a page from the wrong module, an old ohosTest;
- the emulator's documented errors (ide-emulator-faqs, 00801001-00802003), read by their message
  since the Emulator prints no code;
- the HAP size limit (DevEco's ``INSTALL_FAILED_SIZE_TOO_LARGE``, bm's 9568272);
- hdc's file errors name the device path they refused (E005005, ``Error opening file``, E005102),
  and hdc.log's docker line says why the server did not start.

Each case reads a real log of ``tests/data/real_logs`` (its ``.toml`` names the source page), then
members of the same family the batch did not show, in the docs' own wording.
"""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hdc.emulator_codes import EMULATOR_CODES
from hmdesk.core.toolchain.hdc.outcomes import classify_fail

from tests.fixtures.real_logs import assert_found, real_log


def test_the_cpp_debuggers_attach_failure_names_the_faqs_three_causes() -> None:
    # faqs-app-debugging-25
    f = assert_found(real_log("aa/faq-dbg25-unix-abstract-connect-handshake.log"))
    assert f.kind == "launch"
    assert "/data/local/tmp/debugserver" in f.fix and "debug certificate" in f.fix
    assert "device image" in f.fix


def test_a_dependency_not_deployed_names_deploy_multi_hap() -> None:
    # faqs-app-debugging-55
    f = assert_found(real_log("aa/faq-dbg55-hap-path-error.log"))
    assert f.kind == "launch" and "Deploy Multi Hap/Hsp Packages" in f.fix


def test_a_test_loading_a_page_names_the_module() -> None:
    # faqs-app-test-9
    f = assert_found(real_log("aa/faq-test9-load-page-failed-index.log"))
    assert f.kind == "launch" and "moduleName" in f.fix


@pytest.mark.parametrize(
    ("said", "word"),
    [
        # faqs-app-debugging-34, as DevEco Studio prints it
        ("Attach request timeout after 600000 milliseconds", "/etc/hosts"),
        # faqs-app-debugging-51
        ("Waiting for application to come online notification", "track-jpid"),
        # faqs-app-test-6
        (
            "A page configured in 'test_pages.json' must have one and only one '@Entry' decorator",
            "testrunner",
        ),
    ],
)
def test_devecos_other_launch_messages_name_their_faq_remedy(said: str, word: str) -> None:
    f = assert_found(said)
    assert word in f.fix


def test_a_launch_message_in_a_deveco_run_window_is_read() -> None:
    window = (
        "10:48:05 AM: Launching com.example.app\n"
        "$ hdc shell aa start -a EntryAbility -b com.example.app\n"
        "Failed to connect to unix-abstract-connect://abc.sock: Connection shut down by remote "
        "side while waiting for reply to initial handshake packet\n"
    )
    assert "debugserver" in assert_found(window).fix


def test_the_emulators_abi_error_names_abi_filters() -> None:
    # ide-emulator-faqs, 00801017
    f = assert_found(real_log("bm/emulator-00801017-abi-type-missing.log"))
    assert f.kind == "install" and "abiFilters" in f.fix and "00801017" in (f.meaning or "")


# ide-emulator-faqs' 错误信息, verbatim
EMULATOR_MESSAGES = {
    "00801001": "Hyper-V Not Enabled.",
    "00801002": "The available disk space is less than the amount of space required to run the "
    "emulator.",
    "00801003": "The Image path has changed. Please clear image data before start.",
    "00801004": "Emulator cannot start on this computer because its CPU does not support AES "
    "instructions.",
    "00801005": "Emulator failed to start due to insufficient memory.",
    "00801006": "To avoid emulator malfunctions and unexpected computer restarts, update your PC "
    "to Windows 10 (OS build 18363 or later) and then try again.",
    "00801007": "The remaining disk space of the emulator is insufficient. Please clear the "
    "emulator data and then restart the emulator.",
    "00801008": "The system-image file is missing.",
    "00801009": "The current emulator image version is too low.",
    "00801010": "The Image version has changed. Please clear image data before start.",
    "00801011": "To avoid emulator malfunctions and unexpected computer restarts, update your Mac "
    "to 12.5 or later.",
    "00801012": "The emulator configuration file is damaged or abnormal.",
    "00801013": "The graphics card in use does not support OpenGL 4.1 or later. Update the "
    "graphics card driver or use another graphics card.",
    "00801014": "Sdk Path has been changed.",
    "00801015": "No local emulator found.",
    "00801016": "Can't find device，may be Hdc is not normal running.",
    "00801017": "The x86_64 ABI type is missing. Make sure it is configured for all .so files in "
    "the HAPs/HSPs.",
    "00801018": "The emulator RAM is insufficient.",
    "00801019": "Failed to verify the image file.",
    "00801020": "Failed to start the Emulator. It does not work with Windows on Arm.",
    "00802001": "ErrorType: Emulator Freeze.",
    "00802002": "ErrorType: Emulator Graphic Hung.",
    "00802003": "ErrorType: Emulator Crash.",
}


@pytest.mark.parametrize("code", sorted(EMULATOR_MESSAGES))
def test_every_documented_emulator_message_names_its_code(code: str) -> None:
    f = assert_found(EMULATOR_MESSAGES[code])
    assert code in (f.meaning or ""), (code, f.meaning)


def test_the_table_holds_every_documented_emulator_code() -> None:
    assert {c for c, *_rest in EMULATOR_CODES} == set(EMULATOR_MESSAGES)


def test_the_hap_size_limit_says_split() -> None:
    # faqs-ability-13
    f = assert_found(real_log("bm/faq-ability13-size-too-large.log"))
    assert f.kind == "install" and "split" in f.fix and "9568272" in f.fix
    # bm's own words for it (bm-tool.md, 9568272)
    g = assert_found(
        "error: failed to install bundle.\ncode:9568272\nerror: install invalid hap size."
    )
    assert g.code == "9568272" and "split" in g.fix
    # another old name is no size limit
    h = assert_found("Failure[INSTALL_FAILED_INVALID_BUNDLE_FILE]")
    assert "size" not in (h.meaning or "")


def test_hdcs_file_errors_name_the_device_path() -> None:
    # mediatool.md / hdc.md, E005005 into the media library
    f = assert_found(real_log("hdc/mediatool-e005005-create-directory.log"))
    assert f.code == "E005005" and f.location == "/mnt/data/100/media_fuse/Photo/相机//新建目录"
    assert "existing album" in f.fix and "write permission" in f.fix
    # hdc.md's other wordings naming a path
    g = assert_found(
        "[Fail]Error opening file: no such file or directory, path:/data/local/tmp/a.txt"
    )
    assert g.location == "/data/local/tmp/a.txt"
    r = "[Fail][E005102] Remote path: ../x is invalid, no such file/directory or it's out of the "
    r += "application directory."
    assert assert_found(r).location == "../x"
    # a file error without a path names none
    assert assert_found("[Fail][E005005] Error create directory").location is None


def test_hdcs_docker_line_decides_over_connect_server_failed() -> None:
    # faqs-performance-analysis-kit-66
    f = assert_found(real_log("hdc/faq-pak66-docker-usb-ctx-nullptr.log"))
    assert "/dev/bus/usb" in f.fix and "3.1.0e" in f.fix


def test_hmdesks_own_hdc_runs_read_the_docker_line_first() -> None:
    # faqs-performance-analysis-kit-66, as hdc prints it to the console
    o = classify_fail(real_log("hdc/faq-pak66-docker-usb-ctx-nullptr.log"))
    assert o is not None and o.kind == "server" and "--privileged" in (o.fix or "")


def test_an_empty_target_list_names_the_faqs_usb_remedies() -> None:
    # faqs-performance-analysis-kit-32
    f = assert_found(real_log("hdc/faq-pak32-list-targets-empty.log"))
    assert "zadig" in f.fix and "lsusb" in f.fix and "USB cable" in f.fix


def test_a_bare_page_word_is_no_launch_failure() -> None:
    assert diagnose("Load Page: pages/Index") is None
