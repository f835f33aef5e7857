"""Regenerate ``resources/cangjie_diagnostics.jsonl``: the Cangjie compiler's error messages.

cjc prints ``error: <message>`` with its place on the next line (`` ==> file.cj:L:C:``); a
developer often pastes the message alone. The messages are the compiler's diagnostic tables,
``include/cangjie/Basic/**/Diagnostic*.def`` of the Cangjie compiler (OpenHarmony's mirror
``openharmony/third_party_cangjie_compiler``, Apache-2.0 with Runtime Library Exception), each
``ERROR(id, "message with %s placeholders" …)``; only the errors' first string is kept (a
second one is the caret's label).

Usage (a checkout of the compiler's repository)::

    python packaging/cangjie_diagnostics.py PATH/TO/cangjie_compiler [COMMIT]
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "resources" / "cangjie_diagnostics.jsonl"
_ERROR = re.compile(r'^ERROR\(\s*(\w+)\s*,\s*((?:"(?:[^"\\]|\\.)*"\s*)+)', re.M)
_STRING = re.compile(r'"((?:[^"\\]|\\.)*)"')


def main(root: str, commit: str = "") -> int:
    rows: dict[str, str] = {}  # message -> the first id that words it
    for path in sorted(Path(root, "include/cangjie/Basic").rglob("Diagnostic*.def")):
        for m in _ERROR.finditer(path.read_text(encoding="utf-8")):
            message = json.loads('"' + "".join(_STRING.findall(m.group(2))) + '"')
            if message.strip("%s ") and message not in rows:
                rows[message] = m.group(1)
    at = f"@{commit}" if commit else ""
    with OUT.open("w", encoding="utf-8", newline="\n") as out:
        source = (
            f"openharmony/third_party_cangjie_compiler{at} include/cangjie/Basic/**/Diagnostic*.def"
            " (Apache-2.0 with Runtime Library Exception)"
        )
        out.write(json.dumps({"source": source}) + "\n")
        for message, ident in sorted(rows.items(), key=lambda r: (r[1], r[0])):
            out.write(json.dumps({"id": ident, "message": message}, ensure_ascii=False) + "\n")
    print(f"{len(rows)} errors written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
