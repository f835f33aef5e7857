"""What held-out batch BB (2026-12-07, its logs named ``b1-`` (failing builds from hvigor debug
logs that app projects committed, each cause shown by the repository) and ``b2-`` (the device's
logs the stability FAQ quotes); scored blind on 8b20968d, then folded in) taught: general
readings, each checked on the batch's log and on another form (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.crash.faultlog import parse_faultlog
from hmdesk.core.toolchain.crash.location import own_location

from tests.fixtures.real_logs import assert_found, real_log


def test_the_systems_kill_line_is_a_hilog_finding_read_by_the_reason_it_documents() -> None:
    # the ability manager's ``Kill Reason:KillApplication`` comes first and only relays the
    # resource quota's ``Kill Reason:ResourceLeak:Ashmem Leak``
    leak = assert_found(real_log("hilog/b2-process-kill-ashmem-leak.log"))
    assert leak.kind == "hilog" and "ashmem" in leak.meaning and "PixelMap" in leak.fix
    audio = assert_found(real_log("hilog/b2-kill-illegal-audio-renderer.log"))
    assert audio.kind == "hilog" and audio.certain and "audioPlayback" in audio.fix


def test_restool_meeting_a_file_where_only_folders_may_be() -> None:
    f = assert_found(real_log("config/b1-idut-resource-file-in-root.log"))
    assert f.kind == "config" and f.location is not None and f.location.endswith("self.jpg")
    assert "rawfile" in f.fix
    other = assert_found(
        "Error: '/home/u/app/entry/src/main/resources/base/notes.txt' not directory.\n"
    )
    assert other.kind == "config" and "notes.txt" in (other.location or "")


def test_a_json5_parse_error_with_its_place_on_the_next_line() -> None:
    f = assert_found(real_log("config/b1-wukongim-ohpackage-json5-char.log"))
    assert f.kind == "config" and f.location is not None
    assert f.location.endswith("oh-package.json5:12:21")
    # the place on the error's own line, as newer hvigors print it
    same = assert_found("> hvigor ERROR: JSON5: invalid character 'e' at 1:1\n")
    assert same.kind == "config" and "at 1:1" in same.fix


def test_a_freezes_place_is_the_apps_code_that_waited_not_how_it_waited() -> None:
    f = assert_found(real_log("appfreeze/b2-mutex-wait-sendprivatesync.log"))
    assert f.location is not None and "sendPrivateSync" in f.location
    # with no frame of the app's but the wait itself, the wait is the place
    crash = parse_faultlog(
        "Reason:THREAD_BLOCK_6S\nTid:1, Name:com.example.a\n"
        "#00 pc 00000000001bb294 /system/lib/ld-musl-aarch64.so.1(__timedwait_cp+192)\n"
        "#01 pc 0000000000b0e5d4 /data/storage/el1/bundle/libs/arm64/liba.so"
        "(std::__n1::condition_variable::wait(std::__n1::unique_lock<std::__n1::mutex>&)+20)\n"
    )
    assert "condition_variable::wait" in (own_location(crash) or "")


def test_an_input_freeze_pasted_from_its_message_and_a_frame_that_ran_too_long() -> None:
    # APP_INPUT_BLOCK's ``User input does not respond!`` with the event handler's dump: the
    # running vSyncTask is the UI's frame (measure, layout, draw)
    f = assert_found(real_log("appfreeze/b2-vsync-list-no-lazyforeach.log"))
    assert f.kind == "freeze" and "LazyForEach" in f.fix
    other = assert_found(
        "MSG = User input does not respond!\nmainHandler dump is:\n Current Running: start at "
        "2025-07-05 08:06:44.720, Event { send thread = 1, task name = uv_timer, caller = [] }\n"
    )
    assert other.kind == "freeze" and "LazyForEach" not in other.fix
