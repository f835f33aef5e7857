"""The crash card: each crash type from the fake device, clickable project frames, the
entity, repeats counted, "Save as pitfall" prefilled and anchored, and the saved pitfall recalled
on the next identical crash; the live path through the Runs area's device log."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.codeindex.anchors import AnchorStore
from hmdesk.core.toolchain.crash.detect import CrashDetector, CrashGroup
from hmdesk.core.toolchain.crash.faultlog_files import fetch_faultlogs
from hmdesk.core.toolchain.hilog.stream import dump
from hmdesk.gui.runs.area import RunsArea
from hmdesk.gui.runs.crash_card import CrashPanel
from hmdesk.gui.runs.save_pitfall import PitfallDraft, PitfallValues, SavePitfallDialog
from PySide6.QtGui import QTextDocument

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools


def crashes_from_device(fake_tools: FakeTools, *tokens: str) -> list[CrashGroup]:
    """What the fake device's hilog (and fault logs) say about crashes, grouped."""
    fake_tools.hdc_scenario(*tokens)
    fake_tools.set("FAKE_HILOG_LINES", "80")
    det = CrashDetector("com.example.hello")
    result = dump(str(fake_tools.hdc), FAKE_HDC_KEY)
    det.feed(result.lines)
    det.flush()
    for c in fetch_faultlogs(str(fake_tools.hdc), FAKE_HDC_KEY).crashes:
        det.book.merge(c)
    return det.book.groups()


@pytest.fixture
def panel(qtbot, ctx, fake_tools):
    p = CrashPanel(ctx)
    p.project_dir = str(fake_tools.project("hello"))
    qtbot.addWidget(p)
    p.resize(700, 800)
    p.show()
    p._fake_tools = fake_tools  # type: ignore[attr-defined]
    return p


def _show(qtbot, panel: CrashPanel, groups: list[CrashGroup]) -> None:
    with qtbot.waitSignal(panel.recall_done, timeout=15_000):
        panel.add_groups(groups)


@pytest.mark.parametrize(
    ("token", "title", "reason", "message"),
    [
        ("crash-js", "JS crash", "TypeError", "Cannot read property message of undefined"),
        ("crash-cpp", "C++ crash", "Signal:SIGSEGV(SEGV_MAPERR)", "NULL pointer dereference"),
        ("crash-freeze", "App freeze", "THREAD_BLOCK_6S", "App main thread is not response!"),
    ],
)
def test_card_per_crash_type(qtbot, panel, fake_tools, token, title, reason, message):
    (group,) = crashes_from_device(fake_tools, token)
    _show(qtbot, panel, [group])
    card = panel.card
    assert card.title.text().startswith(f"{title} — com.example.hello")
    assert reason in card.reason.text()
    assert message in card.message.text()
    # the project frame: a link, resolved to the component's function
    assert "Index.build" in card.entity.text()
    assert 'href="loc:entry/src/main/ets/pages/Index.ets:' in card.stack.text()
    with qtbot.waitSignal(panel.location_activated) as sig:
        card.stack.linkActivated.emit("loc:entry/src/main/ets/pages/Index.ets:8:12")
    assert sig.args == ["entry/src/main/ets/pages/Index.ets", 8, 12]
    assert "No pitfall recalled" in card.recall_note.text()


def _page(qtbot, ctx):
    from hmdesk.gui.runs.run_page import RunPage

    page = RunPage(ctx)
    qtbot.addWidget(page)
    page.resize(1200, 800)
    page.show()
    return page


def test_repeats_are_counted_and_listed(qtbot, ctx, fake_tools):
    page = _page(qtbot, ctx)
    groups = crashes_from_device(fake_tools, "crash-js-twice", "crash-cpp")
    with qtbot.waitSignal(page.crashes.recall_done, timeout=15_000):
        page.show_crashes(groups, str(fake_tools.project("hello")))
    js = next(g for g in groups if g.crash.type == "jscrash")
    assert js.count == 2 and js.pids == [5394, 5501]
    keys = [k for k in page.feed.order() if k[0] == "crash"]
    assert len(keys) == 2
    titles = {k: page.feed.entries[k].title for k in keys}
    assert titles[("crash", js.id)].startswith("JS crash ×2 — TypeError")
    assert page.feed.entries[("crash", js.id)].when == "12-01 16:04:01"  # when it last happened
    other = next(k for k in keys if k != ("crash", js.id))
    for key in (other, ("crash", js.id)):  # the other crash, then back to the repeated one
        with qtbot.waitSignal(page.crashes.recall_done, timeout=15_000):
            page.feed.entries[key].header.click()
        assert page.feed.open_key == key
    card = page.crashes.card
    assert "×2" in card.title.text() and "5394, 5501" in card.reason.text()


def test_truncated_fault_log_still_shows_the_crash(qtbot, panel, fake_tools):
    (group,) = crashes_from_device(fake_tools, "crash-cpp", "faultlog-truncated")
    _show(qtbot, panel, [group])
    assert "C++ crash" in panel.card.title.text()
    assert "fault log" in panel.card.stack.text()  # no stack: says where it would come from


def test_saved_pitfall_is_recalled_on_the_next_identical_crash(
    qtbot, panel, ctx, fake_tools, monkeypatch
):
    (first,) = crashes_from_device(fake_tools, "crash-js")
    _show(qtbot, panel, [first])
    seen: dict[str, object] = {}

    def fake_ask(prefill: PitfallDraft, parent=None) -> PitfallValues:
        seen.update(prefill)
        return {
            k: prefill[k]
            for k in ("content", "tags", "layer", "confidence", "provenance", "source")
        }  # type: ignore[return-value]

    monkeypatch.setattr(SavePitfallDialog, "ask", staticmethod(fake_ask))
    with qtbot.waitSignal(panel.pitfall_saved, timeout=15_000) as sig:
        panel.save_action.trigger()  # Ctrl+Shift+M
    memory_id = sig.args[0]
    content = str(seen["content"])
    assert content.splitlines()[0] == (
        "JS crash in com.example.hello: TypeError: Cannot read property message of undefined"
    )
    assert "At: entry/src/main/ets/pages/Index.ets:8:12 (in Index.build)" in content
    assert seen["tags"] == ["pitfall", "harmonyos", "crash", "jscrash", "TypeError"]
    (anchor,) = AnchorStore(ctx.db).for_memory(memory_id)
    assert anchor.symbol == "Index.build"
    # the app is launched again and the same fault happens (a new pid): the pitfall comes back
    panel2 = CrashPanel(ctx)
    panel2.project_dir = panel.project_dir
    qtbot.addWidget(panel2)
    again = [g for g in crashes_from_device(fake_tools, "crash-js-twice") if g.crash.pid == 5501]
    _show(qtbot, panel2, again)
    assert memory_id in panel2.card.recalled_ids()


def test_save_without_a_crash_says_so(qtbot, ctx):
    panel = CrashPanel(ctx)
    qtbot.addWidget(panel)
    errors: list[str] = []
    ctx.bus.error.connect(lambda what, _todo: errors.append(what))
    panel.save_pitfall()
    assert errors == ["No crash to save."]


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_live_crashes_raise_the_card_in_the_runs_area(qtbot, tmp_path, ctx, fake_tools):
    fake_tools.devices_file([(FAKE_HDC_KEY, "USB", "Connected")])
    fake_tools.hdc_scenario("crash-js", "crash-cpp", "crash-freeze")
    fake_tools.set("FAKE_HILOG_LINES", "200")
    fake_tools.set("FAKE_HILOG_INTERVAL", "0.05")
    area = RunsArea(ctx)
    qtbot.addWidget(area)
    area.show()
    try:
        area.hub.refresh()
        panel = area.run_page.crashes
        qtbot.waitUntil(lambda: len(panel.groups) == 3, timeout=30_000)
        assert area.run_page.card_scroll.isVisible() and panel.card.isVisible()
        assert not area.run_page.card.isVisible()  # no failed run: the crash card alone
        # the fault logs (copied a moment later) bring the C++ stack
        qtbot.waitUntil(
            lambda: any(
                g.crash.type == "cppcrash" and g.crash.frames for g in panel.groups.values()
            ),
            timeout=30_000,
        )
        assert any("recv" in c["argv"] for c in fake_tools.calls("hdc"))
        # completed in place: still one entry per crash
        crash_keys = [k for k in area.run_page.feed.order() if k[0] == "crash"]
        assert len(panel.groups) == 3 and len(crash_keys) == 3
    finally:
        area.shutdown()


def test_recalled_pitfalls_say_where_they_came_from(qtbot, panel, ctx):
    """A memory anchored to the crash frame's entity (Index.build) comes first, labelled so;
    the text matches after it, labelled "text match"."""
    from hmdesk.core.codeindex.index import CodeIndex

    index = CodeIndex(panel.project_dir)
    index.scan()
    anchored = ctx.store.add("the page's build() reads state that may be unset on relaunch")
    AnchorStore(ctx.db).add(anchored.id, index.root, index.find("Index.build")[0])
    text = ctx.store.add("TypeError: Cannot read property message of undefined, guard the field")
    (group,) = crashes_from_device(panel._fake_tools, "crash-js")
    _show(qtbot, panel, [group])
    ids = panel.card.recalled_ids()
    assert ids[0] == anchored.id and text.id in ids[1:]
    rows = panel.card.rows
    assert rows[0].origin.text() == "anchored to Index.build" and not rows[0].origin.isHidden()
    assert rows[ids.index(text.id)].origin.text() == "text match"


def test_crashes_arriving_in_one_tick_make_one_panel_update(qtbot, ctx, fake_tools):
    """Three crashes (and a repeat of the first) signalled one by one before the event loop
    runs: one update of the crash panel, all three listed, the newest on the card."""
    page = _page(qtbot, ctx)
    groups = crashes_from_device(fake_tools, "crash-js", "crash-cpp", "crash-freeze")
    assert len(groups) == 3
    updates: list[int] = []
    page.crashes_updated.connect(updates.append)
    project = str(fake_tools.project("hello"))
    with qtbot.waitSignal(page.crashes.recall_done, timeout=15_000):
        for g in groups:
            page.show_crashes([g], project)
        page.show_crashes([groups[0]])  # the first again (a fault log completed it)
        assert updates == [] and not page.crashes.groups  # nothing drawn yet: one batch
    assert updates == [3]
    panel = page.crashes
    crash_keys = [k for k in page.feed.order() if k[0] == "crash"]
    assert set(panel.groups) == {g.id for g in groups} and len(crash_keys) == 3
    assert crash_keys[0] == ("crash", groups[0].id)  # the newest on top
    assert panel.card.group is groups[0]  # the last one signalled is the newest
    assert panel.project_dir == project and page.card_scroll.isVisible()
    assert not page._crash_pending and not page._crash_timer.isActive()
    page.flush_crashes()  # nothing waiting: no empty update
    assert updates == [3]


@pytest.mark.parametrize(
    ("token", "why"),
    [
        ("crash-js", "undefined/null"),
        ("crash-cpp", "NULL (or nearly NULL) pointer"),
        ("crash-freeze", "main thread was blocked"),
    ],
)
def test_card_says_why_with_a_fix(qtbot, panel, fake_tools, token, why):
    (group,) = crashes_from_device(fake_tools, token)
    _show(qtbot, panel, [group])
    cause = panel.card.cause
    assert cause.isVisible()
    assert "Why:" in cause.text() and why in cause.text() and "Fix:" in cause.text()


def test_the_card_names_the_source_file_and_no_build_marker(qtbot, panel, fake_tools):
    """The fake JS crash's top frame is ``at build (entry|entry|1.0.0|src/main/ets/pages/
    Index.ts:8:12)``: the stack links Index.ets, so "Look at:" names Index.ets too (saying the
    line is the compiled code's), and the recall words hold the component, not ``build`` (a
    method every component has, whose chip "✗ build" read like a build failure)."""
    (group,) = crashes_from_device(fake_tools, "crash-js")
    _show(qtbot, panel, [group])
    cause = panel.card.cause.text()
    assert "Look at:</b> entry/src/main/ets/pages/Index.ets:8:12" in cause
    assert "Index.ts:8" not in cause.split("Look at:")[1].split("(")[0]
    assert "compiled Index.ts" in cause
    assert "build" not in panel.card.recall_note.text().split()


def test_crash_card_recalls_on_crash_terms_with_the_floor_and_says_what_it_missed(
    qtbot, panel, ctx
):
    """Issue 32, Broken 2: a TypeError used to recall five memories sharing only "read", each
    "lexical 1.00". Now: the jscrash pitfall, none of the "read" ones, and the row says which
    of the crash's terms it missed next to its lexical part."""
    noise = [
        ctx.store.add(text).id
        for text in (
            "Read the hvigor log from the top: the first error is the cause",
            "Read the property files with the preferences API",
            "The gallery needs the READ_MEDIA permission to read photos",
        )
    ]
    pitfall = ctx.store.add(
        "JS crash TypeError: Cannot read property X of undefined: guard it with ?.",
        tags=["crash", "jscrash", "TypeError"],
    ).id
    (group,) = crashes_from_device(panel._fake_tools, "crash-js")
    _show(qtbot, panel, [group])
    ids = panel.card.recalled_ids()
    assert pitfall in ids and not set(noise) & set(ids)
    assert "read" not in panel.card.recall_note.text().split()
    for row in panel.card.rows:
        missed = [str(t.term) for t in row.scored.terms if not t.matched]
        if missed and row.scored.components:
            assert f"missed {', '.join(missed)}" in row.breakdown.text()


def test_a_downloaded_fault_log_opens_as_the_feeds_crash_card(qtbot, ctx, tmp_path):
    """A fault log the reader downloaded (the Devices tab's Files view) opens in the feed as the
    crash card of a crash caught live: the same CrashCard, its cause and fix, the pitfalls
    recalled for it; it opens even while another card is read (the reader asked for it), and
    the same file opened twice is one entry.

    The log: tests/data/real_logs/jscrash/read-property-of-undefined.log (HarmonyOS FAQ
    faq-stability-13, verbatim). Written down before running: a JS crash, TypeError "Cannot
    read property loadPackage of undefined", at initPageUrl H5Page.ts:3:1; the cause says a
    value was undefined and the fix names optional chaining (``?.``) or a check for undefined
    (the corpus's expected fix words)."""
    from hmdesk.core.toolchain.crash.faultlog_files import read_faultlog
    from hmdesk.core.toolchain.finding import Finding

    src = Path(__file__).resolve().parents[2] / "data/real_logs/jscrash"
    local = tmp_path / "jscrash-com.example.h5-20010045-20250718202951568.log"
    local.write_bytes((src / "read-property-of-undefined.log").read_bytes())
    pitfall = ctx.store.add(
        "TypeError: Cannot read property loadPackage of undefined in initPageUrl: the H5 page "
        "reads the package before it is set; guard it with ?."
    )
    page = _page(qtbot, ctx)
    page.show_card(7, "build", Finding(kind="k", evidence="e", fix="f"), "failed")
    assert page.feed.reading()  # a failure card is read: a live crash would not open over it
    crash = read_faultlog(local)
    with qtbot.waitSignal(page.crashes.recall_done, timeout=15_000):
        group_id = page.open_faultlog(crash)
    card = page.crashes.card
    assert page.feed.open_key == ("crash", group_id)
    assert page.crashes.parentWidget() is page.feed.entries[("crash", group_id)]  # lent to it
    assert card.isVisible() and page.card_scroll.isVisible()
    assert card.title.text().startswith("JS crash — com.example.h5")
    assert "TypeError: Cannot read property loadPackage of undefined" in card.message.text()
    # the frame's compiled .ts is the project's .ets source (crash.frames), line and column kept
    assert 'initPageUrl</b> <a href="loc:entry/src/main/ets/h5common/page/H5Page.ets:3:1"' in (
        card.stack.text()
    )
    assert "2025-07-18 20:29:51" in card.reason.text()  # the file name's time, readable
    assert page.feed.entries[("crash", group_id)].when == "2025-07-18 20:29:51"
    lines = card.message.height() // card.message.fontMetrics().lineSpacing()
    wrapped = card.message.document().documentLayout().documentSize().height()
    assert lines >= wrapped  # as tall as its wrapped lines: nothing hidden behind a scroll
    assert not card.cause.isHidden()
    cause = card.cause.text()
    assert "undefined" in cause.lower() and ("?." in cause or "undefined" in cause.split("Fix:")[1])
    assert pitfall.id in card.recalled_ids()
    # opened again: the same entry, open, not a second one
    with qtbot.waitSignal(page.crashes.recall_done, timeout=15_000):
        again = page.open_faultlog(read_faultlog(local))
    assert again == group_id
    assert [k for k in page.feed.order() if k[0] == "crash"] == [("crash", group_id)]


def test_a_recalled_pitfalls_chips_show_the_words_as_its_text_has_them(qtbot, panel, ctx):
    """Issue 32, requirement 7: the JS crash's chip read "✓ undefin" (the stem the index keeps),
    a word in neither the crash nor the pitfall. The chip shows "undefined", as the text has it."""
    pitfall = ctx.store.add(
        "JS crash TypeError: Cannot read property X of undefined: guard it with ?.",
        tags=["crash", "jscrash", "TypeError"],
    ).id
    other = ctx.store.add(
        "JS crash TypeError in a page's build(): check the state it reads is set",
        tags=["crash", "jscrash", "TypeError"],
    ).id
    (group,) = crashes_from_device(panel._fake_tools, "crash-js")
    _show(qtbot, panel, [group])

    def chips(memory_id: str) -> str:
        (row,) = [r for r in panel.card.rows if r.memory_id == memory_id]
        assert any(str(t.term) == "undefin" for t in row.scored.terms)  # the index's stem
        doc = QTextDocument()
        doc.setHtml(row.meta.text())
        return doc.toPlainText().replace("\u2060", "").replace("\xa0", " ")

    found, missed = chips(pitfall), chips(other)
    assert "✓ undefined (" in found and "✗ undefined" in missed  # as the crash says it
    assert "undefin " not in found + missed and "undefin (" not in found
    assert not missed.rstrip().endswith("undefin")
