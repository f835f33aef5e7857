"""The live detector: each crash type from hilog lines, repeats grouped, fault logs merged,
a crash in a flood of lines, other apps ignored, crash ids per line."""

from __future__ import annotations

from hmdesk.core.toolchain.crash.detect import CrashDetector, detect_all
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog
from hmdesk.core.toolchain.crash.model import CPP, FREEZE, JS
from hmdesk.core.toolchain.hilog.parse import HilogParser
from hypothesis import given
from hypothesis import strategies as st

from tests.fixtures.fakes import hdc_crash

FILLER = "12-01 16:00:00.{ms:03d}  5394  5394 I A03200/testTag: frame {i} rendered"


def _lines(texts: list[str]) -> list:
    return HilogParser().feed(texts)


def test_js_crash_from_appkit_lines() -> None:
    book = detect_all(_lines(hdc_crash.js_lines(5394, "00:01.579")))
    (g,) = book.groups()
    c = g.crash
    assert (c.type, c.bundle, c.pid, c.time) == (
        JS,
        "com.example.hello",
        5394,
        "12-01 16:00:01.579",
    )
    assert (c.reason, c.name) == ("TypeError", "TypeError")
    assert c.message == "Cannot read property message of undefined"
    assert [(f.symbol, f.line, f.column) for f in c.frames] == [
        ("build", 8, 12),
        ("anonymous", 20, 5),
    ]
    assert c.frames[0].source == "entry/src/main/ets/pages/Index.ets"
    assert g.count == 1


def test_cpp_crash_from_signal_handler_lines() -> None:
    (g,) = detect_all(_lines(hdc_crash.cpp_lines(777, "01:01.000"))).groups()
    assert (g.crash.type, g.crash.bundle, g.crash.pid) == (CPP, "com.example.hello", 777)
    assert (g.crash.reason, g.crash.name, g.crash.error_class) == (
        "Signal:SIGSEGV",
        "SIGSEGV",
        "SIGSEGV",
    )


def test_current_signal_handler_wording() -> None:
    texts = [
        "12-01 16:01:01.000  900  900 I C02d11/DfxSignalHandler: DFX_SignalHandler :: signo(6), si_code(-6), pid(900), tid(901).",
        "12-01 16:01:01.000  900  900 I C02d11/DfxSignalHandler: DFX_SignalHandler :: signo(6), pid(900), processName(/system/bin/foo), threadName(foo).",
    ]
    (g,) = detect_all(_lines(texts)).groups()
    assert (g.crash.name, g.crash.bundle, g.crash.pid) == ("SIGABRT", "foo", 900)


def test_freeze_from_appdfr_and_appms_lines_not_the_3s_warning() -> None:
    (g,) = detect_all(_lines(hdc_crash.freeze_lines(5394, "02:01.579"))).groups()
    c = g.crash
    assert (c.type, c.reason, c.bundle, c.pid) == (
        FREEZE,
        "THREAD_BLOCK_6S",
        "com.example.hello",
        5394,
    )
    assert g.count == 1  # the AppMS exit line is the same freeze, not a second one
    warn_only = hdc_crash.freeze_lines(5394, "02:01.579")[:1]
    assert detect_all(_lines(warn_only)).groups() == []


def test_two_crashes_of_the_same_fault_group_across_a_relaunch() -> None:
    texts = (
        hdc_crash.js_lines(5394, "00:01.579")
        + hdc_crash.relaunch_lines(5501, "03:00.100")
        + hdc_crash.js_lines(5501, "04:01.579")
    )
    (g,) = detect_all(_lines(texts)).groups()
    assert g.count == 2 and g.pids == [5394, 5501]
    assert g.crash.pid == 5501 and g.first_time == "12-01 16:00:01.579"


def test_crash_in_a_flood_of_lines_fed_in_batches() -> None:
    crash = hdc_crash.js_lines(5394, "00:01.579")
    texts = [FILLER.format(ms=i % 1000, i=i) for i in range(30_000)]
    texts[15_000:15_000] = crash
    det = CrashDetector()
    found = []
    parser = HilogParser()
    for i in range(0, len(texts), 997):  # batches cut through the crash block
        found += det.feed(parser.feed(texts[i : i + 997]), now=0.0)
    found += det.flush()
    assert len(det.book.groups()) == 1
    assert det.book.groups()[0].crash.message == "Cannot read property message of undefined"
    assert found and found[-1].count == 1


def test_open_crash_is_reported_after_idle_time() -> None:
    det = CrashDetector()
    lines = _lines(hdc_crash.js_lines(5394, "00:01.579")[:-1])  # no closing PROCESS_KILL line
    assert det.feed(lines, now=10.0) == []
    assert det.flush(0.5, now=10.2) == []
    (g,) = det.flush(0.5, now=11.0)
    assert g.crash.name == "TypeError"


def test_other_apps_are_ignored_when_a_bundle_is_set() -> None:
    other = [
        t.replace("com.example.hello", "com.other.app") for t in hdc_crash.js_lines(1, "00:01.000")
    ]
    det = CrashDetector(bundle="com.example.hello")
    det.feed(_lines(other + hdc_crash.js_lines(2, "00:02.000")))
    det.flush()
    assert [g.crash.bundle for g in det.book.groups()] == ["com.example.hello"]
    assert det.ignored == 1


def test_fault_log_merges_into_the_hilog_crash_and_names_its_file() -> None:
    det = CrashDetector()
    lines, files = hdc_crash.scenario({"crash-cpp"})
    det.feed(_lines(lines))
    det.flush()
    (name,) = files
    assert det.faultlogs == [name]
    assert det.book.groups()[0].crash.faultlog == name
    det.book.merge(parse_faultlog(files[name], name))
    (g,) = det.book.groups()
    assert g.count == 1 and g.crash.origin == "hilog+faultlog"
    assert g.crash.frames[0].symbol == "Add(napi_env__*, napi_callback_info__*)"
    assert "NULL pointer" in g.crash.reason
    det.book.merge(parse_faultlog(files[name], name))  # fetched twice: nothing new
    assert det.book.groups()[0].count == 1


def test_crash_ids_per_hilog_line() -> None:
    texts = hdc_crash.js_lines(5394, "00:01.579")
    book = detect_all(_lines([*texts, FILLER.format(ms=1, i=1)]))
    gid = book.groups()[0].id
    assert book.crash_id_of(texts[2]) == gid
    assert book.crash_id_of(FILLER.format(ms=1, i=1)) is None


def test_non_crash_batch_returns_nothing() -> None:
    det = CrashDetector()
    assert det.feed(_lines([FILLER.format(ms=i, i=i) for i in range(100)])) == []
    assert det.feed([]) == []


_TAGS = [
    "C01317/AppKit",
    "C02d11/DfxSignalHandler",
    "C01310/AppDfr",
    "C01311/AppMS",
    "C02d11/FaultLogManager",
]
_PIECES = [
    "com.x is about to exit due to RuntimeError",
    "Error name:",
    "Error message:",
    "Stacktrace:",
    "    at f (a|b|c|src/main/ets/x.ts:1:2)",
    "sig(11), pid(1), tid(1).",
    "signo(99), si_code(-1), pid(2), tid(2).",
    "pid(1), processName(), threadName(x).",
    "Finish handle signal(11) in 1:1.",
    "reportEvent:THREAD_BLOCK_6S, pid:1, tid:1, bundleName:",
    "faultData: ,pid: 1 will exit because APP_FREEZE",
    "create log jscrash-a-1-2.log",
    "send event [FRAMEWORK,PROCESS_KILL]",
]


@given(
    st.lists(
        st.tuples(
            st.sampled_from(_TAGS),
            st.integers(min_value=0, max_value=3),
            st.one_of(st.sampled_from(_PIECES), st.text(max_size=60)),
        ),
        max_size=40,
    )
)
def test_any_watched_lines_never_raise(rows: list[tuple[str, int, str]]) -> None:
    texts = [f"12-01 16:00:00.000  {pid:4d}  {pid:4d} E {tag}: {msg}" for tag, pid, msg in rows]
    det = CrashDetector("com.x")
    det.feed(_lines(texts))
    assert all(g.count >= 1 for g in det.flush())


def test_merge_keeps_the_group_id_or_retires_the_group() -> None:
    lines, files = hdc_crash.scenario({"crash-cpp"})
    det = CrashDetector()
    det.feed(_lines(lines))
    det.flush()
    (before,) = det.book.groups()
    ((name, text),) = files.items()
    after = det.book.merge(parse_faultlog(text, name))
    assert after.id == before.id and after.count == 1 and after.pids == [5394]
    assert after.crash.frames and not after.retired
    # the same fault again: its hilog crash joins the first group once its fault log arrives
    det.feed(_lines(hdc_crash.cpp_lines(6000, "05:00.000")))
    det.flush()
    lone = next(g for g in det.book.groups() if g.id != before.id)
    joined = det.book.merge(parse_faultlog(hdc_crash.cpp_file(6000, "t")))
    assert joined.id == before.id and joined.count == 2 and lone.retired
    assert [g.id for g in det.book.groups()] == [before.id]


def test_the_same_crash_read_again_is_one_occurrence_not_a_repeat() -> None:
    """By content, pid and time, never by arrival: the crash lines of one crash fed twice (a
    hilog buffer printed again, a log opened twice) count once; a relaunch's crash counts."""
    det = CrashDetector()
    once = hdc_crash.js_lines(5394, "00:01.579")
    det.feed(_lines(once))
    det.feed(_lines(once))
    det.flush()
    (g,) = det.book.groups()
    assert g.count == 1 and g.pids == [5394] and len(g.occurrences) == 1
    det.feed(_lines(hdc_crash.js_lines(5501, "03:01.579")))
    det.flush()
    (g,) = det.book.groups()
    assert g.count == 2 and g.pids == [5394, 5501]
