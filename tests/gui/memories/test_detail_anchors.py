"""The detail pane's "Code anchors" section: live and stale anchors, none when unanchored."""

from __future__ import annotations

from pathlib import Path

from hmdesk.core.codeindex.anchors import AnchorStore
from hmdesk.core.codeindex.index import CodeIndex

from .conftest import wait_idle

APPEAR = """  aboutToAppear(): void {
    console.info('appear');
  }

"""
INDEX_ETS = f"""@Entry
@Component
struct Index {{
{APPEAR}  build() {{
    Column() {{}}
  }}
}}
"""


def test_detail_pane_lists_code_anchors_and_marks_stale(area, ctx, qtbot, tmp_path, monkeypatch):
    project = tmp_path / "proj"
    src = project / "entry" / "src" / "main" / "ets" / "pages" / "Index.ets"
    src.parent.mkdir(parents=True)
    src.write_text(INDEX_ETS, encoding="utf-8")
    index = CodeIndex(project)
    index.scan()
    anchored = ctx.store.add("build() must return one root container")
    plain = ctx.store.add("no code here")
    anchors = AnchorStore(ctx.db)
    live = anchors.add(anchored.id, project, index.find("Index.build")[0])
    gone = anchors.add(anchored.id, project, index.find("Index.aboutToAppear")[0])
    src.write_text(INDEX_ETS.replace(APPEAR, ""), encoding="utf-8")  # aboutToAppear() removed
    index = CodeIndex(project)
    index.scan()
    anchors.resolve_many(anchors.for_memory(anchored.id), index)
    live = anchors.get(live.id)  # build() moved up: the stored line follows it
    assert (live.line, live.stale, anchors.get(gone.id).stale) == (4, False, True)
    wait_idle(qtbot, area)

    area.show_memory_id(anchored.id)
    text = area.detail.meta_view.toPlainText().replace("\xa0", " ")
    assert "Code anchors" in text
    rel = "entry/src/main/ets/pages/Index.ets"
    assert f"{rel}:{live.line}  Index.build (build)" in text
    assert f"{rel}:{gone.line}  Index.aboutToAppear (method) stale" in text
    assert f"{live.line}  Index.build (build) stale" not in text

    opened: list[tuple[str, int, int, str | Path | None]] = []
    monkeypatch.setattr(
        "hmdesk.gui.common.editor.open_location",
        lambda path, line, col, project_dir=None: (
            opened.append((path, line, col, project_dir)) or "opened"
        ),
    )
    with qtbot.waitSignal(area.detail.location_opened):
        area.detail.open_anchor(live.id)
    area.detail.open_anchor(gone.id)  # stale: nothing to open
    assert opened == [(rel, live.line, 1, str(project.resolve()))]

    area.show_memory_id(plain.id)  # the selection changes: the section goes
    assert "Code anchors" not in area.detail.meta_view.toPlainText()
