"""What held-out batch T (2026-12-07, scored blind, then folded in) taught: general facts of the
tools, each checked on the batch's own log and on another form of the same message (issue 27)."""

from __future__ import annotations

import pytest

from tests.fixtures.real_logs import assert_found, real_log


def test_a_parameter_the_device_does_not_have() -> None:
    f = assert_found(real_log("hdc/t1-faq-cli31-param-get-errnum-106.log"))
    assert f.kind == "hdc" and "param get | grep" in f.fix
    other = assert_found('Get parameter "const.product.software.version" fail! errNum is:106!\n')
    assert other.kind == "hdc"


def test_a_module_plugin_in_the_project_level_hvigorfile() -> None:
    f = assert_found(real_log("hvigor/t1-faq218-hmrouter-modulecontext-null.log"))
    assert f.kind == "config" and "entry/hvigorfile.ts" in f.fix


def test_a_hvigorfile_without_its_system_plugin() -> None:
    f = assert_found(real_log("hvigor/t4-buildguide-invalid-exports-no-system-plugins.log"))
    assert f.kind == "config" and "system: appTasks" in f.fix
    assert "{{" not in f.fix  # the braces are the code's, not a template's
    one = assert_found("> hvigor ERROR: Invalid exports, no system plugin was found\n")
    assert one.kind == "config"


def test_devecos_cpp_sync_warning_is_its_stale_cache() -> None:
    f = assert_found(real_log("native/t1-faq-devenv25-lsp-client-warning-cpp-sync.log"))
    assert f.kind == "native" and "compile_commands.json" in f.fix and ".cxx" in f.fix


@pytest.mark.parametrize("path", ["/tmp/...", "/tmp/hvigor-1234/a.json", "/var/tmp/x"])
def test_a_temporary_file_on_a_read_only_file_system(path: str) -> None:
    f = assert_found(f"Error: EROFS: read-only file system, open '{path}'\n")
    assert f.kind == "permission" and "TMPDIR" in f.fix
    # a read-only project folder is no temporary folder's
    other = assert_found("Error: EROFS: read-only file system, open '/Volumes/p/entry/a.ets'\n")
    assert "TMPDIR" not in other.fix


def test_the_signing_tools_untrusted_parameter_bare_and_coded() -> None:
    f = assert_found(real_log("signing/t2-discrollview-devlog-verify-app-param-not-trusted.log"))
    assert f.kind == "signing" and "-inFile" in f.fix and "hap-sign-tool.jar -h" in f.fix
    coded = assert_found("ERROR: 11011005 Param is not trusted\n")
    assert (coded.kind, coded.code) == ("signing", "11011005")


def test_flutter_ohos_finding_no_sdk() -> None:
    f = assert_found(real_log("sdk/t4-flutter-ohos-no-hmos-sdk-found.log"))
    assert f.kind == "sdk-home" and "--ohos-sdk" in f.fix and "Contents/sdk" in f.fix


def test_a_class_clang_sees_only_forward_declared() -> None:
    f = assert_found(real_log("native/t4-ohskills-ace-refptr-incomplete-type-animator.log"))
    assert f.kind == "native" and "OHOS::Ace::Animator" in f.fix and "forward-declared" in f.fix
    field = assert_found("error: field has incomplete type 'struct timeval'\n")
    assert "struct timeval" in field.fix
    # placed, the compiler's line stays the module's with its place
    placed = assert_found(
        "/p/entry/src/main/cpp/a.cpp:9:20: error: variable has incomplete type 'Foo'\n"
    )
    assert placed.kind == "native" and placed.location == "/p/entry/src/main/cpp/a.cpp:9:20"


def test_a_library_version_the_loaded_copy_lacks_is_the_library_path() -> None:
    f = assert_found(real_log("native/t2-harmonypc-ld-library-path-openssl-version-conflict.log"))
    assert f.kind == "native" and "LD_LIBRARY_PATH" in f.fix and "OPENSSL_3.0.0" in f.fix
    glibc = assert_found(
        "./app: /lib/x86_64-linux-gnu/libc.so.6: version `GLIBC_2.34' not found "
        "(required by ./app)\n"
    )
    assert "GLIBC_2.34" in glibc.fix


def test_a_local_dependency_whose_path_is_missing_names_it_whole() -> None:
    f = assert_found(real_log("ohpm/t2-sf-webview-flutter-ohos-local-har-not-found.log"))
    # the console wrapped the path mid-word: the fix names it joined
    assert f.kind == "ohpm-deps" and "libs/flutter.har." in f.fix and "pubspec" in f.fix
    plain = assert_found("ohpm ERROR: Fetch local package error, ../libs/a.har not found.\n")
    assert "../libs/a.har" in plain.fix


def test_a_freeze_in_the_apps_native_code_called_through_napi() -> None:
    f = assert_found(real_log("appfreeze/t3-tabssh-sync-napi-connect-app-input-block.log"))
    assert f.kind == "freeze" and "napi_create_async_work" in f.fix
    report = (
        "Reason:THREAD_BLOCK_6S\n"
        "Tid:1234, Name:com.example.app\n"
        "#00 pc 000000000001a2b0 /system/lib/ld-musl-aarch64.so.1(recv+64)\n"
        "#01 pc 0000000000004f10 /data/storage/el1/bundle/libs/arm64/libentry.so(Connect+88)\n"
        "#02 pc 0000000000035a8c /system/lib64/platformsdk/libace_napi.z.so\n"
    )
    fr = assert_found(report)
    assert fr.kind == "freeze" and "napi_create_async_work" in fr.fix
