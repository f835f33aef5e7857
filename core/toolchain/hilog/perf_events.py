"""HiAppEvent's performance events as an app's watcher logs them: what the event's params say.

The performance-analysis guides' watchers print the events the system raises for an app that is
slow or busy without crashing, one JSON a line (``HiAppEvent eventInfo={"domain":"OS","name":
"CPU_USAGE_HIGH",…}``) or a param a line (``HiAppEvent eventInfo.params.usage=72``):

- ``CPU_USAGE_HIGH`` (power-detection, hiappevent-watcher-cpu-usage-high-event): the app's CPU
  load averaged over 5 minutes went over 30 % in the foreground or 10 % in the background, or one
  thread's over 70 % in a minute; ``foreground``, ``usage`` and ``threads`` (name, usage) say
  which, ``external_log`` holds the stack and the sampled stack;
- ``SCROLL_JANK`` (hiappevent-watcher-scrolljank-events): frames dropped while a list or grid
  scrolled; ``external_log`` holds the trace.

Both are a slow app, not a failed one: read "possibly", as a freeze (the main thread's jank).
"""

from __future__ import annotations

import re

from hmdesk.core.toolchain.hilog.says import Said

_EVENT = re.compile(r"(?<![A-Z_])(CPU_USAGE_HIGH|SCROLL_JANK)(?![A-Z_])")
_FOREGROUND = re.compile(r"\bforeground\"?\s*[:=]\s*\"?(true|false)")
_USAGE = re.compile(r"(?<![\w.])\"?usage\"?\s*[:=]\s*\"?(\d+(?:\.\d+)?)")
_THREAD = re.compile(r"\{\"name\":\"(?P<name>[^\"]{1,80})\",\"tid\":\d+,\"usage\":(?P<usage>\d+)")
_LOG = re.compile(r"external_log\"?\s*[:=]\s*\[?\"?(?P<path>/data/[^\"\],\s]+)")


def _line(text: str, pos: int) -> str:
    start = text.rfind("\n", 0, pos) + 1
    end = text.find("\n", pos)
    return text[start : end if end >= 0 else len(text)].strip()


def performance_event(text: str) -> Said | None:
    """The first CPU_USAGE_HIGH or SCROLL_JANK event a HiAppEvent watcher logged in ``text``."""
    if "HiAppEvent" not in text and "hiappevent" not in text:
        return None
    m = _EVENT.search(text)
    if m is None:
        return None
    log = _LOG.search(text)
    where = (
        f" The event's external_log ({log['path']}) holds the stacks: pull it with hdc file recv."
        if log
        else " The event's external_log file holds the stacks."
    )
    if m.group(1) == "SCROLL_JANK":
        return Said(
            "freeze",
            "frames were dropped while a list or grid scrolled (HiAppEvent's SCROLL_JANK)",
            "Cut the work done per frame while scrolling: build list items with LazyForEach (a "
            "cachedCount) and @Reusable components instead of ForEach, keep build() and the "
            "items' state updates light, decode images off the main thread, and move any "
            "computation in scroll callbacks (onScroll, onVisibleAreaChange) to a TaskPool "
            "task; find the long frames in the trace (DevEco Profiler's Frame analysis)." + where,
            _line(text, m.start()),
            certain=False,
            terms=("SCROLL_JANK", "jank", "LazyForEach", "frame"),
        )
    fg = _FOREGROUND.search(text)
    usage = next(reversed(list(_USAGE.finditer(text))), None)  # the process's, after threads'
    threads = list(_THREAD.finditer(text))[:3]
    busy = ", ".join(f"{t['name']} {t['usage']} %" for t in threads)
    state = {"true": "in the foreground", "false": "in the background"}.get(fg[1] if fg else "", "")
    return Said(
        "freeze",
        "the app kept the CPU busy over the system's threshold (HiAppEvent's CPU_USAGE_HIGH"
        + (f", {state}" if state else "")
        + (f", {usage[1]} % load" if usage else "")
        + (f"; threads {busy}" if busy else "")
        + ")",
        "Find what keeps the CPU busy (the threads the event names; the external_log's call "
        "stack and sampled stack): a busy or polling loop, a timer firing too often, work "
        "redone on every frame or message. Make it wait on an event instead of polling, batch "
        "or throttle it, and in the background stop what the user does not need (cancel timers "
        "and tasks in onBackground; long work only as a declared background task). Thresholds: "
        "30 % over 5 minutes in the foreground, 10 % in the background, 70 % for one thread "
        "over a minute." + where,
        _line(text, m.start()),
        certain=False,
        terms=("CPU_USAGE_HIGH", "CPU", "load", "background"),
    )
