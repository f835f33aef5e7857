"""Term postings: the records of a form, and the forms kept between queries (retrieve/postings.py)."""

from __future__ import annotations

import numpy as np
import pytest
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve import postings
from hmdesk.core.memory.retrieve.postings import TermPostings
from hmdesk.core.memory.terms import SubstringTerm


def rec(i: int, content: str) -> MemoryRecord:
    return MemoryRecord(
        id=f"m{i}", layer="semantic", content=content, source="t", provenance="t",
        confidence=0.5, timestamp="2026-11-29T11:00:00.000Z", environment="terminal",
        session="s", tags=(), seq=i + 1,
    )  # fmt: skip


TEXTS = ["log in", "logging on", "dialog box", "log log.", "catalog", "no match"]


def built() -> TermPostings:
    return TermPostings([rec(i, t) for i, t in enumerate(TEXTS)]).built()


def test_docs_of_a_word_and_a_substring_are_kept_apart() -> None:
    post = built()
    word = post.docs_of("log", len(TEXTS), True)
    sub = post.docs_of(SubstringTerm("log"), len(TEXTS), True)
    assert word.tolist() == [0, 1, 3]  # word boundaries: not dialog, catalog
    assert sub.tolist() == [0, 1, 2, 3, 4]  # a SubstringTerm equals "log" but matches inside words
    assert post.docs_of("log", len(TEXTS), True) is word  # kept
    repeated = post.docs_of("log", len(TEXTS), False)  # "log" and "log." are two chunks of m3
    assert sorted(repeated.tolist()) == [0, 1, 3, 3]
    with pytest.raises(ValueError):
        word[0] = 5  # shared between queries: read-only


def test_kept_forms_are_bounded(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(postings, "KEPT_POSITIONS", 200)  # each entry counts its size + 64
    post = built()
    first = post.docs_of(SubstringTerm("log"), len(TEXTS), True)
    post.docs_of(SubstringTerm("o"), len(TEXTS), True)
    post.docs_of(SubstringTerm("in"), len(TEXTS), True)  # over the bound: the oldest goes
    again = post.docs_of(SubstringTerm("log"), len(TEXTS), True)
    assert again is not first and np.array_equal(again, first)
    assert post.docs_of(SubstringTerm("in"), len(TEXTS), True) is post.docs_of(
        SubstringTerm("in"), len(TEXTS), True
    )


def test_forget_drops_the_kept_forms() -> None:
    post = built()
    first = post.docs_of("log", len(TEXTS), True)
    post.forget()
    again = post.docs_of("log", len(TEXTS), True)
    assert again is not first and again.tolist() == first.tolist()


def test_sorted_unique_is_np_unique() -> None:
    rng = np.random.default_rng(3)
    for n in (0, 1, 2, 50, 1000):
        a = rng.integers(0, 40, n)
        assert np.array_equal(postings.sorted_unique(a.copy()), np.unique(a))
