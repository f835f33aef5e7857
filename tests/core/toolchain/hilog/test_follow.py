"""Following the app across restarts: pids learnt from its lines, the app manager's start and
death lines and ``pidof``; a ``package:mine`` query compiled before a restart matches after."""

from __future__ import annotations

from hmdesk.core.toolchain.hilog.follow import AppFollower
from hmdesk.core.toolchain.hilog.parse import parse_line, parse_lines
from hmdesk.core.toolchain.hilog.query import HilogQuery

BUNDLE = "com.example.tstest"

# old-format lines carry only a pid; NEXT lines carry the process name
OLD_APP_LINE = "07-18 20:29:50.100  3766  3766 I A00000/testTag: onPageShow"
NEXT_APP_LINE = "07-18 20:29:50.200  3766  3770 I A00000/com.example.tstest/testTag: loaded"
START = (
    "07-18 20:30:01.000   611  1300 I C01311/AppMS: [app_mgr_service_inner.cpp:3010]"
    "spawned pname_com.example.tstest, pid_4120, idx_0"
)
ATTACH = "07-18 20:30:01.050   611  1300 I C01311/AppMS: [app_mgr_service_inner.cpp:900]attach com.example.tstest pid:4120"
KILL = (
    "07-18 20:29:51.580  3766  3766 W C01317/AppKit: [main_thread.cpp:2029]hisysevent write result=0,"
    " send event [FRAMEWORK,PROCESS_KILL], pid=3766, processName=com.example.tstest,"
    " msg=Kill Reason:Js Error, foreground=1, isUncatchable=0"
)
FREEZE = (
    "07-18 20:31:00.000   611   700 W C01311/AppMS: [app_mgr_service_inner.cpp:5000]faultData: "
    "com.example.tstest,pid: 4120 will exit because APP_FREEZE"
)
OTHER_START = (
    "07-18 20:30:02.000   611  1300 I C01311/AppMS: [app_mgr_service_inner.cpp:3010]"
    "spawned pname_com.other.app, pid_5000, idx_0"
)
NEW_PID_LINE = "07-18 20:30:01.200  4120  4120 I A00000/testTag: onPageShow again"
SIGNAL = (
    "05-06 20:10:51.307  4120  4120 I C02d11/DfxSignalHandler: DFX_SigchainHandler :: sig(11),"
    " pid(4120), processName(com.example.tstest), threadName(tstest)."
)


def test_pids_from_the_apps_own_lines_and_a_relaunch_from_the_app_manager() -> None:
    f = AppFollower(BUNDLE)
    events = f.observe(parse_lines([OLD_APP_LINE, NEXT_APP_LINE]))
    assert [(e.kind, e.span.pid, e.span.source) for e in events] == [("started", 3766, "process")]
    assert f.pids == {3766} and f.current_pid == 3766
    events = f.observe(parse_lines([KILL, OTHER_START, START, ATTACH, NEW_PID_LINE]))
    assert [(e.kind, e.span.pid) for e in events] == [("ended", 3766), ("started", 4120)]
    assert events[0].span.reason == "Kill Reason:Js Error"
    assert events[1].previous == 3766 and events[1].span.source == "start"
    assert f.pids == {3766, 4120} and f.current_pid == 4120  # the other app is not followed
    assert "3766 (ended) → 4120" in f.describe()


def test_freeze_and_signal_lines_end_the_process_once() -> None:
    f = AppFollower(BUNDLE)
    f.add_pid(4120, "pidof")
    (ended,) = f.observe(parse_lines([FREEZE]))
    assert ended.kind == "ended" and ended.span.reason == "APP_FREEZE"
    assert f.observe(parse_lines([SIGNAL])) == []  # already ended
    g = AppFollower(BUNDLE)
    (crash,) = g.observe(parse_lines([SIGNAL]))
    assert crash.kind == "ended" and crash.span.pid == 4120 and 4120 in g.pids
    assert g.current_pid is None


def test_pidof_and_launch_pids_are_recorded_once() -> None:
    f = AppFollower(BUNDLE)
    first = f.add_pid(4120, "pidof")
    assert first is not None and first.previous is None
    assert f.add_pid(4120, "pidof") is None
    assert f.add_pid(0, "pidof") is None  # never a pid
    assert [s.pid for s in f.spans] == [4120]


def test_a_mine_query_compiled_before_the_restart_matches_the_new_pid() -> None:
    f = AppFollower(BUNDLE)
    q = HilogQuery.parse("package:mine", bundle=BUNDLE, pids=f.pids)
    new_line = parse_line(NEW_PID_LINE)
    assert not q.matches(new_line)
    f.observe(parse_lines([START]))
    assert q.matches(new_line)  # the live set: no recompile needed
    frozen = HilogQuery.parse("package:mine", bundle=BUNDLE, pids=list(f.pids))
    f.add_pid(9999, "pidof")
    assert not frozen.matches(parse_line(NEW_PID_LINE.replace("4120  4120", "9999  9999")))


def test_unrelated_and_malformed_lines_teach_nothing() -> None:
    f = AppFollower(BUNDLE)
    junk = [
        "garbage",
        "07-18 20:30:01.000   611  1300 I C01311/AppMS: spawned pname_, pid_x",
        "07-18 20:30:01.000   611  1300 I C01311/AppMS: attach com.example.tstestX pid:77",
        OTHER_START,
    ]
    assert f.observe(parse_lines(junk)) == [] and f.pids == set()
    assert "no process seen yet" in f.describe()
