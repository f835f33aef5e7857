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
``area=`` measures a rectangle instead (the rows of a button's label: its gradient has no one
colour as common as its frame).
Render with the palette under test set on the widget (or a parent of it) and some text in it:
without text the result is 1.0.

``edge_contrast(widget, rect)`` measures a control's edge instead of text (WCAG 1.4.11: 3 for
the frame of a text field, the box of a checkbox, a focus ring): the colour drawn along
``rect`` against the colour just outside it.

``palettes()`` gives the two palettes the app runs with, for ``@pytest.mark.parametrize``.
"""

from __future__ import annotations

from collections import Counter

from hmdesk.gui.common.theme import contrast_ratio, dark_palette, light_palette
from PySide6.QtCore import QPoint, QRect
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QWidget


def palettes() -> dict[str, QPalette]:
    """The two palettes the app runs with (``gui/common/theme.py``)."""
    return {"light": light_palette(), "dark": dark_palette()}


def colour_counts(image: QImage, rect: QRect | None = None) -> Counter[int]:
    """How many pixels of each ``0xRRGGBB`` colour ``image`` has (inside ``rect``, if given)."""
    img = image.convertToFormat(QImage.Format.Format_RGB32)
    area = img.rect() if rect is None else rect.intersected(img.rect())
    counts: Counter[int] = Counter()
    for y in range(area.top(), area.bottom() + 1):
        for x in range(area.left(), area.right() + 1):
            counts[img.pixel(x, y) & 0xFFFFFF] += 1
    return counts


def rendered_contrast(
    widget: QWidget, min_pixels: int = 6, part: QWidget | None = None, area: QRect | None = None
) -> float:
    """The contrast of the clearest text colour against the main background of ``widget`` (or
    of the area of its descendant ``part``, or of ``area`` in its logical pixels)."""
    widget.ensurePolished()
    image = widget.grab().toImage()
    rect = None
    if part is not None:
        part.ensurePolished()
        area = QRect(part.mapTo(widget, QPoint(0, 0)), part.size())
    if area is not None:
        # grab() renders at the device pixel ratio; the rectangle is in logical pixels.
        ratio = image.devicePixelRatio()
        logical = area
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


def _ring(image: QImage, rect: QRect) -> Counter[int]:
    """The colours on the one-pixel border of ``rect``."""
    counts: Counter[int] = Counter()
    inside = rect.intersected(image.rect())
    for x in range(inside.left(), inside.right() + 1):
        for y in {inside.top(), inside.bottom()}:
            counts[image.pixel(x, y) & 0xFFFFFF] += 1
    for y in range(inside.top() + 1, inside.bottom()):
        for x in {inside.left(), inside.right()}:
            counts[image.pixel(x, y) & 0xFFFFFF] += 1
    return counts


def edge_contrast(widget: QWidget, rect: QRect, min_pixels: int = 6) -> float:
    """The contrast of the edge drawn along ``rect`` (in ``widget``'s logical pixels: a
    child's geometry, an indicator's box) against what surrounds it: the clearest colour on
    the rings 0 and 1 pixel inside ``rect`` that covers ``min_pixels`` (so a few anti-aliased
    corner pixels do not count; a circle touches the rings along its four sides) against the
    most common colour of the ring 2 pixels outside."""
    widget.ensurePolished()
    image = widget.grab().toImage().convertToFormat(QImage.Format.Format_RGB32)
    ratio = image.devicePixelRatio()
    r = QRect(
        round(rect.x() * ratio),
        round(rect.y() * ratio),
        round(rect.width() * ratio),
        round(rect.height() * ratio),
    )
    outside, _ = _ring(image, r.adjusted(-2, -2, 2, 2)).most_common(1)[0]
    around = QColor.fromRgb(outside)
    best = 1.0
    for inset in (0, 1):
        for rgb, n in _ring(image, r.adjusted(inset, inset, -inset, -inset)).items():
            if n >= min_pixels:
                best = max(best, contrast_ratio(QColor.fromRgb(rgb), around))
    return best
