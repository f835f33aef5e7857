"""The hilog view: bursts, query bar (fallback note, completion), pause, follow tail, export."""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from hmdesk.core.toolchain.hilog.parse import parse_line
from hmdesk.gui.runs.hilog.view import HilogView, compile_query, completions

MINE = "11-29 20:00:{s:02d}.{ms:03d}  5394  5394 I A03200/com.example.hello/testTag: frame {i}"
OTHER = "11-29 20:00:{s:02d}.{ms:03d}  1197  1210 E C01406/render_service/OHOS::RS: vsync {i}"


def make(n: int, start: int = 0) -> list:
    return [
        parse_line((OTHER if i % 4 == 0 else MINE).format(s=i // 1000 % 60, ms=i % 1000, i=i))
        for i in range(start, start + n)
    ]


@pytest.fixture
def view(qtbot):
    v = HilogView(capacity=20_000)
    qtbot.addWidget(v)
    v.resize(1000, 500)
    v.show()
    yield v
    v.shutdown()


def test_burst_of_lines_is_bounded_and_counted(qtbot, view):
    for k in range(10):  # 50,000 lines in ten bursts, faster than the ticks
        view.push_lines(make(5000, k * 5000))
    qtbot.waitUntil(lambda: view.model.received == 50_000, timeout=10_000)
    assert view.model.shown == 20_000
    assert view.dropped == 30_000
    assert view.model.shown + view.dropped == 50_000
    assert "30,000 dropped by hmdesk" in view.stats.text()
    # it followed the tail: the newest line is visible
    last = view.model.index(view.model.rowCount() - 1, 7)
    assert view.table.visualRect(last).isValid()
    assert view.table.viewport().rect().intersects(view.table.visualRect(last))


def test_follow_tail_only_at_bottom(qtbot, view):
    view.push_lines(make(2000))
    qtbot.waitUntil(lambda: view.model.shown == 2000)
    bar = view.table.verticalScrollBar()
    qtbot.waitUntil(lambda: bar.value() == bar.maximum())
    bar.setValue(10)  # the user scrolled up to read
    view.push_lines(make(500, 2000))
    qtbot.waitUntil(lambda: view.model.shown == 2500)
    assert bar.value() == 10
    bar.setValue(bar.maximum())
    view.push_lines(make(500, 2500))
    qtbot.waitUntil(lambda: view.model.shown == 3000)
    qtbot.waitUntil(lambda: bar.value() == bar.maximum())


def test_query_filters_and_fallback_note(qtbot, view):
    view.push_lines(make(4000))
    qtbot.waitUntil(lambda: view.model.shown == 4000)
    view.query.setText("level:E")
    view.apply_query()
    qtbot.waitUntil(lambda: view.model.caught_up)
    assert view.model.shown == 1000
    assert view.note.isHidden()
    view.query.setText('tag:"unbalanced')
    view.apply_query()
    qtbot.waitUntil(lambda: view.model.caught_up)
    assert view.note.isVisible() and "plain text" in view.note.text()
    view.query.setText("")
    view.apply_query()
    qtbot.waitUntil(lambda: view.model.shown == 4000)


def test_only_my_app(qtbot, view):
    view.push_lines(make(400))
    qtbot.waitUntil(lambda: view.model.shown == 400)
    assert not view.only_mine.isEnabled()
    view.set_bundle("com.example.hello")
    view.only_mine.setChecked(True)
    qtbot.waitUntil(lambda: view.model.caught_up and view.model.shown == 300)
    assert all(view.model.line_at(r).process == "com.example.hello" for r in range(300))


@pytest.mark.qt_log_ignore("This plugin does not support")
def test_completion_offers_keys_and_seen_tags(qtbot, view):
    view.push_lines(make(10))
    qtbot.waitUntil(lambda: view.model.shown == 10)
    assert {"testTag", "OHOS::RS"} <= view.seen_tags
    assert "tag:" in completions("ta", view._tags, view._procs)
    assert "tag:testTag" in completions("tag:te", view._tags, view._procs)
    qtbot.keyClicks(view.query, "tag:te")
    assert "tag:testTag" in view.query.words.stringList()


def test_pause_holds_lines_and_resume_catches_up(qtbot, view):
    view.push_lines(make(100))
    qtbot.waitUntil(lambda: view.model.shown == 100)
    view.pause_button.click()
    assert view.paused and view.pause_button.text() == "Resume"
    view.push_lines(make(50, 100))
    qtbot.waitUntil(lambda: "PAUSED (50 waiting)" in view.stats.text())
    assert view.model.shown == 100
    view.pause_button.click()
    qtbot.waitUntil(lambda: view.model.shown == 150)


def test_clear_view_and_export(qtbot, view, tmp_path):
    view.push_lines(make(1000))
    qtbot.waitUntil(lambda: view.model.shown == 1000)
    view.query.setText("level:E")
    view.apply_query()
    qtbot.waitUntil(lambda: view.model.caught_up)
    with qtbot.waitSignal(view.export_done) as all_sig:
        view.export(tmp_path / "all.log", filtered=False)
    with qtbot.waitSignal(view.export_done) as filt_sig:
        view.export(tmp_path / "errors.log", filtered=True)
    assert all_sig.args[1] == 1000 and filt_sig.args[1] == 250
    errors = (tmp_path / "errors.log").read_text().splitlines()
    assert len(errors) == 250 and all(" E C01406/" in ln for ln in errors)
    assert (tmp_path / "all.log").read_text().splitlines()[1] == make(2)[1].raw
    view.clear_view()
    assert view.model.shown == 0


def test_export_dialog_seam(qtbot, view, tmp_path, monkeypatch):
    view.push_lines(make(10))
    qtbot.waitUntil(lambda: view.model.shown == 10)
    monkeypatch.setattr(view, "ask_export_path", lambda filtered: str(tmp_path / "x.log"))
    with qtbot.waitSignal(view.export_done):
        view.export_filtered_action.trigger()
    assert len((tmp_path / "x.log").read_text().splitlines()) == 10


def test_compile_query_only_mine_without_text():
    pred, note = compile_query("", "com.example.hello", True)
    assert note is None and pred is not None
    assert pred(make(2)[1]) and not pred(make(1)[0])
    assert compile_query("")[0] is None


def test_painted_cells_do_not_leak_roles(qtbot, view):
    """multiData: alignment/font of one cell must not carry over to the next (span reuse)."""
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QStyleOptionViewItem

    view.push_lines(make(8))
    qtbot.waitUntil(lambda: view.model.shown == 8)
    delegate = view.table.itemDelegate()
    model = view.model

    def option(row, col):
        opt = QStyleOptionViewItem()
        delegate.initStyleOption(opt, model.index(row, col))
        return opt

    pid_err = option(0, 1)  # an error line's pid: right-aligned, bold
    assert pid_err.displayAlignment & Qt.AlignmentFlag.AlignRight
    assert pid_err.font.bold() and pid_err.text == "1197"
    tag_info = option(1, 6)  # an info line's tag: left-aligned, regular
    assert not tag_info.displayAlignment & Qt.AlignmentFlag.AlignRight
    assert not tag_info.font.bold() and tag_info.text == "testTag"


LOGLIMIT = "04-19 17:02:15.001  5394  5394 W A00000/LOGLIMIT: ==LOGS OVER PROC QUOTA, 12 DROPPED=="
LOGLIMITD = "04-19 17:02:34.219   512   530 W C00000/LOGLIMITD: 57 line(s) dropped!"


def test_lines_the_device_lost_are_counted_visibly(qtbot, view):
    view.push_lines([*make(5), parse_line(LOGLIMIT), parse_line(LOGLIMITD), *make(5, 5)])
    qtbot.waitUntil(lambda: view.model.received == 12)
    assert view.device_dropped == 69
    assert "69 lines lost on the device (hilog buffer) · 0 dropped by hmdesk" in view.stats.text()
    assert view.dropped == 0  # the device's losses never reached us: not in shown + dropped
    assert "LOGLIMIT" in view.stats.toolTip()
    # pause and resume: the held marker is counted once
    view.set_paused(True)
    view.push_lines([parse_line(LOGLIMIT)])
    qtbot.waitUntil(lambda: "PAUSED (1 waiting)" in view.stats.text())
    view.set_paused(False)
    qtbot.waitUntil(lambda: view.model.received == 13)
    assert view.device_dropped == 81 and "81 lines lost on the device" in view.stats.text()


class CountingFeed:
    """A feed whose counters move while it streams (like HilogFeed over a live hdc)."""

    def __init__(self) -> None:
        self.lines: list = []
        self.dropped = 0
        self.device_dropped = 0

    def drain(self) -> list:
        lines, self.lines = self.lines, []
        return lines


def test_feed_counters_show_each_tick_and_survive_a_new_feed(qtbot, view):
    feed = CountingFeed()
    view.set_feed(feed)
    feed.lines = make(10)
    feed.dropped, feed.device_dropped = 7, 12  # mid-stream: hdc has not ended
    qtbot.waitUntil(
        lambda: (
            "12 lines lost on the device (hilog buffer) · 7 dropped by hmdesk" in view.stats.text()
        )
    )
    assert view.dropped == 7 and view.reader_dropped == 7
    feed.dropped, feed.device_dropped = 9, 20
    qtbot.waitUntil(
        lambda: (
            "20 lines lost on the device (hilog buffer) · 9 dropped by hmdesk" in view.stats.text()
        )
    )
    # another device: the new stream counts from 0, the totals keep what the old one counted
    other = CountingFeed()
    view.set_feed(other)
    other.dropped, other.device_dropped = 1, 3
    qtbot.waitUntil(
        lambda: (
            "23 lines lost on the device (hilog buffer) · 10 dropped by hmdesk" in view.stats.text()
        )
    )
    assert f"received {10 + 10:,}" in view.stats.text()
    view.set_feed(None)
    view.tick()
    assert view.reader_dropped == 10 and view.device_dropped == 23


def test_query_note_does_not_call_an_ignored_term_a_fallback(qtbot):
    view = HilogView(capacity=100)
    qtbot.addWidget(view)
    view.show()
    view.query.setText("tag:")  # parses; the empty term is ignored
    view.apply_query()
    assert view.note.isVisible()
    assert "ignored" in view.note.text() and "plain text" not in view.note.text()
    view.query.setText('tag:"unbalanced')  # does not parse: plain-text fallback
    view.apply_query()
    assert "plain text" in view.note.text()
    view.shutdown()


def test_export_builds_the_lines_off_the_gui_thread(qtbot, tmp_path, monkeypatch):
    from hmdesk.core.toolchain.hilog.parse import parse_line

    view = HilogView(capacity=1000)
    qtbot.addWidget(view)
    raw = [
        f"11-29 20:00:01.{i:03d}  5394  5394 {'E' if i % 2 else 'I'} A03200/com.x/T: line {i}"
        for i in range(1200)
    ]
    view.push_lines([parse_line(r) for r in raw])
    qtbot.waitUntil(lambda: view.model.received == 1200)
    on_gui_thread: list[bool] = []  # where each export built its lines
    snapshot = view.model.lines_snapshot

    def recording(filtered: bool) -> Callable[[], list]:
        build = snapshot(filtered)

        def where() -> list:
            on_gui_thread.append(threading.current_thread() is threading.main_thread())
            return build()

        return where

    monkeypatch.setattr(view.model, "lines_snapshot", recording)
    with qtbot.waitSignal(view.export_done, timeout=10_000) as sig:
        view.export(tmp_path / "all.log", filtered=False)
    assert sig.args[1] == 1000
    assert (tmp_path / "all.log").read_text().splitlines() == raw[200:]
    view.query.setText("level:E")
    view.apply_query()
    qtbot.waitUntil(lambda: view.model.caught_up)
    with qtbot.waitSignal(view.export_done, timeout=10_000) as sig:
        view.export(tmp_path / "errors.log", filtered=True)
    assert (tmp_path / "errors.log").read_text().splitlines() == raw[201::2]
    assert on_gui_thread == [False, False]  # re-wrapping 200k rows there stalls it 300+ ms
    view.shutdown()


def test_export_is_a_menu_button_with_all_and_filtered(qtbot):
    from PySide6.QtWidgets import QPushButton

    view = HilogView(capacity=10)
    qtbot.addWidget(view)
    assert isinstance(view.export_button, QPushButton)  # its arrow no longer overlaps the text
    actions = view.export_button.menu().actions()
    assert view.export_all_action in actions and view.export_filtered_action in actions
    view.shutdown()


def test_only_my_app_with_no_lines_says_why_instead_of_a_blank_view(qtbot, view):
    others = [ln for ln in make(40) if ln.process != "com.example.hello"]
    view.push_lines(others)
    qtbot.waitUntil(lambda: view.model.received == len(others))
    view.set_bundle("com.example.hello")
    assert not view.hint.isVisible()
    view.only_mine.click()
    qtbot.waitUntil(view.hint.isVisible)
    hint = view.hint.text()
    assert view.model.shown == 0
    assert "No lines from com.example.hello yet" in hint
    assert "may not be running" in hint and "Untick" in hint
    assert f"{len(others):,} lines of other processes are hidden" in hint
    # the app logs: its lines show and the hint goes
    view.push_lines(make(4, 1))
    qtbot.waitUntil(lambda: view.model.shown == 3)
    qtbot.waitUntil(lambda: not view.hint.isVisible())


def test_the_loss_counters_say_who_lost_what_and_what_to_do(qtbot, view):
    view.push_lines([*make(5), parse_line(LOGLIMITD)])
    qtbot.waitUntil(lambda: view.device_dropped == 57)
    text = view.stats.text()
    assert "57 lines lost on the device (hilog buffer) · 0 dropped by hmdesk" in text
    assert "by the device" not in text and "dropped 0 ·" not in text
    tip = view.stats.toolTip()
    assert "Lost on the device: 57" in tip and "hilog -Q pidoff" in tip
    assert "Dropped by hmdesk: 0" in tip and "Buffer size" in tip


def test_device_state_is_shown_over_the_log(qtbot, view):
    view.set_device_state("No device connected")
    assert view.hint.isVisible() and "USB debugging" in view.hint.text()
    view.set_device_state("FMR0 is gone — reconnect it or choose another device")
    assert view.hint.text().startswith("FMR0 is gone")
    view.set_device_state("")
    assert not view.hint.isVisible()


OLD_FORMAT = "11-29 20:01:{s:02d}.000  {pid}  {pid} I A03200/testTag: old-format line {i}"
SPAWN = (
    "11-29 20:01:00.500   611  1300 I C01311/AppMS: [app_mgr_service_inner.cpp:3010]"
    "spawned pname_com.example.hello, pid_{pid}, idx_0"
)
KILLED = (
    "11-29 20:01:05.000  {pid}  {pid} W C01317/AppKit: [main_thread.cpp:2029]hisysevent write "
    "result=0, send event [FRAMEWORK,PROCESS_KILL], pid={pid}, processName=com.example.hello, "
    "msg=Kill Reason:Js Error, foreground=1, isUncatchable=0"
)


def test_only_my_app_follows_the_app_across_a_restart(qtbot, view):
    view.set_bundle("com.example.hello")
    view.only_mine.setChecked(True)
    notes: list[str] = []
    view.app_followed.connect(notes.append)
    # lines without a process segment: only the pid tells whose they are
    view.push_lines([parse_line(OLD_FORMAT.format(s=0, pid=7001, i=0))])
    view.push_lines([parse_line(SPAWN.format(pid=7001))])
    view.push_lines([parse_line(OLD_FORMAT.format(s=1, pid=7001, i=i)) for i in range(1, 4)])
    # the follower reads a batch before the filter does: the line before the spawn counts too
    qtbot.waitUntil(lambda: view.model.shown == 4, timeout=5000)
    view.push_lines([parse_line(KILLED.format(pid=7001)), parse_line(SPAWN.format(pid=7002))])
    view.push_lines([parse_line(OLD_FORMAT.format(s=6, pid=7002, i=i)) for i in range(5)])
    view.push_lines([parse_line(OLD_FORMAT.format(s=6, pid=8000, i=9))])  # someone else
    qtbot.waitUntil(lambda: view.model.shown == 10, timeout=5000)  # + the kill line, 5 new
    assert notes == [
        "following com.example.hello: pid 7001",
        "com.example.hello pid 7001 ended (Kill Reason:Js Error)",
        "com.example.hello restarted: pid 7001 → 7002",
    ]
    assert "restarted: pid 7001 → 7002" in view.stats.text()
    assert "7001 (ended) → 7002" in view.only_mine.toolTip()
    view.follow_pid(7003)  # pidof after the next launch
    assert view.follower is not None and 7003 in view.follower.pids
    view.set_bundle("com.example.other")  # another project: followed afresh
    assert view.follower is not None and view.follower.pids == set()


def test_lost_lines_offer_the_device_fixes(qtbot, view):
    view.push_lines(make(10))
    qtbot.waitUntil(lambda: view.model.shown == 10, timeout=5000)
    assert view.fix_button.isHidden()
    marker = (
        "11-29 20:00:05.000  5394  5394 W A00032/com.example.hello/LOGLIMIT: "
        "==com.example.hello LOGS OVER PROC QUOTA, 3091 DROPPED=="
    )
    view.push_lines([parse_line(marker)])
    qtbot.waitUntil(lambda: view.fix_button.isVisible(), timeout=5000)
    asked: list[str] = []
    view.log_fix_requested.connect(asked.append)
    view.fix_buffer_action.trigger()
    view.fix_flow_action.trigger()
    assert asked == ["buffer", "flow"]
    assert "hilog -G 16M" in view.fix_buffer_action.text()


def test_is_crash_follows_the_feeds_crash_detector(qtbot, view):
    """With a feed that has a crash detector, is:crash shows the lines of detected crashes:
    none before the crash is detected, all of its lines after (a refilter on ``crashed``);
    without a detector, the text rule."""
    from hmdesk.core.toolchain.crash.detect import CrashDetector
    from hmdesk.core.toolchain.hilog.parse import HilogParser
    from PySide6.QtCore import QObject, Signal

    from tests.fixtures.fakes import hdc_crash

    class CrashFeed(QObject):
        crashed = Signal(object)
        dropped = 0
        device_dropped = 0

        def __init__(self) -> None:
            super().__init__()
            self.crashes = CrashDetector()
            self.lines: list = []

        def drain(self) -> list:
            out, self.lines = self.lines, []
            return out

    lines = HilogParser().feed(
        [MINE.format(s=0, ms=i, i=i) for i in range(50)]
        + hdc_crash.js_lines(5394, "00:01.579")
        + [MINE.format(s=2, ms=i, i=i) for i in range(50)]
    )
    feed = CrashFeed()
    view.set_feed(feed)
    assert view.crash_of == feed.crashes.book.crash_id_of
    view.query.setText("is:crash")
    view.apply_query()
    feed.lines = list(lines)
    qtbot.waitUntil(lambda: view.model.received == len(lines) and view.model.caught_up)
    assert view.model.shown == 0  # not detected yet
    groups = feed.crashes.feed(lines) + feed.crashes.flush()
    assert groups
    in_crash = [ln for ln in lines if feed.crashes.book.crash_id_of(ln.raw) is not None]
    assert len(in_crash) >= 3
    feed.crashed.emit(groups)
    qtbot.waitUntil(lambda: view.model.caught_up and view.model.shown == len(in_crash))
    assert {view.model.line_at(r).raw for r in range(view.model.shown)} == {
        ln.raw for ln in in_crash
    }
    view.set_feed(None)  # no detector: the text rule (the "Error message:" banner, …)
    assert view.crash_of is None
    qtbot.waitUntil(lambda: view.model.caught_up)
    text_rule = compile_query("is:crash")[0]
    assert text_rule is not None
    assert view.model.shown == sum(1 for ln in lines if text_rule(ln))


REAL = Path(__file__).resolve().parents[3] / "data" / "real_logs"


def test_an_opened_log_file_is_shown_with_its_crashes(qtbot, view, tmp_path):
    # a real jscrash (the JS Crash FAQ) saved with a DevEco Log window copy before it
    text = (REAL / "hilog" / "deveco-window-apppool.log").read_text(encoding="utf-8") + (
        REAL / "jscrash" / "faq-putsync-undefined.log"
    ).read_text(encoding="utf-8")
    path = tmp_path / "saved.log"
    path.write_text(text, encoding="utf-8")
    view.push_lines(make(10))
    qtbot.waitUntil(lambda: view.model.received == 10, timeout=5_000)
    view.ask_open_path = lambda: str(path)  # type: ignore[method-assign]
    with qtbot.waitSignal(view.crashes_found, timeout=10_000) as crashed:
        view.open_log_dialog()
    (group,) = crashed.args[0]
    assert group.crash.type == "jscrash" and "putSync" in group.crash.message
    qtbot.waitUntil(lambda: view.model.shown == len(text.splitlines()), timeout=5_000)
    assert (
        view.paused
        and "saved.log" in view.log_note.text()
        and "1 crash found" in view.log_note.text()
    )
    # the DevEco Log window lines parsed into fields (tag column), not raw text
    assert view.model.line_at(0).tag == "JSAPP" and view.model.line_at(1).tag == "testTag"
    view.set_paused(False)
    assert view.log_note.isHidden()


def test_a_paste_without_hilogs_columns_is_read_as_hilog(qtbot, view):
    """Lines copied with every column cut but the tag (hilog/jA-rustdesk-*: ``Tag: msg``, one
    wrapped onto an indented line) show as log lines with their tags, not raw text; a JS crash
    pasted that way (the app's ``AppKit:`` lines) is found."""
    from PySide6.QtWidgets import QApplication

    QApplication.clipboard().setText(
        (REAL / "hilog" / "jA-rustdesk-flutter-ohos-musl-ldso-sodium-tag-only.log").read_text(
            encoding="utf-8"
        )
    )
    with qtbot.waitSignal(view.log_opened, timeout=10_000) as opened:
        view.paste_log()
    assert opened.args == ["clipboard", 4]
    qtbot.waitUntil(lambda: view.model.shown == 4, timeout=5_000)
    shown = [view.model.line_at(r) for r in range(4)]
    assert [(ln.kind, ln.tag, ln.cont) for ln in shown] == [
        ("log", "MUSL-LDSO", False),
        ("log", "MUSL-LDSO", True),
        ("log", "MMG", False),
        ("log", "ArkCompiler", False),
    ]
    QApplication.clipboard().setText(
        "JSAPP: onPageShow\n"
        "AppKit: com.example.app is about to exit due to RuntimeError\n"
        "AppKit: Error type:TypeError\n"
        "AppKit: Error message:Cannot read property length of undefined\n"
        "AppKit: Stacktrace:\n"
        "AppKit:     at build (entry/src/main/ets/pages/Index.ets:25:13)\n"
    )
    with qtbot.waitSignal(view.crashes_found, timeout=10_000) as crashed:
        view.paste_log()
    (group,) = crashed.args[0]
    assert group.crash.type == "jscrash" and "length of undefined" in group.crash.message
    qtbot.waitUntil(lambda: "1 crash found" in view.log_note.text(), timeout=5_000)


def test_pasted_text_and_bad_files_say_what_happened(qtbot, view, tmp_path):
    from PySide6.QtWidgets import QApplication

    QApplication.clipboard().setText(
        (REAL / "hilog" / "bare-level-tag.log").read_text(encoding="utf-8")
    )
    with qtbot.waitSignal(view.log_opened, timeout=10_000) as opened:
        view.paste_log()
    assert opened.args == ["clipboard", 3]
    qtbot.waitUntil(lambda: view.model.shown == 3, timeout=5_000)
    assert view.model.line_at(0).tag == "NAPITESTNAPILayer"
    with qtbot.waitSignal(view.log_open_failed, timeout=10_000) as failed:
        view.open_log(tmp_path / "missing.log")
    assert failed.args[0].endswith("missing.log") and "No such file" in failed.args[1]
    assert "Could not open" in view.log_note.text()
    QApplication.clipboard().setText("")
    with qtbot.waitSignal(view.log_open_failed, timeout=5_000):
        view.paste_log()
