"""HiAppEvent's events of an app the system found slow, busy or killed, as an app's watcher logs
them: what the event's params say.

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

- ``APP_KILLED`` (hiappevent-watcher-app-killed-events): the system killed the app; its
  ``reason`` says why: a resource the app leaked past its limit (``ResourceLeak(FDLeak)``, …), a
  background audio without its continuous task, or the device's own state (low memory, swap full,
  power saving), which is no fault of the app's (those "possibly"). The RSS killer's reason is a
  build-time table's row (:mod:`..message_signatures`). The system logs the same kill itself,
  a hisysevent line with ``Kill Reason: X`` (the reasons in upper snake case), read the same way
  where no watcher's lines are.
"""

from __future__ import annotations

import re
from dataclasses import replace

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
    """The first CPU_USAGE_HIGH or SCROLL_JANK event a HiAppEvent watcher logged in ``text``, or
    else its APP_KILLED event; without a watcher's lines, the system's own kill event."""
    if "HiAppEvent" not in text and "hiappevent" not in text:
        return system_kill(text)
    m = _EVENT.search(text)
    if m is None:
        return killed_event(text)
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


# ``reason=ResourceLeak(FDLeak)``, ``"reason":"LowMemoryKill"``
_KILLED = re.compile(r"(?<![A-Z_])APP_KILLED(?![A-Z_])")
_REASON = re.compile(r"\breason\"?\s*[:=]\s*\"?(?P<reason>\w+(?:\(\w+\))?)")
_LEAK_FIX = (
    "Find what the app keeps allocating and never releases (DevEco Profiler's allocation and "
    "snapshot views, hidebug's memory and resource figures) and release it when done."
)
# a leaked resource (ResourceLeak(<kind>)): what it is, what to release
_LEAKS: dict[str, tuple[str, str]] = {
    "FDLeak": (
        "file descriptors",
        "Close every file, socket and fd you open (fileIo.close, "
        "close() in native code) and release rawfile fds and players that hold one.",
    ),
    "ThreadLeak": (
        "threads",
        "Stop the threads you start: terminate Workers when done, join or "
        "detach native threads, reuse a pool (TaskPool) instead of a thread a task.",
    ),
    "VMALeak": (
        "virtual memory areas (mappings)",
        "munmap what you mmap, and end threads (each keeps a stack mapping).",
    ),
    "KernelZoneLeak": (
        "page table memory (mappings)",
        "munmap what you mmap and do not map many small regions.",
    ),
    "AshmemLeak": (
        "shared memory (ashmem)",
        "Release PixelMaps (pixelMap.release()) and shared memory regions you create when done.",
    ),
    "IonLeak": (
        "ion (DMA) buffers",
        "Release PixelMaps, image receivers, camera and video surfaces and codecs when done.",
    ),
    "GpuLeak": (
        "GPU memory in the app's process",
        "Delete the textures, buffers and EGL "
        "surfaces/contexts you create (XComponent's onSurfaceDestroyed) when done.",
    ),
    "GpuRsLeak": (
        "GPU memory its ArkUI components hold in the Render Service",
        "Keep fewer "
        "images and nodes alive on screen (lazy lists, smaller images, release "
        "offscreen canvases).",
    ),
    "CES": (
        "common event subscriptions",
        "Unsubscribe (commonEventManager.unsubscribe) what "
        "you subscribe, and do not subscribe again on every page show.",
    ),
    "PSSLeak": (
        "memory while in the background",
        "Release caches, images and pages in "
        "onBackground, and look for a leak that grows while the app is idle.",
    ),
    "PSSSoftLeak": (
        "memory while in the background (twice the threshold)",
        "Release caches, "
        "images and pages in onBackground, and look for a leak that grows while "
        "the app is idle.",
    ),
}
# the device's own state: the app was picked, not at fault
_SYSTEM = {
    "LowMemoryKill": "the device ran low on memory",
    "OomKiller": "the device's memory ran out",
    "SwapFull": "the device's swap space ran out",
    "PowerSaveClean": "the device switched to power saving (or emergency) mode",
}


# the system's own record of the kill, a hisysevent line its killer logs (``send event
# [FRAMEWORK,PROCESS_KILL], pid=…, processName=…, msg=Kill Reason:ILLEGAL_AUDIO_CAPTURER_BY_
# SUSPEND``, ``msg=Kill reason: SWAP_FULL; Current buffer is: …``): the stability FAQ's table of
# the reasons to search hilog for (faq-stability-77) names the same reasons in upper snake case
# (``ResourceLeak:Fd Leak`` for a leak)
_KILL_REASON = re.compile(
    r"\bKill [Rr]eason\s*:\s*(?P<reason>[A-Za-z][\w:() ]*?)\s*(?=[;,\]]|$)", re.M
)


def _key(reason: str) -> str:
    """A reason as both records name it, compared without case, underscores nor spaces
    (``SWAP_FULL`` = ``SwapFull``, ``ResourceLeak:Fd Leak`` = ``ResourceLeak(FDLeak)``)."""
    return re.sub(r"[\W_]", "", reason).lower()


_BY_KEY = {_key(k): k for k in (*_LEAKS, *_SYSTEM)}


def killed_event(text: str) -> Said | None:
    """The first APP_KILLED event a HiAppEvent watcher logged in ``text``, by its reason."""
    k = _KILLED.search(text)
    if k is None:
        return None
    r = _REASON.search(text, k.start())
    reason = r["reason"] if r else ""
    return _killed(reason, _line(text, r.start() if r else k.start()), "HiAppEvent's APP_KILLED")


def system_kill(text: str) -> Said | None:
    """The first kill the system logged with a reason it documents (``Kill Reason: X``; the
    ability manager's ``Kill Reason:KillApplication`` only relays the killer's), by that
    reason: a hilog finding (what a device log says of the app), where a watcher's APP_KILLED
    event is the app's own crash-like record."""
    if "Kill " not in text:
        return None
    for m in _KILL_REASON.finditer(text):
        said = _killed(m["reason"], _line(text, m.start()), "the system's kill event")
        if said is not None:
            return replace(said, kind="hilog")
    return None


# audio the app kept in the background without its continuous task, by the kill reason's key:
# what it did, its background mode, the mode's BackgroundMode name, the alternative, a term
_BACKGROUND_AUDIO = {
    "illegalaudiorendererbysuspend": (
        "playing",
        "audioPlayback",
        "AUDIO_PLAYBACK), with an AVSession",
        "pause or stop the audio in onBackground",
        "后台",
    ),
    "illegalaudiocapturerbysuspend": (
        "recording",
        "audioRecording",
        "AUDIO_RECORDING)",
        "stop recording (audioCapturer.stop) in onBackground",
        "录音",
    ),
}


def _killed(reason: str, line: str, event: str) -> Said | None:
    key = _key(reason)
    leak_key = key.removeprefix("resourceleak")
    leaked = _BY_KEY.get(leak_key) if leak_key != key else None
    if leaked in _LEAKS:
        what, fix = _LEAKS[leaked]
        return Said(
            "crash",
            f"the system killed the app for leaking {what} past its limit ({event}, {reason})",
            f"{fix} {_LEAK_FIX}",
            line,
            terms=("APP_KILLED", leaked, "leak", "泄漏"),
        )
    if key in _BACKGROUND_AUDIO:
        doing, mode, background_mode, otherwise, term = _BACKGROUND_AUDIO[key]
        return Said(
            "crash",
            f"the system killed the app for {doing} audio in the background without a "
            f"continuous task ({event}, {reason})",
            f"To keep {doing} in the background, request a continuous task for it: declare "
            f'backgroundModes ["{mode}"] for the ability in module.json5, ask '
            "ohos.permission.KEEP_BACKGROUND_RUNNING and call backgroundTaskManager."
            f"startBackgroundRunning (BackgroundMode.{background_mode}; otherwise {otherwise}.",
            line,
            terms=("APP_KILLED", "backgroundTaskManager", background_mode.split(")")[0], term),
        )
    system = _BY_KEY.get(key)
    if system in _SYSTEM:
        return Said(
            "crash",
            f"the system killed the app because {_SYSTEM[system]} ({event}, {reason}): the "
            "device's state, not a fault of the app's",
            "Nothing in the app failed: keep less memory when in the background (release "
            "caches and images in onBackground, and when onMemoryLevel says memory is low) so "
            "it is killed less often, and save the user's state (onSaveState, appRecovery) so "
            "the app restores it when started again. If it is killed often, look at its memory "
            "(DevEco Profiler's Snapshot of the heap) for what it keeps and leaks.",
            line,
            certain=False,
            terms=("APP_KILLED", system, "onMemoryLevel"),
        )
    return None
