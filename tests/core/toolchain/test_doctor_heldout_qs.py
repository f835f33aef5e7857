"""General rules the sealed half of batch Q (QS, folded into the corpus after its one blind run)
showed missing, each read as its family, not as the one log:

- Node's ``Cannot find module`` for a file deep inside hvigor's own packages
  (``'@ohos/hvigor/src/…'``, ``'@ohos/hvigor-ohos-plugin/src/…'``): the hvigor and plugin versions
  do not fit, not a package missing from node_modules;
- the ArkTS runtime's ``Cannot find module 'x' , which is application Entry Point``: srcEntry in
  module.json5, not hvigor's environment;
- rustc's ``error[E…]`` with its place under ``-->`` and cargo's ``could not compile``;
- hvigor's notice for a package of the other application model (FA / Stage);
- HiAppEvent's APP_KILLED by the RSS killer (a leak), and a bundle name holding "freeze" read as
  no freeze; HiCollie's APP_HICOLLIE event read as a freeze;
- ArkTS's Worker limit; a program of another architecture (``No such file or directory`` and an
  ELF whose loader the system lacks); DevEco's Lite simulator asked to run a non-Lite project.
"""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found, real_log


@pytest.mark.parametrize(
    "module",
    [
        "@ohos/hvigor/src/base/external/task/task",
        "@ohos/hvigor-ohos-plugin/src/plugin/common/ohos-plugin",
    ],
)
def test_a_file_inside_hvigors_own_packages_is_a_version_mismatch(module: str) -> None:
    f = assert_found(f"> hvigor ERROR: Error, Cannot find module '{module}'\n")
    assert f.kind == "hvigor-version" and "hvigor-config.json5" in f.fix


def test_a_hvigor_plugin_package_missing_stays_hvigor_env() -> None:
    f = assert_found("> hvigor ERROR: Cannot find module '@ohos/hvigor-ohos-plugin'\n")
    assert f.kind != "hvigor-version" or not f.certain


def test_the_runtimes_missing_entry_point_names_src_entry() -> None:
    f = assert_found(real_log("jscrash/q2-ohdocs-faqs-arkts-module-entry-point-not-found.log"))
    assert f.kind == "config" and "srcEntry" in f.fix
    f = assert_found(
        "Cannot find module 'entry/ets/entryability/EntryAbility', which is application Entry Point\n"
    )
    assert f.kind == "config" and "module.json5" in f.fix


def test_rusts_error_names_the_place_under_its_arrow() -> None:
    f = assert_found(real_log("native/q1-deft-7-napi-ohos-jsobject-unresolved-import.log"))
    assert f.kind == "native" and f.certain
    assert f.location is not None and f.location.endswith("xcomponent.rs:1:53")
    f = assert_found(
        "error[E0425]: cannot find value `x` in this scope\n --> src/lib.rs:4:5\n"
        "error: could not compile `app` (lib) due to 1 previous error\n"
    )
    assert f.kind == "native" and f.location == "src/lib.rs:4:5"


def test_a_package_of_the_other_application_model() -> None:
    f = assert_found(real_log("ohpm/q2-ohdocs-faqs-3rd-party-stage-model-fa-npm-package.log"))
    assert f.kind == "ohpm-deps" and "Stage model" in f.fix


def test_app_killed_by_the_rss_killer_is_a_leak_not_a_freeze() -> None:
    f = assert_found(
        real_log("hilog/q2-ohdocs-hiappevent-app-killed-rss-threshold-native-leak.log")
    )
    assert f.kind == "crash" and "leak" in f.fix


def test_hicollies_event_is_a_freeze() -> None:
    f = assert_found(real_log("appfreeze/q2-ohdocs-hiappevent-apphicollie-timer-sleep.log"))
    assert f.kind == "freeze" and f.code == "APP_HICOLLIE" and "threshold" in f.fix


def test_too_many_workers() -> None:
    f = assert_found(real_log("jscrash/q2-ohdocs-faqs-language-too-many-workers.log"))
    assert f.kind == "crash" and "terminate" in f.fix


def test_a_program_of_another_architecture() -> None:
    f = assert_found(real_log("native/q1-tpc-faq-bzip2-arm64-on-32bit-no-such-file.log"))
    assert f.kind == "native" and "armeabi-v7a" in f.fix
    f = assert_found(
        "bash: ./tool: No such file or directory\n$ file tool\ntool: ELF 32-bit LSB executable, "
        "ARM, EABI5, dynamically linked, interpreter /lib/ld-linux-armhf.so.3, stripped\n"
    )
    assert f.kind == "native" and "ld-linux-armhf" in f.fix


def test_a_plain_missing_file_is_not_an_architecture() -> None:
    f = diagnose("bash: ./tool: No such file or directory\n")
    assert f is None or "architecture" not in f.fix


def test_the_lite_simulator_runs_only_lite_projects() -> None:
    f = assert_found(real_log("aa/q2-csdn-118569443-lite-simulator-only-lite-projects.log"))
    assert f.kind == "device" and "Remote Emulator" in f.fix
