"""Sign-bit codes of cached vectors: a cheap first pass before exact cosines on a large store.

Each vector minus the mean of all of them is reduced to its sign bits (48 bytes at 384
dimensions instead of 1,536), packed into 64-bit words; the Hamming distance between two codes
estimates the angle between the centred vectors (random-hyperplane hashing: a differing bit per
hyperplane separating them). Centring matters: an e5 model's vectors all lie in a narrow cone
(cosines of 0.7–0.9), where the raw signs would be almost the same for every memory.

:class:`SignCodes` keeps one contiguous ``uint64`` array per word (a popcount per row and word
with :func:`numpy.bitwise_count`, no ``(n, words)`` temporary); it is built once per matrix
(when the cached vectors are read) and never per query. :meth:`SignCodes.ends` gives, from one
pass over the codes, the rows nearest the query (the semantic recall's shortlist) and the
farthest (where the smallest cosine, the floor of the min-max normalisation, lies).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt


def pack_signs(values: npt.NDArray[np.float32]) -> npt.NDArray[np.uint64]:
    """Rows' sign bits (``> 0``), packed little-endian into 64-bit words (padded with 0)."""
    bits = np.packbits(np.atleast_2d(values) > 0, axis=1)
    pad = (-bits.shape[1]) % 8
    if pad:
        bits = np.pad(bits, ((0, 0), (0, pad)))
    return np.ascontiguousarray(bits).view("<u8")


@dataclass(frozen=True)
class SignCodes:
    """Sign bits of every cached vector minus their mean: ``words[w][row]`` is word ``w`` of
    ``row``'s code."""

    center: npt.NDArray[np.float32]
    words: npt.NDArray[np.uint64]  # (bits / 64, n), each word's row contiguous

    @classmethod
    def of(cls, vectors: npt.NDArray[np.float32]) -> SignCodes:
        center = vectors.mean(axis=0, dtype=np.float64).astype(np.float32)
        step = 8192  # centred in blocks: no (n, dim) float temporary
        parts = [pack_signs(vectors[s : s + step] - center) for s in range(0, len(vectors), step)]
        rows = np.concatenate(parts) if parts else np.zeros((0, 1), dtype=np.uint64)
        return cls(center, np.ascontiguousarray(rows.T))

    def __len__(self) -> int:
        return int(self.words.shape[1])

    @property
    def bits(self) -> int:
        return 64 * int(self.words.shape[0])

    def hamming(
        self, vector: npt.NDArray[np.float32], words: range | None = None
    ) -> npt.NDArray[np.uint16]:
        """Every row's Hamming distance to ``vector``'s code (over ``words``: all by default)."""
        return self._distance(pack_signs(vector - self.center)[0], words)

    def _distance(
        self,
        code: npt.NDArray[np.uint64],
        words: range | None = None,
        dtype: type[np.unsignedinteger[Any]] = np.uint16,
    ) -> npt.NDArray[Any]:
        """The distances over ``words`` (``dtype`` must hold 64 per word)."""
        n = len(self)
        ham = np.zeros(n, dtype=dtype)
        x = np.empty(n, dtype=np.uint64)
        count = np.empty(n, dtype=np.uint8)
        for w in range(len(code)) if words is None else words:  # in place: no temporaries
            np.bitwise_xor(self.words[w], code[w], out=x)
            np.bitwise_count(x, out=count)
            np.add(ham, count, out=ham)
        return ham

    def ends(
        self, vector: npt.NDArray[np.float32], near: int, far: int
    ) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
        """(at least ``near`` rows nearest ``vector`` by Hamming distance, at least ``far``
        farthest), each sorted; exactly that many (of rows tied at a cut-off, the first ones).

        Two passes: the first :data:`FIRST_WORDS` words of every row (a third of the work at
        384 bits) keep the :data:`WIDER` × ``near`` nearest and × ``far`` farthest; the full
        distance then orders only those. The cut-offs come from histograms of the distances
        (small integers): no partition, no sort."""
        code = pack_signs(vector - self.center)[0]
        n, words = len(self), len(code)
        wide = WIDER * (near + far)
        if words > FIRST_WORDS and 4 * wide <= n:
            first = self._distance(code, range(FIRST_WORDS), np.uint8)
            rows = _wide(first, WIDER * near, WIDER * far, 64 * FIRST_WORDS, n // 64)
            if near + far <= len(rows) <= 4 * wide:  # else few or many ties: one full pass
                ham = first[rows].astype(np.uint16)
                for w in range(FIRST_WORDS, words):
                    ham += np.bitwise_count(self.words[w][rows] ^ code[w])
                at_near, at_far = _ends(ham, near, far, self.bits)
                return rows[at_near], rows[at_far]
        return _ends(self._distance(code), near, far, self.bits)


FIRST_WORDS = 2
"""Words of the code compared for every row in :meth:`SignCodes.ends`' first pass (128 bits)."""
WIDER = 4
"""How many times more rows the first pass keeps than asked for."""


def _wide(
    first: npt.NDArray[np.uint8], near: int, far: int, bits: int, step: int
) -> npt.NDArray[np.int64]:
    """The rows about ``near`` nearest and ``far`` farthest by ``first``, the cut-offs estimated
    from every ``step``-th row's histogram (the caller checks how many it got)."""
    counts = np.bincount(first[::step], minlength=bits + 1) * step
    near_cut = int(np.searchsorted(np.cumsum(counts), near))
    keep = first <= near_cut
    if far > 0:
        far_cut = bits - int(np.searchsorted(np.cumsum(counts[::-1]), far))
        keep |= first >= far_cut
    return np.flatnonzero(keep)


def _ends(
    ham: npt.NDArray[np.uint16], near: int, far: int, bits: int
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """The positions of the ``near`` smallest and ``far`` largest distances (with ties)."""
    counts = np.bincount(ham, minlength=bits + 1)
    return (
        _cut(ham, np.cumsum(counts), near, nearest=True),
        _cut(ham, np.cumsum(counts[::-1]), far, nearest=False),
    )


def _cut(
    ham: npt.NDArray[np.uint16], cumulative: npt.NDArray[np.int64], size: int, nearest: bool
) -> npt.NDArray[np.int64]:
    if size <= 0:
        return np.zeros(0, dtype=np.int64)
    at = int(np.searchsorted(cumulative, min(size, len(ham))))
    cut = at if nearest else len(cumulative) - 1 - at
    inside = (ham <= cut) if nearest else (ham >= cut)
    rows = np.flatnonzero(inside)
    if len(rows) > size:  # ties at the cut-off: the strictly nearer ones, then the first ties
        strict = ham[rows] < cut if nearest else ham[rows] > cut
        strict[np.flatnonzero(~strict)[: size - int(strict.sum())]] = True
        rows = rows[strict]
    return rows
