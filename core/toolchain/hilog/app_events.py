"""HiAppEvent's system events as an app's watcher logs them (the hiappevent guides' samples:
``hilog.info(0x0000, 'testTag', `HiAppEvent eventInfo.params.type=${…}`)``): what an event's own
params say about the fault. The lines themselves are read by :mod:`.pasted` (the message alone)
and the APP_CRASH / APP_FREEZE / ADDRESS_SANITIZER events as fault logs by :mod:`.crash.faultlog`.
"""

from __future__ import annotations

from hmdesk.core.toolchain.crash.model import CPP, Cause
from hmdesk.core.toolchain.crash.model import rule as _c
from hmdesk.core.toolchain.crash.sanitizers import MEMORY_KINDS

# HiAppEvent's ADDRESS_SANITIZER event as the app's watcher logs it: its ``type`` param names the
# fault with the sanitizer's own word (hiappevent-watcher-address-sanitizer-events, "type字段说明";
# ``HiAppEvent eventInfo.params.type="stack-buffer-overflow"``): read as the sanitizer's own
# report of that kind is (:data:`.crash.sanitizers.MEMORY_KINDS`)
_SAN_TYPE = r"(?<![\w-])type=\"?"
SANITIZER_EVENT_CAUSES: tuple[Cause, ...] = tuple(
    _c(
        CPP,
        _SAN_TYPE + "(?:" + kind.pattern + ")",
        f"{cause}, which AddressSanitizer caught",
        f"{fix} The external_log file the event names holds the report; its first stack is the "
        "bad access.",
    )
    for kind, cause, fix in MEMORY_KINDS
)
