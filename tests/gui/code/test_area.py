"""The Code tab: the project's entities (built in the background, filtered, kept current by the
watcher), the memories anchored to a selection, the impact of a change, re-anchoring; and
"Anchor to code…" from the Memories area."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.codeindex.anchors import AnchorStore
from hmdesk.gui.code.area import NO_PROJECT, CodeArea
from hmdesk.gui.common.anchor_picker import AnchorPicker
from hmdesk.gui.common.code_index import PROJECT_KEY, CodeIndexHolder
from PySide6.QtCore import QUrl

SERVICE = """\
export class Service {
  load(): string {
    return fetchData('a')
  }

  reload(): string {
    return this.load()
  }
}

export function fetchData(url: string): string {
  return url.trim()
}
"""


def write(root: Path) -> Path:
    src = root / "entry" / "src" / "main" / "ets"
    src.mkdir(parents=True)
    (src / "Service.ts").write_text(SERVICE, encoding="utf-8")
    (src / "Other.ts").write_text("export function other(): void {}\n", encoding="utf-8")
    return root


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return write(tmp_path / "proj")


@pytest.fixture
def area(qtbot, ctx):
    a = CodeArea(ctx)
    qtbot.addWidget(a)
    a.show()
    yield a
    a.shutdown()


def ready(qtbot, area: CodeArea, project: Path) -> None:
    with qtbot.waitSignal(area.holder.ready, timeout=20_000):
        area.holder.set_root(project)


def test_without_a_project_it_says_how_to_get_one(area):
    assert area.holder.root is None
    assert NO_PROJECT[:40] in area.details.toPlainText()
    assert not area.rebuild_button.isEnabled()


def test_the_last_project_is_indexed_and_filtered(qtbot, ctx, project):
    ctx.settings.setValue(PROJECT_KEY, str(project))
    a = CodeArea(ctx)  # picks the Runs tab's last project up by itself
    qtbot.addWidget(a)
    try:
        qtbot.waitUntil(lambda: a.holder.index is not None, timeout=20_000)
        qtbot.waitUntil(lambda: a.model.rowCount() == 2, timeout=5000)
        assert "2 files, 5 entities" in a.project_label.text()
        a.filter.setText("reload")
        assert a.proxy.rowCount() == 1  # the file holding it, with only the match under it
        assert a.proxy.rowCount(a.proxy.index(0, 0)) == 1
        a.filter.setText("")
        assert a.proxy.rowCount() == 2
    finally:
        a.shutdown()


def test_a_selection_shows_its_memories_and_its_callers(qtbot, area, ctx, project):
    ready(qtbot, area, project)
    index = area.holder.index
    assert index is not None
    mem = ctx.store.add("reload must not be called from build()").id
    (reload_,) = index.find("Service.reload")
    AnchorStore(ctx.db).add(mem, index.root, reload_)
    assert area.select_entity("fetchData")
    text = area.details.toPlainText()
    assert "Impact: callers to depth 2" in text
    assert "1. Service.load" in text and "2. Service.reload" in text
    assert mem in text and "reload must not be called" in text
    area.depth_box.setValue(1)
    assert "Service.reload" not in area.details.toPlainText()
    asked: list[str] = []
    area.memory_requested.connect(asked.append)
    area._on_link(QUrl(f"mem:{mem}"))
    assert asked == [mem]
    assert area.select_entity("other")
    assert "Nothing in the project calls it" in area.details.toPlainText()


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_the_watcher_keeps_the_tree_current(qtbot, area, project):
    ready(qtbot, area, project)
    new = project / "entry" / "src" / "main" / "ets" / "New.ts"
    new.write_text("export function freshlyAdded(): void {}\n", encoding="utf-8")
    qtbot.waitUntil(lambda: area.model.rowCount() == 3, timeout=20_000)
    assert area.select_entity("freshlyAdded")
    # a saved file changes its own row only: the others are the same items, not rebuilt
    rows = [area.model.item(r).text() for r in range(3)]
    assert rows == sorted(rows)
    other = area.model.item(rows.index("entry/src/main/ets/Other.ts"))
    service = project / "entry" / "src" / "main" / "ets" / "Service.ts"
    service.write_text(SERVICE + "\nexport function savedLater(): void {}\n", encoding="utf-8")
    qtbot.waitUntil(lambda: area.select_entity("savedLater"), timeout=20_000)
    assert area.model.rowCount() == 3
    assert area.model.item(rows.index("entry/src/main/ets/Other.ts")) is other
    new.unlink()
    qtbot.waitUntil(lambda: area.model.rowCount() == 2, timeout=20_000)
    assert not area.select_entity("freshlyAdded")
    assert area.model.item(0) is other  # New.ts, the first, is gone


class PickFirst(AnchorPicker):
    def exec(self) -> int:  # no modal loop in tests: pick what the filter shows first
        self.accept()
        return 1


def test_a_stale_anchor_is_marked_and_re_anchored(qtbot, area, ctx, project):
    ready(qtbot, area, project)
    index = area.holder.index
    assert index is not None
    mem = ctx.store.add("other() must stay cheap").id
    (other,) = index.find("other")
    anchor = AnchorStore(ctx.db).add(mem, index.root, other)
    other_ts = project / "entry" / "src" / "main" / "ets" / "Other.ts"
    other_ts.write_text("export function renamed(): void {}\n", encoding="utf-8")
    qtbot.waitUntil(lambda: index.find("renamed") != [], timeout=20_000)
    qtbot.waitUntil(lambda: area.model.rowCount() == 2, timeout=5000)
    area.selected, area.selected_path = None, "entry/src/main/ets/Other.ts"
    area._show_selection()
    assert "Stale anchors" in area.details.toPlainText()
    area.reanchor(anchor.id, picker=PickFirst)
    (now,) = AnchorStore(ctx.db).for_memory(mem)
    assert now.symbol != "other" and now.id != anchor.id


def test_anchor_to_code_from_the_memories_area(qtbot, ctx, project):
    from hmdesk.gui.memories.area import MemoriesArea

    holder = CodeIndexHolder.for_context(ctx)
    with qtbot.waitSignal(holder.ready, timeout=20_000):
        holder.set_root(project)
    mem = ctx.store.add("fetchData trims its argument").id
    area = MemoriesArea(ctx)
    qtbot.addWidget(area)
    area.anchoring.picker = PickFirst
    area.show_memory_id(mem)
    qtbot.waitUntil(lambda: area.selected_ids() == [mem], timeout=10_000)
    area.actions_by_name["anchor"].trigger()
    (anchor,) = AnchorStore(ctx.db).for_memory(mem)
    assert anchor.path.endswith(".ts")
    qtbot.waitUntil(lambda: anchor.symbol in area.detail.meta_view.toPlainText(), timeout=5000)
    area.shutdown()
    holder.shutdown()


def test_anchor_to_code_without_a_project_says_what_to_do(qtbot, ctx):
    from hmdesk.gui.memories.area import MemoriesArea

    mem = ctx.store.add("a memory").id
    area = MemoriesArea(ctx)
    qtbot.addWidget(area)
    area.show_memory_id(mem)
    qtbot.waitUntil(lambda: area.selected_ids() == [mem], timeout=10_000)
    with qtbot.waitSignal(ctx.bus.error, timeout=5000) as sig:
        area.actions_by_name["anchor"].trigger()
    assert "Cannot anchor" in sig.args[0] and "Runs tab" in sig.args[1]
    area.shutdown()


def test_cancelled_indexing_says_so(qtbot, ctx, tmp_path):
    root = tmp_path / "big"
    src = root / "src"
    src.mkdir(parents=True)
    for i in range(300):
        (src / f"f{i}.ts").write_text(f"export function f{i}(): void {{}}\n", encoding="utf-8")
    holder = CodeIndexHolder(ctx.settings)
    with qtbot.waitSignal(holder.failed, timeout=20_000) as sig:
        holder.set_root(root)
        holder.cancel()
    assert "cancelled" in sig.args[0]
    assert holder.index is None and not holder.building
    with qtbot.waitSignal(holder.ready, timeout=30_000):
        holder.rebuild()
    assert holder.index is not None and len(holder.index.files()) == 300
    holder.shutdown()


def test_remove_an_anchor_from_the_detail_pane_after_asking(qtbot, ctx, project, monkeypatch):
    from hmdesk.gui.memories import anchoring
    from hmdesk.gui.memories.area import MemoriesArea
    from PySide6.QtWidgets import QMessageBox

    holder = CodeIndexHolder.for_context(ctx)
    with qtbot.waitSignal(holder.ready, timeout=20_000):
        holder.set_root(project)
    index = holder.index
    assert index is not None
    mem = ctx.store.add("load is cached").id
    (load,) = index.find("Service.load")
    anchor = AnchorStore(ctx.db).add(mem, index.root, load)
    area = MemoriesArea(ctx)
    qtbot.addWidget(area)
    area.show_memory_id(mem)
    answers = [QMessageBox.StandardButton.No, QMessageBox.StandardButton.Yes]
    monkeypatch.setattr(anchoring.QMessageBox, "question", lambda *_a: answers.pop(0))
    area.detail._anchor(QUrl(f"unanchor:{anchor.id}"))  # "No": kept
    assert AnchorStore(ctx.db).for_memory(mem) != []
    area.detail._anchor(QUrl(f"unanchor:{anchor.id}"))
    assert AnchorStore(ctx.db).for_memory(mem) == []
    assert "Service.load" not in area.detail.meta_view.toPlainText()
    area.shutdown()
    holder.shutdown()


def test_a_reopened_project_is_browsable_before_its_files_are_checked(qtbot, ctx, project):
    first = CodeIndexHolder(ctx.settings)
    with qtbot.waitSignal(first.ready, timeout=20_000):
        first.set_root(project)  # indexed and kept
    first.shutdown()
    (project / "entry/src/main/ets/Other.ts").write_text(
        "export function other(): void {}\nexport function added(): void {}\n", encoding="utf-8"
    )
    again = CodeIndexHolder(ctx.settings)
    seen: list[tuple[bool, int]] = []
    again.ready.connect(lambda: seen.append((again.building, len(again.index or []))))
    again.set_root(project)
    qtbot.waitUntil(lambda: len(seen) == 2, timeout=20_000)
    # first the index kept last time, while the scan still runs (it may have re-read the
    # changed file already: one index object is filled in place); then the checked one
    assert [building for building, _ in seen] == [True, False] and seen[-1][1] == 6
    assert again.index is not None and again.index.parsed == 1  # only the changed file
    again.shutdown()


def test_down_from_the_filter_enters_the_tree(qtbot, area, project):
    """Issue 32, missing: Down in the Code filter did not move into the tree."""
    from PySide6.QtCore import Qt

    ready(qtbot, area, project)
    area.filter.setText("fetchData")
    area.filter.setFocus()
    qtbot.keyClick(area.filter, Qt.Key.Key_Down)
    assert area.tree.hasFocus() or area.focusWidget() is area.tree
    assert area.selected is not None and area.selected.qualified == "fetchData"


def test_a_memory_is_anchored_from_the_code_side(qtbot, ctx, area, project):
    """Issue 32, missing: "Anchor a memory here…" on a code node, the memory picked by a search."""
    from hmdesk.gui.code.memory_picker import MemoryPicker

    rec = ctx.store.add("fetchData must trim the url before the request", tags=["net"])
    ctx.store.add("hilog hides values as <private>", tags=["hilog"])
    ready(qtbot, area, project)
    assert area.select_entity("fetchData")
    assert "Anchor a memory here" in area.details.toPlainText()

    class Picking(MemoryPicker):
        def exec(self) -> int:  # the dialog as a user answers it: search, Enter
            self.text.setText("trim url")
            qtbot.waitUntil(lambda: self.list.count() > 0 and "trim" in self.list.item(0).text())
            self.accept()
            return int(self.result())

    assert area.anchor_memory(Picking) == rec.id
    anchors = AnchorStore(ctx.db).for_memory(rec.id)
    assert [a.symbol for a in anchors] == ["fetchData"]
    assert rec.id in area.details.toPlainText()  # listed under "Memories anchored here"


def test_no_project_names_a_key_that_exists(qtbot, ctx):
    """Issue 32, broken 6: the Code tab advertised "Ctrl+O", which did not exist."""
    from tests.gui.windows import close_window, make_window

    w = make_window(ctx, qtbot)
    w.build_other_areas()
    assert "Ctrl+O" in NO_PROJECT
    keys = {k.toString() for a in w.file_menu.actions() for k in a.shortcuts()}
    assert "Ctrl+O" in keys
    opened = []
    w.runs.project_bar.open_dialog = lambda: opened.append(True)  # the folder dialog
    w.run_actions.by_name["open"].trigger()
    assert opened == [True]
    close_window(w)
