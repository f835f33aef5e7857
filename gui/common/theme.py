"""The one place that owns colours: named roles for the light and the dark palette.

Widgets never hard-code a colour. They ask for the theme that fits where they are drawn
(:func:`theme_for` reads the widget's palette, so a widget under a dark palette gets the dark
values) and use its named roles: ``theme_for(self).error_fg``. No other module holds a hex
colour literal (a test scans gui/ for them). Style sheets and rich text are
built from these names at the moment they are applied; a widget that outlives a palette change
re-applies them in ``changeEvent(QEvent.PaletteChange)``.

A trap: a style sheet that sets a widget's ``background`` also fixes that widget's palette (Qt
copies the style sheet's colours into it). ``theme_for`` on that widget then reads the style
sheet's background, and palette changes of its parents no longer reach it or its children. Ask
``theme_for`` about a widget without such a style sheet (its parent), or paint the background
yourself (``ErrorBanner`` in ``gui/main_window.py`` does).

The palettes themselves (:func:`light_palette`, :func:`dark_palette`) are here too, so the app
and the tests that render both palettes use the same ones, and so is the choice between them
(:func:`apply_theme`: the ``theme`` setting, system, light or dark, applied at start and live
from Preferences), and the style that draws the edges of fields and checkboxes and the keyboard
focus in the theme's ``edge`` and ``focus_edge`` (:class:`EdgeStyle`).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QFileSystemWatcher, QObject, QRectF, Qt, QTimer
from PySide6.QtGui import QColor, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QApplication,
    QComboBox,
    QPlainTextEdit,
    QProxyStyle,
    QStyle,
    QStyleOption,
    QStyleOptionComplex,
    QTextEdit,
    QWidget,
)


@dataclass(frozen=True)
class Theme:
    """Named colours (``#rrggbb``).

    The rules, checked by ``tests/gui/common/test_theme.py`` for both instances:

    * ``X_bg`` is read with ``X_text`` (or ``X_fg`` when there is no ``X_text``): contrast ≥ 4.5;
      ``term_fg`` on every ``term_bg``; a ``*_bg`` without its own text colour carries the
      palette's Text.
    * Every text colour (``*_fg``, ``*_text``, ``level_*``, ``ansi*``) on the palette's Base ≥ 4.5.
    * Score bar colours on Base ≥ 3 (graphics, not text).

    A new role goes into one block at the END of the fields and of both instances, marked with a
    comment naming the area that uses it.
    """

    dark: bool
    # text
    muted_fg: str
    muted_bg: str
    subtle_fg: str  # secondary text: summaries, counters, notes
    accent_fg: str  # links, ids, a running step
    ok_fg: str
    warn_fg: str
    error_fg: str
    # banners and boxes: background, text, border
    error_bg: str
    error_text: str
    error_border: str
    warn_bg: str
    warn_text: str
    warn_border: str
    ok_bg: str
    ok_text: str
    info_bg: str
    info_text: str
    # the failure card
    card_bg: str
    card_border: str
    card_title_fg: str
    row_bg: str
    row_border: str
    evidence_bg: str
    # code and highlighting
    code_bg: str
    term_fg: str  # text on a term colour
    term_bg: tuple[str, ...]  # one colour per query term, in order
    diff_del_bg: str
    diff_ins_bg: str
    # score parts (bars in the results table)
    score_confidence: str
    score_recency: str
    score_lexical: str
    score_other: str
    # hilog levels
    level_debug: str
    level_info: str
    level_warn: str
    level_error: str
    level_fatal: str
    # ANSI colours 0..7 and 8..15 in a step log (on the palette's Base; readable on it, so the
    # light theme's "white" and "bright" colours are darker than a terminal's)
    ansi: tuple[str, ...]
    ansi_bright: tuple[str, ...]
    # hybrid: the semantic score part (bars, swatches) of the hybrid retrieval profile
    score_semantic: str = "#ae3ec9"
    # style: the edge of a text field, checkbox or radio button, and the keyboard focus
    # (gui/common/style.py); graphics, ≥ 3 on Base and on Window
    edge: str = "#7a7f85"
    focus_edge: str = "#1565c0"

    def term(self, index: int) -> str:
        """The colour of the ``index``-th query term (the same in every view)."""
        return self.term_bg[index % len(self.term_bg)]


LIGHT = Theme(
    dark=False,
    muted_fg="#616161",
    muted_bg="#e9ecef",
    subtle_fg="#455a64",
    accent_fg="#1565c0",
    ok_fg="#2e7d32",
    warn_fg="#b34700",
    error_fg="#c62828",
    error_bg="#fdecea",
    error_text="#5c0011",
    error_border="#fa5252",
    warn_bg="#fff3cd",
    warn_text="#5c3c00",
    warn_border="#f08c00",
    ok_bg="#e8f5e9",
    ok_text="#1b4d20",
    info_bg="#e3f2fd",
    info_text="#0d3c61",
    card_bg="#fff8f8",
    card_border="#e57373",
    card_title_fg="#b71c1c",
    row_bg="#ffffff",
    row_border="#e0e0e0",
    evidence_bg="#fbe9e7",
    code_bg="#f1f3f5",
    term_fg="#000000",
    term_bg=(
        "#ffe066",
        "#a5d8ff",
        "#b2f2bb",
        "#ffc9c9",
        "#d0bfff",
        "#ffd8a8",
        "#99e9f2",
        "#fcc2d7",
    ),
    diff_del_bg="#ffc9c9",
    diff_ins_bg="#b2f2bb",
    score_confidence="#4c6ef5",
    score_recency="#0ca678",
    score_lexical="#d97706",
    score_other="#868e96",
    level_debug="#4f7399",
    level_info="#2e7d32",
    level_warn="#b34700",
    level_error="#d70000",
    level_fatal="#af00af",
    ansi=("#000000", "#c62828", "#2e7d32", "#8a6700", "#1565c0", "#8e24aa", "#00838f", "#757575"),
    ansi_bright=(
        "#616161",
        "#b71c1c",
        "#1b5e20",
        "#7a5c00",
        "#0d47a1",
        "#ab47bc",
        "#00695c",
        "#424242",
    ),
    score_semantic="#ae3ec9",  # hybrid
    edge="#7a7f85",  # style
    focus_edge="#1565c0",  # style
)

DARK = Theme(
    dark=True,
    muted_fg="#adb5bd",
    muted_bg="#3a3f44",
    subtle_fg="#b0bec5",
    accent_fg="#74c0fc",
    ok_fg="#69db7c",
    warn_fg="#ffa94d",
    error_fg="#ff8787",
    error_bg="#4a1f1f",
    error_text="#ffe3e3",
    error_border="#e03131",
    warn_bg="#4a3b12",
    warn_text="#fff3bf",
    warn_border="#f08c00",
    ok_bg="#1f3d24",
    ok_text="#d3f9d8",
    info_bg="#1c3349",
    info_text="#d0ebff",
    card_bg="#2d2224",
    card_border="#c92a2a",
    card_title_fg="#ffa8a8",
    row_bg="#25272b",
    row_border="#45494e",
    evidence_bg="#3b2624",
    code_bg="#2b2f33",
    term_fg="#ffffff",
    term_bg=(
        "#7a6000",
        "#1c5d8c",
        "#2b7a3b",
        "#8c2f2f",
        "#5a3f9e",
        "#8f5a1a",
        "#106a75",
        "#8a2d5b",
    ),
    diff_del_bg="#7a2020",
    diff_ins_bg="#1f6b2e",
    score_confidence="#748ffc",
    score_recency="#38d9a9",
    score_lexical="#fcc419",
    score_other="#868e96",
    level_debug="#91a7ff",
    level_info="#69db7c",
    level_warn="#ffa94d",
    level_error="#ff6b6b",
    level_fatal="#e599f7",
    ansi=("#ced4da", "#ff6b6b", "#69db7c", "#ffd43b", "#74c0fc", "#e599f7", "#66d9e8", "#adb5bd"),
    ansi_bright=(
        "#868e96",
        "#ff8787",
        "#8ce99a",
        "#ffe066",
        "#a5d8ff",
        "#eebefa",
        "#99e9f2",
        "#ffffff",
    ),
    score_semantic="#da77f2",  # hybrid
    edge="#7b8188",  # style
    focus_edge="#74c0fc",  # style
)


def palette_is_dark(palette: QPalette) -> bool:
    return palette.color(QPalette.ColorRole.Base).lightness() < 128


def is_dark(widget: QWidget | None = None) -> bool:
    """Whether ``widget`` (or, without one, the application) is drawn with a dark palette."""
    if widget is not None:
        return palette_is_dark(widget.palette())
    return palette_is_dark(QApplication.palette())


def theme_for(widget: QWidget | None = None) -> Theme:
    """The theme that fits ``widget``'s palette (the application's without one)."""
    return DARK if is_dark(widget) else LIGHT


THEME_CHOICES = ("system", "light", "dark")
_CHOICE_PROPERTY = "hmdeskTheme"


def configured_theme() -> str:
    """The theme setting in use: ``HMDESK_THEME``, else the settings file's ``theme``, else
    ``system`` (also when the settings file cannot be read: the app still starts)."""
    from hmdesk.core.config import ConfigError, effective

    try:
        value, _source = effective("theme")
    except ConfigError:
        return "system"
    value = (value or "system").strip().lower()
    return value if value in THEME_CHOICES else "system"


def wants_dark(choice: str, scheme: Qt.ColorScheme) -> bool:
    """Whether ``choice`` (system, light, dark) under the system's ``scheme`` means dark."""
    return choice == "dark" or (choice == "system" and scheme == Qt.ColorScheme.Dark)


def apply_theme(app: QApplication, choice: str | None = None) -> str:
    """Give ``app`` the palette of ``choice`` (None: the one last applied, else the setting);
    returns the choice applied. Widgets follow through their ``PaletteChange`` events, so a
    change shows at once."""
    if choice is None:
        last = app.property(_CHOICE_PROPERTY)
        choice = last if isinstance(last, str) and last else configured_theme()
    if choice not in THEME_CHOICES:
        choice = "system"
    app.setProperty(_CHOICE_PROPERTY, choice)
    if wants_dark(choice, app.styleHints().colorScheme()):
        app.setPalette(dark_palette())
    else:
        app.setPalette(light_palette())
    return choice


def follow_theme(app: QApplication) -> None:
    """The app's style and palette at start: the theme setting, then the system's scheme as it
    changes while the setting is ``system``, and the setting as the settings file changes
    (``hmdesk-cli config set theme dark`` reaches a running window: :class:`SettingsFileWatch`)."""
    if not isinstance(app.style(), EdgeStyle):
        app.setStyle(EdgeStyle())
    apply_theme(app, configured_theme())
    watch = app.findChild(SettingsFileWatch)
    if watch is None:
        app.styleHints().colorSchemeChanged.connect(lambda _s: apply_theme(app))
        watch = SettingsFileWatch(app)
    watch.rewatch()


class SettingsFileWatch(QObject):
    """Watches the settings file (and its folder: a write replaces the file, which ends a
    watch on the file itself) and applies the theme setting when it changes. Changes come in
    bursts (the temporary file, the replace): they are read once, :data:`SETTLE_MS` after the
    last."""

    SETTLE_MS = 150

    def __init__(self, app: QApplication) -> None:
        super().__init__(app)
        self.app = app
        self.watcher = QFileSystemWatcher(self)
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(self.SETTLE_MS)
        self.timer.timeout.connect(self._changed)
        self.watcher.fileChanged.connect(self.timer.start)
        self.watcher.directoryChanged.connect(self.timer.start)

    def rewatch(self) -> None:
        """Watch the settings file as it is now named (``HMDESK_CONFIG`` may name another):
        the file if it exists, and the nearest folder above it that exists (the folder is
        made by the first ``config set``)."""
        from hmdesk.core.config import config_path

        path = config_path()
        wanted = [str(path)] if path.is_file() else []
        folder = path.parent
        while not folder.is_dir() and folder.parent != folder:
            folder = folder.parent
        wanted.append(str(folder))
        old = self.watcher.files() + self.watcher.directories()
        if sorted(old) != sorted(wanted):
            if old:
                self.watcher.removePaths(old)
            self.watcher.addPaths(wanted)

    def _changed(self) -> None:
        self.rewatch()
        choice = configured_theme()
        if choice != current_theme(self.app):
            apply_theme(self.app, choice)


def current_theme(app: QApplication) -> str:
    """The theme choice last applied to ``app`` (``system`` before any)."""
    value = app.property(_CHOICE_PROPERTY)
    return value if isinstance(value, str) and value in THEME_CHOICES else "system"


def dark_palette() -> QPalette:
    """The dark palette the app uses when the system asks for a dark scheme."""
    p = QPalette()
    window, base, text = QColor(37, 39, 43), QColor(28, 30, 33), QColor(225, 228, 232)
    p.setColor(QPalette.ColorRole.Window, window)
    p.setColor(QPalette.ColorRole.WindowText, text)
    p.setColor(QPalette.ColorRole.Base, base)
    p.setColor(QPalette.ColorRole.AlternateBase, QColor(34, 36, 40))
    p.setColor(QPalette.ColorRole.ToolTipBase, window)
    p.setColor(QPalette.ColorRole.ToolTipText, text)
    p.setColor(QPalette.ColorRole.Text, text)
    p.setColor(QPalette.ColorRole.Button, QColor(45, 48, 53))
    p.setColor(QPalette.ColorRole.ButtonText, text)
    p.setColor(QPalette.ColorRole.BrightText, QColor(255, 107, 107))
    p.setColor(QPalette.ColorRole.Link, QColor(116, 192, 252))
    p.setColor(QPalette.ColorRole.Highlight, QColor(51, 102, 170))
    p.setColor(QPalette.ColorRole.HighlightedText, QColor(255, 255, 255))
    p.setColor(QPalette.ColorRole.PlaceholderText, QColor(134, 142, 150))
    p.setColor(QPalette.ColorRole.Mid, QColor(80, 84, 90))
    _set_disabled_text(p, QColor(166, 171, 177))
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Button, window)  # flat: off
    return p


def light_palette() -> QPalette:
    """The light palette: Fusion's standard one, with disabled text that can still be read."""
    p = QApplication.style().standardPalette()
    _set_disabled_text(p, QColor(102, 106, 112))
    return p


def _set_disabled_text(p: QPalette, colour: QColor) -> None:
    """Disabled text ≥ 4.5 on Window, Base and a button's lighter top (Fusion's light grey
    was 1.6 on its Window, the old dark one 2.4 on a button), still plainly dimmer than the
    enabled text."""
    for role in (
        QPalette.ColorRole.Text,
        QPalette.ColorRole.ButtonText,
        QPalette.ColorRole.WindowText,
    ):
        p.setColor(QPalette.ColorGroup.Disabled, role, colour)


def contrast_ratio(fg: str | QColor, bg: str | QColor) -> float:
    """WCAG 2 contrast ratio of two colours (1 … 21; 4.5 is the floor for body text)."""

    def luminance(c: str | QColor) -> float:
        q = QColor(c)
        out = []
        for v in (q.redF(), q.greenF(), q.blueF()):
            out.append(v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4)
        r, g, b = out
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    a, b = luminance(fg), luminance(bg)
    hi, lo = max(a, b), min(a, b)
    return (hi + 0.05) / (lo + 0.05)


# ------------------------------------------------------------------------------ the style

PE = QStyle.PrimitiveElement
_ENABLED = QStyle.StateFlag.State_Enabled
_FOCUS = QStyle.StateFlag.State_HasFocus
_KEYBOARD = QStyle.StateFlag.State_KeyboardFocusChange


def _editable_text_area(widget: QWidget | None) -> bool:
    if isinstance(widget, QPlainTextEdit | QTextEdit):
        return not widget.isReadOnly()
    return False


class EdgeStyle(QProxyStyle):
    """The app's widget style: Fusion, with the edges a person needs to find a control drawn so
    they can be seen (WCAG 1.4.11: 3:1 against what is next to them).

    Fusion derives the frame of a text field, of a checkbox or radio button and of an editable text
    area from the palette's Window (``Window.darker(140)``) and its focus ring from Highlight. In a
    dark palette both come out near the colours around them: a text field, an unticked box and the
    field that has the keys were all but invisible (contrast 1.1 to 1.9). :class:`EdgeStyle` lets
    Fusion draw everything, then draws those edges again in the theme's ``edge`` colour, and the
    keyboard focus in ``focus_edge`` (two pixels on a text field, a button or a combo box), light
    and dark alike. A disabled control keeps Fusion's faint edge: it is not something to act on.
    """

    def __init__(self) -> None:
        super().__init__("Fusion")

    def drawPrimitive(
        self,
        element: QStyle.PrimitiveElement,
        option: QStyleOption,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        if element == PE.PE_FrameFocusRect:
            if option.state & _KEYBOARD:  # Fusion's is a 30 % tint: replaced, not drawn over
                self._ring(painter, QRectF(option.rect), self._colours(option)[1], 1.0, width=1)
            return
        super().drawPrimitive(element, option, painter, widget)
        if not option.state & _ENABLED:
            return
        edge, focus = self._colours(option)
        rect = QRectF(option.rect)
        if element == PE.PE_FrameLineEdit:
            if option.state & _FOCUS:
                self._ring(painter, rect, focus, 2.0)
            else:
                self._ring(painter, rect, edge, 2.0, width=1)
        elif element == PE.PE_Frame and _editable_text_area(widget):
            self._ring(painter, rect, focus if option.state & _FOCUS else edge, 0.0)
        elif element == PE.PE_PanelButtonCommand:  # a push button (and a combo box's face)
            if option.state & _FOCUS and option.state & _KEYBOARD:
                self._ring(painter, rect, focus, 2.0)
        elif element == PE.PE_IndicatorCheckBox:
            keyboard = option.state & _FOCUS and option.state & _KEYBOARD
            self._ring(painter, rect, focus if keyboard else edge, 0.0)
        elif element == PE.PE_IndicatorRadioButton:
            painter.save()
            painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
            keyboard = option.state & _FOCUS and option.state & _KEYBOARD
            painter.setPen(QPen(QColor(focus if keyboard else edge), 1.0))
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawEllipse(rect.adjusted(0.5, 0.5, -0.5, -0.5))
            painter.restore()

    def drawComplexControl(
        self,
        control: QStyle.ComplexControl,
        option: QStyleOptionComplex,
        painter: QPainter,
        widget: QWidget | None = None,
    ) -> None:
        super().drawComplexControl(control, option, painter, widget)
        typed = control == QStyle.ComplexControl.CC_SpinBox or (
            control == QStyle.ComplexControl.CC_ComboBox
            and isinstance(widget, QComboBox)
            and widget.isEditable()
        )
        if not typed or not option.state & _ENABLED:
            return
        if isinstance(widget, QAbstractSpinBox | QComboBox) and widget.hasFocus():
            self._ring(painter, QRectF(option.rect), self._colours(option)[1], 2.0)
        else:
            self._ring(painter, QRectF(option.rect), self._colours(option)[0], 2.0, width=1)

    @staticmethod
    def _colours(option: QStyleOption) -> tuple[str, str]:
        theme = DARK if palette_is_dark(option.palette) else LIGHT
        return theme.edge, theme.focus_edge

    @staticmethod
    def _ring(painter: QPainter, rect: QRectF, colour: str, radius: float, width: int = 2) -> None:
        """``width`` one-pixel rings in ``colour`` just inside ``rect``."""
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(QColor(colour), 1.0))
        for i in range(width):
            inset = 0.5 + i
            r = max(radius - i, 0.0)
            painter.drawRoundedRect(rect.adjusted(inset, inset, -inset, -inset), r, r)
        painter.restore()
