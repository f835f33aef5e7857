"""CLI start-up: whole-process wall time of ``hmdesk-cli --help`` beside ``python -c pass``.

Each command runs in its own process, interleaved, ``REPS`` times; medians, min, max and the
ratio. The CLI is the venv's console script (``hmdesk-cli`` next to ``sys.executable``, what a
user or an agent runs), else ``python -m hmdesk.core.cli``. Also shown (no goal): an argument
error (``query --limit many``), which must answer as fast as the help. Goal: ``--help`` median
≤ 0.15 s.

    python -m tests.bench cli_startup
"""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPS = 7
HELP_GOAL_S = 0.15


def cli_argv() -> list[str]:
    """The console script beside the interpreter (``Scripts\\hmdesk-cli.exe`` on Windows), else
    the module."""
    folder = Path(sys.executable).parent
    for name in ("hmdesk-cli", "hmdesk-cli.exe"):
        script = folder / name
        if script.is_file():
            return [str(script)]
    return [sys.executable, "-m", "hmdesk.core.cli"]


def _wall(argv: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env, check=False)
    return time.perf_counter() - start


def measure(commands: dict[str, list[str]], reps: int = REPS) -> dict[str, list[float]]:
    env = dict(os.environ)
    env.pop("PYTHONPROFILEIMPORTTIME", None)
    for argv in commands.values():  # warm the file cache and the .pyc files once, not timed
        _wall(argv, env)
    times: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(reps):
        for name, argv in commands.items():
            times[name].append(_wall(argv, env))
    return times


def main() -> bool:
    cli = cli_argv()
    commands = {
        "python -c pass": [sys.executable, "-c", "pass"],
        "hmdesk-cli --help": [*cli, "--help"],
        "hmdesk-cli query (bad arg)": [*cli, "query", "x", "--limit", "many"],
    }
    print(f"CLI: {' '.join(cli)}")
    times = measure(commands)
    med = {name: statistics.median(t) for name, t in times.items()}
    print(f"whole-process wall time, {REPS} runs each, interleaved (s)")
    print(f"{'':30}{'median':>8}{'min':>8}{'max':>8}")
    for name, t in times.items():
        print(f"{name:30}{med[name]:8.3f}{min(t):8.3f}{max(t):8.3f}")
    help_s = med["hmdesk-cli --help"]
    ratio = help_s / med["python -c pass"]
    print(f"{'ratio --help / python':30}{ratio:8.1f}")
    print(f"{'hmdesk-cli --help':30}{help_s:8.3f}   goal <= {HELP_GOAL_S:.2f} s")
    return help_s <= HELP_GOAL_S


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)
