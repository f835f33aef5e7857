"""What held-out batch HH (2026-12-07, sixth session; its logs named ``h1-`` (device logs from
developers' repositories and OpenHarmony's failure-mode pages), ``h2-`` (the HarmonyOS pages of
SDKs' and frameworks' docs) and ``h3-`` (failing builds from committed hvigor debug logs); scored
blind on 4d997899, then folded in) taught: general readings, each checked on the batch's log and
on another form (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.hilog.parse import parse_hilog_text

from tests.fixtures.real_logs import assert_found, real_log


def test_the_log_windows_level_and_tag_columns_alone() -> None:
    # ``E     Case_FileNotExist Test1 Error code: 13900002``: time, pid and domain hidden
    lines = real_log("hilog/h1-medialib-addresource-13900002.log").splitlines()
    parsed = [p for p in parse_hilog_text(lines) if p.kind == "log"]
    assert len(parsed) == 6
    assert (parsed[2].level, parsed[2].tag, parsed[2].message) == (
        "E",
        "Case_FileNotExist",
        "Test1 Error code: 13900002",
    )
    f = assert_found(real_log("hilog/h1-medialib-addresource-13900002.log"))
    assert f.code == "13900002" and "exists" in f.fix
    # prose that happens to open with a capital I and two words is no such paste
    prose = parse_hilog_text(["I  think this is it", "and then it crashed"])
    assert all(not p.level for p in prose)


def test_a_universal_code_an_error_line_labels_as_the_errors_code() -> None:
    # 201 / 401 are HTTP statuses too: read when an error line labels the BusinessError's code,
    # "possibly", with the message the next line labels
    f = assert_found(real_log("hilog/h1-medialib-getassets-201.log"))
    assert f.code == "201" and f.kind == "permission" and not f.certain
    p = assert_found(real_log("hilog/h1-medialib-creationdialog-401.log"))
    assert p.code == "401" and "srcFileUris must be an array" in p.fix
    # an HTTP client's status in prose stays unread as an API code
    http = diagnose("E A00000/net: request failed, HTTP status 401 Unauthorized\n")
    assert http is None or http.code != "401"


def test_a_source_file_the_hot_reload_still_names() -> None:
    f = assert_found(real_log("hvigor/h3-lzb-hotreload-enoent-sensorinfo.log"))
    assert f.kind == "hvigor-task" and f.location is not None
    assert f.location.endswith("SensorInfo.ets") and "run it again" in f.fix


def test_a_flutter_plugin_without_its_harmonyos_side() -> None:
    f = assert_found(real_log("config/h2-posthog-flutter-ohos-missingplugin.log"))
    assert f.kind == "config" and "posthog_flutter" in f.fix and "index.ets" in f.fix
    other = assert_found(
        "E/flutter: [ERROR:flutter/runtime/dart_vm_initializer.cc(41)] Unhandled Exception: "
        "MissingPluginException(No implementation found for method getAll on channel "
        "plugins.flutter.io/shared_preferences)\n"
    )
    assert "plugins.flutter.io/shared_preferences" in other.fix
