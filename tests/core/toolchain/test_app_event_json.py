"""HiAppEvent's event dumped as one JSON (the ArkTS watcher guides) read as its params a line
each (the C guides' form), so the fault log's reader and the event rows read it
(:mod:`hmdesk.core.toolchain.app_event_json`)."""

from __future__ import annotations

from hmdesk.core.toolchain.app_event_json import as_params
from hmdesk.core.toolchain.doctor import diagnose

CRASH = (
    'HiAppEvent eventInfo={"domain":"OS","name":"APP_CRASH","eventType":1,"params":{'
    '"crash_type":"JsError","exception":{"message":"Cannot read property c of undefined",'
    '"name":"TypeError","stack":"at onPageShow (entry/src/main/ets/pages/Index.ets:25:18)"},'
    '"pid":1234}}'
)


def test_the_json_is_kept_and_its_params_follow_a_line_each():
    lines = as_params(CRASH).splitlines()
    assert lines[0] == CRASH
    assert "HiAppEvent eventInfo.name=APP_CRASH" in lines
    assert "HiAppEvent eventInfo.params.crash_type=JsError" in lines
    assert any(ln.startswith("HiAppEvent eventInfo.params.exception={") for ln in lines)


def test_text_without_an_event_or_with_broken_json_is_unchanged():
    for text in ("HiAppEvent eventInfo={not json}", "eventInfo={}", "a build log"):
        assert as_params(text) == text


def test_the_doctor_reads_a_json_crash_and_a_json_sanitizer_event():
    crash = diagnose(CRASH)
    assert crash is not None and crash.kind == "crash"
    assert crash.location == "entry/src/main/ets/pages/Index.ets:25:18"
    asan = diagnose(
        'HiAppEvent eventInfo={"domain":"OS","name":"ADDRESS_SANITIZER","eventType":1,'
        '"params":{"type":"heap-buffer-overflow","pid":1234}}'
    )
    assert asan is not None and asan.kind == "crash" and asan.code == "heap-buffer-overflow"
