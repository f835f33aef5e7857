"""The Runs pane as a feed (issue 32: Broken 1 and 8, requirement 2): newest first, the current
run's card on top and open, older runs and crash groups closed below with their time, the card
being read never replaced by what arrives; the build bar in the failure colour."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from hmdesk.core.toolchain.crash.detect import CrashDetector, CrashGroup
from hmdesk.core.toolchain.hilog.parse import HilogParser
from hmdesk.gui.runs.area import RunsArea
from hmdesk.gui.runs.feed import RunsFeed
from hmdesk.gui.runs.run_page import RunPage
from PySide6.QtGui import QColor

from tests.fixtures.fakes import hdc_crash
from tests.gui.runs.test_area import open_project, run, wait_card, wait_target
from tests.gui.runs.test_crash_card import crashes_from_device


def js_crash() -> CrashGroup:
    """The fake device's JS crash, read from its lines here (the area's own stream stays
    free of crashes)."""
    det = CrashDetector()
    det.feed(HilogParser().feed(hdc_crash.js_lines(5394, "00:01.579")))
    (group,) = det.flush() or det.book.groups()
    return group


@pytest.fixture
def area(qtbot, ctx, fake_tools) -> Iterator[RunsArea]:
    a = RunsArea(ctx)
    qtbot.addWidget(a)
    a.resize(1300, 850)
    a.show()
    yield a
    a.shutdown()


def _show_crashes(qtbot, page: RunPage, groups, project: str) -> None:
    with qtbot.waitSignal(page.crashes.recall_done, timeout=15_000):
        page.show_crashes(groups, project)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_a_failed_run_after_a_crash_is_on_top_and_open_the_crash_closed_below(
    qtbot, area, fake_tools
):
    project = str(fake_tools.project("hello"))
    page = area.run_page
    crash = js_crash()
    _show_crashes(qtbot, page, [crash], project)
    assert page.feed.open_key == ("crash", crash.id) and page.crashes.isVisible()
    fake_tools.hvigor_scenario("arkts-error")
    open_project(qtbot, area, fake_tools.project("hello"))
    wait_target(qtbot, area)
    result = run(qtbot, area)
    assert result.status == "failed"
    wait_card(qtbot, area)
    order = page.feed.order()
    assert order == [("run", result.run_id), ("crash", crash.id)]  # newest first
    top = page.feed.entries[order[0]]
    assert top.is_open and area.card.isVisible() and area.card.parentWidget() is top
    below = page.feed.entries[("crash", crash.id)]
    assert not below.is_open and not page.crashes.isVisible()
    assert below.when == "12-01 16:00:01" and below.title.startswith("JS crash — TypeError")
    # the failure card is above the crash entry on screen, not reached by scrolling past it
    assert top.geometry().top() < below.geometry().top()
    # the failed build's bar is in the failure colour, not the highlight blue
    bar = area.steps.rows["build"].progress
    img = bar.grab().toImage()
    pixel = QColor(img.pixel(bar.width() // 2, bar.height() // 2))
    assert pixel.red() > pixel.blue() + 40, pixel.name()


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_a_successful_run_closes_the_old_crash_card(qtbot, area, fake_tools):
    project = str(fake_tools.project("hello"))
    page = area.run_page
    crash = js_crash()
    _show_crashes(qtbot, page, [crash], project)
    open_project(qtbot, area, fake_tools.project("hello"))
    wait_target(qtbot, area)
    result = run(qtbot, area)
    assert result.status == "success"
    assert page.feed.order() == [("run", result.run_id), ("crash", crash.id)]
    top = page.feed.entries[("run", result.run_id)]
    assert top.is_open and top.title == f"✓ Run #{result.run_id} succeeded."
    assert not page.crashes.isVisible() and not area.card.isVisible()
    # the old crash opens again on a click, and the run's header closes
    with qtbot.waitSignal(page.crashes.recall_done, timeout=15_000):
        page.feed.entries[("crash", crash.id)].header.click()
    assert page.crashes.isVisible() and not top.is_open


def test_the_crash_being_read_stays_on_the_card_when_others_arrive(qtbot, ctx, fake_tools):
    page = RunPage(ctx)
    qtbot.addWidget(page)
    page.resize(1200, 800)
    page.show()
    project = str(fake_tools.project("hello"))
    js, cpp, freeze = crashes_from_device(fake_tools, "crash-js", "crash-cpp", "crash-freeze")
    _show_crashes(qtbot, page, [js], project)
    assert page.crashes.card.group is js
    # a new crash and a repeat of the one being read: the card stays on it
    page.show_crashes([cpp], project)
    page.flush_crashes()
    page.show_crashes([js], project)
    page.flush_crashes()
    assert page.feed.open_key == ("crash", js.id) and page.crashes.card.group is js
    # the reader opens the C++ crash; the freeze arriving later does not take the card away
    with qtbot.waitSignal(page.crashes.recall_done, timeout=15_000):
        page.feed.entries[("crash", cpp.id)].header.click()
    page.show_crashes([freeze], project)
    page.flush_crashes()
    assert page.crashes.card.group is cpp and page.feed.open_key == ("crash", cpp.id)
    assert page.feed.order()[0] == ("crash", freeze.id)  # listed on top, closed
    assert not page.feed.entries[("crash", freeze.id)].is_open


@pytest.mark.slow  # two restarts of the fake hilog stream
def test_a_restarting_hilog_neither_duplicates_lines_nor_multiplies_crashes(
    qtbot, area, fake_tools, tmp_path
):
    """The fake hilog keeps a device buffer and prints it again on each restart (as a real
    ``hdc shell hilog`` does): the view shows each line once and the crash stays ×2."""
    from tests.fixtures.fake_tools import FAKE_HDC_KEY

    buffer = tmp_path / "device-buffer.log"
    fake_tools.devices_file([(FAKE_HDC_KEY, "USB", "Connected")])
    fake_tools.hdc_scenario("crash-js-twice")
    fake_tools.set("FAKE_HILOG_BUFFER", str(buffer))
    fake_tools.set("FAKE_HILOG_LINES", "31")
    fake_tools.set("FAKE_HILOG_RESTARTS", "2")
    fake_tools.set("FAKE_HILOG_NEW", "3")
    fake_tools.set("FAKE_HILOG_INTERVAL", "0.02")
    view, page = area.hilog, area.run_page
    area.hub.refresh()
    # generous waits: each restart starts a fake hdc process, slow on a loaded CI machine
    qtbot.waitUntil(lambda: area.feed is not None, timeout=30_000)
    qtbot.waitUntil(lambda: area.feed.stream.restarts >= 2, timeout=90_000)
    qtbot.waitUntil(lambda: view.model.shown >= 31 + 9, timeout=30_000)
    qtbot.waitUntil(lambda: bool(page.crashes.groups), timeout=30_000)
    raws = [view.model.line_at(i).raw for i in range(view.model.shown)]
    assert len(raws) == len(set(raws)), "a replayed line is shown twice"
    (group,) = page.crashes.groups.values()
    assert group.count == 2
    assert page.feed.entries[("crash", group.id)].title.startswith("JS crash ×2")


def test_a_crash_completed_by_its_fault_log_keeps_its_place_a_repeat_comes_on_top(
    qtbot, ctx, fake_tools
):
    from hmdesk.core.toolchain.finding import Finding

    page = RunPage(ctx)
    qtbot.addWidget(page)
    page.resize(1200, 800)
    page.show()
    crash = js_crash()
    _show_crashes(qtbot, page, [crash], str(fake_tools.project("hello")))
    page.start_run(7)
    with qtbot.waitSignal(page.recall_done, timeout=15_000):
        page.show_card(7, "build", Finding(kind="k", evidence="e", fix="f"), "failed")
    assert page.feed.order() == [("run", 7), ("crash", crash.id)]
    page.show_crashes([crash])  # the same occurrence again (its fault log merged in)
    page.flush_crashes()
    assert page.feed.order() == [("run", 7), ("crash", crash.id)]
    crash.count += 1  # it happened again
    page.show_crashes([crash])
    page.flush_crashes()
    assert page.feed.order() == [("crash", crash.id), ("run", 7)]
    assert page.feed.open_key == ("run", 7) and page.card.isVisible()  # still reading the run


def test_a_narrow_header_drops_whole_words_of_its_title_never_the_kind_or_the_time(qtbot):
    """At 1024×700 the header of "Build failed — arkts-source (10505001)" in the pane
    was cut in the middle of the kind ("ar…rce"). The title loses whole words from its end
    (the code first), the time stays whole, and the text fits the header."""
    feed = RunsFeed()
    qtbot.addWidget(feed)
    run_title = "✗ Run #12: Build failed — arkts-source (10505001)"
    crash_title = "JS crash — TypeError: Cannot read property message of undefined"
    feed.upsert(("run", 12), run_title, "21:38:34")
    feed.upsert(("crash", 1), crash_title, "12-01 16:00:01")
    feed.open(("run", 12), None)
    feed.show()
    qtbot.waitExposed(feed)
    seen: set[str] = set()
    for width in range(240, 760, 20):
        feed.resize(width, 200)
        qtbot.waitUntil(lambda w=width: feed.entries[("run", 12)].width() == w)
        for key, title, when in (
            (("run", 12), run_title, "21:38:34"),
            (("crash", 1), crash_title, "12-01 16:00:01"),
        ):
            entry = feed.entries[key]
            text = entry.header.text()
            seen.add(text)
            room = max(80, entry.width() - 40)
            assert entry.header.fontMetrics().horizontalAdvance(text) <= room, (width, text)
            assert text.endswith(f"  ·  {when}"), (width, text)
            head = text[: -len(f"  ·  {when}")]
            if head != title:
                assert head.endswith(" …"), (width, text)
                head = head[: -len(" …")]
                # cut between words: what follows in the title starts a new word
                assert title.startswith(head) and title[len(head)] in " :,", (width, text)
    assert "✗ Run #12: Build failed — arkts-source …  ·  21:38:34" in seen
    assert f"{run_title}  ·  21:38:34" in seen
