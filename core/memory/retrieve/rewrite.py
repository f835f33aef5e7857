"""Query rewrite (profiles ``default`` and ``hybrid``): negation, question boilerplate, stop words.

:func:`rewrite_query` is pure: from a query's text it gives what is searched, the negated terms and
what was dropped (:class:`Rewrite`). The text is cut into tokens (Chinese runs segmented with
rjieba, as :mod:`hmdesk.core.memory.terms` does), and

* **question boilerplate** drops: ``how do I``, ``how to``, ``why does``, ``what is`` …,
  ``怎么办``, ``怎么解决``, ``如何``, ``为什么``, ``请问`` … and the question marks ``?``/``？``;
* **negation** survives: ``不是签名问题``, ``不是证书过期的问题``, ``并非``, ``并不是``, ``而不是``,
  ``别``/``别用``/``不要``, ``not a signing error``, ``no signing``, ``-signing`` (a leading minus on
  a term). The negated words leave the searched text and become *negated terms*: a memory holding
  one is ranked lower (see :class:`RewritePlan`), never higher. A negation's scope is the next
  content words (at most three) up to punctuation, a contrast or conjunction (``而是``, ``but``,
  ``when``…), ``的``, or a space after Chinese words; generic head nouns in it (``问题``,
  ``原因``, ``error``, ``issue``…) are dropped rather than negated. With nothing but such a noun
  after it (``签名不是问题``, ``signing is not the problem``) the content words just before the
  negator are negated. Error messages that contain a negation stay as they are (``not found``,
  ``not responding``, ``no such file``, ``no space left``, ``does not start``, ``can't``…), and so
  does a double negation (``不是不能安装``, ``not no``);
* **stop words** drop (``STOP_EN``, ``STOP_ZH``: a small list);
* text in double quotes (``"not found"``) is never rewritten.

Nothing is dropped when nothing else would be left (a query of only ``how to`` stays as it is).
When nothing applies, the searched text is the query text unchanged, so ordinary queries rank as
before. The ``hmharness`` profile is never rewritten (hmharness splits the text as it is).

:class:`RewritePlan` applies it to a :class:`Query` for every search path alike (the scan, the
index, the stored snapshot, the numpy-free one-shot path): each path runs its own search on the
rewritten text and hands the plan a way to fetch its top ``n``; the plan re-ranks with the negation
penalty, fetching more until the order is exact:

    score = confidence*0.4 + recency*0.2 + lexical*0.4 − 0.2 * negated
    negated = (Σ per negated term: 1 in a tag, 0.5 in the content only, else 0) / (negated terms)

shown as the component ``negated`` (raw = that share, weight −0.2). A memory is a candidate by
its positive terms alone, so a memory holding a negated term scores exactly 0.2·share less than
the same memory without it, and ranks below it. The weight and the tag/content split were
measured on the recall lab (docs/decisions/0026-query-rewrite-penalty.md): −0.4 buried relevant
memories that mention the negated word in passing (``installed`` for ``not an install problem``).
Pure Python (no numpy): the one-shot path uses it.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache
from typing import Any, TypeVar

from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.results import (
    Component,
    Query,
    QueryResult,
    ScoredMemory,
    TermMatch,
)
from hmdesk.core.memory.retrieve.scoring import explain_terms, group_in
from hmdesk.core.memory.terms import (
    HAN,
    JS_WHITESPACE,
    _segment_han,
    default_term_groups,
    light_stem,
)

NEGATION_WEIGHT = 0.2
"""What a memory holding every negated term in a tag loses (half the lexical weight)."""
CONTENT_ONLY = 0.5
"""A negated term in a memory's content but none of its tags counts this much (a tag: 1)."""


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


BOILERPLATE_EN: tuple[tuple[str, ...], ...] = (
    ("is", "there", "a", "way", "to"),
    ("how", "do", "i"),
    ("how", "do", "you"),
    ("how", "do", "we"),
    ("how", "can", "i"),
    ("how", "should", "i"),
    ("how", "to"),
    ("how", "come"),
    ("why", "does"),
    ("why", "do"),
    ("why", "is"),
    ("why", "am", "i"),
    ("what", "is"),
    ("what", "are"),
    ("what", "does"),
    ("what's",),
    ("please",),
)
BOILERPLATE_ZH: tuple[tuple[str, ...], ...] = (
    ("是", "什么", "原因"),
    ("什么", "原因"),
    ("怎么", "解决"),
    ("怎么", "办"),
    ("怎么", "回事"),
    ("怎么办",),
    ("怎么解决",),
    ("怎么回事",),
    ("如何",),
    ("为什么",),
    ("请问",),
    ("怎样",),
    ("怎么",),
    ("咋办",),
)
STOP_EN = _words(
    "a an the is are was were be been am of to in on at for with and or but so my our your it its this "
    "that these those i me we you do does did can could should would will there"
)
STOP_ZH = _words("的 了 吗 呢 吧 啊 呀 在 是 我 我们 你 一下 这个 那个 时候 出现 问题 什么")

NEGATORS_EN = frozenset(["not", "no", "isn't", "isnt", "aren't", "wasn't"])
NEGATORS_ZH = frozenset(["不是", "并非", "并不是", "别", "别用", "不要", "不要用"])
# contractions that negate a noun phrase only before an article ("isn't a signing issue")
_NEEDS_ARTICLE = frozenset(["isn't", "isnt", "aren't", "wasn't"])
_CLAUSE_WORDS = _words("but and or so because just also")
_ARTICLES = frozenset(["a", "an", "the"])
# what follows a negator in an error message rather than a negation
SYMPTOM_AFTER_NOT = _words(
    "found responding respond installed supported exist exists running connected allowed "
    "recognized recognised defined available enough loaded started start starting work working "
    "works opened open signed permitted match matched matching function valid trusted"
)
SYMPTOM_AFTER_NO = _words(
    "such file files space memory permission permissions device devices response module matching valid "
    "more signature result results log logs "
    "longer data network internet output entry route target targets"
)
# negation-like words: right after a negator they make a double negation, left alone
_NEG_LIKE = (
    NEGATORS_EN
    | NEGATORS_ZH
    | _words("never cannot can't don't doesn't won't without 不能 不会 没有 没 无法 不了 不到 未")
)
GENERIC = _words(
    "error errors issue issues problem problems bug bugs failure fault cause thing "
    "问题 原因 错误 报错 情况 毛病 故障"
)
_SCOPE_END = _words(
    "but and or so because since when while after before on in at for with from during if then "
    "it it's is are was rather instead just "
    "而是 是 但 但是 而 就是 其实 可能 应该 的 还是 而且 导致 时 时候 后 之后 以后"
)
MAX_SCOPE = 3

_BREAK = ",;，；。！？!?、：…()（）【】[]"
_QUOTES = '"“”'


@cache
def _token_pattern() -> re.Pattern[str]:
    """The tokens of a query: a quote (a quote char without its closing one matches nothing
    and is skipped), whitespace, a Han run, breaks, or a word (anything else). Compiled at its
    first use: see :func:`hmdesk.core.memory.terms.han_runs`."""
    brk = re.escape(_BREAK)
    return re.compile(
        rf"(?P<quote>\"[^\"]*\"|“[^”]*”)|(?P<ws>[{JS_WHITESPACE}]+)|(?P<han>[{HAN}]+)"
        rf"|(?P<brk>[{brk}]+)|(?P<word>[^{JS_WHITESPACE}{HAN}{brk}{_QUOTES}]+)"
    )


def _scan(text: str) -> list[tuple[str, int, int]]:
    """The tokens of ``text`` as ``(kind, start, end)``."""
    return [(m.lastgroup or "word", m.start(), m.end()) for m in _token_pattern().finditer(text)]


_EDGE_LEAD = "'`<{"
_EDGE_TRAIL = "'`>}.:"
_MINUS = re.compile(r"-[^\W\d_][\w.-]{2,}")  # -v, -t, -Q: command-line flags


@dataclass(frozen=True)
class Rewrite:
    """What :func:`rewrite_query` made of a query's text."""

    original: str
    searched: str  # the text the terms are taken from
    negated: tuple[str, ...] = ()  # the negated words, lowercased, as written
    dropped: tuple[str, ...] = ()  # boilerplate, stop words, negators, generic nouns, ``?``

    @property
    def changed(self) -> bool:
        return self.searched != self.original or bool(self.negated)

    def to_json(self) -> dict[str, Any]:
        return {
            "searched": self.searched,
            "negated": list(self.negated),
            "dropped": list(self.dropped),
        }

    def describe(self) -> str:
        """One line for people: ``searched "x"; negated: a, b; dropped: c, d``."""
        parts = [f"searched {self.searched!r}"]
        if self.negated:
            parts.append("negated (ranked lower): " + ", ".join(self.negated))
        if self.dropped:
            parts.append("dropped: " + ", ".join(self.dropped))
        return "; ".join(parts)


@dataclass
class _Tok:
    start: int
    end: int
    low: str  # lowercased, edges stripped (words)
    kind: str  # "word", "han", "brk", "quote"
    gap: bool  # whitespace (or the start) before it
    role: str = ""  # "" (kept), "drop", "neg", "keep" (never rewritten)


def _tokens(text: str) -> list[_Tok]:
    out: list[_Tok] = []
    gap = True
    for kind, a, b in _scan(text):
        if kind == "ws":
            gap = True
            continue
        if kind == "han":
            at = a
            for w in _segment_han(text[a:b]):
                out.append(_Tok(at, at + len(w), w, "han", gap))
                at += len(w)
                gap = False
            continue
        if kind == "word":
            raw = text[a:b]
            core = raw.rstrip(".:")
            low = core.lower().lstrip(_EDGE_LEAD).rstrip(_EDGE_TRAIL)
            out.append(_Tok(a, a + len(core), low, "word", gap))
            if len(core) < len(raw):
                out.append(_Tok(a + len(core), b, raw[len(core) :], "brk", False))
        elif kind == "quote":
            out.append(_Tok(a, b, text[a:b].lower(), "quote", gap, "keep"))
        else:
            out.append(_Tok(a, b, text[a:b], "brk", gap))
        gap = False
    return out


def _content(t: _Tok) -> bool:
    """A word that would be searched (not a stop word, boilerplate or already placed)."""
    return (
        t.kind in ("word", "han")
        and not t.role
        and t.low not in STOP_EN
        and t.low not in STOP_ZH
        and t.low not in GENERIC
        and t.low != "-"
    )


def _mark_boilerplate(toks: list[_Tok], dropped: list[str]) -> None:
    i = 0
    while i < len(toks):
        t = toks[i]
        if t.kind == "brk" and ("?" in t.low or "？" in t.low):
            t.role = "drop"
            dropped.append(t.low.strip())
            i += 1
            continue
        phrases = BOILERPLATE_ZH if t.kind == "han" else BOILERPLATE_EN
        for phrase in phrases:
            seq = toks[i : i + len(phrase)]
            if (
                len(seq) == len(phrase)
                and all(s.kind == t.kind and not s.role for s in seq)
                and tuple(s.low for s in seq) == phrase
            ):
                for s in seq:
                    s.role = "drop"
                dropped.append(("" if t.kind == "han" else " ").join(phrase))
                i += len(phrase) - 1
                break
        i += 1


def _is_negator(toks: list[_Tok], i: int) -> bool:
    t = toks[i]
    if t.role:
        return False
    if t.kind == "han":
        return t.low in NEGATORS_ZH
    if t.kind != "word" or t.low not in NEGATORS_EN:
        return False
    prev = toks[i - 1] if i else None
    nxt = next((s for s in toks[i + 1 :] if s.low not in _ARTICLES or s.kind != "word"), None)
    has_article = i + 1 < len(toks) and toks[i + 1].low in _ARTICLES
    if t.low in _NEEDS_ARTICLE and not has_article:
        return False
    clause_start = prev is None or prev.kind == "brk" or prev.low in _CLAUSE_WORDS
    if not (has_article or clause_start):
        return False  # "file not found", "does not start", "安装失败 no signature": the symptom
    if nxt is None or nxt.kind not in ("word", "han"):
        return False
    symptoms = SYMPTOM_AFTER_NO if t.low == "no" else SYMPTOM_AFTER_NOT
    return nxt.low not in symptoms


def _mark_negation(toks: list[_Tok], negated: list[_Tok], dropped: list[str]) -> None:
    i = 0
    while i < len(toks):
        t = toks[i]
        # -term: a leading minus on a word, or a lone minus right before a Chinese word
        if t.kind == "word" and not t.role and t.gap and _MINUS.match(t.low):
            t.role = "neg"
            t.low = t.low[1:]
            negated.append(t)
            i += 1
            continue
        if (
            t.kind == "word"
            and t.low == "-"
            and t.gap
            and i + 1 < len(toks)
            and toks[i + 1].kind == "han"
            and not toks[i + 1].gap
            and not toks[i + 1].role
        ):
            t.role = "drop"
            toks[i + 1].role = "neg"
            negated.append(toks[i + 1])
            i += 2
            continue
        if not _is_negator(toks, i):
            i += 1
            continue
        j = i + 1
        while j < len(toks) and toks[j].kind == "word" and toks[j].low in _ARTICLES:
            j += 1
        if j < len(toks) and toks[j].low in _NEG_LIKE:  # double negation: left alone
            i = j + 1
            continue
        t.role = "drop"
        dropped.append(t.low)
        for s in toks[i + 1 : j]:
            s.role = "drop"
            dropped.append(s.low)
        scope: list[_Tok] = []
        while j < len(toks) and len(scope) < MAX_SCOPE:
            s = toks[j]
            if s.kind in ("brk", "quote") or s.role or s.low in _SCOPE_END:
                break
            if scope and (s.kind != scope[-1].kind or (s.gap and s.kind == "han")):
                break  # another language, or a space after Chinese words
            if s.low in GENERIC:
                s.role = "drop"
                dropped.append(s.low)
            elif _content(s):
                scope.append(s)
            j += 1
        if not scope:  # "签名不是问题", "signing is not the problem": the words before it
            k = i - 1
            while k >= 0 and len(scope) < 2:
                s = toks[k]
                if s.kind != t.kind or s.role:  # punctuation, quotes, another language
                    break
                if _content(s):
                    scope.append(s)
                k -= 1
            scope.reverse()
        for s in scope:
            s.role = "neg"
            negated.append(s)
        i = j


def _same_word(a: str, b: str) -> bool:
    return a == b or light_stem(a) == light_stem(b)


@lru_cache(maxsize=1024)
def rewrite_query(text: str) -> Rewrite:
    """What is searched, negated and dropped for the query ``text`` (see the module doc)."""
    toks = _tokens(text)
    dropped: list[str] = []
    negated_toks: list[_Tok] = []
    _mark_boilerplate(toks, dropped)
    _mark_negation(toks, negated_toks, dropped)
    negated = list(dict.fromkeys(t.low for t in negated_toks if t.low))
    for t in toks:
        if t.role or t.kind not in ("word", "han"):
            continue
        if any(_same_word(t.low, n) for n in negated):
            t.role = "neg"  # a negated word is not searched elsewhere in the query either
        elif t.low in STOP_EN or t.low in STOP_ZH:
            t.role = "drop"
            dropped.append(t.low)
    kept = [t for t in toks if t.kind in ("word", "han", "quote") and t.role in ("", "keep")]
    if not kept and not negated:  # never drop everything: the query stays as it is
        return Rewrite(text, text)
    if not dropped and not negated:
        return Rewrite(text, text)
    pieces: list[str] = []
    at = 0
    for t in toks:
        if t.role in ("drop", "neg"):
            pieces.append(text[at : t.start])
            pieces.append(" ")
            at = t.end
    pieces.append(text[at:])
    # punctuation left alone between removed words separates nothing: tidied away
    words = [w for w in "".join(pieces).split() if w.strip(_BREAK)]
    searched = " ".join(words).strip(_BREAK).strip()
    return Rewrite(text, searched, tuple(negated), tuple(dropped))


def rewrite_for(query: Query) -> Rewrite | None:
    """The rewrite a query gets (None: none — the ``hmharness`` profile, ``rewrite=False``, or
    nothing to rewrite)."""
    if not query.profile.additions or not query.rewrite or not (query.text or "").strip():
        return None
    rw = rewrite_query(query.text)
    return rw if rw.changed else None


def searched_text(query: Query) -> str:
    """The text a query's terms (and the hybrid profile's query embedding) come from."""
    rw = rewrite_for(query)
    return query.text if rw is None else rw.searched


T = TypeVar("T")
U = TypeVar("U")


GROWTH = 4
"""How many times more of the inner query :class:`RewritePlan` fetches at each new round."""


@dataclass
class RewritePlan:
    """A rewritten query and how to re-rank with its negated terms (see the module doc)."""

    query: Query  # as asked
    rewrite: Rewrite
    inner: Query  # the searched text, not rewritten again
    negated_groups: list[tuple[str, ...]] = field(default_factory=list)

    def share(self, rec: MemoryRecord) -> tuple[float, list[str]]:
        """The share of negated terms ``rec`` holds (content and tags, as lexical searches) and
        which ones."""
        if not self.negated_groups:
            return 0.0, []
        tags = " ".join(rec.tags).lower()
        content = rec.content.lower()
        held = 0.0
        hit: list[str] = []
        for g in self.negated_groups:
            # the lexical matching rule (word boundaries for plain English words)
            if group_in(tags, g):
                held += 1.0  # a tag: the memory is about it
            elif group_in(content, g):
                held += CONTENT_ONLY  # mentioned in passing, maybe
            else:
                continue
            hit.append(g[0])
        return held / len(self.negated_groups), hit

    def _rerank(
        self,
        fetch: Callable[[Query], T],
        items_of: Callable[[T], Sequence[U]],
        matched_of: Callable[[T], int],
        rec_score: Callable[[U], tuple[MemoryRecord, float]],
    ) -> tuple[T, list[tuple[U, float, float, list[str]]]]:
        """Fetch the top ``n`` of the inner query, more until the penalised order is exact:
        a memory not fetched scores at most the last fetched one's unpenalised score."""
        limit = self.query.limit
        n = limit
        while True:
            answer = fetch(replace(self.inner, limit=n))
            items = items_of(answer)
            if not self.negated_groups or limit == 0:
                ranked = [(it, rec_score(it)[1], 0.0, list[str]()) for it in items[:limit]]
                return answer, ranked
            scored = []
            for k, it in enumerate(items):
                rec, base = rec_score(it)
                share, hit = self.share(rec)
                final = base - NEGATION_WEIGHT * share
                scored.append(((-final, share > 0, k), (it, final, share, hit)))
            scored.sort(key=lambda s: s[0])
            top = [s[1] for s in scored[:limit]]
            complete = len(items) < n or len(items) >= matched_of(answer)
            if complete:
                return answer, top
            last = rec_score(items[-1])[1]
            if len(top) == limit and all(s[1] > last for s in top):
                return answer, top
            n *= GROWTH

    def run(self, search: Callable[[Query], QueryResult | T]) -> QueryResult | T:
        """``search`` (one path's own, on the rewritten text) re-ranked; an answer that is not a
        :class:`QueryResult` (a path that cannot answer) is passed on as it is."""
        other: list[T] = []

        def fetch(q: Query) -> QueryResult | None:
            answer = search(q)
            if isinstance(answer, QueryResult):
                return answer
            other.append(answer)
            return None

        def items(answer: QueryResult | None) -> list[ScoredMemory]:
            return [] if answer is None else answer.results

        def matched(answer: QueryResult | None) -> int:
            return 0 if answer is None else answer.matched

        answer, ranked = self._rerank(fetch, items, matched, lambda s: (s.memory, s.score))
        if answer is None:
            return other[-1]
        results = []
        for sm, final, share, _hit in ranked:
            comps = dict(sm.components)
            if self.negated_groups:
                comps["negated"] = Component(
                    "negated", share, -NEGATION_WEIGHT, -NEGATION_WEIGHT * share
                )
            results.append(
                ScoredMemory(sm.memory, final, comps, sm.terms, negated=self.explain(sm.memory))
            )
        return replace(answer, query=self.query, results=results, rewrite=self.rewrite)

    def run_pairs(
        self, scan: Callable[[Query], list[tuple[MemoryRecord, float]]]
    ) -> list[tuple[MemoryRecord, float]]:
        """The reference scan's ``(memory, score)`` pairs, re-ranked the same way."""
        _answer, ranked = self._rerank(scan, lambda a: a, lambda _a: sys.maxsize, lambda p: p)
        return [(p[0], final) for p, final, _s, _h in ranked]

    def explain(self, rec: MemoryRecord) -> list[TermMatch]:
        """Per negated term: matched, content spans, tags."""
        return explain_terms(rec, self.negated_groups)


LAB_PROFILES = {"default-norewrite": "default"}
"""Recall-lab-only names: the profile without the query rewrite (``Query.rewrite=False``), the
control that measures what the rewrite changes (``hmdesk-cli eval --control default-norewrite``)."""


def lab_profile(name: str) -> tuple[str, bool]:
    """A lab profile name as (retrieval profile, rewrite)."""
    base = LAB_PROFILES.get(name)
    return (name, True) if base is None else (base, False)


def plan_for(query: Query) -> RewritePlan | None:
    """How ``query`` is rewritten and re-ranked (None: it is searched as it is)."""
    rw = rewrite_for(query)
    if rw is None:
        return None
    groups: list[tuple[str, ...]] = []
    for word in rw.negated:
        for g in default_term_groups(word, stop_words=False) or [(word,)]:
            if g not in groups:
                groups.append(g)
    inner = replace(query, text=rw.searched, rewrite=False)
    return RewritePlan(query, rw, inner, groups)
