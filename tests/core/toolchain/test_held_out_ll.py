"""What held-out batch LL (2026-12-08, seventh session; its logs named ``l1-`` and ``l2-``
(SegmentFault Q&A threads) and ``l3-`` (developers' blogs), device-side logs only; scored blind
on 086b1bd4, then folded in) taught (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found, real_log


def test_a_code_no_page_documents_is_carried_with_its_message() -> None:
    iap = assert_found(real_log("hilog/l3-iap-1001860001-not-ship-confirm.log"))
    assert iap.kind == "hilog" and iap.code == "1001860001" and not iap.certain
    assert "IAP_RESPONSE_RESULT_NOT_SHIP_CONFIRM" in iap.fix  # the error's own words
    account = assert_found(real_log("hilog/l3-account-1001500001-fingerprint.log"))
    assert account.code == "1001500001" and "fingerprint" in account.fix
    for name in (
        "hilog/l3-push-gettoken-1000900010.log",  # {"code":1000900010}
        "hilog/l3-push-gettoken-catch-1000900010.log",  # catch error: N
        "hilog/l3-account-1001502014-no-scope.log",  # N: message
        "hilog/l2-push-token-napi-1000900009.log",  # [Error(N), …
    ):
        assert assert_found(real_log(name)).code in ("1000900010", "1001502014", "1000900009")
    # a number of an OpenHarmony kit's length that no page has is no such code
    assert diagnose("getList failed, code: 12345678\n") is None


def test_codes_pasted_with_their_words_in_other_orders() -> None:
    dash = assert_found(real_log("hilog/l2-connection-getallnets-201.log"))  # 201 - Permission …
    assert dash.code == "201" and "usedScene" in dash.fix
    escaped = assert_found(real_log("hilog/l2-axios-mutual-tls-2300060.log"))  # {\"code\":…}
    assert escaped.kind == "network" and escaped.code == "2300060"
    after = assert_found(real_log("hilog/l2-har-resource-id-9001001.log"))  # title, then code
    assert after.code == "9001001"
    case = assert_found(real_log("hilog/l2-avplayer-setsourcefd-5400102.log"))
    assert case.code == "5400102" and "fd://" in case.fix  # the kit's case words
    failed = assert_found(real_log("hilog/l2-photoaccess-getassets-13900012.log"))
    assert failed.code == "13900012" and "PhotoViewPicker" in failed.fix


def test_the_runtime_messages_of_dynamic_imports_as_pasted() -> None:
    for name in (
        "jscrash/l1-dynamic-import-routermodule-runtimeonly.log",  # no quotes
        "jscrash/l1-dynamic-import-hsp-runtimeonly.log",  # ’…’
        "hilog/l1-dynamic-import-variable-bmodulelib.log",  # Cannot find module … imported from
    ):
        f = assert_found(real_log(name))
        assert f.kind == "crash" and "runtimeOnly" in f.fix, name


def test_a_labelled_fault_key_after_a_tag_and_a_bracketed_note() -> None:
    f = assert_found(real_log("hilog/l1-routerconstant-not-initialized.log"))
    assert f.kind == "crash" and "circular" in f.fix


def test_kits_own_messages_quoted_alone() -> None:
    ui = assert_found(real_log("hilog/l1-showtoast-ui-context-not-found.log"))
    assert ui.kind == "crash" and "getUIContext" in ui.fix
    media = assert_found(real_log("hilog/l2-photoaccess-createasset-no-permission.log"))
    assert media.kind == "permission" and "WRITE_IMAGEVIDEO" in media.fix
    upload = assert_found(real_log("hilog/l2-uploadfile-user-file-401.log"))
    assert upload.kind == "hilog" and "request.agent.create" in upload.fix
    mixed = assert_found(real_log("hilog/l2-arkweb-mixed-content.log"))
    assert "mixedMode" in mixed.fix
    cors = assert_found(real_log("hilog/l2-web-cors-file-origin.log"))
    assert "setPathAllowingUniversalAccess" in cors.fix


def test_a_runtime_message_alone_is_read_last() -> None:
    setter = assert_found(real_log("jscrash/l1-setter-undefined-aboutToReuse.log"))
    assert setter.kind == "crash" and not setter.certain and "setter" in setter.fix
    # a catalogue message that another reading knows keeps that reading (the native FAQ's)
    obj = assert_found(
        real_log("jscrash/q2-ohdocs-faqs-native-obj-not-valid-object-abifilters.log")
    )
    assert "abiFilters" in obj.fix
