"""The ArkTS runtime's message families read from their documentation, not from one log: a module's
binding read before its module ran (``X is not initialized``), the runtime's JSON parser
(``Unexpected … in JSON``), an ArkTS module without the name imported (``does not provide an
export name``) and a raw release frame quoted with a Chinese full stop. Each family: the blind
batch Y log (its source in its sidecar), then the members the docs print that no log showed, read
as a fault log, a bare line and a DevEco window line."""

from __future__ import annotations

import pytest

from tests.fixtures.real_logs import assert_cause, assert_reads, real_log

# --- X is not initialized: a circular dependency (the module side-effects guide,
# arkts-module-side-effects), also a lazy re-export (arkts-lazy-import) and the stability best
# practice's "XXX is not initialized" case (bpta-scenario-stability-jscrash)


def test_a_module_cycle_read_before_initialisation_names_the_cycle_and_the_check() -> None:
    # jscrash/arkts-module-cycle-not-initialized: "1. Error message: a is not initialized"
    assert_reads(
        real_log("jscrash/arkts-module-cycle-not-initialized.log"),
        "crash",
        "b.ets:2:27",
        "circular dependency",
        "load order",
        "@security/no-cycle",
    )


def test_the_stability_guides_raw_static_initializer_case_is_a_cycle() -> None:
    # bpta-scenario-stability-jscrash, "XXX is not initialized类问题案例" (its fault log, verbatim)
    log = (
        "Reason:ReferenceError\n"
        "Error name:ReferenceError\n"
        "Error message:z822 is not initialized\n"
        "Stacktrace:\n"
        "Cannot get SourceMap info, dump raw stack:\n"
        "    at static_initializer (entry|entry|1.0.0|src/main/ets/engine/en/KbdEnLayoutUtils.ts:1:1)\n"
        "    at func_main_0 (entry|entry|1.0.0|src/main/ets/engine/en/KbdEnLayoutUtils.ts:0:3016)\n"
    )
    assert_cause(log, "circular dependency", "persist.ark.properties 0x2000105c", "static block")


def test_the_lazy_import_guides_bare_error_is_read_with_its_frame() -> None:
    # arkts-lazy-import: "ReferenceError: c is not initialized" / "at func_main_0 (A.ets:2:13)"
    found = assert_reads(
        "ReferenceError: c is not initialized\n    at func_main_0 (A.ets:2:13)\n",
        "crash",
        "A.ets:2:13",
        "lazy",
    )
    assert not found.certain  # a bare line: no fault log says it ended the app


def test_a_devEco_window_line_of_the_family_is_read() -> None:
    # concurrency-faq: "SendableItem is not initialized" in a TaskPool task, as the HiLog window
    # prints a JS error line
    line = (
        "03-26 17:16:13.614   4363-4363     A03d00/JSAPP                    com.examp...05632611"
        "  E     ReferenceError: SendableItem is not initialized\n"
    )
    assert_reads(line, "crash", None, "@Sendable", "circular dependency")


# --- the runtime's JSON parser; "Unexpected Object in JSON" is also the ArkTS FAQ's (faqs-arkts-1)
# class method called on a parsed object


def test_unexpected_object_in_json_names_the_prototype_and_a_static_method() -> None:
    # jscrash/json-parse-object-instance-method-crash: "Error message: Unexpected Object in JSON"
    found = assert_reads(
        real_log("jscrash/json-parse-object-instance-method-crash.log"),
        "crash",
        None,
        "prototype",
        "setPrototypeOf",
        "static method",
    )
    assert found.fix.startswith("Possibly")  # the parser says it of a malformed object's text too


@pytest.mark.parametrize(
    "message",
    [
        # the runtime JSON parser's other wordings (ArkCompiler ets_runtime's JsonParser)
        "Unexpected Array in JSON",
        "Unexpected Number in JSON Array Or Object",
        "Unexpected end Text in JSON",
        "Unexpected Object Prop in JSON",
        "Unexpected Text in JSON: Invalid Token",
    ],
)
def test_every_json_parser_wording_is_text_that_is_not_json(message: str) -> None:
    assert_cause(f"Error name:SyntaxError\nError message:{message}\n", "JSON.parse", "try/catch")
    assert_reads(f"SyntaxError: {message}\n", "crash", None, "JSON.parse")


# --- does not provide an export name: ArkGuard's FAQs (source-obfuscation-questions,
# bytecode-obfuscation-questions) and the API 12 changelog (changelogs-targeting-api12-b031)


def test_an_obfuscated_hsp_export_names_the_keep_rules() -> None:
    # jscrash/sf-obfuscated-har-export-r7: "Error message:the requested module
    # '@bundle:xxx/HohemBaseLib/Index' does not provide an export name 'r7' …"
    found = assert_reads(
        real_log("jscrash/sf-obfuscated-har-export-r7.log"),
        "crash",
        None,
        "-keep-global-name",
        "consumer-rules.txt",
        "obfuscation-rules.txt",
    )
    assert found.fix.startswith("Possibly")  # or the module's version lacks the export


def test_the_obfuscation_faqs_own_wording_is_read_bare() -> None:
    # source-obfuscation-questions' heading, verbatim
    line = (
        "'module1/file1' does not provide an export name 'x', which is imported by "
        "'module2/file2'\n"
    )
    assert_reads(line, "crash", None, "-keep-global-name")
    assert_cause(f"Error name:SyntaxError\nError message:{line}", "obfuscat", "consumer-rules")


def test_a_system_modules_removed_export_is_an_api_change_not_a_native_library() -> None:
    # changelogs-targeting-api12-b031 (SubHeader's enums), verbatim
    said = assert_cause(
        "Error name:SyntaxError\nError message:the requested module "
        "'@ohos.arkui.advanced.SubHeader' does not provide an export name "
        "'SymbolRenderingStrategy' and 'SymbolEffectStrategy'.\n",
        "API changed",
        "SDK",
    )
    assert "abiFilters" not in said


def test_a_native_librarys_missing_export_stays_native() -> None:
    # jscrash/tcp-client-libentry-named-export-syntaxerror's line
    assert_cause(
        "Error name:SyntaxError\nError message: the requested module "
        "'@normalized:Y&&&libentry.so&' does not provide an export name 'isTcpClientRunning'\n",
        "abiFilters",
    )


# --- a raw frame quoted in a Chinese sentence (bytecode-obfuscation-questions, 案例四)


def test_a_raw_frame_ending_in_a_chinese_full_stop_is_the_location() -> None:
    # jscrash/bytecode-obfuscation-reflect-definemetadata-not-callable: "2. Stacktrace: Cannot get
    # SourceMap info, dump raw stack: at anonymous (ads_service|@hw-ads/ohos-ads-model|1.0.1|
    # src/main/ets/annotations/FieldType.ts:6:1。"
    assert_reads(
        real_log("jscrash/bytecode-obfuscation-reflect-definemetadata-not-callable.log"),
        "crash",
        "@hw-ads/ohos-ads-model/src/main/ets/annotations/FieldType.ets:6:1",
        "-keep-global-name",
        "-keep <file>",
    )


# --- the other runtime errors ArkGuard's FAQs list for a release build
# (source-obfuscation-questions, bytecode-obfuscation-questions)


def test_a_file_name_obfuscated_entry_ability_names_keep_file_name() -> None:
    # bytecode-obfuscation-questions, -enable-filename-obfuscation 案例二, verbatim
    assert_reads(
        "Error message: Cannot find module 'ets/appability/AppAbility' which is application "
        "Entry Point\n",
        "crash",
        None,
        "srcEntry",
        "-keep-file-name",
    )


@pytest.mark.parametrize(
    ("message", "keep"),
    [
        # source-obfuscation-questions' "Error message: is not callable" (a namespace's export, a
        # dynamic import, a lib….so method) and "Cannot read property xxx of undefined" (a JSON
        # file's field renamed by property obfuscation)
        ("is not callable", "-keep-global-name"),
        ("Cannot read property jsonProperty of undefined", "-keep-property-name"),
    ],
)
def test_the_obfuscation_faqs_runtime_errors_name_their_keep_rule(message: str, keep: str) -> None:
    log = (
        f"Error name:TypeError\nError message:{message}\nStacktrace:\n"
        "    at anonymous (entry|entry|1.0.0|src/main/ets/pages/Index.ts:11:1)\n"
    )
    assert_cause(log, keep, "release build")


# --- blind batch Z's runtime pastes: a numbered key with no space after the page's number
# (the API 12 changelog's quote), ArkUI's state management on a @Consume without its @Provide
# (the same changelog's @LocalBuilder change), HiAppEvent's ADDRESS_SANITIZER event read as the
# sanitizer's own report of its ``type``


def test_a_numbered_key_with_no_space_after_the_number_is_the_key() -> None:
    # jscrash/changelog-api12-subheader-symbol-export-removed: "1.Error message:the requested module …"
    assert_reads(
        real_log("jscrash/changelog-api12-subheader-symbol-export-removed.log"),
        "crash",
        None,
        "changelog",
        "SDK",
    )


def test_a_consume_without_its_provide_names_the_builders_this() -> None:
    # jscrash/changelog-api12-local-builder-consume-missing-provide (a bare line), and the same
    # message of another component quoted in a note (no log showed it so)
    for text in (
        real_log("jscrash/changelog-api12-local-builder-consume-missing-provide.log"),
        "> @Component 'Child'[7] missing @Provide property with name count.Fail to resolve "
        "@Consume(count).",
    ):
        assert_reads(text, "crash", None, "@Provide", "@LocalBuilder", "bind(this)")


@pytest.mark.parametrize(
    ("kind", "words"),
    [
        ("heap-use-after-free", ("freed",)),
        ("double-free", ("Free each allocation once",)),
        ("memcpy-param-overlap", ("memmove",)),
        ("allocation-size-too-big", ("size",)),
        ("container-overflow", ("size()",)),
    ],
)
def test_the_address_sanitizer_events_type_reads_as_the_sanitizers_own_kind(
    kind: str, words: tuple[str, ...]
) -> None:
    # the hiappevent ADDRESS_SANITIZER guide's watcher lines (type字段说明), with the types its
    # table lists besides the batch Z log's stack-buffer-overflow
    text = real_log("hilog/hiappevent-address-sanitizer-stack-buffer-overflow.log").replace(
        "type=stack-buffer-overflow", f"type={kind}"
    )
    f = assert_reads(text, "crash", None, *words)
    assert "AddressSanitizer" in (f.meaning or "") + f.fix
