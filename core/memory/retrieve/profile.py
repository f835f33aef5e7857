"""Retrieval profiles and the one scoring formula.

A :class:`Profile` says how a query is ranked, in the manner of Whoosh's ``Weighting``: which
terms its text gives, whether a term weighs by its rarity, and what share of the text weight the
lexical value gets (the rest goes to the semantic one). Every search path takes the profile
object from :class:`~hmdesk.core.memory.retrieve.results.Query`; none branches on its name.

The formula is hmharness's own (its ``retrieve()`` in ``memory.js``), weighed by :data:`WEIGHTS`,
the one table every path reads:

    score = confidence·w_confidence + recency·w_recency
            + lexical·w_lexical·share + semantic·w_lexical·(1 − share)

added in that order, in float64 (the hybrid profile's share is 0.5: 0.2 each). The reference
scan (:mod:`~hmdesk.core.memory.retrieve.reference_scan`) keeps its own literal copy, on purpose:
it is the oracle the index is proved against.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, TypeVar

from hmdesk.core.memory.terms import SubstringTerm, default_term_groups, hmharness_terms

if TYPE_CHECKING:
    import numpy as np
    from hmdesk.core.memory.retrieve.results import Component
    from numpy.typing import NDArray

WEIGHTS: dict[str, float] = {"confidence": 0.4, "recency": 0.2, "lexical": 0.4}
"""The weight of each part of the score; ``lexical`` is the text's weight, which a profile with
a semantic part shares between its lexical and semantic values."""

Groups = list[tuple[str, ...]]


def _hmharness_groups(text: str) -> Groups:
    # hmharness matches substrings, whatever the term
    return [(SubstringTerm(t),) for t in hmharness_terms(text)]


@dataclass(frozen=True)
class Profile:
    """How a query is ranked (see the module doc)."""

    name: str
    terms: Callable[[str], Groups]
    """The query text's terms, each as the group of forms it accepts (term first)."""
    rarity: bool
    """Whether a term weighs by its rarity (BM25's IDF over the live memories); else each
    term (and each repetition) counts 1."""
    lexical_share: float = 1.0
    """The lexical value's share of the text weight; the rest is the semantic value's."""
    additions: bool = True
    """hmdesk's additions to hmharness's ranking: the query rewrite (negation, boilerplate),
    ``ws:`` keys in the text, near-duplicates folded. False: exactly what the agent gets."""
    limit: int | None = None
    """The number of results the window shows for this profile (None: the window's choice)."""

    @property
    def semantic(self) -> bool:
        """Whether the score has a semantic part (an embedder is needed)."""
        return self.lexical_share < 1.0

    def without_semantic(self) -> Profile:
        """This profile when its semantic part is not scored (no text, no embedder): the
        lexical value takes the whole text weight."""
        return replace(self, lexical_share=1.0) if self.semantic else self

    def weight(self, part: str) -> float:
        """The weight of ``part`` (confidence, recency, lexical, semantic) in :data:`WEIGHTS`."""
        if part == "lexical":
            return WEIGHTS["lexical"] * self.lexical_share
        if part == "semantic":
            return WEIGHTS["lexical"] * (1.0 - self.lexical_share)
        return WEIGHTS[part]

    def components(
        self, conf: float, rec: float, lex: float, sem: tuple[float, float | None] | None = None
    ) -> dict[str, Component]:
        """The score's parts for the explanation; ``sem``: the semantic value and the cosine it
        comes from (None: no embedding), when that part is scored."""
        from hmdesk.core.memory.retrieve.results import Component

        raw = {"confidence": conf, "recency": rec, "lexical": lex}
        if sem is not None:
            raw["semantic"] = sem[0]
        out = {}
        for name, value in raw.items():
            w = self.weight(name)
            cosine = sem[1] if sem is not None and name == "semantic" else None
            out[name] = Component(name, value, w, value * w, cosine)
        return out


N = TypeVar("N", float, "NDArray[np.float64]")


def static_score(conf: N, recency: N) -> N:
    """The part of the score no query changes: ``confidence·w + recency·w``."""
    return conf * WEIGHTS["confidence"] + recency * WEIGHTS["recency"]


def score(profile: Profile, conf: N, recency: N, lexical: N, semantic: N | None = None) -> N:
    """The score (floats or numpy arrays alike): :func:`static_score`, then the lexical part,
    then the semantic part, added in that order."""
    out = static_score(conf, recency) + lexical * profile.weight("lexical")
    return out if semantic is None else out + semantic * profile.weight("semantic")


DEFAULT = Profile("default", default_term_groups, rarity=True)
HMHARNESS = Profile("hmharness", _hmharness_groups, rarity=False, additions=False, limit=10)
HYBRID = Profile("hybrid", default_term_groups, rarity=True, lexical_share=0.5)

PROFILES: dict[str, Profile] = {p.name: p for p in (DEFAULT, HMHARNESS, HYBRID)}
"""Every profile by name (the CLI's ``--profile``, the window's choice, the lab)."""


def profile_named(name: str) -> Profile:
    """The profile called ``name``; a clear error for an unknown one."""
    found = PROFILES.get(name)
    if found is None:
        raise ValueError(f"unknown retrieval profile {name!r}; use one of {', '.join(PROFILES)}")
    return found
