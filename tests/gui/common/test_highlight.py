"""Term highlighting and code colouring: pure text → HTML, colours from the theme."""

from __future__ import annotations

from hmdesk.core.memory.retrieve.results import TermMatch
from hmdesk.gui.common.highlight import (
    code_regions,
    content_html,
    term_chips_html,
    term_spans,
)
from hmdesk.gui.common.theme import DARK, LIGHT, contrast_ratio


def tm(term: str, spans: list[tuple[int, int]], matched: bool = True, tags=()) -> TermMatch:
    return TermMatch(term=term, matched=matched, content_spans=spans, tags=list(tags))


def test_code_is_coloured_with_pygments():
    text = 'Run `hdc install -r a.hap` now\nhdc -t KEY shell hilog -v time\n```json\n{"a": 1}\n```'
    regions = code_regions(text)
    langs = [r.language for r in regions]
    assert langs.count("bash") == 2 and "json" in langs
    html = content_html(text, [])
    assert "font-family: monospace" in html and "color: #" in html


def test_overlapping_spans_do_not_overlap():
    terms = [tm("install", [(4, 11)]), tm("stall", [(6, 11)]), tm("hdc", [(0, 3)])]
    assert term_spans(terms) == [(0, 3, 2), (4, 11, 0)]


def test_content_html_plain_text_round_trip(qtbot):
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QTextCursor, QTextDocument

    text = "a <b> & c\n\nline `x`\n"
    doc = QTextDocument()
    doc.setHtml(content_html(text, [tm("a", [(0, 1)])]))
    assert doc.toPlainText() == text
    cur = QTextCursor(doc)
    cur.setPosition(1)  # the format of the character before: the highlighted "a"
    assert cur.charFormat().background().style() != Qt.BrushStyle.NoBrush
    cur.setPosition(3)  # " <" is not highlighted
    assert cur.charFormat().background().style() == Qt.BrushStyle.NoBrush


def test_colours_come_from_the_theme():
    text = "hdc install `hdc -v`"
    terms = [tm("hdc", [(0, 3)]), tm("install", [(4, 11)])]
    for theme in (LIGHT, DARK):
        out = content_html(text, terms, theme)
        assert theme.term(0) in out and theme.term(1) in out and theme.term_fg in out
        assert theme.code_bg in out


def test_chips_say_what_matched_in_the_theme_colours():
    terms = [tm("hdc", [(0, 3), (9, 12)], tags=["hdc"]), tm("zzz", [], matched=False)]
    for theme in (LIGHT, DARK):
        chips = term_chips_html(terms, theme).replace("&nbsp;", " ").replace("\u2060", "")
        assert "✓ hdc (2× in text; tag hdc)" in chips and "✗ zzz" in chips
        assert theme.term(0) in chips and theme.muted_bg in chips
    assert term_chips_html([]) == ""


def test_every_term_colour_reads_with_the_term_text_in_both_themes():
    for theme in (LIGHT, DARK):
        for bg in theme.term_bg:
            assert contrast_ratio(theme.term_fg, bg) >= 4.5, (theme.dark, bg)
        assert contrast_ratio(theme.muted_fg, theme.muted_bg) >= 4.5


def test_a_sentence_that_starts_with_a_command_word_is_prose_not_code():
    prose = "hilog drops lines when the buffer is full; raise it with `hilog -G 16M` first"
    regions = [prose[r.start : r.end] for r in code_regions(prose)]
    assert regions == ["hilog -G 16M"]  # only the backtick span; no keyword colouring of "with"
    assert "font-family: monospace" not in content_html(prose.split("`")[0], [])
    # real command lines stay code, a semicolon and quoted English words included
    for command in (
        "hdc shell aa start -a EntryAbility -b com.example.app; echo $?",
        'hdc shell "echo the device is ready and on"',
        "export DEVECO_SDK_HOME=/opt/deveco/sdk",
    ):
        assert [command[r.start : r.end] for r in code_regions(command)] == [command]


def test_chips_wrap_between_chips_not_inside_one(qtbot):
    """Issue 32: chips wrapped mid-chip in a narrow pane."""
    from PySide6.QtWidgets import QLabel

    terms = [tm(w, [(0, 3)], tags=("build", "install")) for w in ("hdc", "install", "signing")]
    terms.append(tm("9568320", [], matched=False))
    label = QLabel(term_chips_html(terms))
    label.setWordWrap(True)
    qtbot.addWidget(label)
    label.setFixedWidth(260)
    label.show()
    qtbot.waitExposed(label)
    # every line of the wrapped label starts with a chip's own start (a ✓ or ✗ mark)
    from PySide6.QtGui import QTextDocument

    doc = QTextDocument()
    doc.setDefaultFont(label.font())
    doc.setHtml(label.text())
    doc.setTextWidth(260)
    doc.documentLayout()
    block = doc.begin()
    starts = []
    while block.isValid():
        lay = block.layout()
        for i in range(lay.lineCount()):
            line = lay.lineAt(i)
            starts.append(block.text()[line.textStart() : line.textStart() + 3].strip("\xa0 "))
        block = block.next()
    assert len(starts) > 1
    assert all(s[:1] in "✓✗" for s in starts), starts


def test_a_chip_wraps_whole_never_in_a_word(qapp):
    """Issue 32, Ugly: on the failure card "✓ arkts (…; tag arkts-" ended a line and "source,
    ArkTS)" began the next, "✓ 编" and "译 (…)" too (a hyphen and a CJK character are break
    points; a chip's no-break spaces are not enough). Laid out as a QLabel lays it out, at every
    width from a chip's own up: each chip on one line."""
    from tests.gui.text_lines import laid_out_lines, natural_width

    terms = [
        TermMatch("10505001", True, [(0, 8)], ["10505001"]),
        TermMatch("arkts", True, [(9, 14), (30, 35)], ["arkts-source", "ArkTS"]),
        TermMatch("编译", True, [(40, 42)], [], alternatives=["compile"]),
        TermMatch("错误", True, [(50, 52)], [], alternatives=["error"]),
    ]
    labels = [
        "✓ 10505001 (1× in text; tag 10505001)",
        "✓ arkts (2× in text; tag arkts-source…",  # elided: wider than CHIP_COLUMNS
        "✓ 编译 (1× in text; also compile)",
        "✓ 错误 (1× in text; also error)",
    ]
    for theme in (LIGHT, DARK):
        html = term_chips_html(terms, theme)
        widest = natural_width(html)
        for width in range(widest // 3, widest + 40, 7):
            lines = laid_out_lines(html, width)
            for label in labels:
                assert any(label in line for line in lines), (width, label, lines)


def test_a_chip_wider_than_the_pane_allows_is_elided_never_held_wide():
    """A chip never wraps inside, so at 1024 px one with many tags held the detail pane wider than
    the window: its label is cut to CHIP_COLUMNS columns (CJK counting two) with an ellipsis,
    after a whole word where that keeps half of it."""
    from hmdesk.gui.common.highlight import CHIP_COLUMNS, chip_label

    short = "✓ 10505001 (1× in text; tag 10505001)"
    assert chip_label(short) == short
    long = "✓ hvigor (3× in text; tag hvigor, build, compile, arkts-source, signing)"
    cut = chip_label(long)
    assert cut.endswith("…") and long.startswith(cut[:-1])
    assert len(cut) <= CHIP_COLUMNS and not cut[:-1].endswith((" ", ","))
    wide = "✓ " + "编译" * 30
    assert sum(2 if "\u4e00" <= c <= "\u9fff" else 1 for c in chip_label(wide)) <= CHIP_COLUMNS
