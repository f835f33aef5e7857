"""The index returns exactly what the straight scans return (hypothesis, random corpora)."""

from __future__ import annotations

from dataclasses import replace
from datetime import UTC, datetime

import pytest
from hmdesk.core.memory.record import DECAY_SENTINEL, MemoryRecord
from hmdesk.core.memory.retrieve.index import MemoryIndex, search_segments
from hmdesk.core.memory.retrieve.profile import PROFILES
from hmdesk.core.memory.retrieve.reference_scan import retrieve_hmharness_scan, retrieve_scan
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.retrieve.scoring import group_in, haystack
from hmdesk.core.memory.terms import SubstringTerm
from hypothesis import given
from hypothesis import strategies as st

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)
WORDS = [
    "hvigor",
    "Build",
    "BUILD",
    "build",
    "fail",
    "failed",
    "hdc",
    "install",
    "9568320",
    "entry-default-signed.hap",
    "@ohos.hilog",
    "DEVECO_SDK_HOME",
    "no",
    "not",
    "file",
    "profile",
    "files",
    "crash",
    "crashed",
    "versionCode",
    "ArkTS",
    "HAP",
    "构建",
    "失败",
    "构建失败",
    "安装",
    "报错",
    "签名",
    "在",
    "İstanbul",
    "ΑΣ",
    "🚀",
    "ab",
    "ba",
    "aba",
    "a",
    "b",
    ",",
    "，",
    ";",
    "；",
    "。",
    " ",
    "  ",
    "\u3000",
    "\t",
    "\x85",
    "\x1c",
    "\ufeff",
    "\xa0",
    "-",
    ".",
]
TAGS = ["build", "Build", "hdc", "signing", "构建", "misc", "a b", "ws:app", "ws:lib"]
TIMESTAMPS = [
    "2026-11-29T12:00:00.000Z",
    "2026-11-01T00:00:00.000Z",
    "2026-08-01T00:00:00.000Z",
    "2025-01-01T00:00:00.000Z",
    "2027-01-01T00:00:00.000Z",
    "2026-11-29",
    "not a date",
    "2026-11-29T20:00:00+08:00",
]

text_st = st.lists(st.sampled_from(WORDS), max_size=8).map("".join)
record_st = st.builds(
    lambda content, conf, tags, layer, env, ts, sup, deleted: (
        content,
        conf,
        tags,
        layer,
        env,
        ts,
        sup,
        deleted,
    ),
    text_st,
    st.sampled_from([0.0, 0.1, 0.3, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1 / 3]),
    st.lists(st.sampled_from(TAGS), max_size=3),
    st.sampled_from(["semantic", "episodic", "procedural", "world"]),
    st.sampled_from(["terminal", "harmonyos", "HarmonyOS"]),
    st.sampled_from(TIMESTAMPS),
    st.sampled_from([None, None, None, "x", DECAY_SENTINEL, ""]),
    st.sampled_from([None, None, None, None, "2026-11-28T00:00:00.000Z"]),
)
query_st = st.builds(
    Query,
    text=text_st,
    layer=st.sampled_from([None, "", "semantic", "episodic", "working"]),
    environment=st.sampled_from([None, "terminal", "harmonyos"]),
    workspace=st.sampled_from([None, None, "app", "lib", "none"]),
    tags=st.lists(st.sampled_from([*TAGS, "nope"]), max_size=2),
    limit=st.integers(0, 12),
    profile=st.sampled_from([PROFILES["hmharness"], PROFILES["default"]]),
    now=st.just(NOW),
    include_superseded=st.booleans(),
)


def build(raw: list[tuple]) -> list[MemoryRecord]:  # type: ignore[type-arg]
    return [
        MemoryRecord(
            id=f"m{i}",
            layer=layer,
            content=content,
            source="t",
            provenance="t",
            confidence=conf,
            timestamp=ts,
            environment=env,
            session="s",
            tags=tuple(tags),
            superseded_by=sup,
            deleted_at=deleted,
            seq=i + 1,
        )
        for i, (content, conf, tags, layer, env, ts, sup, deleted) in enumerate(raw)
    ]


def pairs(result):  # type: ignore[no-untyped-def]
    return [(r.memory.id, r.score) for r in result.results]


def check_matched(result) -> None:  # type: ignore[no-untyped-def]
    """Each explained term is matched exactly when the memory holds one of its forms (the
    index may tell the explanation which it holds)."""
    plain = result.query.profile.name != "hmharness"
    # a form as the query made it: a camelCase piece (``versionCode``) is a SubstringTerm, which
    # the explanation's plain string no longer says
    made = {f: f for group in result.query.profile.terms(result.query.text) for f in group}
    for r in result.results:
        hay = haystack(r.memory)
        for t in r.terms:
            forms = (
                tuple(made.get(f, f) for f in (t.term, *t.alternatives))
                if plain
                else (SubstringTerm(t.term),)
            )
            assert t.matched == group_in(hay, forms), (t, r.memory.content)


@given(st.lists(record_st, max_size=40), st.lists(query_st, min_size=1, max_size=4))
def test_index_equals_scan(raw: list[tuple], queries: list[Query]) -> None:  # type: ignore[type-arg]
    records = build(raw)
    index = MemoryIndex(records)
    for q in queries:
        result = index.search(q)
        got = pairs(result)
        assert got == [(m.id, s) for m, s in retrieve_scan(records, q)]
        check_matched(result)
        for r in result.results:  # the explanation adds up: matched shares make lexical
            lexical = r.components["lexical"].raw
            assert sum(t.weight for t in r.terms if t.matched) == pytest.approx(lexical)
            assert sum(t.contribution for t in r.terms) == pytest.approx(0.4 * lexical)
        if q.profile.name == "hmharness":
            assert got == [(m.id, s) for m, s in retrieve_hmharness_scan(records, q)]


@given(
    st.lists(record_st, min_size=1, max_size=30),
    st.lists(record_st, max_size=10),
    st.data(),
    query_st,
)
def test_segments_with_dead_records_equal_scan(raw, raw_new, data, q) -> None:  # type: ignore[no-untyped-def]
    """Base segment + an overlay of changed records (what Retriever does after a write)."""
    records = build(raw)
    changed_pos = data.draw(st.sets(st.integers(0, len(records) - 1), max_size=len(records)))
    changed = build(raw_new)
    replaced: dict[int, MemoryRecord] = {}
    for pos, rec in zip(sorted(changed_pos), changed, strict=False):
        old = records[pos]
        replaced[pos] = MemoryRecord(
            **{
                **{f: getattr(rec, f) for f in rec.__dataclass_fields__},
                "id": old.id,
                "seq": old.seq,
            }
        )
    dead = [records[p].id for p in changed_pos]
    final = [
        replaced.get(i, r) for i, r in enumerate(records) if i in replaced or i not in changed_pos
    ]
    base = MemoryIndex(records, order=[r.seq for r in records]).with_dead(dead)
    overlay_recs = list(replaced.values())
    overlay = MemoryIndex(overlay_recs, order=[r.seq for r in overlay_recs])
    result = search_segments([base, overlay], q)
    assert pairs(result) == [(m.id, s) for m, s in retrieve_scan(final, q)]
    check_matched(result)


LATER_MS = st.sampled_from([0, 1, 999, 60_000, 1_799_999, 3_599_999, 3_600_000, 3_600_001, -1])
broad_query_st = st.builds(  # many matches, few returned: the kept part must be rescored
    Query,
    text=st.sampled_from(["", "a", "b", "build", "a b", "构建", "hdc install", "a hdc 构建"]),
    limit=st.integers(1, 5),
    profile=st.sampled_from([PROFILES["hmharness"], PROFILES["default"]]),
    include_superseded=st.booleans(),
)


@given(
    st.lists(record_st, min_size=1, max_size=40),
    st.lists(st.tuples(st.one_of(query_st, broad_query_st), LATER_MS), min_size=1, max_size=5),
)
def test_later_now_equals_scan(raw, queries) -> None:  # type: ignore[no-untyped-def]
    """An index keeps ``confidence*0.4 + recency*0.2`` from an earlier query's ``now``: a query
    a little later (or earlier) still gives exactly the scan's ids, order and scores."""
    records = build(raw)
    index = MemoryIndex(records)
    base_ms = int(NOW.timestamp() * 1000)
    index.search(Query(text="", now=NOW, limit=3))  # keeps the part at NOW
    for q, later in queries:
        when = datetime.fromtimestamp((base_ms + later) / 1000, tz=UTC)
        q = replace(q, now=when)
        got = pairs(index.search(q))
        assert got == [(m.id, s) for m, s in retrieve_scan(records, q)]
        if q.profile.name == "hmharness":
            assert got == [(m.id, s) for m, s in retrieve_hmharness_scan(records, q)]


@pytest.mark.parametrize("profile", ["hmharness", "default"])
def test_many_term_groups_equal_scan(profile: str) -> None:
    """More than eight distinct terms (a float accumulator, not a bit per term) and up to eight
    (a bit per term) give the scan's results, repeated terms counting as often as repeated."""
    words = ["hvigor", "build", "hdc", "install", "构建", "失败", "签名", "crash", "file", "ab"]
    records = build(
        [
            (
                " ".join(words[j] for j in range(len(words)) if (i * 7 + j * 3) % (j + 2)),
                0.5,
                [],
                "semantic",
                "terminal",
                TIMESTAMPS[i % len(TIMESTAMPS)],
                None,
                None,
            )
            for i in range(60)
        ]
    )
    index = MemoryIndex(records)
    for text in (" ".join(words), " ".join(words[:8]), "build build hdc 构建 crash ab"):
        q = Query(text=text, now=NOW, limit=20, profile=PROFILES[profile])
        assert pairs(index.search(q)) == [(m.id, s) for m, s in retrieve_scan(records, q)]
        assert index.search(q).matched > 0
