"""Regenerate ``resources/typescript_diagnostics.jsonl``: the TypeScript compiler's error messages.

The ArkTS compiler is TypeScript's checker and parser (OpenHarmony's ohos-typescript, a fork of
TypeScript 4.x), so its errors are printed in TypeScript's own wording; a developer often pastes
one alone, without the compiler's header. The list is read from the ``typescript`` npm package
(Apache-2.0, © Microsoft), whose ``lib/typescript.js`` declares each diagnostic as
``diag(CODE, ts.DiagnosticCategory.Error, "Key_CODE", "Message with {0} placeholders.")``; only
the errors are kept.

Usage (Node.js's npm on PATH)::

    python packaging/typescript_diagnostics.py [VERSION]   # default 4.9.5
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "resources" / "typescript_diagnostics.jsonl"
_DIAG = re.compile(r'diag\((\d+), ts\.DiagnosticCategory\.Error, "[^"]+", "((?:[^"\\]|\\.)*)"')


def main(version: str = "4.9.5") -> int:
    with tempfile.TemporaryDirectory() as tmp:
        npm = "npm.cmd" if sys.platform == "win32" else "npm"
        subprocess.run([npm, "pack", f"typescript@{version}"], cwd=tmp, check=True)
        with tarfile.open(Path(tmp) / f"typescript-{version}.tgz") as tar:
            member = tar.extractfile("package/lib/typescript.js")
            if member is None:
                raise SystemExit("package/lib/typescript.js is not in the package")
            source = member.read().decode("utf-8")
    rows = {}
    for code, message in _DIAG.findall(source):
        rows[int(code)] = json.loads(f'"{message}"')
    with OUT.open("w", encoding="utf-8", newline="\n") as out:
        out.write(
            json.dumps({"source": f"typescript@{version} lib/typescript.js (Apache-2.0)"}) + "\n"
        )
        for code in sorted(rows):
            out.write(json.dumps({"code": code, "message": rows[code]}, ensure_ascii=False) + "\n")
    print(f"{len(rows)} errors written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:2]))
