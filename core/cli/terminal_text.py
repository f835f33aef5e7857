"""Text from a device made safe for a terminal: its control characters shown, never obeyed.

A crash report or a hilog line carries whatever the app printed, including escape sequences a
terminal would act on (OSC 0 retitles the window, CSI 2J clears it, OSC 52 writes the clipboard).
:func:`escape_controls` shows every C0 control but the line end and the tab, DEL and every C1
control as a visible escape (``\\x1b``, ``\\x9b``); the rest of the text is unchanged.
"""

from __future__ import annotations

import re

_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def _show(match: re.Match[str]) -> str:
    return f"\\x{ord(match.group()):02x}"


def escape_controls(text: str) -> str:
    """``text`` with its control characters (but ``\\n`` and ``\\t``) written as ``\\xNN``."""
    return _CONTROLS.sub(_show, text)


_JSON_RAW = re.compile("[\x7f-\x9f]")  # what json.dumps(ensure_ascii=False) leaves unescaped


def escape_controls_json(text: str) -> str:
    """JSON text (``json.dumps(…, ensure_ascii=False)``) with DEL and the C1 controls, which
    JSON leaves raw, written as ``\\u00NN``: still the same JSON, safe for a terminal."""
    return _JSON_RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
