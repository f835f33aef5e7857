"""Fixtures for the memory inspector tests: an area over the shared ``ctx`` (tests/gui/conftest.py:
a fresh database, isolated settings and hmharness home per test), and helpers that wait on
signals (never on sleeps)."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from PySide6.QtCore import QThreadPool


def _close_area(area: Any) -> None:
    area.shutdown()
    QThreadPool.globalInstance().waitForDone(10_000)


@pytest.fixture
def make_area(ctx, qtbot) -> Iterator[Callable[[], Any]]:
    from hmdesk.gui.memories.area import MemoriesArea

    made: list[Any] = []

    def make() -> Any:
        area = MemoriesArea(ctx)
        qtbot.addWidget(area)
        area.resize(1200, 700)
        area.show()
        made.append(area)
        wait_idle(qtbot, area)
        return area

    yield make
    for a in made:
        _close_area(a)


@pytest.fixture
def shanghai(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The machine's local zone is China Standard Time (UTC+8) for this test."""
    monkeypatch.setenv("TZ", "Asia/Shanghai")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.fixture
def area(make_area) -> Any:
    return make_area()


@pytest.fixture
def loaded(area, qtbot) -> Any:
    """An area over the starter pack, settled."""
    area.importer.load_starter_pack()
    wait_idle(qtbot, area)
    assert area.model.rowCount() >= 30
    return area


def wait_idle(qtbot: Any, area: Any, timeout: int = 10_000) -> None:
    """Wait until no search is pending or running and no refresh is scheduled."""
    qtbot.waitUntil(
        lambda: (
            not area.is_searching()
            and not area.refresh_pending()
            and not area.query_bar._timer.isActive()
        ),
        timeout=timeout,
    )


def image_contrast(image: Any, min_pixels: int = 6) -> tuple[int, float]:
    """(background rgb, contrast of the clearest other colour against it) of a rendered image:
    the background is its most common colour (see tests.gui.contrast.rendered_contrast)."""
    from hmdesk.gui.common.theme import contrast_ratio
    from PySide6.QtGui import QColor

    from tests.gui.contrast import colour_counts

    counts = colour_counts(image)
    background, _ = counts.most_common(1)[0]
    bg = QColor.fromRgb(background)
    best = 1.0
    for rgb, n in counts.items():
        if rgb != background and n >= min_pixels:
            best = max(best, contrast_ratio(QColor.fromRgb(rgb), bg))
    return background, best


def search(qtbot: Any, area: Any, text: str, **fields: Any) -> Any:
    """Type a query (through the debounced query bar) and wait for its result."""
    bar = area.query_bar
    for name, value in fields.items():
        widget = getattr(bar, name)
        if hasattr(widget, "setChecked"):
            widget.setChecked(value)
        elif hasattr(widget, "setCurrentText"):
            widget.setCurrentText(value)
        else:
            widget.setText(value)
    bar.text.setText(text)
    bar.emit_now()
    wait_idle(qtbot, area)
    assert area.result is not None and area.result.query.text == text
    return area.result


def consolidated(store: Any, monkeypatch: pytest.MonkeyPatch, merges: int = 450) -> list[str]:
    """``merges`` pairs consolidated in one step; each transaction of an undo does one batch
    (200 events). Returns the duplicates."""
    from hmdesk.core.memory.hmharness.rules import ConsolidationPlan, Merge
    from hmdesk.core.memory.lifecycle.apply import apply_plan
    from hmdesk.core.memory.store import undo as undo_module

    monkeypatch.setattr(undo_module, "LOCK_SECONDS", 0.0)
    kept = [store.add(f"hdc install needs a signed hap, variant {i}") for i in range(merges)]
    dups = [store.add(f"hdc install needs a signed hap again, {i}") for i in range(merges)]
    pairs = zip(dups, kept, strict=True)
    apply_plan(store, ConsolidationPlan(merged=tuple(Merge(d.id, k.id) for d, k in pairs)))
    return [d.id for d in dups]


def held_after_first_part(store: Any, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The worker waits after the first committed part of a step until the returned event is
    set (the test has pressed Cancel or Esc by then): the stop is asked while it runs."""
    import threading

    go_on = threading.Event()
    for name in ("undo_step", "redo_step"):
        step = getattr(store, name)

        def held(step=step, **kw):
            shown = kw["progress"]

            def progress(done, total):
                shown(done, total)
                if done < total:
                    go_on.wait(30)

            return step(**{**kw, "progress": progress})

        monkeypatch.setattr(store, name, held)
    return go_on
