"""A cheaper answer to the question PySide6 asks of every module imported after it.

PySide6 (PYSIDE-2029, the ``__feature__`` switch) looks at each newly imported module to learn
whether its source mentions ``PySide6``, with ``inspect.getsource(module)``: a trip through
``linecache`` that stats and reads the file, about half a millisecond a module. hmdesk imports
some 450 modules after Qt while it opens (SQLAlchemy, numpy, its own areas), so that was about
260 ms of CPU at start-up, 40 ms of it on the GUI thread and the rest holding the GIL on
workers, where it delays the GUI thread too. The replacement answers the same question by
reading the file's bytes once, and leaves every other case (no source file, a built-in) to
PySide6's own function.
"""

from __future__ import annotations

import sys
from types import ModuleType


def speed_up_pyside_import_check() -> bool:
    """Put the cheaper check in place; False when PySide6's hook is not there (or has another
    shape in some other version) or was replaced already."""
    feature = sys.modules.get("shibokensupport.feature")
    upstream = getattr(feature, "_mod_uses_pyside", None)
    if feature is None or not callable(upstream) or getattr(upstream, "hmdesk_fast", False):
        return False

    def uses_pyside(module: ModuleType) -> bool:
        path = getattr(module, "__file__", None)
        if not isinstance(path, str) or not path.endswith(".py"):
            return bool(upstream(module))
        try:
            with open(path, "rb") as fh:
                return b"PySide6" in fh.read()
        except OSError:
            return bool(upstream(module))

    uses_pyside.hmdesk_fast = True  # type: ignore[attr-defined]
    feature._mod_uses_pyside = uses_pyside  # type: ignore[attr-defined]
    return True
