"""What held-out batch NN (2026-12-08, seventh session; its logs named ``n1-`` and ``n2-``, found
with fetch and git in public repositories' notes and agents' skills while the search tools were
out of budget, device-side logs only; scored blind on a62dbc36, then folded in) taught (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found, real_log


def test_hdc_listing_no_device_is_no_device() -> None:
    f = assert_found(real_log("hdc/n2-hdc-list-targets-empty.log"))  # ``[empty]``
    assert f.kind == "no-device" and "USB debugging" in f.fix
    assert assert_found("[Empty]\n").kind == "no-device"


def test_a_failed_line_that_labels_the_error_s_code() -> None:
    f = assert_found(real_log("hilog/n1-camera-preview-rotation-7400201.log"))
    assert f.code == "7400201" and not f.certain and "commitConfig" in f.fix
    # a number labelled as a code in a line that says nothing failed stays unread
    assert diagnose("PreviewRotation call done. error code: 7400201\n") is None


def test_a_frame_with_the_module_s_name_after_the_function_s() -> None:
    f = assert_found(real_log("jscrash/n2-curves-linear-undefined.log"))
    assert f.location == "ycomponent/src/main/ets/components/curves/CurvesExample.ets:29:51"
