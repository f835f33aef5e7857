"""The C/C++ build's messages read as families (:mod:`hmdesk.core.toolchain.native_build_messages`):
each case is a corpus log's family in wording the corpus does not hold."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found


@pytest.mark.parametrize(
    "said",
    [
        "a.h:3:8: error: 'operator<=' cannot be the name of a variable or data member",
        "b.hpp:9:1: error: unknown type name 'concept'",
        "c.cpp:12:5: error: unknown type name 'consteval'",
        "d.cpp:40:10: error: use of undeclared identifier 'co_await'",
    ],
)
def test_cxx20_code_under_an_older_standard_asks_for_cxx20(said: str) -> None:
    f = assert_found(said)
    assert f.kind == "native" and "-std=c++20" in f.fix and "CMAKE_CXX_STANDARD" in f.fix


def test_an_unknown_type_name_of_the_projects_own_is_not_cxx20() -> None:
    f = diagnose("e.cpp:1:1: error: unknown type name 'Widget'")
    assert f is None or "C++20" not in f.fix


def test_short_wchar_against_the_sdks_wchar_t_names_the_flag_and_the_place() -> None:
    # faqs-compiling-and-building-59, as clang prints it
    f = assert_found(
        "/sdk/native/llvm/lib/clang/15.0.4/include/stddef.h:74:24: error: typedef redefinition "
        "with different types ('unsigned short' vs 'unsigned int')\n"
        "typedef __WCHAR_TYPE__ wchar_t;"
    )
    assert f.kind == "native" and "-fshort-wchar" in f.fix
    assert f.location == "/sdk/native/llvm/lib/clang/15.0.4/include/stddef.h:74:24"


@pytest.mark.parametrize("header", ["QtOhosExtras/QOhosAppContext", "QtWidgets/QApplication"])
def test_a_qt_camelcase_header_not_found_is_the_qt_the_build_uses(header: str) -> None:
    f = assert_found(f"main.cpp:3:10: fatal error: '{header}' file not found")
    assert f.kind == "native" and "lower-case" in f.fix and "CMAKE_PREFIX_PATH" in f.fix
    assert f.location == "main.cpp:3:10"
    other = assert_found("main.cpp:3:10: fatal error: 'curl/curl.h' file not found")
    assert "target_include_directories" in other.fix and "Qt" not in other.fix


def test_rnohs_c_api_factory_not_compiling_is_its_c_api_arch() -> None:
    f = assert_found(
        "/p/oh_modules/@rnoh/react-native-openharmony/src/main/cpp/RNOH/arkui/"
        "CustomComponentArkUINodeHandleFactory.h:62:12: error: no viable conversion from "
        "returned value of type 'std::nullptr_t' to function return type "
        "'std::pair<ArkUI_NodeHandle, napi_ref>' (aka 'pair<ArkUI_Node *, napi_ref__ *>')"
    )
    assert f.kind == "native" and "RNOH_C_API_ARCH" in f.fix and f.location


@pytest.mark.parametrize("linker", ["bfd", "gold"])
def test_a_linker_the_sdk_does_not_ship_asks_for_lld(linker: str) -> None:
    f = assert_found(f"clang++: error: invalid linker name in argument '-fuse-ld={linker}'")
    assert f.kind == "native" and "-fuse-ld=lld" in f.fix and linker in f.fix
