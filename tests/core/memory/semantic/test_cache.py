"""The embedding cache (revision 0005): staleness by content hash, models kept apart, batch
save and load aligned with memory ids, rows dropped with their memory, and a 0004 database
migrated on open while the one-shot search path keeps answering."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hmdesk.core.db import Database, make_engine, migrate_to
from hmdesk.core.dbfile import SCHEMA_HEAD
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.search_index.file_search import search_file, search_stored
from hmdesk.core.memory.semantic import FakeEmbedder, cache
from hmdesk.core.memory.store import MemoryStore
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.fixtures.examples import share


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()


def _fill(store: MemoryStore, model: FakeEmbedder) -> int:
    todo = cache.pending(store.db, model.model_id)
    return cache.save(
        store.db, model.model_id, todo, model.embed([p.text for p in todo], kind="passage")
    )


def test_missing_then_saved_then_loaded_aligned_with_ids(store: MemoryStore) -> None:
    a = store.add("hdc install fails with 9568332", tags=["hdc"])
    b = store.add("安装失败：签名不一致", tags=["install"])
    emb = FakeEmbedder(dim=32)
    todo = cache.pending(store.db, emb.model_id)
    assert [p.id for p in todo] == [a.id, b.id]
    assert todo[0].content_hash == cache.content_hash(a.content)
    assert _fill(store, emb) == 2
    assert cache.pending(store.db, emb.model_id) == []
    got = cache.load(store.db, emb.model_id)
    assert got.seqs.tolist() == [a.seq, b.seq] and got.vectors.shape == (2, 32) and got.dim == 32
    assert got.vectors.dtype == np.float32 and not got.vectors.flags.writeable
    assert np.allclose(got.vectors, emb.embed([a.content, b.content], kind="passage"))
    assert len(got) == 2
    st = cache.status(store.db, emb.model_id)
    assert (st.total, st.embedded, st.stale, st.missing, st.pending) == (2, 2, 0, 0, 0)


def test_an_edited_memory_is_stale_and_its_old_vector_is_gone(store: MemoryStore) -> None:
    a = store.add("hvigor build fails: modelVersion")
    b = store.add("ArkTS @State in a struct")
    emb = FakeEmbedder(dim=16)
    _fill(store, emb)
    store.edit(a.id, content="hvigor build fails: set modelVersion in oh-package.json5")
    # the trigger dropped the row; the memory waits for a vector of its new text
    assert [p.id for p in cache.pending(store.db, emb.model_id)] == [a.id]
    assert cache.load(store.db, emb.model_id).seqs.tolist() == [b.seq]
    store.edit(b.id, tags=["arkts"])  # not the content: the vector stays
    assert [p.id for p in cache.pending(store.db, emb.model_id)] == [a.id]


def test_a_hash_that_no_longer_matches_is_stale(store: MemoryStore) -> None:
    a = store.add("hdc file send needs an absolute path")
    emb = FakeEmbedder(dim=16)
    _fill(store, emb)
    with store.db.write() as s:  # a vector of another text, as a trigger-less writer would leave
        s.connection().exec_driver_sql(
            "UPDATE memory_embeddings SET content_hash = 'old' WHERE model = ?", (emb.model_id,)
        )
    st = cache.status(store.db, emb.model_id)
    assert (st.embedded, st.stale, st.missing) == (0, 1, 0)
    assert [p.id for p in cache.pending(store.db, emb.model_id)] == [a.id]


def test_save_skips_a_memory_edited_while_it_was_embedded(store: MemoryStore) -> None:
    a = store.add("first text")
    b = store.add("second text")
    emb = FakeEmbedder(dim=16)
    todo = cache.pending(store.db, emb.model_id)
    vectors = emb.embed([p.text for p in todo], kind="passage")
    store.edit(a.id, content="first text, edited meanwhile")
    store.delete(b.id)
    assert cache.save(store.db, emb.model_id, todo, vectors) == 0
    assert [p.text for p in cache.pending(store.db, emb.model_id)] == [
        "first text, edited meanwhile"
    ]
    with pytest.raises(ValueError, match="2 items"):
        cache.save(store.db, emb.model_id, todo, vectors[:1])


def test_models_are_kept_apart(store: MemoryStore) -> None:
    store.add("hdc shell aa start")
    small, large = FakeEmbedder(dim=16), FakeEmbedder(dim=48)
    _fill(store, small)
    assert len(cache.pending(store.db, large.model_id)) == 1
    _fill(store, large)
    assert cache.load(store.db, small.model_id).dim == 16
    assert cache.load(store.db, large.model_id).dim == 48
    assert cache.models(store.db) == {small.model_id: 1, large.model_id: 1}
    assert cache.forget(store.db, small.model_id) == 1
    assert cache.models(store.db) == {large.model_id: 1}
    empty = cache.load(store.db, small.model_id)
    assert empty.vectors.shape == (0, 0) and not len(empty.seqs)


def test_deleted_memories_are_left_out_and_hard_deletes_drop_rows(store: MemoryStore) -> None:
    a = store.add("one")
    b = store.add("two")
    emb = FakeEmbedder(dim=16)
    _fill(store, emb)
    store.delete(a.id)
    assert cache.load(store.db, emb.model_id).seqs.tolist() == [b.seq]
    assert cache.status(store.db, emb.model_id).total == 1
    with store.db.write() as s:
        s.connection().exec_driver_sql("DELETE FROM memories WHERE id = ?", (b.id,))
    assert cache.models(store.db) == {emb.model_id: 1}  # only the soft-deleted one's row


RAW_INSERT = (
    "INSERT INTO memories (id, layer, content, source, provenance, confidence, timestamp, "
    "environment, session, tags, created_at, updated_at, recall_count, extra, origin) VALUES "
    "(?, 'semantic', ?, 't', 't', 0.7, '2026-11-01T00:00:00.000Z', 'harmonyos', 's', '[]', "
    "'2026-11-01T00:00:00.000Z', '2026-11-01T00:00:00.000Z', 0, '{}', 'hmdesk')"
)


def test_a_0004_database_is_migrated_on_open_and_still_searched(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    migrate_to(path, "0004")
    engine = make_engine(path)
    with engine.connect() as conn:
        conn.begin()
        conn.exec_driver_sql(RAW_INSERT, ("old-1", "hvigor build fails"))
        conn.exec_driver_sql(RAW_INSERT, ("old-2", "hdc install 9568320"))
        conn.commit()
    engine.dispose()
    assert search_stored(path, Query("hvigor")) is None  # another revision: the full way
    assert [r.memory.id for r in search_file(path, Query("hvigor")).results] == ["old-1"]
    with sqlite3.connect(path) as conn:
        assert [r[0] for r in conn.execute("SELECT version_num FROM alembic_version")] == [
            SCHEMA_HEAD
        ]
    db = Database(path)
    store = MemoryStore(db)  # a writer: keeps the index
    try:
        emb = FakeEmbedder(dim=16)
        assert [p.id for p in cache.pending(db, emb.model_id)] == ["old-1", "old-2"]
        assert _fill(store, emb) == 2
        store.add("hvigor sync needs node")
    finally:
        store.close()
        db.close()
    fast = search_stored(path, Query("hvigor"))  # a 0005 database answers the one-shot way
    assert fast is not None and {r.memory.id for r in fast.results} >= {"old-1"}
    migrate_to(path, "0004", down=True)
    with sqlite3.connect(path) as conn:
        names = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
    assert "memory_embeddings" not in names
    assert "memory_embeddings_content_changed" not in names


@settings(max_examples=60)
@given(
    n=st.integers(0, 40),
    k=st.integers(0, 12),
    seed=st.integers(0, 2**16),
    duplicates=st.booleans(),
)
def test_nearest_is_the_sorted_cosines_among_the_mask(
    n: int, k: int, seed: int, duplicates: bool
) -> None:
    """Most similar first, equal cosines by row, only rows in the mask, at most ``k``."""
    rng = np.random.default_rng(seed)
    vectors = rng.standard_normal((n, 8)).astype(np.float32)
    if duplicates and n > 1:
        vectors[1::2] = vectors[0]  # many equal cosines
    vectors /= np.maximum(np.linalg.norm(vectors, axis=1, keepdims=True), 1e-9)
    matrix = cache.EmbeddingMatrix("m", np.arange(n, dtype=np.int64), vectors)
    query = vectors[0].copy() if n else np.ones(8, np.float32)
    mask = rng.random(n) < 0.7
    rows, cosines = matrix.nearest(query, k, mask)
    every = np.einsum("ij,j->i", vectors, query)
    want = sorted(np.flatnonzero(mask).tolist(), key=lambda r: (-every[r], r))[:k]
    assert rows.tolist() == want
    assert cosines.tolist() == every[want].tolist()
    assert matrix.similarity(query, rows).tolist() == every[want].tolist()


OPS = st.sampled_from(["add", "edit", "retag", "delete", "restore", "purge", "fill", "undo"])


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@settings(max_examples=share(4), deadline=None)
@example(ops=[("edit", 3, False), ("fill", 0, True)])  # a vector replaced between two loads
@example(ops=[("delete", 3, True), ("restore", 3, True), ("undo", 0, True)])
@given(ops=st.lists(st.tuples(OPS, st.integers(0, 10_000), st.booleans()), min_size=1, max_size=12))
def test_a_load_from_the_previous_matrix_is_a_load_of_every_vector(
    tmp_path_factory: pytest.TempPathFactory, ops: list[tuple[str, int, bool]]
) -> None:
    """After changes of a few memories (and fills), ``load(…, previous)`` gives the vectors a
    read of every vector gives, byte for byte (its rows in use, by seq), the same nearest
    neighbours, and leaves the previous matrix as it was, without reading every vector."""
    from unittest import mock

    db = Database(tmp_path_factory.mktemp("inc") / "m.db")
    store = MemoryStore(db)
    emb = FakeEmbedder(dim=8)
    try:
        ids = [store.add(f"memory {i} about hvigor and hdc").id for i in range(40)]
        _fill(store, emb)
        matrix = cache.load(db, emb.model_id)
        for step, (op, pick, then_load) in enumerate(ops):
            mid = ids[pick % len(ids)]
            deleted = store.get(mid).deleted_at is not None
            if op == "add":
                ids.append(store.add(f"new memory {step}").id)
            elif op == "edit" and not deleted:
                store.edit(mid, content=f"edited {step} {pick}")
            elif op == "retag" and not deleted:
                store.edit(mid, tags=[f"t{step}"])
            elif op == "delete" and not deleted:
                store.delete(mid)
            elif op == "restore" and deleted:
                store.restore(mid)
            elif op == "purge":
                with db.write() as s:
                    s.connection().exec_driver_sql("DELETE FROM memories WHERE id = ?", (mid,))
                ids.remove(mid)
            elif op == "fill":
                _fill(store, emb)
            elif op == "undo":
                store.undo_last()
            if not then_load and step < len(ops) - 1:
                continue
            before = matrix.vectors.tobytes()
            with mock.patch.object(cache, "_load_all", wraps=cache._load_all) as whole:
                got = cache.load(db, emb.model_id, matrix)
            want = cache.load(db, emb.model_id)
            in_use = np.flatnonzero(got.seqs >= 0)
            by_seq = in_use[np.argsort(got.seqs[in_use])]
            assert got.seqs[by_seq].tolist() == want.seqs.tolist(), (step, op)
            assert got.vectors[by_seq].tobytes() == want.vectors.tobytes(), (step, op)
            assert got.event == want.event and not got.vectors.flags.writeable
            query = emb.embed_query("hvigor")
            for k in (1, 5, 50):  # the same neighbours, in the same order
                near = got.nearest(query, k, got.seqs >= 0)[0]
                assert (
                    got.seqs[near].tolist()
                    == want.seqs[want.nearest(query, k, np.ones(len(want), bool))[0]].tolist()
                )
            assert matrix.vectors.tobytes() == before  # a row a matrix shows never changes
            # every vector is read again only when the rows not in use pass a quarter of the
            # live ones: each change so far left at most one such row
            assert not whole.called or not matrix.live or 4 * (step + 1) > len(want)
            matrix = got
    finally:
        store.close()
        db.close()
