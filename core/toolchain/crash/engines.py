"""Engines' and system libraries' own crash wordings: why a stack that is all system code stopped.

A crash or freeze whose frames are all an engine's or a system library's (ArkWeb's Chromium
engine, JSVM's V8, the render service, the surface buffer queue, a sanitizer's runtime) says
little about the app, but the engine names its own reason in the frames it stops in: Chromium's
``logging::LogMessage`` destructor is a ``LOG(FATAL)``/``CHECK`` failing, ``CrashIntentionally``
is a debug URL, crashpad's ``StartHandlerForClient`` is its handler not starting, V8's
``ReportApiFailure``/``OS::Abort`` an API misuse, ``libclang_rt.asan`` aborting is ASan's
report. These signatures are read before :data:`.explain.CAUSES`' own (first match wins).

A stack that shows where but not why (a destructor crashing, a JS entry of V8, a thread of a
runtime's optional executor) gets ``certain=False``: the card and the doctor say "possibly".
"""

from __future__ import annotations

from hmdesk.core.toolchain.crash.model import CPP, FREEZE, JS, Cause
from hmdesk.core.toolchain.crash.model import rule as _c
from hmdesk.core.toolchain.crash.sanitizers import LIFETIME

_WEB = "The web engine (ArkWeb's Chromium code, libarkweb_engine)"
_CHROMIUM_FATAL = r"logging::(?:PAC_)?(?:Errno)?(?:LogMessage|CheckError)::(?:~|Flush)"

ENGINE_CAUSES: tuple[Cause, ...] = (
    # --- ArkWeb / Chromium: the engine stopping itself, named by the frames it stops in
    _c(
        CPP,
        r"CrashIntentionally\(",
        f"{_WEB} crashed on purpose (CrashIntentionally): a page opened a debug URL such as "
        "chrome://crash (chrome://kill, chrome://hang), which crash the renderer to test crash "
        "handling",
        "Nothing in the app's code broke: find what loaded the chrome://crash debug URL (a test "
        "page, a link, a URL built from input) and block chrome:// debug URLs in the Web "
        "component's onLoadIntercept.",
    ),
    _c(
        CPP,
        r"(?:crash_reporter|crashpad)::(?:\w+::)*\w*StartHandler\w*\(",
        f"{_WEB} could not start its crash reporter's handler process (crashpad) and stopped on a "
        "LOG(FATAL)",
        "crashpad's handler is spawned as its own process: look in hilog at the time of the crash "
        "for SELinux denials (avc: denied) and exhausted resources (fds, threads, memory). The "
        "cause is in the device's policy or resources, not in the app's pages.",
    ),
    _c(
        CPP,
        r"IntentionallyCrash\w*GpuProcess\w*\(",
        f"{_WEB} stopped itself because its GPU process was unusable: the GPU process (rendering "
        "and compositing) crashed or failed to spawn again and again",
        "The cause is in the GPU process: find its own crash log or the reason it could not spawn "
        "(in hilog just before this crash: a SELinux denial, memory pressure, a GPU driver "
        "error); this stack only shows the browser giving up.",
    ),
    _c(
        CPP,
        r"ScopedFDCloseTraits::Free\(",
        f"{_WEB} failed to close a file descriptor it owns (a CHECK on close() failed): the fd "
        "was already closed by other code, a double close",
        "Find the code that closes an fd it does not own (an fd handed to or received from the "
        "Web engine, a double close in a native module); fdsan (fdsan_exchange_owner_tag) "
        "reports the first wrong close.",
    ),
    _c(
        CPP,
        _CHROMIUM_FATAL,
        f"{_WEB} stopped on purpose on a failed CHECK or LOG(FATAL)",
        "The frames under the logging:: ones name the check that failed, and the engine's FATAL "
        "line in hilog just before the crash gives its file:line: it is the engine's own "
        "assertion (a wrong argument from the app to a Web API, or the environment: resources, "
        "permissions).",
    ),
    # --- ArkUI converting a Web component's event for the app's ArkTS callback
    _c(
        CPP,
        r"Framework::JSWeb\w*::Set\w*Event\(|\b\w+EventToJSValue\(",
        "the crash is in ArkUI handing a Web component's event to the app's ArkTS callback "
        "(LoadInterceptEvent → onLoadIntercept, and the like): a JS exception thrown in "
        "that callback, or the event's object used after the callback returned",
        "Check the app's Web event callback (onLoadIntercept, onInterceptRequest, …): catch "
        "what it throws (a JS exception there reaches native code), do not keep the event's "
        "request object past the callback, and test its fields for null/undefined.",
        certain=False,
    ),
    # --- JSVM (V8): API misuse reported by V8 itself
    _c(
        CPP,
        r"v8::Utils::ReportApiFailure[\s\S]{0,3000}?OH_JSVM_DestroyEnv",
        "JSVM's V8 stopped on an API misuse while OH_JSVM_DestroyEnv ran the env's finalizers: "
        "a handle was created with no HandleScope open, or with an exception still pending",
        "Before OH_JSVM_DestroyEnv, clear any pending exception (OH_JSVM_IsExceptionPending, "
        "OH_JSVM_GetAndClearLastException) and close the HandleScopes you opened; a finalizer "
        "that calls JSVM APIs opens its own HandleScope.",
    ),
    # the JSVM FAQ (faqs-jsvm-4, -6, -7): V8's heap limit, JS run from a finalizer, VMs created
    # on several threads at once
    _c(
        CPP,
        r"libjsvm\.so\([^\n]*FatalProcessOutOfMemory",
        "JSVM's V8 ran out of its heap (v8::FatalProcessOutOfMemory): the app's JS objects "
        "reached V8's memory limit",
        "Pass larger limits to OH_JSVM_Init (max-old-space-size, max-semi-space-size, in MB); if "
        "it still crashes, find the leak (a heap snapshot: OH_JSVM_TakeHeapSnapshot) and release "
        "references the app keeps.",
    ),
    _c(
        CPP,
        r"(?:V8_Fatal|OS::Abort|ReportApiFailure)[\s\S]{0,3000}?OH_JSVM_\w+[\s\S]{0,6000}?"
        r"(?:CallFinalizer|Reference::Finalize|Reference::WeakCallback|\bFinalizer\b)",
        "JS code ran inside a JSVM finalizer: a Finalizer (of OH_JSVM_Wrap, OH_JSVM_CreateExternal, "
        "a reference) called a JSVM API that runs JS (OH_JSVM_CallFunction …), which JSVM forbids, "
        "so V8 stopped the process",
        "In the Finalizer, only release the native objects bound to the JS object's lifetime and "
        "call no JSVM API; to run JS after the object dies, post that work to the outer event "
        "loop for its next turn.",
    ),
    _c(
        CPP,
        r"^\s*#0[0-3] pc [0-9a-fA-F]+ \S*libjsvm\.so\(v8::internal::"
        r"(?:Heap::AllocateExternalBackingStore|BackingStore::Allocate)\b",
        "JSVM's ArrayBuffer allocator was null: OH_JSVM_CreateVM ran on several threads at once "
        "and the race left the VM's array_buffer_allocator_ unset, so allocating an ArrayBuffer's "
        "backing store dereferenced it",
        "Guard OH_JSVM_CreateVM with a lock (a static std::mutex and std::lock_guard around the "
        "call) so that only one thread creates a VM at a time.",
        certain=False,
    ),
    _c(
        CPP,
        r"v8::Utils::ReportApiFailure|v8::base::OS::Abort\(",
        "V8 (JSVM) stopped the process on an API misuse (ReportApiFailure / OS::Abort): an API "
        "called in a state V8 does not allow",
        "Check the JSVM calls in the app's frames: a call with an exception pending, a handle "
        "made outside a HandleScope, an env used after OH_JSVM_DestroyEnv or from another "
        "thread; V8's 'Fatal error' line in hilog names the API.",
        certain=False,
    ),
    _c(
        CPP,
        r"libv8\w*\.so\(Builtins_(?:InterpreterEntryTrampoline|JSEntryTrampoline|JSEntry)\b",
        "a JSVM env used after OH_JSVM_DestroyEnv, or from a thread other than the one that "
        "created it: the crash is in V8 (JSVM) entering JS code",
        "A JSVM env is bound to its thread and lives until OH_JSVM_DestroyEnv: make every "
        "OH_JSVM_* call of one env on the same thread (keep per-thread envs in thread_local "
        "storage), and none after DestroyEnv.",
        certain=False,
    ),
    # --- a napi_ref freed on an env whose engine is gone or on another thread: ArkTS's global
    # handle released from a napi reference's destructor
    _c(
        CPP,
        r"(?:^#0[0-2] pc 0+ Not mapped|__ubsan_handle_\w+|\bSIG(?:SEGV|BUS))[\s\S]{0,1500}?"
        r"JSNApi::DisposeGlobalHandleAddr\([\s\S]{0,800}?(?:~ArkNativeReference|napi_delete_reference)",
        "a napi reference (napi_ref) was deleted while its env's engine was already destroyed or "
        "on a thread other than its env's: ArkTS's global handle it releases is gone (a napi_env "
        "kept past its thread's engine, or reused for a new Worker/TaskPool thread)",
        "Delete each napi_ref on its own env's thread while that engine lives: do not keep "
        "napi_env or napi_ref in globals shared by the main thread, Workers and TaskPool tasks "
        "(key per-env tables by env and clear them in napi_add_env_cleanup_hook), and upgrade a "
        "native library that caches references across threads.",
        certain=False,
    ),
    # --- a pointer authentication (PAC) failure: a signed return address or function pointer
    # that no longer authenticates was overwritten in memory
    _c(
        CPP,
        r"\bILL_ILLPACCFI\b|\bautia(?:sp|z)?\b[\s\S]{0,400}?SIGILL|SIGILL[\s\S]{0,3000}?\bautia(?:sp|z)?\b",
        "a pointer authentication (PAC) check failed: the saved return address or a function "
        "pointer was overwritten in memory before it was used, typically a stack buffer overflow "
        "(a memcpy/strcpy past the end of a local array) or other memory corruption",
        "Look in the function named by the top frame for writes into its local arrays: a "
        "memcpy/strcpy/sprintf of more bytes than the buffer holds (use memcpy_s/strcpy_s with "
        "the buffer's size), an index out of bounds; ASan/HWASan (DevEco: Diagnostics) stops at "
        "the overflowing write.",
    ),
    # --- UBSan's minimal runtime: undefined behaviour caught, the handler's name is the kind
    _c(
        CPP,
        r"__ubsan_handle_(\w+?)(?:_minimal)?(?:_abort)?\b",
        "UndefinedBehaviorSanitizer stopped the process on undefined behaviour: its handler "
        "(__ubsan_handle_<kind>) names what was caught (load_invalid_value: a bool or enum read "
        "from memory holding other bytes, often freed or uninitialised memory or a data race; "
        "add_overflow/mul_overflow: signed overflow; type_mismatch: a null or misaligned "
        "pointer; out_of_bounds: an array index)",
        "The frame under the __ubsan_handle_* one is where it happened: fix that code's value "
        "(initialise it, keep the object alive, take a lock if another thread frees or writes "
        "it); in a system library, look for the app's object it was handed (a napi_ref or "
        "napi_env used from another thread, a freed handle) and upgrade the native library "
        "that passed it.",
        certain=False,
    ),
    # --- a freeze waiting for a mutex inside a surface's destroy callback: a deadlock
    _c(
        FREEZE,
        r"(?:mutex\w*::lock|pthread_mutex_\w*lock\w*|__timedwait)[\s\S]{0,1500}?"
        r"(?:OnSurfaceDestroyed|SurfaceDestroyed\w*|OnDestroy\w*Surface)\b",
        "a deadlock: the main thread waits for a mutex inside a surface's destroy callback "
        "(XComponent's OnSurfaceDestroyed), while that mutex is held by code that waits for the "
        "same thread, typically the native view's release/destroy holding it while the surface "
        "is torn down",
        "In the native library's surface callbacks, do not take a mutex that release()/destroy "
        "holds while it destroys the surface (or the XComponent): remove the listener/callback "
        "before releasing (RemoveListener), release outside the lock, or upgrade the library "
        "(its mutex order is the bug).",
        certain=False,
    ),
    # --- sanitizers: the runtime library aborting is the sanitizer's report
    _c(
        CPP,
        r"^\s*#0[01] pc [0-9a-fA-F]+ \S*libclang_rt\.hwasan[\w-]*\.so\(__hwasan_\w+",
        "HWASan's tag check trapped (SIGTRAP in __hwasan_*): the frame below it accessed memory "
        "whose tag does not match its pointer's: memory already freed (use-after-free) or past "
        "its buffer",
        f"{LIFETIME} HWASan's report in hilog (HWAddressSanitizer: tag-mismatch) has the "
        "freed-by and allocated-by stacks.",
        certain=False,
    ),
    _c(
        CPP,
        r"AddressSanitizer: container-overflow",
        "AddressSanitizer reported a container-overflow: an access past a std:: container's "
        "size but inside its capacity",
        "Fix the access if it is the app's own; if part of the program (a prebuilt .so) is built "
        "without ASan, this is a known false positive: set the environment variable "
        "ASAN_OPTIONS=detect_container_overflow=0, or build every library with ASan.",
    ),
    _c(
        CPP,
        r"(?s)\A(?!.*Sanitizer: )(?=.*libclang_rt\.asan[\w-]*\.so)",
        "AddressSanitizer stopped the process: its runtime (libclang_rt.asan) found a memory "
        "error and called abort()",
        "Read the sanitizer's report printed before the crash (ERROR: AddressSanitizer: <kind>): "
        "the first frame under the __asan_* ones is the bad access. A container-overflow in a "
        "std:: container while a prebuilt .so is built without ASan is a known false positive: "
        "set ASAN_OPTIONS=detect_container_overflow=0 in the environment, or build everything "
        "with ASan.",
    ),
    # --- a JIT or dynamic translator setting up its code buffer (executable memory)
    _c(
        CPP,
        r"\b(?:tcg_exec_init\w*|tcg_init\w*|alloc_code_gen_buffer\w*|uc_init_engine)\b"
        r"|mprotect[^\n]{0,80}PROT_EXEC|PROT_EXEC[^\n]{0,80}(?:denied|refused|not permitted)",
        "the system refused executable memory (PROT_EXEC): a JIT or dynamic translator "
        "(QEMU/unicorn's TCG, a JIT) maps its generated code executable, which HarmonyOS does "
        "not allow an app by default, and the engine gave up (exit/abort)",
        "Run the engine as an interpreter (TCI for QEMU/unicorn, the JIT turned off), or request "
        "the executable memory permission (ohos.permission.kernel.ALLOW_EXECUTABLE_FORT_MEMORY) "
        "where the device allows it; an app process may not call exit(), so the engine's exit "
        "became SIGABRT.",
        certain=False,
    ),
    # --- React Native for OpenHarmony's optional background executor
    _c(
        CPP,
        r"\bRNOH_BACKGROUND\b",
        "the crash is on React Native for OpenHarmony's background executor thread "
        "(RNOH_BACKGROUND), the experimental executor that runs the JS runtime off the main "
        "thread",
        "Turn the background executor off (enableBackgroundExecutor: false in the RNInstance's "
        "options) and see whether the crash goes; if so, report it to RNOH with this stack.",
        certain=False,
    ),
    # --- the surface buffer queue: RequestBuffer waits while every buffer is out
    _c(
        f"{CPP} {FREEZE}",
        r"BufferQueue::RequestBuffer\w*\(|NativeWindowRequestBuffer\b",
        "the thread waited for a free buffer of a surface's buffer queue: RequestBuffer blocks "
        "while every buffer is requested and not yet returned",
        "Every buffer requested (OH_NativeWindow_NativeWindowRequestBuffer) must go back with "
        "FlushBuffer or CancelBuffer, also on error paths; check for a consumer that stopped "
        "taking buffers and for an fd leak, and do not request buffers on the main thread.",
    ),
    # --- render nodes changed from more than one thread
    _c(
        f"{CPP} {FREEZE}",
        r"^#0[0-2] pc \S+ \S+\(OHOS::Rosen::RSTransaction\w*::AddCommand\(",
        "UI nodes were changed from more than one thread: the stack stops in the render "
        "transaction's AddCommand, which one thread's changes hold while another thread's wait",
        "Create and change ArkUI nodes (ArkUI_Node, FrameNode, their render properties) only on "
        "the UI (main) thread: post work from other threads to it; a library that builds nodes "
        "from worker threads (multi-thread mode) must be configured or updated not to.",
        certain=False,
    ),
    # --- a system object's destructor crashing: the memory was damaged earlier
    _c(
        CPP,
        r"^#00 pc \S+ /system/\S+\((?:\w+::)+~\w+\(\)",
        "memory corruption: the crash is in a system object's destructor (the object "
        "freed twice, used after free, or its memory overwritten by other code)",
        "The destructor is where the damage showed, not where it was done: run with ASan/HWASan "
        "(DevEco: Run > Edit Configurations > Diagnostics) to stop at the first bad write or "
        "second free, and check the native code that held this object for a use-after-free.",
        certain=False,
    ),
    # --- a system kit's namespace (``import { systemShare } from '@kit.ShareKit'``) undefined on
    # the device: its class read off it (``new systemShare.SharedData(…)``) fails on ``undefined``
    _c(
        JS,
        r"Cannot read propert(?:y|ies) (?:of undefined \(reading ')?([A-Z]\w*)'?(?: of undefined)?"
        r"[\s\S]{0,2000}?(?:\bnew\s+|:\s*)[a-z]\w*\.\1\b",
        "the module the class is read from is undefined: the imported system kit (its "
        "namespace) is not provided on this device, typically the emulator or an older system",
        "Run it on a real device (the emulator lacks some kits), and guard the call with "
        "canIUse('SystemCapability.…') for the kit's syscap so devices without it skip it.",
        certain=False,
    ),
)
