"""Candidate pairs of similar word sets at scale: MinHash with banding, in numpy.

Each set gets ``hashes`` minimum hash values (``(a·x + b) mod p`` over its words' stable ids);
sets that agree on all ``rows`` values of at least one band become candidates, and a candidate is
kept when the share of equal values (the MinHash estimate of Jaccard similarity) reaches
``floor``. Deterministic: fixed coefficients, word ids from a stable digest (not ``hash()``).
"""

from __future__ import annotations

import zlib
from collections.abc import Callable, Sequence
from typing import Any

from hmdesk.core.memory.hmharness.rules import Cancelled

_PRIME = (1 << 31) - 1
_CHUNK = 200_000  # candidate pairs compared per numpy step (memory: chunk × hashes bytes)


def _check(cancel: Callable[[], bool] | None) -> None:
    if cancel is not None and cancel():
        raise Cancelled("cancelled")


def signatures(
    sets: Sequence[frozenset[str]], hashes: int, cancel: Callable[[], bool] | None
) -> Any:
    """``(n × hashes)`` int64 minimum hashes (an empty set gets the prime in every column)."""
    import numpy as np

    ids: dict[str, int] = {}
    flat: list[int] = []
    sizes = np.fromiter((len(s) for s in sets), dtype=np.int64, count=len(sets))
    for s in sets:
        for w in s:
            v = ids.get(w)
            if v is None:
                v = ids[w] = len(ids)
            flat.append(v)
    n = len(sets)
    sig = np.full((n, hashes), _PRIME, dtype=np.int32)
    if not flat:
        return sig
    rng = np.random.default_rng(20261201)
    a = rng.integers(1, _PRIME, size=hashes, dtype=np.int64)
    b = rng.integers(0, _PRIME, size=hashes, dtype=np.int64)
    words = np.fromiter(
        (zlib.crc32(w.encode("utf-8", "surrogatepass")) for w in ids), dtype=np.int64
    )
    table = ((words[:, None] % _PRIME * a[None, :] + b[None, :]) % _PRIME).astype(np.int32)
    idx = np.asarray(flat, dtype=np.int64)
    rows = np.flatnonzero(sizes)
    starts = np.r_[0, np.cumsum(sizes[rows])[:-1]]
    for h in range(0, hashes, 20):
        _check(cancel)
        sig[rows, h : h + 20] = np.minimum.reduceat(table[idx, h : h + 20], starts, axis=0)
    return sig


def candidate_pairs(
    sets: Sequence[frozenset[str]],
    hashes: int,
    rows: int,
    floor: float,
    max_run: int,
    cancel: Callable[[], bool] | None = None,
    tick: Callable[[float], None] | None = None,
) -> set[tuple[int, int]]:
    """Index pairs ``(i, j)``, ``i < j``, of sets whose MinHash estimate reaches ``floor``.
    ``tick(share done)`` is called now and then (it may raise to stop the work)."""
    if tick is None:

        def tick(_share: float) -> None:
            _check(cancel)

    import numpy as np

    n = len(sets)
    if n < 2:
        return set()
    sig = signatures(sets, hashes, cancel)
    tick(0.3)
    empty = np.asarray([not s for s in sets])
    found: list[Any] = []
    bands = hashes // rows
    for band in range(bands):
        tick(0.3 + 0.4 * band / bands)
        cols = sig[:, band * rows : (band + 1) * rows]
        key = np.zeros(n, dtype=np.uint64)
        for c in range(rows):
            key = key * np.uint64(1_000_003) + cols[:, c].astype(np.uint64)
        order = np.argsort(key, kind="stable")
        k = key[order]
        bounds = np.flatnonzero(np.r_[True, k[1:] != k[:-1], True])
        lengths = np.diff(bounds)
        for length in np.unique(lengths):
            if length < 2:
                continue
            starts = bounds[:-1][lengths == length]
            if length <= max_run:
                ii, jj = np.triu_indices(int(length), 1)
            else:  # a huge bucket: link neighbours only (enough to join them in one group)
                ii = np.arange(int(length) - 1)
                jj = ii + 1
            left = order[starts[:, None] + ii[None, :]].ravel()
            right = order[starts[:, None] + jj[None, :]].ravel()
            found.append(np.minimum(left, right) * n + np.maximum(left, right))
    if not found:
        return set()
    code = np.sort(np.concatenate(found))
    code = code[np.r_[True, code[1:] != code[:-1]]]
    pairs = np.stack([code // n, code % n], axis=1)
    pairs = pairs[~(empty[pairs[:, 0]] | empty[pairs[:, 1]])]
    out: set[tuple[int, int]] = set()
    for s in range(0, len(pairs), _CHUNK):
        tick(0.7 + 0.3 * s / len(pairs))
        chunk = pairs[s : s + _CHUNK]
        est = (sig[chunk[:, 0]] == sig[chunk[:, 1]]).mean(axis=1)
        keep = chunk[est >= floor]
        out.update(zip(keep[:, 0].tolist(), keep[:, 1].tolist(), strict=True))
    return out
