"""The runtime's and the device tools' documented messages quoted alone
(:mod:`hmdesk.core.toolchain.runtime_messages`): each read in more than one of the forms the
guides list (the Node-API FAQ's key log lines, the ArkTS module FAQ's loading errors, HiAppEvent's
RESOURCE_OVERLIMIT as a watcher logs it or as its JSON), and the look-alikes left to the rows
they belong to."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.runtime_messages import RUNTIME_SIGNATURES


def test_every_row_compiles_and_has_needles():
    for sig in RUNTIME_SIGNATURES:
        assert sig.compiled().pattern
        assert sig.needles() is not None, sig.meaning


@pytest.mark.parametrize(
    ("line", "meaning_word", "fix_word"),
    [
        # the Node-API guide's key log lines (placeholders as the guide prints them, and with ids)
        ("param env not equal to its owner.", "env that does not own", "napi_threadsafe_function"),
        (
            "owner env has been destroyed, owner id: 3 , current env id: 5.",
            "env that does not own",
            "napi_env",
        ),
        (
            "current tsfn was created by dead env, owner id: 7, current env id: 9",
            "env that does not own",
            "owning thread",
        ),
        (
            "current napi interface cannot run in multi-thread, thread id: 4242, current thread "
            "id: 4300",
            "another thread",
            "napi_set_instance_data",
        ),
        (
            "module libcamera_napi.so is not allowed to load in restricted runtime",
            "restricted runtime",
            "libcamera_napi.so",
        ),
        ("module libfoo.so is in blocklist, loading prohibited.", "restricted", "libfoo.so"),
    ],
)
def test_the_node_api_guides_key_lines(line: str, meaning_word: str, fix_word: str):
    found = diagnose(line)
    assert found is not None and found.kind == "crash"
    assert meaning_word in (found.meaning or "")
    assert fix_word in found.fix


def test_a_napi_call_returning_with_an_exception_pending():
    found = diagnose("napi_call_function occur exception need return, line: 812")
    assert found is not None and found.kind == "native"
    assert "napi_get_and_clear_last_exception" in found.fix


def test_the_arkts_module_faqs_loading_errors():
    dynamic = diagnose("Error: Cannot find dynamic-import module 'pages/Detail'")
    assert dynamic is not None and dynamic.kind == "crash"
    assert "'pages/Detail'" in dynamic.fix and "runtimeOnly" in dynamic.fix
    export = diagnose("No export named 'add' which exported by 'libentry.so'")
    assert export is not None and export.kind == "crash"
    assert "'add'" in export.fix and "libentry.so" in export.fix


def test_a_native_modules_import_that_does_not_resolve():
    for name in ("libentry.so", "llama_napi", "image_napi"):
        found = diagnose(f"Cannot find module '{name}'")
        assert found is not None and found.kind == "arkts-source", name
        assert name in found.fix and "oh-package.json5" in found.fix
    # a node package hvigor loads is still hvigor's; the compiler's own message its own row's
    plugin = diagnose("Error: Cannot find module '@ohos/hvigor-ohos-plugin'")
    assert plugin is not None and plugin.kind == "hvigor-env"


def test_an_object_that_is_not_valid_alone_on_its_line():
    found = diagnose("Obj is not a valid object")
    assert found is not None and found.kind == "crash" and "abiFilters" in found.fix
    # inside prose it is no quote of the message
    assert diagnose("the page says Obj is not a valid object when the .so is missing") is None


@pytest.mark.parametrize(
    "log",
    [
        # the watcher's lines of the ArkTS guide (the event as one JSON)
        'HiAppEvent eventInfo={"domain":"OS","name":"RESOURCE_OVERLIMIT","eventType":1,'
        '"params":{"pid":20731,"resource_type":"js_heap","uid":20010044}}',
        # the C API guide's lines, one param a line
        "HiAppEvent eventInfo.name=RESOURCE_OVERLIMIT\n"
        "HiAppEvent eventInfo.params.uid=20010043\n"
        "HiAppEvent eventInfo.params.resource_type=js_heap",
    ],
)
def test_hiappevents_resource_overlimit_event_by_its_resource(log: str):
    found = diagnose(log)
    assert found is not None and found.kind == "crash"
    assert "limit of js_heap" in found.fix and "heap snapshot" in found.fix
    assert found.code is None  # the uid is no code
    assert "resource_type" in found.evidence


# the resource-leak event guide's (hiappevent-watcher-resourceleak-events) resource_type values,
# each with its own params (memory for pss/ion/gpu/js_heap, fd's num/top_fd_type, thread's num):
# each gets the fix the leak log of its kind gets
@pytest.mark.parametrize(
    ("resource_type", "params", "words"),
    [
        ("pss_memory", '"memory":{"rss":1202484,"pss":1100020,"ion":0,"gpu":0}', "destructor"),
        ("ion_memory", '"memory":{"rss":902484,"pss":800020,"ion":600000}', "PixelMap"),
        ("gpu_memory", '"memory":{"rss":902484,"pss":800020,"gpu":700000}', "glDeleteTextures"),
        ("js_heap", '"memory":{"limit_size":0,"live_object_size":0}', "heap snapshots"),
        ("fd", '"fd":{"num":5111,"top_fd_type":"socket","top_fd_num":4796}', "close"),
        ("thread", '"thread":{"num":879}', "pthread_join"),
    ],
)
def test_resource_overlimit_gets_its_resources_own_fix(resource_type: str, params: str, words: str):
    found = diagnose(
        'HiAppEvent eventInfo={"domain":"OS","name":"RESOURCE_OVERLIMIT","eventType":1,'
        f'"params":{{"pid":20731,"resource_type":"{resource_type}",{params},"uid":20010044}}}}'
    )
    assert found is not None and found.kind == "crash"
    assert f"limit of {resource_type}" in found.fix and words in found.fix
    assert "external_log" in found.fix


def test_resource_overlimit_of_a_type_the_guide_does_not_name_gets_the_general_fix():
    found = diagnose(
        "HiAppEvent eventInfo.name=RESOURCE_OVERLIMIT\n"
        "HiAppEvent eventInfo.params.resource_type=sockets_new"
    )
    assert found is not None and "limit of sockets_new" in found.fix
    assert "heap snapshot" in found.fix


def test_kotlin_natives_own_fatal_lines():
    linkage = diagnose(
        "Uncaught Kotlin exception: kotlin.native.internal.IrLinkageError: Function 'f' can "
        "not be called: No function found for symbol 'a.b/f|f(){}[0]'"
    )
    assert linkage is not None and linkage.kind == "crash" and "version" in linkage.fix
    compiler = diagnose(
        "e: Compilation failed: Backend Internal error\n\n * Source files: A.kt\n"
        " * Compiler version: 2.1.0\n * Output kind: DYNAMIC\n"
    )
    assert compiler is not None and compiler.kind == "native"
    assert "2.1.0" in compiler.fix and "languageVersion" in compiler.fix


def test_nodes_uncaught_exception_inside_a_package():
    log = (
        "/home/u/app/node_modules/@scope/cli-plugin/dist/index.js:12\n"
        "    return opts.name;\n"
        "                ^\n\n"
        "TypeError: Cannot read properties of undefined (reading 'name')\n"
    )
    found = diagnose(log)
    assert found is not None and found.kind == "tool"
    assert found.location == "/home/u/app/node_modules/@scope/cli-plugin/dist/index.js:12"
    assert "@scope/cli-plugin" in found.fix
    # hvigor's own files are hvigor's
    hvigor = log.replace("@scope/cli-plugin", "@ohos/hvigor")
    found = diagnose(hvigor)
    assert found is None or found.kind != "tool"


def test_the_signing_tools_and_hdcs_messages_without_a_code():
    console = diagnose("Console not available. Please run in a terminal environment.")
    assert console is not None and console.kind == "signing" and "pseudo-terminal" in console.fix
    not_support = diagnose("Not support file.")
    assert not_support is not None and not_support.kind == "signing"
    assert ".p7b" in not_support.fix
    for typo in ("Unkonw file option -r", "Unknown file option -z"):
        found = diagnose(typo)
        assert found is not None and found.kind == "hdc" and "version" in found.fix


def test_a_distributed_table_with_a_composite_key():
    found = diagnose("Not support create distributed table with composite primary keys")
    assert found is not None and "single-column primary key" in found.fix


@pytest.mark.parametrize(
    "line",
    [
        'MUSL-LDSO: dlopen failed: library "libfoo.so" not found',
        "Error loading shared library libc++_shared.so: No such file or directory (needed by "
        "/data/storage/el1/bundle/libs/arm64/libentry.so)",
        "MUSL-LDSO: load libc++_shared.so failed, namespace=moduleNs_default, errno=2",
    ],
)
def test_the_musl_loaders_missing_library_quoted_without_columns(line: str):
    found = diagnose(line)
    assert found is not None and found.kind == "native" and found.certain
    assert "not packed into the HAP" in found.fix and "NEEDED" in found.fix
    # a system library (.z.so) missing is the system's, not the HAP's: not this row
    system = diagnose(line.replace("libfoo.so", "libace.z.so").replace("libc++_shared", "libace.z"))
    assert system is None or system.meaning != found.meaning


NODE_FRAMES = (
    "    at Module._compile (node:internal/modules/cjs/loader:1191:14)\n"
    "    at Module.load (node:internal/modules/cjs/loader:1069:32)\n"
)


def test_a_reference_error_in_the_projects_node_script_names_the_file_and_the_require() -> None:
    text = (
        "ReferenceError: fs is not defined\n"
        "    at Object.<anonymous> (/home/dev/app/build/options.js:12:5)\n" + NODE_FRAMES
    )
    found = diagnose(text)
    assert found is not None and found.kind == "tool"
    assert found.location == "/home/dev/app/build/options.js:12:5"
    assert "const fs = require('fs')" in found.fix


def test_a_reference_error_elsewhere_is_not_the_projects_script() -> None:
    # the top frame inside node_modules: a package's own bug, not the project's script
    in_package = (
        "ReferenceError: fs is not defined\n"
        "    at load (/home/dev/app/node_modules/some-cli/lib/a.js:3:1)\n" + NODE_FRAMES
    )
    found = diagnose(in_package)
    assert found is None or found.meaning != "the project's Node script uses an undeclared name"
    # an app's JS crash: no Node loader frames under it
    app = (
        "Error name:ReferenceError\nError message:fs is not defined\nStacktrace:\n"
        "ReferenceError: fs is not defined\n"
        "    at aboutToAppear (entry/src/main/ets/pages/Index.ts:12:5)\n"
    )
    crash = diagnose(app)
    assert crash is not None and crash.kind == "crash"


def test_nodes_header_place_takes_the_column_its_stack_prints() -> None:
    text = (
        "/w/app/node_modules/@acme/plugin-x/dist/index.js:40\n"
        "    const v = ctx.getConfig().name;\n"
        "                  ^\n\n"
        "TypeError: ctx.getConfig is not a function\n"
        "    at Plugin.run (/w/app/node_modules/@acme/plugin-x/dist/index.js:40:19)\n"
    )
    found = diagnose(text)
    assert found is not None and found.kind == "tool"
    assert found.location == "/w/app/node_modules/@acme/plugin-x/dist/index.js:40:19"


def test_a_database_column_renamed_by_arkguards_property_obfuscation() -> None:
    found = diagnose("table Account has no column named a23 in 'INSERT INTO Account(a23)'")
    assert found is not None and found.kind == "config" and "-keep-property-name" in found.fix
    found = diagnose("SqliteError: no such column: b in 'SELECT b FROM user'")
    assert found is not None and "-keep-property-name" in found.fix
    # a column with a name of its own is a schema the code does not match, not obfuscation
    plain = diagnose(
        "table Account has no column named nickname in 'INSERT INTO Account(nickname)'"
    )
    assert plain is None or "-keep-property-name" not in plain.fix


@pytest.mark.parametrize(
    "log",
    [
        "C05610/code_protect/BSS: [BinSec][svc:node_task][ExecuteTemplate]:node based task "
        "failed. node: CheckSigned, ret: 1017604106",
        '{ "event_type": "get signature info failed", "code_type": "ELF", "pid": 10041, '
        '"filename": "/data/storage/el1/bundle/entry/resources/resfile/tool" }',
    ],
)
def test_an_unsigned_elf_refused_by_the_code_signature(log: str) -> None:
    found = diagnose(log)
    assert found is not None and found.kind == "permission" and "hnpPackages" in found.fix


def test_the_media_kits_soundpool_invalid_resource_line() -> None:
    found = diagnose(
        "Failed to load sound, the resource path is invalid, please check input parameters"
    )
    assert found is not None and found.kind == "file" and "load(" in found.fix


def test_a_decoder_fed_data_that_is_not_media() -> None:
    found = diagnose(
        "05-26 16:04:02.677   2654-3810     C02b31/AvCodec...egBaseDecoder  com.examp...ne_video"
        "  E     {SendBuffer} [R: 1] error msg:Invalid data found when processing input"
    )
    assert found is not None and "Content-Type" in found.fix


@pytest.mark.parametrize(
    "log",
    [
        # quoted alone (a Q&A's paste, its quotes typographic)
        "ReferenceError: failed to load module’@qunar/faceverify’ which imported by "
        "com.qunar.hos/pay/ets/pages/PayTestPage’. Please check the target path.",
        # a crash's message
        "Error name:ReferenceError\nError message:failed to load module'hsplib' which imported "
        "by '&entry/src/main/ets/pages/Index&'. Please check the target path.\nStacktrace:\n"
        "    at func_main_0 (entry/src/main/ets/pages/Index.ets:3:1)",
    ],
)
def test_the_runtimes_unresolved_import(log: str) -> None:
    found = diagnose(log)
    assert found is not None and found.kind == "crash" and "runtimeOnly" in found.fix


@pytest.mark.parametrize(
    ("log", "word"),
    [
        # the dso= part wrapped onto a line of its own
        (
            "MUSL-LDSO: relocating failed: symbol not found.\n"
            "  dso=/data/storage/el1/bundle/libs/arm64/libapp.so s=sodium_base642bin",
            "libsodium",
        ),
        (
            "Error relocating /data/storage/el1/bundle/libs/arm64/libfoo.so: SSL_CTX_new: "
            "symbol not found",
            "OpenSSL",
        ),
        ("MUSL-LDSO: relocating failed: symbol not found.  s=ALooper_prepare", "Android"),
    ],
)
def test_a_missing_symbol_whose_name_tells_its_library(log: str, word: str) -> None:
    found = diagnose(log)
    assert found is not None and found.kind == "native" and word in found.fix


def test_a_missing_symbol_of_the_apps_own_stays_the_general_reading() -> None:
    found = diagnose("Error relocating /data/libfoo.so: my_png_helper: symbol not found")
    assert found is not None and "libpng" not in found.fix


def test_dlopen_outside_the_apps_namespace() -> None:
    found = diagnose(
        "MUSL-LDSO bundlename E Open absolute_path library: check ns accessible failed, "
        "pathname libxxx.so namespace moduleNs_default"
    )
    assert found is not None and found.kind == "native" and "libs/<abi>" in found.fix


@pytest.mark.parametrize(
    "line",
    [
        "Error: Too many workers, the number of workers exceeds the maximum.",
        "BusinessError: Worker initialization failure, the number of workers exceeds the maximum.",
        "Too many wokers，the number of worker exceeds the maximum",
    ],
)
def test_the_worker_limit_in_each_api_versions_words(line: str) -> None:
    found = diagnose(line)
    assert found is not None and found.kind == "crash" and "terminate()" in found.fix
