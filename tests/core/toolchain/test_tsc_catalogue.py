"""TypeScript's error messages quoted without the ArkTS compiler's header (``tsc_catalogue``).

The messages below are the corpus's real logs (``tests/data/real_logs``, sources in their
sidecars) or TypeScript's own wording as ArkTS prints it; what each should give was written
before the code ran.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest
from hmdesk.core.toolchain.doctor import diagnose
from hmdesk.core.toolchain.tsc_catalogue import CATALOGUE_FILE, tsc_message

CORPUS = Path(__file__).resolve().parents[2] / "data" / "real_logs"


@pytest.mark.parametrize(
    ("line", "code"),
    [
        ("Expected 0 type arguments, but got 1", 2558),
        ("Class 'QtWindowStageAdapter' incorrectly implements interface 'WindowStage'", 2420),
        # after a label, in typographic quotes as a web page prints them
        ("ERROR: Type ‘string’ is not assignable to type ‘number’.", 2322),
        ("src/a.ts(3,5): error TS2339: Property 'x' does not exist on type 'Y'.", 2339),
        # a message that opens with a name
        ("'Foo' only refers to a type, but is being used as a value here.", 2693),
    ],
)
def test_a_message_is_found_with_its_code(line: str, code: int) -> None:
    found = tsc_message([line])
    assert found is not None and found.code == code, found


@pytest.mark.parametrize(
    "line",
    [
        "Declaration expected.",  # too plain (two words): compiler_messages knows it in context
        "Unable to open file 'xxx'",  # tsc's command line (6050), not the code
        "'count' is declared but its value is never read.",  # 6133: the 6xxx range is left out
        "hvigor ERROR: Failed :entry:default@CompileArkTS...",
        "ninja: error: 'a.so' missing and no known rule to make it",
    ],
)
def test_what_is_no_code_message_is_not_one(line: str) -> None:
    assert tsc_message([line]) is None


def test_the_catalogue_names_its_source_and_holds_the_errors() -> None:
    text = resources.files("hmdesk.resources").joinpath(CATALOGUE_FILE).read_text("utf-8")
    rows = [json.loads(line) for line in text.splitlines()]
    assert "typescript@" in rows[0]["source"]
    codes = {r["code"] for r in rows[1:]}
    assert len(codes) > 1000 and {1002, 2322, 2339, 2420, 2558} <= codes


def test_the_doctor_says_the_code_is_at_fault_possibly() -> None:
    # held-out batch J: a developer's note quotes the checker's message alone (ForEach's type
    # argument); before, the doctor said nothing
    found = diagnose((CORPUS / "arkts" / "metronome-v3-foreach-type-argument.log").read_text())
    assert found is not None and found.kind == "arkts-source" and not found.certain
    assert "TS2558" in (found.meaning or "")
    assert "Expected 0 type arguments, but got 1" in found.fix


def test_a_message_is_looked_for_after_a_lines_first_labels_only() -> None:
    # a line of many colons (a table, a dump) is not tried at each: a message starts at the
    # line's start or after one of its first few labels
    message = "Expected 0 type arguments, but got 1"
    assert tsc_message([f"ERROR: ArkTS: {message}"]) is not None
    assert tsc_message([": ".join("abcdefghij") + ": " + message]) is None
