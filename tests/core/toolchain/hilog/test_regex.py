"""User regexes: RE2 first (linear time), Python re only as a guarded, time-budgeted fallback."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.hilog import regex as user_regex
from hmdesk.core.toolchain.hilog.regex import RegexError, compile_user_regex

needs_re2 = pytest.mark.skipif(not user_regex.re2_available(), reason="google-re2 not installed")


@needs_re2
def test_re2_runs_what_it_can_express() -> None:
    rx = compile_user_regex("(a+)+$")
    assert rx.engine == "re2" and rx.fallback_note is None
    assert rx.search("a" * 28 + "!") is False  # RE2 does not backtrack: returns at once
    assert rx.search("a" * 28) is True
    ci = compile_user_regex("^ark.*ui$", ignore_case=True)
    assert ci.search("ArkUI") and not compile_user_regex("^ark").search("ArkUI")
    assert compile_user_regex("caf").search("a\ud800 café")  # a lone surrogate: no error


def test_fallback_runs_backreferences_and_lookarounds() -> None:
    rx = compile_user_regex(r"(\w)\1")
    assert rx.engine == "re" and rx.search("hello") and not rx.search("helo")
    look = compile_user_regex(r"Ark(?=UI)")
    assert look.search("ArkUI") and not look.search("ArkTS")
    if user_regex.re2_available():
        assert rx.fallback_note is not None and "RE2 cannot express" in rx.fallback_note


@pytest.mark.parametrize(
    "pattern",
    [r"(a+)+\1", r"(?=x)(a*)*", r"(\w+\s?)*\Z", r"(?<=a)a*b*c*d*"],
)
def test_fallback_refuses_patterns_that_may_backtrack_for_ever(pattern: str) -> None:
    with pytest.raises(RegexError, match="cannot be run safely"):
        compile_user_regex(pattern)


def test_invalid_pattern_says_bad_regex() -> None:
    with pytest.raises(RegexError, match="bad regex"):
        compile_user_regex("(")


def test_a_slow_fallback_regex_stops_and_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(user_regex, "LINE_BUDGET_S", -1.0)  # every line is "over budget"
    rx = compile_user_regex(r"(x)\1")
    assert rx.search("xx") is True  # the line that overran still gets its answer
    assert rx.problem is not None and "too slow" in rx.problem
    assert rx.search("xx") is False  # and then it stops
