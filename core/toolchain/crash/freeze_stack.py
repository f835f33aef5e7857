"""What a frozen thread's stack shows: what the top of the main thread's stack waits for (a
network call, an IPC, file or database I/O, the GPU, a lock), the app's nearest frame, the ArkTS
code it ran, or the task its event handler ran (:func:`freeze_detail`, read by
:func:`.structure.read` for a freeze)."""

from __future__ import annotations

import re

from hmdesk.core.toolchain.crash.location import is_system, past_waits
from hmdesk.core.toolchain.crash.model import Crash, Frame, Reading

# (a page may break the event over lines: ``Current Running: start at …,`` / ``task name = …,``
# / ``caller = […]``)
_RUNNING_TASK = re.compile(
    r"Current Running:[^\n]*?(?:\n[ \t]*)?task name\s*=\s*(?P<task>[^,\n}]*)"
    r"(?:,\s*caller\s*=\s*\[(?P<caller>[^\]\n]*)\])?"
)
# a task that is the app's own ArkTS function (``.ets/pages/Index.ts:onPageShow``)
_ARKTS_TASK = re.compile(r"\.(?:ets|ts|js):(?P<fn>\w+)$")
# what a blocked thread waits for, most specific first: the frames below a wait say for what
# (a network download, an IPC, file or database I/O, the GPU, a task posted to another thread);
# a bare lock or condition wait and a sleep are the least specific
_PASTEBOARD = (
    re.compile(r"Pasteboard|GetPasteData|getDataSync|clipboard|剪贴板|剪切板", re.I),
    "in a synchronous clipboard (pasteboard) read, an IPC to the pasteboard service",
    "Read the clipboard with the pasteboard's async getData() (never getDataSync on the UI "
    "thread), and only when the user pastes: a change notification needs no read of the content.",
)
_BLOCKING: tuple[tuple[re.Pattern[str], str, str], ...] = (
    _PASTEBOARD,
    (
        re.compile(
            r"libace_network|libnetstack|libhttp\w*|libcurl|\bcurl_|DownloadSync|PerformDownload"
            r"|getaddrinfo|\bconnect\b|recv(?:from|msg)?\b|\bsend(?:to|msg)?\b|http\w*::Perform",
            re.I,
        ),
        "in a synchronous network call (a sync HTTP request, a network image loaded with syncLoad)",
        "Use the async network APIs (http/rcp promises) or run the call in TaskPool; never load "
        "a network image with syncLoad: true.",
    ),
    (
        re.compile(
            r"\bioctl\b|binder|SendRequest|IPCObjectProxy|IpcClient|ProcessRemoteRequest|libipc\w*",
            re.I,
        ),
        "in a synchronous IPC call to a system service (the peer process did not answer)",
        "The frames above the IPC frames name the interface called; follow the binder call "
        "chain to the peer process (the fault log's PeerBinder stacks) to see why it is "
        "blocked. Call the service's async API (or move the sync call to a TaskPool/worker "
        "thread) instead of the synchronous one on the main thread.",
    ),
    (
        re.compile(
            r"sqlite3|RdbStore|NativeRdb|librdb|libnative_rdb|Preferences\w*::Flush|libpreferences"
            r"|\bf?(?:data)?sync\b|\bp?read\b|\bp?write\b|__open|\bopen\b|\brename\b|\bunlink\w*"
            r"|\brmdir\b|\bmkdir\b|\bstat\b",
            re.I,
        ),
        "in synchronous file or database I/O",
        "Use the async file/database APIs (fs.* promises, RdbStore async, Preferences.flush) or "
        "run the I/O in TaskPool, not synchronously on the main thread.",
    ),
    (
        re.compile(
            r"eglSwapBuffers|eglMakeCurrent|glFinish|vkQueue|WaitVsync|RequestNextVSync"
            r"|Flush(?:Frame|Surface)",
            re.I,
        ),
        "waiting for the GPU or the display (a frame or a swap)",
        "Do not draw or wait for frames synchronously on the main thread: render on a render "
        "thread (XComponent with its own thread) and keep the frame's work small.",
    ),
    (
        re.compile(
            r"PostSyncTask|WaitUntilComplete|SyncTask|__assoc_sub_state|future<[^>]*>::get", re.I
        ),
        "waiting for a task it posted synchronously to another thread",
        "The thread it waits for is busy (or waits back: a deadlock): see what that thread runs, "
        "and post the task asynchronously instead of waiting for it.",
    ),
    (
        re.compile(r"nanosleep|usleep|\bsleep\b|SleepFor", re.I),
        "sleeping",
        "Remove the sleep from the main thread; use a timer (setTimeout) or do the waiting in "
        "a worker.",
    ),
    (
        re.compile(
            r"futex|__lock|__timedwait|pthread_(?:mutex|cond|rwlock|join)|mutex|condition_variable"
            r"|sem_wait|\bWait(?:For)?\b|::Wait\b",
            re.I,
        ),
        "waiting for a lock or for another thread",
        "Do not wait on the main thread for a lock, a condition or another thread (join, "
        "future.get): let the other thread post its result back instead.",
    ),
)


# a mutex taken at the top of the stack: the thread waits for a lock another thread holds,
# whatever library (a database's connection pool, a cache) took it
_LOCK_TOP = re.compile(
    r"pthread_(?:mutex|rwlock)_\w*lock|\bmutex::lock\(|shared_mutex::lock\w*\(|\bLock\w*::lock",
    re.I,
)
_LOCK_FIX = (
    "The thread waits for a mutex another thread holds: find the holder in the other threads' "
    "stacks (often itself waiting back: a deadlock), keep the code under the lock short (a "
    "scoped lock_guard, no I/O or IPC while holding it), and do not take a contended lock on "
    "the main thread."
)


def _blocking_frame(frames: list[Frame]) -> tuple[Frame, str, str] | None:
    """The most specific thing the top of the stack waits for (see :data:`_BLOCKING`); a mutex
    taken in the top three frames is a wait for a lock, said with what the frames under it do."""
    top = frames[:12]
    lock = next((f for f in frames[:3] if _LOCK_TOP.search(f"{f.symbol} {f.raw}")), None)
    if lock is not None:
        under = next(
            (
                what
                for pattern, what, _ in _BLOCKING[:-1]
                if any(pattern.search(f"{f.symbol} {f.raw}") for f in top)
            ),
            "",
        )
        what = "waiting for a lock (a mutex) another thread holds" + (f", {under}" if under else "")
        return lock, what, _LOCK_FIX
    for pattern, what, fix in _BLOCKING:
        for f in top:
            if pattern.search(f"{f.symbol} {f.raw}"):
                return f, what, fix
    return None


def _app_frame(frames: list[Frame]) -> Frame | None:
    own = past_waits([f for f in frames if f.source or not is_system(f)])
    return own[0] if own else None


_FRAME_NO = re.compile(r"^\s*#(\d+)\s")
# the bottom of every app main thread's stack: the event loop and the process's start
_LOOP_FRAME = re.compile(
    r"EventRunner|EventHandler::DistributeEvent|MainThread::Start|appspawn|AppSpawn|HandleRecvMsg"
    r"|libbegetutil|__libc_start|\bmain\+|uv_run|start_thread|ld-musl[^(]*\(start\b",
)


def _stack_tail(frames: list[Frame]) -> Reading | None:
    """A main-thread stack pasted without its top: it starts past #00 and holds only the event
    loop's frames, so the frame that blocked is in the part that was cut."""
    if not frames:
        return None
    m = _FRAME_NO.match(frames[0].raw)
    if m is None or int(m.group(1)) < 3:
        return None
    if not all(_LOOP_FRAME.search(f.raw) for f in frames):
        return None
    return Reading(
        f"only the bottom of the main thread's stack is shown (from #{m.group(1)}: the event "
        "loop and the process's start); the frame that blocked is at the top of the stack (#00 "
        "onwards), in the part that was cut",
        "Read the main thread's first frames (#00 …) in the full fault log (or the issue's "
        "attachment): the first frame of the app or of a library under the event handler is "
        "what ran too long; move that work off the main thread.",
        certain=False,
    )


def freeze_detail(crash: Crash) -> Reading | None:
    """What the main thread was doing when the freeze was detected: the blocking frame of its
    stack (with the app's nearest frame), or the ArkTS code it was running, or the task the
    event handler ran; None when the log shows none of them."""
    frames = crash.frames
    # a main-thread timeout's sampled stack is a tree of ten samples, not one moment's stack: the
    # wait at the end of its most-hit branch is the event loop idling between tasks, not a block
    block = None if crash.reason == "MAIN_THREAD_JANK" else _blocking_frame(frames)
    app = _app_frame(frames)
    near = ""
    if app is not None:
        named = app.symbol and not app.symbol.startswith("pc ") and not app.line
        near = f" The app's nearest frame: {app.location}" + (f"({app.symbol})." if named else ".")
    if block is not None:
        frame, what, fix = block
        sym = frame.symbol if not frame.symbol.startswith("pc ") else frame.file
        return Reading(
            f"the main thread was blocked {what} ({sym})",
            fix + near,
            certain=True,
        )
    js = next((f for f in frames if f.line and f.source), None)
    if js is not None:
        return Reading(
            "the main thread was busy running the app's own ArkTS code (a long loop or heavy "
            f"work at {js.location})",
            "Split the work at the location or move it to TaskPool/Worker so the main thread "
            "answers within the watchdog's time.",
            certain=True,
        )
    tail = _stack_tail(frames)
    if tail is not None:
        return tail
    if not frames and _PASTEBOARD[0].search(crash.raw or ""):
        # no stack, but the report's own words name the clipboard: the documented AppFreeze case
        # of a synchronous pasteboard read on the UI thread
        return Reading(f"possibly blocked {_PASTEBOARD[1]}", _PASTEBOARD[2], certain=False)
    m = _RUNNING_TASK.search(crash.raw or "")
    if m is not None and m.group("task").strip():
        task = m.group("task").strip()
        caller = (m.group("caller") or "").strip()
        posted = f" posted by {caller}" if caller else ""
        if (own := _ARKTS_TASK.search(task)) is not None:
            return Reading(
                f"the main thread was still running the app's {own['fn']} ({task}) when the "
                "watchdog fired",
                f"{own['fn']} does heavy or blocking work on the main thread: move it to "
                "TaskPool or a Worker, make its I/O and network calls async (Promise/await, "
                "never the Sync variants), and keep lifecycle callbacks short.",
            )
        if task == "vSyncTask":
            # the UI's frame task: measuring, laying out and drawing what changed
            return Reading(
                "the main thread was still rendering one frame (vSyncTask: the UI's measure, "
                "layout and draw) when the watchdog fired: a page that builds or lays out too "
                "many components at once",
                "Build only what is on screen: load long lists and grids lazily (LazyForEach "
                "with cachedCount, or Repeat with virtualScroll, instead of ForEach), flatten "
                "deep nesting and drop needless containers, and keep build(), aboutToAppear and "
                "the custom layouts' onMeasure/onLayout free of heavy work.",
            )
        return Reading(
            f"the main thread was still running the task “{task}”{posted} when the watchdog fired",
            (
                "A libuv I/O callback (an async API's callback or a promise continuation of the "
                "app's ArkTS code) ran too long: keep the code after each await / in each callback "
                "short and move heavy work to TaskPool."
                if task.startswith("uv_")
                else "That task ran too long on the main thread: find who posts it (the caller) "
                "and make it shorter, or run its work off the main thread."
            ),
        )
    return None
