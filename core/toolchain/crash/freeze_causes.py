"""Why the app froze: the signatures of appfreeze fault logs (the event's name, the web's render
process, the main thread's queue) with their likely cause and fix, after the appfreeze guide
(THREAD_BLOCK_6S, APP_INPUT_BLOCK, LIFECYCLE_TIMEOUT). What the main thread was doing is read from
the log's structure (:mod:`.structure`) and said with the cause (:func:`.explain.explain`).
"""

from __future__ import annotations

from hmdesk.core.toolchain.crash.model import FREEZE, Cause
from hmdesk.core.toolchain.crash.model import rule as _c

FREEZE_CAUSES: tuple[Cause, ...] = (
    # --- freezes
    # ArkWeb waiting on its IO thread while the app's own library runs there under the web's
    # scheme handler (the app's request interception): the handler did blocking work
    _c(
        FREEZE,
        r"(?s)\A(?=.*(?:NWebSchemeHandler|ArkWeb_SchemeHandler|OH_ArkWebSchemeHandler))"
        r"(?=.*^\s*Tid:\d+,\s*Name:\s*Chrome_IOThread\s*\n(?:[^\n]*\n){0,4}?"
        r"\s*#\d+ pc [0-9a-fA-F]+ /data/storage/[^\n]*/libs/)",
        "the app's web request interception (its ArkWeb scheme handler, running on the web's "
        "IO thread) did blocking work, and the web's UI and GPU threads waited for it",
        "Answer intercepted requests asynchronously: return from the scheme handler's "
        "onRequestStart at once, do the I/O on a worker thread, then send the response "
        "(DidReceiveResponse / DidReceiveData / DidFinish) from there; never block Chrome_IOThread.",
    ),
    # the main thread inside the app's own native library, called by ArkTS through N-API
    # (libace_napi's callback right under it): a synchronous native call did the slow work
    _c(
        FREEZE,
        r"(?s)\A(?=.*\b(?:APP_INPUT_BLOCK|THREAD_BLOCK_\dS)\b)(?=.*(?:/data/storage/el\d/bundle/"
        r"libs/[^\s(]+\.so|\blibentry\.so\b)[^\n]*(?:\n[^\n]*)?\blibace_napi\b)",
        "ArkTS called a function of the app's native library synchronously on the main thread "
        "(N-API), and the native code did slow or blocking work there (network, disk, a wait)",
        "Make that native function asynchronous: do the work in napi_create_async_work's execute "
        "callback (or a thread of its own with a napi_threadsafe_function) and return a Promise "
        "to ArkTS, or call it from a TaskPool task or a Worker, never on the UI thread.",
    ),
    _c(
        FREEZE,
        r"onRenderProcessNotResponding",
        "the web page's JavaScript kept the ArkWeb render process busy (a long-running or "
        "endless loop): the page froze",
        "Fix the loop at the top of the jsStack (the location): end it, or split long work into "
        "chunks (setTimeout) or a Web Worker so the render process stays responsive.",
    ),
    _c(
        FREEZE,
        # the main thread's queue holds hundreds of tasks (bpta-arkweb-render-freeze: over 400
        # queued events puts the app at risk of a freeze)
        r"^\s*Total event size\s*:\s*(?:[4-9]\d\d|\d{4,})\b",
        "the app posts more tasks to the main thread than it can run: its event queue holds "
        "hundreds or thousands of them",
        "Post fewer tasks to the main thread: find who posts them (a hitrace with ffrt, search "
        "onSubmitUV for the task name) and batch, throttle or drop the repeated ones.",
    ),
    # a lifecycle timeout of a system UI extension the app opened (the system's file or photo
    # picker, ``FilePickerUIExtAbility load timeout``): the system app's ability did not load,
    # not the app's callback (ArkUI's UIExtension error 100015, "the lifecycle of uiextension
    # provider is timeout": the provider's, whose causes the UIExtension error-code page puts in
    # the system's state and resources)
    _c(
        FREEZE,
        r"(?s)\A(?=.*\b\w*LIFECYCLE_(?:HALF_)?TIMEOUT)"
        r"(?=.*\b\w*(?:Picker|UIExt(?:ension)?)\w*Ability\b[^\n]{0,40}?\btime ?out)",
        "the ability that timed out is a system UI extension the app opened (a picker's "
        "UIExtensionAbility of a system app), not the app's own lifecycle callback",
        "The system's ability did not load in time: the app's code is not the cause. Check the "
        "system image or device it ran on (an emulator image may lack or break the system "
        "app: retry on another image or a real device), then, if it repeats on a device, "
        "report it with the fault log; the app can retry or start the picker directly.",
    ),
    _c(
        FREEZE,
        r"\b\w*LIFECYCLE_(?:HALF_)?TIMEOUT",
        "a lifecycle callback of the ability took too long",
        "Keep the ability's lifecycle callbacks (onCreate, onWindowStageCreate, onForeground, "
        "onBackground) short: move file, database and network work to async calls or "
        "TaskPool.",
    ),
    # the main thread in a synchronous IPC whose other side waits for a mutex (the report's
    # stack of the binder peer, the appfreeze best practice's mutex case): a lock that
    # was never released, or two locks taken in opposite orders
    _c(
        FREEZE,
        r"(?s)\A(?=.*\b(?:THREAD_BLOCK_\dS|APP_INPUT_BLOCK|LIFECYCLE_TIMEOUT)\b)"
        r"(?=.*stacktrace, type is peer.*?(?:std::__h::mutex::lock|pthread_mutex_(?:timed)?lock"
        r"|__pthread_mutex_timedlock))",
        "the main thread waited on a synchronous IPC whose other side was itself waiting for a "
        "mutex: a lock its holder never released (an unlock skipped on an early return or an "
        "exception), or a deadlock of two locks taken in opposite orders",
        "In the code that takes that lock (the IPC's server side, its stack in the report), "
        "make every path unlock it: std::lock_guard / std::unique_lock instead of lock() and "
        "unlock() by hand, no call out (IPC, a callback) while holding it, one order for nested "
        "locks. On the app's side, do the synchronous IPC off the main thread.",
    ),
    _c(
        FREEZE,
        r"APP_INPUT_BLOCK|APPLICATION_BLOCK_INPUT|\w+_INPUT_BLOCK",
        "a touch or key event was not handled in time: the main thread was busy",
        "Keep input handlers short and move the slow work off the main thread (TaskPool, Worker, "
        "async APIs).",
    ),
    _c(
        FREEZE,
        r"\w*THREAD_BLOCK_\d+S|UI_BLOCK_\d+S|main thread is not respon",
        "the main thread was blocked (synchronous I/O or IPC, a long loop, a lock another "
        "thread holds)",
        "Move the blocking work off the main thread (TaskPool, Worker, async APIs) and never "
        "wait on a lock or a sync IPC there.",
    ),
    # the main-thread timeout detector (apptask-timeout-guidelines, HiAppEvent's MAIN_THREAD_JANK):
    # a main-thread task ran over 150 ms (sampled stack) or 450 ms (trace), short of a freeze
    _c(
        FREEZE,
        r"(?<![.\w])MAIN_THREAD_JANK(?![A-Za-z])",
        "a task on the main thread ran too long (a main-thread timeout: the detector samples the "
        "main thread's stack from 150 ms, takes a trace from 450 ms): the app's own logic on the "
        "main thread — a long loop, a busy wait, heavy synchronous work in a callback",
        "Read the sampled stack (the event's external_log, under /data/storage/el2/log/watchdog/): "
        "skip the system frames and take the app's business frames with the highest sample "
        "counts, then optimise that logic: no busy-wait or long loop on the main thread, split "
        "heavy work or move it to TaskPool/Worker, use async APIs instead of sync ones.",
    ),
    # HiCollie's event (hiappevent's APP_HICOLLIE): a task the app set a timer for
    # (OH_HiCollie_SetTimer, or its task-timeout checks) did not end within its threshold
    _c(
        FREEZE,
        r"(?<![.\w])APP_HICOLLIE(?![A-Za-z])",
        "a task the app watches with HiCollie (OH_HiCollie_SetTimer, its task-timeout check) ran "
        "over its timeout threshold: the watched code blocked (a sleep, a lock, synchronous I/O "
        "or IPC)",
        "Read the event's external_log (the watched thread's stack when the timer fired) and "
        "make the watched work end within its threshold: no sleep or blocking wait in it, the "
        "slow part async or on another thread; raise the timeout only when the work is rightly "
        "that long.",
    ),
    _c(
        FREEZE,
        r"[\s\S]",
        "the app did not answer within the watchdog's time: its main thread was busy or blocked",
        "Find what the main thread was running (the fault log's main-thread stack and its "
        "'Current Running' task): move long work to TaskPool/Worker and keep callbacks and "
        "lifecycle methods short.",
        certain=False,
        fallback=True,
    ),
)
