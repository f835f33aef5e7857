"""Regenerate ``resources/clang_diagnostics.jsonl``: clang's error messages.

The NDK's C/C++ compiler is OpenHarmony's build of LLVM's clang, so a native build's errors are
clang's own words; a developer often pastes one alone, without its ``file:line:col: error:``
header. The list is read from clang's generated diagnostic tables, ``include/clang/Basic/
Diagnostic*Kinds.inc`` (Apache-2.0 WITH LLVM-exception), which a clang development package installs
(Debian's ``libclang-14-dev``: ``/usr/lib/llvm-14/include/clang/Basic``). Each row is
``DIAG(err_name, CLASS_ERROR, (unsigned)diag::Severity::Error, "format", …)``; the rows whose
default severity is an error are kept (errors, fatal errors, and the warnings and extensions that
are errors unless a flag says otherwise), and ``call to undeclared function``, an error by
default from clang 16 on. The format's arguments (``%0``, ``%q1``, ``%select{a|b}0``,
``%plural{…}0``, ``%diff{…}0,1``, ``%ordinal0``) become ``{N}`` placeholders, as TypeScript's
catalogue writes them; ``%%`` is a percent sign.

Usage::

    python packaging/clang_diagnostics.py [INCLUDE_DIR]   # default: the newest /usr/lib/llvm-*
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "resources" / "clang_diagnostics.jsonl"
_DIAG = re.compile(
    r'^DIAG\((?P<id>\w+), CLASS_\w+, \(unsigned\)diag::Severity::(?:Error|Fatal), "(?P<fmt>(?:[^"\\]|\\.)*)"',
    re.M,
)
_VERSION = re.compile(r"llvm-(\d+)")
# warnings that clang 16 and later make errors by default (and that builds with -Werror meet as
# errors already): a C function called with no prototype in scope
_ALSO = re.compile(
    r"^DIAG\((?P<id>ext_implicit_(?:lib_)?function_decl_c99), CLASS_EXTENSION, [^,]+, "
    r'"(?P<fmt>(?:[^"\\]|\\.)*)"',
    re.M,
)


def _skip_braces(fmt: str, i: int) -> int:
    """The index after the balanced ``{…}`` that opens at ``fmt[i]``."""
    depth = 0
    for j in range(i, len(fmt)):
        if fmt[j] == "{":
            depth += 1
        elif fmt[j] == "}":
            depth -= 1
            if depth == 0:
                return j + 1
    raise ValueError(f"unbalanced braces in {fmt!r}")


_ARG = re.compile(r"%(?P<mod>[a-z]*)(?=[{\d])")


def plain(fmt: str) -> str:
    """``fmt`` with each argument as one ``{N}`` placeholder."""
    out: list[str] = []
    i = n = 0
    while i < len(fmt):
        if fmt.startswith("%%", i):
            out.append("%")
            i += 2
            continue
        m = _ARG.match(fmt, i) if fmt[i] == "%" else None
        if m is None:
            out.append(fmt[i])
            i += 1
            continue
        i = m.end()
        if i < len(fmt) and fmt[i] == "{":
            i = _skip_braces(fmt, i)
        while i < len(fmt) and (fmt[i].isdigit() or fmt[i] == ","):
            i += 1
        out.append(f"{{{n}}}")
        n += 1
    return "".join(out)


def main(include: str | None = None) -> int:
    if include is None:
        found = sorted(
            Path("/usr/lib").glob("llvm-*/include/clang/Basic"),
            key=lambda p: int(_VERSION.search(str(p)).group(1)),  # type: ignore[union-attr]
        )
        if not found:
            raise SystemExit("no /usr/lib/llvm-*/include/clang/Basic: install libclang-dev")
        include = str(found[-1])
    folder = Path(include)
    version = _VERSION.search(str(folder.resolve()))
    rows: dict[str, str] = {}
    for inc in sorted(folder.glob("Diagnostic*Kinds.inc")):
        text = inc.read_text(encoding="utf-8")
        for m in (*_DIAG.finditer(text), *_ALSO.finditer(text)):
            rows[m.group("id")] = plain(json.loads(f'"{m.group("fmt")}"'))
    if not rows:
        raise SystemExit(f"no error diagnostics in {folder}/Diagnostic*Kinds.inc")
    source = (
        f"clang {version.group(1) if version else '?'} include/clang/Basic/Diagnostic*Kinds.inc "
        "(Apache-2.0 WITH LLVM-exception)"
    )
    with OUT.open("w", encoding="utf-8", newline="\n") as out:
        out.write(json.dumps({"source": source}) + "\n")
        for ident in sorted(rows):
            out.write(json.dumps({"id": ident, "message": rows[ident]}, ensure_ascii=False) + "\n")
    print(f"{len(rows)} errors written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:2]))
