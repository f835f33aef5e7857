"""The runtime's and the device tools' documented messages, read when a log quotes them alone
(no fault log, no hilog columns, no code): what the guides say each one means.

- the Node-API guide's key log lines (use-napi-faqs, "NAPI常见错误用法导致的异常日志/崩溃" and
  the module-loading tables): the ArkTS runtime's multi-thread check of a napi_env, a module
  refused in a restricted runtime or by an extension's blocklist;
- the ArkTS module FAQ's runtime loading errors (faqs-arkts-module): a dynamic import whose module
  is not in the package, a native module without the export asked for;
- HiAppEvent's RESOURCE_OVERLIMIT event (the resource-leak guides): a process past its resource
  limit, by the event's ``resource_type``;
- a native module named by the import that does not resolve (``Cannot find module
  'libx.so'``, ``'x_napi'``: the names the Node-API loader tries), a kit's refusal quoted from
  its error-code page, the Kotlin/Native runtime's and compiler's own fatal lines, Node's
  uncaught exception inside a package, hap-sign-tool's console check and hdc's option check;
- ArkGuard's obfuscation FAQ (source-obfuscation-questions): SQLite missing a column whose name
  is one the property obfuscation gives;
- the musl loader's symbol it cannot resolve when the symbol's name tells the library (another
  platform's system API, a C library's prefix) and its namespace's refusal of a library;
- the mandatory code signature's refusals of an unsigned ELF (BinSec's CheckSigned, XPM's event),
  a Media Kit error-code page's own log line (SoundPool's invalid resource path), FFmpeg's
  invalid-data text passed on by the AVCodec decoders.

Each row reads a message the tool or the runtime prints for every app; a fix names what the
pattern captured ({module}, {name}, {package}).
"""

from __future__ import annotations

from hmdesk.core.toolchain.api_code_cases import MEDIA_LIBRARY_PERMISSION_FIX
from hmdesk.core.toolchain.crash.resource_leaks import overlimit_fixes
from hmdesk.core.toolchain.hilog.says import (
    CIPHER_FINAL,
    CIPHER_FINAL_CAUSE,
    CIPHER_FINAL_FIX,
    MISSING_LIBRARY_FIX,
    UNRESOLVED_IMPORT,
    UNRESOLVED_IMPORT_FIX,
)
from hmdesk.core.toolchain.signature import Signature

_NAPI_THREAD = (
    "Use a napi value, reference, async work or threadsafe function only with the napi_env (the "
    "ArkTS thread) that created it: do not cache an env and use it from another thread or after "
    "its worker/runtime is gone; hand results back to the owning thread with "
    "napi_threadsafe_function (or an async work's complete callback). Turn on the ArkTS "
    "multi-thread check (DevEco: Run/Debug Configurations > Diagnostics) to stop at the first "
    "wrong call."
)

# the event's ``resource_type`` (a JSON field or the C API guide's ``params.resource_type=``)
_OVERLIMIT = (
    r"RESOURCE_OVERLIMIT(?=[\s\S]{{0,2000}}?[\"']?resource_type[\"']?\s*[:=]\s*[\"']?"
    r"(?P<name>(?:{types}))\b)"
)
_OVERLIMIT_LOGS = (
    "The event's external_log files hold the leak log (a heap snapshot or the leak "
    "detector's dump); hidebug.setAppResourceLimit sets the limit a test trips on purpose."
)

# the musl loader's (OpenHarmony's ldso) symbol it cannot resolve, both forms: the hilog line
# ``relocating failed: symbol not found. dso=<.so> s=<symbol>`` (the dso= part may wrap onto a
# line of its own) and dlopen's ``Error relocating <.so>: <symbol>: symbol not found``
_UNRESOLVED = r"(?:symbol not found\.?\s+(?:dso=\S+\s+)?s=|Error relocating [^\s:]+: )"
# a symbol of another platform's system API (no HarmonyOS library defines it): Android's NDK,
# X11, glibc's own
_FOREIGN = (
    r"(?P<symbol>(?:ALooper|AAsset(?:Manager|Dir)?|ANativeActivity|AConfiguration|AInputQueue"
    r"|AInputEvent|AKeyEvent|AMotionEvent|AChoreographer|AHardwareBuffer|AMedia\w*|ACamera\w*"
    r"|ASensor\w*|AThermal|APerformanceHint)_\w+|__android_log_\w+|android_\w+|xcb_\w+"
    r"|X(?:Open|Create|Map|Free|Intern|Sync|Flush|Get|Set|Pending|Next|Send)\w+"
    r"|gnu_get_libc_\w+|__libc_single_threaded)(?!\w|::)"
)
# a symbol by the prefix the C library that defines it gives all its functions
_LIBRARIES = (
    ("libsodium", r"sodium_\w+|crypto_(?:box|sign|secretbox|aead|generichash|pwhash|kx)\w*"),
    ("OpenSSL (libssl/libcrypto)", r"(?:SSL|SSL_CTX|EVP|OPENSSL|CRYPTO|BIO|X509|PEM|RSA|ERR)_\w+"),
    ("libcurl", r"curl_\w+"),
    ("SQLite", r"sqlite3_\w+"),
    ("libpng", r"png_\w+"),
    ("libjpeg", r"jpeg_\w+"),
    ("FreeType", r"FT_[A-Z]\w+"),
    ("HarfBuzz", r"hb_\w+"),
    ("FFmpeg", r"(?:av|avcodec|avformat|avutil|swr|sws|avfilter)_\w+"),
)
_LIBRARY_FIX = (
    "The loader found no {symbol}, a function of {library}, in any library loaded with the "
    "app's .so: the .so was linked without {library} built for HarmonyOS (its link step let "
    "the undefined symbol through, or linked a copy built for another platform, which is "
    "skipped). Cross-compile {library} for the OHOS target (aarch64-linux-ohos) with the NDK's "
    "toolchain, link it into the .so (target_link_libraries; a Rust -sys crate: point it at "
    "that build -- its *_LIB_DIR/static env vars or -L/-l in the target's rustflags in "
    ".cargo/config.toml -- so it does not fall back to a bundled build for another target), "
    "and ship it in the HAP's libs/<abi> when it is a shared library."
)
_LOADER_SIGNATURES: tuple[Signature, ...] = (
    Signature(
        "native",
        (_UNRESOLVED + _FOREIGN,),
        "The loader found no {symbol}: another platform's system API (Android's NDK, X11, "
        "glibc), which HarmonyOS does not have. The .so (or a library it links) was built for "
        "that platform, or its code for that platform was compiled in: build it for the OHOS "
        "target with the HarmonyOS NDK and turn off the other platform's backend (its "
        "configure/CMake options, #ifdef __OHOS__), using HarmonyOS's own API instead.",
        meaning="a .so needs another platform's system API",
        terms=("MUSL-LDSO", "symbol not found", "OHOS", "NDK"),
    ),
    *(
        Signature(
            "native",
            (_UNRESOLVED + rf"(?P<symbol>{prefix})(?!\w|::)",),
            _LIBRARY_FIX.replace("{library}", library),
            meaning=f"a .so needs {library}, which was not linked for HarmonyOS",
            terms=("MUSL-LDSO", "symbol not found", library.split()[0], "cross-compile"),
        )
        for library, prefix in _LIBRARIES
    ),
    # the dlopen guide and the NDK FAQ: dlopen of a library outside what the app's namespace
    # may load (its own HAP's libs, the system's public libraries)
    Signature(
        "native",
        (r"check ns accessible failed(?:, pathname (?P<name>\S+))?",),
        "dlopen refused the library: the app's linker namespace may load only the libraries in "
        "its own HAP (/data/storage/el1/bundle/…/libs) and the system's public ones, so a .so "
        "at another path (one copied or downloaded into the sandbox, a system-private library) "
        "is not accessible. Ship the library in the HAP's libs/<abi> and dlopen it by its file "
        "name (or the bundle path: context.bundleCodeDir); code outside the HAP is also refused "
        "for its missing code signature.",
        meaning="dlopen of a library outside the app's namespace",
        terms=("dlopen", "namespace", "moduleNs_default", "libs"),
    ),
)

RUNTIME_SIGNATURES: tuple[Signature, ...] = (
    # the runtime's serializer refusing a value sent to another thread (ArkTS's concurrency FAQ:
    # a TaskPool task's arguments or result, a Worker's postMessage)
    Signature(
        "hilog",
        (
            r"Serialize don't support object type",
            r"ValueSerialize: serialize data is incomplete",
            r"Unsupport serialize object type",
        ),
        "The runtime could not serialise a value sent to another thread (a TaskPool task's "
        "arguments or result, a Worker's postMessage): a function, a class instance with "
        "methods, a @State/@Observed variable (a proxy) or another object that is not Sendable. "
        "Pass plain data or @Sendable classes; copy a state variable into a plain object "
        "before sending it.",
        meaning="a value sent to another thread could not be serialised",
        terms=("serialize", "TaskPool", "Sendable", "postMessage"),
    ),
    # the runtime's import chain of a module that threw while it was being loaded, as the fault
    # log prints it (ArkTS's module-loading debugging guide): #0 is the module being loaded
    Signature(
        "crash",
        (r"ModuleImportStack:[ \t]*\r?\n[ \t]*#0 &(?P<location>[^&\n]+)&",),
        "The error was thrown while {location} was being loaded: its top-level code (or what it "
        "runs at import) threw, and every module above it in the ModuleImportStack (#1, #2 …, "
        "the ones that import it) failed with it. Fix the statement that throws at the top "
        "level of {location}.ets, or move that work out of the module's top level into a "
        "function called later.",
        meaning="a module threw while it was being loaded",
        terms=("ModuleImportStack", "top-level", "import"),
    ),
    # ArkUI's FrameNode / BuilderNode / NodeController constructors check the UIContext they
    # are given (ArkUI's guide to a UIContext that is not the window's)
    Signature(
        "crash",
        (r"\bNode Constructor error, param uiContext error\b",),
        "A FrameNode, BuilderNode or other node was constructed with an invalid UIContext "
        "(undefined, or one taken before the window's UI was loaded). Pass the UIContext of the "
        "page or window it belongs to: this.getUIContext() in a component, or "
        "windowStage.getMainWindowSync().getUIContext() after loadContent has finished.",
        meaning="a node built with an invalid UIContext",
        terms=("UIContext", "getUIContext", "FrameNode", "BuilderNode"),
    ),
    # lldb's remote launch refused by the device's debug server (the HarmonyOS lldb FAQ)
    Signature(
        "permission",
        (r"\berror: 'A' packet returned an error: \d+",),
        "lldb's debug server on the device could not start the app: the device refuses to "
        "debug it. Turn on Developer options and USB debugging on the device (and accept the "
        "debug authorization), build and install a debug build (a release package cannot be "
        "debugged), then attach again.",
        meaning="lldb could not launch the app on the device",
        terms=("lldb", "developer options", "debug"),
    ),
    # ArkUI's state management errors (the 状态管理错误码 page, errorcode-statemanagement:
    # 1300xx addMonitor, 1400xx-1401xx the V1/V2 decorators and AppStorageV2/PersistenceV2),
    # thrown to the app (or, 140107/140108, only logged) with fixed messages
    *(
        Signature("crash", (pattern,), fix, code=code, meaning=meaning, terms=terms)
        for code, pattern, meaning, fix, terms in (
            (
                "130000",
                r"\bThe target is not a custom component instance or V2 class instance\b",
                "addMonitor/clearMonitor on a wrong target",
                "UIUtils.addMonitor/clearMonitor's target must be an @ObservedV2 class instance "
                "(with at least one @Trace property) or an @ComponentV2 component: pass such an "
                "instance.",
                ("addMonitor", "@ObservedV2", "@ComponentV2"),
            ),
            (
                "130002",
                r"\bmonitorCallback is not a function or an anonymous function\b",
                "addMonitor/clearMonitor with a bad callback",
                "Give addMonitor/clearMonitor a named function as the callback (not an "
                "anonymous one, not a non-function): clearMonitor finds it by that function.",
                ("addMonitor", "clearMonitor", "callback"),
            ),
            (
                "140001",
                r"\bThe function is not allowed to be called in @Computed\b",
                "applySync/flushUpdates called in a @Computed getter",
                "A @Computed getter must only compute: remove the UIUtils.applySync / "
                "flushUpdates / flushUIUpdates call from it and make it where the state is "
                "changed.",
                ("@Computed", "applySync", "flushUpdates"),
            ),
            (
                "140002",
                r"\bThe function is not allowed to be called in @Monitor\b",
                "flushUpdates called in a @Monitor callback",
                "Remove the UIUtils.flushUpdates / flushUIUpdates call from the @Monitor callback.",
                ("@Monitor", "flushUpdates"),
            ),
            (
                "140103",
                r"\bNot supported type! The type should have function constructor signature\b",
                "AppStorageV2/PersistenceV2 given a type that is not a class",
                "AppStorageV2.connect and PersistenceV2.connect / globalConnect take a class (its "
                "constructor, TypeConstructorWithArgs<T>) as the type: pass a class, not an "
                "interface, a primitive or an object literal's type.",
                ("AppStorageV2", "PersistenceV2", "connect", "TypeConstructorWithArgs"),
            ),
            (
                "140104",
                r"\bThe default creator should be function when first connect\b",
                "AppStorageV2/PersistenceV2 without a default creator function",
                "The first connect / globalConnect of a key needs defaultCreator, a function "
                "returning the initial instance (StorageDefaultCreator<T>): () => new T().",
                ("AppStorageV2", "PersistenceV2", "defaultCreator"),
            ),
            (
                "140105",
                r"\bDuplicate key used when connect\b",
                "PersistenceV2 connect and globalConnect with the same key",
                "Do not mix PersistenceV2.connect and globalConnect on one key: give them "
                "different keys (or use globalConnect alone).",
                ("PersistenceV2", "globalConnect", "key"),
            ),
            (
                "140106",
                r"\bAreaMode Value Error! value range can only in EL1-EL5\b",
                "PersistenceV2 with an unsupported encryption level",
                "globalConnect's ConnectOptions.areaMode must be one of EL1 to EL5 "
                "(contextConstant.AreaMode).",
                ("PersistenceV2", "areaMode", "globalConnect"),
            ),
            (
                "140107",
                r"\bThe type of target mismatches the type of source\b",
                "AppStorageV2/PersistenceV2 type mismatch",
                "The type given to connect and defaultCreator's result must be the same class; "
                "after changing a persisted class's shape, the data on disk no longer matches: "
                "uninstall the app (clearing its persisted data) and install it again, or keep "
                "the type unchanged.",
                ("PersistenceV2", "AppStorageV2", "type"),
            ),
            (
                "140108",
                r"^\s*Miss @Type\.?\s*$",
                "PersistenceV2 persisting a nested class without @Type",
                "Decorate the property that holds a class instance with @Type(ThatClass), so "
                "globalConnect can restore it.",
                ("@Type", "PersistenceV2"),
            ),
            (
                "140109",
                r"@Builder: Invalid attempt to set\(write to\) parameter error",
                "a @Builder function changed its parameter",
                "A @Builder function must not change its parameters' properties: change the "
                "state in the component that owns it, or pass a MutableBinding "
                "(UIUtils.makeBinding) and set its value.",
                ("@Builder", "MutableBinding"),
            ),
            (
                "140110",
                r"\bIllegal usage of not @Track'ed property on UI\b",
                "a property without @Track used on the UI",
                "In a class where some properties are decorated with @Track, the UI may only "
                "read @Track properties: decorate the one the error is about with @Track too.",
                ("@Track", "decorate"),
            ),
            (
                "140112",
                r"@Consume missing @Provide property with name\b",
                "@Consume without a matching @Provide",
                "Declare an @Provide with the same name (or alias) in a parent or ancestor "
                "component, or give the @Consume a default value; and create the component "
                "while that ancestor is still alive (not after its aboutToDisappear).",
                ("@Consume", "@Provide"),
            ),
            (
                "140113",
                r"\bOld toolchain detected\. Please upgrade to the latest\b",
                "@Reusable with @ComponentV2 built by an old SDK",
                "The app mixes @Reusable and @ComponentV2 components on a device of API 18 or "
                "later but was compiled with an older SDK: build it with an SDK of API 18 or "
                "later.",
                ("@Reusable", "@ComponentV2", "SDK"),
            ),
            (
                "140114",
                r"\bduplicate @Provide property\b|@Provide override not allowed",
                "two @Provide with the same name",
                "A component and its ancestors declare @Provide with the same name: rename one, "
                "or declare the inner one @Provide({ allowOverride: 'name' }).",
                ("@Provide", "allowOverride"),
            ),
            (
                "140115",
                r"\bIllegal variable value error with decorated variable\b",
                "a V1 state variable of an unsupported type",
                "The value of a V1 state variable (@State, @Prop, @Link …) is of a type the "
                "decorator does not support (a function, for one): use a supported type (see "
                "the decorator's rules).",
                ("@State", "decorator"),
            ),
            (
                "140116",
                r"\bThe key is invalid, key must be string or TypeConstructorWithArgs type\b",
                "AppStorageV2/PersistenceV2 given an invalid key",
                "remove and save take the key as a string or the class (TypeConstructorWithArgs): "
                "pass one of those.",
                ("AppStorageV2", "PersistenceV2", "key"),
            ),
        )
    ),
    # SELinux's refusal, as the kernel's audit line prints it (``avc: denied { get } for
    # service=9009 … scontext=u:r:hidumper_service:s0 tcontext=u:object_r:sa_x:s0
    # tclass=samgr_class``): the policy lacks an allow rule for the source domain
    Signature(
        "permission",
        (
            r"\bavc:\s+denied\s+\{\s*(?P<perm>[\w ]+?)\s*\}[^\n]*?\bscontext=u:r:(?P<src>\w+):s0"
            r"[^\n]*?\btcontext=u:(?:object_)?r:(?P<tgt>\w+):s0[^\n]*?\btclass=(?P<cls>\w+)",
        ),
        "SELinux denied {src} the {perm} permission on {tgt} ({cls}): the policy has no rule "
        "allowing it. In a system build, add `allow {src} {tgt}:{cls} { {perm} };` to the "
        "source domain's .te file in the sepolicy (base/security/selinux_adapter/sepolicy), "
        "labelling the target if it is new, and rebuild the image; an app's domain (normal_hap, "
        "debug_hap) gets no policy change: the app reached a file or service ordinary apps "
        "are denied, so use the public API for it. `setenforce 0` on a debug device tells "
        "whether SELinux is the cause.",
        meaning="an SELinux denial",
        terms=("SELinux", "avc: denied", "sepolicy"),
    ),
    # the ArkTS runtime's Object.entries on a typed array (arkts-runtime-faq: a Uint8Array's or a
    # Uint16Array's entries are not supported)
    Signature(
        "crash",
        (r"object entries is not supported IsJSUint(?:8|16)Array",),
        "The ArkTS runtime's Object.entries does not take a Uint8Array or Uint16Array: convert "
        "the typed array to a plain array first (Object.entries(Array.from(typedArray))), or "
        "iterate it with an index or typedArray.entries().",
        meaning="Object.entries on a typed array",
        terms=("Object.entries", "Uint8Array", "Array.from", "RangeError"),
    ),
    # use-napi-faqs: the data used with an env other than the one that created it
    Signature(
        "crash",
        (
            r"param env not equal to its owner",
            r"owner env has been destroyed, owner id",
            r"current tsfn was created by dead env",
        ),
        "A napi call got a napi_env other than the owner of what it was given (a reference, an "
        "async work, a threadsafe function), or one whose env is already destroyed. "
        + _NAPI_THREAD,
        meaning="a napi value used with an env that does not own it (the Node-API check)",
        terms=("napi_env", "owner", "napi_threadsafe_function", "multi-thread"),
    ),
    # use-napi-faqs, 跨线程调用: a napi interface that is not thread-safe called on another thread
    Signature(
        "crash",
        (r"current napi interface cannot run in multi-thread",),
        "A napi interface that is not thread-safe (napi_add_env_cleanup_hook, "
        "napi_remove_env_cleanup_hook, napi_add_async_cleanup_hook, napi_set_instance_data, "
        "napi_get_instance_data …) was called on a thread other than the env's own ArkTS "
        "thread. " + _NAPI_THREAD,
        meaning="a napi interface called from another thread (the Node-API check)",
        terms=("napi", "multi-thread", "napi_threadsafe_function", "线程"),
    ),
    # use-napi-faqs: a JS exception pending when a napi call returns
    Signature(
        "native",
        (r"occur exception need return",),
        "A JS exception is pending when the napi call returns (the log names the line and the "
        "napi function): check each napi call's status; clear an exception you handle with "
        "napi_get_and_clear_last_exception before the next napi call, or return at once so "
        "ArkTS catches it, instead of going on in native code.",
        meaning="a napi call returned with a JS exception pending",
        terms=("napi_get_and_clear_last_exception", "napi", "exception"),
    ),
    # use-napi-faqs: module loading refused by the runtime
    Signature(
        "crash",
        (
            r"module (?P<module>\S+?) (?:is not allowed to load in restricted runtime|is in "
            r"blocklist, loading prohibited)",
        ),
        "The module {module} may not be loaded here: a restricted worker's runtime (a form or "
        "an ExtensionAbility) loads only the .so modules on its allowlist, and an extension "
        "blocks some modules outright. Do not import {module} in that code: move the work that "
        "needs it to the UIAbility (or a worker of it) and pass the result over.",
        meaning="a native module refused in a restricted runtime",
        terms=("restricted runtime", "blocklist", "ExtensionAbility"),
    ),
    # faqs-arkts-module: a dynamic import() whose module is not in the app package
    Signature(
        "crash",
        (r"Cannot find dynamic-import module ['‘\"](?P<module>[^'’\"\n]*)['’\"]",),
        "A dynamic import() asked for '{module}', which is not compiled into the app package: "
        "the module path passed to import() is computed wrongly — log the path before the "
        "import() call and correct it. A file imported only by a variable path must be listed "
        "in buildOption.arkOptions.runtimeOnly (sources/packages) of the module's "
        "build-profile.json5 to be compiled in.",
        meaning="a dynamic import's module is not in the package",
        terms=("dynamic import", "import(", "runtimeOnly"),
    ),
    # the runtime's own resolving failure quoted alone (a fault log's is read with its cause,
    # .hilog.says.RUNTIME_CAUSES)
    Signature(
        "crash",
        (UNRESOLVED_IMPORT,),
        "The runtime could not resolve '{module}', imported by {importer}: the importing "
        "module's package does not hold it. " + UNRESOLVED_IMPORT_FIX,
        meaning="an import the runtime cannot resolve from the importing module's package",
        terms=("runtimeOnly", "oh-package.json5", "dynamic import", "HSP"),
    ),
    # the runtime's dynamic import of a name it cannot find, in its Node-like wording: the
    # importer is a record of the app's (``<bundle>/<module>/ets/…``), not a file of Node's
    Signature(
        "crash",
        (
            r"Cannot find module ['‘](?P<module>[^'’\n]+)['’] imported from "
            r"['‘]?(?P<importer>[\w.]+/[\w-]+/ets/[^'’\s]*)",
        ),
        "The runtime could not find '{module}', imported by {importer}: a dynamic import() "
        "whose module is not compiled into the package. Pass import() a string literal where "
        "you can (the build then finds the module), or list the name under "
        "buildOption.arkOptions.runtimeOnly (packages, or sources for a file) in the importing "
        "module's build-profile.json5 and declare the package in its oh-package.json5.",
        meaning="a dynamic import the runtime cannot resolve",
        terms=("dynamic import", "import(", "runtimeOnly"),
    ),
    # the ability manager's line when the app did not answer it in time (an ANR: its main thread
    # busy or blocked), quoted without the appfreeze report that follows it
    Signature(
        "freeze",
        (r"\bApplication not responding\. pid:\s*\d+",),
        "The app's main thread did not answer the system in time (an ANR; its APP_INPUT_BLOCK or "
        "THREAD_BLOCK fault log under /data/log/faultlog/faultlogger, or DevEco's FaultLog, "
        "shows the main thread's stack): move long synchronous work (big loops, sync I/O or "
        "IPC, heavy JSON) off the main thread to TaskPool or a Worker, or split it into chunks "
        "that yield (setTimeout, async), and never wait on a lock there.",
        meaning="the app did not respond (ANR)",
        terms=("ANR", "appfreeze", "main thread"),
    ),
    # a kit that has no emulator implementation (Scan Kit's barcode generation, others)
    Signature(
        "device",
        (r"^[>\s]*Emulator is not supported\.?\s*$",),
        "The kit that logged this does not run on the emulator: test the feature on a real "
        "device, and check canIUse / the device type before calling it where the emulator may "
        "run the app.",
        meaning="the kit is not supported on the emulator",
        terms=("emulator", "real device", "模拟器"),
    ),
    # Navigation asked for a destination whose builder was never registered (the Navigation
    # guide's system route table: route_map.json, module.json5's routerMap)
    Signature(
        "hilog",
        (r"\bBuilder function not registered\b",),
        "Navigation has no builder for the name pushed: register the page in the system route "
        "table (a route_map.json under resources/base/profile, named by module.json5's "
        '"routerMap": "$profile:route_map", each entry\'s name, pageSourceFile and '
        "buildFunction, the page exporting that @Builder), or in the Navigation's "
        "navDestination builder; the name pushed must match the entry's name.",
        meaning="Navigation has no builder registered for the destination",
        terms=("Navigation", "routerMap", "route_map.json"),
    ),
    # the router's own lines for a URL it cannot find (ArkUI's manifest router)
    Signature(
        "hilog",
        (r"\bcan't find this page\b", r"\bthis uri not support in route push\b"),
        "The router has no page at that URL: give router.pushUrl the page's path as "
        "main_pages.json lists it ('pages/Detail', not '/pages/Detail' nor '../pages/Detail'), "
        "and list the page in main_pages.json (resources/base/profile) of the module that "
        "holds it; a page of another module is reached with its module's named route.",
        meaning="the router cannot find the page's URL",
        terms=("router", "pushUrl", "main_pages.json"),
    ),
    # ArkUI's UI APIs (promptAction, router, animateTo …) called where no UI instance is current:
    # an http or timer callback, a Worker, the UIAbility (the UIContext guide)
    Signature(
        "crash",
        (r"\bUI execution context (?:is )?not found",),
        "The call ran where ArkUI has no current UI instance (a network or timer callback, "
        "the UIAbility, a Worker), so the global promptAction / router / animateTo cannot "
        "tell which window it is for: call them through the page's UIContext "
        "(this.getUIContext().getPromptAction().showToast(…), getRouter(), animateTo), or "
        "keep a UIContext from a page (windowStage.getMainWindowSync().getUIContext()) for "
        "code that runs outside one.",
        meaning="a UI API was called outside any UI instance",
        terms=("UIContext", "getUIContext", "promptAction"),
    ),
    # the media library's own refusal (photoAccessHelper without its permissions)
    Signature(
        "permission",
        (r"\bwithout medialibrary permission\b",),
        MEDIA_LIBRARY_PERMISSION_FIX,
        meaning="the media library refused the app: it lacks READ_IMAGEVIDEO / WRITE_IMAGEVIDEO",
        terms=("photoAccessHelper", "READ_IMAGEVIDEO", "WRITE_IMAGEVIDEO"),
    ),
    # the request kit's parameter check (uploadFile/downloadFile take the app's own files only)
    Signature(
        "hilog",
        (r"\buser file can only for request\.agent\b",),
        "request.uploadFile and downloadFile take only files in the app's sandbox "
        "(internal://cache/…); a user's file (a picker's URI, file://media/…) is for "
        "request.agent: create the task with request.agent.create (its files' path the URI) "
        "and start it, or copy the file into the cache directory first.",
        meaning="a user file was given to the old upload/download API",
        terms=("request.agent", "uploadFile", "user file"),
    ),
    # ArkWeb's console, the page's own errors: an http resource in an https page, and a page
    # loaded from a file asking for another origin
    Signature(
        "hilog",
        (
            r"\bMixed Content: The page at\b[^\n]*\bwas loaded over HTTPS, but requested an insecure",
        ),
        "The web page is served over HTTPS and loads a resource over plain HTTP, which the Web "
        "component blocks: load the resource over HTTPS, or allow mixed content on the Web "
        "component with .mixedMode(MixedMode.Compatible) (MixedMode.All allows every one).",
        meaning="the Web component blocked mixed content (HTTP inside an HTTPS page)",
        terms=("ArkWeb", "mixedMode", "Mixed Content"),
    ),
    Signature(
        "hilog",
        (
            r"from origin ['‘]?null['’]? has been blocked by CORS policy",
            r"has been blocked by CORS policy[^\n]*source: file://",
        ),
        "A page loaded from a local file (origin null) asked another origin, and the browser's "
        "CORS check refused it: for the app's own files allow it with "
        "webviewController.setPathAllowingUniversalAccess([...paths]) (with .fileAccess(true)), "
        "or load the page through a custom scheme or over http(s) from a server that sends "
        "Access-Control-Allow-Origin.",
        meaning="a local page's request was blocked by CORS",
        terms=("ArkWeb", "CORS", "setPathAllowingUniversalAccess"),
    ),
    Signature(
        "crash",
        (r"No export named ['‘](?P<name>[^'’\n]+)['’] which exported by ['‘](?P<module>[^'’\n]+)",),
        "The module {module} has no export '{name}' at run time: for a native module (.so) the "
        "name is checked only when it loads — make the import's name match what the module's "
        "Init exports (napi_define_properties) and its index.d.ts declares.",
        meaning="an import names an export the loaded module lacks",
        terms=("export", "index.d.ts", "napi_define_properties"),
    ),
    # faqs-native: the import of a native module whose .so was not built for the device's ABI
    # gives an object that is not one (the same words for a JS object used after it is gone)
    Signature(
        "crash",
        (r"^\W*Obj is not a valid object\W*$",),
        "An object the code uses is not valid. When it is a native module's import (import x "
        "from 'libx.so'), the .so was not loaded: most often it is not built for the device's "
        "ABI — set abiFilters in the module's own build-profile.json5 (buildOption."
        "externalNativeOptions: arm64-v8a for a 64-bit device, armeabi-v7a for a 32-bit one) "
        "and check the .so is in the HAP's libs. Otherwise it is page state read by a timer or "
        "callback after the page was left: clear them in aboutToDisappear.",
        meaning="an object that is not valid (a native module not loaded)",
        terms=("abiFilters", "libs", "napi"),
    ),
    # the import of a native module (the names the Node-API loader tries: libx.so, x_napi)
    # that does not resolve, quoted without the compiler's "or its corresponding type
    # declarations"
    Signature(
        "arkts-source",
        (r"Cannot find module ['\"](?P<module>lib[\w.-]+\.so|[\w.-]+_napi)['\"]",),
        "The import names the native module '{module}', which does not resolve: its name must "
        "be the same in the import, in the importing module's oh-package.json5 dependencies "
        '("lib…so": "file:./src/main/cpp/types/lib…") and in the name field of that types '
        "folder's oh-package.json5 (whose index.d.ts declares it), and the .so must be built "
        "under that name (add_library in CMakeLists.txt, nm_modname in the module's napi_module); "
        "then Sync and rebuild.",
        meaning="a native module's import does not resolve",
        terms=("oh-package.json5", "dependencies", "index.d.ts", "napi"),
    ),
    # HiAppEvent's RESOURCE_OVERLIMIT event (hiappevent-watcher-resourceleak-events): the
    # process went past its limit of a resource; ``resource_type`` names it, and the fix is the
    # one the leak log of that kind gets (.crash.resource_leaks.overlimit_fixes); a type not
    # documented there gets the general reading after them
    *(
        Signature(
            "crash",
            (_OVERLIMIT.format(types=types),),
            "The app went past the system's limit of {name}, " + what + " (HiAppEvent's "
            "RESOURCE_OVERLIMIT): a leak. " + fix + " " + _OVERLIMIT_LOGS,
            meaning=f"a leak of {what} past the system's limit (HiAppEvent)",
            terms=("RESOURCE_OVERLIMIT", "leak", "泄漏"),
            evidence=(r"resource_type", r"RESOURCE_OVERLIMIT"),
        )
        for types, what, fix in overlimit_fixes()
    ),
    Signature(
        "crash",
        (_OVERLIMIT.format(types=r"\w+"),),
        "The app went past the system's limit of {name} (HiAppEvent's RESOURCE_OVERLIMIT): a "
        "leak. Memory: release what is no longer used — arrays and maps that only grow, "
        "listeners and timers not removed, objects kept by closures — and find what holds it "
        "with a heap snapshot (DevEco Profiler's memory leak analysis). Handles and threads: "
        "close every file, socket and worker you open. " + _OVERLIMIT_LOGS,
        meaning="a resource leak past the system's limit (HiAppEvent)",
        terms=("RESOURCE_OVERLIMIT", "leak", "泄漏", "heap snapshot"),
        evidence=(r"resource_type", r"RESOURCE_OVERLIMIT"),
    ),
    # the musl loader's missing library quoted without hilog's columns (``MUSL-LDSO: msg``, a
    # note's inline quote; a hilog line of it is read with who needs it by .hilog.says)
    *(
        Signature(
            "native",
            (pattern,),
            "The loader did not find {name} (errno 2) in the app's libs/<abi> nor the system: it "
            "was not packed into the HAP. A library the NDK ships (libc++_shared.so: "
            "llvm/lib/<target>/ in the SDK's native folder) is packed only when the native build "
            "links it, so a prebuilt .so or an executable that NEEDs it must bring it. "
            + MISSING_LIBRARY_FIX,
            meaning="a native library is missing from the HAP (the loader)",
            terms=("MUSL-LDSO", "libs", "NEEDED", "dlopen"),
        )
        for pattern in (
            r"dlopen failed: library \"(?P<name>[^\"\s]+?)(?<!\.z\.so)\" not found",
            r"Error loading shared library (?P<name>[^\s:]+?)(?<!\.z\.so):? ?No such file",
            r"\bload (?P<name>\S+?\.so[\w.]*?)(?<!\.z\.so) failed, namespace=[^,\s]+,? errno=2\b",
            # the loader's namespace search (a library the app's module namespace cannot reach)
            r"can't find library (?P<name>[^\s:]+?\.so[\w.]*?)(?<!\.z\.so) in namespace",
        )
    ),
    # the audio client's refusal of a call in the wrong stream state (AudioRenderer/
    # AudioCapturer's ``[Pause]State of stream is not running. Illegal state:5``; the states are
    # AudioState's: 0 new, 1 prepared, 2 running, 3 stopped, 4 released, 5 paused): most often
    # the app's idea of the stream is stale, the system having paused or stopped it on an
    # audio interrupt the app did not listen to (faq-stability-24)
    Signature(
        "hilog",
        (
            r"\[(?P<op>\w+)\]State of stream is not (?P<want>\w+)\. Illegal state:? ?"
            r"(?P<state>-?\d)",
        ),
        "The audio stream refused {op} in state {state} (AudioState: 2 running, 3 stopped, 4 "
        "released, 5 paused): the app called it believing the stream was {want}. Keep the app's "
        "state in step with the stream's: listen to on('audioInterrupt') (a call, an alarm or "
        "another app taking the audio focus pauses or stops the stream; on "
        "INTERRUPT_HINT_PAUSE/STOP update the UI, and start() again only after the interrupt "
        "ends) and to on('stateChange'), and check audioRenderer.state before pause()/start().",
        meaning="an audio stream called in a state that does not allow the call",
        terms=("audioInterrupt", "InterruptEvent", "AudioRenderer", "音频焦点"),
    ),
    # the crypto framework (HCF) logging its cipher's failed last block (faq-stability-46)
    Signature(
        "hilog",
        (CIPHER_FINAL,),
        f"The {CIPHER_FINAL_CAUSE.removeprefix('the ')}. {CIPHER_FINAL_FIX}",
        meaning="a cipher's doFinal failed (padding, key or mode)",
        terms=("doFinal", "cryptoFramework", "PKCS7", "padding"),
    ),
    # the RDB error-code page (14800000's steps): a distributed table with a composite key
    Signature(
        "hilog",
        (r"Not support create distributed table with composite primary keys?",),
        "setDistributedTables does not take a table whose primary key has several columns "
        "(联合主键): give the table a single-column primary key (keep the other columns unique "
        "with a UNIQUE index) before making it distributed; the call fails with 14800000.",
        meaning="a distributed RDB table with a composite primary key",
        terms=("setDistributedTables", "primary key", "14800000"),
    ),
    # the Worker guide's limit (worker-introduction, js-apis-worker): API 8's "Too many workers",
    # from API 9 10200003's "Worker initialization failure", both "the number of workers exceeds
    # the maximum" (the one-worker spelling too)
    Signature(
        "crash",
        (
            r"(?:Too many wor?kers|Worker initialization failure)\W+the number of wor?kers? "
            r"exceeds the maximum",
        ),
        "The app created more Workers than may be alive at once: up to 64 at a time (8 on "
        "older systems), fewer when memory is short (the Workers' and main thread's memory "
        "together stay under the smaller of 1.5 GB and 60 % of the device's memory), and "
        "together with the runtimes napi_create_ark_runtime creates at most 80. Terminate each "
        "Worker when its work is done (worker.terminate(), or workerPort.close() inside it), "
        "reuse a long-lived one instead of creating one per task, or move short tasks to "
        "TaskPool, which manages its own threads.",
        meaning="more Worker threads than the runtime allows",
        terms=("Worker", "terminate", "TaskPool", "10200003"),
    ),
    # ArkGuard's FAQ (source-obfuscation-questions, 数据库相关的字段被混淆): SQLite refusing a
    # column whose name is one ArkGuard gives (a letter, digits after it: a23, i, b1) -- the
    # property obfuscation renamed the field in the code's SQL while the table keeps its name
    Signature(
        "config",
        (
            r"(?:table \w+ has no column named|no such column:) "
            r"(?P<name>(?-i:[a-z]\d{0,3}))(?![\w.])",
        ),
        "The column name {name} looks like one ArkGuard's property obfuscation gave: the field "
        "names in the code's SQL (or the object keys a ValuesBucket is built from) were "
        "obfuscated, while the database keeps the original column names. List the database's "
        "column names under -keep-property-name in the module's obfuscation-rules.txt (混淆规则) "
        "and rebuild; check it first by building with -disable-obfuscation.",
        meaning="a database column name renamed by ArkGuard's property obfuscation",
        terms=("-keep-property-name", "obfuscation-rules.txt", "ArkGuard"),
    ),
    # the mandatory code signature (faqs-ability-82, faqs-access-control-23, appspawn's Native
    # package guide): an ELF the app did not get signed with its package -- downloaded or pushed
    # into the sandbox -- is refused when mapped or exec'd: BinSec's CheckSigned node, XPM's
    # ``get signature info failed`` event
    Signature(
        "permission",
        (
            r"\[BinSec\][^\n]*?node: ?CheckSigned, ret: ?-?\d+",
            r"\"event_type\":\s*\"get signature info failed\"",
        ),
        "The system refused to run or map native code without a code signature: every "
        "executable and .so an app runs must come signed inside its HAP (code sign), so an ELF "
        "downloaded or pushed into the sandbox (a hot update, an agent fetched at run time) is "
        "intercepted and exec/dlopen fails (Permission denied, EPERM). Ship the executable in "
        "the HAP as an HNP package (hnp/<abi>/x.hnp declared under hnpPackages in module.json5; "
        "on a PC/2in1 from API 24 a bin file integrated in the HAP) and the .so files under "
        "libs/, so they are signed with the app when it is built and installed.",
        meaning="an unsigned executable or library refused by the code signature check",
        terms=("code signature", "hnpPackages", "HNP", "xpm", "CheckSigned"),
    ),
    # Media Kit's error-code page, 5400102's SoundPool case 1 (its 判断依据: the app process's
    # own log line, since API 23)
    Signature(
        "file",
        (r"Failed to load sound, the resource path is invalid",),
        "SoundPool.load() got a resource that does not exist or a path that is wrong (the call "
        "fails with 5400102): make sure the audio resource exists and the path passed to load() "
        "is spelled right -- a sandbox file opened with fileIo and handed over as "
        "`fd://${file.fd}`, a rawfile through getRawFd() and load(fd, offset, length) (load(uri) "
        "does not take rawfile resources).",
        meaning="SoundPool.load() with an invalid resource path (Media Kit 5400102)",
        terms=("SoundPool", "load", "5400102", "fd://"),
    ),
    # the AVCodec decoders' FFmpeg plugin (AvCodec-FFmpegBaseDecoder) passes FFmpeg's own
    # AVERROR_INVALIDDATA text on: the bytes given to the decoder are not media of its format
    Signature(
        "hilog",
        (r"\berror msg: ?Invalid data found when processing input",),
        "The decoder was fed bytes that are not valid media of the format it was configured "
        "for (FFmpeg's AVERROR_INVALIDDATA), and MediaCodec then fails each input buffer "
        "(queueInputBuffer ret -8). Check what reaches it: a downloaded URL that answers an "
        "HTML page, an M3U8 playlist or an error body instead of the media (check the "
        "response's Content-Type and the container before decoding), a demuxer/track or codec "
        "mime that does not match the stream, a buffer that is not a whole access unit. Give "
        "the decode loop a timeout and stop it on these errors instead of waiting for output.",
        meaning="a decoder given data that is not valid media (FFmpeg's invalid data)",
        terms=("Invalid data found when processing input", "MediaCodec", "Content-Type"),
    ),
    # Kotlin/Native (Kuikly, Compose Multiplatform on HarmonyOS): the partial linkage found a
    # call to a function no library in the binary has (libraries built against other versions)
    Signature(
        "crash",
        (r"\bIrLinkageError: (?P<name>[^\n]{0,200})",),
        "Kotlin/Native's partial linkage found a call it cannot link at run time ({name}): a "
        "library was built against another version of a library it calls. Keep every library "
        "on the versions built for this platform (for Compose on HarmonyOS, the KBA releases "
        "the framework names): pin or downgrade the one Gradle resolved newer, or use a build "
        "of it made for the ohos target; `./gradlew dependencies` shows who pulls it.",
        meaning="Kotlin/Native could not link a call (library versions mismatch)",
        terms=("IrLinkageError", "Kotlin/Native", "version"),
    ),
    # Kotlin/Native's compiler crashed on its own (its report: ``e: Compilation failed: …``
    # then `` * Compiler version: …``)
    Signature(
        "native",
        (
            r"^e: Compilation failed: [^\n]*\n(?:[^\n]*\n){0,4}?\s*\* Compiler version: "
            r"(?P<name>\S+)",
        ),
        "The Kotlin/Native compiler {name} crashed (an internal error, its exception follows "
        "the report): not an error in your code's words. Upgrade to the compiler release with "
        "the fix (for KuiklyBase/ovCompose, the latest KBA release); meanwhile change what "
        "triggers it — compiler plugins (Compose) behave differently under K1 and K2, so check "
        "languageVersion (drop a 1.9 setting to build with K2) — and report it with the stack.",
        meaning="the Kotlin/Native compiler crashed",
        terms=("Kotlin/Native", "compiler", "K2", "languageVersion"),
    ),
    # Node's ReferenceError in the project's own script (a build tool's config, a plugin's
    # options file): its top frame outside node_modules, and Node's loader frames below it
    # (``node:internal/…``), so an app's JS crash never matches
    Signature(
        "tool",
        (
            r"^[ \t]*ReferenceError: (?P<name>[A-Za-z_$][\w$]*) is not defined[ \t]*\n"
            r"[ \t]+at (?:[^\n(]*\()?(?P<location>(?![^\n)]*node_modules)(?!node:)"
            r"[^\n()]+?\.[cm]?[jt]s:\d+:\d+)\)?[ \t]*\n"
            r"(?=(?:[^\n]*\n){0,12}?[^\n]*\(node:internal[\\/])",
        ),
        "Node ran the project's own script ({location}) and it uses {name} without declaring "
        "or importing it: add it at the top of that file — for a Node built-in such as path or "
        "fs, `const {name} = require('{name}')` (or `import {name} from '{name}'` in an ES "
        "module) — as the tool's guide's config sample does; what failed after it (a platform "
        "or plugin not registered) follows from this one.",
        meaning="the project's Node script uses an undeclared name",
        terms=("ReferenceError", "require", "not defined"),
    ),
    # Node's own report of an uncaught exception in a package's file: the file:line, the source
    # line, the caret, the error (a CLI's plugin that does not fit the CLI)
    Signature(
        "tool",
        (
            r"^(?P<location>\S*node_modules[\\/](?!@ohos[\\/]hvigor)(?P<package>@[^\\/\s]+[\\/]"
            r"[^\\/\s]+|[^@\\/\s][^\\/\s]*)[\\/]\S+?\.[cm]?js:\d+)[ \t]*\n[^\n]*\n[ \t]*\^+[ \t]*"
            r"\n(?:[ \t]*\n)*[ \t]*\w*Error\b",
        ),
        "Node stopped on an error thrown inside the package {package} (the file and line "
        "above): most often the package does not fit what runs it — a plugin of another "
        "release than the CLI that loads it, so what it reads was never passed. Upgrade the "
        "CLI and its plugins to matching versions (the versions the package's current guide "
        "names), then reinstall node_modules.",
        meaning="an error thrown inside a node package",
        terms=("node_modules", "version", "upgrade"),
    ),
    # hap-sign-tool asked to read the passwords from a console (-pwdInputMode) with none there
    Signature(
        "signing",
        (r"Console not available\. Please run in a terminal environment",),
        "hap-sign-tool reads the keystore and key passwords through a console "
        "(java.io.Console, with -pwdInputMode set), and this process has no terminal — a CI "
        "job, a pipe: stdin does not count. Run it under a pseudo-terminal (an `expect` script "
        "answering the password prompts, or `script`), or pass the passwords as "
        "-keystorePwd/-keyPwd from the CI's secrets.",
        meaning="hap-sign-tool has no console to read passwords",
        terms=("hap-sign-tool", "pwdInputMode", "terminal"),
    ),
    # hap-sign-tool's 11012005 message on a line of its own
    Signature(
        "signing",
        (r"^\W*Not support file(?:\.|:\s*(?P<location>\S+))?\s*$",),
        "hap-sign-tool got a file whose type it does not take (11012005): a signed profile is "
        ".p7b (profileFile), an unsigned one .json, a certificate or chain .cer (appCertFile), a "
        "keystore .p12 or .jks (keystoreFile), the input and output a real file with its "
        "extension (.hap, .app, .bin, .elf). Check each file the command (or signingConfigs) "
        "names: a script that passes /dev/null or a pipe where an output file is expected must "
        "pass a real, writable temporary file instead (mktemp in a temp directory).",
        code="11012005",
        meaning="a signing file of a type hap-sign-tool does not take",
        terms=("hap-sign-tool", "11012005", "p12"),
    ),
    # a kit's permission check quoted alone (``ohos.permission.INTERNET check failed``): the
    # permission is not declared, or a user_grant one not granted
    Signature(
        "permission",
        (r"\b(?P<name>ohos\.permission\.[A-Z][A-Z_]+) check failed",),
        "The API needs {name}, and the app does not hold it: declare it in requestPermissions of "
        "the module's module.json5 (with a reason and usedScene for a user_grant permission), "
        "and for a user_grant permission ask the user at run time "
        "(abilityAccessCtrl.requestPermissionsFromUser) before the call. A system_basic / ACL "
        "permission also needs the signing profile to allow it.",
        meaning="a permission the app does not hold",
        terms=("requestPermissions", "module.json5", "permission"),
    ),
    # JSVM-API's fatal check (the JSVM guide's JSVM_SCOPE_CHECK and its misuse cases): the
    # engine's own position and message, then the abort
    Signature(
        "crash",
        (r'JSVM Fatal Error Message\s*:\s*"?(?P<name>[^"\n]+)"?',),
        "JSVM-API stopped the process on a misuse it checks: {name}. Values (JSVM_Value) live "
        "in the handle scope that created them: open one with OH_JSVM_OpenHandleScope before "
        "creating values, close it with OH_JSVM_CloseHandleScope in the reverse order of "
        "opening, use a value only while its scope is open and on the thread of its JSVM_Env, "
        "and keep what must outlive the scope in a reference (OH_JSVM_CreateReference).",
        meaning="JSVM-API's fatal misuse check",
        terms=("JSVM", "HandleScope", "OH_JSVM_OpenHandleScope"),
    ),
    # hdc's own check of `file send/recv` options (its typo included): an option the client's
    # and the device daemon's versions do not share
    Signature(
        "hdc",
        (r"Unk(?:onw|now|nown) file option",),
        "hdc did not take the file command's option: the hdc client and the device's daemon are "
        "of different versions (hdc_std of an old SDK against a new image, or the reverse). Use "
        "the hdc of the SDK that goes with the device's system (配套 versions), and keep the "
        "paths free of spaces and Chinese characters.",
        meaning="hdc refused a file command's option",
        terms=("hdc", "file recv", "version"),
    ),
    # EGL's error codes (the EGL spec's eglGetError table) as an EGL call's failure prints them:
    # by name, or by number (``eglSwapBuffers failed: 300d``, ``EGL error 0x300b``)
    Signature(
        "native",
        (
            r"\begl\w+(?:\(\))? failed\W{0,3}(?:error\W{0,3})?(?:0x)?300d\b",
            r"\bEGL(?:[ _]error)?\W{0,3}0x300d\b",
            r"\begl\w+[^\n]{0,40}\bEGL_BAD_SURFACE\b",
        ),
        "EGL_BAD_SURFACE (0x300d): the surface passed to the EGL call is not a valid EGL drawing "
        "surface: never created (eglCreateWindowSurface / eglCreatePbufferSurface / "
        "eglCreatePixmapSurface returned EGL_NO_SURFACE, its error unchecked), already destroyed "
        "(eglDestroySurface, or its native window gone with the XComponent's "
        "OnSurfaceDestroyed), or created for another display. Check each create call's result and "
        "parameters (the config, the OHNativeWindow from the XComponent) and stop drawing once "
        "the surface is destroyed.",
        meaning="an EGL call got an invalid surface (EGL_BAD_SURFACE)",
        terms=("EGL_BAD_SURFACE", "eglCreateWindowSurface", "surface"),
    ),
    Signature(
        "native",
        (
            r"\begl\w+(?:\(\))? failed\W{0,3}(?:error\W{0,3})?(?:0x)?300b\b",
            r"\bEGL(?:[ _]error)?\W{0,3}0x300b\b",
            r"\begl\w+[^\n]{0,40}\bEGL_BAD_NATIVE_WINDOW\b",
        ),
        "EGL_BAD_NATIVE_WINDOW (0x300b): eglCreateWindowSurface got a native window that is not "
        "valid: the OHNativeWindow of an XComponent not created yet or already destroyed "
        "(take it in OnSurfaceCreated and drop it in OnSurfaceDestroyed), or a window already "
        "bound to another EGL surface. Create the surface in OnSurfaceCreated with the window "
        "it hands over.",
        meaning="eglCreateWindowSurface got an invalid native window (EGL_BAD_NATIVE_WINDOW)",
        terms=("EGL_BAD_NATIVE_WINDOW", "OHNativeWindow", "XComponent"),
    ),
    *_LOADER_SIGNATURES,
)
