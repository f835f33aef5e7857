"""The ArkTS runtime's error messages (``arkts_runtime_catalogue``), told when a note quotes one
without its fault log. The messages are the runtime's own wording
(``resources/arkts_runtime_messages.jsonl``, generated from arkcompiler_ets_runtime's sources by
``packaging/arkts_runtime_messages.py``); what each should give was written before the code ran.
"""

from __future__ import annotations

import json
from importlib import resources

from hmdesk.core.toolchain.arkts_runtime_catalogue import CATALOGUE, runtime_message
from hmdesk.core.toolchain.doctor import diagnose


def test_the_catalogue_is_the_runtimes_and_every_message_compiles() -> None:
    text = resources.files("hmdesk.resources").joinpath(CATALOGUE.file).read_text("utf-8")
    assert json.loads(text.splitlines()[0])["source"].startswith("arkcompiler_ets_runtime@")
    rows = [r for rows in CATALOGUE.by_word().values() for r in rows]
    assert len(rows) > 300
    for word in CATALOGUE.by_word():
        assert CATALOGUE.patterns(word)


def test_a_runtime_message_after_its_errors_name_is_possibly_a_js_crash() -> None:
    note = "上线后偶现闪退，日志：TypeError: Cannot set sendable property with mismatched type\n"
    assert runtime_message(note) is not None
    f = diagnose(note)
    assert f is not None and f.kind == "crash" and not f.certain
    assert "Proxy" in f.fix


def test_a_message_without_its_errors_name_or_in_a_build_log_is_not_the_runtimes() -> None:
    assert runtime_message("Cannot set sendable property with mismatched type\n") is None
    build = (
        "> hvigor ERROR: Failed :entry:default@CompileArkTS...\n"
        "TypeError: Cannot set sendable property with mismatched type\n"
        "    at Object.<anonymous> (node_modules/@ohos/hvigor/index.js:3:1)\n"
    )
    assert runtime_message(build) is None
