"""Screenshots of the crash card, one per crash type, from the fake device.

``render(outdir)`` writes ``crash-js.png`` (a JS crash that came back after a relaunch: ×2, a
pitfall recalled), ``crash-cpp.png`` (a C++ crash, its stack from the fault log),
``crash-freeze.png`` (an app freeze) and ``crash-js-dark.png``. Each is the Runs area with the
sample project open and the fake hdc's crash scenario streaming in the device log.

Run from the repository root: ``QT_QPA_PLATFORM=offscreen .venv/bin/python -m
tests.screenshots.crashes out/`` (also part of ``python -m tests.screenshots``).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from tests.screenshots import session
from tests.screenshots.runs import _area, _close, _fake_tools, _grab, _grab_dark, _open, _spin

SCENES = [
    # (file, fake hdc scenario, waits for frames from the fault log)
    ("crash-js", ("crash-js-twice",), False),
    ("crash-cpp", ("crash-cpp",), True),
    ("crash-freeze", ("crash-freeze",), True),
]
CRASH_PITFALL = (
    "JS crash in com.example.hello: TypeError: Cannot read property message of undefined\n"
    "At: entry/src/main/ets/pages/Index.ets:8:12 (in Index.build)\n"
    "The page reads this.info.message before aboutToAppear() has loaded info; give the @State "
    "a default value or guard with ?.",
    ["pitfall", "harmonyos", "crash", "jscrash", "TypeError"],
    0.8,
)


def _scene(
    app: Any, base: Path, tools: Any, name: str, tokens: tuple[str, ...], faultlog: bool
) -> Any:
    os.environ["FAKE_HDC_SCENARIO"] = ",".join(tokens)
    os.environ["FAKE_HILOG_LINES"] = "120"
    area, ctx = _area(app, base, name)
    content, tags, confidence = CRASH_PITFALL
    ctx.store.add(content, tags=tags, confidence=confidence, source="hmdesk-runner")
    _open(app, area, tools.project("hello"))
    panel = area.run_page.crashes
    recalled: list[bool] = []
    panel.recall_done.connect(lambda: recalled.append(True))
    _spin(app, lambda: bool(panel.groups), 30)
    if faultlog:
        _spin(app, lambda: any(g.crash.frames for g in panel.groups.values()), 30)
    recalled.clear()
    _spin(app, lambda: bool(recalled), 5)
    area.tabs.setCurrentIndex(0)
    _spin(app, lambda: False, 0.6)
    return area, ctx


def render(outdir: str | os.PathLike[str]) -> list[Path]:
    paths: list[Path] = []
    with session(outdir) as (app, out, base):
        tools = _fake_tools(base / "fakes")
        os.environ["FAKE_HILOG_INTERVAL"] = "0.05"
        for name, tokens, faultlog in SCENES:
            area, ctx = _scene(app, base, tools, name, tokens, faultlog)
            paths.append(_grab(area, out / f"{name}.png"))
            if name == "crash-js":
                paths.append(_grab_dark(app, area, out / "crash-js-dark.png"))
            _close(app, area, ctx)
    return paths


if __name__ == "__main__":
    for p in render(sys.argv[1] if len(sys.argv) > 1 else "screenshots"):
        print(p)
