"""When hmdesk's processes hold the cyclic garbage collector back: the one module that calls
``gc`` (docs/decisions/0007-garbage-collector-policy.md).

hmdesk allocates in bursts (every memory of a store read into records, the search index loaded,
a Review scan's claims), and a burst sets off the collector's full passes, each of which walks
every tracked object alive while it holds the interpreter lock. In the window that is a stall of
the event loop. Nothing hmdesk keeps long depends on the collector (reference counting frees it),
so:

* :func:`paused` — no collection inside a ``with`` block (a bulk read of rows);
* :func:`pause` / :func:`resume` — the window, from its first paint until its first result;
* :func:`freeze` — the objects alive now are left out of every later collection (still freed by
  reference counting; a reference cycle among them is never collected, so it is done rarely: the
  window after its first result and after the store grew by a fifth, the hilog view once);
* :func:`short_lived_process` — a child process that ends when its job does: no collection.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def paused() -> Iterator[None]:
    """No cyclic collection inside the block (as it was after it)."""
    stopped = pause()
    try:
        yield
    finally:
        if stopped:
            resume()


def pause() -> bool:
    """Stop cyclic collection; True when this call stopped it (the caller then resumes it)."""
    if not gc.isenabled():
        return False
    gc.disable()
    return True


def resume() -> None:
    gc.enable()


def freeze(*, unless_frozen: bool = False) -> bool:
    """Leave every object alive now out of later collections; ``unless_frozen``: only when
    nothing was frozen before. True when it froze."""
    if unless_frozen and gc.get_freeze_count() > 0:
        return False
    gc.freeze()
    return True


def short_lived_process() -> None:
    """A process that ends with its job: it frees everything at exit, and the collector's passes
    over its imports and its work would be a third of its time."""
    gc.disable()
