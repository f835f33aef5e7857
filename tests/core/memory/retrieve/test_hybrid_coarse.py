"""The large-store path's pieces: Hamming distances of the sign bits, and the shortlist."""

from __future__ import annotations

import numpy as np
from hmdesk.core.memory.retrieve.hybrid import Coarse, shortlist


def _vectors(n: int, dim: int = 384) -> np.ndarray:  # type: ignore[type-arg]
    v = np.random.default_rng(7).standard_normal((n, dim)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def test_hamming_counts_the_differing_sign_bits_of_the_centred_vectors() -> None:
    v = _vectors(500, 100)  # not a multiple of 64 bits: padded
    coarse = Coarse.of(v)
    q = v[3]
    want = ((v - coarse.center > 0) != (q - coarse.center > 0)).sum(axis=1)
    assert coarse.words.shape == (2, 500)
    assert np.array_equal(coarse.hamming(q), want)
    assert coarse.hamming(q)[3] == 0


def test_shortlist_keeps_every_row_nearer_than_the_cut_off() -> None:
    v = _vectors(3000)
    q = v[10]
    near = q + 0.3 * _vectors(20)[:, :384]  # paraphrases: close to the query
    v[100:120] = near / np.linalg.norm(near, axis=1, keepdims=True)
    coarse = Coarse.of(v)
    ham = coarse.hamming(q)
    rows = shortlist(coarse, q, 100)
    assert 100 <= len(rows) <= 200 and np.all(np.diff(rows) > 0)
    cut = ham[rows].max()
    assert set(np.flatnonzero(ham < cut)) <= set(rows.tolist())
    assert 10 in rows
    # the rows near in cosine are near in sign bits
    assert set(range(100, 120)) <= set(rows.tolist())
    assert len(shortlist(coarse, q, 10_000)) == 3000
