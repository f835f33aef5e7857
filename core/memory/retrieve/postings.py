"""Term postings of an index: which records contain a term, found through a chunk vocabulary.

A chunk is a maximal run of non-whitespace characters of a record's lowercased haystack. A term
never contains whitespace, so the records containing it are the union of the postings of the
distinct chunks containing it; the chunks are found through a character-bigram index with an
exact substring test. :class:`TermPostings` builds all this once, on first use.
"""

from __future__ import annotations

import re
import threading
from array import array
from collections import OrderedDict
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import numpy as np
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.scoring import haystack
from hmdesk.core.memory.terms import JS_WHITESPACE, form_anchor, form_matcher

if TYPE_CHECKING:
    from numpy.typing import NDArray

_CHUNK = re.compile(f"[^{JS_WHITESPACE}]+")

KEPT_POSITIONS = 1 << 22
"""How many positions (int64) :meth:`TermPostings.docs_of` keeps, over its recent forms."""


def empty_i64() -> NDArray[np.int64]:
    return np.zeros(0, dtype=np.int64)


def sorted_unique(a: NDArray[Any]) -> NDArray[Any]:
    """The distinct values of ``a`` (an array the caller owns: it is sorted in place), ascending.
    Sort + adjacent dedupe: much faster than ``np.unique``'s hash path."""
    a.sort()
    return a[np.concatenate(([True], a[1:] != a[:-1]))] if len(a) > 1 else a


def _bigram_postings(
    strings: list[str],
) -> tuple[NDArray[np.uint64], NDArray[np.int64], NDArray[np.int64]]:
    """Character-bigram postings over ``strings``: sorted unique keys, CSR starts, string ids."""
    n = len(strings)
    lengths = np.array([len(w) for w in strings], dtype=np.int64)
    bits = max(1, int(n).bit_length())
    if bits > 22:
        raise ValueError("an index segment holds at most 4,194,303 distinct chunks")
    if int(lengths.sum()) < 2:
        return np.zeros(0, dtype=np.uint64), np.zeros(1, dtype=np.int64), empty_i64()
    cps = np.frombuffer("".join(strings).encode("utf-32-le"), dtype=np.uint32).astype(np.uint64)
    owner = np.repeat(np.arange(n, dtype=np.uint64), lengths)
    same = owner[:-1] == owner[1:]
    keys = (cps[:-1] << np.uint64(21)) | cps[1:]
    combined = (keys[same] << np.uint64(bits)) | owner[:-1][same]
    combined = sorted_unique(combined)
    kk = combined >> np.uint64(bits)
    ids = (combined & np.uint64((1 << bits) - 1)).astype(np.int64)
    if not len(kk):
        return np.zeros(0, dtype=np.uint64), np.zeros(1, dtype=np.int64), empty_i64()
    first = np.concatenate(([True], kk[1:] != kk[:-1]))
    starts = np.concatenate((np.flatnonzero(first), [len(kk)])).astype(np.int64)
    return kk[first], starts, ids


class _Vocab(dict[str, int]):
    """Chunk → id, a new chunk getting the next id on first lookup (C-speed hits)."""

    def __missing__(self, key: str) -> int:
        value = self[key] = len(self)
        return value


class TermPostings:
    """The chunk postings and bigram index of a :class:`MemoryIndex`, built once on first use.

    Thread-safe; shared by the :meth:`MemoryIndex.with_dead` copies of an index, so they build
    (or reuse) the same postings. :meth:`from_parts` makes ready postings from the arrays of
    :meth:`parts` (the persistent search index stores them), with no haystacks.
    """

    def __init__(self, records: list[MemoryRecord]) -> None:
        self._records: list[MemoryRecord] | None = records
        self._lock = threading.Lock()
        self.ready = False
        # form → its records (see docs_of): a query's terms recur while it is typed and edited
        self._kept: OrderedDict[tuple[str, type, bool], NDArray[np.int64]] = OrderedDict()
        self._kept_size = 0
        self._kept_lock = threading.Lock()

    @classmethod
    def from_hays(
        cls, hays: Iterable[str], pause: Callable[[], None] | None = None
    ) -> TermPostings:
        """Postings built from haystacks read once, in order (they are not kept)."""
        self = cls([])
        self._records = None
        self._build_postings(hays, pause)
        self.ready = True
        return self

    @classmethod
    def from_parts(cls, parts: dict[str, Any]) -> TermPostings:
        self = cls([])
        self._records = None
        self.vocab = parts["vocab"]
        self._chunk_ptr = parts["chunk_ptr"]
        self._chunk_docs = parts["chunk_docs"]
        self._keys = parts["gram_keys"]
        self._starts = parts["gram_starts"]
        self._gram_chunks = parts["gram_chunks"]
        self.ready = True
        return self

    def parts(self) -> dict[str, Any]:
        """The arrays (and vocabulary) :meth:`from_parts` takes back."""
        post = self.built()
        return {
            "vocab": post.vocab,
            "chunk_ptr": post._chunk_ptr,
            "chunk_docs": post._chunk_docs,
            "gram_keys": post._keys,
            "gram_starts": post._starts,
            "gram_chunks": post._gram_chunks,
        }

    def built(self, pause: Callable[[], None] | None = None) -> TermPostings:
        """The built postings (building them first, once). ``pause`` is called every few dozen
        records during the build; it may block, to leave the GIL to a busier thread."""
        if not self.ready:
            with self._lock:
                if not self.ready:
                    records = self._records
                    assert records is not None
                    self.hay: list[str] = [haystack(r) for r in records]
                    self._build_postings(self.hay, pause)
                    self._records = None
                    self.ready = True
        return self

    def _build_postings(self, hays: Iterable[str], pause: Callable[[], None] | None = None) -> None:
        """Chunk postings plus a character-bigram index over the distinct chunks.

        A chunk is a maximal run of non-whitespace (JavaScript ``\\s``) characters of a haystack.
        A query term never contains whitespace, so every occurrence of a term lies inside one
        chunk: the records containing a term are exactly the union of the postings of the
        distinct chunks containing it. Checking a term against the (much smaller) vocabulary of
        distinct chunks instead of against every record is what makes a query cheap.
        """
        vocab = _Vocab()
        # machine-int arrays, not lists: no multi-million-element list to convert at the end
        # (that conversion holds the GIL for 100+ ms, stalling the GUI thread during a warm-up)
        chunk_ids = array("q")
        counts = array("q")
        findall = _CHUNK.findall
        n = 0
        for i, h in enumerate(hays):
            if pause is not None and not i & 63:
                pause()
            ids = {vocab[c] for c in findall(h)}
            chunk_ids.extend(ids)
            counts.append(len(ids))
            n += 1
        self.vocab: list[str] = list(vocab)
        cids = np.frombuffer(chunk_ids, dtype=np.int64)
        docs = np.repeat(np.arange(n, dtype=np.int64), np.frombuffer(counts, dtype=np.int64))
        by_chunk = np.argsort(cids, kind="stable")  # stable: docs stay ascending per chunk
        self._chunk_docs: NDArray[np.int64] = docs[by_chunk]
        self._chunk_ptr: NDArray[np.int64] = np.concatenate(
            ([0], np.cumsum(np.bincount(cids, minlength=len(self.vocab))))
        ).astype(np.int64)
        self._keys, self._starts, self._gram_chunks = _bigram_postings(self.vocab)

    def gathered(self, chunks: NDArray[np.int64]) -> NDArray[np.int64]:
        """The postings of these chunks one after the other (a record in several repeats)."""
        ptr, docs = self._chunk_ptr, self._chunk_docs
        if len(chunks) < 2:
            return empty_i64() if not len(chunks) else docs[ptr[chunks[0]] : ptr[chunks[0] + 1]]
        if len(chunks) <= 32:
            return np.concatenate([docs[ptr[c] : ptr[c + 1]] for c in chunks.tolist()])
        starts = ptr[chunks]
        lens = ptr[chunks + 1] - starts
        offsets = np.repeat(starts - (np.cumsum(lens) - lens), lens)
        return docs[offsets + np.arange(int(lens.sum()), dtype=np.int64)]

    def docs_of(self, form: str, size: int, unique: bool) -> NDArray[np.int64]:
        """The positions of the records (of ``size``) holding ``form`` (as
        :meth:`chunks_containing`): each chunk's postings one after the other, a record maybe
        repeated, or (``unique``) sorted and once each. Read-only; kept for the recent forms
        (:data:`KEPT_POSITIONS`), as the postings never change."""
        key = (form, type(form), unique)  # a SubstringTerm matches unlike the word it equals
        with self._kept_lock:
            got = self._kept.get(key)
            if got is not None:
                self._kept.move_to_end(key)
                return got
        chunks = self.chunks_containing(form)
        got = self.gathered(chunks)
        if unique and len(chunks) > 1:
            mark = np.zeros(size, dtype=bool)
            mark[got] = True
            got = np.flatnonzero(mark)
        got.flags.writeable = False
        with self._kept_lock:
            if key not in self._kept:
                self._kept[key] = got
                self._kept_size += len(got) + 64
                while self._kept_size > KEPT_POSITIONS and len(self._kept) > 1:
                    self._kept_size -= len(self._kept.popitem(last=False)[1]) + 64
        return got

    def forget(self) -> None:
        """Drop the kept forms of :meth:`docs_of` (benchmarks: every term looked up afresh)."""
        with self._kept_lock:
            self._kept.clear()
            self._kept_size = 0

    def _posting(self, a: str, b: str) -> NDArray[np.int64]:
        key = np.uint64((ord(a) << 21) | ord(b))
        i = int(np.searchsorted(self._keys, key))
        if i < len(self._keys) and self._keys[i] == key:
            return self._gram_chunks[self._starts[i] : self._starts[i + 1]]
        return empty_i64()

    def chunks_containing(self, term: str) -> NDArray[np.int64]:
        """Ids of the distinct chunks that contain ``term`` (exact; a plain English word at word
        boundaries, see :func:`~hmdesk.core.memory.terms.form_matcher`: a chunk's edges are
        whitespace, so a boundary inside the chunk is one in the haystack)."""
        pattern = form_matcher(term)
        cand = self._chunks_with(form_anchor(term))
        if pattern is None or not len(cand):
            return cand
        vocab, search = self.vocab, pattern.search
        return np.array([c for c in cand.tolist() if search(vocab[c])], dtype=np.int64)

    def _chunks_with(self, term: str) -> NDArray[np.int64]:
        """Ids of the distinct chunks holding ``term`` as a substring."""
        vocab = self.vocab
        if len(term) == 1:
            return np.array([c for c, w in enumerate(vocab) if term in w], dtype=np.int64)
        grams = {term[i : i + 2] for i in range(len(term) - 1)}
        postings = sorted((self._posting(g[0], g[1]) for g in grams), key=len)
        cand = postings[0]
        for p in postings[1:]:
            if not len(cand):
                break
            # sorted-array intersection by binary search: O(|cand| log |p|)
            at = np.searchsorted(p, cand)
            at[at == len(p)] = 0
            cand = cand[p[at] == cand] if len(p) else p
        if len(term) == 2 or not len(cand):
            return cand
        return np.array([c for c in cand.tolist() if term in vocab[c]], dtype=np.int64)
