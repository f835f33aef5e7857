"""What held-out batch Y (2026-12-07, its logs named ``y1-``…; not the earlier batch Y of
``test_doctor_heldout_y_tools.py``; scored blind after batch X's rules, then folded in) taught:
ArkUI's state management errors, each checked on the batch's log and on another code of the same
page (issue 27)."""

from __future__ import annotations

from tests.fixtures.real_logs import assert_found, real_log


def test_state_management_errors_read_by_their_messages() -> None:
    track = assert_found(real_log("jscrash/y2-statemgmt-140110-not-tracked-property-on-ui.log"))
    assert track.kind == "crash" and "@Track" in track.fix
    computed = assert_found(real_log("jscrash/y2-statemgmt-140001-flush-in-computed.log"))
    assert computed.kind == "crash" and "applySync" in computed.fix
    typed = assert_found(real_log("jscrash/y2-statemgmt-140103-storagev2-unsupported-type.log"))
    assert typed.kind == "crash" and "TypeConstructorWithArgs" in typed.fix
    # another code of the page, logged by the app with its code
    consume = assert_found(
        "05-12 10:00:00.000  1234  1234 E A0c0d0/JSAPP: BusinessError 140112: @Consume missing "
        "@Provide property with name count. Fail to resolve @Consume(count).\n"
    )
    assert consume.kind == "crash" and "@Provide" in consume.fix and consume.code == "140112"


def test_the_two_classes_the_collector_wrote_otherwise_keep_their_right_fix() -> None:
    # pinned in test_doctor_corpus: the doctor's class differs from the collector's, its fix is
    # the source's
    test = assert_found(
        real_log("hvigor/y2-localtest-00522001-function-not-registered-list-test.log")
    )
    assert "List.test.ets" in test.fix
    attach = assert_found(real_log("hdc/y2-native-debug-attach-request-timeout-etc-hosts.log"))
    assert "/etc/hosts" in attach.fix
