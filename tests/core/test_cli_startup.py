"""hmdesk-cli start-up: help and argument parsing import none of the heavy libraries.

Each check runs the CLI in a fresh interpreter under ``python -X importtime`` and reads the
modules it imported from that output (no timing is asserted: `make bench` measures it,
``tests/bench/bench_cli_startup.py``).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys

import pytest
from hmdesk.core.cli import build_parser, memory, query, runner

# Top-level packages a command may import when it runs, never to print help or parse arguments.
HEAVY = (
    "PySide6",
    "shiboken6",
    "numpy",
    "alembic",
    "sqlalchemy",
    "rjieba",
    "pygments",
    "tree_sitter",
    "watchdog",
    "re2",
)


def _heavy(names: list[str]) -> list[str]:
    return sorted({n for n in names for h in HEAVY if n == h or n.startswith(h)})


def _imported(argv: list[str]) -> tuple[subprocess.CompletedProcess[str], list[str]]:
    """Run ``python -X importtime -m hmdesk.core.cli *argv``; its result and the top-level
    names of every module it imported."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPROFILEIMPORTTIME"}
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-m", "hmdesk.core.cli", *argv],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        check=False,
    )
    names = [
        line.rpartition("|")[2].strip().split(".")[0]
        for line in proc.stderr.splitlines()
        if line.startswith("import time:") and "|" in line
    ]
    return proc, names


def test_importtime_output_is_read():
    # the reader itself: a run that imports numpy shows it (else the checks below prove nothing)
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import numpy"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    names = [ln.rpartition("|")[2].strip().split(".")[0] for ln in proc.stderr.splitlines()]
    assert "numpy" in _heavy(names)


@pytest.mark.parametrize(
    ("argv", "code"),
    [
        (["--help"], 0),
        (["query", "--help"], 0),
        (["query", "hdc", "--limit", "many"], 2),  # a bad argument answers at once
        (["no-such-command"], 2),
        ([], 2),  # no command: the help on stderr
    ],
)
def test_help_and_parsing_import_nothing_heavy(argv, code):
    proc, names = _imported(argv)
    assert proc.returncode == code, proc.stderr[-2000:]
    assert "hmdesk.core.cli.main" in proc.stderr  # the CLI was really imported
    assert _heavy(names) == []
    if code == 2 and argv:
        assert "hmdesk-cli" in proc.stderr and "error:" in proc.stderr


def test_every_command_help_imports_nothing_heavy():
    """All subcommands' ``--help`` in one interpreter: none loads a heavy library."""
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    commands = sorted(sub.choices)
    assert {"query", "add", "run", "logs", "code-index", "runs", "doctor"} <= set(commands)
    code = (
        "import contextlib, io, sys\n"
        "from hmdesk.core.cli.main import main\n"
        f"for cmd in {commands!r}:\n"
        "    with contextlib.redirect_stdout(io.StringIO()), contextlib.suppress(SystemExit):\n"
        "        main([cmd, '--help'])\n"
        "print(' '.join(sorted({m.split('.')[0] for m in sys.modules})))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    loaded = proc.stdout.split()
    assert "hmdesk" in loaded
    assert _heavy(loaded) == []


def test_choices_spelled_in_the_cli_match_the_core():
    """The CLI spells a few constants itself so that parsing imports nothing of the core's
    heavy modules; they must stay the core's."""
    from hmdesk.core.memory.record import LAYERS
    from hmdesk.core.memory.retrieve.profile import PROFILES
    from hmdesk.core.toolchain.runs import RUN_STATUSES

    assert tuple(PROFILES) == query.PROFILES
    assert runner.RUN_STATUSES == RUN_STATUSES
    assert memory.LAYERS == LAYERS


def test_query_parse_imports_only_its_own_command_module():
    """``hmdesk-cli query …`` builds the query parser alone: no other command's module, nothing
    heavy, and not the search modules either (they load when the query runs)."""
    argv = ["--db", "x.db", "query", "hdc 安装 失败", "--profile", "default", "--json"]
    code = (
        "import sys\n"
        "from hmdesk.core.cli.main import build_parser, chosen_command\n"
        f"args = build_parser(chosen_command({argv!r})).parse_args({argv!r})\n"
        "assert args.command == 'query' and args.text == 'hdc 安装 失败', args\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    loaded = proc.stdout.split()
    assert "hmdesk.core.cli.query" in loaded
    assert _heavy([m.split(".")[0] for m in loaded]) == []
    others = {"memory", "lab", "runner", "hilog", "codeindex", "config", "semantic", "lifecycle"}
    assert sorted(m for m in loaded if m.rpartition(".")[2] in others and ".cli." in m) == []
    assert not [
        m for m in loaded if m.startswith(("hmdesk.core.memory.retrieve", "hmdesk.core.db."))
    ]


def test_team_store_query_imports_nothing_heavy():
    """A one-shot ``query`` on a team store (a PostgreSQL URL) goes to the server's search
    without the in-memory index, numpy or the ORM: here up to the connection, which nothing
    answers (port 1 on this machine)."""
    url = "postgresql://nobody@127.0.0.1:1/hmdesk"
    proc, names = _imported(["--db", url, "query", "hdc 安装 失败", "--json"])
    assert proc.returncode == 2, proc.stderr[-2000:]
    assert "cannot open the team store" in proc.stderr
    assert "hmdesk.core.memory.search_index.postgres_search" in proc.stderr
    assert _heavy(names) == []
