"""Render the main views with realistic data to PNG files: ``make screenshots``.

    python -m tests.screenshots.memories docs/screenshots

Uses a throw-away database (the starter pack, spread over the last weeks, with a few edits, a
supersede chain and recalls), throw-away settings and hmharness home, and ``QWidget.grab()``.
Besides the Memories views it writes the whole window at 1024×700 (``window-1024x700.png`` and
``window-1024x700-dark.png``), as it first opens on a small screen. ``python -m tests.screenshots``
also renders the Runs and Devices shots (``runs.py``, ``devices.py``).
"""

from __future__ import annotations

import os
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

WIDTH, HEIGHT = 1440, 860
SMALL = (1024, 700)
# What a user sees on Linux with the defaults (platformdirs data dir, hmharness home), instead of
# the throw-away temp paths the renderer really uses.
SHOWN_DB = "~/.local/share/hmdesk/hmdesk.db"
SHOWN_HMH = "~/.hmharness/cognitive/memory/memory.jsonl"


def _settle(app: Any, area: Any = None, ms: int = 150) -> None:
    """Run the event loop until the area's search is done, then a little longer for painting."""
    deadline = time.monotonic() + 20
    while area is not None and (area.is_searching() or area.refresh_pending()):
        app.processEvents()
        if time.monotonic() > deadline:
            raise RuntimeError("search did not finish")
        time.sleep(0.005)  # sleep-ok: paces a loop that waits on the condition with a deadline
    end = time.monotonic() + ms / 1000
    while time.monotonic() < end:
        app.processEvents()
        time.sleep(0.005)  # sleep-ok: lets the offscreen painter finish before the grab


def _posterize(image: Any, bits: int = 4) -> Any:
    """``bits`` per channel (16 levels at 4): few enough colours for an exact 8-bit palette,
    enough to keep close greys (frames, alternate rows in a dark theme) apart."""
    import numpy as np
    from PySide6.QtGui import QImage

    img = image.convertToFormat(QImage.Format.Format_RGB32)
    w, h = img.width(), img.height()
    raw = np.frombuffer(img.constBits(), dtype=np.uint8).reshape(h, img.bytesPerLine())
    arr = raw[:, : w * 4].reshape(h, w, 4)
    # Round each channel to the nearest of 2**bits levels spread over 0…255 (0, 17, …, 255 at
    # 4 bits): a dark grey stays grey (flooring to a level's middle turned (28, 30, 33) navy).
    step = 255 / ((1 << bits) - 1)
    q = np.ascontiguousarray((np.rint(arr / step) * step).astype(np.uint8))
    q[..., 3] = 255
    return QImage(q.data, w, h, w * 4, QImage.Format.Format_RGB32).copy()


def _save_small(image: Any, path: Path) -> Path:
    """An 8-bit palette PNG: UI screenshots have few colours, so this keeps them small."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QImage

    small = _posterize(image).convertToFormat(
        QImage.Format.Format_Indexed8,
        Qt.ImageConversionFlag.ThresholdDither | Qt.ImageConversionFlag.AvoidDither,
    )
    small.save(str(path), "PNG", 9)
    print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")
    return path


def _save(widget: Any, path: Path) -> Path:
    return _save_small(widget.grab().toImage(), path)


def _shrink(path: Path) -> Path:
    from PySide6.QtGui import QImage

    image = QImage(str(path))
    return _save_small(image, path) if not image.isNull() else path


def dispose(app: Any, window: Any, ctx: Any) -> None:
    """Close ``window`` and delete it now (a later palette switch must not reach its areas),
    then close its database."""
    from PySide6.QtCore import QEvent

    window.close()
    window.deleteLater()
    app.sendPostedEvents(None, QEvent.Type.DeferredDelete)
    ctx.db.close()


def show_default_paths(window: Any) -> None:
    """Status bar, title and first-run note show the default locations, not the temp ones."""
    window.db_label.setText(SHOWN_DB)
    window.setWindowTitle(f"hmdesk — {Path(SHOWN_DB).name}")
    if window.memories is not None:
        window.memories.empty.set_hmharness_path(Path(SHOWN_HMH), False)


def populate(store: Any) -> dict[str, str]:
    """The starter pack with realistic ages, edits, a supersede chain and recalls."""
    from hmdesk.core.db import iso
    from hmdesk.core.memory.starter import starter_entries

    now = datetime.now(UTC)
    for i, e in enumerate(starter_entries()):
        age = timedelta(days=(i * 7) % 83, hours=(i * 5) % 24)
        store.add(
            e["content"],
            id=e["id"],
            layer=e.get("layer", "semantic"),
            tags=e.get("tags", ()),
            confidence=float(e.get("confidence", 0.8)),
            source="agent-run" if i % 3 else "starter-pack",
            provenance=f"trajectory:trj-s{i:02d}-mh{i * 37 % 1000:03x}",
            environment="harmonyos",
            session=f"sess-{i % 5}",
            timestamp=iso(now - age),
        )
    unsigned = "starter-hap-unsigned-9568320"
    from hmdesk.core.memory.access import AccessLog

    recalls = AccessLog(store.db)
    recalls.record_run(1, [unsigned, "starter-hdc-exit-0-on-failure", "starter-no-hap-E006001"])
    recalls.record_run(2, [unsigned, "starter-hdc-exit-0-on-failure"])
    recalls.record_run(3, [unsigned])
    # an agent's older, vaguer memory, superseded by the precise one
    old = store.add(
        "hdc install failed again, maybe the device needs a reboot",
        layer="episodic",
        tags=["hdc", "install"],
        confidence=0.6,
        source="agent-run",
        provenance="trajectory:trj-0c41",
        timestamp=iso(now - timedelta(days=40)),
    )
    store.supersede(old.id, by=unsigned, reason="the real cause is the missing signature (9568320)")
    # a memory with a few edits for the history view
    private = "starter-hilog-private"
    rec = store.get(private)
    store.edit(
        private,
        content=rec.content.replace(
            "mark every argument", "mark every argument (strings AND numbers: %{public}d)"
        ),
        reason="numbers were hidden too",
    )
    store.set_confidence(private, 0.95, reason="verified on HarmonyOS 5.0.1, Mate 60")
    store.edit(private, tags=[*rec.tags, "hilog-format"], reason="tag for the hilog view")
    return {"unsigned": unsigned, "private": private, "old": old.id}


def render(outdir: str | os.PathLike[str]) -> list[Path]:
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    out = Path(outdir)
    out.mkdir(parents=True, exist_ok=True)
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    from hmdesk.gui.app import follow_color_scheme

    follow_color_scheme(app)
    from hmdesk.gui.context import build_context
    from hmdesk.gui.main_window import MainWindow

    paths: list[Path] = []
    with tempfile.TemporaryDirectory(prefix="hmdesk-shots-") as tmp:
        saved = {k: os.environ.get(k) for k in ("HMH_HOME", "HMDESK_LOG_DIR")}
        os.environ["HMH_HOME"] = str(Path(tmp) / "hmh")
        os.environ["HMDESK_LOG_DIR"] = str(Path(tmp) / "logs")
        try:
            # 1. first run: the empty store
            settings = QSettings(str(Path(tmp) / "empty.ini"), QSettings.Format.IniFormat)
            ctx = build_context(Path(tmp) / "empty.db", settings)
            w = MainWindow(ctx)
            show_default_paths(w)
            w.resize(WIDTH, HEIGHT)
            w.show()
            _settle(app, w.memories)
            paths.append(_save(w, out / "first-run.png"))
            dispose(app, w, ctx)

            # 2. a query with highlights, the score breakdown and the detail pane
            settings = QSettings(str(Path(tmp) / "main.ini"), QSettings.Format.IniFormat)
            ctx = build_context(Path(tmp) / "main.db", settings)
            ids = populate(ctx.store)
            w = MainWindow(ctx)
            show_default_paths(w)
            w.resize(WIDTH, HEIGHT)
            w.show()
            area = w.memories
            assert area is not None
            area.splitter.setSizes([820, 620])
            area.query_bar.text.setText("hdc install 9568320")
            area.query_bar.emit_now()
            _settle(app, area)
            area.select_id(ids["unsigned"])
            area.detail.splitter.setSizes([230, 470])
            _settle(app, area)
            paths.append(_save(w, out / "memories-query.png"))
            paths.append(_save(area.detail, out / "detail-pane.png"))

            # 2b. the same in a dark system theme (the palette follows the system scheme)
            from hmdesk.gui.common.theme import dark_palette

            light = app.palette()
            app.setPalette(dark_palette())
            _settle(app, area)
            area._show_current()  # the detail's HTML colours are chosen per palette
            _settle(app, area)
            paths.append(_save(w, out / "memories-dark.png"))
            app.setPalette(light)
            _settle(app, area)
            area._show_current()

            # 3. history of an edited memory, with word diffs
            area.query_bar.text.setText("hilog private")
            area.query_bar.emit_now()
            _settle(app, area)
            area.select_id(ids["private"])
            history = area.editing.show_history(ids["private"])
            assert history is not None
            history.resize(900, 560)
            hist: Any = history
            content_row = max(i for i, e in enumerate(hist.model.events) if e.field == "content")
            hist.table.selectRow(content_row)
            _settle(app)
            paths.append(_save(history, out / "history.png"))
            history.close()

            # 4. supersede by new text, with the side-by-side word diff
            area.select_id(ids["private"])
            dialog = area.editing.supersede_selected()
            assert dialog is not None
            sup: Any = dialog
            text = ctx.store.get(ids["private"]).content
            sup.new_text.setPlainText(
                text.replace("usual on retail devices", "on by default on retail devices").replace(
                    "%{public}s", "%{public}s (or %{public}d for numbers)"
                )
            )
            sup.reason.setText("clearer; the old text missed numbers")
            sup._refresh()
            _settle(app)
            paths.append(_save(dialog, out / "supersede-diff.png"))
            dialog.close()
            dispose(app, w, ctx)

            # 5. the whole window at 1024×700 as it first opens there (no saved layout)
            settings = QSettings(str(Path(tmp) / "small.ini"), QSettings.Format.IniFormat)
            ctx = build_context(Path(tmp) / "main.db", settings)
            w = MainWindow(ctx)
            show_default_paths(w)
            w.resize(*SMALL)
            w.show()
            area = w.memories
            assert area is not None
            area.query_bar.text.setText("hdc install 9568320")
            area.query_bar.emit_now()
            _settle(app, area)
            area.select_id(ids["unsigned"])
            _settle(app, area)
            paths.append(_save(w, out / "window-1024x700.png"))
            app.setPalette(dark_palette())
            _settle(app, area)
            area._show_current()
            _settle(app, area)
            paths.append(_save(w, out / "window-1024x700-dark.png"))
            app.setPalette(light)
            _settle(app, area)
            dispose(app, w, ctx)
        finally:
            for k, v in saved.items():
                if v is None:
                    os.environ.pop(k, None)
                else:
                    os.environ[k] = v
    return paths
