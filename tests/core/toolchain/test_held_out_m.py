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
