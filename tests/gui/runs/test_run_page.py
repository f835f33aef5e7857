"""The run page: which finding and step a failed run shows on its card."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.finding import Finding
from hmdesk.core.toolchain.runs import RunResult, StepResult
from hmdesk.gui.runs.run_page import failure_of


def run_with(steps: list[StepResult], doctor: Finding | None = None) -> RunResult:
    return RunResult(5, "failed", "/p", "DEV", "com.x", "t0", "t1", steps, doctor)


def test_failure_of_prefers_the_runs_finding_then_the_steps():
    signing = Finding(kind="signing", evidence="code:9568320", fix="sign", code="9568320")
    run = run_with(
        [StepResult("build", 0, verdict="passed"), StepResult("install", 1, verdict="failed")],
        signing,
    )
    assert failure_of(run) == (signing, "install")
    step_finding = Finding(kind="arkts-source", evidence="e", fix="f")
    run = run_with([StepResult("build", 0, verdict="failed", doctor=step_finding)])
    assert failure_of(run) == (step_finding, "build")
    assert failure_of(None) == (None, None)


def test_an_unclassified_failed_step_still_gets_a_finding():
    run = run_with([StepResult("build", 0, verdict="timeout", message="build timed out after 2 s")])
    finding, step = failure_of(run)
    assert step == "build" and finding is not None
    assert finding.kind == "timeout" and finding.evidence == "build timed out after 2 s"
    assert finding.query_terms == ["build"]
    run = run_with(
        [StepResult("launch", 0, verdict="failed", error_code="10104001", message="aa failed")]
    )
    finding, _ = failure_of(run)
    assert finding is not None and finding.kind == "failed"
    assert finding.code == "10104001" and finding.query_terms == ["launch", "10104001"]


def test_failure_card_recalls_by_location_first_and_labels_each(qtbot, ctx, tmp_path):
    """A compile error inside ``normalise``: the memory anchored to it first, then the one on
    its caller ``fetchData``, then the text matches, each row saying where it came from."""
    from hmdesk.core.codeindex.anchors import AnchorStore
    from hmdesk.gui.runs.run_page import RunPage

    from tests.core.codeindex.test_impact import project

    root = tmp_path / "proj"
    index = project(root)
    on_entity = ctx.store.add("normalise trims but never lowercases")
    on_caller = ctx.store.add("fetchData wants an absolute address")
    text = ctx.store.add("ArkTS Compiler Error 10505001: Expression expected, check brackets")
    anchors = AnchorStore(ctx.db)
    anchors.add(on_entity.id, root, index.find("normalise")[0])
    anchors.add(on_caller.id, root, index.find("fetchData")[0])
    page = RunPage(ctx)
    qtbot.addWidget(page)
    finding = Finding(
        kind="arkts-source",
        evidence="Expression expected",
        fix="fix the syntax",
        code="10505001",
        location=f"{root}/entry/src/main/ets/util.ts:6:5",
        query_terms=["10505001", "Expression", "expected"],
    )
    with qtbot.waitSignal(page.recall_done, timeout=15_000):
        page.show_card(9, "build", finding, "build failed", project_dir=str(root))
    got = [(i.memory.id, i.via) for i in page.card.items]
    assert got[:2] == [(on_entity.id, "anchor"), (on_caller.id, "anchor")]
    assert (text.id, "text") in got[2:]
    labels = [r.origin.text() for r in page.card.rows]
    assert labels[:2] == ["anchored to normalise", "anchored to a caller: fetchData"]
    assert labels[2:] and set(labels[2:]) == {"text match"}


def test_failure_card_anchor_only_row_shows_its_origin_and_closeness(qtbot, ctx):
    from hmdesk.core.codeindex.location_recall import Recalled
    from hmdesk.gui.runs.failure_card import FailureCard

    card = FailureCard()
    qtbot.addWidget(card)
    card.show_finding("build", Finding(kind="k", evidence="e", fix="f"))
    mem = ctx.store.add("a pitfall about Index.build")
    card.set_recalled(None, [Recalled(mem, 0.5, "anchor", "anchored to Index.build")])
    assert [r.memory_id for r in card.rows] == [mem.id]
    assert card.rows[0].origin.text() == "anchored to Index.build"
    assert "closeness" in card.rows[0].breakdown.text()


def test_why_on_a_recalled_row_never_widens_the_card_past_the_pane(qtbot, ctx):
    """Issue 32, Broken 7: the score table and formula wrap to the card; the fix, the chips and
    the table stay inside the pane at 1024 px."""
    from hmdesk.gui.runs.run_page import RunPage

    ctx.store.add(
        "ArkTS Compiler Error 10505001: Expression expected, check the brackets around the "
        "component's build body before anything else",
        tags=["arkts", "build", "10505001"],
    )
    page = RunPage(ctx)
    qtbot.addWidget(page)
    page.resize(1024, 700)
    page.show()
    finding = Finding(
        kind="arkts-source",
        evidence="Expression expected",
        fix="fix the syntax",
        code="10505001",
        query_terms=["10505001", "Expression", "expected", "brackets"],
    )
    with qtbot.waitSignal(page.recall_done, timeout=15_000):
        page.show_card(1, "build", finding, "build failed")
    row = page.card.rows[0]
    pane = page.card_scroll.viewport().width()
    row.why_button.click()
    qtbot.waitUntil(lambda: row.why.isVisible())
    qtbot.waitUntil(lambda: page.card.width() <= pane)
    assert row.why.width() <= page.card.width() and row.meta.width() <= page.card.width()
    assert row.why.height() >= row.why.heightForWidth(row.why.width())  # wrapped, not cut
    assert page.card.fix.width() <= pane


def _card_page(qtbot, ctx):
    from hmdesk.gui.runs.run_page import RunPage

    page = RunPage(ctx)
    qtbot.addWidget(page)
    page.resize(1200, 800)
    page.show()
    return page


SIGNING = Finding(
    kind="signing",
    evidence="error: failed to install bundle. code:9568320 error: no signature file.",
    fix="Sign the HAP: add signingConfigs",
    code="9568320",
    query_terms=["signing", "9568320", "install", "signature"],
)


def test_save_as_pitfall_warns_about_a_near_copy_of_the_recalled_one(qtbot, ctx, monkeypatch):
    """Issue 32, Confusing: "Save as pitfall" on the same failure again used to store a
    near-copy of the pitfall the card had just recalled, without a word."""
    from hmdesk.gui.runs.save_pitfall import NearCopyBox, SavePitfallDialog

    page = _card_page(qtbot, ctx)
    monkeypatch.setattr(
        SavePitfallDialog, "ask", staticmethod(lambda prefill, parent=None: prefill)
    )
    asked: list[str] = []
    answer = {"choice": "strengthen"}

    def fake_box(memory, parent=None):
        asked.append(memory.id)
        return answer["choice"]

    monkeypatch.setattr(NearCopyBox, "ask", staticmethod(fake_box))
    with qtbot.waitSignal(page.recall_done, timeout=15_000):
        page.show_card(1, "install", SIGNING, "install failed")
    with qtbot.waitSignal(page.pitfall_saved, timeout=15_000) as saved:
        page.card.save_button.click()
    first = saved.args[0]
    assert asked == []  # nothing like it was recalled: saved without a question
    # the same failure in the next run: the card recalls that pitfall; saving again asks
    with qtbot.waitSignal(page.recall_done, timeout=15_000):
        page.show_card(2, "install", SIGNING, "install failed")
    assert first in [i.memory.id for i in page.card.items]
    before = ctx.store.get(first).confidence
    count = ctx.store.count()
    infos: list[str] = []
    ctx.bus.info.connect(infos.append)
    with qtbot.waitSignal(page.pitfall_strengthened, timeout=15_000):
        page.card.save_button.click()
    assert asked == [first]
    assert ctx.store.get(first).confidence == pytest.approx(min(1.0, before + 0.1))
    assert any("Strengthened pitfall" in i for i in infos)
    assert ctx.store.count() == count  # no copy stored
    # "Open it" shows the recalled one instead
    answer["choice"] = "open"
    with qtbot.waitSignal(page.memory_requested, timeout=5_000) as opened:
        page.card.save_button.click()
    assert opened.args == [first]


def test_save_as_pitfall_on_a_crash_card_warns_about_a_near_copy_too(
    qtbot, ctx, fake_tools, monkeypatch
):
    """Issue 32, Confusing: the same for the crash card in the Runs feed: the second "Save as
    pitfall" of the same crash (the app crashed again, a new pid) asks instead of storing a
    near-copy of the pitfall the card recalled."""
    from hmdesk.gui.runs.save_pitfall import NearCopyBox, SavePitfallDialog

    from tests.gui.runs.test_crash_card import crashes_from_device

    monkeypatch.setattr(
        SavePitfallDialog, "ask", staticmethod(lambda prefill, parent=None: prefill)
    )
    asked: list[str] = []
    monkeypatch.setattr(
        NearCopyBox, "ask", staticmethod(lambda memory, parent=None: asked.append(memory.id))
    )

    def page_with_crash(token: str, pid: int | None):
        page = _card_page(qtbot, ctx)
        page.crashes.project_dir = str(fake_tools.project("hello"))
        groups = crashes_from_device(fake_tools, token)
        with qtbot.waitSignal(page.crashes.recall_done, timeout=15_000):
            page.crashes.add_groups([g for g in groups if pid in (None, g.crash.pid)])
        return page

    first_page = page_with_crash("crash-js", None)
    with qtbot.waitSignal(first_page.pitfall_saved, timeout=15_000) as saved:
        first_page.crashes.save_pitfall()
    first = saved.args[0]
    assert asked == []  # nothing like it was recalled: saved without a question
    second_page = page_with_crash("crash-js-twice", 5501)
    assert first in second_page.crashes.card.recalled_ids()
    count = ctx.store.count()
    second_page.crashes.save_pitfall()  # the box is answered with None: nothing is saved
    assert asked == [first] and ctx.store.count() == count


def test_this_helped_on_a_crash_card_says_it_was_counted(qtbot, ctx, fake_tools):
    """Issue 32, Confusing: "This helped" gave no feedback; on the crash card too it is said
    on the bus, the button reads "Counted ✓" and the access log has the feedback row."""
    from hmdesk.core.memory.access import AccessLog

    from tests.gui.runs.test_crash_card import crashes_from_device

    mem = ctx.store.add(
        "JS crash TypeError: Cannot read property X of undefined: guard it with ?.",
        tags=["crash", "jscrash", "TypeError"],
    )
    page = _card_page(qtbot, ctx)
    with qtbot.waitSignal(page.crashes.recall_done, timeout=15_000):
        page.crashes.add_groups(crashes_from_device(fake_tools, "crash-js"))
    (row,) = [r for r in page.crashes.card.rows if r.memory_id == mem.id]
    with qtbot.waitSignal(ctx.bus.info, timeout=15_000) as said:
        row.helped_button.click()
    assert said.args[0].startswith(f"Counted: pitfall {mem.id} helped with this crash")
    assert row.helped_button.text() == "Counted ✓" and not row.helped_button.isEnabled()
    assert AccessLog(ctx.db).stats()[mem.id].helped == 1


def test_this_helped_says_it_was_counted(qtbot, ctx):
    page = _card_page(qtbot, ctx)
    mem = ctx.store.add(
        "Install failed with 9568320 no signature: the HAP is unsigned, add signingConfigs",
        tags=["signing", "install", "9568320"],
    )
    with qtbot.waitSignal(page.recall_done, timeout=15_000):
        page.show_card(3, "install", SIGNING, "install failed")
    row = page.card.row_for(mem.id)
    assert row is not None
    with qtbot.waitSignal(ctx.bus.info, timeout=15_000) as said:
        row.helped_button.click()
    assert said.args[0].startswith(f"Counted: pitfall {mem.id} helped with run #3")
    assert row.helped_button.text() == "Counted ✓"


def test_a_long_chip_is_elided_and_never_widens_the_card(qtbot, ctx):
    """A chip wraps whole (never inside a word), so a long one ("tag
    ArkTS-compiler-error-10505001, …") is elided to CHIP_COLUMNS: at the pane's narrowest the
    chips still fit and the card stays inside the pane."""
    from hmdesk.gui.runs.run_page import RunPage

    ctx.store.add(
        "ArkTS Compiler Error 10505001 from arkts-source: open the file hvigor names",
        tags=["arkts-source", "ArkTS-compiler-error-10505001", "build"],
    )
    page = RunPage(ctx)
    qtbot.addWidget(page)
    page.resize(1024, 700)
    page.show()
    finding = Finding(
        kind="arkts-source",
        evidence="Expression expected",
        fix="fix the syntax",
        code="10505001",
        query_terms=["10505001", "arkts", "compiler"],
    )
    with qtbot.waitSignal(page.recall_done, timeout=15_000):
        page.show_card(1, "build", finding, "build failed")
    row = page.card.rows[0]
    page.resize(320, 700)  # the pane's minimum width
    pane = page.card_scroll.viewport().width()
    assert "…" in row.meta.text()  # the longest chip was elided
    assert row.meta.minimumSizeHint().width() <= pane
    qtbot.waitUntil(lambda: page.card.width() <= page.card_scroll.viewport().width())
