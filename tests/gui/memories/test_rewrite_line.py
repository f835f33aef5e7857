"""The line under the query bar: what the query rewrite did, hidden when it did nothing."""

from __future__ import annotations

from hmdesk.core.memory.retrieve.results import Query, QueryResult
from hmdesk.core.memory.retrieve.rewrite import rewrite_query
from hmdesk.gui.memories.rewrite_line import RewriteLine, rewrite_html

from .conftest import search

UNSIGNED = "starter-hap-unsigned-9568320"


def result_of(text: str) -> QueryResult:
    rw = rewrite_query(text)
    return QueryResult(
        Query(text=text), [], [], {}, 0, None, 0.0, rewrite=rw if rw.changed else None
    )


def test_rewrite_html() -> None:
    html = rewrite_html(result_of("hdc install 9568320 怎么办，不是签名问题 <x>"))
    assert "Searched <b>hdc install 9568320 &lt;x&gt;</b>" in html
    assert "ranked lower: <b>签名</b>" in html and "dropped: 怎么办, 不是, 问题" in html
    assert rewrite_html(result_of("hdc install")) == ""
    assert rewrite_html(None) == ""
    assert "nothing" in rewrite_html(result_of("-signing"))  # only a negation


def test_the_line_shows_and_hides(qtbot) -> None:
    line = RewriteLine()
    qtbot.addWidget(line)
    line.show()
    line.show_result(result_of("why does hdc install fail -signing"))
    assert line.isVisible() and "signing" in line.text() and "why does" in line.text()
    line.show_result(result_of("hdc install"))
    assert not line.isVisible() and line.text() == ""


def test_area_shows_the_rewrite_of_the_shown_result(loaded, qtbot) -> None:
    result = search(qtbot, loaded, "hdc install 9568320 怎么办，不是签名问题")
    assert result.rewrite is not None and result.rewrite.negated == ("签名",)
    assert loaded.rewrite_line.isVisibleTo(loaded)
    assert "签名" in loaded.rewrite_line.text()
    # the signing memory (tag "signing") scores lower than without the negation (with the rare
    # code 9568320 weighing most, it may still rank first: the penalty is explained, not hidden)
    scores = {s.memory.id: s.score for s in result.results}
    negated = next(s for s in result.results if s.memory.id == UNSIGNED)
    assert negated.components["negated"].contribution < 0
    plain = search(qtbot, loaded, "hdc install 9568320")
    assert plain.rewrite is None and not loaded.rewrite_line.isVisibleTo(loaded)
    plain_scores = {s.memory.id: s.score for s in plain.results}
    assert scores[UNSIGNED] < plain_scores[UNSIGNED]
