"""RunsArea end to end with the fake hdc and hvigorw (real child processes)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hmdesk.core.toolchain.project import Project
from hmdesk.core.toolchain.runs import PipelineOptions, RunResult
from hmdesk.gui.runs.area import RunsArea
from hmdesk.gui.runs.controller import RunOutcome
from hmdesk.gui.runs.hilog.view import RING_SETTING
from hmdesk.gui.runs.project_bar import RECENT_KEY
from hmdesk.gui.runs.save_pitfall import SavePitfallDialog
from PySide6.QtCore import Qt
from PySide6.QtGui import QTextDocument

from tests.fixtures.fake_tools import FAKE_HDC_KEY
from tests.gui.contrast import palettes, rendered_contrast

RUN_TIMEOUT = 60_000

PITFALLS = {
    "arkts": (
        "ArkTS compile error 10505001 (arkts-source): open the file:line:col from the hvigor log",
        ["arkts-source", "hvigor", "build"],
    ),
    "signing": (
        "Install failed with 9568320 no signature: the HAP is unsigned, add signingConfigs",
        ["signing", "install", "9568320"],
    ),
    "launch": (
        "aa start failed 10104001: the ability does not exist, check mainElement in module.json5",
        ["launch", "10104001", "aa"],
    ),
    "device": (
        "hdc finds no device: replug the cable, accept the debugging dialog, hdc kill -r",
        ["device", "hdc"],
    ),
    "timeout": (
        "Build timeout: hvigor hung, stop the daemon (hvigorw --stop-daemon) and retry",
        ["timeout", "build", "hvigor"],
    ),
}
# unrelated memories that share only generic words ("no", "file", "failed") with the findings
NOISE = (
    ("There is no coffee left in the kitchen", ["office"]),
    ("Keep the config file small and documented", ["docs"]),
    ("The demo failed to impress: rehearse the talk", ["talks"]),
)


@pytest.fixture
def ctx(ctx):
    """The shared ``ctx`` (tests/gui/conftest.py) seeded with the pitfalls and some noise."""
    c = ctx
    ids = {}
    for name, (content, tags) in PITFALLS.items():
        ids[name] = c.store.add(content, tags=tags, confidence=0.8).id
    c.pitfall_ids = ids  # type: ignore[attr-defined]
    c.noise_ids = [c.store.add(content, tags=tags).id for content, tags in NOISE]  # type: ignore[attr-defined]
    return c


@pytest.fixture
def area(qtbot, ctx, fake_tools):
    a = RunsArea(ctx)
    qtbot.addWidget(a)
    a.resize(1300, 850)
    a.show()
    yield a
    a.shutdown()


def open_project(qtbot, area, path: Path) -> Project:
    with qtbot.waitSignal(area.project_loaded, timeout=10_000) as sig:
        area.open_project(str(path))
    return sig.args[0]


def run(qtbot, area) -> RunOutcome:
    with qtbot.waitSignal(area.run_done, timeout=RUN_TIMEOUT) as sig:
        assert area.build_and_run() is not False
    return sig.args[0]


def wait_card(qtbot, area) -> None:
    qtbot.waitUntil(lambda: area.card_scroll.isVisible(), timeout=10_000)
    with qtbot.waitSignal(area.recall_done, timeout=10_000, raising=False):
        pass
    qtbot.waitUntil(lambda: "searching" not in area.card.recall_note.text(), timeout=10_000)


def wait_target(qtbot, area) -> None:
    qtbot.waitUntil(lambda: area.hub.target == FAKE_HDC_KEY, timeout=15_000)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_successful_run_end_to_end(qtbot, area, ctx, fake_tools):
    summary = open_project(qtbot, area, fake_tools.project("hello"))
    entry = summary.entry_module
    assert summary.bundle_name and entry is not None and entry.name == "entry"
    assert entry.launcher_ability
    assert "signed" in area.project_label.text()
    assert ctx.settings.value(RECENT_KEY)
    wait_target(qtbot, area)
    result = run(qtbot, area)
    assert isinstance(result, RunResult) and result.status == "success", result
    rows = area.steps.rows
    assert [rows[n].verdict for n in ("build", "install", "stop", "launch")] == ["passed"] * 4
    assert rows["build"].progress.value() == rows["build"].progress.maximum() > 0
    assert rows["build"].elapsed is not None
    assert "BUILD SUCCESSFUL" in area.steps.logs["build"].toPlainText()
    assert "start ability successfully" in area.steps.logs["launch"].toPlainText()
    assert not area.card_scroll.isVisible()
    assert area.run_button.isEnabled() and not area.cancel_button.isEnabled()
    qtbot.waitUntil(lambda: area.history.model.rowCount() == 1, timeout=10_000)
    assert area.history.model.run_at(0).status == "success"


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_resources_beside_the_device_log_collapsible_and_remembered(qtbot, area, ctx, fake_tools):
    """After a launch the app's memory/CPU chart (and the screenshot) sit beside the device
    log, sampled while the app runs; the panel hides and shows (the corner button or the
    divider) and a new area built with the saved layout has it as it was left."""
    from hmdesk.gui.common.layout_memory import restore_layout, save_layout

    fake_tools.device_root()
    fake_tools.set("FAKE_HDC_PIDS", "5394")
    open_project(qtbot, area, fake_tools.project("hello"))
    wait_target(qtbot, area)
    assert run(qtbot, area).status == "success"
    assert [area.tabs.tabText(i) for i in range(area.tabs.count())] == [
        "Run",
        "History",
        "Device log",
    ]
    assert not area.resources_button.isVisible()  # only on the Device log tab
    area.tabs.setCurrentWidget(area.hilog)
    split = area.log_split
    assert split.widget(0) is area.hilog.table and split.widget(1) is area.evidence
    assert split.parentWidget() is area.hilog  # under the log's toolbar, beside its table
    assert area.hilog.isVisible() and area.evidence.isVisible()
    assert area.evidence.x() > area.hilog.table.x() and area.evidence.chart.isVisible()
    assert area.resources_button.isVisible() and area.resources_button.isChecked()
    qtbot.waitUntil(lambda: len(area.evidence.chart.samples) >= 1, timeout=30_000)
    assert area.evidence.chart.samples[0].pss_kb == 92998  # tests/data/device/hidumper_mem
    width = split.sizes()[1]
    assert 0 < width <= min(420, sum(split.sizes()) // 4 + 1)  # a quarter at first, at most 420
    area.resources_button.click()
    assert not area.resources_shown() and split.sizes()[1] == 0
    assert not area.resources_button.isChecked() and area.hilog.isVisible()
    area.resources_button.click()
    assert area.resources_shown() and split.sizes()[1] == width  # at the width it had
    split.setSizes([sum(split.sizes()), 0])  # dragged shut
    split.splitterMoved.emit(sum(split.sizes()), 1)
    assert not area.resources_button.isChecked()
    save_layout(area, ctx.settings)
    again = RunsArea(ctx)
    qtbot.addWidget(again)
    restore_layout(again, ctx.settings)
    again.resize(1300, 850)
    again.show()
    again.tabs.setCurrentWidget(again.hilog)
    assert not again.resources_shown() and not again.resources_button.isChecked()
    again.resources_button.click()
    assert again.resources_shown() and again.evidence.width() > 100
    again.shutdown()


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.parametrize(
    ("scenario", "kind", "code", "pitfall"),
    [
        ("build-error", "arkts-source", "10505001", "arkts"),
        ("9568320", None, "9568320", "signing"),
        ("aa-start", None, "10104001", "launch"),
        ("no-device", "device", None, "device"),
        ("timeout", "timeout", None, "timeout"),
    ],
)
def test_failure_shows_card_with_recalled_pitfalls(
    qtbot, area, ctx, fake_tools, scenario, kind, code, pitfall
):
    if scenario == "build-error":
        fake_tools.hvigor_scenario("arkts-error")
    elif scenario == "9568320":
        fake_tools.hdc_scenario("one-device", "install-9568320")
    elif scenario == "aa-start":
        fake_tools.hdc_scenario("one-device", "aa-start-10104001")
    elif scenario == "no-device":
        fake_tools.hdc_scenario("no-device")
    elif scenario == "timeout":
        fake_tools.hvigor_scenario("hang")
        area.pipeline_options = PipelineOptions(
            timeouts={"build": 2.0, "install": 20, "stop": 20, "launch": 20}
        )
    open_project(qtbot, area, fake_tools.project("hello"))
    if scenario != "no-device":
        wait_target(qtbot, area)
    result = run(qtbot, area)
    assert result.status == "failed"
    wait_card(qtbot, area)
    card = area.card
    finding = card.finding
    assert finding is not None
    if kind:
        assert finding.kind == kind, finding
    if code:
        assert str(finding.code) == code or code in finding.evidence, finding
    assert "failed" in card.title.text()
    assert card.evidence.text()
    assert card.fix.text().startswith("<b>Fix:</b>")
    # the recalled pitfall for this failure is among the rows, with highlighting and breakdown
    ids = [r.memory_id for r in card.rows]
    assert ctx.pitfall_ids[pitfall] in ids, (finding.query_terms, card.recall_note.text())
    # generic words alone ("no", "file", 失败) recall nothing unrelated
    assert not set(ctx.noise_ids) & set(ids), (finding.query_terms, ids)
    row = card.row_for(ctx.pitfall_ids[pitfall])
    assert "background" in row.content.text()
    assert "confidence" in row.breakdown.text() and "lexical" in row.breakdown.text()
    if scenario == "timeout":
        assert area.steps.rows["build"].verdict == "timeout"


def test_build_error_location_is_clickable(qtbot, area, fake_tools):
    fake_tools.hvigor_scenario("arkts-error")
    open_project(qtbot, area, fake_tools.project("hello"))
    wait_target(qtbot, area)
    run(qtbot, area)
    log = area.steps.logs["build"]
    assert log.locations, log.toPlainText()[-500:]
    opened = []
    area.opener = lambda path, line, col, project: opened.append((path, line, col)) or "ok"
    loc = log.locations[0]
    log.location_activated.emit(loc.path, loc.line, loc.col)
    assert opened and opened[0][1] > 0


def test_the_fix_names_the_place_once_and_reads_as_a_sentence(qtbot, area, fake_tools):
    """The fake hvigor prints hvigor 5's ``Error Message: Expression expected. At File:
    …/Index.ets:18:34``. The card's fix read "… The compiler says at /…/Index.ets:18:34:
    Expression expected. At File: /…/Index.ets:18:34": the place twice, the second time the
    compiler's own words. Now the place once, where the sentence says to go."""
    fake_tools.hvigor_scenario("arkts-error")
    project = open_project(qtbot, area, fake_tools.project("hello"))
    wait_target(qtbot, area)
    run(qtbot, area)
    wait_card(qtbot, area)
    card = area.run_page.card
    doc = QTextDocument()
    doc.setHtml(card.fix.text())
    fix = doc.toPlainText()
    index = f"{project.root}/entry/src/main/ets/pages/Index.ets".replace("\\", "/")
    assert fix == (
        f"Fix: Fix the code at {index}:18:34. The compiler says: Expression expected. An "
        "expression is missing at the place: an operator, '=' or comma with nothing after it, an "
        "empty argument or array element, or a stray character (a full-width symbol, an extra "
        "')') before it. (ArkTS Compiler Error)"
    ), fix
    assert fix.count(":18:34") == 1 and "at file" not in fix.lower()


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_save_as_pitfall_and_this_helped(qtbot, area, ctx, fake_tools, monkeypatch):
    fake_tools.hdc_scenario("one-device", "install-9568320")
    open_project(qtbot, area, fake_tools.project("hello"))
    wait_target(qtbot, area)
    result = run(qtbot, area)
    wait_card(qtbot, area)
    seen = {}

    def fake_ask(prefill, parent=None):
        seen.update(prefill)
        return {
            "content": prefill["content"],
            "tags": prefill["tags"],
            "layer": "semantic",
            "confidence": 0.9,
            "provenance": prefill["provenance"],
            "source": prefill["source"],
        }

    monkeypatch.setattr(SavePitfallDialog, "ask", staticmethod(fake_ask))
    with qtbot.waitSignal(area.pitfall_saved, timeout=10_000) as sig:
        area.card.save_button.click()
    saved = ctx.store.get(sig.args[0])
    assert str(result.run_id) in saved.provenance
    assert "9568320" in saved.content and "install" in saved.tags
    assert seen["content"].startswith("Install failed")
    # "This helped" is counted as helped; the recall count stays the card's recalls
    wait_card(qtbot, area)
    row = area.card.row_for(ctx.pitfall_ids["signing"])
    assert row is not None
    from hmdesk.core.memory.access import AccessLog

    log = AccessLog(ctx.db)
    signing = ctx.pitfall_ids["signing"]
    with qtbot.waitSignal(area.recall_counted, timeout=10_000):
        row.helped_button.click()
    assert log.stats()[signing].helped == 1

    def recall_rows() -> int:
        return sum(1 for a in log.for_memory(signing) if a.kind in ("query", "run"))

    # the memory's count is its recall rows (the card's), "This helped" not among them
    qtbot.waitUntil(
        lambda: ctx.store.get(signing).recall_count == recall_rows() >= 1, timeout=10_000
    )
    assert not row.helped_button.isEnabled()

    # the access log: the card's recall and the feedback, both with the run id
    def accesses() -> list[tuple[str, int | None, bool | None]]:
        got = AccessLog(ctx.db).for_memory(ctx.pitfall_ids["signing"])
        return [(a.kind, a.run_id, a.helped) for a in got]

    qtbot.waitUntil(lambda: ("run", result.run_id, None) in accesses(), timeout=10_000)
    assert ("feedback", result.run_id, True) in accesses()


def test_unsigned_project_warns_before_building(qtbot, area, fake_tools, monkeypatch):
    open_project(qtbot, area, fake_tools.project("hello-unsigned"))
    assert "unsigned" in area.project_label.text()
    asked = []
    monkeypatch.setattr(area, "confirm_unsigned", lambda problem: asked.append(problem) or False)
    assert area.build_and_run() is False
    assert asked and not area.controller.running


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    try:  # a zombie is dead for our purpose
        with open(f"/proc/{pid}/stat") as fh:
            return fh.read().split(")")[-1].split()[0] != "Z"
    except OSError:
        return False


def _fake_processes(marker: str) -> list[int]:
    pids = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            cmd = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if "hvigorw.py" in cmd and marker in cmd and _alive(int(entry.name)):
            pids.append(int(entry.name))
    return pids


@pytest.mark.skipif(not Path("/proc").is_dir(), reason="uses /proc to find processes")
def test_cancel_leaves_no_process_behind(qtbot, area, fake_tools):
    fake_tools.hvigor_scenario("hang")
    # only hvigorw spawns the grandchild (the fake hdc would too, and it is polled meanwhile)
    pidfile = fake_tools.work / "hvigor-grandchild.pid"
    wrapper = fake_tools.work / "hvigorw-spawning"
    wrapper.write_text(
        f'#!/bin/sh\nFAKE_SPAWN_CHILD="{pidfile}" exec "{fake_tools.hvigorw}" "$@"\n'
    )
    wrapper.chmod(0o755)
    fake_tools.set("HMDESK_HVIGORW", str(wrapper))
    open_project(qtbot, area, fake_tools.project("hello"))
    wait_target(qtbot, area)
    assert area.build_and_run()
    qtbot.waitUntil(lambda: area.steps.rows["build"].verdict == "running", timeout=10_000)
    qtbot.waitUntil(lambda: bool(pidfile.exists() and pidfile.read_text().strip()), timeout=10_000)
    grandchild = int(pidfile.read_text().strip())
    assert _alive(grandchild)
    with qtbot.waitSignal(area.run_done, timeout=RUN_TIMEOUT) as sig:
        area.cancel_button.click()
    assert sig.args[0].status == "cancelled"
    assert area.steps.rows["build"].verdict == "cancelled"
    qtbot.waitUntil(lambda: not _alive(grandchild), timeout=10_000)
    assert _fake_processes(str(fake_tools.bin_dir.parent)) == []


@pytest.mark.slow  # real fake-tool runs, then a repeat
def test_history_open_filter_and_repeat(qtbot, area, ctx, fake_tools):
    open_project(qtbot, area, fake_tools.project("hello"))
    wait_target(qtbot, area)
    assert run(qtbot, area).status == "success"
    fake_tools.hdc_scenario("one-device", "install-9568320")
    failed = run(qtbot, area)
    assert failed.status == "failed"
    h = area.history
    qtbot.waitUntil(lambda: h.model.rowCount() == 2, timeout=10_000)
    with qtbot.waitSignal(h.loaded, timeout=10_000):
        h.status_box.setCurrentText("failed")
    assert h.model.rowCount() == 1 and h.model.run_at(0).status == "failed"
    with qtbot.waitSignal(area.old_run_shown, timeout=10_000):
        h.open_requested.emit(failed.run_id)
    assert area.steps.rows["install"].verdict == "failed"
    assert "9568320" in area.steps.logs["install"].toPlainText()
    wait_card(qtbot, area)
    assert area.card.finding is not None and area.card.finding.code == "9568320"
    assert f"#{failed.run_id}" in area.banner.text()
    # the run detail says what the failed step's code means (as stored by the pipeline)
    stored = next(s for s in area.repo.get(failed.run_id).steps if s.name == "install")
    assert (
        stored.error_meaning and stored.error_meaning in area.steps.rows["install"].message.text()
    )
    # repeat it (now installing works)
    fake_tools.hdc_scenario("one-device")
    with qtbot.waitSignal(area.run_done, timeout=RUN_TIMEOUT) as sig:
        h.repeat_requested.emit(failed.run_id)
    assert sig.args[0].status == "success"
    with qtbot.waitSignal(h.loaded, timeout=10_000):
        h.status_box.setCurrentText("(all)")
    assert h.model.rowCount() == 3
    assert h.model.run_at(0).rerun_of == failed.run_id


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_models_pass_qtmodeltester(qtbot, qtmodeltester, area, fake_tools):
    open_project(qtbot, area, fake_tools.project("hello"))
    wait_target(qtbot, area)
    run(qtbot, area)
    qtbot.waitUntil(lambda: area.history.model.rowCount() == 1, timeout=10_000)
    qtmodeltester.check(area.history.model)
    qtbot.waitUntil(lambda: area.hilog.model.rowCount() > 0, timeout=15_000)
    qtmodeltester.check(area.hilog.model)


def test_ctrl_r_and_ring_setting(qtbot, area, ctx, monkeypatch):
    qtbot.waitExposed(area)
    area.activateWindow()
    area.setFocus()
    qtbot.keyClick(area, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: "Open a project first" in area.banner.text())
    assert area.hilog.model.capacity == 200_000
    monkeypatch.setattr(area, "ask_ring_capacity", lambda current: 50_000)
    area.hilog.capacity_action.trigger()
    assert area.hilog.model.capacity == 50_000
    assert int(ctx.settings.value(RING_SETTING)) == 50_000


def test_missing_hvigorw_turns_build_and_run_off_with_a_reason_and_preferences(
    qtbot, area, fake_tools
):
    from PySide6.QtGui import QAction, QKeySequence
    from PySide6.QtWidgets import QMainWindow

    fake_tools.set("HMDESK_HVIGORW", str(fake_tools.work / "no-such-hvigorw"))
    area.tool_status.refresh()
    qtbot.waitUntil(lambda: not area.run_button.isEnabled(), timeout=10_000)
    line = area.tool_status.label.text()
    assert area.tool_status.isVisible()
    assert line.startswith("Build & Run and Build only are off: hvigorw was not found.")
    assert "HMDESK_HVIGORW" in area.run_button.toolTip()  # where it was looked for
    actions = area.run_actions.by_name
    assert not actions["build"].isEnabled() and actions["install"].isEnabled()  # hdc is there
    open_project(qtbot, area, fake_tools.project("hello"))
    qtbot.keyClick(area, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    assert area.build_and_run() is False
    assert area.repo.count() == 0  # no failed run recorded, so no card recalling "hdc" pitfalls
    assert not area.card_scroll.isVisible()
    # "Open Preferences…" opens the window's Preferences (Ctrl+,); set there, Build & Run is on
    win = QMainWindow()
    qtbot.addWidget(win)
    win.setCentralWidget(area)
    prefs = QAction("Preferences…", win)
    prefs.setShortcut(QKeySequence("Ctrl+,"))
    prefs.triggered.connect(lambda: fake_tools.set("HMDESK_HVIGORW", str(fake_tools.hvigorw)))
    win.addAction(prefs)
    win.show()
    area.tool_status.button.click()
    qtbot.waitUntil(lambda: area.run_button.isEnabled(), timeout=10_000)
    assert not area.tool_status.isVisible()
    area.setParent(None)  # the fixture shuts the area down


def test_open_preferences_without_the_window_action_asks_the_window(qtbot, area, fake_tools):
    fake_tools.set("HMDESK_HDC", str(fake_tools.work / "no-such-hdc"))
    area.tool_status.refresh()
    qtbot.waitUntil(lambda: area.tool_status.isVisible(), timeout=10_000)
    assert "hdc was not found" in area.tool_status.label.text()
    assert area.run_actions.by_name["build"].isEnabled()  # a build needs no hdc
    assert not area.run_actions.by_name["uninstall"].isEnabled()
    with qtbot.waitSignal(area.preferences_requested, timeout=5_000):
        area.tool_status.button.click()


@pytest.mark.parametrize("broken", ["empty-folder", "bad-json5"])
def test_unreadable_project_says_why_and_what_to_open(qtbot, area, tmp_path, broken):
    folder = tmp_path / broken
    folder.mkdir()
    if broken == "bad-json5":
        (folder / "AppScope").mkdir()
        (folder / "AppScope" / "app.json5").write_text("{ app: { bundleName: ", encoding="utf-8")
        (folder / "build-profile.json5").write_text("{}", encoding="utf-8")
    with qtbot.waitSignal(area.project_failed, timeout=10_000) as sig:
        area.open_project(str(folder))
    assert sig.args[0]
    text = area.project_label.text()
    assert "Not a HarmonyOS project" in text and "AppScope/app.json5" in text
    assert area.project is None
    assert area.build_and_run() is False  # and it says to open a project first
    assert "Open a project first" in area.banner.text()


def test_device_box_shows_the_whole_device_and_state(qtbot, area, fake_tools):
    qtbot.waitUntil(lambda: area.hub.target == FAKE_HDC_KEY, timeout=15_000)
    box = area.device_box
    text = box.currentText()
    assert FAKE_HDC_KEY in text and "Connected" in text
    # the closed combo is wide enough for its text (it used to cut "Connected" off)
    assert box.width() >= box.fontMetrics().horizontalAdvance(text) + 20


def test_ctrl_r_works_from_another_tab_and_brings_the_runs_area_up(qtbot, ctx, fake_tools):
    """As in the window: the actions sit on the top-level widget, the area is one of its tabs."""
    from hmdesk.gui.runs.run_actions import RunActions
    from PySide6.QtCore import Qt
    from PySide6.QtWidgets import QLineEdit, QTabWidget

    tabs = QTabWidget()
    qtbot.addWidget(tabs)
    area = RunsArea(ctx, actions=RunActions(tabs))
    other = QLineEdit()
    tabs.addTab(other, "Memories")
    tabs.addTab(area, "Runs")
    tabs.setCurrentIndex(0)
    tabs.show()
    try:
        with qtbot.waitActive(tabs):
            tabs.activateWindow()
        other.setFocus()
        qtbot.keyClick(other, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: tabs.currentWidget() is area)
        assert "Open a project first" in area.banner.text()
    finally:
        area.shutdown()


def test_missing_hdc_is_said_on_the_runs_tab_too(qtbot, area, fake_tools):
    fake_tools.set("HMDESK_HDC", str(fake_tools.work / "no-such-hdc"))
    area.hub.refresh()
    qtbot.waitUntil(lambda: area.device_error.isVisible(), timeout=15_000)
    assert "HMDESK_HDC" in area.device_error.text()
    fake_tools.set("HMDESK_HDC", str(fake_tools.hdc))
    area.hub.refresh()
    qtbot.waitUntil(lambda: not area.device_error.isVisible(), timeout=15_000)


def test_missing_hdc_is_said_once_not_twice(qtbot, area, fake_tools):
    """Issue 11: the missing-tools line and "Cannot list devices: hdc was not found (…)" said
    the same thing one above the other; the tools line says it, with the places in its tip."""
    fake_tools.set("HMDESK_HDC", str(fake_tools.work / "no-such-hdc"))
    area.hub.refresh()
    area.tool_status.refresh()
    qtbot.waitUntil(
        lambda: "hdc" in area.tool_status.missing and bool(area.hub.error), timeout=15_000
    )
    qtbot.waitUntil(lambda: not area.tool_status.isHidden())
    assert area.device_error.isHidden()
    assert "hdc" in area.tool_status.label.text()
    assert "HMDESK_HDC" in area.tool_status.label.toolTip()
    fake_tools.set("HMDESK_HDC", str(fake_tools.hdc))
    area.hub.refresh()
    area.tool_status.refresh()
    qtbot.waitUntil(lambda: not area.tool_status.missing and not area.hub.error, timeout=15_000)
    assert area.device_error.isHidden() and area.tool_status.isHidden()


@pytest.mark.parametrize("name", ["light", "dark"])
@pytest.mark.parametrize("kind", ["ok", "warn", "error", "info"])
def test_banner_and_device_error_are_readable_under_both_palettes(qtbot, area, name, kind):
    area.setPalette(palettes()[name])
    area.banner_text("Run #12 of com.example.hello on FMR0224109025576: <b>failed</b>", kind)
    area._on_hub_error("hdc was not found: set HMDESK_HDC")
    qtbot.waitUntil(lambda: area.banner.isVisible() and area.device_error.isVisible())
    assert rendered_contrast(area.banner) >= 4.5, (name, kind)
    assert rendered_contrast(area.device_error) >= 4.5, name


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_save_as_pitfall_prefills_the_real_message_and_location(
    qtbot, area, fake_tools, monkeypatch
):
    fake_tools.hvigor_scenario("arkts-error")
    open_project(qtbot, area, fake_tools.project("hello"))
    wait_target(qtbot, area)
    run(qtbot, area)
    wait_card(qtbot, area)
    seen: dict[str, object] = {}

    def fake_ask(prefill, parent=None):
        seen.update(prefill)
        return None  # cancelled

    monkeypatch.setattr(SavePitfallDialog, "ask", staticmethod(fake_ask))
    area.card.save_button.click()
    content = str(seen["content"])
    first = content.splitlines()[0]
    # hvigor's own message and code, not "Build failed: arkts-source (10505001)"
    assert first == "Build failed: 10505001 ArkTS Compiler Error: Expression expected."
    assert "At: entry/src/main/ets/pages/Index.ets:18:34" in content


def test_build_and_run_without_a_project_says_so_once(qtbot, area, ctx):
    errors: list[tuple[str, str]] = []
    ctx.bus.error.connect(lambda what, todo: errors.append((what, todo)))
    area.project_bar.project = None
    qtbot.keyClick(area, Qt.Key.Key_R, Qt.KeyboardModifier.ControlModifier)
    qtbot.waitUntil(lambda: "Open a project first" in area.banner.text())
    assert area.banner.isVisible()
    assert errors == []  # not a second banner from the window saying the same thing


@pytest.mark.slow  # a window run and a CLI process
def test_cli_run_recalls_the_same_pitfalls_as_the_failure_card(
    qtbot, area, ctx, fake_tools, tmp_path, capsys
):
    import json

    from hmdesk.core.cli import main

    fake_tools.hdc_scenario("one-device", "aa-start-10104001")
    open_project(qtbot, area, fake_tools.project("hello"))
    wait_target(qtbot, area)
    run(qtbot, area)
    wait_card(qtbot, area)
    shown = [row.memory_id for row in area.card.rows]
    assert ctx.pitfall_ids["launch"] in shown
    capsys.readouterr()
    code = main(
        ["--db", str(tmp_path / "hmdesk.db"), "run", "--project", str(area.project_dir), "--json"]
    )
    data = json.loads(capsys.readouterr().out)
    assert code == 1 and [r["id"] for r in data["recalled"]] == shown


def steps_shown(area) -> list[str]:
    return list(area.steps.rows)


@pytest.mark.slow  # a real fake-tool run per choice
def test_build_choices_build_only_install_only_stacktrace_by_keyboard(qtbot, area, fake_tools):
    project = fake_tools.project("hello-flavors")
    open_project(qtbot, area, project)
    wait_target(qtbot, area)
    bar = area.choices
    bar.product_box.setFocus()
    qtbot.keyClick(bar.product_box, Qt.Key.Key_Down)  # paid
    qtbot.keyClick(bar.target_box, Qt.Key.Key_Down)  # premium
    qtbot.keyClick(bar.mode_box, Qt.Key.Key_Down)  # release
    qtbot.keyClick(bar.clean_box, Qt.Key.Key_Space)  # clean first
    # Ctrl+B: build only (clean first), no device involved
    with qtbot.waitSignal(area.run_done, timeout=RUN_TIMEOUT) as sig:
        qtbot.keyClick(area, Qt.Key.Key_B, Qt.KeyboardModifier.ControlModifier)
    assert sig.args[0].status == "success"
    assert steps_shown(area) == ["clean", "build"]
    assert "built " in area.banner.text() and "entry-premium-signed.hap" in area.banner.text()
    hv = [c["argv"] for c in fake_tools.calls("hvigorw")]
    assert hv[0] == ["clean", "--no-daemon"]
    assert hv[1] == [
        "assembleHap", "--mode", "module", "-p", "module=entry@premium", "-p", "product=paid",
        "-p", "buildMode=release", "--no-daemon",
    ]  # fmt: skip
    assert not any("install" in c["argv"] for c in fake_tools.calls("hdc"))
    # Ctrl+Shift+I: install only, the HAP just built
    with qtbot.waitSignal(area.run_done, timeout=RUN_TIMEOUT) as sig:
        qtbot.keyClick(
            area,
            Qt.Key.Key_I,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
        )
    assert sig.args[0].status == "success" and steps_shown(area) == ["install"]
    installed = [c["argv"] for c in fake_tools.calls("hdc") if "install" in c["argv"]]
    assert installed[-1][-1].endswith("premium/entry-premium-signed.hap")
    # Ctrl+Shift+R: the run again with hvigor's --stacktrace
    with qtbot.waitSignal(area.run_done, timeout=RUN_TIMEOUT) as sig:
        qtbot.keyClick(
            area,
            Qt.Key.Key_R,
            Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier,
        )
    assert sig.args[0].status == "success"
    assert fake_tools.calls("hvigorw")[-1]["argv"][-1] == "--stacktrace"
    assert sig.args[0].options["stacktrace"] is True


def test_stop_shortcut_cancels_the_run(qtbot, area, fake_tools):
    fake_tools.hvigor_scenario("hang")
    open_project(qtbot, area, fake_tools.project("hello"))
    wait_target(qtbot, area)
    assert area.build_and_run()
    qtbot.waitUntil(lambda: area.run_actions.by_name["stop"].isEnabled(), timeout=10_000)
    assert not area.run_actions.by_name["build"].isEnabled()  # one run at a time
    with qtbot.waitSignal(area.run_done, timeout=RUN_TIMEOUT) as sig:
        qtbot.keyClick(area, Qt.Key.Key_F5, Qt.KeyboardModifier.ShiftModifier)
    assert sig.args[0].status == "cancelled"
    assert area.run_button.isEnabled() and not area.run_actions.by_name["stop"].isEnabled()


@pytest.mark.parametrize(
    ("name", "argv", "said"),
    [
        ("uninstall", ["uninstall", "com.example.hello"], "Uninstalled com.example.hello"),
        (
            "clear_data",
            ["shell", "bm", "clean", "-n", "com.example.hello", "-d"],
            "Cleared the data of com.example.hello",
        ),
    ],
)
def test_uninstall_and_clear_app_data_on_the_device(
    qtbot, area, fake_tools, monkeypatch, name, argv, said
):
    open_project(qtbot, area, fake_tools.project("hello"))
    wait_target(qtbot, area)
    asked: list[str] = []
    monkeypatch.setattr(area.run_actions, "confirm", lambda t, text: asked.append(text) or True)
    action = area.run_actions.by_name[name]
    assert action in area.choices.more_menu.actions()  # reachable from the More menu
    with qtbot.waitSignal(area.run_actions.app_action_done, timeout=30_000) as sig:
        action.trigger()
    assert sig.args[0].ok and said in area.banner.text()
    assert "com.example.hello" in asked[0] and FAKE_HDC_KEY in asked[0]
    assert ["-t", FAKE_HDC_KEY, *argv] in [c["argv"] for c in fake_tools.calls("hdc")]
    assert area.repo.count() == 0  # not a run


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_a_failed_build_offers_to_run_again_with_stacktrace(qtbot, area, fake_tools):
    fake_tools.hvigor_scenario("arkts-error")
    open_project(qtbot, area, fake_tools.project("hello"))
    wait_target(qtbot, area)
    run(qtbot, area)
    wait_card(qtbot, area)
    assert area.card.stacktrace_button.isVisible()
    with qtbot.waitSignal(area.run_done, timeout=RUN_TIMEOUT):
        area.card.stacktrace_button.click()
    assert fake_tools.calls("hvigorw")[-1]["argv"][-1] == "--stacktrace"


@pytest.mark.slow  # two real fake-tool runs
def test_repeat_from_history_builds_what_the_run_built(qtbot, area, fake_tools):
    open_project(qtbot, area, fake_tools.project("hello-flavors"))
    wait_target(qtbot, area)
    area.choices.product_box.setCurrentText("paid")
    area.choices.target_box.setCurrentText("premium")
    first = run(qtbot, area)
    assert first.status == "success"
    area.choices.product_box.setCurrentText("default")  # chosen since: not what is repeated
    with qtbot.waitSignal(area.run_done, timeout=RUN_TIMEOUT) as sig:
        area.history.repeat_requested.emit(first.run_id)
    assert sig.args[0].status == "success" and sig.args[0].rerun_of == first.run_id
    argv = fake_tools.calls("hvigorw")[-1]["argv"]
    assert "module=entry@premium" in argv and "product=paid" in argv
