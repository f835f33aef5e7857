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
  (``"hvigorw"`` → ``hvigorw``, ``failed:`` → ``failed``). Stripping only shortens a term, so it can
  only add matches (substring semantics), never lose one;
* the same ≥2 UTF-16 unit rule drops one-character words (``在``, ``的``), as hmharness does;
* a plain English word (``[a-z]+``) is cut to a light stem: a trailing ``ies``, ``ing``, ``ed``,
  ``es`` or ``s`` (not ``ss``) goes when at least 4 letters remain (``crashes`` → ``crash``,
  ``failed`` → ``fail``, ``signing`` → ``sign``, ``windows`` → ``window``). The stem is a prefix of
  the word, so it still matches everything the word matched (substring semantics) and also the
  other forms (``crashed``, ``fails``);
* stop words (``the``, ``how``, ``怎么办``, ``如何`` … see ``STOP_WORDS``) are dropped, unless
  nothing else is left;
* a term in the small bilingual glossary (``GLOSSARY``: ``构建``/``build``, ``签名``/``sign``,
  ``失败``/``fail`` …) also matches its other-language form: memories are written in Chinese,
  English or both, and a query in one language should find a pitfall written in the other. The
  term keeps its place and its weight (one term, several accepted forms); see
  :func:`default_term_groups`;
* terms are **deduplicated** (first occurrence kept): lexical is "the share of query terms a memory
  contains", and segmentation easily repeats a word (``构建 构建失败``), which would otherwise weigh it
  twice. The hmharness profile keeps duplicates, as hmharness does.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from functools import lru_cache

# JavaScript's \s (ECMAScript WhiteSpace + LineTerminator) plus hmharness's , ， ; ；
JS_WHITESPACE = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
HMH_SPLIT = re.compile(f"[{JS_WHITESPACE},，;；]+")

# Han ideographs (CJK Unified + Extension A + compatibility + the astral extensions).
_HAN = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff\U00020000-\U0003134f"
_HAS_HAN = re.compile(f"[{_HAN}]")
_HAN_RUN = re.compile(f"([{_HAN}]+)")
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


_han_segmenter: Callable[[str], Sequence[str]] | None = None


def use_han_segmenter(cut: Callable[[str], Sequence[str]] | None) -> None:
    """Segment runs of Han characters with ``cut`` instead of rjieba in this process (None:
    rjieba again). ``cut`` must give rjieba's words: the window installs rjieba in a child
    process (``segmenter_proc.WindowSegmenter``), whose import would otherwise freeze it."""
    global _han_segmenter
    _han_segmenter = cut
    _segment_han.cache_clear()


def han_segmenter_installed() -> bool:
    """Whether Han runs go to an installed segmenter (so rjieba need not load in process)."""
    return _han_segmenter is not None


def load_segmenter() -> None:
    """Load the segmenter now rather than at the first query with Han characters (a query
    without them never needs it): rjieba's import loads its dictionary (~130 ms), an installed
    segmenter is asked once so that it is ready."""
    cut = _han_segmenter
    if cut is not None:
        cut("预热")
        return
    import rjieba  # noqa: F401


@lru_cache(maxsize=4096)
def _segment_han(run: str) -> tuple[str, ...]:
    cut = _han_segmenter
    if cut is not None:
        return tuple(w for w in cut(run) if w.strip())
    import rjieba  # here, not at module level: see load_segmenter()

    return tuple(w for w in rjieba.cut(run) if w.strip())


def _split_token(token: str) -> list[str]:
    if not _HAS_HAN.search(token):
        return [_strip_edges(token)]
    out: list[str] = []
    for piece in _CJK_PUNCT.split(token):
        for part in _HAN_RUN.split(piece):
            if not part:
                continue
            if _HAS_HAN.match(part):
                out.extend(_segment_han(part))
            else:
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


def light_stem(word: str) -> str:
    """A prefix of ``word`` without a common English inflection (plain ``[a-z]+`` words only)."""
    if not _PLAIN_WORD.fullmatch(word) or word.endswith("ss"):
        return word
    for suffix in _STEM_SUFFIXES:
        if word.endswith(suffix) and len(word) - len(suffix) >= 4:
            return word[: -len(suffix)]
    return word


def default_terms(text: str, *, stem: bool = True, stop_words: bool = True) -> list[str]:
    """The default profile's terms: hmharness splitting, Han segmentation, light stemming, stop
    words dropped (unless nothing else is left), deduplicated."""
    seen: set[str] = set()
    out: list[str] = []
    stops: list[str] = []
    for token in HMH_SPLIT.split(text.lower()):
        if not token:
            continue
        for piece in _split_token(token):
            term = light_stem(piece) if stem else piece
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
    ("签名", "sign"),
    ("证书", "cert"),
    ("安装", "install"),
    ("卸载", "uninstall"),
    ("启动", "launch"),
    ("设备", "device"),
    ("模拟器", "emulator"),
    ("连接", "connect"),
    ("日志", "log"),
    ("权限", "permission"),
    ("网络", "network"),
    ("依赖", "depend"),
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
    ("配置", "config"),
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


def term_groups_for(profile: str, text: str) -> list[tuple[str, ...]]:
    """Terms of ``profile`` as groups of accepted forms (hmharness: one form each)."""
    if profile == "hmharness":
        return [(t,) for t in hmharness_terms(text)]
    if profile == "default":
        return default_term_groups(text)
    raise ValueError(f"unknown retrieval profile {profile!r}; use 'default' or 'hmharness'")


def terms_for(profile: str, text: str) -> list[str]:
    if profile == "hmharness":
        return hmharness_terms(text)
    if profile == "default":
        return default_terms(text)
    raise ValueError(f"unknown retrieval profile {profile!r}; use 'default' or 'hmharness'")
