"""What held-out batch II (2026-12-07, sixth session; its logs named ``i1-`` (OpenHarmony's own
guides and FAQ pages) and ``i2-`` (developers' notes in public repositories), device-side logs
only; scored blind on 46dc51a1, then folded in) taught: general readings, each checked on the
batch's log and on another form (issue 27)."""

from __future__ import annotations

from tests.fixtures.real_logs import assert_found, real_log


def test_a_value_the_runtime_could_not_send_to_another_thread() -> None:
    f = assert_found(real_log("hilog/i1-concurrency-ecmascript-serialize.log"))
    assert f.kind == "hilog" and "Sendable" in f.fix
    other = assert_found(
        "08-07 10:12:01.100  4321  4400 E C03F00/ArkCompiler: [ecmascript] Unsupport serialize "
        "object type: JSProxy\n"
    )
    assert "@State" in other.fix


def test_a_module_that_threw_while_it_was_loaded() -> None:
    f = assert_found(real_log("jscrash/i1-module-debug-importstack-b.log"))
    assert f.kind == "crash" and f.location == "entry/src/main/ets/pages/B"
    assert "top level" in f.fix


def test_the_systems_own_bussinesserror_spelling_carries_the_code() -> None:
    # ``{"code":201,"message":"BussinessError 201: Permission denied."}``: the system's spelling
    f = assert_found(real_log("hilog/i1-faq-ability-bgtask-201.log"))
    assert f.code == "201" and f.kind == "permission" and not f.certain
