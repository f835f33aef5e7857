"""Word diffs for the supersede and history views."""

from __future__ import annotations

from hmdesk.gui.common.diff import inline_html, side_by_side_html, tokens, word_diff
from hypothesis import given
from hypothesis import strategies as st


def test_word_diff_marks_words():
    ops = word_diff("hdc install fails on 9568320", "hdc install succeeds on 9568320")
    assert ("delete", "fails") in ops and ("insert", "succeeds") in ops
    assert ops[0] == ("equal", "hdc install ")


def test_chinese_is_diffed_per_character():
    assert tokens("hvigor构建失败 ok") == ["hvigor", "构", "建", "失", "败", " ", "ok"]
    ops = word_diff("构建失败", "构建成功")
    assert ("equal", "构建") in ops and ("delete", "失败") in ops and ("insert", "成功") in ops


@given(st.text(max_size=60), st.text(max_size=60))
def test_diff_reconstructs_both_sides(old, new):
    ops = word_diff(old, new)
    assert "".join(t for op, t in ops if op != "insert") == old
    assert "".join(t for op, t in ops if op != "delete") == new


def test_html_escapes_and_colours():
    left, right = side_by_side_html("a <b> old", "a <b> new")
    assert "&lt;b&gt;" in left and "line-through" in left and "old" in left
    assert "new" in right and "background-color" in right and "old" not in right
    assert "line-through" in inline_html("x", "y")
