"""Regenerate ``resources/api_error_codes.jsonl``: the system APIs' documented error codes.

A system API that rejects a call throws a ``BusinessError`` with a numeric ``code`` (3301100,
13900002, 9001001…); the OpenHarmony documentation gives every code a page section with its
title, the message the error carries, its possible causes and the solution. The sections are
read from a checkout of the OpenHarmony docs (``git clone https://gitee.com/openharmony/docs``,
mirrored at github.com/openharmony/docs; the documentation is licensed CC-BY-4.0, © OpenHarmony
contributors): every ``en/application-dev/reference/apis-*/errorcode-*.md`` page (the media
library's is ``errcode-medialibrary.md``, the proxy channel manager's
``errorcode_proxyChannelManager.md``) and
``en/application-dev/reference/errorcode-universal.md``. System-API pages (``*-sys.md``) and
sections the public docs drop (between ``<!--Del-->`` and ``<!--DelEnd-->``) are left out: an
app cannot meet them.

A section reads::

    ## 13900002 File or Directory Not Exist      (## or ###; the title may end in <sup>…</sup>,
                                                  or be missing: the message stands for it)

    **Error Message**                             (or **Error Information**, **Message**,
                                                  **Error Code Information**)
    No such file or directory
    **Description** / **Error Description** / **Symptom**  (optional)
    **Possible Causes** / **Possible Cause** / **Cause**
    **Solution** / **Procedure**

Each code becomes one JSON line (a page repeating another page's entry word for word adds
none): ``code``, ``title``, ``message``, ``cause`` (the possible
causes, else the description), ``solution``, ``kit`` (the page's folder without ``apis-`` and ``-kit``) and
``page``. Texts are shortened: markdown links to their text, markup and whitespace collapsed,
HTML entities read as their characters,
the first few list items or sentences kept.

Usage::

    python packaging/api_error_codes.py DOCS_CHECKOUT
"""

from __future__ import annotations

import html
import json
import re
import sys
from pathlib import Path

OUT = Path(__file__).resolve().parents[1] / "resources" / "api_error_codes.jsonl"
REFERENCE = "en/application-dev/reference"
_HEADING = re.compile(r"^#{1,6}\s+(.*?)\s*$")
_CODE_HEADING = re.compile(r"^(\d{3,9})(?:\s+(.*))?$")  # a title may be missing
_LABEL = re.compile(r"^\*\*([^*]+?)\*\*\s*:?\s*$")  # a line all bold: a section label
_DELETED = re.compile(r"<!--Del-->.*?<!--DelEnd-->", re.S)
_COMMENT = re.compile(r"<!--.*?-->", re.S)
_IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")  # a figure: its alt text ("Example") says nothing
_LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
_TAG = re.compile(r"</?[a-zA-Z][^>]*>")
_ITEM = re.compile(r"^\s*(?:\d+[.)]|[-*])\s+")
# the section labels, by the field they fill
_FIELDS = {
    "error message": "message",
    "error information": "message",  # the network kit's statistics and VPN pages
    "message": "message",  # link enhancement's 32390300
    "error code information": "message",  # metadata binding's 32100003–32100005
    "description": "description",
    "error description": "description",
    "symptom": "description",  # the input key monitor's page
    "possible causes": "cause",
    "possible cause": "cause",
    "cause": "cause",
    "causes": "cause",
    "solution": "solution",
    "procedure": "solution",
    "handling procedure": "solution",
}
MAX_CAUSE = 320
MAX_SOLUTION = 420
MAX_ITEMS = 4


def _inline(text: str) -> str:
    """Markdown links to their text, tags and emphasis dropped, whitespace collapsed."""
    text = _IMAGE.sub("", text)
    text = _LINK.sub(r"\1", text)
    text = _TAG.sub("", text)
    text = text.replace("**", "").replace("`", "")
    text = re.sub(r"\\([\\_*\[\]()#`$])", r"\1", text)  # markdown's escapes
    text = html.unescape(text)  # NearLink's "Settings &gt; NearLink &amp; Bluetooth"
    return " ".join(text.split())


def _short(lines: list[str], limit: int) -> str:
    """A section's text: its paragraphs or list items joined, the first few kept, cut at a
    sentence or item end under ``limit`` characters."""
    parts: list[str] = []
    fenced = False
    for line in lines:
        stripped = line.strip()
        if stripped.startswith("```"):
            fenced = not fenced  # a code block's lines are left out
        if fenced or not stripped or stripped.startswith(("```", "|", ">")):
            if parts and parts[-1] != "":
                parts.append("")
            continue
        if _ITEM.match(stripped) or not parts or parts[-1] == "":
            parts.append(stripped)
        else:
            parts[-1] = f"{parts[-1]} {stripped}"
    items = [_inline(p) for p in parts if p]
    items = [i for i in items if i][:MAX_ITEMS]
    text = ""
    for item in items:
        joined = f"{text} {item}".strip()
        if len(joined) > limit:
            if not text:  # one long paragraph: keep its sentences that fit
                for sentence in re.split(r"(?<=[.;:])\s+", item):
                    cut = f"{text} {sentence}".strip()
                    if len(cut) > limit:
                        break
                    text = cut
                text = text or item[: limit - 1].rstrip() + "…"
            break
        text = joined
    return text


def parse_page(text: str, page: str) -> list[dict[str, str]]:
    """The codes one error-code page documents, in its order."""
    folder = page.split("/")[-2]
    kit = (
        folder.removeprefix("apis-").removesuffix("-kit")
        if folder.startswith("apis-")
        else "universal"
    )
    text = _DELETED.sub("", text)
    text = _COMMENT.sub("", text)
    rows: list[dict[str, str]] = []
    current: dict[str, list[str]] | None = None
    head: tuple[str, str] = ("", "")
    field = ""

    def close() -> None:
        if current is None:
            return
        message = _short(current.get("message", []), 300)
        cause = _short(current.get("cause", []) or current.get("description", []), MAX_CAUSE)
        solution = _short(current.get("solution", []), MAX_SOLUTION)
        if not (message or cause or solution):
            return
        code, title = head
        title = title or message.rstrip(".")  # a heading of the code alone (Bluetooth's)
        row = {"code": code, "title": title, "message": message, "cause": cause}
        row |= {"solution": solution, "kit": kit, "page": page}
        rows.append(row)

    for line in text.splitlines():
        heading = _HEADING.match(line)
        if heading is not None:
            close()
            current, field = None, ""
            m = _CODE_HEADING.match(heading.group(1))
            if m is not None:
                title = _inline(re.sub(r"<sup>.*?</sup>", "", m.group(2) or "")).rstrip(".")
                title = title.removeprefix(f"{m.group(1)} ")  # "## 17700051 17700051 HAP …"
                head, current = (m.group(1), title), {}
            continue
        if current is None:
            continue
        label = _LABEL.match(line.strip())
        if label is not None:
            field = _FIELDS.get(label.group(1).strip().rstrip(":").lower(), "")
            continue
        if field:
            current.setdefault(field, []).append(line)
    close()
    return rows


def pages(docs: Path) -> list[Path]:
    """The error-code pages an app can meet: every kit's, and the universal codes'."""
    reference = docs / REFERENCE
    # the media library's page is named errcode-medialibrary.md, the proxy channel manager's
    # errorcode_proxyChannelManager.md
    found = (
        sorted(reference.glob("apis-*/errorcode-*.md"))
        + sorted(reference.glob("apis-*/errcode-*.md"))
        + sorted(reference.glob("apis-*/errorcode_*.md"))
    )
    found = [p for p in found if not p.stem.endswith("-sys")]
    universal = reference / "errorcode-universal.md"
    return ([universal] if universal.is_file() else []) + found


def distinct(rows: list[dict[str, str]]) -> list[dict[str, str]]:
    """The rows by code, a code's entry that only repeats an earlier page's word for word left
    out (mDNS's 2100002 is net_connection's, title, message, cause and solution): one meaning is
    one entry, so a log's code does not read as ambiguous between two copies of it."""
    seen: set[tuple[str, ...]] = set()
    kept: list[dict[str, str]] = []
    for row in sorted(rows, key=lambda r: (int(r["code"]), r["page"])):
        said = tuple(row[k] for k in ("code", "title", "message", "cause", "solution"))
        if said not in seen:
            seen.add(said)
            kept.append(row)
    return kept


def main(docs: str = "") -> int:
    if not docs:
        print(__doc__)
        return 2
    root = Path(docs)
    rows: list[dict[str, str]] = []
    for path in pages(root):
        page = path.relative_to(root).as_posix()
        rows.extend(parse_page(path.read_text(encoding="utf-8"), page))
    rows = distinct(rows)
    with OUT.open("w", encoding="utf-8", newline="\n") as out:
        source = "OpenHarmony docs (github.com/openharmony/docs), CC-BY-4.0"
        kits = sorted({r["kit"] for r in rows})
        out.write(json.dumps({"source": source, "kits": kits}) + "\n")
        for row in rows:
            out.write(json.dumps(row, ensure_ascii=False) + "\n")
    print(f"{len(rows)} codes from {len(kits)} kits written to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:2]))
