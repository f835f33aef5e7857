"""The retriever's explanation as people read it, the same in every view: the score split into its
weighted parts (a table, a one-line sum, bar colours) and how old a memory is.

Everything here reads only the core's explanation objects (:class:`ScoredMemory`,
:class:`Component`); the memory inspector's detail pane and the runner's failure card both use it.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from datetime import UTC, datetime

from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.results import Component, ScoredMemory
from hmdesk.gui.common.theme import LIGHT, Theme, contrast_ratio
from PySide6.QtGui import QColor

COMPONENT_ORDER = ("confidence", "recency", "lexical", "semantic")
NOWRAP = 'style="white-space:nowrap"'
"""Table cells that hold one word or number: never broken, whatever the pane's width."""
GRAPHIC_MIN_CONTRAST = 3.0
"""WCAG 2's floor for the parts of a graphic (a bar part) against what they are drawn on."""


def component_color(name: str, theme: Theme = LIGHT, against: QColor | None = None) -> QColor:
    """The colour of a score component (bar part, table swatch).

    With ``against`` (the background it is drawn on) the theme's colour is darkened on a light
    background, lightened on a dark one, until it stands out by :data:`GRAPHIC_MIN_CONTRAST`: a
    pale part on a white cell would otherwise vanish. The hue stays the theme's.
    """
    colour = QColor(
        {
            "confidence": theme.score_confidence,
            "recency": theme.score_recency,
            "lexical": theme.score_lexical,
            "semantic": theme.score_semantic,
        }.get(name, theme.score_other)
    )
    if against is None:
        return colour
    dark_background = against.lightness() < 128
    for _ in range(32):
        if contrast_ratio(colour, against) >= GRAPHIC_MIN_CONTRAST:
            break
        colour = colour.lighter(110) if dark_background else colour.darker(110)
    return colour


def parse_time(text: str | None) -> datetime | None:
    if not text:
        return None
    try:
        dt = datetime.fromisoformat(text.replace("Z", "+00:00"))
    except ValueError:
        return None
    return dt if dt.tzinfo else dt.replace(tzinfo=UTC)


def age_text(ts: str | None, now: datetime | None = None) -> str:
    dt = parse_time(ts)
    if dt is None:
        return "?"
    secs = ((now or datetime.now(UTC)) - dt).total_seconds()
    if secs < 0:
        return "future"
    if secs < 60:
        return "now"
    if secs < 3600:
        return f"{int(secs // 60)} min"
    if secs < 86400:
        return f"{int(secs // 3600)} h"
    if secs < 86400 * 60:
        return f"{int(secs // 86400)} d"
    if secs < 86400 * 730:
        return f"{int(secs // (86400 * 30))} mo"
    return f"{int(secs // (86400 * 365))} y"


def _component_hint(name: str, scored: ScoredMemory, memory: MemoryRecord) -> str:
    if name == "confidence":
        return "stored confidence"
    if name == "recency":
        return f"1 − age/90 d, floor 0 (age {age_text(memory.timestamp)})"
    if name == "lexical":
        return lexical_hint(scored)
    if name == "semantic":
        cosine = scored.components["semantic"].similarity
        if cosine is None:
            return "no embedding yet: ranked by its lexical part alone"
        return (
            f"cosine {cosine:.3f} with the query, scaled so the nearest memory is 1 and the "
            "farthest 0 (hybrid: lexical and semantic share 0.4, half each)"
        )
    return ""


def term_weights_text(scored: ScoredMemory) -> list[str]:
    """Each query term's weight and contribution: 'install ✓ share 0.22 (idf 0.36, in 3 of 4)
    → +0.087'; a term that is not matched contributes 0."""
    lexical = scored.components.get("lexical")
    out = []
    for t in scored.terms or []:
        mark = "✓" if t.matched else "✗"
        rarity = ""
        if t.idf is not None and t.document_frequency is not None:
            rarity = f" (idf {t.idf:.2f}, in {t.document_frequency} of {t.memories})"
        gain = f"+{t.contribution:.3f}" if lexical is not None else ""
        out.append(f"{t.term} {mark} share {t.weight:.2f}{rarity} → {gain}".rstrip(" →"))
    return out


def lexical_hint(scored: ScoredMemory) -> str:
    """What lexical is made of: how many terms matched and, per term, its weight."""
    terms = scored.terms or []
    if not terms:
        return "no terms: not used"
    hit = sum(1 for t in terms if t.matched)
    weighted = any(t.idf is not None for t in terms)
    head = f"{hit} of {len(terms)} terms matched"
    head += ", rarer terms weigh more" if weighted else ", each the same"
    return head + ": " + "; ".join(term_weights_text(scored))


def breakdown_html(
    scored: ScoredMemory, theme: Theme = LIGHT, background: QColor | None = None
) -> str:
    """The score as a table of its weighted parts (each with what it comes from on a line of its
    own), then the formula with the numbers in. Numbers and words never break in the middle.

    ``background``: what the swatches are drawn on (see :func:`component_color`)."""
    comps = scored.components or {}
    names = [n for n in COMPONENT_ORDER if n in comps] + [
        n for n in comps if n not in COMPONENT_ORDER
    ]
    rows = []
    for name in names:
        c = comps[name]
        color = component_color(name, theme, background).name()
        rows.append(
            "<tr>"
            f'<td {NOWRAP}><span style="background-color:{color}">&nbsp;&nbsp;</span>&nbsp;'
            f"{html.escape(name)}</td>"
            f'<td align="right" {NOWRAP}>{c.raw:.3f}</td>'
            f'<td align="right" {NOWRAP}>× {c.weight:g}</td>'
            f'<td align="right" {NOWRAP}><b>{c.contribution:.3f}</b></td></tr>'
            # what it is made of on a line of its own: the numbers keep their columns in a
            # narrow pane and the words wrap between words
            f'<tr><td colspan="4"><i>&nbsp;&nbsp;&nbsp;&nbsp;'
            f"{html.escape(_component_hint(name, scored, scored.memory))}</i></td></tr>"
        )
    formula = " + ".join(f"{comps[n].weight:g}·{n}" for n in names)
    numbers = " + ".join(f"{comps[n].weight:g}×{comps[n].raw:.3f}" for n in names)
    return (
        '<table cellspacing="0" cellpadding="3">'
        f"<tr><th align='left' {NOWRAP}>component</th><th {NOWRAP}>raw</th>"
        f"<th {NOWRAP}>weight</th><th {NOWRAP}>contribution</th></tr>" + "".join(rows) + "</table>"
        f"<p><code>score = {html.escape(formula)}</code><br>"
        f"<code>&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;&nbsp;= {html.escape(numbers)} = "
        f"<b>{scored.score:.3f}</b></code></p>"
    )


def breakdown_text(score: float, components: Mapping[str, Component]) -> str:
    """'0.82 = confidence 0.90×0.40 + recency 0.50×0.20 + lexical 0.75×0.40'."""
    parts = []
    for name in COMPONENT_ORDER:
        c = components.get(name)
        if c is not None:
            parts.append(f"{name} {c.raw:.2f}×{c.weight:.2f}")
    for name, c in components.items():
        if name not in COMPONENT_ORDER:
            parts.append(f"{name} {c.raw:.2f}×{c.weight:.2f}")
    return f"{score:.2f} = " + " + ".join(parts)
