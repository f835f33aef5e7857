"""core/cli/main.py: a run of one command builds only that command's parser, the same one."""

from __future__ import annotations

import argparse

import pytest
from hmdesk.core.cli.common import common_options
from hmdesk.core.cli.main import (
    COMMAND_MODULE_NAMES,
    COMMAND_OF,
    build_parser,
    chosen_command,
    command_module,
)


def _subparsers(parser: argparse.ArgumentParser) -> argparse._SubParsersAction:
    return next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))


def _registered_by(name: str) -> list[str]:
    parser = argparse.ArgumentParser()
    sub = parser.add_subparsers()
    command_module(name).register(sub, common_options())
    return list(sub.choices)


def test_the_command_table_names_every_command_of_every_module():
    seen = {cmd: name for name in COMMAND_MODULE_NAMES for cmd in _registered_by(name)}
    assert seen == COMMAND_OF
    assert list(_subparsers(build_parser()).choices) == [
        cmd for name in COMMAND_MODULE_NAMES for cmd in _registered_by(name)
    ]


@pytest.mark.parametrize(
    ("argv", "want"),
    [
        (["query", "hdc"], "query"),
        (["--db", "x.db", "query", "hdc"], "query"),
        (["--db=x.db", "--json", "show", "mem-1"], "show"),
        (["--db", "query", "add", "text"], "add"),  # a file named like a command
        (["--help"], None),
        (["--version"], None),
        (["--d", "x.db", "query", "hdc"], None),  # an abbreviation: the whole parser decides
        (["no-such-command"], None),
        ([], None),
        (["--db"], None),
    ],
)
def test_chosen_command(argv, want):
    assert chosen_command(argv) == want


def _describe(parser: argparse.ArgumentParser) -> list[tuple[object, ...]]:
    return [
        (a.dest, tuple(a.option_strings), a.default, a.help, a.choices, a.nargs)
        for a in parser._actions
        if not isinstance(a, argparse._SubParsersAction)
    ]


@pytest.mark.parametrize("command", sorted(COMMAND_OF))
def test_one_command_parser_equals_the_full_ones(command):
    one = _subparsers(build_parser(command)).choices
    full = _subparsers(build_parser()).choices
    assert list(one) == [command]
    assert _describe(one[command]) == _describe(full[command])
    assert one[command].format_help() == full[command].format_help()
    f1, f2 = one[command].get_default("func"), full[command].get_default("func")
    assert (f1.__module__, f1.__qualname__) == (f2.__module__, f2.__qualname__)


def test_one_command_parses_as_the_full_parser():
    argv = ["--db", "x.db", "query", "hdc 安装", "--limit", "3", "--profile", "hmharness", "--json"]
    assert build_parser(chosen_command(argv)).parse_args(argv) == build_parser().parse_args(argv)
