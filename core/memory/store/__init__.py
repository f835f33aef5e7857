"""The memory store (public API): :class:`MemoryStore` and what its callers need with it.

``from hmdesk.core.memory.store import MemoryStore, NotFound, StoreError`` is the way in. The
package's modules:

* :mod:`~hmdesk.core.memory.store.memory_store` — :class:`MemoryStore` and the table of event kinds
* :mod:`~hmdesk.core.memory.store.transaction` — :class:`Transaction`, the event writer of a write
* :mod:`~hmdesk.core.memory.store.rows` — database rows → records, the fast bulk read
* :mod:`~hmdesk.core.memory.store.adding` — new memories: id, field checks, the input rules
* :mod:`~hmdesk.core.memory.store.links` — supersede links (no cycles, logged on both ends)
* :mod:`~hmdesk.core.memory.store.revert` — revert one event
* :mod:`~hmdesk.core.memory.store.undo` — undo and redo (the user's changes as a stack), in words
* :mod:`~hmdesk.core.memory.store.changes` — listeners and the data version
"""

from hmdesk.core.memory.errors import NotFound, StoreError
from hmdesk.core.memory.store.adding import check_input, new_memory_id
from hmdesk.core.memory.store.changes import Listener
from hmdesk.core.memory.store.memory_store import EDITABLE_FIELDS, HMH_FIELDS, MemoryStore
from hmdesk.core.memory.store.rows import event_from_row, record_from_row
from hmdesk.core.memory.store.transaction import Transaction
from hmdesk.core.memory.store.undo import UndoStep

__all__ = [
    "EDITABLE_FIELDS",
    "HMH_FIELDS",
    "Listener",
    "MemoryStore",
    "NotFound",
    "StoreError",
    "Transaction",
    "UndoStep",
    "check_input",
    "event_from_row",
    "new_memory_id",
    "record_from_row",
]
