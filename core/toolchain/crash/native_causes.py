"""Why a native crash happened: the signatures of cppcrash fault logs (the signal and its code,
the fatal message, the top frames' library and symbol) with their likely cause and fix.

The table follows the CppCrash FAQ (``faq-stability-65``: the signal/reason table) and its fault
mode pages, the native-crash guides (fdsan, libuv's double close, the ArkUI crash FAQ's
XComponent use-after-free, the N-API best practices and the multi-thread case manual:
``ecma_vm cannot run in multi-thread``, a JS object broken by another thread that crashes later
under N-API, an invalid env/ref/value handed to ``napi_*``) and cases seen in public issues (an
N-API object used from another thread crashing in the GC). First match in table order wins
(:func:`.explain.explain`).
"""

from __future__ import annotations

from hmdesk.core.toolchain.crash.model import CPP, Cause
from hmdesk.core.toolchain.crash.model import rule as _c
from hmdesk.core.toolchain.crash.signal_codes import SI_CODES

# musl's fd sanitizer: its abort in a fault log, and its hilog line (:func:`.hilog.says.fdsan`,
# which says this with the fd and its owner)
FDSAN = _c(
    CPP,
    r"fdsan_(?:error|close_with_tag)|MUSL-FDSAN",
    "fdsan caught a file descriptor closed by code that does not own it: typically a double "
    "close (close() on an fd already closed, whose number was reused by fopen/open elsewhere), "
    "or close() on an fd a FILE*, a unique_fd or another object owns",
    "Find the second close of that fd: close each file descriptor once, by the code that opened "
    "it (fclose() a FILE* instead of close() on its fd; do not close an fd you passed on) and "
    "set the variable to -1 after closing; in a crash's stack the frame below close() is the "
    "code that closed it.",
)

NATIVE_CAUSES: tuple[Cause, ...] = (
    # --- N-API / threads: crashes that surface in the GC or in JSON.stringify
    # a system ArkTS module (``/system/lib64/module/libpromptaction.z.so``, a kit's API) right
    # under N-API when the runtime's thread check aborts: the app called that kit's global API
    # (promptAction, router…) from a child thread (the ArkUI crash manual's multi-thread case)
    _c(
        CPP,
        r"(?s)\A(?=.*(?:ecma_vm cannot run in multi-thread|EcmaVM::CheckThread))"
        r"(?=.*^\s*#\d+ pc [0-9a-fA-F]+ /system/lib\d*/module/(?!arkcompiler/)\S+\.so)",
        "a system kit's ArkTS API (its module under /system/lib64/module: promptAction, router…) "
        "was called from a thread other than the UI thread that owns the ArkTS runtime",
        "Call UI kits only on the UI (main) thread, through the UIContext: "
        "this.getUIContext().getPromptAction() / getRouter(); from a TaskPool/worker, send the "
        "result back (postMessage, a Promise) and show it on the UI thread.",
    ),
    _c(
        CPP,
        r"ecma_vm cannot run in multi-thread|EcmaVM::CheckThread",
        "an ArkTS runtime (napi_env) was used from a thread other than the one that created it",
        "Call napi_* functions only on the JS thread that owns the napi_env (the one in the "
        "callback's arguments): from a worker thread post back with napi_threadsafe_function "
        "(or napi_create_async_work's complete callback) instead of passing the env across "
        "threads, and do not keep an env in a struct another thread reads.",
    ),
    # an ArkUI XComponentController whose native side is gone (the ArkUI FAQ faqs-arkui-653:
    # passed through @Prop; the multi-thread case manual: broken by another thread)
    _c(
        CPP,
        r"^\s*#0[0-3] pc [0-9a-fA-F]+ \S*libace\S*\.so\([^\n]*JSXComponentController\b",
        "an XComponentController used when its native object is gone: passed through @Prop (a "
        "deep copy that loses it), used before the XComponent loaded, or broken by another "
        "thread",
        "Pass the XComponentController by @Link or as a plain member, never @Prop; call it "
        "only after the XComponent's onLoad and only on the UI thread.",
        certain=False,
    ),
    # the NDK FAQ (faqs-ndk-development-22, scene 2): an ArkTS runtime created or destroyed on
    # a thread that already has one
    _c(
        CPP,
        r"napi_(?:create|destroy)_ark_runtime",
        "napi_create_ark_runtime/napi_destroy_ark_runtime was called on a thread that already "
        "has an ArkTS runtime (the main thread, a worker or TaskPool thread)",
        "Create and destroy the extra ArkTS runtime only on a new thread of your own "
        "(std::thread/pthread), never on the main thread or an ArkTS thread.",
    ),
    _c(
        CPP,
        r"get hsp buffer failed|Cannot find module '@normalized:",
        "a module was loaded by a path that is not in the app: a Worker or a dynamic import "
        "named by an @-path across HARs (with useNormalizedOHMUrl a HAR may create a Worker only "
        "by a relative path to a file in its own package), or an HSP that is not installed",
        "Create the Worker with a relative path inside the package that holds its file (wrap it "
        "in a class exported by that package), or install the HSP the path names.",
    ),
    # the engine checking a value N-API handed it (``panda::JSValueRef::IsFunction`` right
    # under ``napi_call_function``): the napi_value or napi_env is no longer valid (the N-API
    # FAQ's cached env and values: a value lives only in the scope of the call that made it)
    _c(
        CPP,
        r"(?s)\A(?=.*panda::JSValueRef::\w+)(?=.*\bnapi_(?:call_function|get_value_\w+|typeof"
        r"|get_named_property|get_property|set_named_property|strict_equals|instanceof)\b)",
        "N-API was handed a napi_value or napi_env that is no longer valid: a value kept across "
        "calls (in a global or a struct) after the scope that made it closed, or an env cached "
        "from another callback, thread or a destroyed context",
        "Keep a JS value across calls as a reference (napi_create_reference, then "
        "napi_get_reference_value in the later call, napi_delete_reference when done), use the "
        "napi_env passed to the current callback rather than a cached one, and register "
        "napi_add_env_cleanup_hook to drop what you keep when that env is destroyed.",
        certain=False,
    ),
    _c(
        CPP,
        r"OS_GC_Thread|GCMarker|Evacuate|ecmascript::.*(?:Heap|GC)",
        "memory corruption or an ArkTS object used from the wrong thread through N-API "
        "(the crash surfaces later, in the garbage collector)",
        "Do not keep napi_value across calls or use it from another thread (use napi_ref and "
        "napi_threadsafe_function); find the first bad access with DevEco's multi-thread check "
        "(Run > Edit Configurations > Diagnostics) and HWASan.",
    ),
    _c(
        CPP,
        # a native stack that runs JS through N-API (a promise resolved, a callback called, an
        # object wrapped from native code) and then touches a bad address: the JS object was
        # most likely broken earlier by another thread using the env (multi-thread crash cases)
        r"(?s)\A(?=.*^\s*#\d+ at \S)(?=.*(?:napi_resolve_deferred|napi_call_function|napi_wrap\b"
        r"|NativeAsyncWork|ThreadSafeCallback|NativeSafeAsyncWork))",
        "a JS object was most likely corrupted earlier by native code using the napi_env (or a "
        "napi_value/napi_ref) from another thread; the crash shows where it was used next, not "
        "where it was broken",
        "Find the first wrong-thread access with DevEco's multi-thread check (Run > Edit "
        "Configurations > Diagnostics): call N-API only on the env's own JS thread and post "
        "work back to it with napi_threadsafe_function instead of touching JS objects from "
        "TaskPool/worker/native threads.",
        certain=False,
    ),
    # a memory fault in (or right under) napi_call_threadsafe_function: the thread-safe function,
    # or the object behind it, was released and the call jumped into freed memory (an anonymous
    # heap mapping, not code): a view closed while its animation still posts updates
    _c(
        CPP,
        r"(?s)\A(?=.*^\s*#0[0-3] pc [0-9a-fA-F]+ \S*/libace_napi\S*\.so\(napi_call_threadsafe_function\b)"
        r"(?=.*\bSIG(?:SEGV|BUS)\b)",
        "a thread-safe function (napi_threadsafe_function) was called after it was released, or "
        "after the object it posts to (a view, a component's native peer) was destroyed: the "
        "call jumped into freed memory",
        "Stop the native producer (an animation, a timer, a worker thread) before the object that "
        "owns the thread-safe function is destroyed (the page's aboutToDisappear, the view's "
        "release), call napi_call_threadsafe_function only between its create and "
        "napi_release_threadsafe_function (a released flag checked under a lock), and keep the "
        "context it uses alive until the finalizer runs. In a third-party library: upgrade it "
        "(a fix for this is often in its changelog).",
    ),
    _c(
        CPP,
        # the crash is inside an N-API entry point called by native code: the handle it was
        # given is no longer valid (the best-practice cases of error-prone N-API use)
        r"^\s*#0[0-3] pc [0-9a-fA-F]+ \S*/libace_napi\S*\.so\(napi_\w+",
        "native code passed N-API a handle that is no longer valid: a napi_env kept after its "
        "JS thread exited, a napi_ref already deleted, a napi_value used outside its handle "
        "scope, or one of them used from another thread",
        "Use the napi_env of the current call instead of a stored one (if one must be kept, "
        "register napi_add_env_cleanup_hook and stop using it there), never use a napi_ref "
        "after napi_delete_reference, keep a napi_value only inside its scope (napi_ref or an "
        "escapable scope for longer), and call N-API only on the env's own JS thread.",
        certain=False,
    ),
    # --- native crashes (the CppCrash FAQ's table)
    # sqlite faulting on its WAL index, the ``-shm`` file it maps: the mapping went bad under it,
    # because the database files were handled outside the store (copied, moved, deleted, an fd
    # closed) or their file keys were unloaded (an el3/el4 database while the screen is locked)
    _c(
        CPP,
        r"(?s)\A(?=.*SIG(?:BUS|SEGV))(?=.*libsqlite\S*\((?:walIndex\w+|walTryBeginRead|walBeginShm\w*)\b)",
        "sqlite faulted reading the database's WAL index (the -shm file it maps): the mapping "
        "became unreadable, because the database files were copied, moved, deleted or their fd "
        "closed with plain file APIs, or the store lives in el3/el4 and the screen was locked "
        "(its file keys unloaded)",
        "Touch database files only through the RDB interfaces (never copy, move, delete or "
        "close them with fs while the store is open); keep the database in el2 (not el3/el4), "
        "or stop all database work on the lock screen event (COMMON_EVENT_SCREEN_LOCKED).",
        certain=False,
    ),
    # ArkUI's UI pipeline (the task scheduler, the pipeline context, animators, frame nodes) run
    # on a worker thread (FFRT, TaskPool): UI interfaces are called from a child thread
    _c(
        CPP,
        r"(?s)\A(?:(?!^\s*Tid:).)*^\s*Tid:\d+,\s*Name:\s*(?:OS_FFRT|OS_TaskWorker|TaskWorker"
        r"|TaskPool|[Ww]orker|pool-|Thread-)\S*\s*$"
        r"(?=.*^\s*#0[0-4] pc [0-9a-fA-F]+ \S*libace\w*(?:\.z)?\.so\((?:OHOS::Ace::)?(?:NG::)?"
        r"(?:PipelineContext|UITaskScheduler|FrameNode|UINode|Animator|Scheduler|ViewAnimate)::)",
        "an ArkUI interface (an animator, a node, the pipeline) was called from a worker thread "
        "(FFRT/TaskPool): ArkUI's UI objects may be used only on the UI thread",
        "Call ArkUI interfaces (OH_ArkUI_*, node and animator APIs) only on the UI (main) "
        "thread: from a worker, post the call back to the UI thread (napi_threadsafe_function, "
        "the UI task runner) instead of calling it there.",
    ),
    # a crash inside the UI task scheduler's layout/render flush: its dirty-node lists were
    # changed from another thread (the ArkUI crash manual: only multi-threading breaks them)
    _c(
        CPP,
        r"^\s*#0[0-2] pc [0-9a-fA-F]+ \S*libace\w*(?:\.z)?\.so\((?:OHOS::Ace::)?(?:NG::)?"
        r"UITaskScheduler::Flush\w*Task",
        "ArkUI's task scheduler crashed flushing its dirty nodes: UI nodes were changed (marked "
        "dirty, created, removed) from a child thread while the UI thread laid them out",
        "Change UI state and nodes only on the UI (main) thread: from a TaskPool/worker or a "
        "native thread, send the data back and update the UI there, never call UI or node "
        "APIs on the child thread.",
        certain=False,
    ),
    # a node/gesture event callback the app registered through the C API, dispatched into freed
    # user data (a jump into the heap under NodeModel::HandleInnerEvent)
    _c(
        CPP,
        r"(?s)\A(?=.*^\s*#0[01] pc [0-9a-fA-F]+ (?:\[anon:[^\]]*\]|\S*Not mapped))"
        r"(?=.*^\s*#0[1-3] pc [0-9a-fA-F]+ \S*libace_ndk\S*\((?:OHOS::Ace::)?NodeModel::"
        r"HandleInnerEvent)",
        "ArkUI called back a node or gesture event target the app had already freed: the "
        "recognizer was Disposed (or the user data registered with setGestureEventTarget / "
        "registerNodeEvent freed) while its callback could still fire (use-after-free)",
        "Keep the gesture recognizer, node and their user data alive while the callback can "
        "fire: remove the event target / unregister the event before Dispose and before "
        "freeing the data.",
    ),
    # JSVM-API: the crash in SetReturnValue after the app's injected native function returned
    _c(
        CPP,
        r"^\s*#0[0-2] pc [0-9a-fA-F]+ \S*libjsvm\.so\([^\n]*FunctionCallbackWrapper::SetReturnValue",
        "the app's native function called from JSVM returned an invalid JSVM_Value (one never "
        "initialised, or from a closed handle scope)",
        "Make every JSVM_CallbackStruct function return a valid JSVM_Value: initialise the "
        "return value (OH_JSVM_GetUndefined when there is nothing to return) and check each "
        "OH_JSVM_* status before using its result.",
    ),
    # an OH_JSVM_* call from the app's code faulting inside the engine: the env/VM is gone or used
    # from another thread
    _c(
        CPP,
        r"(?s)\A(?=.*SIGSEGV)(?=.*^\s*#0[0-5] pc [0-9a-fA-F]+ \S*libjsvm\.so\(OH_JSVM_\w+)"
        r"(?=.*^\s*#0[0-6] pc [0-9a-fA-F]+ /data/storage/)",
        "a JSVM-API call from the app faulted inside the engine: its env or VM was already "
        "destroyed (OH_JSVM_DestroyEnv / DestroyVM) or used from another thread",
        "Call JSVM-API only on the one JS thread that owns the env, and not after "
        "OH_JSVM_DestroyEnv: keep a destroyed flag per env and skip queued tasks once it is set.",
        certain=False,
    ),
    # image.createPixelMap copying its buffer into the new pixel map (PixelMap::Create over
    # writePixels): the buffer is not raw pixels of that size and format (an encoded PNG/JPEG)
    _c(
        CPP,
        r"(?s)\A(?=.*(?:writePixels|WritePixelsConvert|PixelsConvert))(?=.*PixelMap::Create\()",
        "image.createPixelMap copied a buffer that is not raw pixels of the size and format it "
        "was told (encoded PNG/JPEG bytes, e.g. from resourceManager.getMediaContent, or a "
        "buffer smaller than width × height × bytes per pixel)",
        "createPixelMap takes raw pixel data only: decode encoded bytes with "
        "image.createImageSource(buffer) then imageSource.createPixelMap(), and size a raw "
        "buffer for the PixelMapFormat given in the options.",
        certain=False,
    ),
    # Image Kit's async work (packToFile/packToData, createPixelMap…) crashing inside the image
    # libraries on the worker that runs it (image-common-mistakes: the PixelMap released or
    # modified before the encode finished; one ImageSource shared by concurrent operations)
    _c(
        CPP,
        r"(?s)\A(?=.*^\s*#0[0-2] pc [0-9a-fA-F]+ \S*/lib(?:image_\w+|extplugin|pixelmap\w*)"
        r"(?:\.z)?\.so\()(?=.*(?:NativeAsyncWork|uv__queue_work|\bffrt::))",
        "an Image Kit object (a PixelMap, an ImageSource, an ImagePacker) was released, modified "
        "or used by another async operation while an async Image Kit call (packToFile, "
        "packToData, createPixelMap) still worked on it on a worker thread",
        "Await every async Image Kit call (or release in its Promise.then) before modifying "
        "(crop, scale…) or releasing the PixelMap or the ImagePacker it uses; never run "
        "concurrent async operations on one ImageSource: run them sequentially (await each) or "
        "create a separate ImageSource per task, and release it only after all of them finish; "
        "on a page's exit, let pending image work finish first (the objects' lifecycle).",
        certain=False,
    ),
    # libuv's async request completing on the loop (bpta-stability-coding-standard-libuv, case
    # 2): uv__queue_done/uv__work_done read a uv_work_t freed before after_work_cb ran, or the
    # thread pool jumped through a freed work_cb (uv_ffrt_work / uv__queue_work under a bad pc)
    _c(
        CPP,
        r"^\s*#00 pc [0-9a-fA-F]+ \S*/libuv\.so\((?:uv__?queue_done|uv__?work_done)\b"
        r"|^\s*#00 pc [0-9a-fA-F]+ +Not mapped\s*\n\s*#01 pc [0-9a-fA-F]+ ?\S*/libuv\.so\("
        r"(?:uv_ffrt_work|uv__?queue_work|uv__?queue_done|uv__?work_done)\b",
        "a libuv request (a uv_work_t given to uv_queue_work) was freed or reused before its "
        "completion ran: the work request's lifetime ended outside after_work_cb (a "
        "use-after-free, often a uv_cancel whose UV_ECANCELED status the callback ignored)",
        "Free the uv_work_t and its data only inside after_work_cb (check status == "
        "UV_ECANCELED there after uv_cancel, the callback still runs); allocate the uv_work_t "
        "on its own (new) with the app's object in work->data rather than as a member of an "
        "object whose lifetime ends earlier. HWASan/ASan finds the first use after free (UAF).",
    ),
    # a libuv handle freed while uv_close was still closing it (the same guide, case 1: uv_run →
    # uv__run_closing_handles → uv__finish_close), or an async handle sent to after its close
    _c(
        CPP,
        r"^\s*#00 pc [0-9a-fA-F]+ \S*/libuv\.so\((?:uv_run|uv__run_closing_handles"
        r"|uv__finish_close|uv__queue_remove|uv_async_send|uv__async_io)\b",
        "a libuv handle (a uv_async_t, uv_timer_t…) was freed while the loop still held it: "
        "uv_close is asynchronous and the handle must live until its close_cb, or the handle "
        "was used (uv_async_send) after it was closed",
        "Allocate the handle on its own (new uv_async_t) instead of as a member of an object "
        "destroyed right after uv_close, free it only in uv_close's close_cb, call uv_close on "
        "the loop's own thread, and never use a handle after closing it.",
        certain=False,
    ),
    # a typography handler built on a FontCollection that is gone: OH_Drawing_CreateFontCollection's
    # collection belongs to the one typography it is given and is destroyed with it
    _c(
        CPP,
        r"(?s)\A(?=.*SIGSEGV)(?=.*^\s*#0[0-3] pc [0-9a-fA-F]+ \S*librosen_text\S*\([^\n]*TypographyCreate)",
        "the text typography was created on a FontCollection that had been freed: one from "
        "OH_Drawing_CreateFontCollection is owned by the typography handler it was given and "
        "destroyed with it, so reusing it is a use-after-free",
        "Create the font collection with OH_Drawing_CreateSharedFontCollection when more than "
        "one typography handler uses it (or create a new one per handler).",
        certain=False,
    ),
    # HWASan's report of a tag mismatch with N-API right under the app's frames
    _c(
        CPP,
        r"(?s)\A(?=.*HWAddressSanitizer: tag-mismatch)(?=.*libace_napi)",
        "HWASan stopped a memory access whose pointer tag does not match the memory's: a bad "
        "pointer (freed, overflowed, or one that crossed ArkTS as a Number: a 64-bit tagged "
        "pointer in napi_create_int64 loses its top bits beyond the 53-bit precision)",
        "Read the report's access and allocation stacks; pass a native pointer to ArkTS with "
        "napi_create_bigint_int64 (or napi_wrap / napi_create_external), never as a Number.",
        certain=False,
    ),
    FDSAN,
    _c(
        CPP,
        r"LastFatalMessage:\s*errno is (?:9|22)\b.*\bfd is",
        "libuv found its event-loop fd closed under it: some code closed an fd twice (errno 9 "
        "EBADF, or 22 EINVAL when the number was reused)",
        "Find the double close: every fd is closed once, by the code that opened it (a "
        "resource/raw file fd closed both by fs.close and closeRawFd, a native close on an fd "
        "ArkTS still owns); set the variable to -1 after closing.",
    ),
    _c(
        CPP,
        r"XComponentPattern::(?:OnSurface\w+|DispatchTouchEvent)|OH_NativeXComponent::",
        "an OH_NativeXComponent (or the OH_NativeXComponent_Callback registered on it) was used "
        "after it was freed",
        "Keep the OH_NativeXComponent_Callback object alive until onSurfaceDestroyed has run, "
        "and do not call OH_NativeXComponent_* after onSurfaceDestroyed: the component holds "
        "raw pointers to both (use-after-free).",
    ),
    _c(
        CPP,
        r"Wrong full snapshot version|dart_vm_initializer",
        "the Flutter engine and the app's Dart snapshot were built in different modes (debug vs "
        "release)",
        "Build and run with the same mode for the engine and the app (flutter run --debug / "
        "--release / --profile) and rebuild the engine HAR for that mode.",
    ),
    # the Dart VM (a debug Flutter engine: JIT) failing to map executable memory: a released
    # (AppGallery/test-distributed) app may not map anonymous executable memory, so a flutter.har
    # built in debug mode aborts at start (OpenHarmony Flutter docs, 稳定性问题场景案例 case 1)
    _c(
        CPP,
        r"dart/runtime/vm/virtual_memory\w*\.cc:\s*\d+:\s*error: mmap failed",
        "the Dart VM could not map executable memory for its JIT: the Flutter engine (flutter.har) "
        "was built in debug mode, and a released app (signed for AppGallery or test distribution) "
        "may not map anonymous executable memory",
        "Build the package you publish in release mode (flutter build hap --release, with the "
        "release flutter.har): a debug (JIT) build runs only when installed for debugging.",
    ),
    # a Qt for HarmonyOS app calling exit() (``QtMainThread``, ``libqohos``, Q classes): Qt code
    # exits when its start fails, most often, on a port, a plugin not packaged into the HAP or
    # a file written where the sandbox is read-only
    _c(
        CPP,
        r"(?s)\A(?=.*Unexpected call: exit\()(?=.*(?:QtMainThread|libqohos|libQt\d|\bQ[A-Z]\w+::))",
        "the Qt app called exit() (appspawn turns it into SIGABRT) because its start failed at "
        "the frame under exit(): on a HarmonyOS port most often a Qt plugin not packaged into "
        "the HAP (a SQL driver such as sqldrivers/libqsqlite.so, an image or platform plugin) "
        "or a file written under a read-only path (the current directory)",
        "Read the Qt messages logged just before exit (hilog: QSqlDatabase, QFile errors); "
        "package the plugin the app loads (its sqldrivers/ / imageformats/ folder) into the "
        "HAP, write files only under QStandardPaths::writableLocation(AppDataLocation), and "
        "show the error instead of calling exit().",
        certain=False,
    ),
    _c(
        CPP,
        r"Unexpected call: exit\(",
        "the app called exit(); app processes may not, so it became SIGABRT",
        "End the ability with context.terminateSelf() (or UIAbilityContext.terminateSelf) "
        "instead of exit().",
    ),
    # Chromium (Electron, CEF, a WebView port) could not open its ICU data file: it traps at start
    _c(
        CPP,
        r"ICU data received|icudtl\.dat|Couldn't (?:mmap|open) icu|InitializeICU",
        "the Chromium-based runtime (Electron, CEF) could not open its ICU data file "
        "(icudtl.dat) and trapped on its startup check",
        "Give the runtime a readable ICU data file: copy icudtl.dat (or the system's "
        "/system/usr/icu data) out of the HAP to a real file (cacheDir) and pass "
        "--icu-data-dir=<that folder>; a path inside the HAP gives no usable file descriptor.",
    ),
    # abort() called straight from the app's own library (no assert, no C++ exception, no
    # runtime's fatal message): the app's code stopped the process on purpose
    _c(
        CPP,
        r"(?s)\A(?!.*LastFatalMessage)(?!.*(?:__assert|terminate|__cxa_|__throw_|__verbose_abort))"
        r"(?=.*SIGABRT)(?=.*^\s*#\d+ pc [0-9a-fA-F]+ \S*ld-musl\S*\(abort\+\d+\)[^\n]*\n"
        r"\s*#\d+ pc [0-9a-fA-F]+ /data/storage/)",
        "the app's own native code called abort() (the frame right under abort is its library)",
        "Find the abort() call in the app's library at that frame (symbolise it with the "
        "unstripped .so): fix the logic that reaches it, or handle the error and return "
        "instead of calling abort().",
    ),
    # the CppCrash fault-mode pages (best practices: SIGILL, SIGTRAP, SIGBUS)
    _c(
        CPP,
        r"may double free|double free",
        "memory was freed twice (the allocator's check trapped the second free)",
        "Free each allocation once: give it one owner (std::unique_ptr), set the pointer to "
        "nullptr after free/delete, and check the code below je_free/free in the stack: it is "
        "the second free.",
    ),
    # SIGILL by its si_code (the CppCrash guide's SIGILL table), then any SIGILL
    *(
        _c(CPP, rf"Signal:SIGILL\({code}\)", reading.cause, reading.fix)
        for code, reading in SI_CODES.items()
        if code.startswith("ILL_") and code != "ILL_ILLPACCFI"  # PAC: the engines' reading
    ),
    _c(CPP, r"Signal:SIGILL", SI_CODES["ILL_ILLOPC"].cause, SI_CODES["ILL_ILLOPC"].fix),
    # SIGTRAP by its si_code: a debugger's traps (a breakpoint, TRAP_BRKPT, reads on)
    *(
        _c(CPP, rf"Signal:SIGTRAP\({code}\)", reading.cause, reading.fix)
        for code, reading in SI_CODES.items()
        if code.startswith("TRAP_") and code != "TRAP_BRKPT"
    ),
    _c(
        CPP,
        r"Signal:SIGTRAP",
        "a trap instruction ran: a brk/__builtin_trap() or a release-mode assert left in the "
        "code, or a runtime check (the allocator, CFI, UBSan) that traps instead of aborting",
        "Read LastFatalMessage and the frame that trapped: remove debug BRK/__builtin_trap() and "
        "asserts from release code, or fix what the check reports.",
    ),
    # a call through a function pointer read from freed memory: the top frame's pc is the fault
    # address itself, not mapped, and made of the freed-memory fill (0xdd bytes) with a few bits
    # changed (bpta-stability-coding-standard-libuv, case 2: after_work_cb of a freed uv_work_t)
    _c(
        CPP,
        r"(?s)\A(?=.*^\s*#00 pc (?P<pc>[0-9a-f]{12,16}) +Not mapped\b)(?=.*@0x0*(?P=pc)\b)"
        r"(?=.*@0x[0-9a-f]*?d{3}[0-9a-f]*?d{3})",
        "a callback was called through a function pointer read from memory already freed "
        "(use-after-free): the program counter is the fault address, made of the freed-memory "
        "fill bytes (0xdd)",
        "Find the object holding the callback (a libuv uv_work_t with its after_work_cb, an "
        "async work's or a timer's context) that was freed before the callback ran: tie its "
        "lifetime to the callback, free the request and its data only inside the completion "
        "callback (after_work_cb), never before it ran; HWASan stops at the first use after "
        "free (UAF).",
    ),
    _c(
        CPP,
        r"BUS_ADRALN",
        "a misaligned memory access: a pointer cast to a wider type at an odd address, a broken "
        "stack pointer, or a call through a pointer that is not a function",
        "Check the pointer casts at the top frame (read unaligned data with memcpy, keep structs "
        "naturally aligned) and that every function pointer called is a real function.",
    ),
    _c(
        CPP,
        r"BUS_OBJERR",
        "a mapped file (mmap) was accessed past its end: the file was truncated or shrunk after "
        "it was mapped",
        "Do not ftruncate a file while it is mapped (or remap after), map only up to the file's "
        "current size, and check the offset the top frame writes.",
    ),
    _c(
        CPP,
        r"napi_fatal_error",
        "native code called napi_fatal_error",
        "Check why the native code gave up at the top frame (the fatal message says); handle "
        "the failing napi_* status instead.",
    ),
    _c(
        CPP,
        r"Assertion failed",
        "an assertion failed",
        "Check the asserted condition at the top frame and the values that broke it.",
    ),
    # the runtime stopping a thread that reads a module it never loaded (ModuleManager::
    # HostGetImportedModule): the concurrency guide's @Sendable case, a shared class's method run
    # in a Worker or a TaskPool task reading a function or a variable of its own file
    _c(
        CPP,
        r"\[ecmascript\] Can not get module\b",
        "a thread ran code that reads a module the thread never loaded: a @Sendable class's "
        "method, run in a Worker or a TaskPool task, uses a function or a variable of its own "
        "file, and that file is no shared module",
        "Make the file of @Sendable classes a shared module ('use shared' at its top, exporting "
        "only Sendable things), or move the functions and variables the method uses to another "
        "file that the method imports; keep module-level state out of code that runs in other "
        "threads.",
    ),
    # ONNX Runtime's own exceptions while loading a model (onnxruntime's model loader, through
    # an app or a port that bundles it: sherpa-onnx and other speech and vision runtimes)
    _c(
        CPP,
        r"Ort::Exception:[^\n]*No graph was found in the protobuf",
        "ONNX Runtime was given a file that holds no model: the model path is wrong, the file "
        "is missing from the package (rawfile) or empty, or it is a Git LFS pointer, not the "
        "model",
        "Check the model path the app passes and that the .onnx file is really there and "
        "whole (its size): a model in resources/rawfile must be copied to the sandbox (or read "
        "as a buffer) before ONNX Runtime opens it; download the model files the sample names, "
        "or run git lfs pull.",
    ),
    _c(
        CPP,
        r"Ort::Exception:[\s\S]{0,800}?(?:Opset \d+ is under development|ValidateOpsetForDomain"
        r"|Unsupported model IR version)",
        "the model needs a newer ONNX Runtime than the one the app bundles: its opset (or IR "
        "version) is past what that onnxruntime supports",
        "Re-export the model with an opset the bundled onnxruntime supports "
        "(torch.onnx.export(…, opset_version=17), or onnx's version converter), or build the "
        "app against a newer onnxruntime.",
    ),
    _c(
        CPP,
        r"terminating due to uncaught exception",
        "a C++ exception was not caught",
        "Catch the exception (try/catch) where the top frame throws it.",
    ),
    # the same seen in the stack only: abort() under the C++ runtime's terminate handler, called
    # from __cxa_throw (``abort_message`` ← ``demangling_terminate_handler`` ← ``std::__terminate``
    # ← ``failed_throw`` ← ``__cxa_throw`` ← ``std::__throw_length_error``)
    _c(
        CPP,
        r"^\s*#\d+ pc [0-9a-fA-F]+ [^\n(]*\((?:std::__(?:\w+::)?terminate\b|__cxa_(?:re)?throw\b"
        r"|demangling_terminate_handler|__cxxabiv1::failed_throw|std::__(?:\w+::)?__throw_\w+)",
        "a C++ exception was thrown and nothing caught it: the C++ runtime called std::terminate, "
        "which aborts (the __throw_* frame, if shown, names the exception: length_error for a "
        "size too large, out_of_range for an index or a key not found, bad_alloc for memory)",
        "Find the call that throws (the frame below __cxa_throw) and check the value it got (a "
        "size, an index, a path or a key the caller passed); catch the exception with try/catch "
        "where the app calls that code. In a prebuilt library the app cannot change, check how "
        "it is initialised and called (its arguments, the thread) and upgrade it.",
    ),
    _c(
        CPP,
        # faultloggerd's hint after the fault address; ASan's ``stack-buffer-overflow`` report
        # is a local array overrun instead (.sanitizers)
        r"probably caused by (?:coroutine )?stack-buffer-overflow|stack overflow",
        "the thread's stack ran out (deep recursion or large local arrays)",
        "Add a termination condition to the recursion, move big local buffers to the heap, "
        "keep a signal handler within the signal stack (an FFRT task's coroutine stack is "
        "small: or give it more with ffrt_task_attr_set_stack_size).",
    ),
    # the crash is inside JSVM-API's engine (V8, libv8_shared.so): the JSVM-API FAQ's crash
    # cases (an env used after OH_JSVM_DestroyEnv, a value or env of another thread)
    _c(
        CPP,
        r"^\s*#0[0-3] pc [0-9a-fA-F]+ ?/system/lib\S*/libv8_shared\.so\b",
        "the crash is inside JSVM-API's engine (V8): usually JSVM-API misuse by native code (a "
        "JSVM_Env or JSVM_VM used after OH_JSVM_DestroyEnv / OH_JSVM_DestroyVM, by a callback "
        "or task that outlived it, or a JSVM_Env or value used from a thread other than its own)",
        "Stop every callback, timer and task that uses a JSVM_Env before OH_JSVM_DestroyEnv and "
        "destroy the env, then the VM, on the thread that created them; use an env and its "
        "values only on that same thread and inside an open handle scope (JSVM_SCOPE_CHECK in "
        "a debug build stops at the first wrong call); look at the first app .so below the "
        "engine's frames.",
        certain=False,
    ),
    # the crash is inside the ArkTS runtime itself: N-API misuse by native code (the OpenHarmony
    # N-API stability FAQ: "high-probability crash with libark_jsruntime.so on top")
    _c(
        CPP,
        r"^\s*#00 pc [0-9a-fA-F]+ /system/lib\S*/libark_jsruntime\.so\b",
        "the crash (a NULL or wild pointer) is inside the ArkTS runtime: usually N-API misuse "
        "by native code (a napi_env or napi_value used from another thread, or after its scope "
        "closed, or an invalid argument)",
        "The runtime dereferenced a null pointer it was handed. Turn on the multi-thread check "
        "(DevEco Studio: Run > Edit Configurations > Diagnostics > Multi Thread Check) to catch "
        "the first wrong call; keep napi_value inside its scope "
        "(use napi_ref to keep one), call N-API only on the env's JS thread, and look at the "
        "first app .so below the runtime frames.",
        certain=False,
    ),
    _c(
        CPP,
        r"NULL pointer dereference|SEGV_MAPERR\)@0x0{0,14}[0-9a-f]{1,3}\b",
        "a NULL (or nearly NULL) pointer was dereferenced",
        "Check the pointers used at the top frame: uninitialised, freed, or the result of a "
        "napi_get_*/lookup that failed.",
    ),
    _c(
        CPP,
        r"SEGV_ACCERR",
        "memory was written (or executed) without permission: read-only data, a freed or "
        "guard page",
        "Check the write at the top frame (a const/read-only buffer, a dangling pointer); run "
        "with HWASan to find the first bad access.",
    ),
    _c(
        CPP,
        r"Failed to unwind stack|unreliable call stack",
        "the code overwrote the stack memory that records the calls (a buffer overrun on the "
        "stack), so the frames printed after the mark are a guess",
        "Find the write past a local buffer in the library at the top frames: run with HWASan "
        "(or ASan) to catch the first bad write; do not trust the frames past the unreliable "
        "mark.",
        certain=False,
    ),
    _c(
        CPP,
        r"\b__fd_chk\b",
        "musl's FORTIFY check aborted the process: FD_SET/FD_CLR/FD_ISSET got a file descriptor "
        "of FD_SETSIZE (1024) or more, which select()'s fd_set cannot hold",
        "Use poll() (or epoll) instead of select()/FD_SET at the frame below __fd_chk: a process "
        "with many open files gets descriptors above 1024.",
    ),
    _c(
        CPP,
        r"\b__fortify_error\b|\b__\w+_chk\b",
        "musl's FORTIFY check caught an overflow in a C library call (a *_chk function) and "
        "aborted the process",
        "Fix the call at the frame below the *_chk function: the buffer or descriptor it passes "
        "is larger than the destination allows.",
        certain=False,
    ),
    _c(
        CPP,
        r"SIGABRT",
        "the native code aborted itself (abort(): a failed check, an uncaught exception, a "
        "fatal error in a library)",
        "Find why the first frame of your own library called abort(): symbolise its address "
        "with hstack or llvm-addr2line on the unstripped .so, and log before the failing check.",
        certain=False,
        fallback=True,
    ),
    _c(
        CPP,
        r"SIGSYS",
        "the process made a system call its seccomp policy forbids (the musl function in the top "
        "frame: sethostname, mount, …); the kernel killed it",
        "Apps may not make this system call (seccomp): remove the call from the frame below the "
        "musl function, or use the HarmonyOS API meant for it.",
    ),
    _c(
        CPP,
        r"Signal:SIG\w+\((?:SI_TKILL|SI_USER|SI_QUEUE)\)",
        "the process sent the signal to itself (raise/kill/tgkill; ``from:`` names the sender): "
        "no memory fault",
        "Look at the frame that called raise() or kill(), just below them in the stack: that "
        "code stopped the process on purpose (a failed check, a handler re-raising the signal); "
        "its own log lines before the crash say why.",
    ),
    _c(
        CPP,
        r"SIGPIPE",
        "the process wrote to a socket or pipe whose other end was closed, and nothing "
        "handled SIGPIPE",
        "Ignore SIGPIPE in the native code (signal(SIGPIPE, SIG_IGN)) or send with "
        "MSG_NOSIGNAL, and handle the EPIPE error where the top frame writes.",
    ),
    _c(
        CPP,
        r"SIGSEGV|SIGBUS",
        "an invalid memory access",
        "Check the pointers at the top frame; if the stack differs between crashes the memory "
        "was corrupted earlier: run with HWASan and DevEco's multi-thread check.",
        certain=False,
        fallback=True,
    ),
)
