"""The SDK's public methods (``sdk_members``) and what a JS crash naming one says.

The entries below were written down from the SDK's declarations (interface_sdk-js's
``api/@ohos.window.d.ts``, ``api/@internal/component/ets/gesture.d.ts``) before the generator
ran; the crash messages are the corpus's (``tests/data/real_logs/jscrash``) or the engine's own
wording.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
from hmdesk.core.toolchain.crash.explain import explain
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog
from hmdesk.core.toolchain.sdk_members import INDEX_FILE, crash_note, owners

CORE = "SystemCapability.WindowManager.WindowManager.Core"
CORPUS = Path(__file__).resolve().parents[2] / "data" / "real_logs"


@pytest.mark.parametrize(
    ("name", "owner", "module", "since", "syscap"),
    [
        ("setWindowPrivacyMode", "window.Window", "@ohos.window", "9", CORE),
        ("getMainWindowSync", "window.WindowStage", "@ohos.window", "9", CORE),
        # a namespace's own function
        ("getLastWindow", "window", "@ohos.window", "9", CORE),
        # a component's event, on several gesture interfaces of one file
        ("onActionStart", "PanGestureInterface", "ArkUI gesture.d.ts", "7", "SystemCapability.ArkUI.ArkUI.Full"),
    ],
)  # fmt: skip
def test_a_member_has_its_owner_version_and_capability(
    name: str, owner: str, module: str, since: str, syscap: str
) -> None:
    found = {o.owner: o for o in owners(name)}
    assert owner in found, found
    assert (found[owner].module, found[owner].since, found[owner].syscap) == (
        module,
        since,
        syscap,
    )


def test_overloads_keep_the_smallest_version_and_deprecation_is_kept() -> None:
    """setWindowPrivacyMode's callback and promise overloads are one entry; storage.Storage's
    putSync is deprecated since 9 (replaced by preferences)."""
    assert [o.owner for o in owners("setWindowPrivacyMode")].count("window.Window") == 1
    storage = [o for o in owners("putSync") if o.owner == "storage.Storage"]
    assert storage and storage[0].deprecated == "9"


@pytest.mark.parametrize("name", ["then", "width", "type", "value", "name", "notAnSdkMethodAtAll"])
def test_common_or_unknown_names_have_no_owner(name: str) -> None:
    assert owners(name) == ()


def test_the_index_is_small_and_says_where_it_came_from() -> None:
    data = resources.files("hmdesk.resources").joinpath(INDEX_FILE)
    text = data.read_text(encoding="utf-8")
    assert len(text.encode()) < 1_500_000
    assert "interface_sdk-js@" in json.loads(text.partition("\n")[0])["source"]


def test_a_method_read_on_undefined_names_the_type_that_was_undefined() -> None:
    note = crash_note("Cannot read property getMainWindowSync of undefined")
    assert note is not None and note.certain
    assert f"window.WindowStage (@ohos.window, API 9, {CORE})" in note.cause
    assert "should be a window.WindowStage is undefined" in note.fix


def test_a_module_function_read_on_undefined_is_a_module_the_device_lacks() -> None:
    note = crash_note("Cannot read property unregisterForegroundDispatch of undefined")
    assert note is not None
    assert "canIUse('SystemCapability.Communication.NFC.Tag')" in note.fix


@pytest.mark.parametrize(
    "message",
    [
        "setWindowLayoutFullScreen is not callable",
        "win.setWindowLayoutFullScreen is not a function",
    ],
)
def test_a_method_not_callable_is_guarded_by_its_capability_and_version(message: str) -> None:
    note = crash_note(message)
    assert note is not None
    assert f"canIUse('{CORE}')" in note.fix and "API 9" in note.fix
    assert "compatibleSdkVersion" in note.fix


def test_a_name_of_several_apis_is_possibly_one_of_them_unless_the_stack_names_one() -> None:
    note = crash_note("Cannot read property setWindowPrivacyMode of undefined")
    assert note is not None and not note.certain and "possibly" in note.cause
    named = crash_note(
        "Cannot read property setWindowPrivacyMode of undefined", "at onShow (… window.Window …)"
    )
    assert named is not None and named.certain and "(@ohos.window" in named.cause


def test_a_gesture_event_read_on_undefined_is_possibly_a_gesture_made_outside_build() -> None:
    """jscrash/m2-sf-gesture-property-onactionstart-undefined: a gesture kept in a property."""
    note = crash_note("Cannot read property onActionStart of undefined。")
    assert note is not None and not note.certain
    assert "PanGestureInterface" in note.cause and "API 7" in note.cause
    assert "build()" in note.fix and "gestureModifier" in note.fix


@pytest.mark.parametrize(
    ("message", "context"),
    [
        # the stack has a function of that name: the library's own initialize, not the SDK's
        ("Cannot read property initialize of undefined", "at initialize (oh_modules/.ohpm/x/MMKV.ets:70:16)"),
        ("undefined is not callable", ""),
        ("Cannot read property myOwnThing of undefined", ""),
        ("Unexpected token in JSON", ""),
    ],
)  # fmt: skip
def test_no_note_without_an_sdk_method(message: str, context: str) -> None:
    assert crash_note(message, context) is None


def test_the_crash_reader_names_the_api_and_keeps_the_general_fix() -> None:
    crash = parse_faultlog(
        (CORPUS / "jscrash" / "harmony-utils-input-method-no-window.log").read_text("utf-8")
    )
    why = explain(crash)
    assert why is not None
    assert "getMainWindowSync is a member of window.WindowStage" in why.cause
    assert why.fix.startswith("the object that should be a window.WindowStage")
    assert "if (obj) / obj?.prop" in why.fix  # the general TypeError fix follows


def test_a_specific_cause_wins_over_the_sdk_member() -> None:
    """observeComponentCreation2 read on undefined is a global @Builder's `this` (the FAQ)."""
    crash = parse_faultlog(
        "Error name:TypeError\n"
        "Error message:Cannot read property observeComponentCreation2 of undefined\n"
        "Stacktrace:\n    at anonymous (entry/src/main/ets/pages/Index.ets:10:5)\n"
    )
    why = explain(crash)
    assert why is not None and "@Builder" in why.cause and "member of" not in why.cause


@pytest.mark.parametrize(
    "message",
    [
        # a plain word several modules declare: an app's own method as likely (mmkv-1543)
        "Cannot read property initialize of undefined",
        # a component's attribute is chained on a component, never read off an object
        "Cannot read property background of undefined",
    ],
)
def test_a_plain_word_or_a_components_attribute_says_nothing(message: str) -> None:
    assert crash_note(message) is None
