"""Checks on the tests themselves: every test asserts something, and no test sleeps in place
of waiting for what it needs.

1. Every ``test_*`` function in ``tests/**/test_*.py`` (module level or in a class) contains, at
   any depth, at least one of these accepted forms of a check:

   * an ``assert`` statement;
   * a call of ``pytest.raises`` / ``pytest.warns`` / ``pytest.fail`` (``with pytest.raises(...)``);
   * a pytest-qt wait that fails on timeout: ``qtbot.waitSignal`` / ``waitSignals`` /
     ``waitUntil`` / ``waitCallback`` / ``waitExposed`` / ``waitActive`` / ``assertNotEmitted``;
   * ``qtmodeltester.check(model)`` (pytest-qt's model checker);
   * a call of a function or method whose name starts with ``assert`` (``assert_roundtrip(...)``,
     ``mock.assert_called_once_with(...)``).

   "It does not raise" is a check too, but say so: ``assert parse(data) is not None``.

   A ``subprocess.run(..., check=True)`` alone is not a check: assert on its result.

2. No ``time.sleep`` (or ``sleep`` imported from ``time``) in ``tests/`` outside
   ``tests/fixtures/fakes`` (the fake hdc/hvigorw processes simulate slow tools) and
   ``tests/bench`` (benchmarks pace their load), unless the line says why:
   ``# sleep-ok: <reason>``. Legitimate reasons: the sleep runs inside a fake child process
   (``python -c "…; sleep(30)"`` standing for a hung tool), or it makes a callback
   deliberately slow so the code under test has something to wait for or to time out on. A
   sleep that waits for something to have happened is a race: wait on the condition instead
   (``qtbot.waitUntil``, ``qtbot.waitSignal``, ``threading.Event.wait``, a polling helper with a
   deadline).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
REPO = TESTS.parent
SLEEP_FREE_EXCEPT = (TESTS / "fixtures" / "fakes", TESTS / "bench")
CHECK_CALLS = {
    "raises",
    "warns",
    "fail",
    "waitSignal",
    "waitSignals",
    "waitUntil",
    "waitCallback",
    "waitExposed",
    "waitActive",
}
SLEEP_OK = re.compile(r"#\s*sleep-ok:\s*\S")


def _shown(path: Path) -> str:
    return str(path.relative_to(REPO)) if path.is_relative_to(REPO) else str(path)


def _call_name(node: ast.Call) -> str:
    func = node.func
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return ""


def _checks_something(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> bool:
    for node in ast.walk(fn):
        if isinstance(node, ast.Assert):
            return True
        if isinstance(node, ast.Call):
            name = _call_name(node)
            if name in CHECK_CALLS or name.startswith("assert"):
                return True
            func = node.func
            if (
                name == "check"
                and isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and func.value.id == "qtmodeltester"
            ):
                return True
    return False


def _test_functions(tree: ast.Module) -> list[ast.FunctionDef | ast.AsyncFunctionDef]:
    found: list[ast.FunctionDef | ast.AsyncFunctionDef] = []
    for node in tree.body:
        bodies = node.body if isinstance(node, ast.ClassDef) else [node]
        for item in bodies:
            if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef) and item.name.startswith(
                "test"
            ):
                found.append(item)
    return found


def unchecked_tests(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    return [
        f"{_shown(path)}:{fn.lineno} {fn.name}"
        for fn in _test_functions(tree)
        if not _checks_something(fn)
    ]


def unexplained_sleeps(path: Path) -> list[str]:
    text = path.read_text(encoding="utf-8")
    bare = re.search(r"from\s+time\s+import\s+[^\n]*\bsleep\b", text) is not None
    pattern = re.compile(r"\btime\.sleep\(" + (r"|(?<![\w.])sleep\(" if bare else ""))
    return [
        f"{_shown(path)}:{n}: {line.strip()}"
        for n, line in enumerate(text.splitlines(), 1)
        if pattern.search(line) and not SLEEP_OK.search(line)
    ]


def test_the_checks_recognise_what_they_should(tmp_path):
    sample = tmp_path / "test_sample.py"
    sleep_line = "time." + "sleep(0.1)\n"  # split: this file must not match itself
    sample.write_text(
        "import time\n"
        "def test_asserts():\n    assert 1\n"
        "def test_raises():\n    with pytest.raises(ValueError):\n        int('x')\n"
        "def test_waits(qtbot):\n    qtbot.waitUntil(lambda: True)\n"
        "def test_helper():\n    assert_same(1, 1)\n"
        "def test_mock(m):\n    m.assert_called_once_with(1)\n"
        "def test_nothing():\n    subprocess.run(['x'], check=True)\n"
        "class TestGroup:\n    def test_empty(self):\n        pass\n"
        "def helper():\n    pass\n"
        + sleep_line * 2
        + sleep_line.replace("\n", "  # sleep-ok: a fake tool that is slow on purpose\n"),
        encoding="utf-8",
    )
    missing = [m.split(" ", 1)[1] for m in unchecked_tests(sample)]
    assert missing == ["test_nothing", "test_empty"]
    sleeps = unexplained_sleeps(sample)
    assert [s.split(":")[1] for s in sleeps] == ["20", "21"]


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_every_test_checks_something():
    offenders = [
        line for path in sorted(TESTS.rglob("test_*.py")) for line in unchecked_tests(path)
    ]
    assert not offenders, "tests that assert nothing (see this module's docstring):\n" + "\n".join(
        offenders
    )


def test_no_sleeps_in_place_of_waits():
    offenders = [
        line
        for path in sorted(TESTS.rglob("*.py"))
        if not any(path.is_relative_to(d) for d in SLEEP_FREE_EXCEPT)
        for line in unexplained_sleeps(path)
    ]
    assert not offenders, "sleeps without '# sleep-ok: reason' (see this module's docstring):\n" + (
        "\n".join(offenders)
    )
