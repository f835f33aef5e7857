"""The explanation as people read it: component colours, the breakdown table and line, ages."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.results import Component, ScoredMemory, TermMatch
from hmdesk.gui.common.explanation import (
    COMPONENT_ORDER,
    GRAPHIC_MIN_CONTRAST,
    age_text,
    breakdown_html,
    breakdown_text,
    component_color,
)
from hmdesk.gui.common.theme import DARK, LIGHT, contrast_ratio
from PySide6.QtGui import QColor


def scored() -> ScoredMemory:
    m = MemoryRecord(
        "m1", "semantic", "hdc install", "s", "p", 0.9, "2026-01-01T00:00:00Z", "h", "s"
    )
    comps = {
        "confidence": Component("confidence", 0.9, 0.4, 0.36),
        "recency": Component("recency", 0.5, 0.2, 0.1),
        "lexical": Component("lexical", 1.0, 0.4, 0.4),
    }
    terms = [TermMatch("hdc", True, [(0, 3)], [])]
    return ScoredMemory(memory=m, score=0.86, components=comps, terms=terms)


def test_component_colours_are_the_themes_and_stand_out_against_a_background(qapp):
    for theme in (LIGHT, DARK):
        assert component_color("confidence", theme) == QColor(theme.score_confidence)
        assert component_color("other", theme) == QColor(theme.score_other)
    white, black = QColor("white"), QColor(28, 30, 33)
    for name in (*COMPONENT_ORDER, "other"):
        light = component_color(name, LIGHT, white)
        dark = component_color(name, DARK, black)
        assert contrast_ratio(light, white) >= GRAPHIC_MIN_CONTRAST, name
        assert contrast_ratio(dark, black) >= GRAPHIC_MIN_CONTRAST, name
    # a colour that already stands out is left as the theme has it
    assert component_color("confidence", DARK, black) == QColor(DARK.score_confidence)


def test_breakdown_html_and_text(qapp):
    s = scored()
    out = breakdown_html(s, LIGHT, QColor("white"))
    assert "score = 0.4·confidence + 0.2·recency + 0.4·lexical" in out
    assert "0.860" in out and "1 of 1 terms matched" in out
    assert component_color("recency", LIGHT, QColor("white")).name() in out
    assert breakdown_text(s.score, s.components) == (
        "0.86 = confidence 0.90×0.40 + recency 0.50×0.20 + lexical 1.00×0.40"
    )


def test_age_text():
    now = datetime(2026, 3, 1, tzinfo=UTC)
    iso = (now - timedelta(days=3)).isoformat()
    assert age_text(iso, now) == "3 d"
    assert age_text(None, now) == "?"
    assert age_text((now + timedelta(hours=1)).isoformat(), now) == "future"


def test_hybrid_semantic_is_the_fourth_component(qapp):
    s = scored()
    s.components["lexical"] = Component("lexical", 1.0, 0.2, 0.2)
    s.components["semantic"] = Component("semantic", 0.75, 0.2, 0.15, 0.912)
    assert COMPONENT_ORDER[3] == "semantic"
    for theme in (LIGHT, DARK):
        assert component_color("semantic", theme) == QColor(theme.score_semantic)
        assert theme.score_semantic not in (theme.score_lexical, theme.score_other)
    out = breakdown_html(s)
    assert "semantic" in out and "cosine 0.912" in out
    assert out.index("lexical") < out.index("semantic")
    assert "0.2·lexical + 0.2·semantic" in out
    assert breakdown_text(0.81, s.components).endswith("semantic 0.75×0.20")
    s.components["semantic"] = Component("semantic", 0.0, 0.2, 0.0, None)
    assert "no embedding yet" in breakdown_html(s)


def test_the_lexical_line_shows_each_terms_weight_and_contribution(qapp):
    s = scored()
    s.terms = [
        TermMatch(
            "install",
            True,
            [(4, 11)],
            [],
            weight=0.2,
            contribution=0.08,
            idf=0.36,
            document_frequency=3,
            memories=4,
        ),
        TermMatch(
            "9568320",
            False,
            [],
            [],
            weight=0.8,
            contribution=0.0,
            idf=1.2,
            document_frequency=1,
            memories=4,
        ),
    ]
    out = breakdown_html(s)
    assert "1 of 2 terms matched, rarer terms weigh more" in out
    assert "install ✓ share 0.20 (idf 0.36, in 3 of 4) → +0.080" in out
    assert "9568320 ✗ share 0.80 (idf 1.20, in 1 of 4) → +0.000" in out
