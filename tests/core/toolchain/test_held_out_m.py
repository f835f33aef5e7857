"""What held-out batch M (2026-12-07, scored blind, then folded in) taught: general facts of the
tools, each checked on the batch's own log (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import real_log


def test_a_name_defined_twice_in_cpp_is_the_duplicate_definition_at_its_place() -> None:
    f = diagnose(real_log("native/m-ohskills-redefinition-inline-constexpr-text-theme.log"))
    assert f is not None and f.kind == "native"
    assert f.location is not None and f.location.endswith("text_theme.cpp:28:10")
    assert "DRAG_BACKGROUND_OPACITY is defined twice" in f.fix and "#pragma once" in f.fix


def test_an_undefined_symbol_of_a_linked_library_may_be_one_it_does_not_export() -> None:
    f = diagnose(
        real_log("native/m-ohskills-lld-undefined-symbol-cross-module-ace-force-export.log")
    )
    assert f is not None and f.kind == "native" and "export" in f.fix
    assert "target_link_libraries" in f.fix  # the common cause stays first


def test_a_property_the_json5_schema_does_not_allow_is_named() -> None:
    f = diagnose(
        real_log("hvigor/m-jetsnack-port-hvigor-config-hvigorversion-invalid-property.log")
    )
    assert f is not None and f.kind == "config"
    assert "remove or rename hvigorVersion" in f.fix and "hvigor-config.json5" in f.fix
    # a JavaScript error about a quoted name is no schema check
    js = diagnose("Error: 'foo' is not valid property name")
    assert js is None or js.kind != "config"


def test_an_emulator_pointed_at_a_folder_without_its_image_says_so() -> None:
    f = diagnose(real_log("hdc/m-harmony-next-skills-14-emulator-wrong-image-root.log"))
    assert f is not None and f.kind == "device" and "system-image" in f.fix


# batch M2 (the HarmonyOS FAQ's quoted errors, 2026-12-07)


def test_a_shell_that_cannot_find_a_tool_says_put_it_on_path() -> None:
    f = diagnose(
        real_log("hdc/f-faqs-performance-analysis-kit-73-ubuntu-command-hdc-not-found.log")
    )
    assert f is not None and f.kind == "hdc" and "PATH" in f.fix
    # every shell's words, for each of the toolchain's commands
    for line, kind in (
        ("bash: ohpm: command not found", "tool"),
        ("zsh: command not found: hvigorw", "tool"),
        ("'node' is not recognized as an internal or external command,", "hvigor-env"),
        ("sh: 1: cmake: not found", "native"),
        ("hdc : The term 'hdc' is not recognized as the name of a cmdlet", "hdc"),
        ("bash: java: command not found", "java"),
        # PowerShell in Chinese (batch RS's cnblogs post: DevEco Studio's Terminal)
        ("ohpm : 无法将“ohpm”项识别为 cmdlet、函数、脚本文件或可运行程序的名称。", "tool"),
        ("hdc : 无法将“hdc”项识别为 cmdlet、函数、脚本文件或可运行程序的名称。", "hdc"),
    ):
        found = diagnose(line)
        assert found is not None and found.kind == kind and "PATH" in found.fix, line
    # ohpm's own "not found" is no shell's
    own = diagnose("ohpm ERROR: package not found")
    assert own is None or own.kind != "tool"


def test_gradle_older_than_its_jdk_is_a_java_finding() -> None:
    f = diagnose(
        real_log("java-node/f-faqs-compiling-and-building-188-arkuix-gradle-java21-class-cache.log")
    )
    assert f is not None and f.kind == "java" and "gradle-wrapper.properties" in f.fix


def test_a_second_drive_letter_in_a_path_is_a_dependency_linked_from_another_project() -> None:
    f = diagnose(
        real_log(
            "paths/f-faqs-compiling-and-building-190-einval-mkdir-drive-letter-external-har.log"
        )
    )
    assert f is not None and f.kind == "ohpm-deps" and "ohpm install" in f.fix


def test_markdown_escapes_in_a_quoted_error_are_read_as_printed() -> None:
    f = diagnose(
        real_log("config/f-faqs-compiling-and-building-39-form-config-one-default-card.log")
    )
    assert f is not None and f.kind == "config" and "isDefault" in f.fix
    assert f.certain


# batches N and N2 (sealed until their final blind score, then folded in)


def test_a_page_listed_with_its_extension_is_a_main_pages_entry() -> None:
    f = diagnose(real_log("config/m-jetsnack-port-main-pages-index-ets-ets.log"))
    assert f is not None and f.kind == "config" and "main_pages.json" in f.fix
    assert '"pages/Index"' in f.fix


def test_the_schemas_property_names_check_names_the_property() -> None:
    f = diagnose(real_log("config/m-jetsnack-port-module-json5-labelen-property-name.log"))
    assert f is not None and f.kind == "config" and "remove or rename labelEn" in f.fix


def test_a_runtime_error_after_an_apps_own_prefix_is_a_possible_js_crash() -> None:
    f = diagnose(real_log("jscrash/m2-sf-emulator-setint-undefined.log"))
    assert f is not None and f.kind == "crash" and not f.certain and "canIUse" in f.fix
    g = diagnose(real_log("jscrash/m-faq-build-182-cannot-find-record-bytecode-har.log"))
    assert g is not None and g.kind == "crash" and "oh-package.json5" in g.fix


def test_a_cxx_runtime_symbol_the_loader_misses_is_an_old_libcxx_shared() -> None:
    f = diagnose(real_log("hilog/m2-docs-cpp-overview-emutls-symbol-not-found.log"))
    assert f is not None and f.kind == "native" and "libc++_shared.so" in f.fix


def test_the_compilers_and_tools_messages_the_faq_quotes() -> None:
    for name, kind, word in (
        (
            "arkts/f-faqs-compiling-and-building-131-cannot-add-items-to-index",
            "arkts-source",
            "split",
        ),
        ("native/f-faqs-jsvm-2-unknown-type-name-bool-std-cxx", "native", "-std=gnu++"),
        ("ohpm/f-faqs-project-management-4-hypium-fetchpackageinfo", "ohpm-deps", "@ohos/hypium"),
        (
            "ohpm/f-faqs-command-line-tool-4-ohpm-repo-mysql-decrypt-failed",
            "ohpm-deps",
            ".deploy_root",
        ),
        (
            "sdk/f-faqs-compiling-and-building-88-sdkmgr-failed-to-request-remote-sdk",
            "sdk-missing",
            "--proxy",
        ),
        (
            "jscrash/f-faqs-ability-76-context-must-be-valid-context-401",
            "crash",
            "UIAbilityContext",
        ),
        ("jscrash/f-faqs-network-22-http-request-canceled-or-over-100", "crash", "destroy()"),
        (
            "native/m-ohskills-mingw-dllexport-redeclaration-measure-property",
            "native",
            "export macro",
        ),
    ):
        f = diagnose(real_log(f"{name}.log"))
        assert f is not None and f.kind == kind and word in f.fix, name


# batch P (sealed until its blind score on the session's final code, then folded in)


def test_devecos_message_key_for_a_missing_hsp_says_deploy_it_with_the_app() -> None:
    f = diagnose(real_log("bm/p1-sf-hsp-dependent-module-not-exist.log"))
    assert f is not None and f.kind == "install" and "HSP" in f.fix


def test_an_obfuscation_rules_file_the_build_profile_names_is_missing() -> None:
    f = diagnose(real_log("config/p1-csdn-obfuscation-file-missing.log"))
    assert f is not None and f.kind == "config" and "obfuscation-rules.txt" in f.fix
    assert f.location is not None and f.location.endswith("obfuscation-rules.txt")


def test_a_script_error_points_at_the_compiler_error_above_it() -> None:
    f = diagnose(real_log("hvigor/p2-audiovolume-entry-hvigorfile-syntax-00302037.log"))
    assert f is not None and f.code == "00302037"
    assert f.location is not None and f.location.endswith("hvigorfile.ts:6:1")
    assert "error TS1005: '}' expected." in f.fix
