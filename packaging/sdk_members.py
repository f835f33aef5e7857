"""Regenerate ``resources/sdk_members.jsonl``: the public members of the HarmonyOS/OpenHarmony SDK.

A JS crash names a property or a function (``Cannot read property setWindowPrivacyMode of
undefined``, ``getMainWindowSync is not callable``); when the name is an SDK member the crash
reader says which API it is, in which module, since which API version and with which system
capability (:mod:`hmdesk.core.toolchain.sdk_members`). The list is read from a checkout of the
SDK's declarations, https://gitee.com/openharmony/interface_sdk-js (Apache-2.0, © Huawei Device
Co., Ltd. and the OpenHarmony contributors): ``api/@ohos.*.d.ts`` and ArkUI's components,
``api/@internal/component/ets/*.d.ts``. The data in the repository was made from its commit
``2c550ecc4ca27d2cb6afc262fe4f83463f68a257`` (2026-08-21).

Each method of a namespace, an interface or a class (``declare class``, nested namespaces;
an ArkUI component's attributes and events are methods of its ``…Attribute`` class) is read
with the JSDoc block above it (``@syscap``, ``@since N dynamic``, ``@deprecated since N``); a
member (or an owner) marked ``@systemapi`` is for system apps only and is left out, and
so is one only the static runtime has (``@since N static``). Overloads are merged: the smallest
``since`` wins, and the member is deprecated only when every overload is. A name shorter than
four letters or held by more than :data:`MAX_OWNERS` owners, its properties counted too
(``width``, ``name``, ``then``), says nothing about the API it belongs to and is dropped; of
the rest only the methods are kept (a getter is a property). A regular-expression reader of the
declarations, not a TypeScript compiler: what it cannot place (type literals, enums, function
bodies) it skips.

Usage (a checkout of interface_sdk-js, or a bare clone: then ``git`` reads ``HEAD``)::

    python packaging/sdk_members.py PATH
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "resources" / "sdk_members.jsonl"
MAX_OWNERS = 8
MIN_LENGTH = 4
_COMPONENTS = "api/@internal/component/ets/"

_TOKEN = re.compile(
    r"(?P<doc>/\*\*.*?\*/)|(?P<comment>/\*.*?\*/|//[^\n]*)"
    r"|(?P<string>'(?:[^'\\\n]|\\.)*'|\"(?:[^\"\\\n]|\\.)*\"|`(?:[^`\\]|\\.)*`)"
    r"|(?P<open>\{)|(?P<close>\})|(?P<end>;)|(?P<word>[^\s{};'\"`/]+|/)",
    re.S,
)
_OWNER_HEAD = re.compile(
    r"^(?:export\s+)?(?:default\s+)?(?:declare\s+)?(?:abstract\s+)?"
    r"(?P<kind>namespace|module|interface|class)\s+(?P<name>[A-Za-z_$][\w$]*)"
)
# a member's head: ``name(``, ``name?(``, ``name<T>(``, ``name: T``, ``function name(``,
# ``get name()``, ``readonly name: T``, ``static name(``, ``const name: T`` (in a namespace)
_MEMBER_HEAD = re.compile(
    r"^(?:export\s+)?(?:declare\s+)?(?:(?:static|readonly|abstract|public|protected|private|async)\s+)*"
    r"(?:(?:function|const|let|var|get|set)\s+)?(?P<name>[A-Za-z_$][\w$]*)\s*\??\s*(?:[(<:])"
)
_SINCE = re.compile(r"@since\s+(\d+(?:\.\d+)*)(?:\s+([\w&]+))?")
_DEPRECATED = re.compile(r"@deprecated\s+since\s+(\d+(?:\.\d+)*)")
_SYSCAP = re.compile(r"@syscap\s+(SystemCapability\.[\w.]+)")


@dataclass
class _Scope:
    kind: str  # namespace, interface, class, or "other" (a type literal, an enum, a body)
    owner: str  # dotted name (``window.Window``), '' at the file's top
    syscap: str
    system: bool  # the owner is @systemapi: its members are too


@dataclass
class Block:
    """One declaration of a member (an overload is a block of its own)."""

    name: str
    module: str
    owner: str
    namespace: bool  # the owner is a namespace (the module's own functions), not a type
    since: str
    syscap: str
    deprecated: str
    method: bool  # a method or a function (an ArkUI attribute or event is one), not a property


def _version(since: str) -> tuple[int, ...]:
    return tuple(int(p) for p in since.split("."))


def _dynamic_since(doc: str) -> str | None:
    """The first version the dynamic (ArkTS/JS) runtime has it, or None (static-only)."""
    found = [v for v, runtime in _SINCE.findall(doc) if runtime != "static"]
    return min(found, key=_version) if found else None


def blocks(module: str, text: str) -> Iterator[Block]:
    """The public member declarations of one d.ts file, in order."""
    # the file's top level holds declarations as a namespace does
    stack: list[_Scope] = [_Scope("namespace", "", "", False)]
    doc = ""
    head: list[str] = []  # the words of the statement being read
    head_doc = ""
    file_syscap = ""
    for m in _TOKEN.finditer(text):
        kind = m.lastgroup
        if kind == "doc":
            doc = m.group(0)
            if not file_syscap and (s := _SYSCAP.search(doc)):
                file_syscap = s.group(1)
            continue
        if kind == "comment":
            continue
        if kind in ("word", "string"):
            if not head:
                head_doc, doc = doc, ""
            head.append(m.group(0))
            continue
        scope = stack[-1]
        statement = " ".join(head)
        if kind == "open":
            owner = _OWNER_HEAD.match(statement)
            if owner and scope.kind in ("namespace", "module") and not head_doc_static(head_doc):
                name = owner.group("name")
                syscap = _SYSCAP.search(head_doc)
                stack.append(
                    _Scope(
                        owner.group("kind"),
                        f"{scope.owner}.{name}" if scope.owner else name,
                        syscap.group(1) if syscap else scope.syscap or file_syscap,
                        scope.system or "@systemapi" in head_doc,
                    )
                )
            else:
                if head and scope.kind in ("interface", "class", "namespace"):
                    yield from _member(module, scope, statement, head_doc, file_syscap)
                stack.append(_Scope("other", scope.owner, scope.syscap, True))
            head, head_doc = [], ""
        elif kind == "close":
            if head and scope.kind in ("interface", "class"):
                yield from _member(module, scope, statement, head_doc, file_syscap)
            if len(stack) > 1:
                stack.pop()
            head, head_doc, doc = [], "", ""
        elif kind == "end":
            # ``;`` inside a member's parameter type literal ends nothing at this level; a
            # member ends at its own ``;`` (the scope it is in is not "other")
            if head and scope.kind in ("interface", "class", "namespace"):
                yield from _member(module, scope, statement, head_doc, file_syscap)
            head, head_doc = [], ""


def head_doc_static(doc: str) -> bool:
    """A block only the static runtime has (``@since 23 static`` and no dynamic one)."""
    return bool(_SINCE.search(doc)) and _dynamic_since(doc) is None


def _member(
    module: str, scope: _Scope, statement: str, doc: str, file_syscap: str
) -> Iterator[Block]:
    if not scope.owner or scope.system or "@systemapi" in doc:
        return
    m = _MEMBER_HEAD.match(statement)
    if (
        m is None
        or m.group("name") == "constructor"
        or _OWNER_HEAD.match(statement)
        or statement.startswith(("type ", "export type"))
    ):
        return
    since = _dynamic_since(doc)
    if since is None:
        return
    syscap = _SYSCAP.search(doc)
    deprecated = _DEPRECATED.search(doc)
    yield Block(
        m.group("name"),
        module,
        scope.owner,
        scope.kind in ("namespace", "module"),
        since,
        syscap.group(1) if syscap else scope.syscap or file_syscap,
        deprecated.group(1) if deprecated else "",
        m.group(0).endswith(("(", "<")) and not re.match(r"(?:get|set)\s", statement),
    )


def _files(root: Path) -> Iterator[tuple[str, str]]:
    """(path under the checkout, text) of the declarations read: from a work tree, or from
    ``HEAD`` of a bare clone."""

    def wanted(p: str) -> bool:
        name = p.rsplit("/", 1)[-1]
        return p.endswith(".d.ts") and (
            (p.startswith("api/@ohos.") and "/" not in p[4:])
            or (p.startswith(_COMPONENTS) and name == p[len(_COMPONENTS) :])
        )

    if (root / "api").is_dir():
        for path in sorted(root.glob("api/**/*.d.ts")):
            rel = path.relative_to(root).as_posix()
            if wanted(rel):
                yield rel, path.read_text(encoding="utf-8")
        return
    listing = subprocess.run(
        ["git", "--git-dir", str(root), "ls-tree", "-r", "--name-only", "HEAD", "api"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    for rel in sorted(p for p in listing if wanted(p)):
        yield (
            rel,
            subprocess.run(
                ["git", "--git-dir", str(root), "show", f"HEAD:{rel}"],
                check=True,
                capture_output=True,
                text=True,
            ).stdout,
        )


def module_of(rel: str) -> str:
    """``api/@ohos.window.d.ts`` → ``@ohos.window``; a component file → ``ArkUI gesture.d.ts``."""
    name = rel.rsplit("/", 1)[-1]
    return f"ArkUI {name}" if rel.startswith(_COMPONENTS) else name.removesuffix(".d.ts")


def merged(found: Iterator[Block]) -> dict[str, list[dict[str, str | bool]]]:
    """name → its owners, overloads merged (the smallest since; deprecated if every one is)."""
    by_owner: dict[tuple[str, str, str], list[Block]] = {}
    for b in found:
        by_owner.setdefault((b.name, b.module, b.owner), []).append(b)
    members: dict[str, list[dict[str, str | bool]]] = {}
    for (name, module, owner), overloads in sorted(by_owner.items()):
        first = min(overloads, key=lambda b: _version(b.since))
        row: dict[str, str | bool] = {"module": module, "owner": owner}
        if first.namespace:
            row["namespace"] = True
        row |= {"since": first.since, "syscap": first.syscap}
        if all(b.deprecated for b in overloads):
            row["deprecated"] = min((b.deprecated for b in overloads), key=_version)
        members.setdefault(name, []).append(row)
    return {
        n: rows for n, rows in members.items() if len(n) >= MIN_LENGTH and len(rows) <= MAX_OWNERS
    }


def main(path: str) -> int:
    root = Path(path)
    found = [b for rel, text in _files(root) for b in blocks(module_of(rel), text)]
    # how common a name is counts its properties too (``width``, ``name``); the file keeps the
    # methods only: a crash names a method (``x is not callable``, a method read on undefined),
    # and the properties would double it (2.4 MB) with names too plain to tell an API by
    common = merged(found)
    members = {n: rows for n, rows in merged(b for b in found if b.method).items() if n in common}
    commit = subprocess.run(
        ["git", "-C", str(root), "rev-parse", "HEAD"], check=True, capture_output=True, text=True
    ).stdout.strip()
    with OUT.open("w", encoding="utf-8", newline="\n") as out:
        out.write(
            json.dumps({"source": f"openharmony/interface_sdk-js@{commit} (Apache-2.0)"}) + "\n"
        )
        for name in sorted(members):
            out.write(
                json.dumps({"name": name, "owners": members[name]}, ensure_ascii=False) + "\n"
            )
    print(f"{len(members)} members written to {OUT} ({OUT.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:2]))
