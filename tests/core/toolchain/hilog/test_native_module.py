"""A native module the runtime did not load, the loader's reason left out of the log."""

from __future__ import annotations

from hmdesk.core.toolchain.hilog.native_module import native_module

ARK = (
    "07-01 10:00:00.000  100  100 E C03F00/com.x/ArkCompiler: [ecmascript] export objects of "
    "native so is undefined, so name is @app:com.x/entry/qohos"
)


def test_the_module_arkcompiler_names() -> None:
    said = native_module(ARK)
    assert said is not None and said.kind == "native" and not said.certain
    assert "@app:com.x/entry/qohos" in said.meaning and "abiFilters" in said.fix


def test_the_module_resolution_names_it_too() -> None:
    # ets_runtime's module resolution, when a native module's exports are no object:
    # LOG_FULL(WARN) << "Load native module failed, so is " << the module's record name
    line = "ArkCompiler: [default] [GetNativeOrCjsExports:50] Load native module failed, so is xxx"
    said = native_module(line)
    assert said is not None and said.kind == "native" and not said.certain
    assert "the native module xxx" in said.meaning and "abiFilters" in said.fix


def test_nmms_own_line() -> None:
    said = native_module("E C01300/com.x/NAPI: load module default/entry failed.")
    assert said is not None and "default/entry" in said.meaning


def test_the_loaders_reason_in_the_log_is_left_to_its_own_reading() -> None:
    reason = "W MUSL-LDSO: Error loading shared library libQt5DBus.so: (needed by libqohos.so)"
    assert native_module(f"{reason}\n{ARK}") is None
