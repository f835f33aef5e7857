"""The pitfalls block hmdesk writes into an agent's instruction file (``AGENTS.md``, ``CLAUDE.md``,
hmharness's ``memory.md``).

hmdesk owns only the text between its two marker lines, :data:`BEGIN` and :data:`END`; every other
byte of the file stays as it was. A file without the markers gets the block appended at its end
(after one blank line); a file with them gets the text between them replaced; the same pitfalls
write the same bytes, so a second run changes nothing and says so. A file that is not UTF-8, or
whose markers are damaged (one without the other, out of order, more than one pair, a marker
inside a line), is refused and left untouched: the user's text is never guessed at.

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

from hmdesk.core.memory.atomic import write_atomic

if TYPE_CHECKING:
    from hmdesk.core.memory.record import MemoryRecord
    from hmdesk.core.memory.store import MemoryStore

BEGIN = "<!-- hmdesk:pitfalls begin (written by hmdesk-cli instructions; edits here are replaced) -->"
END = "<!-- hmdesk:pitfalls end -->"
_BEGIN_KEY = "<!-- hmdesk:pitfalls begin"
_END_KEY = "<!-- hmdesk:pitfalls end"
MIN_CONFIDENCE = 0.5
LIMIT = 15
MAX_CHARS = 4_000
ITEM_CHARS = 300


class InstructionsError(Exception):
    """The file cannot be written safely (not UTF-8, damaged markers, unreadable): untouched."""


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
    from hmdesk.core.codeindex.anchors import project_key
    from hmdesk.core.memory.access import AccessLog
    from hmdesk.core.models import MemoryAnchor

    import sqlalchemy as sa

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


def _locate(text: str) -> tuple[int, int] | None:
    """``(start of BEGIN line, end of END line)`` in ``text``, None when there are no markers,
    :class:`InstructionsError` when they are damaged."""
    b = text.count(_BEGIN_KEY)
    e = text.count(_END_KEY)
    if b == 0 and e == 0:
        return None
    if b != 1 or e != 1:
        raise InstructionsError(
            f"its hmdesk markers are damaged ({b} begin, {e} end marker(s); one pair expected)"
        )
    start = text.index(_BEGIN_KEY)
    end_at = text.index(_END_KEY)
    if end_at < start:
        raise InstructionsError("its hmdesk end marker comes before the begin marker")
    line_start = text.rfind("\n", 0, start) + 1
    if text[line_start:start].strip():
        raise InstructionsError("its hmdesk begin marker is not at the start of a line")
    end_line = text.find("\n", end_at)
    end = len(text) if end_line < 0 else end_line
    if end > 0 and text[end - 1] == "\r":
        end -= 1
    if text[end_at:end].rstrip() != END:
        raise InstructionsError("its hmdesk end marker line was changed")
    return line_start, end


def render(current: bytes | None, block: str) -> tuple[bytes, str]:
    """The file's new bytes and the change (``created``, ``added``, ``updated``, ``unchanged``).
    ``current`` None: the file does not exist."""
    if current is None:
        return (block + "\n").encode("utf-8"), "created"
    try:
        text = current.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InstructionsError(f"it is not UTF-8 text (byte {exc.start})") from None
    newline = "\r\n" if "\r\n" in text else "\n"
    if newline != "\n":
        block = block.replace("\n", newline)
    where = _locate(text)
    if where is None:
        sep = "" if not text else newline if text.endswith(newline) else newline * 2
        new = text + sep + block + newline
        return new.encode("utf-8"), "added"
    start, end = where
    new = text[:start] + block + text[end:]
    if new == text:
        return current, "unchanged"
    return new.encode("utf-8"), "updated"


def write_block(path: str | os.PathLike[str], pitfalls: list[Pitfall], *, dry_run: bool = False) -> Outcome:
    """Write the block of ``pitfalls`` into ``path`` (see the module doc)."""
    p = Path(path).expanduser()
    if p.is_dir():
        raise InstructionsError(f"{p} is a folder; name the file (AGENTS.md, CLAUDE.md, memory.md)")
    try:
        current = p.read_bytes() if p.exists() else None
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
