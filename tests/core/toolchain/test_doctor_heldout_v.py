"""General rules the held-out batch V's build logs (35, mostly cut from hvigor's own debug logs)
and batch W's paths log showed missing, once folded into the corpus.

Each case reads a real log of ``tests/data/real_logs`` (its ``.toml`` names the source), then the
same rule on a variant it was not written from, so the rule is the kind, not the log.
"""

from __future__ import annotations

from tests.fixtures.real_logs import assert_found, assert_reads, real_log

# ------------------------------------------------------------ a path alone on the line below


def test_a_path_alone_on_the_line_after_the_message_is_the_place() -> None:
    assert_reads(
        real_log("sdk/intelligentpet-normalized-ohmurl-compatible-sdk-00306045.log"),
        "config",
        "D:\\Harmony_project\\pet_web-master\\pet_project\\build-profile.json5",
        "useNormalizedOHMUrl",
    )
    assert_reads(
        "> hvigor ERROR: 00306045 Specification Limit Violation\n"
        "Error Message: UseNormalizedOHMUrl can be true only when Compatible SDK Version is "
        "5.0.0 (12) or later.\n"
        "\tat /home/dev/shop/build-profile.json5.\n",
        "config",
        "/home/dev/shop/build-profile.json5",
        "useNormalizedOHMUrl",
    )


def test_restools_resource_file_on_the_line_after_its_error_is_the_place() -> None:
    f = assert_found(real_log("config/gamepuzzle-media-idname-hyphen.log"))
    assert f.location is not None and f.location.endswith("success-6032148_1280.jpg"), f.location
    f = assert_found(
        "> hvigor ERROR: Failed :entry:default@CompileResource...\n"
        "> hvigor ERROR: Tools execution failed.\n"
        "Error: the name 'icon-big' can only contain [a-zA-Z0-9_].\n"
        "Error: invalid idName 'icon-big'.\n"
        "at /home/dev/app/entry/src/main/resources/base/media/icon-big.png\n"
    )
    assert f.location == "/home/dev/app/entry/src/main/resources/base/media/icon-big.png", f


def test_a_script_stack_frame_is_not_a_place() -> None:
    from hmdesk.core.toolchain.error_places import named_place

    assert named_place("Error: boom\n    at /home/dev/hvigor/src/base/log/hvigor-log.js\n") is None


# ------------------------------------------------------------ ``At file:`` in hvigor's advice


def test_at_file_in_the_tools_advice_is_the_place() -> None:
    location = (
        "C:\\Users\\g00422538\\Downloads\\codelabs-master\\codelabs-master\\Healthy_life\\entry"
        "\\hvigorfile.ts"
    )
    assert_reads(
        real_log("config/healthylife-project-profile-schema-00303198.log"),
        "config",
        location,
    )
    assert_reads(
        "> hvigor ERROR: 00303198 Configuration Error\n"
        "Error Message: The project-level build-profile.json5 file does not comply with the "
        "schema.\n\n"
        "* Try the following:\n"
        "  > Or when the module's hvigorfile requires appTasks instead of hapTasks. At file: "
        "/srv/app/feature/hvigorfile.ts\n",
        "config",
        "/srv/app/feature/hvigorfile.ts",
    )


# ------------------------------------------------------------ 00302018 unknown module


def test_an_unknown_module_on_the_command_line_is_the_projects_modules() -> None:
    assert_reads(
        real_log("hvigor/healthylife-unknown-module-cmdline-00302018.log"),
        "config",
        "C:\\Users\\g00422538\\Downloads\\codelabs-master\\codelabs-master\\Healthy_life"
        "\\build-profile.json5",
        "modules",
        "build-profile.json5",
    )
    # the message without its code, another module name, a POSIX path
    assert_reads(
        "> hvigor ERROR: Unknown module 'feature' in the command line. At file: "
        "/home/dev/app/build-profile.json5\n",
        "config",
        "/home/dev/app/build-profile.json5",
        "modules",
    )


# ------------------------------------------------------------ 00306053 and ohpm's srcPath


def test_ohpms_module_configed_in_a_file_names_its_srcpath() -> None:
    f = assert_found(real_log("ohpm/flutter-ohos-dependencymap-srcpath-off-by-one-00306053.log"))
    assert (f.kind, f.code) == ("ohpm-deps", "00306053"), (f.kind, f.code)
    assert "srcPath" in f.fix and "dependencyMap" in f.fix, f.fix
    f = assert_found(
        'ohpm ERROR: Install failed, detail: The module: "camera_ohos"\n'
        '  configed in "oh-package.json5" does not exist.\n'
        "> hvigor ERROR: 00306053 Specification Limit Violation: ohpm install failed.\n"
    )
    assert (f.kind, f.code) == ("ohpm-deps", "00306053") and "srcPath" in f.fix, f


# ------------------------------------------------------------ rollup's 'return' outside of function


def test_rollups_return_outside_of_function_asks_for_the_braces() -> None:
    # (the real log, arkts/llmfinetune-rollup-return-outside-function-00305015: in
    # test_doctor_after_split.py)
    f = assert_found(
        "> hvigor ERROR: 00305015 Rollup Error\n"
        "Error Message: 'return' outside of function (Note that you need plugins to import "
        "files that are not JavaScript)\n"
        ". At file: /home/dev/app/entry/src/main/ets/pages/Main.ets:12\n"
    )
    assert (f.code, f.location) == (
        "00305015",
        "/home/dev/app/entry/src/main/ets/pages/Main.ets:12",
    )
    assert "brace" in f.fix and "function" in f.fix, f.fix


# ------------------------------------------------------------ a path outside the working directory


def test_a_generator_refusing_a_path_outside_its_working_directory_is_the_projects_place() -> None:
    f = assert_found(real_log("paths/rnoh-codegen-output-outside-project.log"))
    assert f.kind == "project-path" and "move" in f.fix, (f.kind, f.fix)
    f = assert_found(
        "Error: cannot write to ../../common/generated: that path is outside the project root\n"
    )
    assert f.kind == "project-path", (f.kind, f.fix)
