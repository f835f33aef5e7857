"""The sliced decode and join of stored index parts give exactly what one call gave."""

from __future__ import annotations

import itertools

from hmdesk.core.memory.search_index.snapshot import join_chunks, split_nul


def test_split_nul_in_slices_is_one_split():
    for n in range(7):
        for pieces in itertools.product([b"a", b"\x00", "é".encode(), "构".encode()], repeat=n):
            data = b"".join(pieces)
            for step in (1, 2, 3, 64):
                assert split_nul(data, step) == data.decode("utf-8").split("\x00")


def test_join_chunks_is_one_join():
    pieces = [b"ab", b"cde", b"", b"f"]
    assert join_chunks(pieces, 2) == b"".join(pieces)
    assert join_chunks([b"xyz"]) == b"xyz" and join_chunks([]) == b""
