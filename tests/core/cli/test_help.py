"""`hmdesk-cli --help` and every command's `--help` read as user documentation: a description,
options explained, examples, and none of the notes written for developers."""

from __future__ import annotations

import argparse
import re

import pytest
from hmdesk.core.cli import build_parser, main

# What a developer's note looks like; none may reach a user's --help.
INTERNAL_PHRASES = (
    "``",  # reStructuredText literals of docstrings
    ":func:",
    ":class:",
    ":mod:",
    ":meth:",
    "hmdesk.core",
    "hmdesk.gui",
    "tests/",
    ".py",
    "argparse",
    "Namespace",
    "register(",
    "COMMAND_MODULES",
    "func=",
    "handler",
    "docstring",
    "spelled here",
    "TODO",
    "FIXME",
    "XXX",
    "noqa",
    "SQLAlchemy",
    "Alembic",
    "the GUI",
    "the core",
    "README",
    "schema",
)

# Options of `hmdesk-cli run` and `runs` that still have no help line (their module is
# core/cli/runner.py); this list may only shrink.
KNOWN_WITHOUT_HELP = {
    ("run", "--product"),
    ("run", "--build-mode"),
    ("run", "--build-timeout"),
    ("runs", "--status"),
    ("runs", "--device"),
    ("runs", "--project"),
    ("runs", "--limit"),
}


def _commands(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    """``parser`` and every sub-command under it, nested ones too."""
    found = [(path, parser)]
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found += _commands(sub, (*path, name))
    return found


COMMANDS = _commands(build_parser())
IDS = [" ".join(path) or "hmdesk-cli" for path, _ in COMMANDS]


def test_every_command_is_walked() -> None:
    names = {path[0] for path, _ in COMMANDS if path}
    assert {"query", "add", "undo", "history", "run", "runs", "logs", "anchor"} <= names
    assert len(names) >= 25


@pytest.mark.parametrize(("path", "parser"), COMMANDS, ids=IDS)
def test_help_has_no_internal_notes(path: tuple[str, ...], parser: argparse.ArgumentParser) -> None:
    text = parser.format_help()
    found = [p for p in INTERNAL_PHRASES if p in text]
    assert not found, f"hmdesk-cli {' '.join(path)} --help shows {found}:\n{text}"


@pytest.mark.parametrize(("path", "parser"), COMMANDS, ids=IDS)
def test_help_has_a_summary_line_and_examples(
    path: tuple[str, ...], parser: argparse.ArgumentParser
) -> None:
    assert parser.description, f"hmdesk-cli {' '.join(path)} has no description"
    summary = parser.description.strip().splitlines()[0]
    assert summary[:1].isupper() or summary.startswith("hmdesk-cli"), summary
    assert len(summary) <= 100, summary
    if len(path) <= 1:  # the program and each command show how it is used
        assert parser.epilog and "examples:" in parser.epilog
        examples = [ln.strip() for ln in parser.epilog.splitlines()[1:] if ln.strip()]
        assert examples and all("hmdesk-cli" in ln for ln in examples), parser.epilog
        if path:
            assert any(re.search(rf"hmdesk-cli {re.escape(path[0])}\b", ln) for ln in examples)


@pytest.mark.parametrize(("path", "parser"), COMMANDS, ids=IDS)
def test_every_option_says_what_it_does(
    path: tuple[str, ...], parser: argparse.ArgumentParser
) -> None:
    missing = {
        (path[0] if path else "", (a.option_strings or [a.dest])[0])
        for a in parser._actions
        if not a.help and not isinstance(a, argparse._SubParsersAction)
    }
    assert missing <= KNOWN_WITHOUT_HELP, f"no help for {sorted(missing - KNOWN_WITHOUT_HELP)}"


def test_help_is_printed_as_written(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["undo", "--help"])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "Undo the newest change that is not undone yet.\n\n" in out
    assert "examples:\n  hmdesk-cli undo\n" in out
    with pytest.raises(SystemExit):
        main(["--help"])
    out = capsys.readouterr().out
    assert out.index("commands:") < out.index("examples:")
