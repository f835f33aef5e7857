"""The server search of a team store equals the in-process index and the reference scan: the same
ids, scores, explanations and counts (hypothesis over random stores and queries, and the
hmharness scenario and the labelled set), whether the memories are in ``search_docs`` or still
pending, and whoever wrote them."""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime
from typing import Any

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.diversity import diversified
from hmdesk.core.memory.retrieve.index import MemoryIndex
from hmdesk.core.memory.retrieve.profile import PROFILES
from hmdesk.core.memory.retrieve.reference_scan import retrieve_scan
from hmdesk.core.memory.retrieve.results import Query, QueryResult
from hmdesk.core.memory.search_index import postgres_index, postgres_search
from hmdesk.core.memory.search_index.postgres_search import connect, search_server
from hypothesis import given
from hypothesis import strategies as st

from tests.core.memory.retrieval_golden import MEMORIES, QUERIES
from tests.core.memory.retrieve.test_index_equivalence import (
    broad_query_st,
    build,
    query_st,
    record_st,
)
from tests.core.memory.retrieve.test_retrieve import MEMORY2
from tests.fixtures.postgres import fresh_url

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

_INSERT = (
    "INSERT INTO memories (seq, id, layer, content, source, provenance, confidence, timestamp, "
    "environment, session, superseded_by, tags, created_at, updated_at, recall_count, "
    "deleted_at, extra, origin) VALUES (%s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s, %s::json, "
    "'t', 't', 0, %s, '{}'::json, 'test')"
)


@pytest.fixture(scope="module")
def server() -> Iterator[Any]:
    """A migrated team store (one for the module: hypothesis runs many examples on it) and an
    autocommit connection to it."""
    with fresh_url() as url:
        Database(url).close()
        conn = connect(url)
        try:
            yield conn
        finally:
            conn.close()


@contextmanager
def walking(on: bool) -> Iterator[None]:
    """With ``on``, a search without terms walks the order index from its first candidate, two
    rows at a time (what a store of a few memories never does): its answers must be those of
    every candidate scored, whether the walk proves its rows or gives up."""
    saved = postgres_search.WALK_MIN, postgres_search.WALK_ROWS
    if on:
        postgres_search.WALK_MIN, postgres_search.WALK_ROWS = 0, 2
    try:
        yield
    finally:
        postgres_search.WALK_MIN, postgres_search.WALK_ROWS = saved


def put(conn: Any, records: list[MemoryRecord], *, filled: bool) -> None:
    """The store holds exactly ``records``, written as another client would (plain SQL, so
    the triggers leave them pending), then moved into ``search_docs`` when ``filled``."""
    with conn.transaction():
        conn.execute("DELETE FROM memories")
        for r in records:
            conn.execute(
                _INSERT,
                (
                    r.seq,
                    r.id,
                    r.layer,
                    r.content,
                    r.source,
                    r.provenance,
                    r.confidence,
                    r.timestamp,
                    r.environment,
                    r.session,
                    r.superseded_by,
                    json.dumps(r.tags),
                    r.deleted_at,
                ),
            )
        if filled:
            postgres_index.fill(conn)


def explained(result: QueryResult) -> list[tuple[Any, ...]]:
    return [
        (r.memory.id, r.score, r.components, r.terms, [(s.memory.id, s.score) for s in r.similar])
        for r in result.results
    ]


def assert_same(got: QueryResult, want: QueryResult) -> None:
    assert explained(got) == explained(want)
    assert got.terms == want.terms
    assert (got.filtered, got.pool, got.matched, got.note) == (
        want.filtered,
        want.pool,
        want.matched,
        want.note,
    )


def assert_server_answers(conn: Any, records: list[MemoryRecord], queries: list[Query]) -> None:
    index = MemoryIndex(records, order=[r.seq for r in records])
    for q in queries:
        got = search_server(conn, q)  # near-duplicates folded, as every search path does
        want = diversified(index.search, q)
        assert want is not None
        assert_same(got, want)
        if q.profile.name == "hmharness":  # hmharness's own order, scores and all
            assert [(r.memory.id, r.score) for r in got.results] == [
                (m.id, s) for m, s in retrieve_scan(records, q)
            ]


@contextmanager
def sieved(server: Any, on: bool) -> Iterator[None]:
    """With ``on``, the planner avoids sequential scans: the census reads the memories the
    sieve passes (through the trigram index where it can), not every memory (what the planner
    picks for a few memories). Both must answer alike."""
    if on:
        server.execute("SET enable_seqscan = off")
    try:
        yield
    finally:
        server.execute("RESET enable_seqscan")


@given(
    st.lists(record_st, max_size=30),
    st.lists(query_st, min_size=1, max_size=3),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_server_equals_the_index(
    server: Any, raw: list[Any], queries: list[Query], filled: bool, walk: bool, sieve: bool
) -> None:
    records = build(raw)
    put(server, records, filled=filled)
    with walking(walk), sieved(server, sieve):
        assert_server_answers(server, records, queries)


@contextmanager
def cut_short() -> Iterator[None]:
    """The one scan keeps, of each set of memories holding the same term groups, only as many
    rows as the search shows (not the read-ahead of a wider search): the rows it leaves out
    must be ones that cannot enter the top, whatever the weights the counts give."""
    saved = postgres_search._want
    postgres_search._want = lambda q, rounds=True: max(q.limit, 1)
    try:
        yield
    finally:
        postgres_search._want = saved


@given(
    st.lists(record_st, min_size=1, max_size=40),
    st.lists(st.one_of(query_st, broad_query_st), min_size=1, max_size=3),
)
def test_each_set_cut_to_the_rows_shown(server: Any, raw: list[Any], queries: list[Query]) -> None:
    records = build(raw)
    put(server, records, filled=True)
    with cut_short():
        assert_server_answers(server, records, [replace(q, now=NOW) for q in queries])


@given(
    st.lists(record_st, min_size=1, max_size=20),
    st.lists(record_st, max_size=6),
    st.lists(query_st, min_size=1, max_size=3),
)
def test_pending_rows_beside_moved_ones(
    server: Any, raw: list[Any], raw_new: list[Any], queries: list[Query]
) -> None:
    """Rows changed by another client after the move (pending) and rows moved: one answer."""
    records = build(raw)
    put(server, records, filled=True)
    final = list(records)
    with server.transaction():
        for i, new in enumerate(build(raw_new)):
            old = records[i % len(records)]
            server.execute(
                "UPDATE memories SET content = %s, confidence = %s, tags = %s::json, "
                "timestamp = %s, superseded_by = %s, deleted_at = %s WHERE seq = %s",
                (
                    new.content,
                    new.confidence,
                    json.dumps(new.tags),
                    new.timestamp,
                    new.superseded_by,
                    new.deleted_at,
                    old.seq,
                ),
            )
            final[i % len(records)] = MemoryRecord(
                **{
                    **{f: getattr(new, f) for f in new.__dataclass_fields__},
                    "id": old.id,
                    "seq": old.seq,
                    "layer": old.layer,
                    "environment": old.environment,
                },
            )
    assert_server_answers(server, final, queries)


@pytest.mark.parametrize("walk", [False, True])
@pytest.mark.parametrize("filled", [True, False])
def test_the_hmharness_scenario_and_the_labelled_set(server: Any, filled: bool, walk: bool) -> None:
    with walking(walk), sieved(server, walk):
        assert_scenario_answers(server, filled)


def assert_scenario_answers(server: Any, filled: bool) -> None:
    records = [replace(r, seq=i + 1) for i, r in enumerate(MEMORY2)]
    put(server, records, filled=filled)
    texts = [
        "hvigor build windows",
        "构建 失败",
        "hvigor 构建 失败",
        "",
        "hdc install",
        "build build",
    ]
    assert_server_answers(
        server,
        records,
        [
            Query(text=t, profile=PROFILES[p], now=NOW)
            for t in texts
            for p in ("hmharness", "default")
        ],
    )
    golden = [
        MemoryRecord(
            id=mid,
            layer="semantic",
            content=content,
            source="t",
            provenance="t",
            confidence=0.8,
            timestamp="2026-11-20T00:00:00.000Z",
            environment="harmonyos",
            session="s",
            tags=tags,
            seq=i + 1,
        )
        for i, (mid, (content, tags)) in enumerate(MEMORIES.items())
    ]
    put(server, golden, filled=filled)
    assert_server_answers(
        server,
        golden,
        [
            Query(text=q[0], profile=PROFILES[p], now=NOW, limit=5)
            for q in QUERIES
            for p in ("hmharness", "default")
        ],
    )


def walk_store(seed: int, n: int) -> list[MemoryRecord]:
    """``n`` memories with confidences that tie, timestamps within the 90 days of recency, older,
    in the future, a date alone and unparseable, some superseded, in several layers."""
    import random

    rng = random.Random(seed)
    stamps = ["not a date", "2026-11-29", "2027-01-01T00:00:00.000Z", "2025-01-01T00:00:00.000Z"]
    records = []
    for i in range(n):
        day = rng.randrange(0, 120)
        ts = (
            rng.choice(stamps)
            if rng.random() < 0.1
            else f"2026-{8 + (day + 1) // 31:02d}-{1 + day % 28:02d}T{rng.randrange(24):02d}:00:00.000Z"
        )
        records.append(
            MemoryRecord(
                id=f"w{i:04d}",
                layer=rng.choice(["semantic", "episodic"]),
                content=rng.choice(
                    ["build failed", "hdc install", "daemon restarted", "签名 失败"]
                ),
                source="t",
                provenance="t",
                confidence=rng.choice([0.1, 0.5, 0.9, 0.9, 1.0, 1 / 3]),
                timestamp=ts,
                environment="harmonyos",
                session="s",
                tags=rng.sample(["build", "hdc", "ws:app"], rng.randrange(0, 3)),
                superseded_by="x" if rng.random() < 0.05 else None,
                seq=i + 1,
            )
        )
    return records


@pytest.mark.parametrize("walk_rows", [3, 40, 400])
def test_a_search_without_terms_walks_the_order_index(
    server: Any, walk_rows: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Searches without terms (none, negated words only, filters alone) over a few hundred
    memories, walked along the order index from their first candidate: the same answers as the
    index, whether the walk proved its rows the top ones (some must) or gave up."""
    outcomes: list[bool] = []
    walked = postgres_search._walked

    def counted(*args: Any) -> Any:
        rows = walked(*args)
        outcomes.append(rows is not None)
        return rows

    monkeypatch.setattr(postgres_search, "_walked", counted)
    monkeypatch.setattr(postgres_search, "WALK_MIN", 0)
    monkeypatch.setattr(postgres_search, "WALK_ROWS", walk_rows)
    for seed in (1, 2):
        records = walk_store(seed, 300)
        put(server, records, filled=True)
        queries = [
            Query(text=text, limit=limit, now=NOW, profile=PROFILES[profile], **extra)
            for text in ("", "not daemon")
            for limit in (1, 3, 10)
            for profile in ("default", "hmharness")
            for extra in (
                {},
                {"layer": "episodic"},
                {"include_superseded": True},
                {"tags": ["hdc"]},
            )
        ]
        assert_server_answers(server, records, queries)
    assert any(outcomes) == (walk_rows >= 40)  # 3 rows prove nothing; 40 and 400 do
    assert not all(outcomes)  # and some walks give up (a limit of 10 wants 160 rows)


class Statements:
    """A connection that keeps the text of each statement it runs (and runs it)."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.texts: list[str] = []

    @property
    def closed(self) -> bool:
        return bool(self.conn.closed)

    def execute(self, text: str, params: Any = None) -> Any:
        self.texts.append(text)
        return self.conn.execute(text, params)


def test_terms_read_their_top_rows_along_the_order_index_or_by_a_sieve(server: Any) -> None:
    """Searches with terms over a few hundred memories, each set of groups held read only down
    to the band the census's threshold reaches: along the order index when every band read is
    above what a memory without recency scores, else by the sieve of a set's rarest group (both
    must happen here), the census reading every memory or those its sieve passes. The same
    answers as the index either way."""
    spy = Statements(server)
    order = f"{postgres_index.static_order()} >= "
    along = []
    censuses = []
    for seed, sieve in ((1, False), (2, True)):
        records = walk_store(seed, 300)
        put(server, records, filled=True)
        # the planner's estimates decide whether the census reads every memory: known here, not
        # left to when autovacuum last ran (the test passed or failed by its neighbours)
        server.execute("ANALYZE search_docs")
        queries = [
            Query(text=text, limit=limit, now=NOW, profile=PROFILES[profile], **extra)
            for text in ("build", "build hdc", "daemon 失败", "签名 install not daemon")
            for limit in (1, 3, 10)
            for profile in ("default", "hmharness")
            for extra in ({}, {"layer": "episodic"}, {"include_superseded": True})
        ]
        with cut_short(), sieved(server, sieve):
            for q in queries:
                spy.texts.clear()
                got = search_server(spy, q)
                tops = [t for t in spy.texts if t.startswith("SELECT seq, b0")]
                along += [order in t for t in tops]
                censuses += [" WHERE " in t for t in spy.texts if t.startswith("SELECT b0")]
                index = MemoryIndex(records, order=[r.seq for r in records])
                want = diversified(index.search, q)
                assert want is not None
                assert_same(got, want)
    assert any(along) and not all(along)
    assert any(censuses) and not all(censuses)  # with the sieve and without


def test_a_confidence_that_is_not_a_finite_number(server: Any) -> None:
    """Another client may write a NaN or an infinite confidence: the census's band of such a
    memory is not a number (no cast of it fails), its set is read whole, and the search answers
    (the in-process index's own top-k is not defined with a NaN score: no comparison here)."""
    records = walk_store(3, 120)
    records[3] = replace(records[3], confidence=float("nan"))
    records[5] = replace(records[5], confidence=float("inf"))
    records[7] = replace(records[7], confidence=float("-inf"))
    put(server, records, filled=True)
    for text in ("build", "build hdc", "daemon 失败", "签名"):
        for limit in (1, 10):
            got = search_server(server, Query(text=text, limit=limit, now=NOW))
            assert got.matched and 1 <= len(got.results) <= limit
