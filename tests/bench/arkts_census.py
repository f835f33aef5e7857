"""An independent count of the declarations in ArkTS / TypeScript sources, to measure the code
index against. It shares nothing with the index's parser (no tree-sitter): comments, strings,
template literals and regex literals are blanked (newlines kept), braces, parentheses and
brackets are matched, and declarations are recognised by their heads at line starts:

* top level (file scope or a namespace body): ``class``, ``struct``, ``interface``, ``enum``,
  ``type``, ``namespace``/``module``, ``function`` (decorated ``@Builder``/``@Styles``/
  ``@Extend`` functions included) and ``const f = (…) =>`` / ``= function`` values;
* members of a class, struct or interface body: methods (accessors and signatures included),
  constructors and ``build()``.

Each :class:`Decl` carries the line of its first decorator (or of its head), the line of its
name, and its last line (the matching ``}``, or the end of a signature / type alias).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

TOP_KINDS = ("struct", "class", "interface", "enum", "type", "namespace", "function")
MEMBER_KINDS = ("method", "constructor", "build")
DECORATED_FN = ("Builder", "LocalBuilder", "Styles", "Extend", "AnimatableExtend", "Concurrent")


@dataclass(frozen=True, slots=True)
class Decl:
    kind: str
    name: str
    first_line: int  # the first decorator's line, else the head's line
    name_line: int
    end_line: int
    member: bool
    decorated_fn: bool = False  # @Builder / @Styles / @Extend … function or method


_REGEX_BEFORE = set("(,=:[!&|?{};+-*%<>~^")
_REGEX_WORDS = {"return", "typeof", "case", "in", "of", "delete", "void", "throw", "new", "else"}
_SPECIAL = re.compile(r"""['"`/{}]|\n""")


def blank(src: str) -> str:
    """``src`` with comments, string/template/regex literal contents replaced by spaces
    (newlines kept, so offsets and line numbers are unchanged). ``${…}`` code inside template
    literals is kept."""
    out = list(src)
    n = len(src)
    i = 0
    # stack of open template literals: brace depth inside the current ${ } per level
    tmpl: list[int] = []

    def wipe(a: int, b: int) -> None:
        for k in range(a, min(b, n)):
            if out[k] != "\n":
                out[k] = " "

    def prev_sig(k: int) -> tuple[str, str]:
        j = k - 1
        while j >= 0 and out[j] in " \t\r\n":
            j -= 1
        if j < 0:
            return "", ""
        c = out[j]
        if c.isalnum() or c in "_$":
            e = j + 1
            while j >= 0 and (out[j].isalnum() or out[j] in "_$"):
                j -= 1
            return c, "".join(out[j + 1 : e])
        return c, ""

    def skip_template(k: int) -> int:
        """k is just after a backquote (or a closing ``}`` of ``${``); returns the index after
        the closing backquote, or the index of ``${`` + 2 (pushing a level)."""
        start = k
        while k < n:
            c = src[k]
            if c == "\\":
                k += 2
                continue
            if c == "`":
                wipe(start, k)
                return k + 1
            if c == "$" and k + 1 < n and src[k + 1] == "{":
                wipe(start, k)
                tmpl.append(0)
                return k + 2
            k += 1
        wipe(start, n)
        return n

    while i < n:
        m = _SPECIAL.search(src, i)
        if m is None:
            break
        i = m.start()
        c = src[i]
        if c == "\n":
            i += 1
            continue
        if c == "{":
            if tmpl:
                tmpl[-1] += 1
            i += 1
            continue
        if c == "}":
            if tmpl:
                if tmpl[-1] == 0:
                    tmpl.pop()
                    i = skip_template(i + 1)
                    continue
                tmpl[-1] -= 1
            i += 1
            continue
        if c in "'\"":
            k = i + 1
            while k < n and src[k] != c and src[k] != "\n":
                k += 2 if src[k] == "\\" else 1
            wipe(i + 1, k)
            i = k + 1
            continue
        if c == "`":
            i = skip_template(i + 1)
            continue
        # c == "/"
        nxt = src[i + 1] if i + 1 < n else ""
        if nxt == "/":
            k = src.find("\n", i)
            k = n if k < 0 else k
            wipe(i, k)
            i = k
            continue
        if nxt == "*":
            k = src.find("*/", i + 2)
            k = n if k < 0 else k + 2
            wipe(i, k)
            i = k
            continue
        pc, word = prev_sig(i)
        if pc == "" or pc in _REGEX_BEFORE or word in _REGEX_WORDS:
            k = i + 1
            in_class = False
            while k < n and src[k] != "\n":
                ch = src[k]
                if ch == "\\":
                    k += 2
                    continue
                if ch == "[":
                    in_class = True
                elif ch == "]":
                    in_class = False
                elif ch == "/" and not in_class:
                    break
                k += 1
            if k < n and src[k] == "/":
                wipe(i + 1, k)
                i = k + 1
                continue
        i += 1
    return "".join(out)


_OPEN = {"{": "}", "(": ")", "[": "]"}


def _matches(code: str) -> tuple[dict[int, int], list[int]]:
    """Matching closer for every opener, and the nesting depth (all three kinds) before each
    line start (index = 0-based line)."""
    match: dict[int, int] = {}
    stack: list[int] = []
    depth_at_line = [0]
    for i, c in enumerate(code):
        if c == "\n":
            depth_at_line.append(len(stack))
        elif c in _OPEN:
            stack.append(i)
        elif c in ")]}":
            # tolerate mismatches: pop to the nearest opener of the same kind
            want = {")": "(", "]": "[", "}": "{"}[c]
            for j in range(len(stack) - 1, -1, -1):
                if code[stack[j]] == want:
                    match[stack[j]] = i
                    del stack[j:]
                    break
    return match, depth_at_line


_DECOR = r"(?:@[A-Za-z_$][\w$.]*(?:\s*\([^()]*(?:\([^()]*\)[^()]*)*\))?\s*)"
_TOP = re.compile(
    r"(?P<dec>" + _DECOR + r"*)"
    r"(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?(?:async\s+)?(?:const\s+)?"
    r"(?P<kw>class|struct|interface|enum|type|namespace|module|function\b\s*\*?)\s*(?<=\s|\*)"
    r"(?P<name>[A-Za-z_$][\w$]*)"
)
_VALUE_FN = re.compile(
    r"(?:export\s+)?(?:declare\s+)?(?:const|let|var)\s+(?P<name>[A-Za-z_$][\w$]*)\s*"
    r"(?::[^=\n]+)?=\s*(?:async\s+)?(?P<what>function\b|\(|[A-Za-z_$][\w$]*\s*=>)"
)
_MEMBER = re.compile(
    r"(?P<dec>" + _DECOR + r"*)"
    r"(?:(?:public|private|protected|static|async|readonly|abstract|override|declare)\s+)*"
    r"(?:(?P<acc>get|set)\s+(?=[#A-Za-z_$\[]))?(?:\*\s*)?"
    r"(?P<name>#?[A-Za-z_$][\w$]*)\s*\??\s*(?P<gen><)?"
)
_LEAD_DECOR = re.compile(r"\s*" + _DECOR + r"+$")


def _line_of(starts: list[int], pos: int) -> int:
    lo, hi = 0, len(starts) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if starts[mid] <= pos:
            lo = mid
        else:
            hi = mid - 1
    return lo + 1


def _skip_balanced(code: str, i: int, match: dict[int, int]) -> int:
    return match.get(i, len(code) - 1) + 1


def _skip_angle(code: str, i: int) -> int:
    depth = 0
    n = len(code)
    while i < n:
        c = code[i]
        if c == "<":
            depth += 1
        elif c == ">" and code[i - 1] != "=":
            depth -= 1
            if depth == 0:
                return i + 1
        elif c in ";{":
            return i
        i += 1
    return i


def _body_after_params(code: str, i: int, match: dict[int, int]) -> tuple[int | None, int]:
    """``i`` is the index of a parameter list's ``(``. Returns (index of the body's ``{`` or
    None, index where the signature ends)."""
    n = len(code)
    i = _skip_balanced(code, i, match)
    while i < n and code[i] in " \t\r\n":
        i += 1
    if i < n and code[i] == ":":  # return type
        i += 1
        while i < n and code[i] in " \t\r\n":
            i += 1
        if i < n and code[i] in "{([":
            i = _skip_balanced(code, i, match)
        while i < n:
            c = code[i]
            if c == "{":
                break
            if c in "([":
                i = _skip_balanced(code, i, match)
                continue
            if c == "<":
                i = _skip_angle(code, i)
                continue
            if c in ";}" or (c == "\n" and not _continues(code, i) and not _brace_next(code, i)):
                return None, i
            if c == "=" and code[i : i + 2] == "=>":
                i += 2
                continue
            i += 1
    while i < n and code[i] in " \t\r\n":
        i += 1
    if i < n and code[i] == "{":
        return i, match.get(i, n - 1)
    return None, i


def _brace_next(code: str, nl: int) -> bool:
    """Does the next line start with ``{`` (a body on its own line, Allman style)?"""
    k = nl + 1
    while k < len(code) and code[k] in " \t\r\n":
        k += 1
    return k < len(code) and code[k] == "{"


def _continues(code: str, nl: int) -> bool:
    """Does the statement go on after the newline at ``nl``? (the line ends in an operator or
    the next starts with one)"""
    j = nl - 1
    while j >= 0 and code[j] in " \t\r":
        j -= 1
    if j >= 0 and code[j] in "|&,:=<(.?+-*":
        return True
    k = nl + 1
    while k < len(code) and code[k] in " \t\r\n":
        k += 1
    return k < len(code) and code[k] in "|&.?:=>"


def _type_end(code: str, i: int, match: dict[int, int]) -> int:
    n = len(code)
    while i < n:
        c = code[i]
        if c in "{([":
            i = _skip_balanced(code, i, match)
            continue
        if c == "<":
            i = _skip_angle(code, i)
            continue
        if c in ";}":
            return i
        if c == "\n" and not _continues(code, i):
            return i - 1
        i += 1
    return n - 1


def census(src: str) -> list[Decl]:
    """The declarations of one source text."""
    code = blank(src)
    match, _depth = _matches(code)
    starts = [0] + [m.end() for m in re.finditer("\n", code)]
    line = lambda pos: _line_of(starts, pos)  # noqa: E731
    out: list[Decl] = []
    # scopes: (start, end, kind) — kind "top" for file/namespace bodies, else the container kind
    scopes: list[tuple[int, int, str]] = [(-1, len(code), "top")]
    while scopes:
        s, e, skind = scopes.pop()
        # line starts directly inside this scope (no deeper nesting)
        k = s + 1
        while k < e:
            c = code[k]
            if c in _OPEN and k in match:
                k = match[k] + 1
                continue
            if c == "\n" or k == s + 1:
                j = k + 1 if c == "\n" else k
                while j < e and code[j] in " \t\r;":
                    j += 1
                if j >= e:
                    break
                found = _head(code, j, skind, match, line, out, scopes)
                if found > j:
                    k = found
                    continue
                k = j if j > k else k + 1
                continue
            k += 1
    out.sort(key=lambda d: (d.name_line, d.member))
    return out


def _decor_start(code: str, pos: int, dec: str, line, starts_line: int) -> int:
    """The line of the first decorator: on this line (``dec``) or on the lines just above."""
    first = starts_line
    k = pos
    while True:
        prev_end = code.rfind("\n", 0, k)
        if prev_end < 0:
            break
        prev_start = code.rfind("\n", 0, prev_end) + 1
        text = code[prev_start:prev_end]
        if text.strip() and _LEAD_DECOR.fullmatch(text):
            first = line(prev_start)
            k = prev_start
            continue
        break
    return first


def _is_decorated_fn(code: str, pos: int, dec: str) -> bool:
    k = pos
    texts = [dec]
    for _ in range(4):
        prev_end = code.rfind("\n", 0, k)
        if prev_end < 0:
            break
        prev_start = code.rfind("\n", 0, prev_end) + 1
        text = code[prev_start:prev_end]
        if not (text.strip() and _LEAD_DECOR.fullmatch(text)):
            break
        texts.append(text)
        k = prev_start
    names = re.findall(r"@([A-Za-z_$][\w$]*)", " ".join(texts))
    return any(n in DECORATED_FN for n in names)


def _head(code, j, skind, match, line, out, scopes) -> int:
    """Recognise a declaration head at ``j``; record it; return where scanning goes on
    (``j`` when nothing was recognised)."""
    n = len(code)
    if skind == "top":
        m = _TOP.match(code, j)
        if m:
            kw = m["kw"].split()[0].rstrip("*").strip()
            if kw.startswith("function"):
                kw = "function"
            if kw == "module":
                kw = "namespace"
            name = m["name"]
            name_line = line(m.start("name"))
            first = line(m.start()) if m["dec"] else _decor_start(code, j, "", line, name_line)
            if m["dec"]:
                first = _decor_start(code, j, m["dec"], line, line(m.start()))
            deco = _is_decorated_fn(code, j, m["dec"])
            if kw == "function":
                # generics, then parameters
                i = m.end()
                while i < n and code[i] in " \t\r\n":
                    i += 1
                if i < n and code[i] == "<":
                    i = _skip_angle(code, i)
                    while i < n and code[i] in " \t\r\n":
                        i += 1
                if i >= n or code[i] != "(":
                    return j
                body, end = _body_after_params(code, i, match)
                out.append(Decl("function", name, first, name_line, line(end), False, deco))
                return (end + 1) if body is not None else end
            if kw == "type":
                i = m.end()
                eq = code.find("=", i)
                if eq < 0:
                    return j
                end = _type_end(code, eq + 1, match)
                out.append(Decl("type", name, first, name_line, line(end), False))
                return end + 1
            i = code.find("{", m.end())
            semi = code.find(";", m.end())
            if i < 0 or (0 <= semi < i and kw != "class"):
                return j
            # class heads: skip a generic / extends clause's own braces
            end = match.get(i, n - 1)
            out.append(Decl(kw, name, first, name_line, line(end), False))
            if kw == "namespace":
                scopes.append((i, end, "top"))
            elif kw in ("class", "struct", "interface"):
                scopes.append((i, end, kw))
            return end + 1
        m = _VALUE_FN.match(code, j)
        if m:
            name = m["name"]
            what = m["what"]
            i = m.start("what")
            if what == "(":
                close = match.get(i)
                if close is None:
                    return j
                k = close + 1
                while k < n and code[k] in " \t\r\n":
                    k += 1
                if code[k : k + 2] != "=>" and code[k : k + 1] != ":":
                    return j
                if code[k : k + 1] == ":":  # a return type, then =>
                    arrow = code.find("=>", k)
                    if arrow < 0:
                        return j
                    k = arrow
                k += 2
            else:
                k = m.end()
                if what.startswith("function"):
                    p = code.find("(", k)
                    body, end = _body_after_params(code, p, match) if p >= 0 else (None, k)
                    out.append(
                        Decl("function", name, line(j), line(m.start("name")), line(end), False)
                    )
                    return end + 1
            while k < n and code[k] in " \t\r\n":
                k += 1
            end = match.get(k, n - 1) if k < n and code[k] == "{" else _type_end(code, k, match)
            out.append(Decl("function", name, line(j), line(m.start("name")), line(end), False))
            return end + 1
        return j
    # a class, struct or interface body
    k = j - 1
    while k >= 0 and code[k] in " \t\r\n":
        k -= 1
    if k >= 0 and code[k] in "=.?:(|&+-*":  # a field's initializer goes on: `x: T =\n  $r(…)`
        return j
    m = _MEMBER.match(code, j)
    if not m:
        return j
    name = m["name"]
    i = m.end()
    if m["gen"]:
        i = _skip_angle(code, i - 1)
    while i < n and code[i] in " \t\r":
        i += 1
    if i >= n or code[i] != "(":
        return j
    if name in ("if", "for", "while", "switch", "return", "catch", "function"):
        return j
    kind = "method"
    if name == "constructor" and not m["acc"]:
        kind = "constructor"
    elif name == "build" and skind == "struct" and not m["acc"]:
        kind = "build"
    body, end = _body_after_params(code, i, match)
    name_line = line(m.start("name"))
    first = _decor_start(code, j, m["dec"], line, line(j))
    deco = _is_decorated_fn(code, j, m["dec"])
    out.append(Decl(kind, name, first, name_line, line(end), True, deco))
    return (end + 1) if body is not None else end
