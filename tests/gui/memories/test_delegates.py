"""The results table's painting: the score bar's parts stand out from the cell and its number
reads, under both palettes."""

from __future__ import annotations

from collections import Counter

import pytest
from hmdesk.gui.common.theme import contrast_ratio
from hmdesk.gui.memories.model import COL_SCORE, ComponentsRole
from PySide6.QtGui import QColor, QImage

from tests.gui.contrast import palettes

from .conftest import image_contrast, search


def midline_runs(image: QImage, x0: int, x1: int) -> Counter[int]:
    """Pixels per colour along the bar's middle line, counting only runs of 3 px or more."""
    img = image.convertToFormat(QImage.Format.Format_RGB32)
    y = img.height() // 2
    runs: Counter[int] = Counter()
    run_colour, run = -1, 0
    for x in range(x0, x1 + 1):
        c = img.pixel(x, y) & 0xFFFFFF if x < x1 else -2
        if c == run_colour:
            run += 1
            continue
        if run >= 3:
            runs[run_colour] += run
        run_colour, run = c, 1
    return runs


@pytest.mark.parametrize("palette", ["light", "dark"])
def test_score_bar_reads_under_both_palettes(loaded, qtbot, palette):
    search(qtbot, loaded, "hilog")
    loaded.setPalette(palettes()[palette])
    table, model = loaded.table, loaded.model
    table.horizontalHeader().resizeSection(COL_SCORE, 300)  # room for the parts and the number
    loaded.select_ids([model.ids()[0]], model.ids()[0])
    row = 2  # not selected, not an alternate row: drawn on the cell's Base colour
    index = model.index(row, COL_SCORE)
    qtbot.waitUntil(lambda: table.visualRect(index).height() > 10)
    cell = table.viewport().grab(table.visualRect(index)).toImage()
    background = QColor.fromRgb(cell.pixel(1, 1))
    assert background == table.palette().color(table.palette().ColorRole.Base)

    comps = [(n, v) for n, v in index.data(ComponentsRole) if v > 0.02]
    assert len(comps) >= 2
    bar_left, bar_width = 4, cell.width() - 8
    label_width = 45  # the score's number, drawn over the bar's right end
    parts_end = bar_left + int(sum(v for _n, v in comps) * bar_width)
    parts_end = min(parts_end, bar_left + bar_width - label_width)
    first_parts_end = bar_left + int(sum(v for _n, v in comps[:-1]) * bar_width)
    assert parts_end - first_parts_end > 10  # the last part shows left of the number
    runs = midline_runs(cell, bar_left + 1, parts_end - 1)
    parts = [QColor.fromRgb(c) for c, n in runs.items() if n >= 3]
    assert len(parts) == len(comps), (palette, [p.name() for p in parts], comps)
    for part in parts:
        assert contrast_ratio(part, background) >= 3.0, (palette, part.name())

    # the number sits on the cell's colour at the bar's right end (at least "0.00" + 6 px wide)
    label = cell.copy(bar_left + bar_width - 18, 5, 18, cell.height() - 10)
    # small anti-aliased digits: their cores are a few pixels each
    _bg, ratio = image_contrast(label, min_pixels=2)
    assert ratio >= 4.5, (palette, ratio)


def test_plain_cells_are_drawn_from_the_cache_exactly_as_rendered(loaded, qtbot):
    """The plain columns keep each rendered cell by what it shows: a repaint copies pixmaps,
    and what it copies is what a fresh render draws (selection and palette included)."""
    from hmdesk.gui.memories.delegates import PlainTextDelegate
    from hmdesk.gui.memories.model import COL_LAYER

    search(qtbot, loaded, "hdc install")
    table = loaded.table
    PlainTextDelegate.cache.clear()
    PlainTextDelegate.seen.clear()
    direct = table.viewport().grab().toImage()  # first sight: drawn, cached only if repeated
    assert len(PlainTextDelegate.seen) > len(PlainTextDelegate.cache)
    fresh = table.viewport().grab().toImage()  # second sight: every cell rendered and kept
    assert fresh == direct  # a cached cell looks exactly like one drawn directly
    assert PlainTextDelegate.cache, "nothing was cached"
    layers = {k[0] for k in PlainTextDelegate.cache}
    assert loaded.model.index(0, COL_LAYER).data() in layers
    cached = len(PlainTextDelegate.cache)
    again = table.viewport().grab().toImage()
    assert len(PlainTextDelegate.cache) == cached  # every cell was a hit
    assert again == fresh
    table.selectRow(2)  # another row selected: its cells are drawn selected, not from before
    table.viewport().grab()
    qtbot.waitUntil(lambda: len(PlainTextDelegate.cache) > cached)
    PlainTextDelegate.cache.clear()
    PlainTextDelegate.seen.clear()
    uncached = table.viewport().grab().toImage()
    assert table.viewport().grab().toImage() == uncached
