"""The README: a quick start on its first screen, a section for every tab of the window and a line
for every `hmdesk-cli` command (issue 32: eight commands and four tabs were not in it)."""

from __future__ import annotations

import re
from pathlib import Path

from hmdesk.core.cli.main import build_parser

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
TABS = ("Memories", "Review", "Runs", "Devices", "Code", "Recall lab")


def _commands() -> list[str]:
    import argparse

    parser = build_parser()
    (sub,) = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return sorted(sub.choices)


def test_the_quick_start_is_on_the_first_screen():
    first = "\n".join(README.splitlines()[:40])
    assert "## Quick start" in first
    for step in ("make run", "import-hmharness", "config set hdc", "config set hvigorw", "query"):
        assert step in first, step
    assert "run --project" in first


def test_every_tab_has_its_section():
    for tab in TABS:
        assert re.search(rf"^\*\*{re.escape(tab)}\.?\*\*", README, re.M), tab
    for words in ("crash card", "Device\nlog", "failure card"):
        assert words.replace("\n", " ") in README.replace("\n", " ").replace("*", ""), words


def test_every_command_is_documented():
    missing = [
        c
        for c in _commands()
        if not re.search(
            rf"hmdesk-cli {re.escape(c)}\b|^\| `{re.escape(c)}[ `]|, `{re.escape(c)}[ `]",
            README,
            re.M,
        )
    ]
    assert missing == []
