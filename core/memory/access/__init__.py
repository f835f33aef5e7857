"""The access log and the promotion/decay policy (public API).

* :mod:`~hmdesk.core.memory.access.log` — :class:`AccessLog`: each recall of a memory recorded
  with its context (a settled query in the window, a failure card's run, "This helped").
* :mod:`~hmdesk.core.memory.access.policy` — :func:`proposals` and :func:`apply_proposals`:
  promotion of memories that helped, decay of memories nobody recalls; the constants and why.
"""

from hmdesk.core.memory.access.log import Access, AccessKind, AccessLog, AccessStats
from hmdesk.core.memory.access.policy import (
    DECAY_AFTER_DAYS,
    DECAY_FLOOR,
    DECAY_STEP,
    PROMOTE_CAP,
    PROMOTE_MIN_HELPED,
    PROMOTE_STEP,
    Proposal,
    apply_proposals,
    proposals,
)

__all__ = [
    "DECAY_AFTER_DAYS",
    "DECAY_FLOOR",
    "DECAY_STEP",
    "PROMOTE_CAP",
    "PROMOTE_MIN_HELPED",
    "PROMOTE_STEP",
    "Access",
    "AccessKind",
    "AccessLog",
    "AccessStats",
    "Proposal",
    "apply_proposals",
    "proposals",
]
