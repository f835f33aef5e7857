"""HiAppEvent's performance events as a watcher logs them (hiappevent-watcher guides)."""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hilog.perf_events import performance_event

# the power-detection guide's sample of the event, one JSON a line
CPU_HIGH = (
    'HiAppEvent eventInfo={"domain":"OS","name":"CPU_USAGE_HIGH","eventType":1,"params":'
    '{"begin_time":1765959898079,"bundle_name":"com.xpower.test","bundle_version":"1.0.0",'
    '"end_time":1765959958079,"external_log":["/data/storage/el2/log/hiappevent/'
    'CPU_USAGE_HIGH_1765959959260_0.log"],"fault_type":3,"foreground":true,'
    '"log_over_limit":false,"threads":[{"name":"WorkerThread","tid":29164,"usage":72}],'
    '"time":1765959959257,"usage":72}}'
)


def test_cpu_usage_high_names_the_threads_and_the_log() -> None:
    said = performance_event(CPU_HIGH)
    assert said is not None and said.kind == "freeze" and not said.certain
    assert "WorkerThread 72 %" in said.meaning and "in the foreground" in said.meaning
    assert "CPU_USAGE_HIGH_1765959959260_0.log" in said.fix
    found = diagnose(CPU_HIGH)
    assert found is not None and found.kind == "freeze" and not found.certain


def test_scroll_jank_param_lines() -> None:
    log = (
        "08-01 10:00:00.000  100  100 I A00000/testTag: HiAppEvent eventInfo.name=SCROLL_JANK\n"
        "08-01 10:00:00.000  100  100 I A00000/testTag: HiAppEvent eventInfo.params.external_log"
        '=["/data/storage/el2/log/hiappevent/SCROLL_JANK_1.trace"]'
    )
    said = performance_event(log)
    assert said is not None and "LazyForEach" in said.fix and "SCROLL_JANK_1.trace" in said.fix


def test_the_event_name_alone_outside_a_watchers_log_is_not_read() -> None:
    assert performance_event("constant CPU_USAGE_HIGH = 'CPU_USAGE_HIGH'") is None


def _killed(reason: str) -> str:
    return (
        "HiAppEvent eventInfo.domain=OS\nHiAppEvent eventInfo.name=APP_KILLED\n"
        f'HiAppEvent eventInfo.params.reason="{reason}"\nHiAppEvent eventInfo.params.foreground=false'
    )


def test_app_killed_for_a_leak_names_the_resource() -> None:
    found = diagnose(_killed("ResourceLeak(FDLeak)"))
    assert found is not None and found.kind == "crash" and found.certain
    assert "file descriptors" in (found.meaning or "") and "close" in found.fix.lower()
    json_event = (
        'HiAppEvent eventInfo={"domain":"OS","name":"APP_KILLED","eventType":1,"params":'
        '{"time":1,"reason":"ResourceLeak(ThreadLeak)","foreground":true}}'
    )
    said = performance_event(json_event)
    assert said is not None and "threads" in said.meaning


def test_app_killed_by_the_devices_state_is_no_fault_of_the_apps() -> None:
    said = performance_event(_killed("LowMemoryKill"))
    assert said is not None and not said.certain and "onBackground" in said.fix
    audio = performance_event(_killed("IllegalAudioRendererBySuspend"))
    assert audio is not None and "AUDIO_PLAYBACK" in audio.fix
    assert performance_event(_killed("SomethingNew")) is None
