"""Screenshots of the device runner with realistic data from the fake tools.

``render(outdir)`` writes these PNGs and returns their paths:

* ``runs-success.png`` — a successful build → install → stop → launch of the sample project,
* ``runs-failed.png``  — an ArkTS compile error with its failure card and recalled pitfalls, on
  top of the feed, the app's earlier crash closed below it with its time,
* ``runs-hilog.png``   — the hilog view after a 50,000 lines/s burst (ring full, drops counted),
* ``runs-failed-dark.png``, ``runs-hilog-dark.png`` — the last two in the dark theme (the
  palette switched while the window is open, as when the system switches).

The fake ``hdc``/``hvigorw`` live in the source tree (``tests/fixtures``), so run it from the
repository root: ``QT_QPA_PLATFORM=offscreen .venv/bin/python -m tests.screenshots.runs out/``.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.screenshots import session

SIZE = (1400, 900)
SHOWN_PROJECT = "~/DevEcoStudioProjects/hello"
"""Where the project bar says the project is, instead of the throw-away folder."""

PITFALLS = [
    (
        "ArkTS compile error 10505001 (arkts-source): hvigor prints `At File: path:line:col`; "
        "open it, the message above it says what the compiler expected. A missing import of a "
        "@Component is the usual cause.",
        ["arkts-source", "hvigor", "build", "ArkTS"],
        0.85,
    ),
    (
        "Build failed after upgrading the SDK: run `ohpm install` and `hvigorw --sync` before "
        "assembleHap, stale oh_modules give ArkTS compile errors in files you did not touch.",
        ["hvigor", "ohpm", "build"],
        0.6,
    ),
    (
        "Install failed with code 9568320 (no signature): the HAP is unsigned; add "
        "signingConfigs in build-profile.json5 (DevEco: Project Structure > Signing Configs).",
        ["signing", "install", "9568320"],
        0.9,
    ),
]


def _spin(app: Any, until: Callable[[], bool], timeout: float) -> bool:
    from PySide6.QtCore import QEventLoop

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        app.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 20)
        if until():
            return True
    return until()


def _fake_tools(base: Path) -> Any:
    from tests.fixtures.fake_tools import make_fake_tools

    tools = make_fake_tools(base)
    os.environ.update(tools.env)
    return tools


def _area(app: Any, base: Path, name: str, ring: int | None = None) -> tuple[Any, Any]:
    from hmdesk.gui.context import build_context
    from hmdesk.gui.runs.area import RunsArea
    from hmdesk.gui.runs.hilog.view import RING_SETTING
    from PySide6.QtCore import QSettings

    work = base / name
    work.mkdir(parents=True)
    settings = QSettings(str(work / "settings.ini"), QSettings.Format.IniFormat)
    if ring:
        settings.setValue(RING_SETTING, ring)
    ctx = build_context(work / "hmdesk.db", settings)
    for content, tags, confidence in PITFALLS:
        ctx.store.add(content, tags=tags, confidence=confidence, source="hmdesk-runner")
    area = RunsArea(ctx)
    area.resize(*SIZE)
    area.show()
    return area, ctx


def _open(app: Any, area: Any, project: Path) -> None:
    done: list[Any] = []  # the core Project
    area.project_loaded.connect(done.append)
    area.open_project(str(project))
    _spin(app, lambda: bool(done), 15)


def _run(app: Any, area: Any) -> Any:
    """Build & Run; the outcome (the core RunResult, or None when the run never finished)."""
    done: list[Any] = []
    area.run_done.connect(done.append)
    _spin(app, lambda: area.hub.target != "", 15)
    area.build_and_run()
    _spin(app, lambda: bool(done), 90)
    return done[0] if done else None


def _grab(area: Any, path: Path) -> Path:
    """``area`` saved to ``path``, its project bar showing :data:`SHOWN_PROJECT`."""
    project = area.project_bar.project
    label = area.project_bar.label
    if project is not None:
        label.setText(label.text().replace(str(project.root), SHOWN_PROJECT))
    area.grab().save(str(path))
    return path


def _grab_dark(app: Any, area: Any, path: Path) -> Path:
    """``area`` grabbed under the dark palette, then the light one back."""
    from hmdesk.gui.common.theme import dark_palette

    light = app.palette()
    app.setPalette(dark_palette())
    _spin(app, lambda: False, 0.4)
    _grab(area, path)
    app.setPalette(light)
    _spin(app, lambda: False, 0.1)
    return path


def _close(app: Any, area: Any, ctx: Any) -> None:
    area.shutdown()
    area.close()
    area.deleteLater()
    _spin(app, lambda: False, 0.2)
    ctx.db.close()


def render(outdir: str | os.PathLike[str]) -> list[Path]:
    """Write the three screenshots into ``outdir``; returns their paths."""
    paths: list[Path] = []
    with session(outdir) as (app, out, base):
        tools = _fake_tools(base / "fakes")
        os.environ["FAKE_HILOG_INTERVAL"] = "0.01"
        os.environ["FAKE_HVIGOR_DELAY"] = "0.02"

        # 1. a successful run
        area, ctx = _area(app, base, "success")
        _open(app, area, tools.project("hello"))
        _run(app, area)
        area.tabs.setCurrentIndex(0)
        area.steps.tabs.setCurrentWidget(area.steps.logs["build"])
        _spin(app, lambda: False, 0.5)
        paths.append(_grab(area, out / "runs-success.png"))
        _close(app, area, ctx)

        # 2. a failed run with its card, after a crash of the app (closed below it)
        os.environ["FAKE_HVIGOR_SCENARIO"] = "arkts-error"
        os.environ["FAKE_HDC_SCENARIO"] = "one-device,crash-js"
        area, ctx = _area(app, base, "failed")
        _open(app, area, tools.project("hello"))
        _spin(app, lambda: bool(area.run_page.crashes.groups), 30)
        recalled: list[bool] = []
        area.recall_done.connect(lambda: recalled.append(True))
        _run(app, area)
        _spin(app, lambda: bool(recalled), 15)
        area.tabs.setCurrentIndex(0)
        _spin(app, lambda: False, 0.5)
        paths.append(_grab(area, out / "runs-failed.png"))
        paths.append(_grab_dark(app, area, out / "runs-failed-dark.png"))
        _close(app, area, ctx)
        os.environ.pop("FAKE_HVIGOR_SCENARIO", None)
        os.environ.pop("FAKE_HDC_SCENARIO", None)

        # 3. the hilog view under load (the benchmark's 50k lines/s fake hdc)
        from hmdesk.core.toolchain.hdc import Device

        from tests.bench.bench_hilog_view import KEY, _env, _written

        (base / "load").mkdir()
        os.environ["BENCH_HILOG_RATE"] = "50000"
        os.environ["BENCH_HILOG_SECONDS"] = "3"
        done = _env(base / "load", 50_000, 3)
        area, ctx = _area(app, base, "hilog", ring=100_000)
        _open(app, area, tools.project("hello"))
        area.tabs.setCurrentWidget(area.hilog)
        area.hub.inject([Device(KEY, "USB", "Connected", "bench-phone")])
        area.hub.set_target(KEY)
        view = area.hilog
        _spin(
            app,
            lambda: (w := _written(done)) is not None and view.model.shown + view.dropped >= w[0],
            60,
        )
        view.query.setText("level:W tag:testTag | tag:Net")
        view.only_mine.setChecked(True)
        view.apply_query()
        _spin(app, lambda: view.model.caught_up, 20)
        _spin(app, lambda: False, 0.5)
        paths.append(_grab(area, out / "runs-hilog.png"))
        paths.append(_grab_dark(app, area, out / "runs-hilog-dark.png"))
        _close(app, area, ctx)
    return paths


if __name__ == "__main__":
    for p in render(sys.argv[1] if len(sys.argv) > 1 else "screenshots"):
        print(p)
