"""What held-out batch EE (2026-12-07, its logs named ``e1-`` (failing builds from committed
hvigor debug logs) and ``e2-`` (the device's logs of the FAQ's camera, database, ArkUI and
debugging pages); scored blind on a2ba49b2, then folded in) taught: general readings, each
checked on the batch's log and on another form (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.log_subject import subject_of

from tests.fixtures.real_logs import assert_found, real_log


def test_a_business_error_printed_as_json_in_a_multi_line_log() -> None:
    # ``err: {"code":"7400102","message":""}`` below other lines: the message label is looked
    # for in the code's own line (it was looked for at the code's offset in the whole text)
    f = assert_found(real_log("hilog/e2-camera-double-capture.log"))
    assert f.code == "7400102"
    # an IPC object's ``proxy:3130119360`` is no HTTP proxy
    assert subject_of("SendRequest failed, error:13 desc:IStreamCapture proxy:3130119360") is None
    assert subject_of("Error: connect ETIMEDOUT through the proxy") is not None


def test_the_stability_tests_fd_report() -> None:
    f = assert_found(real_log("hilog/e2-rdb-fd-leak.log"))
    assert f.code == "FD_LEAK" and "RdbStore" in f.fix
    # a "top10:" without the report's head is no leak
    assert (assert_found("ERROR: top10:\n12 /data/a\nfailed\n").code or "") != "FD_LEAK"


def test_a_name_in_chinese_is_a_note_typed_as_code() -> None:
    f = assert_found(real_log("arkts/e1-tomato-uncommented-note.log"))
    assert "comment marker" in f.fix
    other = assert_found(
        "ArkTS:ERROR File: /p/entry/src/main/ets/pages/Index.ets:12:5\n Cannot find name 'count'.\n"
    )
    assert "comment marker" not in other.fix
