"""Measuring what a person sees: the contrast of a widget's text against its background, read
from the rendered pixels (so a style sheet that keeps a light background under a dark palette's
light text is caught, whatever the code meant).

``rendered_contrast(widget)`` renders the widget, takes the most common colour as the background
and, among the colours that cover enough pixels to be glyph cores rather than anti-aliasing
fringes, the one that contrasts most with it as the text. The figure is the WCAG 2 ratio
(4.5 is the floor for body text, 3 for bold or large text).

``rendered_contrast(widget, part=child)`` renders the whole ``widget`` (so the backgrounds its
style sheet paints behind the child are there) and measures only the rectangle of ``child``:
use it when the widget holds other text (a button) that would hide a badly coloured label.
Render with the palette under test set on the widget (or a parent of it) and some text in it:
without text the result is 1.0.

``palettes()`` gives the two palettes the app runs with, for ``@pytest.mark.parametrize``.
"""

from __future__ import annotations

from collections import Counter

from hmdesk.gui.common.theme import contrast_ratio, dark_palette
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QWidget


def palettes() -> dict[str, QPalette]:
    """The two palettes the app runs with: Fusion's standard light one and the app's dark one."""
    style: QStyle = QApplication.style()
    return {"light": style.standardPalette(), "dark": dark_palette()}


def colour_counts(image: QImage, rect: QRect | None = None) -> Counter[int]:
    """How many pixels of each ``0xRRGGBB`` colour ``image`` has (inside ``rect``, if given)."""
    img = image.convertToFormat(QImage.Format.Format_RGB32)
    area = img.rect() if rect is None else rect.intersected(img.rect())
    counts: Counter[int] = Counter()
    for y in range(area.top(), area.bottom() + 1):
        for x in range(area.left(), area.right() + 1):
            counts[img.pixel(x, y) & 0xFFFFFF] += 1
    return counts


def rendered_contrast(widget: QWidget, min_pixels: int = 6, part: QWidget | None = None) -> float:
    """The contrast of the clearest text colour against the main background of ``widget`` (or
    of the area of its descendant ``part``)."""
    widget.ensurePolished()
    image = widget.grab().toImage()
    rect = None
    if part is not None:
        part.ensurePolished()
        # grab() renders at the device pixel ratio; the rectangle is in logical pixels.
        ratio = image.devicePixelRatio()
        top_left = part.mapTo(widget, QPoint(0, 0))
        logical = QRect(top_left, part.size())
        rect = QRect(
            round(logical.x() * ratio),
            round(logical.y() * ratio),
            round(logical.width() * ratio),
            round(logical.height() * ratio),
        )
    counts = colour_counts(image, rect)
    if not counts:
        raise ValueError("nothing rendered: the widget (or part) has no size")
    background, _ = counts.most_common(1)[0]
    bg = QColor.fromRgb(background)
    best = 1.0
    for rgb, n in counts.items():
        if rgb == background or n < min_pixels:
            continue
        best = max(best, contrast_ratio(QColor.fromRgb(rgb), bg))
    return best
