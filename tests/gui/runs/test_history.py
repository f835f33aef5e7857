"""Run history: read through the core's RunRepository, filtered by status, device and project."""

from __future__ import annotations

from hmdesk.core.db import iso
from hmdesk.core.models import Run
from hmdesk.core.toolchain.finding import Finding
from hmdesk.core.toolchain.runs import RunRepository, RunResult
from hmdesk.gui.common.theme import DARK, LIGHT
from hmdesk.gui.context import build_context
from hmdesk.gui.runs.history import RunHistory, load_history, run_why, status_colour
from PySide6.QtCore import QSettings


def test_history_filters_by_device_and_project(qtbot, tmp_path, qapp):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    ctx = build_context(tmp_path / "h.db", settings)
    with ctx.db.write() as s:
        for project, device, status in (
            ("/p/a", "DEV1", "success"),
            ("/p/a", "DEV2", "failed"),
            ("/p/b", "DEV1", "failed"),
        ):
            s.add(Run(project=project, device=device, status=status, started_at=iso(), options={}))
    h = RunHistory(ctx.db)
    qtbot.addWidget(h)
    with qtbot.waitSignal(h.loaded, timeout=10_000):
        h.reload()
    assert h.model.rowCount() == 3
    with qtbot.waitSignal(h.loaded, timeout=10_000):
        h.device_box.setCurrentText("DEV1")
    assert sorted(h.model.run_at(r).project for r in range(h.model.rowCount())) == [
        "/p/a",
        "/p/b",
    ]
    with qtbot.waitSignal(h.loaded, timeout=10_000):
        h.project_box.setCurrentText("/p/b")
    assert h.model.rowCount() == 1 and h.model.run_at(0).device == "DEV1"
    ctx.db.close()


def test_load_history_and_why(tmp_path, qapp):
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    ctx = build_context(tmp_path / "h.db", settings)
    doctor = Finding(kind="signing", evidence="e", fix="f", code="9568320")
    with ctx.db.write() as s:
        s.add(Run(project="/p/a", device="DEV1", status="success", started_at=iso(), options={}))
        s.add(
            Run(
                project="/p/b",
                device=None,
                status="failed",
                started_at=iso(),
                options={},
                doctor=doctor.to_dict(),
            )
        )
    page = load_history(RunRepository(ctx.db))
    assert [r.status for r in page.runs] == ["failed", "success"]
    assert all(isinstance(r, RunResult) for r in page.runs)
    assert page.devices == ["DEV1"] and page.projects == ["/p/a", "/p/b"]
    assert run_why(page.runs[0]) == "signing (9568320)" and run_why(page.runs[1]) == ""
    assert load_history(RunRepository(ctx.db), status="success").runs[0].project == "/p/a"
    assert status_colour("failed", DARK) == DARK.error_fg
    assert status_colour("success", LIGHT) == LIGHT.ok_fg
    ctx.db.close()
