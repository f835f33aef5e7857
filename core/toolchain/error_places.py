"""The place a build tool's error names, in the words tools use: a ``file:line``, hvigor's ``At
file:`` and its ``at <config file>`` line, ld.lld's ``referenced by``, the old ArkTS format's
place on the line above, a quoted source file or a path the message says it happened in.
Pure text in, data out."""

from __future__ import annotations

import re

_LOC = re.compile(
    r"(?P<loc>(?:[A-Za-z]:)?[^\s'\"()<>,;]*[\w\-]\.(?:ets|ts|js|mjs|cpp|cc|cxx|c|hpp|h|json5?|"
    r"txt|cmake|so|har|hap|hsp|p12|p7b|cer):\d+(?::\d+)?)"
)

_AT_FILE = re.compile(
    r"\b(?:[Aa]t [Ff]ile:\s*(?P<loc>\S+?:\d+(?::\d+)?)|At (?P<bare>\S+?\.[A-Za-z0-9]{1,6}:\d+(?::\d+)?))"
)
# a file named without a line (a resource, a profile): ``At file: D:\app\media\a-b.png``
_AT_WHOLE_FILE = re.compile(r"\b[Aa]t [Ff]ile:\s*(?P<file>\S+\.[A-Za-z0-9]{1,8})(?=[\s,;]|$)")


def at_file(text: str) -> str | None:
    m = _AT_FILE.search(text)
    if m is not None:
        return m.group("loc") or m.group("bare")
    whole = _AT_WHOLE_FILE.search(text)
    return whole.group("file") if whole else None


# a quoted path of a source file, library or script, named without a line (``Could not resolve "x"
# from "entry/src/test/a.test.ets"``, ``Failed to load the library '<sdk>/lib/x.dylib'``, ``Cannot
# find module 'C:\\p\\hvigorw.js'``): rollup's importer comes after the module it could not
# resolve, which has no extension
_QUOTED_PLACE = re.compile(
    r"""["'`‘](?P<loc>(?:[A-Za-z]:)?[^\s"'`’]*[\w\-]\.(?:ets|ts|js|mjs|cjs|cpp|cc|cxx|c|hpp|h|"""
    r"""so|dylib|dll|a|har|hsp|json5|p12|p7b|cer|kts|gradle))["'`’]"""
)


# hvigor names the configuration file an error is about on a line of its own (``at E:\\app\\
# build-profile.json5``); ld.lld names the object that needs a symbol (``>>> referenced by
# hello.cpp:7 (C:/p/src/main/cpp/hello.cpp:7)``)
_AT_CONFIG = re.compile(r"^\s*at\s+(?P<loc>\S[^\n]*?\.json5?(?::\d+(?::\d+)?)?)\s*$", re.M)
# rustc names the place on the line under its message: `` --> src/lib.rs:1:53``
_RUSTC_ARROW = re.compile(r"^[ \t]*--> (?P<loc>\S[^\n]*?:\d+:\d+)[ \t]*$", re.M)
_REFERENCED_BY = re.compile(
    r"^\s*(?:>>>\s*)?(?:referenced|defined) (?:by|at) (?P<short>\S+?:\d+)(?:\s+\((?P<loc>\S+?:\d+)\))?",
    re.M,
)
# a path the message says it happened in (``Unexpected character (1:0) in D:\\p\\x.js``)
_IN_PATH = re.compile(
    r"""\b(?:in|at|from|for|to)\s+['"`]?(?P<loc>(?:[A-Za-z]:)?[^\s'"`]*[\\/][^\s'"`]+"""
    r"""\.[A-Za-z0-9]{1,6})\b"""
)


def located(text: str, around: str = "") -> str | None:
    """The place a message names: a file:line, hvigor's ``at <config file>`` line below it, the
    linker's ``referenced by``, a quoted source or build file, a path it happened in."""
    m = _LOC.search(text)
    if m is not None:
        return m.group("loc")
    m = _AT_CONFIG.search(around)
    if m is not None:
        return m.group("loc")
    referenced = referenced_place(around)
    if referenced is not None:
        return referenced
    m = _QUOTED_PLACE.search(text) or _IN_PATH.search(text)
    return m.group("loc") if m else None


def referenced_place(text: str) -> str | None:
    """The object ld.lld names on its ``>>> referenced by`` (or ``defined at``) line: the full
    path in parentheses when it prints one, else the short one; else the place rustc names
    under its message (`` --> src/lib.rs:1:53``); None without such a line."""
    m = _REFERENCED_BY.search(text)
    if m is not None:
        return m.group("loc") or m.group("short")
    m = _RUSTC_ARROW.search(text)
    return m.group("loc") if m else None


# the old ArkTS format's place on the line above a message (``WARN: ArkTS:WARN File: a.ets:3:4``)
_PLACE_ABOVE = re.compile(
    r"(?:Ark)?(?:TS|ETS):(?:ERROR|WARN(?:ING)?)\s*File:\s*(?P<loc>\S+?:\d+(?::\d+)?)\s*$"
)


def place_above(lines: list[str], i: int) -> str | None:
    m = _PLACE_ABOVE.search(lines[i - 1]) if i > 0 else None
    return m.group("loc") if m else None


# the places a tool's message names without a line, in the words tools use: hvigor's ``At file:``
# (also lower-case, ``Schema validate failed, at file: build-profile.json5``), Gradle's ``Build
# file 'X' line: N``, ohpm's ``required by name@<path>`` (the package whose oh-package.json5 asks
# for the missing one), a path that ``does not exist`` / ``is not found``, a path after a colon
# ending the message (``Current path does not match: /home/u/桌面/app``)
_NAMED_PLACES: tuple[re.Pattern[str], ...] = (
    re.compile(r"\b[Aa]t [Ff]ile:\s*(?P<loc>[^\s,;]+)"),
    # a path alone on the line after the message (``at D:\\app\\build-profile.json5.``, restool's
    # ``at F:\\app\\media\\a-b.jpg``); not a script stack frame (a line number, a .js file)
    re.compile(
        r"^[ \t]*at (?P<loc>(?:[A-Za-z]:)?[\\/](?:[^\s():\\/]+[\\/])+[^\s():\\/]+"
        r"\.(?!m?js\b|cjs\b)\w{1,6})\.?[ \t]*$",
        re.M,
    ),
    re.compile(r"\bBuild file '(?P<loc>[^'\n]+)' line: (?P<line>\d+)"),
    re.compile(
        r"\brequired by (?:@[\w.-]+/)?[^\s@]+@(?P<loc>(?:[A-Za-z]:)?[\\/]\S+?\.(?:har|hsp|json5))\b"
    ),
    re.compile(
        r"(?<![\w\\/.~<>-])(?P<loc>(?:[A-Za-z]:|\.{2,3}|~|<\w+>|\w+)?[\\/]+"
        r"(?:[^\s'\"`\\/]+[\\/]+)+[^\s'\"`\\/]+\.\w{1,6})"
        r"[\s'\"`]*(?:does not exist|is not found|not found|is lost|is missing)\b"
    ),
    re.compile(r"\bdoes not match:\s*(?P<loc>(?:[A-Za-z]:)?[\\/]\S[^\n]*?)\s*$", re.M),
    # the full path after what could not be found (``Can not find build config file
    # build-profile.json5 at 'm'. D:\\p\\m\\src\\build-profile.json5``)
    re.compile(
        r"\b(?:[Cc]an ?not|[Cc]ould not|[Uu]nable to) (?:find|locate)\b[^\n]*?"
        r"(?<![\w\\/.~<>-])(?P<loc>(?:[A-Za-z]:|\.{2,3}|~)?[\\/]+(?:[^\s'\"`\\/]+[\\/]+)+"
        r"[^\s'\"`\\/]+\.\w{1,6})(?=[\s'\"`.,;)]|$)"
    ),
)
# lines that can say a place: an error's own words
_PLACE_WORDS = re.compile(
    r"(?i:error|fail|not found|not exist|is lost|missing|not match|can ?not|could not|invalid)|"
    r"\bBuild file '|\b[Aa]t [Ff]ile:\s*\S"
)


def named_place(text: str) -> str | None:
    """The first place an error line of ``text`` names in one of the tools' words
    (:data:`_NAMED_PLACES`), or a quoted source file, library or path it names; None when no
    error line names one."""
    lines = text.splitlines()
    for i, raw in enumerate(lines):
        if len(raw) > 2000 or _PLACE_WORDS.search(raw) is None:
            continue
        around = raw if i + 1 >= len(lines) else f"{raw}\n{lines[i + 1]}"
        for rx in _NAMED_PLACES:
            m = rx.search(around)
            if m is not None:
                line = m.groupdict().get("line")
                loc = m.group("loc").rstrip(".,;")
                return f"{loc}:{line}" if line else loc
        m = _QUOTED_PLACE.search(raw)
        if m is not None:
            return m.group("loc")
    return None


_LINE_ONLY = re.compile(r"^(?P<file>.+?):(?P<line>\d+)$")


def _same_file(a: str, b: str) -> bool:
    return a.replace("\\", "/").lower() == b.replace("\\", "/").lower()


def with_column(location: str | None, text: str) -> str | None:
    """``location`` (a ``file:line`` without a column, rollup's ``At file: …\\a.ets:209``) as
    ``text`` prints the same file and line with its column (the compiler's ``At File:
    …/a.ets:209:7``), else as it is."""
    m = _LINE_ONLY.match(location or "")
    if m is None or f":{m['line']}:" not in text:  # no place in the text has that line
        return location
    for place in _LOC.finditer(text):
        parts = place.group("loc").rsplit(":", 2)
        if len(parts) == 3 and parts[1] == m["line"] and _same_file(parts[0], m["file"]):
            return place.group("loc")
    return location
