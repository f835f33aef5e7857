"""What the device log says about itself: the hint over an empty view and the counters line.

Pure functions of the view's numbers (no widgets), so each wording is tested on its own and the
view only places the text.
"""

from __future__ import annotations

from dataclasses import dataclass

# the hub's words (gui.common.device_hub) get what to do after them
DEVICE_STATE_TODO = {
    "No device connected": (
        "Plug a phone or tablet in by USB with USB debugging on, or connect one over the "
        "network in the Devices tab (Connect…)."
    ),
    "Choose a device": (
        "Several devices are connected: pick one in the device list above (or double-click "
        "one in the Devices tab) to stream its log."
    ),
}


@dataclass(frozen=True)
class ViewCounts:
    """What the counters line is made of."""

    in_ring: int
    shown: int
    received: int
    filtering: bool
    caught_up: bool
    capacity: int
    evicted: int
    reader_dropped: int
    paused_dropped: int
    device_dropped: int

    @property
    def dropped(self) -> int:
        """Lines that reached hmdesk but are no longer (or never were) in the view's buffer."""
        return self.evicted + self.reader_dropped + self.paused_dropped


def device_state_hint(state: str) -> str:
    """The hub's state ("No device connected", "X is gone — …", "Choose a device") with what
    to do ("" while the target is connected)."""
    if not state:
        return ""
    todo = DEVICE_STATE_TODO.get(state)
    if todo is None and " is gone" in state:
        todo = "The lines already received stay here."
    return f"{state}. {todo}" if todo else state


def empty_hint(
    device_state: str, *, only_mine: bool, bundle: str | None, counts: ViewCounts
) -> str:
    """The hint shown over the log ("" for none): the device's state first, then why a view
    with lines in its buffer shows none of them."""
    hint = device_state_hint(device_state)
    if hint:
        return hint
    if counts.shown or not counts.caught_up:
        return ""
    if only_mine and bundle:
        hidden = (
            f" ({counts.in_ring:,} lines of other processes are hidden.)" if counts.in_ring else ""
        )
        return (
            f"No lines from {bundle} yet.{hidden} \u201cOnly my app\u201d shows the lines of the "
            "app's own processes: the app may not be running (Build & Run installs and starts "
            "it), or it has not logged since it started. Untick \u201cOnly my app\u201d to see "
            "every line."
        )
    if counts.filtering and counts.in_ring:
        return f"No line matches the filter ({counts.in_ring:,} lines hidden). Clear the filter."
    return ""


def counters_text(c: ViewCounts) -> str:
    """The counters line: what is shown, what was received, and the two kinds of loss apart."""
    parts = []
    if c.filtering:
        parts.append(f"showing {c.shown:,} of {c.in_ring:,} lines")
        if not c.caught_up:
            parts.append("filtering…")
    else:
        parts.append(f"{c.in_ring:,} lines")
    parts.append(f"received {c.received:,}")
    parts.append(
        f"{c.device_dropped:,} lines lost on the device (hilog buffer) · "
        f"{c.dropped:,} dropped by hmdesk"
    )
    return " · ".join(parts)


def counters_tooltip(c: ViewCounts, setting: str) -> str:
    """Each count explained, with what to do about it."""
    return (
        f"Lost on the device: {c.device_dropped:,} lines hilog threw away before hdc read them "
        "(its LOGLIMIT / LOGLIMITD markers: the app logged faster than its quota, or hilog's "
        "buffer overflowed). They cannot be recovered; log less, or lift the per-process quota "
        "with hdc shell hilog -Q pidoff.\n"
        f"Dropped by hmdesk: {c.dropped:,} lines that arrived here but are no longer kept — "
        f"pushed out of the {c.capacity:,}-line buffer {c.evicted:,}, the reader could not "
        f"keep up {c.reader_dropped:,}, overflow while paused {c.paused_dropped:,}. "
        f"Raise Export › Buffer size… (setting {setting}) or export the log to keep more."
    )
