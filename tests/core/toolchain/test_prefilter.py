"""The literal prefilter (core/toolchain/prefilter.py, docs/decisions/0023): what a pattern's
syntax says every match holds, and that a text lacking it never held a match."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import hmdesk.core.toolchain as toolchain
import pytest
from hmdesk.core.toolchain.prefilter import Gated, fold, holds, required
from hypothesis import given
from hypothesis import strategies as st

CORPUS = Path(__file__).resolve().parents[2] / "data" / "real_logs"


def _need(pattern: str, flags: int = 0) -> set[frozenset[str]] | None:
    need = required(pattern, flags)
    return None if need is None else {frozenset(conj) for conj in need}


def _set(*conjs: set[str]) -> set[frozenset[str]]:
    return {frozenset(c) for c in conjs}


def test_a_run_of_plain_characters_is_needed_and_what_may_be_absent_is_not() -> None:
    assert _need(r"code:\s*9568347\b") == _set({"9568347", "code:"})
    # an optional group, a quantified character, a counted one, a class: not needed
    assert _need(r"certificate (?:has )?expired") == _set({"certificate ", "expired"})
    assert _need(r"ab?c") == _set({"a", "c"})
    assert _need(r"ab+c") == _set({"ab", "c"})
    assert _need(r"ab{0,3}cd") == _set({"cd", "a"})
    assert _need(r"ab{2}cd") == _set({"ab", "cd"})
    assert _need(r"x[abc]y") == _set({"x", "y"})
    assert required(r"(?:x)?") is None and required(r".*") is None and required(r"\d+") is None
    # a brace that is no quantifier is a character
    assert _need(r"\{said\}") == _set({"{said}"})
    assert _need(r"a{}b") == _set({"a{}b"})
    assert _need(r"a{,x}") == _set({"a{,x}"})


def test_an_alternation_needs_one_of_its_branches_a_group_its_own_need() -> None:
    assert _need(r"a|b") == _set({"a"}, {"b"})
    assert _need(r"(?:Error|error) code: (\d+)") == _set({"error", " code: "})
    assert _need(r"x(?P<n>foo|bar)y") == _set({"foo", "x", "y"}, {"bar", "x", "y"})
    # a branch that needs nothing makes the whole alternation need nothing
    assert required(r"abc|\d") is None
    # a branch that holds whenever a weaker one holds is dropped
    assert _need(r"ab|abc|x") == _set({"ab"}, {"x"})


def test_lookarounds_escapes_and_flags() -> None:
    # a positive lookaround's text is in the text; a negative one's is not
    assert _need(r"(?<=foo)bar") == _set({"foo", "bar"})
    assert _need(r"(?<!foo)bar(?!baz)") == _set({"bar"})
    # escaped punctuation is a character; \d \s \b and a reference are not; \x41 is no "41"
    assert _need(r"\.p7b\b") == _set({".p7b"})
    assert _need(r"a\x41b") == _set({"a", "b"})
    assert _need(r"(a)\1") == _set({"a"})
    assert _need(r"\N{BULLET}xyz") == _set({"xyz"})
    # inline flags: case does not matter; a verbose pattern is not read
    assert _need(r"(?i)Reason:") == _set({"reason:"})
    assert _need(r"(?i:Reason):") == _set({"reason", ":"})
    assert required(r"(?x) a b") is None
    assert required(r"a b", re.X) is None
    # a conditional group, a comment: nothing
    assert required(r"(a)?(?(1)b|c)") is None
    assert _need(r"x(?#note)y") == _set({"x", "y"})
    # a cased non-ASCII letter is not a literal (IGNORECASE may match it to another letter);
    # an uncased one (CJK, a full-width colon) is
    assert _need(r"Éclair") == _set({"clair"})
    assert _need(r"的值不正确：") == _set({"的值不正确："})


def test_fold_maps_every_letter_ignorecase_matches_to_an_ascii_one() -> None:
    """Every character that re.IGNORECASE matches to an ASCII letter folds to that letter, so a
    need's lower-case literal is found in the folded text (the re docs name four such letters)."""
    everything = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
    letters = re.compile(r"[a-z]", re.I)
    for m in letters.finditer(everything):
        ch = m.group(0)
        low = fold(ch).text
        assert len(low) == 1 and low.isascii() and re.fullmatch(low, ch, re.I), hex(ord(ch))


def _patterns() -> dict[str, re.Pattern[str]]:
    """Every pattern the toolchain compiles at import (module constants, gated or not) and every
    signature's."""
    from hmdesk.core.toolchain.message_signatures import WARNING_SIGNATURES
    from hmdesk.core.toolchain.signature_table import TABLE

    found: dict[str, re.Pattern[str]] = {}
    for info in pkgutil.walk_packages(toolchain.__path__, "hmdesk.core.toolchain."):
        module = importlib.import_module(info.name)
        for name, value in vars(module).items():
            pattern = value.pattern if isinstance(value, Gated) else value
            if isinstance(pattern, re.Pattern) and isinstance(pattern.pattern, str):
                found[f"{info.name}.{name}"] = pattern
    for i, sig in enumerate(TABLE + WARNING_SIGNATURES):
        found[f"signature {i} ({sig.meaning or sig.kind})"] = sig.compiled()
    return found


@pytest.mark.slow  # every pattern of the toolchain on every real log: ~20 s
def test_no_real_log_that_a_pattern_matches_lacks_its_need() -> None:
    """The prefilter never skips a match: for every pattern the doctor compiles and every log of
    the corpus, a text that lacks the pattern's need holds no match."""
    patterns = [(name, p, required(p.pattern, p.flags)) for name, p in _patterns().items()]
    assert len(patterns) > 500
    assert sum(need is not None for _, _, need in patterns) > 0.9 * len(patterns)
    for log in sorted(CORPUS.rglob("*.log")):
        text = log.read_text(encoding="utf-8", errors="replace")
        head = text[:64_000]  # the doctor's readers look at a long log's head
        folded = fold(head)
        for name, pattern, need in patterns:
            if need is not None and not holds(need, folded):
                assert not pattern.search(head), (name, log.name)


_TRICKY = (
    r"^\s*(?:Reason:|Error name:|#\d\d pc (?:0x)?[0-9a-f]+\s*/|\d{1,3}[ \t]+#\d\d[ \t]+(?:pc |at \S))",
    r"(?<![\w-])[\w.]*token[ \t]*=[ \t]*(?:\"[^\"]*\"|\S+)",
    r"ab+c(?:de)?f{2}g{0,1}h",
    r"(?i)k(?=s)|tok|İx",
    r"x(?:ya|yb)+z",
    r"(?:a|b)(?:c|d)(?:e|f)",
)


@given(
    st.sampled_from(_TRICKY),
    st.text(alphabet="abcdefghkstxyz #:0123456789\nReasonpPC/=\"'KſıİTOKENf", max_size=40),
)
def test_a_text_that_matches_holds_the_need(pattern: str, text: str) -> None:
    rx = re.compile(pattern, re.I | re.M)
    need = required(pattern, re.I | re.M)
    assert need is not None
    if rx.search(text):
        assert holds(need, fold(text)), (pattern, text)


@given(st.text(alphabet="ab:\n RrEeAaSsOoNn", max_size=30))
def test_a_gated_pattern_answers_as_the_pattern(text: str) -> None:
    pattern = r"^\s*(?:Reason|Error name):[^\n]*$"
    gated, plain = Gated(pattern, re.M), re.compile(pattern, re.M)
    assert bool(gated.search(text)) == bool(plain.search(text))
    assert bool(gated.match(text)) == bool(plain.match(text))
    assert [m.span() for m in gated.finditer(text)] == [m.span() for m in plain.finditer(text)]
    assert gated.sub("-", text) == plain.sub("-", text)


def test_a_folded_text_is_kept_and_remembers_its_literals() -> None:
    long = "Reason:x\n" * 1000
    first = fold(long)
    assert fold(long) is first  # kept for the next pattern asked about the same text
    assert first.has("reason:") and not first.has("sigsegv")
    assert fold("short") is not fold("short")  # a short text folds in microseconds


def test_every_gated_pattern_of_the_doctor_compiles() -> None:
    # patterns compile on first use: one whose literals no test text holds is compiled here
    import gc

    import hmdesk.core.toolchain.doctor  # noqa: F401  (every table of the doctor)

    gated = [o for o in gc.get_objects() if isinstance(o, Gated)]
    assert len(gated) > 300
    for g in gated:
        assert isinstance(g.pattern, re.Pattern), g._source
