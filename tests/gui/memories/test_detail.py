"""The detail pane: every query term highlighted where it matched, the chips, the score
breakdown, the supersede chain, code anchors, and all of it readable under both palettes."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.codeindex.anchors import AnchorStore
from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.gui.common.highlight import term_spans
from hmdesk.gui.common.theme import theme_for
from hmdesk.gui.memories.model import SpansRole
from PySide6.QtCore import QRect, Qt, QUrl
from PySide6.QtGui import QColor, QTextCursor

from tests.gui.contrast import palettes

from .conftest import image_contrast, search, wait_idle

UNSIGNED = "starter-hap-unsigned-9568320"


def _backgrounds(doc) -> list[str | None]:
    """The background colour of every character of a QTextDocument (None = no background)."""
    out: list[str | None] = []
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            frag = it.fragment()
            fmt = frag.charFormat()
            bg = (
                fmt.background().color().name()
                if fmt.background().style() != Qt.BrushStyle.NoBrush
                else None
            )
            out.extend([bg] * frag.length())
            it += 1
        block = block.next()
        if block.isValid():
            out.append(None)  # the block separator ("\n")
    return out


def test_query_highlights_every_term_where_it_matched(loaded, qtbot):
    result = search(qtbot, loaded, "hdc install 9568320")
    assert result.terms == ["hdc", "install", "9568320"]
    assert loaded.select_id(UNSIGNED)
    detail = loaded.detail
    memory = detail.memory
    assert memory.id == UNSIGNED
    content = memory.content
    doc = detail.content_view.document()
    assert doc.toPlainText() == content  # positions in the view == spans in the content

    lowered = content.lower()
    expected: dict[int, int] = {}
    for i, term in enumerate(result.terms):
        start = lowered.find(term)
        while start >= 0:
            for p in range(start, start + len(term)):
                expected.setdefault(p, i)
            start = lowered.find(term, start + 1)
    scored = detail.scored
    spans = {i: sorted(t.content_spans) for i, t in enumerate(scored.terms)}
    for i, term in enumerate(result.terms):
        found = []
        s = lowered.find(term)
        while s >= 0:
            found.append((s, s + len(term)))
            s = lowered.find(term, s + 1)
        assert spans[i] == found, term

    bgs = _backgrounds(doc)
    assert len(bgs) == len(content)
    theme = theme_for(detail)
    for p, ch in enumerate(content):
        if p in expected:
            assert bgs[p] == QColor(theme.term(expected[p])).name(), (p, ch)
        else:
            assert bgs[p] not in {QColor(theme.term(i)).name() for i in range(3)}, (p, ch)

    # chips: one per term, all matched, with the tag each matched
    chips = (
        detail.chips.text().replace("&nbsp;", " ").replace("\u2060", "")
    )  # a chip does not break
    assert "✓ hdc" in chips and "✓ install" in chips and "✓ 9568320" in chips
    assert "tag 9568320" in chips
    # the model hands the same spans to the table's bold painter
    row = loaded.model.row_of(UNSIGNED)
    assert loaded.model.index(row, 2).data(SpansRole) == term_spans(scored.terms)


def test_unmatched_term_chip_and_breakdown(loaded, qtbot):
    search(qtbot, loaded, "hilog zzzqqq")
    scored = loaded.detail.scored
    assert scored is not None
    assert "✗ zzzqqq" in loaded.detail.chips.text().replace("&nbsp;", " ").replace("\u2060", "")
    meta = loaded.detail.meta_view.toPlainText()
    assert "score = 0.4·confidence + 0.2·recency + 0.4·lexical" in meta
    assert f"{scored.score:.3f}" in meta
    assert "Provenance" in meta and "starter-pack" in meta
    assert "had no matching term" in meta
    c = scored.components
    assert abs(sum(x.contribution for x in c.values()) - scored.score) < 1e-9


def test_no_match_explains_itself(loaded, qtbot):
    search(qtbot, loaded, "zzzqqq")
    assert loaded.model.rowCount() == 0
    assert "No memory matches" in loaded.detail.header.text()
    assert "had no matching term" in loaded.detail.meta_view.toPlainText()


def test_stale_soon_badge():
    from datetime import UTC, datetime, timedelta

    from hmdesk.core.memory.record import MemoryRecord
    from hmdesk.gui.memories.detail import stale_soon

    old = (datetime.now(UTC) - timedelta(days=70)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    rec = MemoryRecord("m", "episodic", "x", "s", "p", 0.4, old, "harmonyos", "s1")
    assert stale_soon(rec)
    assert not stale_soon(MemoryRecord("m", "semantic", "x", "s", "p", 0.4, old, "h", "s1"))
    assert not stale_soon(MemoryRecord("m", "episodic", "x", "s", "p", 0.6, old, "h", "s1"))


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

    assert f"{rel}:{gone.line}  Index.aboutToAppear (method) stale re-anchor… remove" in text
    actions: list[tuple[str, int]] = []
    area.detail.anchor_action.disconnect(area._on_anchor_action)  # no dialogs here
    area.detail.anchor_action.connect(lambda kind, n: actions.append((kind, n)))
    for href in (f"unanchor:{live.id}", f"reanchor:{gone.id}", "anchor:new", "unanchor:x"):
        area.detail._anchor(QUrl(href))
    assert actions == [("remove", live.id), ("reanchor", gone.id), ("new", 0)]

    area.show_memory_id(plain.id)  # the selection changes: only the way to add one is left
    text = area.detail.meta_view.toPlainText()
    assert "Anchor to code… (Ctrl+Shift+A)" in text and "Index.build" not in text


@pytest.mark.parametrize("palette", ["light", "dark"])
def test_highlighted_terms_stay_readable_under_both_palettes(loaded, qtbot, palette):
    search(qtbot, loaded, "hdc install 9568320")
    assert loaded.select_id(UNSIGNED)
    detail = loaded.detail
    detail.setPalette(palettes()[palette])
    loaded._show_current()  # the HTML colours are chosen for the palette it is drawn with
    assert theme_for(detail).dark is (palette == "dark")
    view = detail.content_view
    qtbot.waitUntil(lambda: view.isVisible() and view.viewport().height() > 40)
    measured = 0
    for start, end, term in term_spans(detail.scored.terms):
        if end - start < 3:
            continue
        a, b = QTextCursor(view.document()), QTextCursor(view.document())
        a.setPosition(start)
        b.setPosition(end)
        left, right = view.cursorRect(a), view.cursorRect(b)
        if left.top() != right.top() or not view.viewport().rect().contains(left):
            continue  # wrapped across lines or scrolled away
        box = QRect(
            left.left() + 2, left.top() + 1, right.left() - left.left() - 4, left.height() - 2
        )
        image = view.viewport().grab(box).toImage()
        background, ratio = image_contrast(image)
        assert background == QColor(theme_for(detail).term(term)).rgb() & 0xFFFFFF, term
        assert ratio >= 4.5, (palette, term, ratio)
        measured += 1
    assert measured >= 3  # every term of the query was measured at least once


def test_why_this_score_never_breaks_a_word_in_a_narrow_pane(area, qtbot):
    """Issue 11 item 5: the explanation broke words mid-word in a narrow pane. English words
    and identifiers stay whole; Chinese may break between characters."""
    from tests.gui.text_fit import broken_words

    area.store.add(
        "hvigor fails with ERROR_BUILD_PROFILE_SIGNING_CONFIGS_MISSING in build-profile.json5; "
        "签名配置缺失时请在项目结构中自动生成签名然后重新构建并安装应用到设备上 "
        "then run hdc install -r entry-default-signed.hap",
        tags=["hvigor", "signing"],
    )
    search(qtbot, area, "hvigor signing 签名")
    assert area.model.rowCount() == 1
    area.select_ids([area.model.ids()[0]], area.model.ids()[0])
    area.splitter.setSizes([900, 200])
    qtbot.waitUntil(lambda: area.detail.width() <= 230)
    for view in (area.detail.meta_view, area.detail.content_view):
        doc = view.document()
        doc.setTextWidth(view.viewport().width())
        assert "Why this score" in area.detail.meta_view.toPlainText()
        assert broken_words(doc) == []
        assert doc.size().height() > 0


def test_detail_pane_shows_local_times_with_their_zone(loaded, qtbot, shanghai):
    """Issue 11: times the user reads are local and say their zone, never bare stored UTC."""
    from hmdesk.gui.memories.local_time import local_time_text

    mid = loaded.model.ids()[0]
    loaded.select_ids([mid], mid)
    qtbot.waitUntil(lambda: loaded.detail.memory is not None and loaded.detail.memory.id == mid)
    m = loaded.detail.memory
    shown = loaded.detail.meta_view.toPlainText()
    assert local_time_text(m.created_at) in shown and "CST (UTC+08:00)" in shown
    assert m.created_at not in shown and m.updated_at not in shown


def _term_boxes(view, terms) -> list[tuple[int, object]]:
    """(term index, the rendered image of its first highlighted span on screen)."""
    boxes = []
    for start, end, term in term_spans(terms):
        if end - start < 3:
            continue
        a, b = QTextCursor(view.document()), QTextCursor(view.document())
        a.setPosition(start)
        b.setPosition(end)
        left, right = view.cursorRect(a), view.cursorRect(b)
        if left.top() != right.top() or not view.viewport().rect().contains(left):
            continue
        box = QRect(
            left.left() + 2, left.top() + 1, right.left() - left.left() - 4, left.height() - 2
        )
        boxes.append((term, view.viewport().grab(box).toImage()))
    return boxes


def test_a_theme_switch_redraws_the_shown_memory_at_once(loaded, qtbot):
    """Issue 32, broken 5: switching the theme left the detail pane in the old palette until
    another row was selected."""
    from hmdesk.gui.common.theme import DARK, dark_palette
    from PySide6.QtWidgets import QApplication

    from tests.gui.contrast import rendered_contrast

    search(qtbot, loaded, "hdc install 9568320")
    assert loaded.select_id(UNSIGNED)
    qtbot.waitUntil(lambda: loaded.detail.memory is not None)
    wait_idle(qtbot, loaded)  # the access log's write and the refresh it brings are over
    view = loaded.detail.content_view
    app = QApplication.instance()
    light = app.palette()
    try:
        app.setPalette(dark_palette())  # Preferences › Theme: Dark, the same row selected
        want = {
            QColor(DARK.term(t)).rgb() & 0xFFFFFF for t in range(len(loaded.detail.scored.terms))
        }

        def redrawn() -> bool:
            boxes = _term_boxes(view, loaded.detail.scored.terms)
            return bool(boxes) and all(
                image_contrast(img)[0] == QColor(DARK.term(t)).rgb() & 0xFFFFFF for t, img in boxes
            )

        # the pane's own redraw is queued for the next turn; no search or refresh runs now
        # that could redraw it by the way (the old code waited for one)
        assert not loaded.is_searching() and not loaded.refresh_pending()
        QApplication.processEvents()
        QApplication.processEvents()
        assert redrawn()
        assert want  # the dark theme's term colours, not the light ones, behind the terms
        for _t, img in _term_boxes(view, loaded.detail.scored.terms):
            assert image_contrast(img)[1] >= 4.5
        assert rendered_contrast(loaded.detail.header) >= 4.5
    finally:
        app.setPalette(light)
