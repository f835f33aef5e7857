"""Form Kit's compile contract: FormExtensionAbility's callbacks and what they return (TS2416 on
one of them names every callback's signature; onAddForm returns formBindingData.FormBindingData),
postCardAction a widget page's global that @kit.FormKit does not export, and TS2416 on any other
base class. The real log is batch H's ``arkts/hcA-puzzle-notes-formkit-onaddform-postcardaction``."""

from __future__ import annotations

import pytest

from tests.fixtures.real_logs import assert_found, real_log

_HEAD = "ERROR: 10505001 ArkTS Compiler Error\nError Message: "
_AT = " At File: entry/src/main/ets/widget/WidgetAbility.ets:12:3\n"


@pytest.mark.parametrize(
    "callback",
    ["onAddForm", "onUpdateForm", "onFormEvent", "onAcquireFormState", "onChangeFormVisibility"],
)
def test_a_form_callback_of_another_signature_gets_form_kit_s_signatures(callback: str) -> None:
    msg = (
        f"Property '{callback}' in type 'WidgetAbility' is not assignable to the same property "
        "in base type 'FormExtensionAbility'."
    )
    for text in (f"{_HEAD}{msg}{_AT}", f"ERROR: {msg}\n"):
        f = assert_found(text)
        assert f.kind == "arkts-source", (f.kind, f.fix)
        for word in (
            "formBindingData.createFormBindingData",
            f"Declare {callback}",
            "onRemoveForm(formId: string): void",
        ):
            assert word in f.fix, (word, f.fix)


def test_another_base_class_gets_the_general_override_step() -> None:
    msg = (
        "Property 'onCreate' in type 'EntryAbility' is not assignable to the same property in "
        "base type 'UIAbility'."
    )
    f = assert_found(f"{_HEAD}{msg}{_AT}")
    assert "EntryAbility overrides onCreate of UIAbility" in f.fix, f.fix
    assert "FormBindingData" not in f.fix


def test_post_card_action_is_a_widget_page_s_global() -> None:
    f = assert_found("ERROR: 'postCardAction' is not exported from Kit '@kit.FormKit'\n")
    assert f.kind == "arkts-source", (f.kind, f.fix)
    assert "global function of an ArkTS widget page" in f.fix and "drop the import" in f.fix
    other = assert_found("ERROR: 'formHost' is not exported from Kit '@kit.FormKit'\n")
    assert "widget page" not in other.fix and "does not export formHost" in other.fix


def test_the_real_puzzle_summary() -> None:
    f = assert_found(real_log("arkts/hcA-puzzle-notes-formkit-onaddform-postcardaction.log"))
    assert f.kind == "arkts-source"
    assert "createFormBindingData" in f.fix and "drop the import" in f.fix
