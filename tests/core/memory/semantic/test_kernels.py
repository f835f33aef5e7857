"""The compiled kernels (numba): the probe chooses the lists and rows numpy chooses, the
products are the matrix's, and without numba (or when compiling fails, or turned off) numpy
does the work, saying why."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import numpy as np
import numpy.typing as npt
import pytest
from hmdesk.core.memory.semantic import clusters, kernels
from hmdesk.core.memory.semantic.cache import EmbeddingMatrix
from hmdesk.core.memory.semantic.clusters import ClusterLists
from hypothesis import given
from hypothesis import strategies as st


@pytest.fixture(scope="module")
def compiled() -> kernels.Kernels:
    made = kernels.kernels()
    if made is None:
        pytest.skip(f"the compiled kernels are unavailable here: {kernels.failure}")
    return made


@pytest.fixture
def fresh() -> Iterator[None]:
    """The kernels loaded again by the test, and again after it."""
    kernels.reset()
    yield
    kernels.reset()


def _grid(rng: np.random.Generator, n: int, dim: int) -> npt.NDArray[np.float32]:
    """Vectors of quarters in [-1, 1]: every dot product is exact in float32 whatever the
    order of its sum, so both implementations see the same values, ties included."""
    return (rng.integers(-4, 5, size=(n, dim)) / 4).astype(np.float32)


def _matrix(v: npt.NDArray[np.float32]) -> EmbeddingMatrix:
    seqs = np.arange(len(v), dtype=np.int64)
    return EmbeddingMatrix(
        "m", seqs, [str(q) for q in seqs.tolist()], v, {q: q for q in seqs.tolist()}
    )


@given(
    seed=st.integers(0, 2**16),
    n=st.integers(1, 160),
    added=st.integers(0, 12),
    rows=st.integers(-1, 200),
    far=st.integers(-1, 200),
)
def test_compiled_probe_chooses_numpys_rows(
    compiled: kernels.Kernels, seed: int, n: int, added: int, rows: int, far: int
) -> None:
    rng = np.random.default_rng(seed)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(clusters, "ROWS_PER_LIST", 6)
        mp.setattr(clusters, "MIN_SPARE", 16)
        matrix, lists = ClusterLists.of(_matrix(_grid(rng, n, 8)))
        lists = lists.__class__(lists.centroids.round(0), lists.starts, storage=lists.storage)
        if added:  # rows joining the lists since they were built (tail rows)
            new = _matrix(_grid(rng, added, 8))
            new = new.__class__("m", new.seqs + 1000, new.ids, new.vectors, {})
            grown = lists.updated(matrix, [], new)
            if grown is not None:  # else: a list grew too much (built again, in use)
                matrix, lists = grown
    query = _grid(rng, 1, 8)[0]
    got = lists.probe(matrix.vectors, query, rows, far)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(kernels, "_loaded", [None])  # numpy
        want = lists.probe(matrix.vectors, query, rows, far)
    assert got[0].tolist() == want[0].tolist()
    assert got[2] == want[2]
    assert got[1].tolist() == want[1].tolist()  # exact: quarters


@given(seed=st.integers(0, 2**16), n=st.integers(0, 300), dim=st.integers(1, 40))
def test_products_are_the_matrix_products(
    compiled: kernels.Kernels, seed: int, n: int, dim: int
) -> None:
    rng = np.random.default_rng(seed)
    m = rng.standard_normal((n, dim)).astype(np.float32)
    v = rng.standard_normal(dim).astype(np.float32)
    rows = rng.integers(0, max(n, 1), size=min(n, 50)).astype(np.int64)
    every, some = kernels.products(m, None, v, compiled), kernels.products(m, rows, v, compiled)
    np.testing.assert_allclose(every, m @ v, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(some, m[rows] @ v, rtol=1e-5, atol=1e-5)
    # one row's value does not depend on which rows are computed with it
    assert some.tolist() == every[rows].tolist()


def test_turned_off_by_the_environment(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HMDESK_NO_JIT", "1")
    assert kernels.kernels() is None
    assert kernels.failure == "turned off by HMDESK_NO_JIT"
    m = np.eye(3, dtype=np.float32)
    got = kernels.products(m, np.array([2, 0]), np.array([1, 2, 3], np.float32), None)
    assert got.tolist() == [3.0, 1.0]


def test_without_numba_numpy_computes_and_says_why(
    fresh: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("HMDESK_NO_JIT", raising=False)
    monkeypatch.setitem(sys.modules, "hmdesk.core.memory.semantic._jit", None)  # import fails
    assert kernels.kernels() is None
    assert kernels.failure is not None and "ModuleNotFoundError" in kernels.failure
    rng = np.random.default_rng(1)
    with monkeypatch.context() as mp:
        mp.setattr(clusters, "ROWS_PER_LIST", 5)
        matrix, lists = ClusterLists.of(_matrix(_grid(rng, 40, 4)))
    rows, _, near = lists.probe(matrix.vectors, _grid(rng, 1, 4)[0], 10, 5)
    assert 10 <= near < len(rows)


def test_a_compile_error_is_caught_once(fresh: None, monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def broken(made: kernels.Kernels) -> None:
        calls.append(1)
        raise RuntimeError("cannot cache function: no locator available")

    monkeypatch.delenv("HMDESK_NO_JIT", raising=False)
    monkeypatch.setattr(kernels, "_warm", broken)
    pytest.importorskip("numba")
    assert kernels.kernels() is None and kernels.kernels() is None
    assert calls == [1]  # tried once per process
    assert kernels.failure == "RuntimeError: cannot cache function: no locator available"
