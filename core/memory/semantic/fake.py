"""A deterministic embedder for tests: character n-grams hashed into a vector.

Texts that share n-grams share coordinates, so similar texts are closer than unrelated ones;
the same text gives the same vector in every process (blake2b, not Python's salted ``hash``).
Words are lower-cased and read as 3-grams with their edges marked; a run of CJK characters is
read as its characters and its bigrams (how Chinese text shares meaning with no spaces). No
model, no dependency beyond numpy, microseconds per text.
"""

from __future__ import annotations

import hashlib
import re

import numpy as np
import numpy.typing as npt
from hmdesk.core.memory.semantic.embedder import Embedder, Kind

_WORD = re.compile(r"[\u4e00-\u9fff\u3400-\u4dbf]+|[^\W_]+|_", re.UNICODE)
_CJK = re.compile(r"[\u4e00-\u9fff\u3400-\u4dbf]")


def _features(text: str) -> list[str]:
    out: list[str] = []
    for word in _WORD.findall(text.lower()):
        if _CJK.match(word):
            out.extend(word)
            out.extend(word[i : i + 2] for i in range(len(word) - 1))
            continue
        marked = f"<{word}>"
        out.append(marked)
        out.extend(marked[i : i + 3] for i in range(len(marked) - 2))
    return out


class FakeEmbedder(Embedder):
    """Hashing n-gram vectors of ``dim`` dimensions. ``kind`` is ignored; ``calls`` counts the
    batches embedded (tests check batching and resumption with it)."""

    def __init__(self, dim: int = 256, batch_size: int = 8) -> None:
        if dim < 8:
            raise ValueError("dim must be at least 8")
        self.dim = dim
        self.batch_size = batch_size
        self.model_id = f"fake-ngram-{dim}"
        self.calls = 0

    def _embed_batch(self, texts: list[str], kind: Kind) -> npt.NDArray[np.float32]:
        self.calls += 1
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            for feature in _features(text):
                digest = hashlib.blake2b(feature.encode("utf-8"), digest_size=8).digest()
                value = int.from_bytes(digest, "little")
                sign = 1.0 if value & 1 else -1.0
                out[row, (value >> 1) % self.dim] += sign
        return out
