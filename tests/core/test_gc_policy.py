"""core/gc_policy.py: holding the collector back leaves it as it found it."""

from __future__ import annotations

import gc
from collections.abc import Iterator

import pytest
from hmdesk.core import gc_policy


@pytest.fixture(autouse=True)
def _collector_as_it_was() -> Iterator[None]:
    was = gc.isenabled()
    yield
    gc.unfreeze()
    if was:
        gc.enable()
    else:
        gc.disable()


def test_paused_turns_it_off_inside_and_back_on_after() -> None:
    gc.enable()
    with gc_policy.paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    with pytest.raises(KeyError), gc_policy.paused():
        raise KeyError("x")
    assert gc.isenabled()  # also after an error


def test_what_someone_else_turned_off_stays_off() -> None:
    gc.disable()
    assert not gc_policy.pause()  # not this caller's to resume
    with gc_policy.paused():
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_freeze_unless_frozen_freezes_once() -> None:
    gc.unfreeze()
    assert gc_policy.freeze(unless_frozen=True)
    count = gc.get_freeze_count()
    assert count > 0
    assert not gc_policy.freeze(unless_frozen=True)  # something froze it already
    # nothing more was frozen (a frozen object that dies meanwhile leaves the count, so it may
    # fall: `make test` in a fresh clone once saw 415333 become 415331)
    assert gc.get_freeze_count() <= count
    assert gc_policy.freeze()  # the window after the store grew: again
