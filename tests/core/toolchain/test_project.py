"""Project reader: the sample projects, and clear errors with file and line."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hmdesk.core.toolchain.doctor import diagnose, in_project
from hmdesk.core.toolchain.project_file import ProjectError
from hmdesk.core.toolchain.project_reader import (
    read_dependencies,
    read_hvigor_config,
    read_project,
)

from tests.fixtures.fake_tools import PROJECTS


@pytest.fixture
def hello(tmp_path: Path) -> Path:
    dest = tmp_path / "hello"
    shutil.copytree(PROJECTS / "hello", dest)
    return dest


def test_reads_the_signed_sample(hello: Path) -> None:
    p = read_project(hello)
    assert p.root == hello.resolve()
    assert (p.bundle_name, p.version_code, p.version_name) == (
        "com.example.hello",
        1000000,
        "1.0.0",
    )
    entry = p.entry_module
    assert entry is not None and entry.name == "entry" and entry.type == "entry"
    assert entry.main_element == "EntryAbility"
    assert [a.name for a in entry.abilities] == ["EntryAbility", "SettingsAbility"]
    assert [a.launcher for a in entry.abilities] == [True, False]
    assert entry.launcher_ability == "EntryAbility"
    assert entry.device_types == ["phone", "tablet", "2in1"]
    assert [s.name for s in p.signing_configs] == ["default"]
    assert p.signing_configs[0].sign_alg == "SHA256withECDSA"
    assert p.product("default") is not None
    signing = p.signing_for("default")
    assert signing is not None and signing.name == "default"
    assert p.signing_problem() is None


def test_unsigned_sample_says_what_to_do() -> None:
    p = read_project(PROJECTS / "hello-unsigned")
    assert p.signing_configs == []
    assert p.signing_for() is None
    problem = p.signing_problem()
    assert problem and "9568320" in problem and "Signing Configs" in problem


def test_product_not_referencing_a_config(hello: Path) -> None:
    bp = hello / "build-profile.json5"
    bp.write_text(bp.read_text().replace('"signingConfig": "default",', ""))
    p = read_project(hello)
    assert p.signing_for() is None
    assert 'add "signingConfig": "default"' in (p.signing_problem() or "")


def test_missing_app_json5(hello: Path) -> None:
    (hello / "AppScope" / "app.json5").unlink()
    with pytest.raises(ProjectError) as ei:
        read_project(hello)
    assert ei.value.file.endswith("app.json5")
    assert "file not found" in str(ei.value)


def test_malformed_json5_names_file_and_line(hello: Path) -> None:
    path = hello / "entry" / "src" / "main" / "module.json5"
    lines = path.read_text().splitlines()
    lines[6] = lines[6] + " }}"  # line 7
    path.write_text("\n".join(lines))
    with pytest.raises(ProjectError) as ei:
        read_project(hello)
    assert ei.value.file == str(path.resolve())
    assert ei.value.line == 7
    assert str(ei.value).startswith(f"{path.resolve()}:7: not valid JSON5")


def test_missing_bundle_name_points_at_the_app_object(hello: Path) -> None:
    app = hello / "AppScope" / "app.json5"
    app.write_text(app.read_text().replace('"bundleName": "com.example.hello",', ""))
    with pytest.raises(ProjectError) as ei:
        read_project(hello)
    assert ei.value.line == 3 and 'missing "bundleName"' in str(ei.value)


def test_invalid_bundle_name(hello: Path) -> None:
    app = hello / "AppScope" / "app.json5"
    app.write_text(app.read_text().replace("com.example.hello", "com.example.he llo"))
    with pytest.raises(ProjectError) as ei:
        read_project(hello)
    assert ei.value.line == 4 and "bundle name" in str(ei.value)


def test_module_without_type_and_missing_module_file(hello: Path) -> None:
    mod = hello / "entry" / "src" / "main" / "module.json5"
    mod.write_text(mod.read_text().replace('"type": "entry",', ""))
    with pytest.raises(ProjectError, match='missing "type"'):
        read_project(hello)
    mod.unlink()
    with pytest.raises(ProjectError) as ei:
        read_project(hello)
    assert ei.value.file.endswith("module.json5")


def test_not_a_folder_and_empty_file(tmp_path: Path, hello: Path) -> None:
    with pytest.raises(ProjectError, match="no such folder"):
        read_project(tmp_path / "nope")
    (hello / "build-profile.json5").write_text("")
    with pytest.raises(ProjectError, match=r"build-profile\.json5: not valid JSON5"):
        read_project(hello)


def test_launcher_falls_back_to_main_element(hello: Path) -> None:
    mod = hello / "entry" / "src" / "main" / "module.json5"
    mod.write_text(mod.read_text().replace('"entity.system.home"', '"entity.other"'))
    entry = read_project(hello).entry_module
    assert entry is not None and entry.launcher_ability == "EntryAbility"
    assert not any(a.launcher for a in entry.abilities)


@pytest.mark.parametrize(
    "text",
    [
        '{"a": 1, // c\n "b": [1, 2,], /* x, */ "c": "http://x/*y*/, ]",}',
        '{"s": "quote \\" // not a comment", "t": [ {"u": 1,}, ],\n}',
        "{a: 1, 'b': 'x//y', c: 0x10, d: +1,}",  # real JSON5: goes to the json5 library
        '{"x": "a,}"}',
    ],
)
def test_fast_path_agrees_with_json5(text: str) -> None:
    import json5
    from hmdesk.core.toolchain.project_file import _NO_FAST, _fast_json5

    fast = _fast_json5(text)
    if fast is not _NO_FAST:
        assert fast == json5.loads(text)
    else:
        assert json5.loads(text)


def test_fast_path_on_the_sample_files() -> None:
    import json5
    from hmdesk.core.toolchain.project_file import _NO_FAST, _fast_json5

    for path in PROJECTS.rglob("*.json5"):
        text = path.read_text(encoding="utf-8")
        fast = _fast_json5(text)
        if fast is not _NO_FAST:
            assert fast == json5.loads(text), path


def test_products_modules_and_targets_come_from_the_project_files() -> None:
    project = read_project(PROJECTS / "hello-flavors")
    assert project.product_names == ["default", "paid"]
    # the har library builds no HAP: only the entry module can be built and launched
    assert [m.name for m in project.hap_modules] == ["entry"]
    entry = project.module("entry")
    assert entry is not None
    # root modules[].targets with applyToProducts, then the module's own build-profile.json5
    # (its ohosTest target is for instrument tests, never offered)
    assert entry.target_names() == ["default", "free", "premium"]
    assert entry.target_names("default") == ["default", "free"]
    assert entry.target_names("paid") == ["default", "premium"]
    hello = read_project(PROJECTS / "hello")
    assert hello.module("entry").target_names("default") == ["default"]  # type: ignore[union-attr]


LAUNCHER_PROFILE = (
    Path(__file__).resolve().parents[2]
    / "data/arkts_corpus/project_files/openharmony+applications_launcher/build-profile.json5"
)


def _module(folder: Path, name: str, mtype: str) -> None:
    (folder / "src" / "main").mkdir(parents=True)
    (folder / "src" / "main" / "module.json5").write_text(
        json.dumps({"module": {"name": name, "type": mtype, "deviceTypes": ["default"]}})
    )


def test_real_launcher_profile_missing_modules_are_named_and_the_others_read(
    hello: Path,
) -> None:
    # openharmony/applications_launcher's build-profile.json5 (verbatim; trailing commas, twelve
    # modules, targets applying to "default"); of its module folders only two exist here
    shutil.copyfile(LAUNCHER_PROFILE, hello / "build-profile.json5")
    _module(hello / "common", "launcher_common", "har")
    _module(hello / "product" / "phone", "phone_launcher", "entry")
    project = read_project(hello)
    assert [m.name for m in project.modules] == ["launcher_common", "phone_launcher"]
    assert [p.name for p in project.products] == ["default"]
    assert project.build_modes == ["debug", "release"]  # no buildModeSet: DevEco's two
    assert project.modules[1].target_names("default") == ["default"]
    missing = [w for w in project.warnings if "does not exist" in w]
    assert len(missing) == 10
    assert any(
        "'launcher_settings'" in w and str(hello / "feature" / "settings") in w for w in missing
    )
    # build-profile.json5 calls it phone-launcher, its module.json5 phone_launcher: said once
    assert any("'phone-launcher'" in w and "'phone_launcher'" in w for w in project.warnings)


def test_module_outside_the_project_that_is_missing(hello: Path) -> None:
    # the shape of minliny/Reader-for-HarmonyOS's profile: a module in a sibling checkout
    profile = hello / "build-profile.json5"
    text = profile.read_text()
    start = text.index('"modules"')
    profile.write_text(
        text[:start]
        + '"modules": [{"name": "entry", "srcPath": "./entry"}, {"name": "reader_ui_runtime",'
        ' "srcPath": "../Reader-UI/packages/arkts/reader-ui-runtime"}]}'
    )
    project = read_project(hello)
    assert [m.name for m in project.modules] == ["entry"]
    (warning,) = project.warnings
    assert "'reader_ui_runtime'" in warning and "outside the project" in warning
    assert "Reader-UI/packages/arkts/reader-ui-runtime" in warning


def test_build_modes_and_dotted_library_names(hello: Path) -> None:
    profile = hello / "build-profile.json5"
    text = profile.read_text()
    profile.write_text(
        text.replace('{ "name": "release" }', '{ "name": "release" }, { "name": "profile" }')
    )
    assert read_project(hello).build_modes == ["debug", "release", "profile"]
    # OpenHarmony's Settings names its libraries settings.common, settings.uikit …
    _module(hello / "common", "settings.common", "har")
    text = profile.read_text()
    start = text.index('"modules"')
    profile.write_text(
        text[:start] + '"modules": [{"name": "entry", "srcPath": "./entry"},'
        ' {"name": "settings.common", "srcPath": "./common"}]}'
    )
    assert [m.name for m in read_project(hello).modules] == ["entry", "settings.common"]


SETTINGS = (
    Path(__file__).resolve().parents[2]
    / "data/arkts_corpus/project_files/openharmony+applications_settings"
)


def test_real_oh_package_and_hvigor_config_files_are_read() -> None:
    # openharmony/applications_settings, verbatim (CORPUS.md names the commits); expected values
    # written from the files' text before the reader ran on them
    hv = read_hvigor_config(SETTINGS)
    assert hv is not None
    assert (hv.model_version, hv.hvigor_version) == (None, "3.0.2-s")
    assert hv.plugins == {"@ohos/hvigor-ohos-plugin": "3.0.2-s"}
    root = read_dependencies(SETTINGS, "")
    assert [(d.name, d.spec, d.local, d.dev) for d in root] == [
        ("hypium", "^1.0.0", None, False),
        ("@ohos/hypium", "1.0.6", None, True),
    ]
    wifi = read_dependencies(SETTINGS / "feature" / "wifi", "settings.wifi")
    assert [(d.name, d.local) for d in wifi] == [
        ("@ohos/settings.common", (SETTINGS / "common").resolve()),
        ("@ohos/settings.uikit", (SETTINGS / "feature" / "uikit").resolve()),
        ("@ohos/settings.commonUikit", (SETTINGS / "feature" / "commonUikit").resolve()),
    ]
    assert {d.owner for d in wifi} == {"settings.wifi"}
    (native,) = read_dependencies(SETTINGS / "native_api", "settings.native")  # trailing comma
    assert (native.name, native.spec) == ("libnative.so", "file:./src/main/cpp/types/libnative")
    assert native.local == (SETTINGS / "native_api" / "src/main/cpp/types/libnative").resolve()


def test_missing_local_dependencies_are_named_once_each(hello: Path) -> None:
    # the real wifi feature's oh-package.json5 in the sample's entry module: of its three local
    # dependencies only ../../common exists here
    shutil.copyfile(
        SETTINGS / "feature/wifi/oh-package.json5", hello / "entry" / "oh-package.json5"
    )
    shutil.copytree(SETTINGS / "hvigor", hello / "hvigor", dirs_exist_ok=True)
    (hello.parent / "common").mkdir()
    project = read_project(hello)
    assert [m.name for m in project.modules] == ["entry"]  # still read, still builds a HAP
    missing = project.missing_local_dependencies()
    assert [d.name for d in missing] == ["@ohos/settings.uikit", "@ohos/settings.commonUikit"]
    # both sit under ../../feature, which does not exist: one message for that folder
    (warning,) = [w for w in project.warnings if "depends on" in w]
    assert f"module 'entry' depends on 2 local packages under {hello.parent / 'feature'}" in warning
    assert '"@ohos/settings.uikit": "file:../../feature/uikit"' in warning
    # with that folder there, each missing package is its own message
    (hello.parent / "feature").mkdir()
    warnings = [w for w in read_project(hello).warnings if "depends on" in w]
    assert len(warnings) == 2
    assert str(hello.parent / "feature" / "uikit") in warnings[0]
    assert "module 'entry'" in warnings[0] and "file:../../feature/uikit" in warnings[0]
    assert project.hvigor is not None and project.hvigor.hvigor_version == "3.0.2-s"


def test_a_dependency_on_a_missing_outside_module_is_one_message(hello: Path) -> None:
    # minliny/Reader-for-HarmonyOS's shape: build-profile.json5 names a module in a sibling
    # checkout and the entry depends on that folder with file:
    profile = hello / "build-profile.json5"
    text = profile.read_text()
    start = text.index('"modules"')
    profile.write_text(
        text[:start]
        + '"modules": [{"name": "entry", "srcPath": "./entry"}, {"name": "reader_ui_runtime",'
        ' "srcPath": "../Reader-UI/packages/arkts/reader-ui-runtime"}]}'
    )
    (hello / "entry" / "oh-package.json5").write_text(
        '{"name": "entry", "dependencies": {"reader_ui_runtime":'
        ' "file:../../Reader-UI/packages/arkts/reader-ui-runtime"}}'
    )
    project = read_project(hello)
    assert [m.name for m in project.modules] == ["entry"]
    (warning,) = project.warnings
    assert "module 'reader_ui_runtime'" in warning and "outside the project" in warning
    assert "module 'entry'" in warning and "will not build until the folder exists" in warning


def test_a_broken_oh_package_is_a_warning_not_a_lost_project(hello: Path) -> None:
    (hello / "oh-package.json5").write_text('{"dependencies": {"a": 1}}')
    project = read_project(hello)
    assert [m.name for m in project.modules] == ["entry"]
    assert any("oh-package.json5" in w and "must be a string" in w for w in project.warnings)


def test_the_doctor_names_the_missing_local_path_and_the_unlisted_plugin(hello: Path) -> None:
    shutil.copyfile(
        SETTINGS / "feature/wifi/oh-package.json5", hello / "entry" / "oh-package.json5"
    )
    shutil.copytree(SETTINGS / "hvigor", hello / "hvigor", dirs_exist_ok=True)
    project = read_project(hello)
    # a real ohpm failure (tests/data/real_logs/ohpm/local-har-missing-00617202.log's wording)
    deps = in_project(
        diagnose(
            "ohpm ERROR: Run install command failed Error: 00617202 Fetch Local Package Failed\n"
            "Error Message: Fetch local file package error,\n"
            "../../common does not exist.\n"
        ),
        project,
    )
    assert deps is not None and deps.kind == "ohpm-deps"
    assert str(hello.parent / "feature" / "uikit") in deps.fix
    assert '"@ohos/settings.uikit": "file:../../feature/uikit"' in deps.fix
    # tests/data/real_logs/hvigor/flutter-hvigor-plugin-missing.log; the plugin is imported by
    # the project's hvigorfile.ts and not listed in hvigor-config.json5
    (hello / "hvigorfile.ts").write_text(
        "import { flutterHvigorPlugin } from 'flutter-hvigor-plugin';\n"
    )
    plugin = in_project(diagnose("Cannot find module 'flutter-hvigor-plugin'\n"), project)
    assert plugin is not None and plugin.kind == "hvigor-env"
    assert 'does not list "flutter-hvigor-plugin" (hvigorfile.ts imports it)' in plugin.fix
    listed = in_project(diagnose("Cannot find module '@ohos/hvigor-ohos-plugin'\n"), project)
    assert listed is not None and 'lists "@ohos/hvigor-ohos-plugin": "3.0.2-s"' in listed.fix
    # without a project nothing is added
    assert in_project(plugin, None) is plugin


def test_a_folder_that_is_not_the_root_says_which_is(hello: Path, tmp_path: Path) -> None:
    # Mydstiny/RemoteDeskHarmonyOS commits only build-profile.example.json5 (its signing stays
    # private); Koracan/learnX-for-HarmonyOS (React Native) keeps the project in harmony/
    wrapper = tmp_path / "rn-app"
    wrapper.mkdir()
    shutil.copytree(hello, wrapper / "harmony")
    with pytest.raises(ProjectError, match=r"the HarmonyOS project is in harmony/"):
        read_project(wrapper)
    (hello / "build-profile.json5").rename(hello / "build-profile.example.json5")
    with pytest.raises(ProjectError, match=r"build-profile\.example\.json5: copy it"):
        read_project(hello)


def test_react_native_packages_never_installed_are_one_message(hello: Path) -> None:
    # Koracan/learnX-for-HarmonyOS's entry (verbatim, MIT): 15 HARs from ../../node_modules,
    # which exists only after `npm install` in the React Native app's folder
    real = (
        Path(__file__).resolve().parents[2]
        / "data/arkts_corpus/project_files/Koracan+learnX-for-HarmonyOS/harmony/entry/oh-package.json5"
    )
    shutil.copyfile(real, hello / "entry" / "oh-package.json5")
    project = read_project(hello)
    assert len(project.missing_local_dependencies()) == 15
    (warning,) = project.warnings
    assert f"15 local packages under {hello.parent / 'node_modules'}" in warning
    assert f"Run `npm install` in {hello.parent}" in warning
