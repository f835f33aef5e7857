"""What held-out batch AA (2026-12-07, its logs named ``a1-`` (builds) and ``a2-`` (installs,
launches and the device's logs); an app developer's logs only, scored blind on c5e058c5, then
folded in) taught: five general readings, each checked on the batch's log and on another form
(issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.page_text import as_printed

from tests.fixtures.real_logs import assert_found, real_log


def test_a_media_players_error_callback_labels_its_message_without_a_colon() -> None:
    # AVPlayer's OnErrorCb prints ``errorCode N, errorMsg …``: a BusinessError's two fields
    f = assert_found(real_log("hilog/a2-faq-audio-29-avplayer-5400102-released-state.log"))
    assert f.code == "5400102" and "state machine" in f.fix
    other = assert_found(
        "OnErrorCb:errorCode 5400103, errorMsg IO Error: failed to read the source\n"
    )
    assert other.code == "5400103"
    # a number that is no kit's code stays unread
    assert diagnose("OnErrorCb:errorCode 42, errorMsg Operate Not Permit\n") is None


def test_a_capturer_that_could_not_be_created_lacks_the_microphone() -> None:
    f = assert_found(real_log("hilog/a2-faq-audio-58-audiocapturer-6800301-no-mic-permission.log"))
    assert f.code == "6800301" and "ohos.permission.MICROPHONE" in f.fix
    # the same code from a renderer is the page's general system error
    other = assert_found(
        "01-01 10:00:00.000  100  100 E A03D00/JSAPP: Invoke createAudioRenderer failed, "
        "code is 6800301, message is system error\n"
    )
    assert other.code == "6800301" and "MICROPHONE" not in other.fix


def test_the_systems_own_kill_event_is_read_by_its_reason() -> None:
    swap = assert_found(real_log("hilog/a2-faq-appgallery-1-killed-swap-full.log"))
    assert swap.kind == "hilog" and not swap.certain and "swap" in swap.meaning
    audio = assert_found(
        real_log("hilog/a2-faq-stability-39-killed-illegal-audio-capturer-background.log")
    )
    assert audio.certain and "audioRecording" in audio.fix
    # a leak as the stability FAQ's table writes it: ``ResourceLeak:Fd Leak``
    leak = assert_found(
        "04-24 20:51:29.264 998 2232 W C01713/resource_schedule_service/SUSPEND_MANAGER: "
        "send event [FRAMEWORK,PROCESS_KILL], pid=1, processName=com.example.a, "
        "msg=Kill Reason:ResourceLeak:Fd Leak, foreground=0\n"
    )
    assert "file descriptors" in leak.meaning and "close" in leak.fix.lower()


def test_a_note_that_wraps_a_message_after_a_comma_is_read_as_one_line() -> None:
    f = assert_found(real_log("arkts/a1-arkui-demo-entry-root-must-be-container.log"))
    assert f.kind == "arkts-source" and "container" in f.fix
    assert as_printed("one root node,\nwhich must be") == "one root node, which must be"
    # a line that ends a list item or a log line's field is not joined
    assert as_printed("a,\nError: b") == "a,\nError: b"
    assert as_printed('"x": 1,\n  "y": 2') == '"x": 1,\n  "y": 2'


def test_a_debug_app_on_a_device_not_in_developer_mode() -> None:
    f = assert_found(real_log("aa/a2-board-notes-debug-app-non-developer-mode.log"))
    assert f.kind == "launch" and "developer mode" in f.fix


def test_the_bundle_name_rule_deveco_prints_alone() -> None:
    f = assert_found(
        real_log("signing/a1-faq-signature-21-bundle-name-empty-app-json5-ignored.log")
    )
    assert f.kind == "config" and "app.json5" in f.fix and "bundleName" in f.fix
