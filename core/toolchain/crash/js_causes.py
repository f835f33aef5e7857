"""Why a JS crash happened: the signatures of ArkTS and Cangjie errors (an error's name and
message, its frames) with their likely cause and fix.

The table follows the JS Crash FAQ (``harmonyos-faqs/faq-stability-13``: ReferenceError/@Provide,
TypeError, BusinessError, RangeError and OOM cases), the ArkUI FAQ and state management's own
checks, the ArkTS runtime's module and worker errors, the Cangjie crash guide, and cases seen in
public issues (a native library missing for the device's ABI, a function passed to ``@Prop``, an
API absent on the device). First match in table order wins (:func:`.explain.explain`).
"""

from __future__ import annotations

from hmdesk.core.toolchain.crash.model import CPP, FREEZE, JS, Cause
from hmdesk.core.toolchain.crash.model import rule as _c

ANY = f"{JS} {CPP} {FREEZE}"

# state management refused a function for a decorated variable (a callback through @Prop); its
# hilog line is read by :func:`.hilog.says.decorated_value`, which says this with the variable
DECORATED_FUNCTION = _c(
    JS,
    r"Illegal variable value error with decorated variable @(?:Prop|State|Link|Provide"
    r"|Consume|ObjectLink|StorageProp|StorageLink|LocalStorageProp|LocalStorageLink)\b"
    r"[^\n]*(?:function|not function)",
    "a function was passed to a decorated state variable (@Prop/@State…), which may hold only "
    "data, not a function (a callback)",
    "Pass the callback as a plain (undecorated) member of the function type (onTap: () => void "
    "= () => {}) or through @BuilderParam / @Event, not a @Prop/@State decorated variable; or "
    "pass the state through @Link (or an id) and call back through it.",
)

# the general TypeErrors: a specific signature above them wins; when the name they give is a
# method of the SDK (:mod:`..sdk_members`) :func:`.explain.explain` says which API it is
NOT_CALLABLE = _c(
    JS,
    r"is not callable|is not a function",
    "something called as a function is not one: a function passed through @Prop (state "
    "variables cannot hold functions), a wrong property name, or an API missing on the device",
    "Check what the top frame calls: pass callbacks as regular members or @BuilderParam, not "
    "@Prop/@State; if it is a system API, guard it with canIUse(). A method handed on by "
    "reference (this.method given to a child's @BuilderParam, a callback, an event handler) "
    "runs with another `this`, on which the methods it calls are undefined: pass an arrow "
    "function instead (() => { this.method() }) or bind it (faqs-arkui-229). If it fails only in the "
    "release build, obfuscation renamed the function on one side (a namespace's or a "
    "dynamically imported module's export, a lib….so method called as a property): keep "
    "its name with -keep-global-name or -keep-property-name in obfuscation-rules.txt.",
    certain=False,
)
READ_OF_UNDEFINED = _c(
    JS,
    r"Cannot (?:read|load) property (?:of|\S+ of) (?:undefined|null)|of null or undefined",
    "a property was read on undefined/null: the object is not set yet (async init, a failed "
    "lookup) or the API module is absent on this device",
    "Guard the object at the location (if (obj) / obj?.prop) and make sure it is initialised "
    "before the page uses it; if it is a system API that is undefined here, check "
    "canIUse('SystemCapability.…') first. If the object is a module imported from a native "
    "library (import x from 'libx.so'), the .so failed to load and the import is undefined: "
    "hilog says why (grep 'Load native module failed', MUSL-LDSO, dlopen). If it fails only in "
    "the release build (confirm with -disable-obfuscation in obfuscation-rules.txt), "
    "property obfuscation may have renamed a JSON file's or a response's field the code "
    "reads: keep those names with -keep-property-name.",
)

JS_CAUSES: tuple[Cause, ...] = (
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
    DECORATED_FUNCTION,
    # --- Crypto Architecture Kit: a symmetric key's data refused by convertKey
    # (faqs-crypto-architecture-22): the kit's own message for any key of the wrong length
    _c(
        JS,
        r"convert ?Sym ?Key(?: key)? failed",
        "the key data given to a symmetric key generator's convertKey() does not fit its "
        "algorithm: its length differs from the algorithm's key length (an HMAC key must be as "
        "long as its digest algorithm's output, e.g. HMAC|SHA224 28 bytes, HMAC|SHA256 32; "
        "AES128 16 bytes, AES256 32, 3DES192 24, SM4_128 16)",
        "Check the key's byte length against the algorithm string passed to "
        "cryptoFramework.createSymKeyGenerator(): give a key of exactly that length (for HMAC, "
        "the digest algorithm's output size: SHA224 28 bytes, SHA256 32, SHA384 48, SHA512 64), "
        "or pick the algorithm that matches the key you have; decode the key the way it was "
        "encoded (hex/base64, not the string's UTF-8 bytes).",
        certain=False,
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
    # --- an ArkTS module that lacks the name imported from it: ``the requested module 'M' does not
    # provide an export name 'x' which imported by 'F'`` (the FAQ's ``'module1/file1' does not
    # provide an export name 'x', which is imported by 'module2/file2'``). The ArkGuard FAQs
    # (source-obfuscation-questions, bytecode-obfuscation-questions): with
    # -enable-toplevel-obfuscation and -enable-export-obfuscation a HAP and the HSP it imports are
    # obfuscated apart, so the export's name differs; a system module's removed export (the API 12
    # changelog) is the other case. A lib….so module is the native rule below.
    _c(
        JS,
        r"'(?![^']*\.so\b)(?!@(?:ohos|hms|kit|system)[.:])[^'\n]+' does not provide an export name",
        "an ArkTS module (another HAR/HSP or file) does not export the name imported from it: in "
        "a release build ArkGuard obfuscation (混淆) renamed the export on one side only (a HAP "
        "and an HSP are obfuscated apart, -enable-export-obfuscation with "
        "-enable-toplevel-obfuscation), or the module's version does not have that export",
        "If it fails only in the release build (confirm with -disable-obfuscation in "
        "obfuscation-rules.txt), keep the module's exported names: -keep-global-name <name> in "
        "the HSP's (or HAR's) consumer-rules.txt and its obfuscation-rules.txt; an imported name of a letter or "
        "two and a digit is an obfuscated one already. Otherwise align the dependency's version "
        "with the import (oh-package.json5) and rebuild clean.",
        certain=False,
    ),
    _c(
        JS,
        # a system module (``@ohos.x`` as imported, ``@ohos:x`` / ``@hms:x`` as the runtime
        # names it): the SDK declares the name, the device's system does not have it
        r"the requested module '@(?:ohos|hms|kit|system)[.:][^'\n]+' does not provide an export",
        "a system module no longer (or not yet) exports the name imported: the API changed "
        "between the SDK the app was built with and the device's system (an older system or an "
        "emulator image lacks what the SDK's declaration has)",
        "Import the name from the module that defines it now (the API changelog names it, e.g. "
        "SymbolGlyph's enums moved out of @ohos.arkui.advanced.SubHeader) and build with the "
        "SDK matching the device's system; if this device's system lacks it, check the API "
        "version the name needs against the device's and use another API of the kit there "
        "(or guard the feature with canIUse).",
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
    # read for every crash type (a native or freeze cause never comes before it)
    _c(
        ANY,
        r"Load native module failed",
        "a native module (a kit or a lib….so) could not be loaded on this device",
        "The device lacks this kit/API or the .so for its ABI: guard the call with "
        "canIUse('SystemCapability.…') (or try/catch the import) and check abiFilters for your "
        "own native module.",
    ),
    # a module the runtime cannot find in the app's bytecode (the flutter_flutter FAQ; the
    # HarmonyOS FAQ faqs-arkts-threading-model-9)
    _c(
        JS,
        r"cannot find record ['‘]",
        "the app's bytecode (modules.abc) lacks a module it loads: the SDK the app was built "
        "with does not match the device's system image, a dependency was not packaged (or a "
        "stale build cache kept an old one), or obfuscation renamed the file it is loaded by",
        "Build with the SDK that matches the device's system version (update the device or use "
        "its SDK), then rebuild clean (sync the project, Build > Clean Project) so every "
        "dependency is packaged. If it fails only in the release build (obfuscation is on by "
        "default there), keep the module's file names and paths out of obfuscation "
        "(-keep-file-name, -keep <path> in its obfuscation-rules.txt) or turn obfuscation off "
        "for that module. A record inside an HSP or HAR (<package>/…/ets/…): import it by the "
        "package name from what the package's entry file (Index.ets) exports, not by a path into "
        "its files; a bytecode HAR's own dependencies must be in the consuming module's "
        "oh-package.json5 dependencies, at one version across modules (overrides). A file "
        "loaded only by a dynamic import() (a path in a variable) is compiled in only when "
        "build-profile.json5 lists it in buildOption.arkOptions.runtimeOnly, and the requested "
        "path must match its record in the build's filesInfo.txt (the ArkTS module FAQ).",
    ),
    # the module a binding lives in never ran: a variable imported with ``import lazy`` and
    # re-exported (the lazy import guide), read through the re-exporting module
    _c(
        JS,
        r"module environment is undefined",
        "a variable was read from a module that was never executed: typically a variable "
        "imported with `import lazy` and re-exported from another file, so the lazy-loaded "
        "module does not run before the binding is read",
        "Do not re-export lazy-imported variables: import the variable directly from the module "
        "that defines it where it is used (or remove lazy from that import); set "
        "reExportCheckMode ('compatible' or 'strict') in build-profile.json5's arkOptions so "
        "the build reports such re-exports.",
        certain=False,
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
        JS,
        r"Cannot find module '@normalized:",
        "a module was loaded by a path that is not in the app: a Worker or a dynamic import "
        "named across packages (with useNormalizedOHMUrl a HAR may create a Worker only by a "
        "relative path to a file in its own package)",
        "Create the Worker with a relative path inside the package that holds its file (wrap it "
        "in a class exported by that package), or fix the import path.",
    ),
    # --- JSON.stringify over a cycle, or over an object native code made on another thread
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
        "the location, or give the @Consume a default value (API 20+). When the component is "
        "built inside a @Builder handed down from a parent (a @BuilderParam), that builder's "
        "`this` is the parent's, so its @Provide is not an ancestor from API 12 on (the API 12 "
        "changelog): declare it with @LocalBuilder, or pass it as `this.builder.bind(this)`.",
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
    # a worker's own error (its onerror: ``XWorker Error TypeError: … is not callable``, a
    # ``workers/`` file): what it calls is gone, e.g. an SDK destroyed in onDestroy while
    # messages are still posted to the worker (the Graphics Accelerate Kit launch FAQ)
    _c(
        JS,
        r"(?s)\A(?=.*(?:is not callable|is not a function))(?=.*(?:\w*Worker\w* Error\b|/workers?/))",
        "a worker called a function that is not (or no longer) there: an SDK or object it uses "
        "was destroyed (e.g. in onDestroy) or not yet initialised while messages still reached "
        "the worker",
        "Stop posting messages to the worker before destroying what it calls (terminate the "
        "worker, or stop the sender, in onDestroy first), and wrap the worker's message handler "
        "in try-catch (异常处理) so a call on a destroyed SDK does not end it.",
        certain=False,
    ),
    NOT_CALLABLE,
    # --- plain JS errors
    READ_OF_UNDEFINED,
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
    # a system API's own argument check in its N-API layer (``assertion (valueType ==
    # napi_object) failed: Wrong argument[0] type. Object expected.``): the argument was not an
    # object, most often an undefined context
    _c(
        JS,
        r"Wrong argument\[\d+\] type\. Object expected",
        "a system API got a value that is no object where it needs one: most often a context "
        "that is undefined (getContext() outside a component, this.context where there is "
        "none, a context kept before it was set) or an options object left out",
        "Check the argument the error counts (argument[0] is the first) at the top frame: pass "
        "a real context (the UIAbility's this.context, or getContext(this) inside a component) "
        "and check it is not null or undefined before the call.",
    ),
    # the runtime's TypeError for an assignment to an accessor property that has a getter and
    # no setter (ecmascript's ``Cannot set property when setter is undefined``)
    _c(
        JS,
        r"Cannot set property when setter is undefined",
        "a property that has a getter and no setter was assigned: a class's get accessor "
        "without set, or a read-only property of a system or library object",
        "Find the assignment at the top frame: add a setter to the accessor (set name(v) { … }) "
        "or assign the field behind it, and do not assign a read-only property of an object "
        "you do not own (create a new object, or use the API's own setter method).",
    ),
    # ``ReferenceError: X is not initialized`` (a raw stack's ``func_main_0`` or
    # ``static_initializer``: a module's top level or a class's static block ran): the stability
    # best practice's "XXX is not initialized" case and the module side-effects guide (a circular
    # dependency), the lazy import guide (a lazy-imported name re-exported), the concurrency FAQ
    # (a @Sendable class's file that also holds @Observed code, loaded in a TaskPool task)
    _c(
        JS,
        # (not the stack's own note "SourceMap is not initialized yet": see explain's raw stack)
        r"(?<!SourceMap )is not initialized|before initiali[sz]ation",
        "a module's binding (let/const/class) was read before its module ran: usually a circular "
        "dependency (a circular import, 循环依赖) between modules, A imports B and B imports A, so B runs first and "
        "reads A's export at its top level or in a static block; also a lazy-imported name "
        "re-exported from another file",
        "Break the circular dependency (a circular import, 循环依赖) and make the module load "
        "order (加载顺序) explicit: move the shared value into a third module both import, or "
        "read it inside a function or an instance member instead of at the module's top level "
        "or a static block; within one file, use a let/const/class only after it is declared "
        "(not before it is initialised). "
        "Find the cycles with the @security/no-cycle code check; to confirm a cycle on the "
        "device turn the runtime's check on (hdc shell param set persist.ark.properties "
        "0x2000105c, off again with 0x0000105c) and reproduce: if the error stays "
        "'is not initialized' the files form a cycle, else the new error is the first one. Do "
        "not re-export a lazy-imported name (import lazy … export); in a TaskPool task keep "
        "@Sendable classes out of files holding @Observed (UI) code.",
    ),
    # the runtime's checks of a @Sendable object (the concurrency FAQ): its layout is fixed when
    # the class is compiled, and each field keeps its declared type
    _c(
        JS,
        r"Cannot add property in prevent extensions",
        "a property was added to an object that takes no new ones: a @Sendable class's instance "
        "(its fields are fixed when the class is compiled) or an object passed through "
        "Object.preventExtensions/seal/freeze",
        "Declare the field in the Sendable class instead of adding it at run time. When it fails "
        "only in local unit tests (Local Test) or the Previewer, which run a HAR's code as "
        "source: for a namespace-imported Sendable HAR build the HAR as a TS HAR there "
        "(useTsHar) or import its names directly.",
    ),
    _c(
        JS,
        r"Cannot set sendable property with mismatched type",
        "a field of a @Sendable class was assigned a value of another type than it declares (the "
        "runtime checks a Sendable field's type on each write): most often a state variable's "
        "value, which @State/@Observed wrap in a Proxy, or a plain (non-Sendable) object",
        "Assign a value of the declared Sendable type: copy the data out of the state variable "
        "(not its @State/@Observed Proxy) into a new Sendable class instance, or declare the "
        "field with the type it really holds.",
    ),
    _c(
        JS,
        r"Stack overflow|Maximum call stack",
        "unbounded recursion",
        "The recursion at the location never ends: add or fix its termination condition (two "
        "functions calling each other count too).",
    ),
    # ``Unexpected Object in JSON``: the runtime's JSON parser on an object's text (a key without
    # its ``:``); the ArkTS FAQ faqs-arkts-1 reports it for a class method called on an object
    # JSON.parse returned
    _c(
        JS,
        r"Unexpected Object in JSON",
        "JSON.parse's object is not what the code expects: per the ArkTS FAQ an object parsed "
        "from JSON (a rawfile's text) has the prototype Object, not the class, so calling the "
        "class's instance method on it fails; or the object's text itself is malformed (a key "
        "without its ':')",
        "Turn the parsed object into a real instance before calling its methods: give it the "
        "class prototype (Object.setPrototypeOf(obj, MyClass.prototype), or new MyClass() and "
        "copy the fields with Object.assign), or make the method a static method called by the "
        "class name; check the JSON text's keys if it is malformed.",
        certain=False,
    ),
    # the runtime's JSON parser (``Unexpected Text/Array/Number/String/end/Object Prop in JSON``)
    _c(
        JS,
        r"Unexpected (?:Text|Array|Number|String|Object Prop|end(?: Text)?|Escape|Keyword)\b"
        r"[\w ]{0,24} in JSON|JSON\.parse|Unexpected token .* in JSON",
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
    # the JS Crash guide's error kinds the runtime itself raises: OOMError, TerminationError
    _c(
        JS,
        r"\bTerminationError\b",
        "the thread running this JS was stopped by force: a TaskPool task that ran too long (a "
        "task may run at most 3 minutes, async waits aside) or looped without end",
        "Find the long or endless loop in the task at the location and give it an exit; split "
        "the work into shorter tasks, or run long work as a taskpool.LongTask or in a Worker.",
    ),
    _c(
        JS,
        r"OutOfMemory|\bOOMError\b",
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
    # a ResultSet's column read by RDB's NAPI threw (``[IsColumnNull()-napi_result_set.cpp:503]:
    # throw error: code = 14800000``): the HarmonyOS FAQ faqs-local-database-management-15
    _c(
        JS,
        r"\[(?:IsColumnNull|GetColumn\w*|Get(?:String|Long|Double|Blob|Asset|Assets|Value|Row))"
        r"\(\)-napi_result_set\.cpp:\d+\][^\n]*throw error",
        "a ResultSet's column was read while the result set was not on a row: isColumnNull, "
        "getColumnIndex or a get…() called before goToFirstRow() (or after the last row)",
        "Move the ResultSet to a row first and check that it moved: if "
        "(resultSet.goToFirstRow()) { … } or while (resultSet.goToNextRow()) { … }, then read "
        "the columns; close the result set when done.",
        certain=False,
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
)
