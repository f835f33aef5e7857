"""Sign-bit codes: Hamming distances of the centred vectors' signs, and the nearest/farthest rows
(two passes on a large matrix, one on a small one) keeping every row the full distance ranks
first."""

from __future__ import annotations

import numpy as np
import numpy.typing as npt
import pytest
from hmdesk.core.memory.semantic import coarse
from hmdesk.core.memory.semantic.coarse import SignCodes, pack_signs


def _vectors(n: int, dim: int = 384, seed: int = 7) -> npt.NDArray[np.float32]:
    v = np.random.default_rng(seed).standard_normal((n, dim)).astype(np.float32)
    return v / np.linalg.norm(v, axis=1, keepdims=True)


def _full_distance(
    center: npt.NDArray[np.float32], v: npt.NDArray[np.float32], q: npt.NDArray[np.float32]
) -> npt.NDArray[np.int64]:
    return ((v - center > 0) != (q - center > 0)).sum(axis=1)


def test_hamming_counts_the_differing_sign_bits_of_the_centred_vectors() -> None:
    v = _vectors(500, 100)  # not a multiple of 64 bits: padded
    codes = SignCodes.of(v)
    q = v[3]
    assert codes.words.shape == (2, 500) and codes.words.flags.c_contiguous
    assert len(codes) == 500 and codes.bits == 128
    assert np.array_equal(codes.hamming(q), _full_distance(codes.center, v, q))
    assert codes.hamming(q)[3] == 0
    assert np.array_equal(
        codes.hamming(q, range(1)), _full_distance(codes.center[:64], v[:, :64], q[:64])
    )


def test_codes_are_built_in_blocks_like_at_once() -> None:
    v = _vectors(20_000, 64)
    codes = SignCodes.of(v)
    center = v.mean(axis=0, dtype=np.float64).astype(np.float32)
    assert np.array_equal(codes.words, np.ascontiguousarray(pack_signs(v - center).T))


@pytest.mark.parametrize("n", [3_000, 60_000])  # one full pass / two passes
def test_ends_keep_the_nearest_and_farthest_by_full_distance(n: int) -> None:
    v = _vectors(n)
    q = v[10].copy()
    near = q + 0.3 * _vectors(20, seed=8)  # paraphrases: close to the query
    v[100:120] = near / np.linalg.norm(near, axis=1, keepdims=True)
    v[200] = -q  # the opposite: the farthest
    codes = SignCodes.of(v)
    ham = codes.hamming(q)
    rows, far = codes.ends(q, 100, 16)
    assert 100 <= len(rows) <= 200 and np.all(np.diff(rows) > 0)
    assert 16 <= len(far) <= 32 and np.all(np.diff(far) > 0)
    if n < 4 * coarse.WIDER * 116:  # one full pass: exactly the nearest and farthest
        assert set(np.flatnonzero(ham < ham[rows].max())) <= set(rows.tolist())
        assert set(np.flatnonzero(ham > ham[far].min())) <= set(far.tolist())
    else:  # two passes: the first one's survivors (most of the nearest by full distance)
        nearest = np.argsort(ham, kind="stable")[:100]
        assert np.isin(nearest, rows).mean() > 0.25
    assert {10, *range(100, 120)} <= set(rows.tolist())
    assert 200 in far


def test_ends_with_many_ties_fall_back_to_one_full_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    v = np.tile(_vectors(1, 128), (50_000, 1))
    v[7] = -v[7]
    codes = SignCodes.of(v)  # every row but one has the same code
    calls: list[range | None] = []
    real = SignCodes._distance

    def spy(self: SignCodes, code: npt.NDArray[np.uint64], words: range | None = None, *a: object):  # type: ignore[no-untyped-def]
        calls.append(words)
        return real(self, code, words, *a)  # type: ignore[arg-type]

    monkeypatch.setattr(SignCodes, "_distance", spy)
    monkeypatch.setattr(coarse, "FIRST_WORDS", 1)
    rows, far = codes.ends(v[0], 100, 10)
    assert calls[-1] is None  # the full pass
    assert 100 <= len(rows) <= 200 and 7 not in rows.tolist()
    assert 7 in far.tolist()


def test_everything_asked_for_on_a_tiny_matrix() -> None:
    v = _vectors(50)
    codes = SignCodes.of(v)
    rows, far = codes.ends(v[0], 1_000, 0)
    assert np.array_equal(rows, np.arange(50)) and len(far) == 0
