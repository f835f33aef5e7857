"""Render ``resources/icons/hmdesk.svg`` to the PNG sizes desktops ask for (Qt's QSvgRenderer).

    python packaging/render_icons.py          # write resources/icons/hmdesk-<size>.png
    python packaging/render_icons.py --check  # exit 1 when a committed PNG differs from a render

The PNGs are committed (the wheel ships them; the window icon loads them without QtSvg's image
plugin); run this after editing the SVG. ``tests/packaging/test_desktop.py`` runs ``--check``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication, QImage, QPainter
from PySide6.QtSvg import QSvgRenderer

ICONS = Path(__file__).resolve().parent.parent / "resources" / "icons"
SVG = ICONS / "hmdesk.svg"
SIZES = (16, 24, 32, 48, 64, 128, 256, 512)
TOLERANCE = 8  # per channel: antialiasing may differ a little between Qt versions


def png_path(size: int) -> Path:
    return ICONS / f"hmdesk-{size}.png"


def render(size: int, renderer: QSvgRenderer) -> QImage:
    image = QImage(size, size, QImage.Format.Format_ARGB32)
    image.fill(Qt.GlobalColor.transparent)
    painter = QPainter(image)
    painter.setRenderHint(QPainter.RenderHint.Antialiasing)
    renderer.render(painter)
    painter.end()
    return image


def differs(a: QImage, b: QImage) -> str | None:
    """Why two images differ beyond ``TOLERANCE`` (size or a pixel), or None."""
    if a.size() != b.size():
        return f"size {b.width()}x{b.height()}, expected {a.width()}x{a.height()}"
    a = a.convertToFormat(QImage.Format.Format_ARGB32)
    b = b.convertToFormat(QImage.Format.Format_ARGB32)
    for y in range(a.height()):
        for x in range(a.width()):
            p, q = a.pixel(x, y), b.pixel(x, y)
            if any(abs(((p >> s) & 255) - ((q >> s) & 255)) > TOLERANCE for s in (0, 8, 16, 24)):
                return f"pixel ({x}, {y}) is {q:#010x}, a fresh render has {p:#010x}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    parser.add_argument("--sizes", help="comma-separated sizes (default: all)")
    args = parser.parse_args(argv)
    _app = QGuiApplication.instance() or QGuiApplication(sys.argv[:1])
    renderer = QSvgRenderer(str(SVG))
    if not renderer.isValid():
        print(f"render_icons: cannot read {SVG}", file=sys.stderr)
        return 2
    sizes = [int(s) for s in args.sizes.split(",")] if args.sizes else SIZES
    bad = 0
    for size in sizes:
        image = render(size, renderer)
        if not args.check:
            if not image.save(str(png_path(size)), "PNG"):
                print(f"render_icons: cannot write {png_path(size)}", file=sys.stderr)
                return 2
            continue
        committed = QImage(str(png_path(size)))
        why = "missing" if committed.isNull() else differs(image, committed)
        if why:
            print(f"render_icons: {png_path(size).name}: {why}; run packaging/render_icons.py")
            bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
