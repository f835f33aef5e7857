"""Measuring what a person sees: the contrast of a widget's text against its background, read
from the rendered pixels (so a style sheet that keeps a light background under a dark palette's
light text is caught, whatever the code meant).

``rendered_contrast(widget)`` renders the widget, takes the most common colour as the background
and, among the colours that cover enough pixels to be glyph cores rather than anti-aliasing
fringes, the one that contrasts most with it as the text. The figure is the WCAG 2 ratio
(4.5 is the floor for body text, 3 for bold or large text).
"""

from __future__ import annotations

from collections import Counter

from hmdesk.gui.common.theme import contrast_ratio, dark_palette
from PySide6.QtGui import QColor, QImage, QPalette
from PySide6.QtWidgets import QApplication, QStyle, QWidget


def palettes() -> dict[str, QPalette]:
    """The two palettes the app runs with: Fusion's standard light one and the app's dark one."""
    style: QStyle = QApplication.style()
    return {"light": style.standardPalette(), "dark": dark_palette()}


def colour_counts(image: QImage) -> Counter[int]:
    img = image.convertToFormat(QImage.Format.Format_RGB32)
    counts: Counter[int] = Counter()
    for y in range(img.height()):
        for x in range(img.width()):
            counts[img.pixel(x, y) & 0xFFFFFF] += 1
    return counts


def rendered_contrast(widget: QWidget, min_pixels: int = 6) -> float:
    """The contrast of the clearest text colour against the main background of ``widget``."""
    widget.ensurePolished()
    counts = colour_counts(widget.grab().toImage())
    background, _ = counts.most_common(1)[0]
    bg = QColor.fromRgb(background)
    best = 1.0
    for rgb, n in counts.items():
        if rgb == background or n < min_pixels:
            continue
        best = max(best, contrast_ratio(QColor.fromRgb(rgb), bg))
    return best
