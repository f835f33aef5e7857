"""hmdesk's marked block in a text file an agent reads (``AGENTS.md``, ``CLAUDE.md``, hmharness's
``memory.md``): where it is, and the file's new bytes with it replaced.

hmdesk owns only the lines from :data:`BEGIN` to :data:`END`; every other byte of the file stays
as it was. A file without the markers gets the block appended at its end (after one blank line);
a file with them gets the text between them replaced; the same block gives the same bytes, so a
second write changes nothing. A file that is not UTF-8, or whose markers are damaged (one without
the other, out of order, more than one pair, a marker inside a line, the end line changed), is
refused: the user's text is never guessed at. The hmharness notes importer skips the block's
lines (:func:`block_lines`), so pitfalls written into ``memory.md`` never come back as notes.
"""

from __future__ import annotations

BEGIN = (
    "<!-- hmdesk:pitfalls begin (written by hmdesk-cli instructions; edits here are replaced) -->"
)
END = "<!-- hmdesk:pitfalls end -->"
_BEGIN_KEY = "<!-- hmdesk:pitfalls begin"
_END_KEY = "<!-- hmdesk:pitfalls end"


class InstructionsError(Exception):
    """The file cannot be written safely (not UTF-8, damaged markers, unreadable): untouched."""


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


def block_lines(lines: list[str]) -> range:
    """The indexes of ``lines`` inside an intact block, markers included (empty if none)."""
    begin = next((i for i, ln in enumerate(lines) if ln.lstrip().startswith(_BEGIN_KEY)), None)
    if begin is None:
        return range(0)
    end = next((i for i in range(begin + 1, len(lines)) if lines[i].startswith(_END_KEY)), None)
    return range(0) if end is None else range(begin, end + 1)
