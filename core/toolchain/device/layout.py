"""The component tree on the screen: ``uitest dumpLayout``, parsed, bounded, saved and reopened.

``uitest dumpLayout -p PATH`` writes the tree as JSON to PATH on the device and prints
``DumpLayout saved to:PATH``, or ``DumpLayout failed:MESSAGE`` (testfwk_arkxtest
``uitest/server/server_main.cpp``); the file is copied with ``file recv``. The tree: every node
is ``{"attributes": {...}, "children": [...]}`` with string attributes — ``type``, ``id``,
``key``, ``text``, ``bounds`` as ``[left,top][right,bottom]``, ``clickable`` as ``"true"`` or
``"false"``, ``accessibilityId``, ``hierarchy``, and on the window node ``bundleName``,
``abilityName`` and ``pagePath``. The top node (all attributes empty but ``bounds``) is the
whole screen.

A dump is refused past :data:`MAX_DUMP_BYTES` and read up to :data:`MAX_NODES` nodes (the rest
counted): a huge tree cannot hold the app. A saved dump is the device's own JSON, reopened the
same way.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hmdesk.core.bounded import MB, InputError, loads_json, read_input
from hmdesk.core.toolchain.device.call import run_hdc
from hmdesk.core.toolchain.device.files import pull
from hmdesk.core.toolchain.device.remote import TMP_DIR
from hmdesk.core.toolchain.hdc import Outcome, classify_fail, validate_device_key

LAYOUT_REMOTE = f"{TMP_DIR}/hmdesk_layout.json"
DUMP_TIMEOUT = 30.0
MAX_DUMP_BYTES = 64 * MB
MAX_NODES = 50_000
MAX_DEPTH = 400
"""JSON nesting (two levels per UI level): far deeper than any real screen, far below a bomb."""
_BOUNDS_RE = re.compile(r"^\[(-?\d+),(-?\d+)\]\[(-?\d+),(-?\d+)\]$")


class LayoutError(ValueError):
    """A dump that is not a uitest layout (the message says what is wrong)."""


@dataclass
class Node:
    """One component. ``index`` is its position in document order (a stable handle)."""

    index: int
    depth: int
    attributes: dict[str, str]
    parent: int | None
    children: list[int] = field(default_factory=list)
    bounds: tuple[int, int, int, int] | None = None

    def get(self, name: str) -> str:
        value = self.attributes.get(name, "")
        return value if isinstance(value, str) else json.dumps(value)

    @property
    def type(self) -> str:
        return self.get("type")

    @property
    def id(self) -> str:
        return self.get("id")

    @property
    def key(self) -> str:
        return self.get("key")

    @property
    def text(self) -> str:
        return self.get("text")

    @property
    def clickable(self) -> bool:
        return self.get("clickable") == "true"

    def contains(self, x: int, y: int) -> bool:
        if self.bounds is None:
            return False
        left, top, right, bottom = self.bounds
        return left <= x < right and top <= y < bottom

    def label(self) -> str:
        """``Type "text" #id`` as a tree row shows it."""
        parts = [self.type or ("(screen)" if self.parent is None else "(node)")]
        if self.text:
            parts.append(json.dumps(self.text[:40], ensure_ascii=False))
        if self.id:
            parts.append(f"#{self.id}")
        elif self.key:
            parts.append(f"key={self.key}")
        return " ".join(parts)

    def to_dict(self) -> dict[str, Any]:
        return {
            "index": self.index,
            "depth": self.depth,
            "type": self.type,
            "id": self.id,
            "key": self.key,
            "text": self.text,
            "bounds": list(self.bounds) if self.bounds else None,
            "clickable": self.clickable,
            "parent": self.parent,
        }


@dataclass
class Layout:
    nodes: list[Node]
    truncated: int = 0  # nodes past MAX_NODES, not read

    @property
    def screen(self) -> tuple[int, int] | None:
        """Width and height of the screen (the top node's bounds)."""
        if self.nodes and self.nodes[0].bounds:
            _l, _t, right, bottom = self.nodes[0].bounds
            return right, bottom
        return None

    def window(self) -> Node | None:
        """The app's window node (the one naming ``bundleName``)."""
        return next((n for n in self.nodes if n.get("bundleName")), None)

    def node_at(self, x: int, y: int) -> Node | None:
        """The deepest node whose bounds hold (x, y); of equals, the last drawn."""
        best: Node | None = None
        for node in self.nodes:
            if node.contains(x, y) and (best is None or node.depth >= best.depth):
                best = node
        return best

    def path(self, node: Node) -> list[Node]:
        """``node`` and its ancestors, root first."""
        out = [node]
        while out[-1].parent is not None:
            out.append(self.nodes[out[-1].parent])
        return out[::-1]

    def to_dict(self) -> dict[str, Any]:
        return {
            "screen": self.screen,
            "truncated": self.truncated,
            "nodes": [n.to_dict() for n in self.nodes],
        }


def parse_bounds(text: str) -> tuple[int, int, int, int] | None:
    m = _BOUNDS_RE.match(text.strip()) if isinstance(text, str) else None
    return (int(m[1]), int(m[2]), int(m[3]), int(m[4])) if m else None


def parse_layout(data: Any, *, max_nodes: int = MAX_NODES) -> Layout:
    """The tree of a parsed dump (a dict; or a list of window trees, ``dumpLayout -i``)."""
    if isinstance(data, list):
        data = {"attributes": {}, "children": data}
    if not isinstance(data, dict) or "attributes" not in data:
        raise LayoutError("this is not a uitest layout: the top level has no 'attributes'")
    nodes: list[Node] = []
    skipped = 0
    stack: list[tuple[Any, int, int | None]] = [(data, 0, None)]
    while stack:
        raw, depth, parent = stack.pop()
        if not isinstance(raw, dict):
            continue
        if len(nodes) >= max_nodes:
            skipped += 1
            continue
        attrs = raw.get("attributes")
        attrs = (
            {str(k): v if isinstance(v, str) else json.dumps(v) for k, v in attrs.items()}
            if isinstance(attrs, dict)
            else {}
        )
        node = Node(len(nodes), depth, attrs, parent, bounds=parse_bounds(attrs.get("bounds", "")))
        nodes.append(node)
        if parent is not None:
            nodes[parent].children.append(node.index)
        kids = raw.get("children")
        if isinstance(kids, list):
            stack.extend((k, depth + 1, node.index) for k in reversed(kids))
    return Layout(nodes, skipped)


def read_layout(path: str | os.PathLike[str], *, max_nodes: int = MAX_NODES) -> Layout:
    """A dump file (from the device, or saved), bounded in size, depth and nodes."""
    raw = read_input(Path(path), limit=MAX_DUMP_BYTES, what="the layout dump")
    try:
        data = loads_json(
            raw.decode("utf-8", errors="replace"), "the layout dump", max_depth=MAX_DEPTH
        )
    except json.JSONDecodeError as exc:
        raise LayoutError(f"{path} is not JSON: {exc.msg} at line {exc.lineno}") from exc
    except InputError as exc:
        raise LayoutError(f"{path}: {exc}") from exc
    return parse_layout(data, max_nodes=max_nodes)


def dump_argv(hdc: str, key: str, remote: str = LAYOUT_REMOTE) -> list[str]:
    return [hdc, "-t", validate_device_key(key), "shell", "uitest", "dumpLayout", "-p", remote]


def classify_dump(text: str) -> Outcome:
    fail = classify_fail(text)
    if fail is not None:
        return fail
    for line in text.splitlines():
        if line.startswith("DumpLayout saved to:"):
            return Outcome(True, "layout dumped", extra={"remote": line.split(":", 1)[1].strip()})
        if line.startswith("DumpLayout failed:"):
            return Outcome(
                False,
                "uitest could not read the screen's layout.",
                evidence=line,
                kind="file",
                fix="Unlock the screen and bring the app to the front, then try again.",
            )
    if "inaccessible or not found" in text:
        return Outcome(
            False,
            "This device has no uitest, so its layout cannot be read.",
            evidence=text.strip()[:200],
            kind="unsupported",
        )
    return Outcome(
        False,
        "uitest dumpLayout did not say where it saved the layout.",
        evidence=text.strip()[:200] or None,
        kind="file",
    )


def dump(
    hdc: str, key: str, local: str | os.PathLike[str], *, timeout: float = DUMP_TIMEOUT
) -> tuple[Outcome, Layout | None]:
    """Dump the layout of ``key``'s screen into the file ``local`` and parse it."""
    reply, failed = run_hdc(dump_argv(hdc, key), timeout=timeout)
    outcome = failed or classify_dump(reply.text)
    if not outcome.ok:
        return outcome, None
    got = pull(hdc, key, LAYOUT_REMOTE, local, timeout=timeout)
    if not got.ok:
        return got, None
    try:
        layout = read_layout(local)
    except (InputError, LayoutError) as exc:
        return Outcome(False, f"the layout could not be read: {exc}", kind="file"), None
    extra = {"path": os.fspath(local), "nodes": len(layout.nodes), "truncated": layout.truncated}
    return Outcome(True, f"{len(layout.nodes)} components", extra=extra), layout
