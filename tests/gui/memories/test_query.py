"""Query → results → highlight spans, chips, score breakdown; the results model."""

from __future__ import annotations

from types import SimpleNamespace

from hmdesk.gui.common.highlight import (
    code_regions,
    content_html,
    term_color,
    term_spans,
)
from hmdesk.gui.memories.model import COL_CONF, COL_SCORE, SpansRole
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QTextCursor

from .conftest import search

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
    dark = detail.palette().color(detail.palette().ColorRole.Base).lightness() < 128
    for p, ch in enumerate(content):
        if p in expected:
            assert bgs[p] == QColor(term_color(expected[p], dark)).name(), (p, ch)
        else:
            assert bgs[p] not in {QColor(term_color(i, dark)).name() for i in range(3)}, (p, ch)

    # chips: one per term, all matched, with the tag each matched
    chips = detail.chips.text()
    assert "✓ hdc" in chips and "✓ install" in chips and "✓ 9568320" in chips
    assert "tag 9568320" in chips
    # the model hands the same spans to the table's bold painter
    row = loaded.model.row_of(UNSIGNED)
    assert loaded.model.index(row, 2).data(SpansRole) == term_spans(scored.terms)


def test_unmatched_term_chip_and_breakdown(loaded, qtbot):
    search(qtbot, loaded, "hilog zzzqqq")
    scored = loaded.detail.scored
    assert scored is not None
    assert "✗ zzzqqq" in loaded.detail.chips.text()
    meta = loaded.detail.meta_view.toPlainText()
    assert "score = 0.4·confidence + 0.2·recency + 0.4·lexical" in meta
    assert f"{scored.score:.3f}" in meta
    assert "Provenance" in meta and "starter-pack" in meta
    assert "had no matching term" in meta
    c = scored.components
    assert abs(sum(x.contribution for x in c.values()) - scored.score) < 1e-9


def test_hard_filter_line(loaded, qtbot):
    result = search(qtbot, loaded, "install", layer="episodic")
    assert all(s.memory.layer == "episodic" for s in result.results)
    assert "by layer" in loaded.footer.text()
    search(qtbot, loaded, "install", layer="any")


def test_code_is_coloured_with_pygments():
    text = 'Run `hdc install -r a.hap` now\nhdc -t KEY shell hilog -v time\n```json\n{"a": 1}\n```'
    regions = code_regions(text)
    langs = [r.language for r in regions]
    assert langs.count("bash") == 2 and "json" in langs
    html = content_html(text, [])
    assert "font-family: monospace" in html and "color: #" in html


def test_overlapping_spans_do_not_overlap():
    terms = [
        SimpleNamespace(term="install", content_spans=[(4, 11)]),
        SimpleNamespace(term="stall", content_spans=[(6, 11)]),
        SimpleNamespace(term="hdc", content_spans=[(0, 3)]),
    ]
    assert term_spans(terms) == [(0, 3, 2), (4, 11, 0)]


def test_results_model_passes_the_model_tester(loaded, qtbot, qtmodeltester):
    search(qtbot, loaded, "hdc install")
    qtmodeltester.check(loaded.model)
    loaded.model.sort(COL_CONF, Qt.SortOrder.DescendingOrder)
    confs = [loaded.model.scored_at(r).memory.confidence for r in range(loaded.model.rowCount())]
    assert confs == sorted(confs, reverse=True)
    qtmodeltester.check(loaded.model)
    loaded.model.sort(COL_SCORE, Qt.SortOrder.AscendingOrder)
    scores = [loaded.model.scored_at(r).score for r in range(loaded.model.rowCount())]
    assert scores == sorted(scores, reverse=True)  # "ascending" rank = best first


def test_sorting_keeps_the_selection(loaded, qtbot):
    search(qtbot, loaded, "install")
    loaded.select_id(UNSIGNED)
    loaded.table.sortByColumn(COL_CONF, Qt.SortOrder.AscendingOrder)
    assert loaded.selected_ids() == [UNSIGNED]
    assert loaded.current_id() == UNSIGNED


def test_typing_is_debounced_and_searches_off_thread(loaded, qtbot):
    calls = []
    original = loaded._run_search

    def spy(spec):
        import threading

        calls.append((spec.text, threading.current_thread() is threading.main_thread()))
        return original(spec)

    loaded._run_search = spy
    loaded._search._fn = spy
    for ch in "hilog":
        qtbot.keyClicks(loaded.query_bar.text, ch)
    qtbot.waitUntil(lambda: loaded.result is not None and loaded.result.query.text == "hilog")
    assert calls and all(not on_main for _t, on_main in calls)
    assert len(calls) < 5  # debounced: not one search per keystroke


def test_tag_completion_comes_from_the_store(loaded, qtbot):
    qtbot.waitUntil(lambda: "9568320" in loaded.query_bar.tag_completer.tag_model.stringList())
    result = search(qtbot, loaded, "", tags="hilog")
    assert result.results and all("hilog" in s.memory.tags for s in result.results)


def test_content_html_plain_text_round_trip(qtbot):
    from PySide6.QtGui import QTextDocument

    text = "a <b> & c\n\nline `x`\n"
    doc = QTextDocument()
    doc.setHtml(content_html(text, [SimpleNamespace(content_spans=[(0, 1)])]))
    assert doc.toPlainText() == text
    cur = QTextCursor(doc)
    assert cur is not None


def test_hmharness_profile_shows_what_the_agent_gets(loaded, qtbot):
    result = search(qtbot, loaded, "hdc install", profile="hmharness")
    assert result.query.profile == "hmharness" and len(result.results) == 10
    direct = loaded.ctx.retriever.search(
        type(result.query)(text="hdc install", profile="hmharness", limit=10)
    )
    assert [s.memory.id for s in direct.results] == loaded.model.ids()
    search(qtbot, loaded, "hdc install", profile="default")
    assert loaded.model.rowCount() > 10


def test_copy_explanation_as_json(loaded, qtbot):
    import json

    from PySide6.QtWidgets import QApplication

    search(qtbot, loaded, "hdc install 9568320")
    loaded.select_id(UNSIGNED)
    loaded.actions_by_name["copy_json"].trigger()
    data = json.loads(QApplication.clipboard().text())
    assert [r["id"] for r in data["results"]] == [UNSIGNED]
    assert set(data["results"][0]["components"]) == {"confidence", "recency", "lexical"}
    assert data["query"]["text"] == "hdc install 9568320"


def test_stale_soon_badge():
    from datetime import UTC, datetime, timedelta

    from hmdesk.core.memory.record import MemoryRecord
    from hmdesk.gui.memories.detail import stale_soon

    old = (datetime.now(UTC) - timedelta(days=70)).strftime("%Y-%m-%dT%H:%M:%S.000Z")
    rec = MemoryRecord("m", "episodic", "x", "s", "p", 0.4, old, "harmonyos", "s1")
    assert stale_soon(rec)
    assert not stale_soon(MemoryRecord("m", "semantic", "x", "s", "p", 0.4, old, "h", "s1"))
    assert not stale_soon(MemoryRecord("m", "episodic", "x", "s", "p", 0.6, old, "h", "s1"))


def test_no_match_explains_itself(loaded, qtbot):
    search(qtbot, loaded, "zzzqqq")
    assert loaded.model.rowCount() == 0
    assert "No memory matches" in loaded.detail.header.text()
    assert "had no matching term" in loaded.detail.meta_view.toPlainText()


def test_index_postings_are_warmed_off_thread_after_the_first_result(ctx, make_area, qtbot):
    """The first (text-less) result does not wait for the term postings; the area builds them
    on a worker right after, so the first keystroke does not either."""
    import threading

    for i in range(40):
        ctx.store.add(f"hvigor build {i} fails on device {i % 7}", tags=["build"])
    threads: list[bool] = []
    warm = ctx.retriever.warm

    def spy(pause=None) -> None:
        threads.append(threading.current_thread() is threading.main_thread())
        warm(pause)

    ctx.retriever.warm = spy
    area = make_area()
    assert area.result is not None and area.result.query.text == ""
    qtbot.waitUntil(lambda: ctx.retriever.warmed)
    assert threads == [False]
    before = [s.memory.id for s in search(qtbot, area, "device 3").results]
    assert before and ctx.retriever.rebuilds == 1


def test_warming_steps_aside_while_the_user_types(ctx, make_area, qtbot):
    """While the query text changes, the background build's pause() blocks; a text search
    submitted meanwhile still gets its result once the typing stops."""
    import threading
    import time

    for i in range(40):
        ctx.store.add(f"hilog crash {i} on device {i % 5}")
    pauses: list[float] = []
    typed = threading.Event()
    warm = ctx.retriever.warm

    def spy(pause=None) -> None:
        def timed_pause() -> None:
            typed.wait(5)  # hold the build at its first pause until the test has typed
            t = time.monotonic()
            pause()
            pauses.append(time.monotonic() - t)

        warm(timed_pause)

    ctx.retriever.warm = spy
    area = make_area()
    area.query_bar.text.setText("hilog")  # typing: the build waits BUSY_PAUSE_S
    assert area._warming["busy_until"] > time.monotonic()
    area._warming["busy_until"] = time.monotonic() + 1.0  # longer: a slow thread start is fine
    typed.set()
    qtbot.waitUntil(lambda: ctx.retriever.warmed)
    assert pauses and pauses[0] >= 0.3
    # the text search submitted meanwhile waited for the build, then showed its result
    qtbot.waitUntil(lambda: area.result.query.text == "hilog" and not area.is_searching())
    assert area.result.results
    result = search(qtbot, area, "device 3")
    assert result.results and all("device" in s.memory.content for s in result.results)
