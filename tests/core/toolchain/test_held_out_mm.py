"""What held-out batch MM (2026-12-08, seventh session; its logs named ``m1-``, ``m2-`` and ``m3-``
(SegmentFault threads, blogs, a forum copy, a port's FAQ), device-side logs only; scored blind on
76df3973, then folded in) taught (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.hilog.parse import parse_lines

from tests.fixtures.real_logs import assert_found, real_log


def test_a_thread_that_reads_a_module_it_never_loaded() -> None:
    f = assert_found(real_log("cppcrash/m3-sendable-same-file-call.log"))
    assert f.kind == "crash" and "use shared" in f.fix
    assert f.location == "entry/src/main/ets/sendable_test/SendableTest.ets:33:5"


def test_a_system_api_s_argument_check() -> None:
    f = assert_found(real_log("jscrash/m2-settings-getvaluesync-context.log"))
    assert f.kind == "crash" and "context" in f.fix and "undefined" in f.fix


def test_navigation_and_router_pages_not_found() -> None:
    nav = assert_found(real_log("hilog/m1-nav-builder-not-registered.log"))
    assert nav.kind == "hilog" and "routerMap" in nav.fix
    router = assert_found(real_log("hilog/m1-router-cant-find-page.log"))
    assert router.kind == "hilog" and "main_pages.json" in router.fix


def test_hdc_s_column_order_with_the_pids_joined() -> None:
    line = parse_lines(
        [
            "03-24 23:37:58.634 18900-16500 E C03900/Ace: [manifest_router.cpp(GetPagePath)-(0)] "
            "[Engine Log] can't find this page"
        ]
    )[0]
    assert (line.pid, line.tid, line.level, line.domain, line.tag) == (
        18900,
        16500,
        "E",
        0x3900,
        "Ace",
    )
    assert line.message.startswith("[manifest_router.cpp")
