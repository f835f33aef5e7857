"""The package installs as `hmdesk` and core never imports Qt, even indirectly at run time
(import-linter checks the static imports in `make test` too)."""

import importlib.resources
import subprocess
import sys


def test_packages_import():
    import hmdesk.core
    import hmdesk.gui  # noqa: F401

    assert importlib.resources.files("hmdesk.resources").is_dir()


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
