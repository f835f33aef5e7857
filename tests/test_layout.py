"""The package installs as `hmdesk` and core never imports Qt, even indirectly at run time
(import-linter checks the static imports in `make test` too)."""

import importlib.resources
import subprocess
import sys

import pytest


def test_packages_import():
    import hmdesk.core
    import hmdesk.gui  # noqa: F401

    assert importlib.resources.files("hmdesk.resources").is_dir()


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_core_does_not_import_qt():
    code = (
        "import sys, pkgutil, importlib, hmdesk.core as c\n"
        "for m in pkgutil.walk_packages(c.__path__, 'hmdesk.core.'):\n"
        "    if 'migrations' not in m.name and not m.name.endswith('__main__'): importlib.import_module(m.name)\n"
        "bad = [m for m in sys.modules if m.startswith(('PySide6', 'shiboken6', 'hmdesk.gui'))]\n"
        "print('\\n'.join(sorted(bad)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == [], "core imported Qt or the gui: " + done.stdout


def test_every_package_folder_is_listed_for_installation():
    """``packages`` in pyproject.toml is explicit (the package-dir mapping needs it): a folder
    with an ``__init__.py`` that is not listed would be missing from a wheel install."""
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    config = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    found = set()
    for top, name in (
        ("core", "hmdesk.core"),
        ("gui", "hmdesk.gui"),
        ("resources", "hmdesk.resources"),
    ):
        for init in (root / top).rglob("__init__.py"):
            rel = init.parent.relative_to(root / top).parts
            if "__pycache__" not in rel:
                found.add(".".join((name, *rel)))
    # the resources' data folders are listed too (no __init__.py): else setuptools warns on
    # every install that it would skip them
    for folder in (root / "resources").iterdir():
        if folder.is_dir() and folder.name != "__pycache__":
            found.add(f"hmdesk.resources.{folder.name}")
    assert found == listed, {
        "not listed": sorted(found - listed),
        "no folder": sorted(listed - found),
    }
