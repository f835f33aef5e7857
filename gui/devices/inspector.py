"""Screen & layout: the device's screen beside its component tree, tied to the code.

* **Refresh** (F5) takes a screenshot and dumps the layout (``uitest dumpLayout``) on a worker
  thread; **Refresh every N s** repeats it while the view is shown (off by default; 2–60 s, a
  tick is skipped while one is still running).
* Selecting a component in the tree outlines it on the picture; a click on the picture selects
  the component under it. With **Clicks tap the device** on, a click is a tap and a drag a swipe
  (``uitest uiInput``) and the view refreshes after; when the device refuses (locked screen,
  no uitest), it says so plainly.
* A component's type, id, key, text, bounds and clickable state are shown with the file:line
  that made it (by id/key, text literal, struct or page) and the memories anchored there.
* **Save layout…** writes the dump (the device's JSON) and its screenshot beside it (same name);
  **Open layout…** reads one offline: the tree, the picture and the code links as they were.
"""

from __future__ import annotations

import html
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from hmdesk.core.codeindex.anchors import AnchorStore
from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.codeindex.layout_join import Link, Literals, join, with_memories
from hmdesk.core.toolchain.device import layout as layout_mod
from hmdesk.core.toolchain.device import screen
from hmdesk.core.toolchain.device.layout import Layout, Node
from hmdesk.core.toolchain.hdc import Outcome
from hmdesk.core.toolchain.tools import hdc_path
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.common.workers import run_in_thread
from hmdesk.gui.context import AppContext
from PySide6.QtCore import QPoint, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import (
    QAction,
    QColor,
    QImage,
    QKeySequence,
    QMouseEvent,
    QPainter,
    QPaintEvent,
    QPen,
    QPixmap,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

MAX_TREE_ROWS = 5000
"""Components shown in the tree (a larger dump is outlined on click, listed up to this)."""
DRAG_PX = 10
SETTLE_MS = 700  # after a tap, before the refresh (the app redraws)
SHOT_SUFFIXES = (".jpeg", ".png")  # snapshot_display writes JPEG, uitest screenCap PNG


class ScreenCanvas(QWidget):
    """The screenshot, scaled to fit, with the selected component outlined. Emits device
    coordinates: ``clicked(x, y)``, ``dragged(x1, y1, x2, y2)``."""

    clicked = Signal(int, int)
    dragged = Signal(int, int, int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.image = QImage()
        self.device_size: tuple[int, int] | None = None
        self.outline: tuple[int, int, int, int] | None = None
        self._pixmap: QPixmap | None = None
        self._press: QPoint | None = None
        self.setMinimumSize(QSize(160, 240))
        self.setAccessibleName("Device screen")
        self.setCursor(Qt.CursorShape.CrossCursor)

    def set_image(self, image: QImage, device_size: tuple[int, int] | None) -> None:
        self.image = image
        self.device_size = device_size or (
            (image.width(), image.height()) if not image.isNull() else None
        )
        self._pixmap = None
        self.update()

    def set_outline(self, bounds: tuple[int, int, int, int] | None) -> None:
        self.outline = bounds
        self.update()

    def target(self) -> QRect:
        if self.image.isNull():
            return QRect()
        size = self.image.size().scaled(self.size(), Qt.AspectRatioMode.KeepAspectRatio)
        x = (self.width() - size.width()) // 2
        y = (self.height() - size.height()) // 2
        return QRect(x, y, size.width(), size.height())

    def _scale(self) -> float:
        t = self.target()
        if not self.device_size or t.width() == 0:
            return 1.0
        return self.device_size[0] / t.width()

    def to_device(self, p: QPoint) -> tuple[int, int] | None:
        t = self.target()
        if t.isEmpty() or not t.contains(p):
            return None
        s = self._scale()
        return int((p.x() - t.x()) * s), int((p.y() - t.y()) * s)

    def to_widget(self, bounds: tuple[int, int, int, int]) -> QRect:
        t = self.target()
        s = self._scale() or 1.0
        left, top, right, bottom = bounds
        return QRect(
            t.x() + int(left / s),
            t.y() + int(top / s),
            int((right - left) / s),
            int((bottom - top) / s),
        )

    def paintEvent(self, event: QPaintEvent) -> None:
        p = QPainter(self)
        theme = theme_for(self)
        t = self.target()
        if t.isEmpty():
            p.setPen(QColor(theme.muted_fg))
            p.drawText(
                self.rect(),
                Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap,
                "No screen yet: Refresh (F5)",
            )
            p.end()
            return
        if self._pixmap is None or self._pixmap.size() != t.size():
            self._pixmap = QPixmap.fromImage(self.image).scaled(
                t.size(),
                Qt.AspectRatioMode.IgnoreAspectRatio,
                Qt.TransformationMode.SmoothTransformation,
            )
        p.drawPixmap(t.topLeft(), self._pixmap)
        if self.outline is not None:
            p.setPen(QPen(QColor(theme.error_fg), 2))
            p.drawRect(self.to_widget(self.outline))
        p.end()

    def mousePressEvent(self, event: QMouseEvent) -> None:
        self._press = event.position().toPoint()

    def mouseReleaseEvent(self, event: QMouseEvent) -> None:
        start, self._press = self._press, None
        end = event.position().toPoint()
        if start is None:
            return
        a, b = self.to_device(start), self.to_device(end)
        if a is None or b is None:
            return
        if (end - start).manhattanLength() < DRAG_PX:
            self.clicked.emit(*a)
        else:
            self.dragged.emit(*a, *b)


@dataclass
class Snapshot:
    """What one refresh brought: the picture, the tree and its links to the code."""

    shot: Outcome
    image: QImage
    dump: Outcome
    layout: Layout | None
    links: dict[int, Link]


class InspectorView(QWidget):
    """The Screen & layout view. ``device_key()`` names the device (empty: none)."""

    location_activated = Signal(str, int)
    refreshed = Signal()

    def __init__(
        self,
        ctx: AppContext,
        device_key: Callable[[], str],
        project: Callable[[], str | None] = lambda: None,
        parent: QWidget | None = None,
    ) -> None:
        super().__init__(parent)
        self.ctx = ctx
        self.device_key = device_key
        self.project = project
        self.layout_tree: Layout | None = None
        self.links: dict[int, Link] = {}
        self.busy = False
        self._items: dict[int, QTreeWidgetItem] = {}
        self._literals: tuple[str, Literals] | None = None
        self._dump_file: Path | None = None
        self._shot_file: Path | None = None  # the screenshot the shown dump goes with
        self._work = Path(tempfile.mkdtemp(prefix="hmdesk-inspect-"))
        lay = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.refresh_button = QPushButton("&Refresh")
        self.refresh_button.setToolTip("Take a screenshot and read the layout (F5)")
        self.refresh_button.clicked.connect(self.refresh)
        bar.addWidget(self.refresh_button)
        self.auto = QCheckBox("Refresh every")
        self.auto.setToolTip("Refresh while this view is shown (off by default)")
        self.auto.toggled.connect(self._auto_changed)
        bar.addWidget(self.auto)
        self.every = QSpinBox()
        self.every.setRange(2, 60)
        self.every.setValue(5)
        self.every.setSuffix(" s")
        self.timer = QTimer(self)
        self.timer.setInterval(5000)
        self.timer.timeout.connect(self._tick)
        self.every.valueChanged.connect(lambda v: self.timer.setInterval(v * 1000))
        bar.addWidget(self.every)
        self.taps = QCheckBox("Clicks &tap the device")
        self.taps.setToolTip(
            "A click taps, a drag swipes (uitest uiInput); off: a click selects the component"
        )
        bar.addWidget(self.taps)
        bar.addStretch(1)
        self.save_button = QPushButton("Save layout…")
        self.save_button.clicked.connect(self.save_dialog)
        self.save_button.setEnabled(False)
        bar.addWidget(self.save_button)
        self.open_button = QPushButton("Open layout…")
        self.open_button.clicked.connect(self.open_dialog)
        bar.addWidget(self.open_button)
        lay.addLayout(bar)
        self.status = QLabel("Refresh (F5) to see the device's screen and its components.")
        self.status.setWordWrap(True)
        lay.addWidget(self.status)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.canvas = ScreenCanvas()
        self.canvas.clicked.connect(self._canvas_clicked)
        self.canvas.dragged.connect(self._canvas_dragged)
        self.split.addWidget(self.canvas)
        right = QSplitter(Qt.Orientation.Vertical)
        self.tree = QTreeWidget()
        self.tree.setHeaderLabels(["Component", "Code", "Bounds"])  # the link before the numbers
        self.tree.setUniformRowHeights(True)
        self.tree.currentItemChanged.connect(self._tree_selected)
        right.addWidget(self.tree)
        self.details = QTextBrowser()
        self.details.setOpenLinks(False)
        self.details.anchorClicked.connect(self._link)
        right.addWidget(self.details)
        self.split.addWidget(right)
        self.split.setStretchFactor(0, 2)
        self.split.setStretchFactor(1, 3)
        lay.addWidget(self.split, 1)
        act = QAction("Refresh the screen", self)
        act.setShortcut(QKeySequence(Qt.Key.Key_F5))
        act.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        act.triggered.connect(self.refresh)
        self.addAction(act)

    # --- refreshing -----------------------------------------------------------------------
    def say(self, text: str, problem: bool = False) -> None:
        theme = theme_for(self)
        self.status.setStyleSheet(f"color:{theme.error_fg}" if problem else "")
        self.status.setText(text)

    def _auto_changed(self, on: bool) -> None:
        if on:
            self.timer.start()
        else:
            self.timer.stop()

    def _tick(self) -> None:
        if self.isVisible() and not self.busy:
            self.refresh()

    def refresh(self) -> None:
        if self.busy:
            return
        key = self.device_key()
        if not key:
            self.say("Choose a connected device first (the target, or a row of the list).", True)
            return
        self.busy = True
        self.refresh_button.setEnabled(False)
        self.say(f"Reading the screen of {key}…")
        project = self.project()
        folder = self._work
        cached = self._literals

        def work() -> tuple[Snapshot, tuple[str, Literals] | None]:
            hdc = hdc_path(self.ctx.db)
            shot = screen.capture(hdc, key, folder, "screen")
            image = QImage(shot.extra["path"]) if shot.ok else QImage()
            dump, tree = layout_mod.dump(hdc, key, folder / "layout.json")
            links, lits = self._join(tree, project, cached)
            return Snapshot(shot, image, dump, tree, links), lits

        run_in_thread(work, on_done=self._shown, on_error=self._failed)

    def _join(
        self, tree: Layout | None, project: str | None, cached: tuple[str, Literals] | None
    ) -> tuple[dict[int, Link], tuple[str, Literals] | None]:
        """The nodes tied to the project's code and memories (worker thread); the literals of
        the project's code index are kept for the next refresh."""
        if tree is None or not project:
            return {}, cached
        lits = cached
        if lits is None or lits[0] != project:
            index = CodeIndex(project)
            index.scan()
            lits = (project, Literals(index))
        return _with_memories(self.ctx, join(tree, lits[1]), lits[1], project), lits

    def _failed(self, exc: BaseException) -> None:
        self.busy = False
        self.refresh_button.setEnabled(True)
        self.say(f"Could not read the device: {exc}", True)

    def _shown(self, got: tuple[Snapshot, tuple[str, Literals] | None]) -> None:
        snap, lits = got
        self.busy = False
        self.refresh_button.setEnabled(True)
        self._literals = lits
        problems = [o for o in (snap.shot, snap.dump) if not o.ok]
        if snap.layout is not None:
            self._dump_file = self._work / "layout.json"
            self.show_layout(snap.layout, snap.links)
        if not snap.image.isNull():
            self._shot_file = Path(str(snap.shot.extra["path"]))
            self.canvas.set_image(snap.image, snap.layout.screen if snap.layout else None)
        if problems:
            self.say(" ".join(f"{o.message}{' ' + o.fix if o.fix else ''}" for o in problems), True)
        else:
            n = len(snap.layout.nodes) if snap.layout else 0
            linked = sum(1 for x in snap.links.values() if x.via != "ancestor")
            self.say(f"{n} components" + (f", {linked} tied to the code" if snap.links else ""))
        self.refreshed.emit()

    # --- the tree -------------------------------------------------------------------------
    def show_layout(self, tree: Layout, links: dict[int, Link] | None = None) -> None:
        selected = self.selected_node()
        self.layout_tree, self.links = tree, dict(links or {})
        self.save_button.setEnabled(True)
        self.tree.clear()
        self._items = {}
        for node in tree.nodes[:MAX_TREE_ROWS]:
            link = self.links.get(node.index)
            code = (
                f"{Path(link.path).name}:{link.line}"
                if link is not None and link.via != "ancestor"
                else ""
            )
            bounds = "[{},{}][{},{}]".format(*node.bounds) if node.bounds else ""
            item = QTreeWidgetItem([node.label(), code, bounds])
            item.setData(0, Qt.ItemDataRole.UserRole, node.index)
            parent = self._items.get(node.parent) if node.parent is not None else None
            if parent is not None:
                parent.addChild(item)
            else:
                self.tree.addTopLevelItem(item)
            self._items[node.index] = item
        hidden = len(tree.nodes) - len(self._items) + tree.truncated
        if hidden:
            self.tree.addTopLevelItem(QTreeWidgetItem([f"… {hidden} more components not shown"]))
        self.tree.expandAll()
        for col in range(3):
            self.tree.resizeColumnToContents(col)
        if selected is not None and selected.index in self._items:
            self.select(selected.index)

    def selected_node(self) -> Node | None:
        item = self.tree.currentItem()
        if item is None or self.layout_tree is None:
            return None
        index = item.data(0, Qt.ItemDataRole.UserRole)
        return self.layout_tree.nodes[index] if isinstance(index, int) else None

    def select(self, index: int) -> None:
        item = self._items.get(index)
        if item is not None:
            self.tree.setCurrentItem(item)
            self.tree.scrollToItem(item)

    def _tree_selected(self, item: QTreeWidgetItem | None, _prev: object) -> None:
        node = self.selected_node()
        self.canvas.set_outline(node.bounds if node is not None else None)
        self.details.setHtml(self.describe(node) if node is not None else "")

    def describe(self, node: Node) -> str:
        e = html.escape
        rows = [
            ("Type", node.type),
            ("id", node.id),
            ("key", node.key),
            ("Text", node.text),
            ("Bounds", "[{},{}][{},{}]".format(*node.bounds) if node.bounds else ""),
            ("Clickable", "yes" if node.clickable else "no"),
        ]
        body = "".join(f"<tr><td><b>{e(k)}</b></td><td>{e(v)}</td></tr>" for k, v in rows if v)
        link = self.links.get(node.index)
        if link is not None:
            how = {"ancestor": "through an enclosing component"}.get(
                link.via, f"by its {link.via} {link.value!r}"
            )
            where = f"{link.path}:{link.line}"
            body += (
                f"<tr><td><b>Code</b></td><td><a href='code:{e(where)}'>{e(where)}</a> "
                f"({e(how)}{', in ' + e(link.entity) if link.entity else ''})</td></tr>"
            )
            if link.memories:
                body += f"<tr><td><b>Memories</b></td><td>{e(', '.join(link.memories))}</td></tr>"
        elif self.project():
            body += "<tr><td><b>Code</b></td><td>not found in the project</td></tr>"
        return f"<table cellspacing=4>{body}</table>"

    def _link(self, url: object) -> None:
        text = url.toString() if hasattr(url, "toString") else str(url)
        if text.startswith("code:"):
            path, _sep, line = text[5:].rpartition(":")
            self.location_activated.emit(path, int(line) if line.isdigit() else 1)

    # --- the picture ----------------------------------------------------------------------
    def _canvas_clicked(self, x: int, y: int) -> None:
        if self.taps.isChecked():
            self._input(lambda hdc, key: screen.tap(hdc, key, x, y), f"Tapped ({x}, {y})")
            return
        if self.layout_tree is None:
            return
        node = self.layout_tree.node_at(x, y)
        if node is not None:
            self.select(node.index)

    def _canvas_dragged(self, x1: int, y1: int, x2: int, y2: int) -> None:
        if self.taps.isChecked():
            self._input(
                lambda hdc, key: screen.swipe(hdc, key, x1, y1, x2, y2),
                f"Swiped ({x1}, {y1}) → ({x2}, {y2})",
            )

    def _input(self, act: Callable[[str, str], Outcome], what: str) -> None:
        key = self.device_key()
        if not key:
            self.say("Choose a connected device first.", True)
            return

        def done(outcome: Outcome) -> None:
            if outcome.ok:
                self.say(f"{what}.")
                QTimer.singleShot(SETTLE_MS, self.refresh)
            else:
                self.say(f"{outcome.message}{' ' + outcome.fix if outcome.fix else ''}", True)

        run_in_thread(lambda: act(hdc_path(self.ctx.db), key), on_done=done, on_error=self._failed)

    # --- saving and opening ---------------------------------------------------------------
    def ask_save_path(self) -> str | None:
        path, _ = QFileDialog.getSaveFileName(
            self, "Save the layout", str(Path.home() / "layout.json"), "JSON (*.json)"
        )
        return path or None

    def ask_open_path(self) -> str | None:
        path, _ = QFileDialog.getOpenFileName(
            self, "Open a layout", str(Path.home()), "JSON (*.json)"
        )
        return path or None

    def save_dialog(self) -> None:
        path = self.ask_save_path() if self._dump_file is not None else None
        if path:
            self.save_to(path)

    def save_to(self, path: str) -> None:
        """Write the dump to ``path`` (the device's JSON) and its screenshot beside it (the same
        name, the picture's suffix), so :meth:`open_file` shows both offline."""
        dump, shot = self._dump_file, self._shot_file
        if dump is None:
            return

        def work() -> str:
            shutil.copyfile(dump, path)
            if shot is not None and shot.is_file():
                picture = Path(path).with_suffix(shot.suffix)
                shutil.copyfile(shot, picture)
                return f"Saved the layout to {path} and its screenshot to {picture.name}"
            return f"Saved the layout to {path}"

        run_in_thread(
            work,
            on_done=self.say,
            on_error=lambda exc: self.say(f"Could not save the layout to {path}: {exc}", True),
        )

    def open_dialog(self) -> None:
        path = self.ask_open_path()
        if path:
            self.open_file(path)

    def open_file(self, path: str) -> None:
        """Read a saved dump (no device needed) with the screenshot saved beside it, if any,
        and tie it to the project's code as a refresh does."""
        project, cached = self.project(), self._literals

        def work() -> tuple[
            Layout, QImage, Path | None, dict[int, Link], tuple[str, Literals] | None
        ]:
            tree = layout_mod.read_layout(path)
            shot = next(
                (p for s in SHOT_SUFFIXES if (p := Path(path).with_suffix(s)).is_file()), None
            )
            image = QImage(str(shot)) if shot is not None else QImage()
            links, lits = self._join(tree, project, cached)
            return tree, image, shot, links, lits

        def done(
            got: tuple[Layout, QImage, Path | None, dict[int, Link], tuple[str, Literals] | None],
        ) -> None:
            tree, image, shot, links, lits = got
            self._literals = lits
            self._dump_file, self._shot_file = Path(path), shot if not image.isNull() else None
            self.canvas.set_image(image, tree.screen if not image.isNull() else None)
            self.show_layout(tree, links)
            picture = "" if image.isNull() else f" and {shot.name if shot else ''}"
            linked = sum(1 for x in links.values() if x.via != "ancestor")
            self.say(
                f"{len(tree.nodes)} components from {path}{picture} (offline)"
                + (f", {linked} tied to the code" if links else "")
            )

        run_in_thread(
            work, on_done=done, on_error=lambda exc: self.say(f"Could not open {path}: {exc}", True)
        )

    def shutdown(self) -> None:
        self.timer.stop()
        shutil.rmtree(self._work, ignore_errors=True)


def _with_memories(
    ctx: AppContext, links: dict[int, Link], lits: Literals, project: str
) -> dict[int, Link]:
    store = AnchorStore(ctx.db)
    paths = sorted({x.path for x in links.values()})
    anchors = [a for p in paths for a in store.for_file(project, p)]
    return with_memories(links, anchors, lits)
