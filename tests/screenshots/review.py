"""Screenshots of the Review tab, light and dark: ``review.png`` (a duplicate group, the copy
to keep and the proposed action starred) and ``review-dark.png`` (a stale memory consolidation
would decay, Apply or Dismiss), over the screenshots' store (``memories.populate``) with a
contradiction, a duplicate written in other words and a stale run record added."""

from __future__ import annotations

import os
from pathlib import Path

from tests.screenshots import session
from tests.screenshots.memories import HEIGHT, WIDTH, _save, _settle, dispose, populate
from tests.screenshots.runs import _spin


def render(outdir: str | os.PathLike[str]) -> list[Path]:
    from hmdesk.gui.common.theme import dark_palette
    from hmdesk.gui.context import build_context
    from hmdesk.gui.main_window import MainWindow
    from PySide6.QtCore import QSettings

    from tests.screenshots.memories import show_default_paths

    paths: list[Path] = []
    with session(outdir) as (app, out, tmp):
        settings = QSettings(str(tmp / "review.ini"), QSettings.Format.IniFormat)
        ctx = build_context(tmp / "review.db", settings)
        populate(ctx.store)
        store = ctx.store
        store.add("hvigor构建时路径需要用引号包裹", confidence=0.6)
        store.add("hvigor 构建时路径不需要用引号包裹", confidence=0.8)
        store.add("真机调试前需要先在设置里打开开发者模式", confidence=0.5)
        store.add("真机调试之前需要在设置里打开开发者模式", confidence=0.9)
        store.add(
            "run 12: the emulator was slow to boot, waited 90 s before hdc saw it",
            layer="episodic",
            confidence=0.3,
            timestamp="2025-01-02T03:04:05.000Z",
        )
        w = MainWindow(ctx)
        show_default_paths(w)
        w.resize(WIDTH, HEIGHT)
        w.show()
        _settle(app, w.memories)
        w.build_other_areas()
        review = w.review
        assert review is not None
        w.tabs.setCurrentWidget(review)
        _spin(app, lambda: review.scanned_at is not None and bool(review.items), 30)
        _settle(app)
        kinds = [i.kind for i in review.items]
        review.list.setCurrentRow(kinds.index("duplicate"))
        _settle(app)
        paths.append(_save(w, out / "review.png"))
        light = app.palette()
        app.setPalette(dark_palette())
        review.list.setCurrentRow(kinds.index("decay-stale"))
        _settle(app)
        paths.append(_save(w, out / "review-dark.png"))
        app.setPalette(light)
        _settle(app)
        dispose(app, w, ctx)
    return paths
