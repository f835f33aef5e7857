"""Compiled kernels for the hybrid profile on a large store (numba, when installed), numpy
otherwise.

A warm hybrid query at 100,000 memories spent ~0.6 ms choosing the probed lists and computing
their rows (a centroid product, a sort, a dozen small arrays, a temporary copy per block) and
~0.6 ms in ~100 small numpy calls of rescoring rounds. :mod:`._jit` does both in compiled calls:
the probe 0.27 ms, the rounds ~0.1 ms (docs/ARCHITECTURE.md, "Hybrid at scale: compiled
kernels"). numba comes with ``hmdesk[semantic]``; without it (or when compiling fails: a frozen
bundle without ``_jit``, an unsupported platform) the same results come from numpy, slower.
``HMDESK_NO_JIT=1`` turns the kernels off. Only stores with cluster lists (from
``hybrid.COARSE_FROM`` vectors) use them: a small store never imports numba.

Within one process every cosine of such a store comes from one of the two, never both: their
roundings differ in the last bit (see :mod:`._jit`).
"""

from __future__ import annotations

import importlib
import importlib.util
import logging
import os
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from hmdesk.core.memory.semantic.embedder import INSTALL_COMMAND

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Kernels:
    """The compiled functions of :mod:`._jit` (same signatures)."""

    dots: Callable[..., npt.NDArray[np.float32]]
    probe_rows: Callable[..., tuple[npt.NDArray[np.int64], int]]
    mark: Callable[..., None]
    rescore: Callable[..., tuple[int, float, float, npt.NDArray[np.int64], npt.NDArray[np.int64]]]


_lock = threading.Lock()
_loaded: list[Kernels | None] = []  # empty: not tried yet
failure: str | None = None
"""Why the kernels are not in use (None: in use, or not tried yet)."""


def kernels() -> Kernels | None:
    """The compiled kernels, compiled (or read from numba's cache) on the first call; ``None``
    without numba, when compiling failed, or with ``HMDESK_NO_JIT`` set. Thread-safe."""
    if _loaded:
        return _loaded[0]
    with _lock:
        if not _loaded:
            _loaded.append(_compile())
        return _loaded[0]


def unavailable_reason() -> str | None:
    """Why a large store's hybrid searches would use numpy, without compiling anything (a
    status line); ``None``: the compiled kernels (unless compiling them fails)."""
    if _off():
        return "turned off by HMDESK_NO_JIT"
    if _loaded:
        return failure if _loaded[0] is None else None
    if importlib.util.find_spec("numba") is None:
        return f"numba is not installed: {INSTALL_COMMAND}"
    return None


def _off() -> bool:
    return os.environ.get("HMDESK_NO_JIT", "").strip() not in ("", "0")


def reset() -> None:
    """Forget the outcome (tests): the next :func:`kernels` tries again."""
    global failure
    with _lock:
        _loaded.clear()
        failure = None


def _compile() -> Kernels | None:
    global failure
    if _off():
        failure = "turned off by HMDESK_NO_JIT"
        return None
    try:
        _jit = importlib.import_module("hmdesk.core.memory.semantic._jit")  # imports numba
        made = Kernels(_jit.dots, _jit.probe_rows, _jit.mark, _jit.rescore)
        _warm(made)
    except Exception as exc:  # noqa: BLE001 — no numba, or it cannot compile here: numpy works
        failure = f"{type(exc).__name__}: {exc}"
        log.info("hybrid kernels not compiled (%s); numpy computes the cosines", failure)
        return None
    return made


def _warm(made: Kernels) -> None:
    """Compile (or read from the cache) the versions the callers use: inputs read-only
    (:func:`frozen`), outputs (``done``, ``cos``, ``ok``) writable."""
    f = frozen
    matrix, vector = f(np.zeros((2, 4), np.float32)), f(np.ones(4, np.float32))
    ints, floats, bools = f(np.zeros(0, np.int64)), f(np.zeros(0)), f(np.zeros(0, np.bool_))
    made.dots(matrix, f(np.arange(2, dtype=np.int64)), vector)
    starts, sizes = f(np.array([0, 1, 2], np.int64)), f(np.ones(2, np.int64))
    made.probe_rows(matrix, starts, sizes, f(np.zeros(0, np.int32)), vector, 1, 1)
    rows, yes = f(np.array([0, -1], np.int64)), f(np.ones(2, np.bool_))
    done, cos = np.zeros(2, np.bool_), np.zeros(2, np.float32)
    made.mark(rows[:1], f(np.ones(1, np.float32)), done, cos, rows, yes, np.zeros(1, np.bool_))
    ones, two = f(np.ones(2)), f(np.arange(2, dtype=np.int64))
    big = (rows, yes, rows, two, ones, ones, ones, ones, yes)
    made.rescore(
        matrix, vector, done, cos, rows[:1], yes[:1], 1, big,
        (ints, floats, floats, floats, floats, bools), (ints, bools, floats),
        1.0, 0.0, 1, 1, 0.2, 0.2,
    )  # fmt: skip


def frozen(a: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """``a`` as a read-only C-contiguous view. The kernels' inputs are always passed so: numba
    compiles a version per writability and layout, and :func:`_warm` compiles the one used."""
    out = np.ascontiguousarray(a).view()
    out.flags.writeable = False
    return out


def probe(
    centroids: npt.NDArray[np.float32],
    starts: npt.NDArray[np.int64],
    sizes: npt.NDArray[np.int64],
    tail_lists: npt.NDArray[np.int32],
    vectors: npt.NDArray[np.float32],
    vector: npt.NDArray[np.float32],
    rows: int,
    far: int,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.float32], int] | None:
    """:meth:`~.clusters.ClusterLists.probe` in two compiled calls; ``None`` without the
    kernels (the caller computes it with numpy)."""
    jit = kernels()
    if jit is None:
        return None
    vector = frozen(vector.astype(np.float32, copy=False))
    found, near = jit.probe_rows(
        frozen(centroids),
        frozen(starts.astype(np.int64, copy=False)),
        frozen(sizes.astype(np.int64, copy=False)),
        frozen(tail_lists.astype(np.int32, copy=False)),
        vector,
        int(rows),
        int(far),
    )
    return found, jit.dots(frozen(vectors), frozen(found), vector), int(near)


def products(
    matrix: npt.NDArray[np.float32],
    rows: npt.NDArray[np.int64] | None,
    vector: npt.NDArray[np.float32],
    jit: Kernels | None,
) -> npt.NDArray[np.float32]:
    """The dot products of ``vector`` with the rows ``rows`` of ``matrix`` (``None``: every
    row), from the kernels ``jit`` (see :func:`kernels`), or numpy with ``None``."""
    if jit is None:
        return matrix @ vector if rows is None else matrix[rows] @ vector
    if rows is None:
        rows = np.arange(len(matrix), dtype=np.int64)
    vector = frozen(vector.astype(np.float32, copy=False))
    return jit.dots(frozen(matrix), frozen(rows.astype(np.int64, copy=False)), vector)
