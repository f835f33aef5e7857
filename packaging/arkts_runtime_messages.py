"""Regenerate ``resources/arkts_runtime_messages.jsonl``: the ArkTS runtime's error messages.

The ArkTS runtime (ArkCompiler's ``arkcompiler_ets_runtime``, Apache-2.0) throws its errors with
fixed wording: ``THROW_TYPE_ERROR_AND_RETURN(thread, "Cannot add property in prevent
extensions", …)``, ``GetJSError(ErrorType::RANGE_ERROR, "…")``, and the shared messages of
``ecmascript/message_string.h`` (``V(SetTypeMismatchedSharedProperty, "Cannot set sendable
property with mismatched type")``). A developer often quotes one alone (``TypeError: …`` in a
note), without the JS crash's fault log. Each row is the error's name (``TypeError``; empty for a
shared message, thrown as more than one) and the message, its ``%s``/``%d`` arguments written as
``{N}`` placeholders; only messages written as one string literal are kept.

Usage::

    python packaging/arkts_runtime_messages.py SOURCE_DIR [REVISION]

``SOURCE_DIR`` holds the runtime's ``ecmascript/`` folder (a checkout of
https://gitee.com/openharmony/arkcompiler_ets_runtime or its GitHub mirror); ``REVISION`` is
written into the header.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "resources" / "arkts_runtime_messages.jsonl"
_STRING = r'"(?P<msg>(?:[^"\\\n]|\\.)*)"'
_THROW = re.compile(
    r"THROW_(?P<type>TYPE|RANGE|REFERENCE|SYNTAX|URI)_ERROR(?:_AND_RETURN)?\(\s*thread,\s*"
    + _STRING
)
_ERROR_TYPE = re.compile(
    r"ErrorType::(?P<type>TYPE|RANGE|REFERENCE|SYNTAX|URI)_ERROR,\s*" + _STRING
)
_SHARED = re.compile(r"^\s*V\(\w+,\s*" + _STRING + r"\)", re.M)
_ARG = re.compile(r"%(?:l{0,2}[dus]|zu|p)")
_NAMES = {
    "TYPE": "TypeError",
    "RANGE": "RangeError",
    "REFERENCE": "ReferenceError",
    "SYNTAX": "SyntaxError",
    "URI": "URIError",
}


def plain(message: str) -> str:
    """``message`` with each printf argument as a ``{N}`` placeholder."""
    n = iter(range(100))
    return _ARG.sub(lambda _m: f"{{{next(n)}}}", message)


def main(source: str, revision: str = "") -> int:
    root = Path(source) / "ecmascript"
    if not root.is_dir():
        raise SystemExit(f"{root} is not a folder: pass the runtime's checkout")
    rows: set[tuple[str, str]] = set()
    for path in sorted(root.rglob("*")):
        if path.suffix not in (".cpp", ".h") or "test" in path.parts:
            continue
        text = path.read_text(encoding="utf-8", errors="replace")
        for pattern in (_THROW, _ERROR_TYPE):
            for m in pattern.finditer(text):
                rows.add((_NAMES[m.group("type")], plain(json.loads(f'"{m.group("msg")}"'))))
        if path.name == "message_string.h":
            for m in _SHARED.finditer(text):
                rows.add(("", plain(json.loads(f'"{m.group("msg")}"'))))
    rows = {(name, msg.strip()) for name, msg in rows if msg.strip()}
    if not rows:
        raise SystemExit(f"no error messages under {root}")
    source_line = "arkcompiler_ets_runtime" + (f"@{revision}" if revision else "")
    with OUT.open("w", encoding="utf-8", newline="\n") as out:
        out.write(json.dumps({"source": f"{source_line} ecmascript/ (Apache-2.0)"}) + "\n")
        for i, (name, msg) in enumerate(sorted(rows, key=lambda r: (r[1].lower(), r[0]))):
            row = {"id": f"{name or 'Error'}-{i}", "error": name, "message": msg}
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} messages written to {OUT}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    sys.exit(main(*sys.argv[1:3]))
