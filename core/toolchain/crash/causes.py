"""Why a crash or freeze happened: a table of signatures → likely cause and fix, and the frame to
look at.

Each :class:`Cause` matches the crash's error name + message, its reason, its fatal message or its
frames (one regular expression over a few lines of text, see :func:`_evidence_text`). The
first match in table order wins. The table follows the official case logs: the JS Crash FAQ
(``harmonyos-faqs/faq-stability-13``: ReferenceError/@Provide, TypeError, BusinessError, RangeError
and OOM cases), the CppCrash FAQ (``faq-stability-65``: the signal/reason table), the appfreeze
guide (THREAD_BLOCK_6S, APP_INPUT_BLOCK, LIFECYCLE_TIMEOUT), the native-crash guides (fdsan, libuv's
double close, the ArkUI crash FAQ's XComponent use-after-free, the N-API best practices and the
multi-thread case manual: ``ecma_vm cannot run in multi-thread``, a JS object broken by another
thread that crashes later under N-API, an invalid env/ref/value handed to ``napi_*``) and cases
seen in public issues (an N-API object used from another thread crashing in the GC or in
``JSON.stringify``, a native library missing for the device's ABI, a function passed to
``@Prop``, an API absent on the device).

A cause whose evidence is indirect (the message fits more than one story) is ``certain=False``:
the card and the doctor say "possibly". No cause is given rather than a guess: a crash that
matches nothing keeps only its what and where.

:func:`explain` also says where to look: the first frame of the app's own code (a raw release
frame ``ref|owner|ver|src/...`` whose owner is not a ``@scope/`` package, or a source-mapped
``entry/src/main/...``), and when the crash itself happened in a third-party runtime (a HAR
``@scope/name``, ``oh_modules``, ``libhermes.so``, the Flutter engine) it says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from hmdesk.core.toolchain.crash import structure
from hmdesk.core.toolchain.crash.engines import ENGINE_CAUSES
from hmdesk.core.toolchain.crash.model import CPP, FREEZE, JS, Cause, Crash, Frame
from hmdesk.core.toolchain.crash.model import rule as _c

ANY = f"{JS} {CPP} {FREEZE}"

# the engines' and system libraries' own wordings first (:mod:`.engines`), then these
CAUSES: tuple[Cause, ...] = (
    *ENGINE_CAUSES,
    # --- ArkUI's generated code ran without its component (``this``): the FAQ faqs-arkui-1159
    _c(
        JS,
        r"property observeComponentCreation2? of (?:undefined|null)",
        "a @Builder ran without the component it belongs to: a global @Builder (or one passed "
        "out of its struct) used where a component's builder is needed, so `this` is undefined",
        "Move the @Builder into the struct that calls it (call it as this.myBuilder()), or pass "
        "a global one through wrapBuilder()/ComponentContent with the UIContext; do not set a "
        "CustomBuilder through an AttributeModifier (attributeModifier): use @Extend or set it "
        "in build().",
    ),
    # state management refused a function for a decorated variable (a callback through @Prop)
    _c(
        JS,
        r"Illegal variable value error with decorated variable @(?:Prop|State|Link|Provide"
        r"|Consume|ObjectLink|StorageProp|StorageLink|LocalStorageProp|LocalStorageLink)\b"
        r"[^\n]*(?:function|not function)",
        "a function was passed to a decorated state variable (@Prop/@State…), which may hold "
        "only data, not a function (a callback)",
        "Pass the callback as a plain member (onTap: () => void = () => {}) or through "
        "@BuilderParam / @Event, not a @Prop/@State decorated variable.",
    ),
    # --- the ArkTS runtime's module, worker and object errors (HarmonyOS FAQ / best practices)
    _c(
        JS,
        r"Cannot find module '(?!@normalized:)[^'\n]+' imported from",
        "an ArkTS file of another HAR/HSP was loaded by a path the build did not package (a "
        "dynamic import or a variable path across modules)",
        "List the target module in runtimeOnly.packages (buildOption.arkOptions.runtimeOnly "
        "in the caller's build-profile.json5), depend on it in oh-package.json5 and import it "
        "by its package name (useNormalizedOHMUrl).",
    ),
    _c(
        JS,
        r"failed to serialize message|Serialize(?:r)? (?:error|failed)",
        "postMessage was given data the worker's structured clone cannot serialise (a function, "
        "a class instance with methods, a non-Sendable object)",
        "Send only plain data through postMessage (JSON-safe objects, ArrayBuffer/Uint8Array "
        "or @Sendable classes); JSON.stringify the message to find the field that fails.",
    ),
    _c(
        JS,
        r"(?s)\A(?=.*(?:is not callable|is not a function))(?=.*JSON\.parse\([^)\n]*\)\s+as\s+\w)",
        "a method was called on an object JSON.parse returned: `as Class` only casts, the plain "
        "object has no methods (no prototype)",
        "Create a real instance before calling its methods: new DataBean() and copy the fields "
        "(Object.assign), or class-transformer's plainToInstance(DataBean, obj).",
    ),
    _c(
        JS,
        r"(?s)\A(?=.*SyntaxError)(?=.*import\b[^\n]*from\s+'@kit\.)",
        "the app imports a kit (or a component of one) this device's system does not have, so "
        "the module fails to link at start",
        "Check the kit's SystemCapability on the device with canIUse('SystemCapability.…') and "
        "load the page that imports it only where it is supported (or use a device/image that "
        "has the kit).",
    ),
    # --- a native library or an API the device does not have
    _c(
        JS,
        r"SyntaxError.*(?:does not provide an export|the requested module)"
        r"|the requested module '[^']*\.so\b[^']*' does not provide an export"
        r"|lib\w*\.so.*(?:not found|cannot|failed)"
        # a binding object named after its library (``libRNOHApp is undefined``): the import
        # of the .so gave undefined because the library was not loaded
        r"|\blib[A-Z]\w* is (?:undefined|not defined)",
        "a native library (lib….so) is missing for this device's ABI (or does not export the "
        "name imported)",
        "Build the native code for the device's ABI: add it to abiFilters in the module's "
        "build-profile.json5 (arm64-v8a for phones, x86_64 for the emulator) and check that the "
        ".so is in the HAP's libs/<abi>/. If it is there, the .so does not export the name: "
        "register it in the napi module's Init and declare it in its Index.d.ts.",
    ),
    _c(
        ANY,
        r"Load native module failed",
        "a native module (a kit or a lib….so) could not be loaded on this device",
        "The device lacks this kit/API or the .so for its ABI: guard the call with "
        "canIUse('SystemCapability.…') (or try/catch the import) and check abiFilters for your "
        "own native module.",
    ),
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
    # a module the runtime cannot find in the app's bytecode (the flutter_flutter FAQ; the
    # HarmonyOS FAQ faqs-arkts-threading-model-9)
    _c(
        JS,
        r"cannot find record '",
        "the app's bytecode (modules.abc) lacks a module it loads: the SDK the app was built "
        "with does not match the device's system image, or a dependency was not packaged",
        "Build with the SDK that matches the device's system version (update the device or use "
        "its SDK), then rebuild clean so every dependency is packaged.",
    ),
    # the same, named by a normalized OHMUrl (``bundle&module/src/main/ets/path&version``): the
    # record the loader asked for is not in modules.abc under that name
    _c(
        JS,
        r"Cannot find module\s+'[^'@\n][^'\n]*&[^'\n]*'",
        "the app's bytecode (modules.abc) has no record under the normalized OHMUrl the loader "
        "asked for: the modules were built with different useNormalizedOHMUrl settings, or the "
        "page or module was not packaged",
        "Build every module with the same useNormalizedOHMUrl (the project's build-profile.json5, "
        "products[].buildOption.strictMode) and rebuild clean; a modules.abc built by hand must "
        "name its records bundle&module/path&version.",
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
    _c(
        JS,
        r"Cannot find module '@normalized:",
        "a module was loaded by a path that is not in the app: a Worker or a dynamic import "
        "named across packages (with useNormalizedOHMUrl a HAR may create a Worker only by a "
        "relative path to a file in its own package)",
        "Create the Worker with a relative path inside the package that holds its file (wrap it "
        "in a class exported by that package), or fix the import path.",
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
    _c(
        JS,
        r"circular structure|stack contains value",
        "JSON.stringify was given an object with a cycle (or a native/N-API object it cannot walk)",
        "Stringify a plain copy without back-references (or pass a replacer that drops them); "
        "never stringify objects created by native code from another thread.",
    ),
    # --- ArkUI state management
    _c(
        JS,
        r"missing @Provide property|Fail to resolve @Consume",
        "a @Consume has no matching @Provide in any ancestor component",
        "Add @Provide('name') with the same name (or alias) in an ancestor of the component at "
        "the location, or give the @Consume a default value (API 20+).",
    ),
    _c(
        JS,
        r"duplicate @Provide",
        "two components in the same ancestry @Provide the same name",
        "Rename one @Provide (or use @Provide('alias')): a descendant may not override an "
        "ancestor's @Provide.",
    ),
    _c(
        JS,
        r"use of default id generator function not possible",
        "ForEach's default key (index + JSON.stringify(item)) cannot serialise these items",
        "Pass a keyGenerator as ForEach's third argument, e.g. (item) => item.id.",
    ),
    _c(
        JS,
        # a release build (raw stack: no source map) failing to call into a HAR: the name looked
        # up at run time may have been renamed by obfuscation (the bytecode obfuscation FAQ)
        r"(?s)\A(?=.*(?:is not callable|is not a function))(?=.*Cannot get SourceMap info)"
        r"(?=.*\|@[^|\s]+/[^|\s]+\|)",
        "a function of a library (HAR) is not found at run time in a release build: obfuscation "
        "may have renamed a name the code looks up by string or reflection "
        "(Reflect.defineMetadata, obj['name'], the HAR's exports)",
        "If it happens only in release builds, keep those names out of obfuscation: "
        "-keep-global-name / -keep-property-name, or -keep <file> for the library's file, in "
        "obfuscation-rules.txt (a HAR's consumer-rules.txt too); otherwise check the library's "
        "version and how the app calls it.",
        certain=False,
    ),
    _c(
        JS,
        r"is not callable|is not a function",
        "something called as a function is not one: a function passed through @Prop (state "
        "variables cannot hold functions), a wrong property name, or an API missing on the device",
        "Check what the top frame calls: pass callbacks as regular members or @BuilderParam, not "
        "@Prop/@State; if it is a system API, guard it with canIUse().",
        certain=False,
    ),
    # --- plain JS errors
    _c(
        JS,
        r"Cannot (?:read|load) property (?:of|\S+ of) (?:undefined|null)|of null or undefined",
        "a property was read on undefined/null: the object is not set yet (async init, a failed "
        "lookup) or the API module is absent on this device",
        "Guard the object at the location (if (obj) / obj?.prop) and make sure it is initialised "
        "before the page uses it; if it is a system API that is undefined here, check "
        "canIUse('SystemCapability.…') first. If the object is a module imported from a native "
        "library (import x from 'libx.so'), the .so failed to load and the import is undefined: "
        "hilog says why (grep 'Load native module failed', MUSL-LDSO, dlopen).",
    ),
    _c(
        JS,
        r"Obj is not a valid object",
        "an object the code reads is not valid any more (or never was): page or component state "
        "read by a timer or callback still running after the page was left, or an invalid "
        "argument handed on to a system API (the OpenHarmony stability-test JS_ERROR cases)",
        "Clear timers (clearInterval/clearTimeout) and unregister callbacks in aboutToDisappear "
        "so nothing touches a page that is gone; check the arguments the location passes on "
        "and handle an invalid one before the call.",
        certain=False,
    ),
    _c(
        JS,
        r"ReferenceError.*\b(?!Observed\b)\w+ is not defined|^\w+ is not defined\s*$",
        "the code uses a global name the ArkTS runtime does not have at that moment: a browser "
        "or Node global (TextEncoder, window, Buffer, FormData) that a library expects, or a "
        "name a module sets only after the code ran",
        "Import it from the kit that provides it (e.g. util.TextEncoder from @kit.ArkTS) or "
        "install a polyfill that runs before the module that needs it (import order matters: "
        "a library may use the global while it loads).",
        certain=False,
    ),
    _c(
        JS,
        r"is not initialized|before initiali[sz]ation",
        "a let/const/class was used before its declaration ran, usually a circular import "
        "between modules",
        "Move the use after the declaration it needs, or break the circular import (the value "
        "is used before it is initialised when two files import each other).",
    ),
    _c(
        JS,
        r"Stack overflow|Maximum call stack",
        "unbounded recursion",
        "The recursion at the location never ends: add or fix its termination condition (two "
        "functions calling each other count too).",
    ),
    _c(
        JS,
        r"Unexpected Text in JSON|JSON\.parse|Unexpected token .* in JSON",
        "JSON.parse got text that is not JSON (an empty body, an HTML error page)",
        "Check the text before JSON.parse and wrap it in try/catch; log the response when it "
        "fails.",
    ),
    # --- Cangjie: an uncaught exception's fault log (``Reason:std.core:NoneValueException``,
    # ``.cj`` frames) or HiAppEvent's APP_CRASH with crash_type CjError (the Cangjie crash guide)
    _c(
        JS,
        r"\bstd\.core:OutOfMemoryError\b|\bOutOfMemoryError\b(?=[\s\S]{0,2000}\.cj:\d)",
        "the Cangjie heap is exhausted (OutOfMemoryError); the stack shows only where the last "
        "allocation failed",
        "Analyse the memory with DevEco Studio's Profiler (what keeps large arrays or collections "
        "alive), review the allocating logic, and check the cjHeapSize configured for the app.",
    ),
    _c(
        JS,
        r"\bstd\.core:StackOverflowError\b|\bStackOverflowError\b(?=[\s\S]{0,2000}\.cj:\d)",
        "a Cangjie thread's stack overflowed (unbounded or very deep recursion)",
        "Find the recursion in the repeating frames and bound it or make it iterative.",
    ),
    _c(
        JS,
        r"\bNoneValueException\b",
        "a Cangjie value that does not exist was read (Option.getOrThrow() on None, or map[key] "
        "for a key the HashMap does not hold)",
        "Check before reading: map.contains(key), or map.get(key) (an Option) with match / ??; "
        "or catch NoneValueException with try-catch.",
    ),
    _c(
        JS,
        r"\bstd\.core:IndexOutOfBoundsException\b",
        "a Cangjie array or collection was indexed outside its size",
        "Check the index against size before indexing, or catch IndexOutOfBoundsException.",
    ),
    _c(
        JS,
        r"\bcrash_type=CjError\b",
        "an uncaught Cangjie exception (HiAppEvent APP_CRASH, crash_type CjError); the event "
        "carries no stack of its own",
        "Read the crash's fault log, the event's external_log file (or DevEco Studio's FaultLog, "
        "type cjerror): its Reason, Exception info and Stacktrace; the first .cj frame of the "
        "app's own code threw it. Catch that exception there (try-catch) or check before the call.",
    ),
    _c(
        JS,
        r"\bstd\.core:\w*(?:Exception|Error)\b",
        "an uncaught Cangjie exception",
        "Catch it where it is thrown (try-catch) or check the condition before the call; the frame "
        "at the location is the app's own code that threw it.",
    ),
    _c(
        JS,
        r"OutOfMemory",
        "the ArkTS heap is full",
        "Find what holds the memory with DevEco's Snapshot (memory) template; release large "
        "objects and caches, and avoid huge single allocations.",
    ),
    _c(
        JS,
        r"Invalid array length",
        "an array was created or resized with a negative or huge length",
        "Check the computed length at the location before new Array(n) / arr.length = n.",
    ),
    _c(
        JS,
        r"UI execution context not found",
        "a UI API (router, promptAction, animateTo) was called outside a UI context (an async "
        "callback, a worker, an ability)",
        "Call it through the UIContext: this.getUIContext().getRouter() / "
        "getPromptAction(), or keep the UIContext from windowStage.getMainWindowSync().",
    ),
    _c(
        JS,
        r"must be associated with a Web component",
        "the WebviewController was used before (or after) its Web component was attached",
        "Use the controller only while its Web component is on screen (after "
        "onControllerAttached), and check before calling it from back/exit handlers.",
    ),
    _c(
        JS,
        r"Invalid resource ID",
        "a resource id ($r) that this module does not have",
        "Check the resource name, and read it with the resource manager of the module (HAR/HSP) "
        "that owns it.",
    ),
    _c(
        JS,
        r"Already closed",
        "an RdbStore or ResultSet was used after close() (or never opened)",
        "Do not use the store/result set after close(); reopen it, and close it only when "
        "every user is done.",
    ),
    _c(
        JS,
        r"Invalid (?:Url|Uri) string",
        "an invalid URL/URI string was parsed",
        "Validate or encode the string before url.URL.parseURL / new uri.URI (they throw "
        "10200002), and catch the error.",
    ),
    _c(
        JS,
        r"Parameter error\..*must be (\w+)",
        "an API was called with a parameter of the wrong type",
        "Pass a value of the type the message names (an undefined value counts as wrong) at the "
        "app's call site.",
    ),
    _c(
        JS,
        r"Invalid parameter|parameter invalid|Invalid argument",
        "an API was called with an invalid parameter",
        "Check the arguments the top frame passes against the API's documented parameter and "
        "argument ranges.",
        certain=False,
    ),
    _c(
        JS,
        r"^(?:Error|BusinessError):",
        "an error the code (or a library) threw was not caught",
        "Catch it where it is thrown or awaited (try/catch, promise.catch) and handle the failure "
        "instead of letting it end the process.",
        certain=False,
        fallback=True,
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
    _c(
        CPP,
        r"fdsan_(?:error|close_with_tag)|MUSL-FDSAN",
        "fdsan caught a file descriptor closed by code that does not own it (a double close, or "
        "close() on an fd a FILE* or another object owns)",
        "Close each file descriptor once, by its owner: fclose() a FILE* instead of close() on "
        "its fd, set the variable to -1 after closing, and do not close an fd you passed on; "
        "the frame below close() is the code that closed it.",
    ),
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
    _c(
        CPP,
        r"Signal:SIGILL",
        "the CPU met an illegal instruction: a trap instruction (udf/ud2) or invalid inline "
        "assembly, a CFI check that failed, or code built for a newer CPU than the device's",
        "Disassemble the unstripped .so at the top frame's pc: remove the invalid instruction "
        "or inline assembly, build with -march matching the device (armv8-a), and if the frame "
        "is a CFI check fix the indirect call it caught.",
    ),
    _c(
        CPP,
        r"Signal:SIGTRAP",
        "a trap instruction ran: a brk/__builtin_trap() or a release-mode assert left in the "
        "code, or a runtime check (the allocator, CFI, UBSan) that traps instead of aborting",
        "Read LastFatalMessage and the frame that trapped: remove debug BRK/__builtin_trap() and "
        "asserts from release code, or fix what the check reports.",
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
        r"stack-buffer-overflow|stack overflow",
        "the thread's stack ran out (deep recursion or large local arrays)",
        "Add a termination condition to the recursion, move big local buffers to the heap.",
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
    _c(
        FREEZE,
        r"\b\w*LIFECYCLE_(?:HALF_)?TIMEOUT",
        "a lifecycle callback of the ability took too long",
        "Keep the ability's lifecycle callbacks (onCreate, onWindowStageCreate, onForeground, "
        "onBackground) short: move file, database and network work to async calls or "
        "TaskPool.",
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

# runtimes and engines apps bundle (React Native's Hermes/JSI, Flutter, V8/QuickJS, Unity/IL2CPP,
# Cocos, Skia, FFmpeg, ijkplayer, WebRTC, MMKV, libpag, Lottie, inference engines, Kuikly, Taro,
# uni-app, the C++ runtime they ship): a crash in one of them is named with the app's own frame
THIRD_PARTY_LIBS = re.compile(
    r"lib(?:hermes\w*|flutter|react\w*|jsi|fbjni|folly\w*|yoga|c\+\+_shared|v8\w*|quickjs|qjs"
    r"|unity|il2cpp|mono\w*|cocos\w*|skia|av(?:codec|format|util|filter|device)\w*|sw(?:scale|resample)"
    r"|ffmpeg\w*|ijk\w+|webrtc\w*|jingle\w*|mmkv|pag|lottie\w*|rlottie|mnn|ncnn|tnn|onnxruntime"
    r"|tensorflowlite\w*|tflite\w*|paddle\w*|opencv\w*|kuikly\w*|taro\w*|weex\w*|dcloud\w*"
    r"|uniapp\w*)\.so",
    re.I,
)
_SYSTEM = ("/usr1/", "/system/", "/vendor/")
# system components installed as a bundle (ArkWeb's engine): mapped under an app-like path
_SYSTEM_BUNDLES = ("/arkwebcore/", "/com.ohos.arkwebcore/")


@dataclass(frozen=True)
class Explanation:
    cause: str
    fix: str
    certain: bool
    location: str | None  # the frame to look at (the app's own, else the first non-system one)
    third_party: str | None  # the package or library the crash happened in, if not the app's


def _evidence_text(crash: Crash) -> str:
    head = f"{crash.name}: {crash.message}" if crash.name else crash.message
    frames = "\n".join(f.raw or f.file for f in crash.frames[:8])
    return "\n".join(s for s in (head, crash.reason, crash.message, frames, crash.raw[:4000]) if s)


_FRAME_LOC = re.compile(r"\(([^()]*?):(\d+):(\d+)\)[^()]*$")


_C_SOURCE = (".c", ".cc", ".cpp", ".cxx", ".h", ".hpp")
# ``#04 pc … f(int) /build/src/x.cpp:467:56``: the source line a symboliser printed
_TRAILING_SOURCE = re.compile(r"\s(/?[\w./-]+\.(?:c|cc|cpp|cxx|h|hpp|mm?|rs):\d+(?::\d+)?)\s*$")
# musl's failed assert: ``Assertion failed: expr (file: function: line)``
_ASSERT_AT = re.compile(r"Assertion failed: [^\n]*\(([^()\n]+?\.\w+): [^:()\n]+: (\d+)\)")


def _frame_location(frame: Frame) -> str:
    """The place: the app's source file for its own frames (``entry/src/main/ets/x.ets:52:1``,
    also for a raw release frame, whose line is the compiled ``x.ts``'s), else the path the
    log prints, and the library and symbol for native frames."""
    # the app's own source file (``entry/src/main/ets/pages/Index.ets`` for a raw release frame's
    # compiled ``Index.ts``): the name the card's stack links and the editor use
    path = frame.source or (frame.file.split("|")[-1] if "|" in frame.file else frame.file)
    # a Windows build path printed with (doubled) backslashes: ``\\MainAbility\\pages\\x.ets``
    path = re.sub(r"/{2,}", "/", path.replace("\\", "/"))
    m = _FRAME_LOC.search(frame.raw)
    if m is not None:
        return f"{path}:{m.group(2)}:{m.group(3)}"
    m_src = _TRAILING_SOURCE.search(frame.raw)
    if m_src is not None:  # a native frame a symboliser printed with its source line after it
        return m_src.group(1)
    if frame.line and frame.symbol and path.endswith(_C_SOURCE):
        return f"{path}:{frame.line}({frame.symbol})"  # a hand-symbolised native frame
    if frame.line:
        return f"{path}:{frame.line}" + (f":{frame.column}" if frame.column else "")
    if frame.symbol and not frame.symbol.startswith("pc "):
        return f"{path}({frame.symbol})" if path else frame.symbol
    return path


_MAPPED_PACKAGE = re.compile(r"^\s*(?:#\d+\s+)?at\s+\S+\s+(@[^\s/()]+/[^\s()]+)\s+\(")


def _owner(frame: Frame) -> str:
    """The module that owns a JS frame's code (``@scope/har`` for a library), or ''."""
    if "|" in frame.file:
        parts = frame.file.split("|")
        return parts[1] if len(parts) >= 4 else ""
    if "oh_modules/" in frame.file:
        # ohpm's store layout ``oh_modules/.ohpm/@s+p@1.0/oh_modules/@s/p/src/…``: the last one
        return frame.file.rsplit("oh_modules/", 1)[1].split("/src/", 1)[0]
    # a source-mapped frame names its package after the function: ``at WlPlayer @s/p (…)``
    m = _MAPPED_PACKAGE.match(frame.raw)
    return m.group(1) if m else ""


def _third_party(frame: Frame) -> bool:
    owner = _owner(frame)
    if "|" in frame.file and owner.startswith("@"):
        # ``dcar|@dcar/utils|…``: a package scoped under the app's own module is the app's code
        return owner[1:].split("/", 1)[0] != frame.file.split("|", 1)[0]
    return owner.startswith("@") or "oh_modules/" in frame.file


def _is_system(frame: Frame) -> bool:
    # an anonymous mapping (``[anon:native_heap:jemalloc]``) or ``Not mapped`` is a jump into
    # data: no code there
    return (
        frame.file.startswith(_SYSTEM)
        or any(b in frame.file for b in _SYSTEM_BUNDLES)
        or not frame.file
        # a Cangjie frame outside the app's sources: the std library, the runtime's FFI glue
        or (frame.file.endswith(".cj") and frame.source is None)
        or frame.file.startswith("[")
        or frame.raw.endswith("Not mapped")
        or "stateMgmt" in frame.file
    )


# the runtime's own plumbing under a crash: abort/raise, the ArkTS runtime and N-API themselves;
# in a stack of system frames the first frame past them is the caller that went wrong
_PLUMBING = re.compile(r"/(?:ld-musl[^/]*|libc|libc\+\+|libark_jsruntime|libace_napi\.z)\.so")


def where(crash: Crash) -> tuple[str | None, str | None]:
    """(the frame to look at, the third-party package/library the crash is in or None)."""
    frames = crash.frames
    non_system = [f for f in frames if not _is_system(f)]
    own = [f for f in non_system if not _third_party(f) and not THIRD_PARTY_LIBS.search(f.file)]
    third: str | None = None
    top = non_system[0] if non_system else None
    if top is None:
        # only system frames: the first one with a symbol past the runtime's plumbing (else
        # the first with a symbol) says where the system code was
        named = [f for f in frames if f.symbol and not f.symbol.startswith("pc ")]
        top = next((f for f in named if not _PLUMBING.search(f.file)), named[0] if named else None)
    elif _third_party(top):
        third = _owner(top)
    native = next(
        (
            f
            for f in frames[:6]
            if THIRD_PARTY_LIBS.search(f.file) and not f.file.startswith(_SYSTEM)
        ),
        None,
    )
    if native is not None:
        third = THIRD_PARTY_LIBS.search(native.file).group(0)  # type: ignore[union-attr]
    pick = _most_precise(own) if own else top
    return (_frame_location(pick) if pick is not None else None), third


# a raw release frame's file renamed by ArkGuard: ``entry|entry|1.0.0|src/main/ets/k/l.ts``
_OBFUSCATED_FILE = re.compile(r"\|src/main/ets/(?:[a-z]{1,2}/)+[a-z]{1,2}\.(?:ts|js)$")
# a parameter error's message naming the parameter: ``Parameter error. The type of "x" must be``
_NAMED_PARAMETER = re.compile(
    r"Parameter error\b.*?\b(?:type of|parameter|param)\s+[\"'“]([A-Za-z_$][\w$.]*)[\"'”]", re.I
)
_ERROR_CTOR = re.compile(r"(?:new )?\w*Error")


def _most_precise(frames: list[Frame]) -> Frame:
    """The first of the app's own frames that names a place: a source line, or a native symbol;
    a compiled ``.js`` line only when no source line is printed (a stack that runs
    ``x.js:8479`` → ``x.ets:31`` → …, or a library without symbols under an ArkTS caller)."""
    named = [f for f in frames if f.line or (f.symbol and not f.symbol.startswith("pc "))]
    # an error class's constructor (``at RNOHError (…/RNOHError.ts)``) only builds the error:
    # the frame that threw it is the one below
    thrower = [f for f in named if not _ERROR_CTOR.fullmatch(f.symbol or "")]
    named = thrower or named
    source = [f for f in named if not f.file.endswith(".js") or not f.line]
    return (source or named or frames)[0]


def _own_location(crash: Crash) -> str | None:
    own = [
        f
        for f in crash.frames
        if not _is_system(f) and not _third_party(f) and not THIRD_PARTY_LIBS.search(f.file)
    ]
    return _frame_location(_most_precise(own)) if own else None


def explain(crash: Crash, table: tuple[Cause, ...] = CAUSES) -> Explanation | None:
    """The likely cause of ``crash`` with its fix, or None when the evidence supports none.

    The signatures of :data:`CAUSES` first, then the structural reading of the fault log
    (:func:`.structure.read`: the signal's code and fault address, the top frames' library, the
    process's last message, an API's error code, the error's name, a freeze's blocking frame),
    then the catch-alls. A freeze's cause says what the main thread was doing when the log
    shows it. ``table``: the signatures to use (a test leaves one out)."""
    text = _evidence_text(crash)
    location, third = where(crash)
    m_assert = _ASSERT_AT.search(crash.message) if crash.type == CPP else None
    if m_assert is not None:  # the failed assert names its own source line
        location = f"{m_assert.group(1)}:{m_assert.group(2)}"
    own = location is not None and location == _own_location(crash)
    found = next((c for c in table if not c.fallback and _applies(c, crash, text)), None)
    reading = structure.read(crash, text) if found is None or crash.type == FREEZE else None
    if found is None and reading is None:
        found = next((c for c in table if c.fallback and _applies(c, crash, text)), None)
    if found is not None:
        cause, fix, certain = found.cause, found.fix, found.certain
        if reading is not None:  # a freeze: what the main thread was doing
            cause, fix, certain = f"{cause}: {reading.cause}", f"{reading.fix} {fix}", certain
    elif reading is not None:
        cause, fix, certain = reading.cause, reading.fix, reading.certain
        said = ": ".join(x for x in (crash.name, crash.message) if x).strip()
        if crash.type == JS and said and said.lower() not in cause.lower():
            fix += f" The error: “{' '.join(said.split())[:200]}”."
    else:
        return None
    if crash.type == JS and any(_OBFUSCATED_FILE.search(f.file) for f in crash.frames[:8]):
        fix += (
            " The stack's file names are obfuscated (ArkGuard's file-name obfuscation is on): if "
            "this fails only in the release build, obfuscation renamed something a library or "
            "a lookup by name needs: add keep rules (-keep-property-name, -keep-global-name, "
            "-keep-file-name in obfuscation-rules.txt; a library's consumer rules), or update "
            "the library to a version that ships them."
        )
    m_param = _NAMED_PARAMETER.search(crash.message) if crash.type == JS else None
    if m_param is not None and m_param.group(1) not in fix:
        fix += (
            f" The parameter the message names: “{m_param.group(1)}”: pass it that type, or "
            "remove it where this API (or this platform's port of the component) does not take it."
        )
    if crash.type == CPP:
        words = structure.last_message(crash, text)
        if words and words not in cause and words not in fix:
            fix += f" The process's last message: “{words}”."
    if crash.type == CPP and not crash.frames and crash.reason and "Sanitizer" not in crash.raw:
        # a fault log cut right after its header (an issue's excerpt, a truncated paste)
        fix += (
            " This log stops before the fault thread's frames (it is cut after its header): "
            "they say where it happened, so read them in the whole fault log."
        )
    if crash.type == CPP and location and not third:
        fix += (
            f" Top frame of the app's own code: {location}."
            if own
            else f" No frame of the app's own code is in the stack; the top frame is system code: "
            f"{location}."
        )
    if third:
        fix += f" The crash happened inside {third} (third-party code)" + (
            f"; the app's nearest own frame is {location}."
            if own
            else "; no frame of the app's own code is in the stack: look at how the app "
            f"uses {third} (its version, its supported devices and ABIs)."
        )
    return Explanation(cause, fix, certain, location, third)


def _applies(c: Cause, crash: Crash, text: str) -> bool:
    return crash.type in c.types and c.pattern.search(text) is not None
