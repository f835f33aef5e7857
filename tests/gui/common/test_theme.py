"""The theme: every named colour is readable where it is drawn, in the light and the dark theme;
``theme_for`` follows the widget's palette; no module but the theme holds a hex colour.

What is checked for each theme against the palette it goes with (see ``Theme``'s docstring):
``X_bg`` with ``X_text`` (or ``X_fg``) ≥ 4.5, ``term_fg`` on every ``term_bg`` ≥ 4.5, a ``*_bg``
without its own text colour with the palette's Text ≥ 4.5, every text colour (``*_fg``,
``*_text``, ``level_*``, ``ansi``, ``ansi_bright``) on the palette's Base ≥ 4.5 and every score
bar colour (``score_*``) on Base ≥ 3. Roles are found by these names, so a role another area adds
is checked as soon as it exists.
"""

from __future__ import annotations

import ast
import re
from dataclasses import fields
from pathlib import Path

import pytest
from hmdesk.gui.common.theme import DARK, LIGHT, Theme, contrast_ratio, is_dark, theme_for
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QLabel, QWidget

from tests.gui.contrast import palettes

TEXT_FLOOR = 4.5
GRAPHIC_FLOOR = 3.0
GUI = Path(__file__).resolve().parents[3] / "gui"
THEME_MODULE = GUI / "common" / "theme.py"

THEMES = {"light": LIGHT, "dark": DARK}


def _roles(theme: Theme) -> dict[str, str | tuple[str, ...]]:
    return {f.name: getattr(theme, f.name) for f in fields(theme) if f.name != "dark"}


def _is_text_role(name: str) -> bool:
    return name.endswith(("_fg", "_text")) or name.startswith(("level_", "ansi"))


def _colours(value: str | tuple[str, ...]) -> tuple[str, ...]:
    return value if isinstance(value, tuple) else (value,)


def _base_and_text(name: str) -> tuple[QColor, QColor]:
    palette = palettes()[name]
    return palette.color(QPalette.ColorRole.Base), palette.color(QPalette.ColorRole.Text)


def test_the_themes_match_their_palettes(qapp):
    assert LIGHT.dark is False and DARK.dark is True
    for name, theme in THEMES.items():
        base, _ = _base_and_text(name)
        assert (base.lightness() < 128) is theme.dark, name


@pytest.mark.parametrize("name", THEMES)
def test_backgrounds_are_read_with_their_text_colours(qapp, name):
    theme = THEMES[name]
    roles = _roles(theme)
    _, palette_text = _base_and_text(name)
    low = []
    for role, value in roles.items():
        if not role.endswith("_bg"):
            continue
        stem = role.removesuffix("_bg")
        text = (
            roles.get(f"{stem}_text")
            or roles.get(f"{stem}_fg")
            or (theme.term_fg if role == "term_bg" else palette_text.name())
        )
        assert isinstance(text, str), role
        for i, bg in enumerate(_colours(value)):
            ratio = contrast_ratio(text, bg)
            if ratio < TEXT_FLOOR:
                low.append(f"{role}[{i}] {bg} with {text}: {ratio:.2f}")
    ratio = contrast_ratio(theme.card_title_fg, theme.card_bg)
    if ratio < TEXT_FLOOR:
        low.append(f"card_title_fg on card_bg: {ratio:.2f}")
    assert not low, f"{name}: below {TEXT_FLOOR}: " + "; ".join(low)


@pytest.mark.parametrize("name", THEMES)
def test_text_colours_are_readable_on_base(qapp, name):
    base, _ = _base_and_text(name)
    low = []
    text_roles = [r for r in _roles(THEMES[name]) if _is_text_role(r)]
    assert {"error_fg", "error_text", "level_error", "ansi"} <= set(text_roles)
    for role in text_roles:
        for i, colour in enumerate(_colours(_roles(THEMES[name])[role])):
            ratio = contrast_ratio(colour, base)
            if ratio < TEXT_FLOOR:
                low.append(f"{role}[{i}] {colour}: {ratio:.2f}")
    assert not low, f"{name}: text below {TEXT_FLOOR} on Base {base.name()}: " + "; ".join(low)


@pytest.mark.parametrize("name", THEMES)
def test_score_bars_stand_out_from_base(qapp, name):
    base, _ = _base_and_text(name)
    bars = {r: v for r, v in _roles(THEMES[name]).items() if r.startswith("score_")}
    assert len(bars) >= 4
    low = [
        f"{role} {colour}: {contrast_ratio(colour, base):.2f}"
        for role, colour in bars.items()
        for colour in _colours(colour)
        if contrast_ratio(colour, base) < GRAPHIC_FLOOR
    ]
    assert not low, f"{name}: score bars below {GRAPHIC_FLOOR} on Base: " + "; ".join(low)


def test_every_role_is_a_colour_in_both_themes(qapp):
    assert [f.name for f in fields(LIGHT)] == [f.name for f in fields(DARK)]
    for name, theme in THEMES.items():
        for role, value in _roles(theme).items():
            for colour in _colours(value):
                assert re.fullmatch(r"#[0-9a-f]{6}", colour), f"{name}.{role} = {colour!r}"


def test_theme_for_follows_the_widget_palette(qtbot):
    parent = QWidget()
    qtbot.addWidget(parent)
    child = QLabel("x", parent)
    light, dark = palettes()["light"], palettes()["dark"]
    parent.setPalette(dark)
    assert is_dark(child) and theme_for(child) is DARK
    parent.setPalette(light)
    assert not is_dark(child) and theme_for(child) is LIGHT
    child.setPalette(dark)  # a widget's own palette wins over its parent's
    assert theme_for(child) is DARK and theme_for(parent) is LIGHT


def test_theme_for_without_a_widget_follows_the_application(qapp):
    saved = qapp.palette()
    try:
        qapp.setPalette(palettes()["dark"])
        assert theme_for() is DARK and theme_for(None) is DARK
        qapp.setPalette(palettes()["light"])
        assert theme_for() is LIGHT
    finally:
        qapp.setPalette(saved)


# ---------------------------------------------------------------------------- no hex colours

HEX_COLOUR = re.compile(r"(?<![&\w])#(?:[0-9a-fA-F]{6}|[0-9a-fA-F]{3})(?![0-9a-zA-Z_])")


def _docstring_nodes(tree: ast.Module) -> set[int]:
    nodes: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                nodes.add(id(body[0].value))
    return nodes


def _shown(path: Path) -> str:
    """``gui/x/y.py`` for a file of the repository, the path itself otherwise."""
    try:
        return str(path.relative_to(GUI.parent))
    except ValueError:
        return str(path)


def hex_colour_literals(path: Path) -> list[str]:
    """``file:line: literal`` for every hex colour (``#rgb``, ``#rrggbb``) in a string constant
    of ``path`` (f-string parts included, docstrings not: they describe, they do not paint)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    skip = _docstring_nodes(tree)
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            for match in HEX_COLOUR.finditer(node.value):
                found.append(f"{_shown(path)}:{node.lineno}: {match.group()}")
    return found


def test_the_hex_colour_scan_finds_what_it_should(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        '"""Docstring with #ffffff is fine."""\n'
        'A = "color: #fa5252"\n'
        'B = f"border: 1px solid #abc; {A}"\n'
        'C = "#errorBanner QLabel { }"\n'
        'D = "&#123; issue #12 #1234 #abcd"\n',
        encoding="utf-8",
    )
    found = hex_colour_literals(sample)
    assert [f.split(":", 2)[1:] for f in found] == [["2", " #fa5252"], ["3", " #abc"]]


def test_no_hex_colours_outside_the_theme():
    """Colours come from ``theme_for(widget).<role>``; a literal here is a colour that does not
    follow the palette. Add a role to ``Theme`` (both instances) instead."""
    offenders = [
        line
        for path in sorted(GUI.rglob("*.py"))
        if path != THEME_MODULE
        for line in hex_colour_literals(path)
    ]
    assert not offenders, "hex colours outside gui/common/theme.py:\n" + "\n".join(offenders)
