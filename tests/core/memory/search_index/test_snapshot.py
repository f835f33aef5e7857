"""The numpy side of the stored index: a large snapshot taken as read (snapshot.from_lean)."""

from __future__ import annotations

import pytest
from hmdesk.core.memory.search_index.schema import SnapshotError
from hmdesk.core.memory.search_index.snapshot import Vocab, from_lean
from hypothesis import given
from hypothesis import strategies as st

WORDS = st.lists(
    st.text(alphabet=st.characters(blacklist_characters="\x00", blacklist_categories=["Cs"])),
    max_size=12,
)


@given(WORDS)
def test_vocab_reads_each_word_as_the_list_it_was_written_from(words: list[str]) -> None:
    data = "\x00".join(words).encode("utf-8", "surrogatepass")
    vocab = Vocab(data, len(words))
    assert len(vocab) == len(words)
    assert [vocab[i] for i in range(len(words))] == words  # one word at a time
    assert [vocab[-i] for i in range(1, len(words) + 1)] == [
        words[-i] for i in range(1, len(words) + 1)
    ]
    assert vocab[1:3] == words[1:3]
    assert list(vocab) == words and list(enumerate(vocab)) == list(enumerate(words))
    with pytest.raises(IndexError):
        vocab[len(words)]


@pytest.mark.parametrize(("data", "count"), [(b"a", 0), (b"a\x00b", 1), (b"a", 2), (b"", 2)])
def test_vocab_of_the_wrong_count_is_damage(data: bytes, count: int) -> None:
    with pytest.raises(SnapshotError):
        Vocab(data, count)


def test_from_lean_keeps_the_stored_integers_and_widens_nothing() -> None:
    from array import array

    import numpy as np

    head = {"size": 2, "vocab": {"count": 2}}
    parts = {
        "seq": array("i", [3, 7]),
        "conf": array("d", [0.5, 0.9]),
        "ts_ms": array("d", [1.0, 2.0]),
        "ts_ok": array("B", [1, 0]),
        "superseded": array("B", [0, 1]),
        "layer": array("i", [0, 0]),
        "env": array("i", [0, 1]),
        "tag_ptr": array("i", [0]),
        "tag_docs": array("i"),
        "local_pos": array("i"),
        "chunk_ptr": array("i", [0, 1, 2]),
        "chunk_docs": array("i", [0, 1]),
        "gram_keys": array("Q"),
        "gram_starts": array("i", [0]),
        "gram_chunks": array("i"),
        "by_conf": array("i", [1, 0]),
        "layer_names": ["semantic"],
        "env_names": ["a", "b"],
        "tag_names": [],
        "local_ts": [],
        "vocab": "hvigor\x00构建".encode(),
    }
    out = from_lean(parts, head)
    assert out["seq"].dtype == np.int32 and out["seq"].tolist() == [3, 7]
    assert out["ts_ok"].dtype == bool and out["superseded"].tolist() == [False, True]
    assert out["conf"].dtype == np.float64
    assert isinstance(out["vocab"], Vocab) and list(out["vocab"]) == ["hvigor", "构建"]
