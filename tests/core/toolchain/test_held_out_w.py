"""What held-out batch W (2026-12-07, scored blind, then folded in) taught: general facts of the
tools, each checked on the batch's own log and on another form of the same message (issue 27)."""

from __future__ import annotations

from hmdesk.core.toolchain.doctor import diagnose

from tests.fixtures.real_logs import assert_found, real_log


def test_a_build_process_the_oom_killer_stopped() -> None:
    f = assert_found(real_log("native/w2-ohos-srcbuild-btf-vmlinux-killed-oom.log"))
    assert f.kind == "native" and "swap" in f.fix and "-j" in f.fix
    driver = assert_found("c++: fatal error: Killed signal terminated program cc1plus\n")
    assert driver.kind == "native" and "cc1plus" in driver.fix
    # "Killed" inside a sentence is no kill
    prose = diagnose("The process was Killed by the user, see the report\n")
    assert prose is None or "out of RAM" not in prose.fix


def test_the_openharmony_system_builds_own_block_is_possibly_its_reason() -> None:
    f = assert_found(real_log("native/w2-ohos-srcbuild-0000-prebuilt-hap-ubuntu2404.log"))
    assert f.kind == "native" and not f.certain
    assert "find component prebuilt_hap failed" in f.fix and "error.log" in f.fix


def test_an_older_python_script_on_python_310() -> None:
    f = assert_found(real_log("java-node/w2-hb-python310-collections-mapping.log"))
    assert f.kind == "tool" and "from collections.abc import Mapping" in f.fix


def test_ohpm_could_not_fetch_a_packages_information() -> None:
    f = assert_found(real_log("ohpm/w3-expo-app-ohpm-fetchpackageinfo-failed.log"))
    assert f.kind == "ohpm-deps" and ".ohpmrc" in f.fix and "proxy" in f.fix


def test_a_kit_the_sdk_does_not_have() -> None:
    f = assert_found(real_log("sdk/w3-ohagent-dataaugmentationkit-not-found-api14.log"))
    assert f.kind == "sdk-version" and "@kit.DataAugmentationKit" in f.fix
    assert "compileSdkVersion" in f.fix


def test_a_lifecycle_timeout_named_with_the_ability_managers_words() -> None:
    f = assert_found(real_log("appfreeze/w3-three-emulators-lifecycle-timeout-cpu-contention.log"))
    # the half timeout is the watchdog's warning; the full one is the freeze
    assert f.kind == "freeze" and f.code == "LIFECYCLE_TIMEOUT"


def test_a_js_file_of_the_modules_own_source_is_the_apps_place() -> None:
    f = assert_found(real_log("jscrash/w1-bpta-jscrash-number-trim-undefined-not-callable.log"))
    assert f.location == "entry/src/main/ets/pages/test.js:18:5"


def test_a_crash_inside_jsvms_engine_is_possibly_jsvm_misuse() -> None:
    f = assert_found(real_log("cppcrash/w1-jsvm-faq-gc-sweep-relink-after-destroyenv.log"))
    assert f.kind == "crash" and "OH_JSVM_DestroyEnv" in f.fix


def test_a_preview_build_run_outside_deveco_needs_its_build_root() -> None:
    # the corpus's PreviewArkTS log, whose sidecar W2 found corrected by a later version of its
    # own source: the builder had left out -p buildRoot=.preview
    f = assert_found(real_log("hvigor/previewarkts-00308018-data-undefined.log"))
    # "possibly": a script's preview build without it, or hvigor's own bug (its own JavaScript)
    assert f.kind == "hvigor-env" and not f.certain and "-p buildRoot=.preview" in f.fix
    other = assert_found(
        "> hvigor ERROR: Failed :entry:default@PreviewBuild...\n"
        "> hvigor ERROR: ENOENT: no such file or directory, open 'entry/.preview/default/x.json'\n"
    )
    assert "buildRoot" in other.fix
