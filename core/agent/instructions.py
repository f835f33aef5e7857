"""The pitfalls block hmdesk writes into an agent's instruction file (``AGENTS.md``, ``CLAUDE.md``,
hmharness's ``memory.md``).

How the block goes into the file (markers, never a byte outside them, refusals) is
:mod:`hmdesk.core.memory.instruction_block`; this module chooses the pitfalls and writes.

Which pitfalls (:func:`curate`): live memories of confidence at least :data:`MIN_CONFIDENCE`,
ranked by ``confidence + 0.3·[anchored in the project] + 0.2·[shares a tag with the project's
memories] + 0.1·log2(1+recalls) + 0.2·log2(1+helped)``, at most ``limit`` items and ``max_chars``
characters; each item is the memory's first line (its lesson) and its id.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from hmdesk.core.bounded import MB, InputError, read_input
from hmdesk.core.memory.atomic import write_atomic
from hmdesk.core.memory.instruction_block import BEGIN, END, InstructionsError, render

if TYPE_CHECKING:
    from hmdesk.core.memory.record import MemoryRecord
    from hmdesk.core.memory.store import MemoryStore

MIN_CONFIDENCE = 0.5
LIMIT = 15
MAX_CHARS = 4_000
ITEM_CHARS = 300


@dataclass(frozen=True, slots=True)
class Pitfall:
    memory: MemoryRecord
    score: float
    reasons: tuple[str, ...]

    @property
    def line(self) -> str:
        first = next((ln.strip() for ln in self.memory.content.splitlines() if ln.strip()), "")
        if len(first) > ITEM_CHARS:
            first = first[: ITEM_CHARS - 1] + "…"
        return f"- {first} (hmdesk {self.memory.id})"


@dataclass(frozen=True, slots=True)
class Outcome:
    path: Path
    change: str  # "created", "added", "updated", "unchanged"
    count: int
    block: str

    def describe(self) -> str:
        what = {
            "created": "created with the pitfalls block",
            "added": "pitfalls block added at the end",
            "updated": "pitfalls block replaced; nothing outside its markers changed",
            "unchanged": "already up to date; nothing written",
        }[self.change]
        return f"{self.path}: {what} ({self.count} pitfall{'s' if self.count != 1 else ''})"


def curate(
    store: MemoryStore,
    project: str | os.PathLike[str] | None = None,
    *,
    limit: int = LIMIT,
    max_chars: int = MAX_CHARS,
) -> list[Pitfall]:
    """The pitfalls for ``project`` (or for any project), best first, within the limits."""
    import sqlalchemy as sa
    from hmdesk.core.codeindex.anchors import project_key
    from hmdesk.core.memory.access import AccessLog
    from hmdesk.core.models import MemoryAnchor

    anchored: set[str] = set()
    if project is not None:
        with store.db.read() as s:
            anchored = set(
                s.execute(
                    sa.select(MemoryAnchor.memory_id).where(
                        MemoryAnchor.project == project_key(project)
                    )
                ).scalars()
            )
    stats = AccessLog(store.db).stats()
    memories = [
        m
        for m in store.list(include_superseded=False)
        if m.confidence >= MIN_CONFIDENCE and m.content.strip()
    ]
    project_tags: set[str] = set()
    for m in memories:
        if m.id in anchored:
            project_tags.update(m.tags)
    if project is not None:
        project_tags.add(f"ws:{Path(project).name}")
    ranked: list[Pitfall] = []
    for m in memories:
        score = m.confidence
        reasons: list[str] = []
        if m.id in anchored:
            score += 0.3
            reasons.append("anchored in the project")
        shared = project_tags.intersection(m.tags)
        if shared:
            score += 0.2
            reasons.append("tags " + ", ".join(sorted(shared)))
        st = stats.get(m.id)
        if st is not None:
            score += 0.1 * math.log2(1 + st.recalls) + 0.2 * math.log2(1 + st.helped)
            if st.recalls:
                reasons.append(f"recalled {st.recalls}×")
            if st.helped:
                reasons.append(f"helped {st.helped}×")
        ranked.append(Pitfall(m, round(score, 4), tuple(reasons)))
    ranked.sort(key=lambda p: (-p.score, p.memory.id))
    out: list[Pitfall] = []
    used = 0
    for p in ranked:
        if len(out) >= limit:
            break
        if used + len(p.line) + 1 > max_chars:
            continue
        out.append(p)
        used += len(p.line) + 1
    return out


def block_text(pitfalls: list[Pitfall], newline: str = "\n") -> str:
    """The block, markers included, without a final newline."""
    lines = [
        BEGIN,
        "## HarmonyOS pitfalls hmdesk remembers",
        "",
        "Check these before you change build, signing or device settings. Ask hmdesk for more "
        "with the MCP tool `recall`; read one with `memory://ID`.",
        "",
    ]
    lines += [p.line for p in pitfalls] or ["- (none yet)"]
    lines.append(END)
    return newline.join(lines)


def write_block(
    path: str | os.PathLike[str], pitfalls: list[Pitfall], *, dry_run: bool = False
) -> Outcome:
    """Write the block of ``pitfalls`` into ``path`` (see the module doc)."""
    p = Path(path).expanduser()
    if p.is_dir():
        raise InstructionsError(f"{p} is a folder; name the file (AGENTS.md, CLAUDE.md, memory.md)")
    try:  # a regular file of bounded size (a FIFO named AGENTS.md would block the read)
        current = read_input(p, limit=16 * MB, what="the instructions file") if p.exists() else None
    except InputError as exc:
        raise InstructionsError(str(exc)) from None
    except OSError as exc:
        raise InstructionsError(f"{p} cannot be read: {exc.strerror or exc}") from exc
    try:
        data, change = render(current, block_text(pitfalls))
    except InstructionsError as exc:
        raise InstructionsError(f"{p} was left untouched: {exc}") from None
    if change != "unchanged" and not dry_run:
        try:
            write_atomic(p, data, mode_like=p if current is not None else None)
        except OSError as exc:
            raise InstructionsError(f"{p} cannot be written: {exc.strerror or exc}") from exc
    return Outcome(p, change, len(pitfalls), block_text(pitfalls))
