"""The code index on real ArkTS and TypeScript (issue 28): verbatim files of public apps, kept in
tests/data/arkts_corpus (sources and licences in its CORPUS.md). The expected entities were read
off the files by hand (the lines of each head and closing brace) before the index ran on them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hmdesk.core.codeindex.anchors import Anchor, locate
from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.codeindex.reading import decode, parse_file, parse_source, read_source
from hmdesk.core.toolchain.crash.frames import parse_frame
from hmdesk.core.toolchain.crash.resolve import entity_for

DATA = Path(__file__).resolve().parents[2] / "data" / "arkts_corpus"
SETTINGS = DATA / "samples" / "openharmony+applications_settings"
DEVICE_NAME = "feature/commonUikit/src/main/ets/component/DeviceNameItemComponent.ets"
USE_SEARCH = DATA / "samples" / "Koracan+learnX-for-HarmonyOS" / "src/hooks/useSearch.ts"
STORAGE_TEXT = "feature/storage/src/main/ets/components/StorageTextComponent.ets"
NOTIFICATION_ITEM = (
    DATA
    / "samples"
    / "openharmony+applications_systemui"
    / "features/noticeitem/src/main/ets/com/ohos/noticeItem/view/item/notificationItem.ets"
)
WEEK_DAY_VIEW = (
    DATA
    / "samples"
    / "openharmony+applications_calendar"
    / "features/card/src/main/ets/agendaCard/view/components/weekView/WeekDayView.ets"
)

# openharmony/applications_settings DeviceNameItemComponent.ets: `import lazy`, trailing commas
# in object literals, `@Builder`/`@Styles` members, `.stateStyles`, ternaries in build()
DEVICE_NAME_ENTITIES = [
    ("struct", "DeviceNameItemComponent", 59, 339),
    ("method", "DeviceNameItemComponent.isExtraLargeFontMode", 79, 81),
    ("build", "DeviceNameItemComponent.build", 83, 186),
    ("method", "DeviceNameItemComponent.customSheetBuilder", 188, 191),
    ("method", "DeviceNameItemComponent.updateNameSheetBuilder", 193, 242),
    ("method", "DeviceNameItemComponent.normalStyles", 244, 247),
    ("method", "DeviceNameItemComponent.getNormalColor", 249, 254),
    ("method", "DeviceNameItemComponent.buildReConfirmDialogContent", 256, 266),
    ("method", "DeviceNameItemComponent.pressedStyles", 268, 271),
    ("method", "DeviceNameItemComponent.aboutToAppear", 273, 302),
    ("method", "DeviceNameItemComponent.registerDataChange", 304, 313),
    ("method", "DeviceNameItemComponent.unRegisterDataChange", 315, 318),
    ("method", "DeviceNameItemComponent.initParam", 320, 323),
    ("method", "DeviceNameItemComponent.refreshData", 325, 329),
    ("method", "DeviceNameItemComponent.aboutToDisappear", 331, 337),
]


def _summary(result):
    return [(e.kind, e.qualified, e.start_line, e.end_line) for e in result.entities]


def test_real_struct_every_member_with_its_range():
    r = parse_file(SETTINGS / DEVICE_NAME, DEVICE_NAME)
    assert _summary(r) == DEVICE_NAME_ENTITIES
    assert not r.has_error  # the ArkTS grammar alone fails on it (import lazy, trailing commas)


def test_real_decorator_in_a_comment_does_not_start_the_member_below_it():
    # openharmony/applications_calendar WeekDayView.ets (held out of the corpus): `// @computed`,
    # `// @watch`, `// @mounted`, `// @destroyed`, `// @template` on the line above a member
    r = parse_file(WEEK_DAY_VIEW)
    assert _summary(r) == [
        ("struct", "WeekDayView", 25, 159),
        ("method", "WeekDayView.getAccessibilityText", 57, 65),
        ("method", "WeekDayView.onMonthVMChange", 68, 73),
        ("method", "WeekDayView.aboutToAppear", 76, 87),
        ("method", "WeekDayView.aboutToDisappear", 90, 92),
        (
            "method",
            "WeekDayView.buildWeekTitles",
            95,
            123,
        ),  # `@Builder` on 95, under `// component`
        ("method", "WeekDayView.isActiveDay", 125, 127),
        ("method", "WeekDayView.buildWeekDay", 129, 149),
        ("build", "WeekDayView.build", 152, 158),
    ]
    assert not r.has_error


def _kept(project: str, rel: str) -> Path:
    return DATA / "samples" / project / rel


def test_real_arkts_only_words_and_commented_out_attributes_read_without_errors():
    # the four read with syntax errors before, every declaration expected read off by hand:
    # `import lazy` in a `.ts` file (openharmony/applications_calendar, held out)
    r = parse_file(
        _kept(
            "openharmony+applications_calendar",
            "services/network/src/main/ets/impl/GlobalNetServiceImpl.ts",
        )
    )
    assert (_summary(r), r.has_error) == (
        [
            ("class", "GlobalNetServiceImpl", 32, 64),
            ("constructor", "GlobalNetServiceImpl.constructor", 36, 39),
            ("method", "GlobalNetServiceImpl.initRequestHelper", 41, 54),
            ("method", "GlobalNetServiceImpl.getRequestHelper", 56, 58),
            ("method", "GlobalNetServiceImpl.doStart", 60, 63),
        ],
        False,
    )
    # `}`, a `/* … */` and a `//` comment (attributes commented out), then `.hideTitleBar(true)`
    # (eclipse-oniro-mirrors/applications_call, held out)
    r = parse_file(
        _kept(
            "eclipse-oniro-mirrors+applications_call",
            "EmergencyCommunication/entry/src/main/ets/pages/AmlPrivacyStatement.ets",
        )
    )
    assert (_summary(r), r.has_error) == (
        [
            ("struct", "AmlPrivacyStatement", 24, 118),
            ("method", "AmlPrivacyStatement.MyCustomTitle", 36, 40),
            ("method", "AmlPrivacyStatement.aboutToAppear", 42, 44),
            ("method", "AmlPrivacyStatement.aboutToDisappear", 46, 48),
            ("build", "AmlPrivacyStatement.build", 50, 117),
        ],
        False,
    )
    # `.stateStyles({ normal: {.backgroundColor(null)` (openharmony/applications_calendar)
    r = parse_file(
        _kept(
            "openharmony+applications_calendar",
            "features/agenda/src/main/ets/components/OpenCloudSyncTip.ets",
        )
    )
    assert (_summary(r), r.has_error) == (
        [
            ("struct", "OpenCloudSyncTip", 47, 177),
            ("method", "OpenCloudSyncTip.aboutToAppear", 58, 60),
            ("method", "OpenCloudSyncTip.TextButton", 62, 99),
            ("build", "OpenCloudSyncTip.build", 101, 143),
            ("method", "OpenCloudSyncTip.calculateCanShowTip", 154, 166),
            ("method", "OpenCloudSyncTip.recordIgnoreTip", 168, 176),
        ],
        False,
    )
    # `export native function` in a namespace (openharmony/applications_settings)
    r = parse_file(
        _kept("openharmony+applications_settings", "ani/settings/ets/@ohos.settings.ets")
    )
    assert not r.has_error
    assert {
        ("function", "settings.getUriSync", 143, 143),
        ("function", "settings.registerKeyObserver", 145, 145),
        ("function", "settings.unregisterKeyObserver", 147, 147),
    } <= set(_summary(r))
    # `import lazy{ WalletManageUtils }`, no space (openharmony/applications_settings)
    r = parse_file(
        _kept(
            "openharmony+applications_settings",
            "product/phone/src/main/ets/MainAbility/MainAbility.ets",
        )
    )
    assert not r.has_error
    assert {
        ("class", "DeveloperOptionsSettingsPushParams", 95, 97),
        ("class", "MainAbility", 117, 503),
        ("method", "MainAbility.onCreate", 139, 167),
        ("function", "startWork", 505, 521),  # `@Concurrent` on 505
        ("function", "reportDataSize", 523, 527),
    } <= set(_summary(r))


def test_real_attribute_after_a_closing_brace_reads_with_the_typescript_grammar_alone():
    # openharmony/applications_settings StorageTextComponent.ets: `Row() { … }.width('100%')`
    # (line 40), the attribute right after the `}` that starts the line
    file = SETTINGS / STORAGE_TEXT
    result, kept = read_source(file.read_bytes(), "arkts", STORAGE_TEXT)
    assert _summary(result) == [
        ("function", "storageTextBuilder", 22, 25),
        ("struct", "StorageTextComponent", 27, 51),
        ("method", "StorageTextComponent.aboutToAppear", 29, 31),
        ("build", "StorageTextComponent.build", 33, 45),
        ("method", "StorageTextComponent.dealClick", 47, 50),
    ]
    assert kept is not None  # the TypeScript reading is clean: no ArkTS fallback needed
    # a chained call is at the line its chain starts on (`}.width(…)` for the two after it)
    assert {(c.callee, c.line) for c in result.calls if 40 <= c.line <= 43} == {
        ("width", 40),
        ("justifyContent", 40),
        ("onClick", 40),
        ("dealClick", 43),
    }


def test_real_trailing_closure_without_a_space_reads_with_the_typescript_grammar_alone():
    # openharmony/applications_systemui notificationItem.ets: `    Column(){` (line 65) in build()
    result, kept = read_source(NOTIFICATION_ITEM.read_bytes(), "arkts", "notificationItem.ets")
    assert _summary(result) == [
        ("struct", "NotificationItem", 31, 82),
        ("method", "NotificationItem.registerNotificationItemEventCapture", 39, 45),
        ("method", "NotificationItem.deleteButtonCallback", 47, 49),
        ("method", "NotificationItem.SurfaceComponent", 51, 58),
        ("method", "NotificationItem.BottomLeftComponent", 60, 62),
        ("build", "NotificationItem.build", 64, 81),
        ("struct", "FrontItem", 84, 143),
        ("build", "FrontItem.build", 97, 108),
        ("method", "FrontItem.showDevicesDialog", 110, 130),
        ("method", "FrontItem.selectedDevice", 132, 142),
    ]
    assert kept is not None  # the TypeScript reading is clean: no ArkTS fallback needed
    # the call moved one column left to make room for its `;` is read where it is written
    calls = {(c.callee, c.line) for c in result.calls}
    assert {("Column", 65), ("SwipeLayout", 66), ("getId", 67), ("bind", 72)} <= calls
    assert not any(
        c.callee.startswith(("Colum", "olumn")) and c.callee != "Column" for c in result.calls
    )


def _one_line_edits(text: str) -> list[str]:
    """Versions of ``text`` a save may give: a line added, changed, removed (at the start, in
    the middle, at the end), a declaration added, and one that breaks the syntax."""
    lines = text.split("\n")
    out = []
    for k in (0, len(lines) // 3, len(lines) // 2, len(lines) - 1):
        out.append("\n".join([*lines[:k], "// saved", *lines[k:]]))
        out.append("\n".join([*lines[:k], lines[k] + " // edited", *lines[k + 1 :]]))
        out.append("\n".join([*lines[:k], *lines[k + 1 :]]))
    out.append(text + "\nexport function added(): void {\n  helper(1);\n}\n")
    out.append(text.replace("{", "{ (", 1))  # an unclosed parenthesis
    return out


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_a_saved_file_read_incrementally_gives_what_a_full_parse_gives():
    files = [
        (SETTINGS / DEVICE_NAME, "arkts"),
        (SETTINGS / STORAGE_TEXT, "arkts"),
        (
            SETTINGS / "product/phone/src/main/ets/Setting/Display/view/BrightnessComponent.ets",
            "arkts",
        ),
        (USE_SEARCH, "typescript"),
        (NOTIFICATION_ITEM, "arkts"),
    ]
    compared = 0
    for file, language in files:
        text = decode(file.read_bytes())
        _, kept = read_source(text, language, "f")
        assert kept is not None
        for new in _one_line_edits(text):
            again, kept_again = read_source(new, language, "f", kept)
            assert again == parse_source(new, language, "f"), (file.name, new[:80])
            compared += 1
            if kept_again is not None:  # and the next save from that one
                twice = new.replace("\n", "\n// two\n", 1)
                assert read_source(twice, language, "f", kept_again)[0] == parse_source(
                    twice, language, "f"
                )
    assert compared == 5 * 14


def test_real_typescript_arrow_functions_keep_their_chained_bodies():
    # `const filterBySummary = (…) =>\n  summaries\n    .filter(…)\n    .map(…);` ends at 49
    r = parse_file(USE_SEARCH)
    assert _summary(r) == [
        ("function", "filterBySummary", 44, 49),
        ("function", "merge", 51, 61),
        ("function", "useSearch", 63, 117),
    ]
    assert not r.has_error


def test_real_file_with_a_syntax_error_keeps_what_lies_outside_it():
    text = (SETTINGS / DEVICE_NAME).read_text(encoding="utf-8").split("\n")
    # a real slip: a parenthesis left unclosed in one method (line 250, getNormalColor's body)
    assert text[249] == "    if (this.isHover) {"
    text[249] = "    if (this.isHover( {"
    r = parse_source("\n".join(text), "arkts", DEVICE_NAME)
    assert r.has_error
    got = set(_summary(r))
    outside = [e for e in DEVICE_NAME_ENTITIES if not (e[2] <= 250 <= e[3])]
    assert set(outside) <= got
    assert {e[1] for e in got} >= {"DeviceNameItemComponent.getNormalColor"}


def _project(tmp_path: Path) -> Path:
    root = tmp_path / "settings"
    shutil.copytree(SETTINGS, root)
    (root / "build-profile.json5").write_text(  # the module layout of the real Settings app
        '{app: {products: [{name: "default"}]}, modules: ['
        '{name: "settings.commonUikit", srcPath: "./feature/commonUikit"}]}',
        encoding="utf-8",
    )
    return root


def test_crash_frames_of_the_real_paths_resolve_to_the_symbol(tmp_path):
    index = CodeIndex(_project(tmp_path))
    index.scan()
    # the forms of a jscrash stack (hiview's jscrash test file and the ArkTS crash guide):
    # source-mapped, with the module's name, and a raw release frame of the compiled .ts
    mapped = parse_frame(
        "    at aboutToAppear settings.commonUikit "
        "(settings.commonUikit/src/main/ets/component/DeviceNameItemComponent.ets:280:5)"
    )
    release = parse_frame(
        "    at anonymous (phone|settings.commonUikit|1.0.0|"
        "src/main/ets/component/DeviceNameItemComponent.ts:120:11)"
    )
    direct = parse_frame(f"    at refreshData entry ({DEVICE_NAME}:327:7)")
    assert entity_for(mapped, index).qualified == "DeviceNameItemComponent.aboutToAppear"
    assert entity_for(release, index).qualified == "DeviceNameItemComponent.build"
    assert entity_for(direct, index).qualified == "DeviceNameItemComponent.refreshData"


def test_anchor_follows_edits_and_a_move(tmp_path):
    root = _project(tmp_path)
    index = CodeIndex(root)
    index.scan()
    target = next(e for e in index.find("refreshData") if e.kind == "method")
    anchor = Anchor(
        1,
        "m",
        str(root),
        target.path,
        "DeviceNameItemComponent.refreshData",
        "method",
        target.start_line,
        "2026-01-01T00:00:00Z",
    )
    file = root / DEVICE_NAME
    text = file.read_text(encoding="utf-8")
    file.write_text(
        text.replace("  build() {", "  // a note\n  // another\n  build() {"), encoding="utf-8"
    )
    index.update_file(file)
    moved = locate(anchor, index)
    assert moved is not None and moved.start_line == target.start_line + 2
    new = root / "feature/commonUikit/src/main/ets/view/DeviceName.ets"
    new.parent.mkdir(parents=True)
    file.rename(new)
    index.scan()
    found = locate(anchor, index)
    assert found is not None and found.path == new.relative_to(root).as_posix()
