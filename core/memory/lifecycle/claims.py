"""What the default profile reads in a memory's content to compare it with another one.

:func:`claim_terms` segments the content's Han runs with rjieba (the segmenter of the default
retrieval profile, :mod:`hmdesk.core.memory.terms`) and the rest into words and identifiers
(:data:`_PIECE`), so Chinese written without spaces, mixed Chinese/English and code identifiers
all give words. Each word is lowercased and lightly stemmed
(``failed`` → ``fail``), stop words go, and a word of the bilingual glossary is replaced by its
English form (``构建`` → ``build``), so ``hvigor构建失败`` and ``hvigor build failed`` share words.
Out of the words it keeps apart:

* **negations** (``not``, ``never``, ``不``, ``没有``, a ``不``/``没`` prefix as in ``不需要``): only
  counted; two claims whose counts differ in parity say opposite things;
* **anchors**: error codes (five or more digits: ``9568320``), API and file names (a word with
  ``.``, ``_``, ``@`` or ``/``): what a claim is about. Two claims with anchors and none in common
  are about different things (``9568320`` vs ``9568332``), and so are two whose error codes
  differ (neither's codes all in the other's), whatever file or API they share;
* **values**: short numbers and flags (``12``, ``5.0``, ``-t``): what a claim says about its subject.
  Two similar claims with different values disagree.

Everything else (plus the anchors) is the claim's **core**, compared with Jaccard similarity.

**Near-duplicates** (:func:`near_duplicates`) are one definition for the whole app: the memory
list folds a result into a better-ranked one as "n similar"
(:mod:`hmdesk.core.memory.retrieve.diversity`) exactly when the Review tab's scan would put the
two in one duplicate group (:mod:`.grouping`): same layer, claims that agree (same negation
parity, same values, a shared anchor when both have anchors) and core similarity of at least
:data:`NEAR_DUPLICATE`. Claims without core words are duplicates only when their normalised texts
are equal. A content longer than twice :data:`SAMPLE_CHARS` is read by its head and its tail.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from hmdesk.core.memory.hmharness.rules import normalize_claim
from hmdesk.core.memory.terms import (
    GLOSSARY,
    STOP_WORDS,
    _segment_han,
    han_runs,
    light_stem,
    utf16_len,
)

if TYPE_CHECKING:
    from hmdesk.core.memory.record import MemoryRecord

NEGATIONS = frozenset(
    {
        "not",
        "no",
        "never",
        "without",
        "cannot",
        "不",
        "没",
        "没有",
        "无需",
        "不要",
        "不能",
        "不用",
        "不必",
        "无法",
        "未",
        "勿",
        "别",
        "不会",
        "不再",
        "禁止",
    }
)
"""Words that turn a claim around (counted, not compared)."""

_NEG_PREFIXES = ("不", "没", "无需", "无法", "未")
_NOT_NEGATED = frozenset({"不同", "不仅", "不断", "不少", "不错", "未来", "没什么"})
_APOS = re.compile(r"n['’]t\b")
_WORD_EDGES = "\"'`()[]{}<>（）【】「」『』《》“”‘’.,:;!?。，：；！？、"
_HAS_WORD = re.compile(r"\w")
_LONG_DIGITS = re.compile(r"\d{5,}")
_DIGIT = re.compile(r"\d")
_CANON = {w: group[1] for group in GLOSSARY for w in group}


@dataclass(frozen=True, slots=True)
class Claim:
    core: frozenset[str]
    negations: int
    anchors: frozenset[str]
    values: frozenset[str]
    words: tuple[str, ...]  # core words in text order (the subject is the first two)
    text: str = ""  # the normalised text, kept only when there are no core words to compare
    codes: frozenset[str] = frozenset()  # the anchors that hold an error code (5+ digits)

    @property
    def subject(self) -> str:
        if self.anchors:
            return min(self.anchors)
        return " ".join(self.words[:2])


_PIECE = re.compile(r"[^\W_]+(?:[._\-&][^\W_]+)*%?|[._\-&+#%]+|\s+|.", re.S)
"""Outside Han runs: a word, or an identifier of words joined by single ``.``, ``_``, ``-`` or
``&`` (``build-profile.json5``, ``ohos.permission.internet``, ``12.5%``); a run of those
marks alone; a run of spaces; any other character alone."""


def _pieces(text: str) -> list[str]:
    """The pieces of ``text``: its Han runs segmented by rjieba (the default profile's
    segmenter, as :mod:`hmdesk.core.memory.terms` does), the rest by :data:`_PIECE`. Text
    without Han characters never loads the segmenter (a one-shot query compares its results'
    claims: rjieba's import would cost it more than its search)."""
    parts = han_runs().split(text)  # non-Han, Han, non-Han, …
    out: list[str] = []
    for n, part in enumerate(parts):
        if n % 2:
            out += _segment_han(part)
        elif part:
            out += _PIECE.findall(part)
    return out


# what one segmented piece adds: (core word or "", negations, is an anchor, value or "")
_Piece = tuple[str, int, bool, str]
_NOTHING: _Piece = ("", 0, False, "")
_PIECES: dict[str, _Piece] = {}


def _classify(raw: str) -> _Piece:
    w = raw.strip(_WORD_EDGES + " \t")
    if not w or not _HAS_WORD.search(w):
        return _NOTHING
    if w in NEGATIONS:
        return ("", 1, False, "")
    neg = 0
    if w not in _NOT_NEGATED:
        for p in _NEG_PREFIXES:
            if w.startswith(p) and len(w) > len(p) and "\u4e00" <= w[len(p)] <= "\u9fff":
                neg = 1
                w = w[len(p) :]
                break
    if _DIGIT.search(w) or w.startswith("-"):
        if _LONG_DIGITS.search(w) or (_DIGIT.search(w) and _HAS_ALPHA.search(w)):
            return (w, neg, True, "")
        return ("", neg, False, w)
    if any(c in w for c in "._@/") and len(w) > 2:
        return (w, neg, True, "")
    w = light_stem(w)
    if w in STOP_WORDS or utf16_len(w) < 2:
        return ("", neg, False, "")
    return (_CANON.get(w, w), neg, False, "")


def claim_terms(content: str) -> Claim:
    """The :class:`Claim` of ``content`` (see the module doc)."""
    text = content.lower()
    if "n't" in text or "n’t" in text:
        text = _APOS.sub(" not", text)
    if "cannot" in text:
        text = text.replace("cannot", "can not")
    neg = 0
    core: dict[str, None] = {}
    anchors: set[str] = set()
    values: set[str] = set()
    get = _PIECES.get
    for raw in _pieces(text):
        piece = get(raw)
        if piece is None:
            piece = _classify(raw)
            if len(_PIECES) < 200_000:
                _PIECES[raw] = piece
        if piece is _NOTHING:
            continue
        w, n, anchor, value = piece
        if w:
            core[w] = None
            if anchor:
                anchors.add(w)
        if n:
            neg += n
        if value:
            values.add(value)
    words = tuple(core)
    text = "" if words else normalize_claim(content)
    codes = frozenset(a for a in anchors if _LONG_DIGITS.search(a))
    return Claim(frozenset(words), neg, frozenset(anchors), frozenset(values), words, text, codes)


_HAS_ALPHA = re.compile(r"[a-z]")


def jaccard(a: frozenset[str], b: frozenset[str]) -> float:
    if not a and not b:
        return 1.0
    inter = len(a & b)
    return inter / (len(a) + len(b) - inter)


NEAR_DUPLICATE = 0.6
"""Core similarity at or above which two claims that agree (same negation parity, same values)
are near-duplicates."""
CONTRADICTION = 0.5
"""Core similarity at or above which two claims that disagree (opposite negation parity or other
values) contradict each other."""


def relation(a: Claim, b: Claim) -> tuple[str | None, float]:
    """``("duplicate" | "contradiction" | None, core similarity)`` for two claims."""
    if a.anchors and b.anchors and not (a.anchors & b.anchors):
        return None, 0.0
    ca, cb = a.codes, b.codes
    if not (ca <= cb or cb <= ca):  # another error code: another thing, whatever else is shared
        return None, 0.0
    if not a.core and not b.core:  # nothing to compare but the text itself
        return ("duplicate", 1.0) if a.text == b.text else (None, 0.0)
    sim = jaccard(a.core, b.core)
    agree = (a.negations % 2) == (b.negations % 2)
    if agree and a.values == b.values:
        return ("duplicate" if sim >= NEAR_DUPLICATE else None), sim
    if sim >= CONTRADICTION:
        return "contradiction", sim
    return None, sim


SAMPLE_CHARS = 32_768
"""A content longer than twice this is compared by its head and its tail of this many
characters each (a pasted build log of 20 MB costs what a short memory does)."""


def claim_of(content: str) -> Claim:
    """The :class:`Claim` :func:`near_duplicates` compares: of the NFKC form (full-width
    letters and digits are the ASCII ones), long contents sampled, recent ones cached (a query
    compares the same few dozen results again and again)."""
    if len(content) > 2 * SAMPLE_CHARS:
        content = content[:SAMPLE_CHARS] + "\n" + content[-SAMPLE_CHARS:]
    return _cached_claim(content)


@lru_cache(maxsize=8192)
def _cached_claim(content: str) -> Claim:
    return claim_terms(unicodedata.normalize("NFKC", content))


def duplicate_claims(layer_a: str, a: Claim, layer_b: str, b: Claim) -> bool:
    """Whether two memories' claims (and layers) make them near-duplicates (the module doc)."""
    return layer_a == layer_b and relation(a, b)[0] == "duplicate"


def near_duplicates(a: MemoryRecord, b: MemoryRecord) -> bool:
    """The one definition of two near-duplicate memories: the list's "similar", Review's
    "duplicate" (see the module doc)."""
    return duplicate_claims(a.layer, claim_of(a.content), b.layer, claim_of(b.content))
