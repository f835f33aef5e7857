"""The doctor reads a runtime log the same way however it was pasted: every crash, freeze,
install and launch log of the corpus (``tests/data/real_logs``), quoted with Markdown's ``> ``,
wrapped in a question with a code fence (the numbered lines of a rendered page then come after
prose), with Windows line ends, or indented with a tab, gives the finding of the log as it is
(kind, code and location)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from hmdesk.core.toolchain.doctor import diagnose

CORPUS = Path(__file__).resolve().parents[2] / "data" / "real_logs"
KINDS = ("jscrash", "cppcrash", "appfreeze", "bm", "aa", "hdc")

PASTES: dict[str, Callable[[str], str]] = {
    "quoted": lambda t: "\n".join("> " + ln for ln in t.splitlines()),
    "in a question": lambda t: (
        "The app dies when I tap the button, any idea?\n\n```\n" + t + "\n```\nThanks!"
    ),
    "crlf": lambda t: t.replace("\n", "\r\n"),
    "tab-indented": lambda t: "\n".join("\t" + ln for ln in t.splitlines()),
}


def _logs() -> list[Path]:
    return [p for k in KINDS for p in sorted((CORPUS / k).glob("*.log"))]


@pytest.mark.parametrize("paste", sorted(PASTES))
def test_a_runtime_log_reads_the_same_however_it_was_pasted(paste: str) -> None:
    changed = []
    for path in _logs():
        text = path.read_text(encoding="utf-8", errors="replace")
        plain = diagnose(text)
        if plain is None:
            continue
        got = diagnose(PASTES[paste](text))
        want = (plain.kind, plain.code, plain.location)
        if got is None or (got.kind, got.code, got.location) != want:
            changed.append(
                f"{path.parent.name}/{path.name}: {want} -> {got and (got.kind, got.code, got.location)}"
            )
    assert not changed, "\n".join(changed)
