"""Style sheets of the inspector's dialog labels, built from the theme where they are applied."""

from __future__ import annotations

from hmdesk.gui.common.theme import theme_for
from PySide6.QtWidgets import QWidget


def warn_label_style(widget: QWidget) -> str:
    """A warning box (an outside change, …) that reads under the widget's palette."""
    t = theme_for(widget)
    return (
        f"QLabel {{ background-color: {t.warn_bg}; color: {t.warn_text}; "
        f"border: 1px solid {t.warn_border}; border-radius: 4px; padding: 6px; }}"
    )


def error_label_style(widget: QWidget) -> str:
    """An input problem under a form."""
    return f"QLabel {{ color: {theme_for(widget).error_fg}; }}"
