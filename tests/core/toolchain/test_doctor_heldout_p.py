"""General rules the held-out batch P's build logs (21, cut from hvigor's own debug logs, folded
into the corpus) showed missing.

Each case reads a real log of ``tests/data/real_logs`` (its ``.toml`` names the source), then the
same rule on a variant it was not written from, so the rule is the kind, not the log.
"""

from __future__ import annotations

from hmdesk.core.toolchain.build_log import console_view
from hmdesk.core.toolchain.error_places import named_place
from hmdesk.core.toolchain.error_subjects import missing_project_file, place_kind, signing_input
from hmdesk.core.toolchain.tool_errors import read_tool_error

from tests.fixtures.real_logs import assert_found, assert_reads, real_log

# ---------------------------------------------------------------- a configuration file's entry


def test_a_source_file_a_configuration_file_names_is_that_files_error() -> None:
    # hvigor places the error at module.json5: the .ets its srcEntry names is not there
    assert_reads(
        real_log("config/heartbeat-debuglog-srcentry-not-found.log"),
        "config",
        "C:\\Users\\xingqiliang.DC\\Desktop\\OpenHarmony_Test_APP\\entry\\src\\main\\module.json5",
        "srcEntry",
        "does not exist",
    )
    # another ability kind, a console log, a POSIX path
    assert_reads(
        "> hvigor ERROR: Failed :feature:default@PreBuild...\n"
        "> hvigor ERROR: Module-ExtensionAbilities-srcEntry './ets/backup/BackupAbility.ets' "
        "not found.\n"
        "\t Detail: Make sure ./ets/backup/BackupAbility.ets exists.\n"
        "\t at /home/dev/app/feature/src/main/module.json5\n",
        "config",
        "/home/dev/app/feature/src/main/module.json5",
        "BackupAbility.ets",
    )
    # the file an error is placed at decides only for a configuration file
    assert place_kind(
        "srcEntry './ets/a/A.ets' not found", "D:\\p\\src\\main\\module.json5:3:5"
    ) == ("config")
    assert place_kind("Cannot find name 'x' in a.ets", "entry/src/main/ets/a.ets:3:4") == (
        "arkts-source"
    )
    assert place_kind("storeFile 'a.p12' not found", "D:\\p\\build-profile.json5") == "signing"


def test_a_folder_name_in_a_path_is_not_the_tools_title() -> None:
    # the project folder ends in "ArkTS": a configuration code, its message's file the place
    f = assert_reads(
        real_log("config/nju-debuglog-module-version-missing.log"),
        "config",
        "D:\\NJU_Calendar_Importer_ArkTS\\entry\\oh-package.json5",
        "version",
    )
    assert f.code == "00303075"
    text = (
        "> hvigor ERROR: 00303299 Configuration Error\n"
        "Error Message: Error in /home/u/TypeError_Syntax_Error_ArkTS/lib/oh-package.json5. The "
        "name of the module must be a string.\n"
    )
    err = read_tool_error(text)
    assert err is not None and err.kind is None and err.tool == "hvigor"
    assert_reads(text, "config", "/home/u/TypeError_Syntax_Error_ArkTS/lib/oh-package.json5")


def test_the_full_path_after_what_could_not_be_found_is_the_place() -> None:
    f = assert_reads(
        real_log("config/raytv-debuglog-module-build-profile-not-found.log"),
        "config",
        "D:\\tv\\RayTV\\raytv\\src\\build-profile.json5",
        "build-profile.json5",
    )
    assert f.code == "00304056"
    assert named_place(
        "Error: Unable to locate the module file ~/p/feat/src/main/module.json5."
    ) == ("~/p/feat/src/main/module.json5")
    assert named_place("Error: Cannot find module '...\\canvas\\hvigorw.js'") == (
        "...\\canvas\\hvigorw.js"
    )


# ---------------------------------------------------------------- the project's own files


def test_a_project_file_that_is_not_there_is_the_projects_structure() -> None:
    f = assert_reads(
        real_log("config/raytv-debuglog-root-oh-package-enoent.log"),
        "config",
        "D:\\tv\\RayTV\\oh-package.json5",
        "restore",
    )
    assert "ohpm install" not in f.fix
    # a module's build-profile.json5, POSIX, Node's stat
    assert_reads(
        "> hvigor ERROR: ENOENT: no such file or directory, stat "
        "'/home/dev/app/library/build-profile.json5'\n",
        "config",
        "/home/dev/app/library/build-profile.json5",
        "does not exist",
    )
    # an installed package's file or a signing folder is not the project's structure
    assert (
        missing_project_file(
            "ENOENT: no such file or directory, open 'D:\\p\\oh_modules\\@ohos\\axios\\oh-package.json5'"
        )
        is None
    )
    assert missing_project_file("ENOENT: no such file or directory, stat 'C:\\s\\material'") is None
    assert missing_project_file("ENOENT: no such file or directory, open '/p/hvigorfile.ts'") == (
        "/p/hvigorfile.ts"
    )


def test_hvigors_project_path_check_without_its_code() -> None:
    f = assert_reads(
        real_log("paths/heartbeat-debuglog-invalid-project-path.log"),
        "project-path",
        None,
        "move the project",
    )
    assert "00306003" in (f.meaning or "") and f.code is None
    # an older console, no Detail line
    assert_reads("> hvigor ERROR: Invalid project path.\n", "project-path", None, "ASCII")


# ---------------------------------------------------------------- signing


def test_a_keystore_error_is_at_the_keystore_the_signing_tool_was_given() -> None:
    log = real_log("signing/freerdp-debuglog-keystore-password-11014003.log")
    view = console_view(log)
    assert view is not None and view.command is not None and "-keystoreFile" in view.command
    assert "-keystoreFile" not in view.text  # the console does not print it
    f = assert_reads(log, "signing", "C:\\huawei\\.signing\\debug.p12", "password")
    assert f.code == "11014003"
    # another project's debug log, which the rule was not written from
    f = assert_found(real_log("signing/buildlog-pwdmgr-11014003-keystore-password.log"))
    assert f.location == "E:/devecostudio-windows-6.1.0.830/smartalarm.p12"
    # a console with the tool's command printed by a script (quoted arguments)
    assert_reads(
        'java -jar hap-sign-tool.jar sign-app -mode "localSign" -keyAlias "release" '
        '-appCertFile "/s/release.cer" -profileFile "/s/release.p7b" -inFile a.hap '
        '-keystoreFile "/s/release.p12" -outFile b.hap\n'
        "ERROR: 11014003 Init keystore failed\n"
        "Error Message: keystore password was incorrect\n",
        "signing",
        "/s/release.p12",
    )


def test_a_signing_error_is_at_the_input_it_is_about() -> None:
    cmd = "sign-app -keystoreFile /s/a.p12 -profileFile /s/a.p7b -appCertFile /s/a.cer"
    assert signing_input("Init keystore failed", cmd) == "/s/a.p12"
    assert signing_input("profile verification failed", cmd) == "/s/a.p7b"
    assert signing_input("certificate chain is invalid", cmd) == "/s/a.cer"
    assert signing_input("keystore password was incorrect", "/k/x.p12 is exist. Try") == "/k/x.p12"
    assert signing_input("something else", cmd) is None


def test_a_configuration_code_the_signing_task_raised_is_a_signing_error() -> None:
    assert (
        assert_found(real_log("signing/nju-debuglog-release-profile-missing.log")).kind == "signing"
    )
    f = assert_found(
        "> hvigor ERROR: Failed :entry:default@SignHap...\n"
        "> hvigor ERROR: 00303299 Configuration Error\n"
        "Error Message: The value of certpath is not valid. At file: D:\\app\\build-profile.json5\n"
    )
    assert f.kind == "signing" and f.location == "D:\\app\\build-profile.json5"
