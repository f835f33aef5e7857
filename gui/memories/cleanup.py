"""What the Memories area stops when its C++ object is destroyed (see ``MemoriesArea``)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from hmdesk.gui.memories.import_sync import stop_quietly
from hmdesk.gui.memories.search import WarmState

if TYPE_CHECKING:
    from hmdesk.core.memory.hmharness.jsonl import HmharnessSync


@dataclass
class Cleanup:
    """What must be stopped when the area's C++ object is destroyed (holds no ref to it): the
    store listener, the live-sync watcher, the background index build."""

    unlisten: Callable[[], None] | None
    warming: WarmState
    sync: HmharnessSync | None = None
    notes_sync: HmharnessSync | None = None  # hmharness's memory.md, alongside

    def run(self) -> None:
        self.warming.closed = True
        if self.unlisten is not None:
            self.unlisten()
            self.unlisten = None
        for sync in (self.sync, self.notes_sync):
            if sync is not None:
                stop_quietly(sync)
        self.sync = self.notes_sync = None
