"""Saving a failure as a pitfall: the pre-filled fields and the dialog's values."""

from __future__ import annotations

from hmdesk.core.memory.record import LAYERS
from hmdesk.core.toolchain.doctor import Finding
from hmdesk.gui.runs.save_pitfall import SavePitfallDialog, pitfall_prefill


def test_prefill_from_a_finding():
    finding = Finding(kind="install", evidence="code:9568320", fix="sign it", code="9568320")
    p = pitfall_prefill(finding, "install", 12, "com.example.hello")
    assert p["provenance"] == "hmdesk-run:12" and "9568320" in p["tags"]
    assert p["content"].startswith("Install failed: install (9568320)")
    assert "Evidence: code:9568320" in p["content"] and "Fix: sign it" in p["content"]
    assert p["project"] == "com.example.hello"
    bare = pitfall_prefill(None, None, None)
    assert bare["content"] == "Run failed: failure" and bare["provenance"] == "hmdesk-run"


def test_dialog_values(qtbot):
    prefill = pitfall_prefill(Finding(kind="signing", evidence="e", fix="f"), "install", 3)
    dlg = SavePitfallDialog(prefill)
    qtbot.addWidget(dlg)
    assert [dlg.layer.itemText(i) for i in range(dlg.layer.count())] == list(LAYERS)
    dlg.tags.setText("a, b ,, c")
    values = dlg.values()
    assert values["tags"] == ["a", "b", "c"]
    assert values["layer"] == "semantic" and values["provenance"] == "hmdesk-run:3"
    assert values["content"].startswith("Install failed: signing")


def test_prefill_uses_the_step_message_location_and_code():
    block = (
        "> hvigor ERROR: Failed :entry:default@CompileArkTS...\n"
        "1 ERROR: 10505001 ArkTS Compiler Error\n"
        "Error Message: Expression expected. At File: /p/entry/src/main/ets/pages/Index.ets:18:34"
    )
    finding = Finding(
        kind="arkts-source",
        evidence="1 ERROR: 10505001 ArkTS Compiler Error",
        fix="Open the file and fix the code.",
        code="10505001",
        location="/p/entry/src/main/ets/pages/Index.ets:18:34",
        meaning="ArkTS Compiler Error",
        block=block,
    )
    p = pitfall_prefill(
        finding,
        "build",
        7,
        message="build failed: 10505001 ArkTS Compiler Error: Expression expected.",
        root="/p",
    )
    lines = p["content"].splitlines()
    assert lines[0] == "Build failed: 10505001 ArkTS Compiler Error: Expression expected."
    assert lines[1] == "At: entry/src/main/ets/pages/Index.ets:18:34"
    assert "Fix: Open the file and fix the code." in lines
    # without the step's message, hvigor's own "Error Message" line, not the kind
    q = pitfall_prefill(finding, "build", 7)
    assert q["content"].splitlines()[0] == "Build failed: 10505001 Expression expected."
