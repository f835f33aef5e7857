"""Query term splitting for the retrieval profiles.

``hmharness_terms`` reproduces hmharness's ``retrieve()`` exactly:
lowercase the text, split on runs of whitespace, ``,``, ``，``, ``;`` and ``；``, keep tokens of at
least two UTF-16 code units (a CJK character counts 1, an astral emoji 2), no dedupe. "Whitespace"
is JavaScript's ``\\s`` (which differs from Python's: it includes U+FEFF and excludes U+001C–U+001F
and U+0085), so a query splits exactly where hmharness would split it.

``default_terms`` is the default profile's splitting. It starts from the same tokens and then:

* a token that holds Han characters is cut into runs of Han and non-Han characters; every Han run is
  segmented with rjieba (``hvigor构建失败`` → ``hvigor``, ``构建``, ``失败``;
  ``hdc安装报错9568320`` → ``hdc``, ``安装``, ``报错``, ``9568320``); CJK punctuation (``。``,
  ``、``, ``：``, full-width brackets …) separates like a space;
* a token without Han characters — an English word or a code identifier such as
  ``entry-default-signed.hap``, ``@ohos.hilog``, ``deveco_sdk_home``, ``9568320`` — stays whole;
  only quotes and brackets around it and a trailing ``.``, ``:``, ``!`` or ``?`` are stripped
  (``"hvigorw"`` → ``hvigorw``, ``failed:`` → ``failed``);
* the same ≥2 UTF-16 unit rule drops one-character words (``在``, ``的``), as hmharness does;
* a plain English word (``[a-z]+``) is cut to a light stem: a trailing ``ies``, ``ing``, ``ed``,
  ``es`` or ``s`` (not ``ss``) goes when at least 4 letters remain (``crashes`` → ``crash``,
  ``failed`` → ``fail``, ``signing`` → ``sign``, ``windows`` → ``window``). Identifiers and
  acronyms are not stemmed: a word with a capital after its first letter as typed (``ArkTS`` →
  ``arkts``, ``HAP``, ``API``, ``versionCode``) stays whole (an all-capitals word with a final
  ``s``, ``APIs``, loses just that ``s``);
* a plain English term matches **at word boundaries** (see :func:`form_matcher`): not inside a
  longer run of letters (``no`` not in ``not``, ``file`` not in ``profile``), but with the
  inflections the stemmer removes and a few more (``crash`` matches ``crashes``, ``crashed``,
  ``crashing``; ``expir`` matches ``expire``; ``log`` matches ``logging``). Everything else keeps
  substring semantics: Han terms, code tokens with digits, ``_``, ``.``, ``-`` …, and camelCase
  identifiers typed as such (``versionCode``, ``ArkTS``: a :class:`SubstringTerm`);
* stop words (``the``, ``how``, ``怎么办``, ``如何`` … see ``STOP_WORDS``) are dropped, unless
  nothing else is left;
* a term in the small bilingual glossary (``GLOSSARY``: ``构建``/``build``, ``签名``/``sign``,
  ``失败``/``fail`` …) also matches its other-language form: memories are written in Chinese,
  English or both, and a query in one language should find a pitfall written in the other. The
  term keeps its place and its weight (one term, several accepted forms); see
  :func:`default_term_groups`;
* terms are **deduplicated** (first occurrence kept): lexical is "the weighted share of query
  terms a memory contains", and segmentation easily repeats a word (``构建 构建失败``), which would otherwise weigh it
  twice. The hmharness profile keeps duplicates, as hmharness does.
"""

from __future__ import annotations

import itertools
import re
from functools import cache, lru_cache

# JavaScript's \s (ECMAScript WhiteSpace + LineTerminator) plus hmharness's , ， ; ；
JS_WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
HMH_SPLIT = re.compile(f"[{JS_WHITESPACE},，;；]+")
JS_WHITESPACE_CHARS = frozenset(
    "\t\n\v\f\r \u00a0\u1680\u2028\u2029\u202f\u205f\u3000\ufeff"
    + "".join(map(chr, range(0x2000, 0x200B)))
)
"""The characters of ``JS_WHITESPACE`` (its range spelled out)."""

# Han ideographs (CJK Unified + Extension A + compatibility + the astral extensions).
HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"


@cache
def han_runs() -> re.Pattern[str]:
    """Runs of Han characters, ``([HAN]+)`` (captured: ``split`` keeps them). Compiled at its
    first use rather than at import: a class this wide takes ``re`` milliseconds to compile, and
    a query without Han characters never needs it."""
    return re.compile(f"([{HAN}]+)")


# CJK and full-width punctuation that separates words inside a mixed token.
_CJK_PUNCT = re.compile("[\u3000-\u303f\uff01-\uff0f\uff1a-\uff20\uff3b-\uff40\uff5b-\uff65]+")
_LEAD = "\"'`([{<（【「『《“‘"
_TRAIL = "\"'`)]}>）】」』》”’.:!?。：！？"


def utf16_len(text: str) -> int:
    """Length in UTF-16 code units, as JavaScript's ``String.length`` counts it."""
    return len(text) + sum(1 for ch in text if ord(ch) > 0xFFFF)


def hmharness_terms(text: str) -> list[str]:
    """hmharness's term list for ``text``: lowercase, split, keep ≥2 UTF-16 units, no dedupe."""
    return [t for t in HMH_SPLIT.split(text.lower()) if utf16_len(t) >= 2]


def _strip_edges(token: str) -> str:
    return token.lstrip(_LEAD).rstrip(_TRAIL)


def load_segmenter() -> None:
    """Import rjieba now rather than at the first query with Han characters: its import loads
    the whole dictionary and holds the interpreter lock meanwhile
    (docs/decisions/0005-chinese-segmenter-loads-while-the-store-opens.md)."""
    import rjieba  # noqa: F401


@lru_cache(maxsize=4096)
def _segment_han(run: str) -> tuple[str, ...]:
    """rjieba's words of a run of Han characters (blank ones dropped)."""
    import rjieba  # here, not at module level: see load_segmenter()

    return tuple(w for w in rjieba.cut(run) if w.strip())


def _split_token(token: str) -> list[str]:
    if token.isascii() or not han_runs().search(token):  # ASCII: nothing to compile
        return [_strip_edges(token)]
    out: list[str] = []
    for piece in _CJK_PUNCT.split(token):
        for i, part in enumerate(han_runs().split(piece)):  # other text, Han run, other text …
            if i % 2:
                out.extend(_segment_han(part))
            elif part:
                out.append(_strip_edges(part))
    return out


STOP_WORDS = frozenset(
    [
        "the",
        "a",
        "an",
        "of",
        "to",
        "in",
        "on",
        "at",
        "is",
        "are",
        "was",
        "be",
        "and",
        "or",
        "for",
        "with",
        "how",
        "why",
        "what",
        "do",
        "does",
        "my",
        "it",
        "怎么办",
        "怎么",
        "如何",
        "为什么",
        "什么",
        "问题",
        "请问",
        "一下",
    ]
)
_STEM_SUFFIXES = ("ies", "ing", "ed", "es", "s")
_PLAIN_WORD = re.compile(r"[a-z]+")
_ASCII_WORD = re.compile(r"[A-Za-z]+")
_CAMEL = re.compile(r"[a-z][A-Z]")
_ACRONYM_PLURAL = re.compile(r"[A-Z]{2,}s")


class SubstringTerm(str):
    """A term matched as a plain substring even when it is a plain word: a camelCase identifier
    of a default query (``versionCode``, ``ArkTS``, lowercased) and every hmharness term (see
    :data:`~hmdesk.core.memory.retrieve.profile.HMHARNESS`); other plain English words match only at word boundaries."""

    __slots__ = ()


def light_stem(word: str) -> str:
    """``word`` lowercased, without a common English inflection when it is a plain word.

    Only plain words are stemmed: a word with a capital after its first letter (an acronym such
    as ``HAP``/``API`` or an identifier such as ``ArkTS``/``versionCode``) and anything that is
    not ``[A-Za-z]+`` (``9568320``, ``entry-default-signed.hap``) come back whole, lowercased."""
    low = word.lower()
    if not _ASCII_WORD.fullmatch(word) or low.endswith("ss"):
        return low
    if word[1:] != word[1:].lower():
        if _ACRONYM_PLURAL.fullmatch(word):
            return low[:-1]  # APIs → api
        return low
    for suffix in _STEM_SUFFIXES:
        if low.endswith(suffix) and len(low) - len(suffix) >= 4:
            return low[: -len(suffix)]
    return low


def _term_of(piece: str, stem: bool) -> str:
    """The term a piece (as typed) becomes: lowercased, maybe stemmed, maybe a SubstringTerm."""
    if _ASCII_WORD.fullmatch(piece) and _CAMEL.search(piece):
        return SubstringTerm(piece.lower())
    return light_stem(piece) if stem else piece.lower()


def typed_forms(text: str) -> dict[str, str]:
    """Each default term of ``text`` and the word as ``text`` has it (its first occurrence):
    what a reader is shown for the term ("undefined", not the stem "undefin")."""
    out: dict[str, str] = {}
    for token in HMH_SPLIT.split(text):
        for piece in _split_token(token) if token else ():
            out.setdefault(str(_term_of(piece, True)), piece)
    return out


# What may follow a plain English term inside its word (see form_matcher).
_WORD_SUFFIXES = (
    "s",
    "es",
    "e",
    "ed",
    "d",
    "ing",
    "ings",
    "er",
    "ers",
    "y",
    "ies",
    "ied",
    "ion",
    "ions",
    "ation",
    "ations",
    "ure",
    "ures",
    "ment",
    "ments",
)
_VOWELS = frozenset("aeiouy")


def word_form(form: str) -> bool:
    """Whether ``form`` matches at word boundaries (a plain English word, not a SubstringTerm)."""
    return not isinstance(form, SubstringTerm) and _PLAIN_WORD.fullmatch(form) is not None


@lru_cache(maxsize=4096)
def _word_pattern(form: str) -> re.Pattern[str]:  # the same words as word_forms()
    alts = [form + "(?:" + "|".join(_WORD_SUFFIXES) + ")?"]
    last = form[-1]
    if last not in _VOWELS:  # a doubled final consonant: log → logging, logged, logger
        alts.append(form + last + "(?:ing|ed|er|ers)")
    if last == "e" and len(form) > 2:  # compile → compiling, compiler, compilation
        alts.append(form[:-1] + "(?:ing|er|ers|ion|ions|ation|ations)")
    if last == "y" and len(form) > 2:  # memory → memories, retry → retried
        alts.append(form[:-1] + "(?:ies|ied)")
    return re.compile("(?<![a-z])(?:" + "|".join(alts) + ")(?![a-z])")


def word_forms(form: str) -> frozenset[str]:
    """Every word a plain English ``form`` matches (see :func:`form_matcher`): its pattern
    matches exactly the maximal runs of ASCII letters that are one of these (the team store's
    server looks them up in each memory's word list)."""
    out = {form, *(form + s for s in _WORD_SUFFIXES)}
    last = form[-1]
    if last not in _VOWELS:
        out.update(form + last + s for s in ("ing", "ed", "er", "ers"))
    if last == "e" and len(form) > 2:
        out.update(form[:-1] + s for s in ("ing", "er", "ers", "ion", "ions", "ation", "ations"))
    if last == "y" and len(form) > 2:
        out.update(form[:-1] + s for s in ("ies", "ied"))
    return frozenset(out)


def form_matcher(form: str) -> re.Pattern[str] | None:
    """The pattern a word form must match in a lowercased text, None for substring semantics.

    A plain English form matches where no ASCII letter precedes it (digits, ``_``, ``.``, Han
    characters and whitespace are boundaries) and what follows it up to the next non-letter is
    nothing or an inflection: ``s es e ed d ing ings er ers y ies ied ion ions ation ations ure
    ures ment ments``, a doubled final consonant before ``ing ed er ers``, a final ``e`` dropped
    before ``ing er ion ation …``, a final ``y`` turned into ``ies``/``ied``."""
    return _rule(form)[1]


def form_anchor(form: str) -> str:
    """A substring of every match of ``form``: the form itself, without a final ``e``/``y`` of
    a plain word (``compile`` matches ``compiling``). A quick test before the pattern's."""
    return _rule(form)[0]


@lru_cache(maxsize=8192, typed=True)  # typed: a SubstringTerm is not the plain word it equals
def _rule(form: str) -> tuple[str, re.Pattern[str] | None]:
    if not word_form(form):
        return form, None
    anchor = form[:-1] if form[-1] in ("e", "y") and len(form) > 2 else form
    return anchor, _word_pattern(form)


def form_in(text: str, form: str) -> bool:
    """Whether the lowercased ``text`` holds ``form`` (word boundaries for plain words)."""
    anchor, pattern = _rule(form)
    if anchor not in text:
        return False
    return pattern is None or pattern.search(text) is not None


def form_spans(text: str, form: str, limit: int | None = None) -> list[tuple[int, int]]:
    """Every non-overlapping occurrence of ``form`` in the lowercased ``text``, left to right
    (the first ``limit`` of them when given); for a plain word the span covers the inflection
    too (``crash`` in ``crashed``: all of it)."""
    anchor, pattern = _rule(form)
    if anchor not in text or limit == 0:
        return []
    if pattern is not None:
        return [m.span() for m in itertools.islice(pattern.finditer(text), limit)]
    out: list[tuple[int, int]] = []
    n = len(form)
    i = text.find(form)
    while i >= 0 and (limit is None or len(out) < limit):
        out.append((i, i + n))
        i = text.find(form, i + n)
    return out


def form_count(text: str, form: str) -> int:
    """How many spans :func:`form_spans` would give (without keeping them)."""
    anchor, pattern = _rule(form)
    if anchor not in text:
        return 0
    if pattern is not None:
        return sum(1 for _ in pattern.finditer(text))
    return text.count(form)


def default_terms(text: str, *, stem: bool = True, stop_words: bool = True) -> list[str]:
    """The default profile's terms: hmharness splitting, Han segmentation, light stemming of
    plain words, stop words dropped (unless nothing else is left), deduplicated."""
    seen: set[str] = set()
    out: list[str] = []
    stops: list[str] = []
    for token in HMH_SPLIT.split(text):
        if not token:
            continue
        for piece in _split_token(token):
            term = _term_of(piece, stem)
            if utf16_len(term) < 2 or term in seen:
                continue
            seen.add(term)
            (stops if stop_words and term in STOP_WORDS else out).append(term)
    return out or stops


# Chinese ↔ English forms of the same HarmonyOS development word. English forms are light stems
# (what ``light_stem`` makes of ``failed``, ``signing`` …), so they match every inflection.
GLOSSARY: tuple[tuple[str, ...], ...] = (
    ("构建", "build"),
    ("编译", "compile"),
    ("失败", "fail"),
    ("报错", "error"),
    ("错误", "error"),
    ("签名", "sign", "signature"),
    ("证书", "cert", "certificate"),
    ("安装", "install"),
    ("卸载", "uninstall"),
    ("启动", "launch"),
    ("设备", "device"),
    ("模拟器", "emulator"),
    ("连接", "connect"),
    ("日志", "log"),
    ("权限", "permission"),
    ("网络", "network"),
    ("依赖", "depend", "dependency"),
    ("缓存", "cache"),
    ("页面", "page"),
    ("路由", "router"),
    ("预览", "preview"),
    ("内存", "memory"),
    ("泄漏", "leak"),
    ("测试", "test"),
    ("超时", "timeout"),
    ("崩溃", "crash"),
    ("路径", "path"),
    ("配置", "config", "configuration"),
    ("过期", "expire"),
    ("代理", "proxy"),
    ("镜像", "mirror"),
    ("仓库", "registry"),
)


def _glossary_index() -> dict[str, tuple[str, ...]]:
    index: dict[str, list[str]] = {}
    for group in GLOSSARY:
        for word in group:
            alts = index.setdefault(word, [])
            alts.extend(w for w in group if w != word and w not in alts)
    return {k: tuple(v) for k, v in index.items()}


_GLOSSARY_INDEX = _glossary_index()


def default_term_groups(
    text: str, *, stem: bool = True, stop_words: bool = True, glossary: bool = True
) -> list[tuple[str, ...]]:
    """The default profile's terms, each with the other forms it accepts (term first).

    The switches exist for the recall ablation in ``tests/bench/bench_recall.py``."""
    terms = default_terms(text, stem=stem, stop_words=stop_words)
    if not glossary:
        return [(t,) for t in terms]
    return [(t, *_GLOSSARY_INDEX.get(t, ())) for t in terms]
