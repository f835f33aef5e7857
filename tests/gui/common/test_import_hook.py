"""The cheaper PySide6 import check answers as PySide6's own does."""

from __future__ import annotations

import importlib
import inspect
import json
import sys
from types import ModuleType

import hmdesk.core.db
import hmdesk.gui.app
from hmdesk.gui.common import import_hook


def reference(module: ModuleType) -> bool:
    """PySide6's own check (shibokensupport.feature._mod_uses_pyside), as it is written."""
    try:
        source = inspect.getsource(module)
    except (TypeError, OSError, SyntaxError):
        return False
    return "PySide6" in source


def test_the_cheaper_check_answers_as_pyside_does(tmp_path, monkeypatch) -> None:
    import PySide6.QtCore  # noqa: F401 - loads shibokensupport.feature

    feature = sys.modules["shibokensupport.feature"]
    monkeypatch.setattr(feature, "_mod_uses_pyside", reference)  # put back after the test
    assert import_hook.speed_up_pyside_import_check()
    fast = feature._mod_uses_pyside
    assert fast is not reference and getattr(fast, "hmdesk_fast", False)
    assert not import_hook.speed_up_pyside_import_check()  # once is enough
    (tmp_path / "uses_qt_mod.py").write_text("import PySide6.QtCore\n", encoding="utf-8")
    (tmp_path / "plain_mod.py").write_text("X = 1  # no Qt here\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    modules = [importlib.import_module("uses_qt_mod"), importlib.import_module("plain_mod")]
    modules += [json, hmdesk.core.db, hmdesk.gui.app, sys, inspect]
    assert [fast(m) for m in modules] == [reference(m) for m in modules]
    assert fast(modules[0]) and not fast(modules[1]) and fast(hmdesk.gui.app)


def test_without_pyside_s_hook_nothing_is_replaced(monkeypatch) -> None:
    monkeypatch.delitem(sys.modules, "shibokensupport.feature", raising=False)
    assert not import_hook.speed_up_pyside_import_check()
