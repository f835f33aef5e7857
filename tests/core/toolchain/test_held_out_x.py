"""What held-out batch X (2026-12-07, its logs named ``x1-``…; not the earlier batch X of
``test_doctor_heldout_x_tools.py``; scored blind, then folded in) taught: general facts of the
tools, each checked on the batch's own log and on another form of the same message (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found, real_log


def test_a_python_module_the_interpreter_lacks() -> None:
    f = assert_found(real_log("java-node/x3-ohdocs-buildfaq-no-module-crypto.log"))
    assert f.kind == "tool" and "pycryptodome" in f.fix and "pip" in f.fix
    g = assert_found(real_log("java-node/x3-neardws-rk3568-ets2panda-headers-parser-no-yaml.log"))
    assert g.kind == "tool" and "PyYAML" in g.fix
    old = assert_found("Traceback (most recent call last):\nImportError: No module named jinja2\n")
    assert old.kind == "tool" and "jinja2" in old.fix


def test_gcc_without_the_header_of_a_fixed_width_type() -> None:
    f = assert_found(real_log("native/x3-a2oh-wsl-gcc13-uint32-not-declared.log"))
    assert f.kind == "native" and "#include <cstdint>" in f.fix
    other = assert_found("foo.cpp:3:5: error: 'my_helper' was not declared in this scope\n")
    assert other.kind == "native" and "my_helper" in other.fix and "cstdint" not in other.fix


def test_the_flutter_tool_crashed_but_not_a_command_it_ran() -> None:
    f = assert_found(real_log("sdk/x2-flutter-oh-faq-null-not-subtype-list-plugin-restructure.log"))
    assert f.kind == "tool" and "flutter_flutter" in f.fix and "flutter pub get" in f.fix
    # a ProcessException is hvigorw's failure: hvigor's own line is the cause
    g = assert_found(
        real_log("hvigor/x2-flutter-oh-readme-16-cannot-find-belonging-project-path.log")
    )
    assert g.kind != "tool" and "flutter_NN.log" not in g.fix


def test_an_selinux_denial() -> None:
    f = assert_found(real_log("hilog/x3-napigen-ohservices-hidumper-selinux-samgr-get-denied.log"))
    assert f.kind == "permission"
    assert "allow hidumper_service sa_sampletest_server:samgr_class { get };" in f.fix
    app = assert_found(
        "08-01 10:00:00.000  1234  1234 W C01719/audit: avc: denied { read } for pid=1234 "
        'comm="com.example.app" path="/data/x" scontext=u:r:normal_hap:s0 '
        "tcontext=u:object_r:data_file:s0 tclass=file permissive=0\n"
    )
    assert app.kind == "permission" and "normal_hap" in app.fix


def test_flutter_engine_and_dart_pub() -> None:
    f = assert_found(
        real_log("hilog/x2-flutter-oh-scenario-2-wrong-full-snapshot-fml-kill-process.log")
    )
    assert f.kind == "crash" and "bin/cache" in f.fix
    g = assert_found(real_log("ohpm/x2-flutter-oh-faq-pub-get-path-provider-hosted-vs-git.log"))
    assert g.kind == "ohpm-deps" and "dependency_overrides" in g.fix


def test_windows_symlink_privilege() -> None:
    f = assert_found(
        real_log("paths/x2-flutter-engine-ohos-faq-9-gclient-sync-privilege-not-held.log")
    )
    assert f.kind == "permission" and "Developer Mode" in f.fix
    zh = assert_found("error: unable to create symlink: 客户端没有所需的特权。\n")
    assert zh.kind == "permission"


def test_gn_check_include_not_allowed() -> None:
    f = assert_found(real_log("native/x3-ohbuild-gn-check-include-not-allowed-napi.log"))
    assert f.kind == "native" and "//foundation/arkui/napi:napi_header" in f.fix
    assert "external_deps" in f.fix


def test_ohpms_own_check_for_node() -> None:
    f = assert_found(
        real_log("java-node/x2-zacksleo-flutter-run-ohpm-node-command-not-found-mac.log")
    )
    assert f.kind == "hvigor-env" and "NODE_HOME" in f.fix and ".zshrc" in f.fix


def test_an_abilitys_src_entry_file_is_missing() -> None:
    f = assert_found(
        real_log("config/x2-taro-harmony-hotreload-srcentry-entrybackupability-missing.log")
    )
    assert f.kind == "config" and f.location is not None
    assert f.location.endswith("EntryBackupAbility.ets") and "module.json5" in f.fix


def test_the_packing_tools_messages_without_their_codes() -> None:
    f = assert_found(real_log("config/x3-ohdocs-packingtool-10013006-entry-no-ability.log"))
    assert f.kind == "config" and "abilities" in f.fix
    g = assert_found(real_log("config/x3-ohdocs-packingtool-10016009-dependency-cycle.log"))
    assert g.kind == "config" and "circular" in g.fix
    printed = assert_found(
        "> hvigor ERROR: Failed :entry:default@PackageHap...\n"
        "> hvigor ERROR: 10012004 Check asanEnabled failed.\n"
    )
    assert printed.kind == "config" and "tsanEnabled" in printed.fix


def test_the_signature_tools_and_hdcs_messages_quoted_alone() -> None:
    f = assert_found(real_log("signing/x1-hapsigntool-11014001-key-alias-not-found.log"))
    assert f.kind == "signing" and "keyAlias" in f.fix
    g = assert_found(real_log("signing/x1-hapsigntool-11015002-signature-not-matched.log"))
    assert g.kind == "signing" and "profileCertFile" in g.fix
    # the tool's own line with its code and the message as Details keeps the tool's reading
    told = assert_found(
        "hap-sign-tool: error: ACCESS_ERROR, code: 109. Details: Init keystore failed: "
        "keystore password was incorrect\n"
    )
    assert told.code == "109"
    h = assert_found(real_log("hdc/x1-hdc-guide-e005004-file-b-option-unsupported.log"))
    assert h.kind == "hdc" and h.code == "E005004" and "Upgrade" in h.fix


def test_runtime_and_debugger_messages() -> None:
    f = assert_found(
        real_log("jscrash/x1-wrong-uicontext-guide-node-constructor-param-uicontext.log")
    )
    assert f.kind == "crash" and "getUIContext" in f.fix
    g = assert_found(real_log("native/x1-debug-lldb-faq-a-packet-error-8.log"))
    assert g.kind == "permission" and "Developer options" in g.fix


def test_the_api9_ndks_unused_gcc_toolchain_warning_decides_only_alone() -> None:
    f = assert_found(real_log("native/x1-faq-pm-21-clang-unused-gcc-toolchain-api9.log"))
    assert "-Wno-unused-command-line-argument" in f.fix
    # the warning beside a real compile error: the error decides
    g = assert_found(real_log("native/vpnproxy-ninja-undeclared-identifier.log"))
    assert "undeclared identifier" in g.evidence


def test_es2abcs_place_in_brackets() -> None:
    f = assert_found(
        real_log("arkts/x1-es2abc-10705000-concurrent-function-non-local-variable.log")
    )
    assert f.code == "10705000" and f.location == "/path/to/wrong/file.ts:9:4"


def test_a_native_stack_summarised_without_pc() -> None:
    f = assert_found(real_log("cppcrash/x1-napi-faq-cached-env-napi-call-function-isfunction.log"))
    assert f.kind == "crash" and not f.certain and "napi_create_reference" in f.fix
    # a numbered list of paths is no stack
    assert diagnose("#01 /home/me/notes.txt\n#02 /home/me/todo.txt\n") is None


def test_a_freeze_whose_binder_peer_waits_for_a_mutex() -> None:
    f = assert_found(real_log("appfreeze/x1-bpta-threadblock-mutex-not-unlocked-ipc-peer-wait.log"))
    assert f.kind == "freeze" and "lock_guard" in f.fix


def test_hbs_own_block_carries_its_code() -> None:
    # W's system-build logs, read again this session: hb's ``Code:`` line is the finding's code
    f = assert_found(real_log("native/w2-ohos-srcbuild-4000-ninja-build-missing.log"))
    assert f.code == "4000" and not f.certain
    alone = assert_found("[OHOS ERROR] Reason:    ninja phase failed\n")
    assert alone.code is None and "ninja phase failed" in alone.fix
