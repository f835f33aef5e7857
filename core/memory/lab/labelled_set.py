"""Labelled query sets of the recall lab: load, validate, save.

A labelled set is a UTF-8 JSON file holding a list of queries::

    [
      {"text": "hdc install fails 9568320", "relevant": ["starter-hap-unsigned-9568320"]},
      {"text": "模拟器 日志", "relevant": ["mem-1", "mem-2"], "layer": "semantic",
       "env": "harmonyos", "tags": ["hilog"], "note": "Chinese without spaces"}
    ]

* ``text`` (required): the query as a user types it; not empty.
* ``relevant`` (required): the ids of the memories that answer it, best answer first or not (the
  metrics are binary); may be empty while a query waits for its labels (it is then not scored).
* ``layer``, ``env``, ``tags`` (optional): the query's hard filters, as ``hmdesk-cli query
  --layer/--env/--tag`` (tags: any of them).
* ``note`` (optional): free text for the set's author (what kind of query it is).

Any other key, a missing or empty ``text``, a value of the wrong type or a file that is not such
a list is a :class:`LabelledSetError` naming the file and the entry (number from 1, and its text
when it has one). A relevant id listed twice is a warning and counted once. Whether the ids exist
is the evaluator's check (a warning, never an error).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hmdesk.core.bounded import MB, InputError, loads_json, read_input
from hmdesk.core.memory.atomic import write_atomic
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.record import LAYERS

KEYS = ("text", "relevant", "layer", "env", "tags", "note")


SET_LIMIT = 256 * MB
"""The largest labelled-set file read (a million queries is ~100 MB of JSON)."""


class LabelledSetError(Exception):
    """A labelled set that cannot be used; the message names the file and the entry."""


@dataclass(frozen=True)
class LabelledQuery:
    text: str
    relevant: tuple[str, ...] = ()
    layer: str | None = None
    env: str | None = None
    tags: tuple[str, ...] = ()
    note: str | None = None

    def with_relevant(self, relevant: Sequence[str]) -> LabelledQuery:
        """This query labelled with ``relevant`` (duplicates dropped, order kept)."""
        return LabelledQuery(
            self.text, tuple(dict.fromkeys(relevant)), self.layer, self.env, self.tags, self.note
        )

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"text": self.text, "relevant": list(self.relevant)}
        if self.layer is not None:
            out["layer"] = self.layer
        if self.env is not None:
            out["env"] = self.env
        if self.tags:
            out["tags"] = list(self.tags)
        if self.note is not None:
            out["note"] = self.note
        return out


@dataclass
class LabelledSet:
    queries: list[LabelledQuery]
    path: Path | None = None
    warnings: list[str] = field(default_factory=list)
    source: str | None = None  # what to call a set that has no file (the shipped one)

    @property
    def name(self) -> str:
        if self.path is not None:
            return self.path.name
        return self.source or "(unsaved set)"


def _where(path: Path | str, number: int, entry: object) -> str:
    text = entry.get("text") if isinstance(entry, dict) else None
    if isinstance(text, str) and text.strip():
        shown = text if len(text) <= 40 else text[:39] + "…"
        return f"{path}: entry {number} ({shown!r})"
    return f"{path}: entry {number}"


def _strings(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(v, str) and v.strip() for v in value)


def parse_entry(entry: object, where: str, warnings: list[str]) -> LabelledQuery:
    """One entry of a set (``where`` names it in errors and warnings)."""
    if not isinstance(entry, dict):
        raise LabelledSetError(f"{where}: is {type(entry).__name__}, not an object")
    unknown = sorted(set(entry) - set(KEYS))
    if unknown:
        raise LabelledSetError(
            f"{where}: unknown key {', '.join(map(repr, unknown))}; the keys are {', '.join(KEYS)}"
        )
    text = entry.get("text")
    if not isinstance(text, str) or not text.strip():
        raise LabelledSetError(f'{where}: "text" is missing or empty')
    if "relevant" not in entry:
        raise LabelledSetError(f'{where}: "relevant" is missing (a list of memory ids, may be [])')
    relevant = entry["relevant"]
    if not _strings(relevant):
        raise LabelledSetError(f'{where}: "relevant" must be a list of memory ids (strings)')
    if len(set(relevant)) != len(relevant):
        twice = sorted({r for r in relevant if relevant.count(r) > 1})
        warnings.append(f"{where}: lists {', '.join(twice)} more than once; counted once")
    layer = entry.get("layer")
    if layer is not None and layer not in LAYERS:
        raise LabelledSetError(f'{where}: "layer" must be one of {", ".join(LAYERS)}')
    env = entry.get("env")
    if env is not None and (not isinstance(env, str) or not env.strip()):
        raise LabelledSetError(f'{where}: "env" must be a non-empty string')
    tags = entry.get("tags", [])
    if not _strings(tags):
        raise LabelledSetError(f'{where}: "tags" must be a list of tags (strings)')
    note = entry.get("note")
    if note is not None and not isinstance(note, str):
        raise LabelledSetError(f'{where}: "note" must be a string')
    return LabelledQuery(
        text=text,
        relevant=tuple(dict.fromkeys(relevant)),
        layer=layer,
        env=env,
        tags=tuple(tags),
        note=note,
    )


def parse_set(data: object, source: Path | str) -> LabelledSet:
    """A set from decoded JSON (``source`` names it in messages)."""
    if not isinstance(data, list):
        raise LabelledSetError(
            f"{source}: a labelled set is a JSON list of queries "
            '({"text": ..., "relevant": [...]}), not a JSON ' + type(data).__name__
        )
    warnings: list[str] = []
    queries = [
        parse_entry(entry, _where(source, n, entry), warnings) for n, entry in enumerate(data, 1)
    ]
    seen: dict[tuple[str, str | None, str | None, tuple[str, ...]], int] = {}
    for n, q in enumerate(queries, 1):
        key = (q.text, q.layer, q.env, q.tags)
        if key in seen:
            warnings.append(f"{source}: entry {n} repeats entry {seen[key]} ({q.text!r})")
        seen.setdefault(key, n)
    path = source if isinstance(source, Path) else None
    return LabelledSet(queries, path, warnings, source=str(source))


def load_set(path: Path | str) -> LabelledSet:
    """Read and validate the labelled set at ``path`` (see the module doc)."""
    path = Path(path)
    try:  # a regular file of bounded size (not /dev/zero, not a FIFO)
        raw = read_input(path, limit=SET_LIMIT, what="the labelled set")
    except InputError as exc:
        raise LabelledSetError(str(exc)) from None
    except OSError as exc:
        raise LabelledSetError(f"{path}: cannot read the labelled set ({exc.strerror})") from exc
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise LabelledSetError(f"{path}: is not UTF-8 text (byte {exc.start})") from exc
    try:
        data = loads_json(text, f"{path}: the labelled set")
    except InputError as exc:
        raise LabelledSetError(str(exc)) from None
    except json.JSONDecodeError as exc:
        raise LabelledSetError(
            f"{path}: is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"
        ) from exc
    lset = parse_set(data, path)
    lset.path = path
    return lset


def dumps_set(lset: LabelledSet) -> str:
    """The set as its JSON file holds it: one query per entry, UTF-8 kept readable."""
    return json.dumps([q.to_json() for q in lset.queries], ensure_ascii=False, indent=2) + "\n"


def save_set(lset: LabelledSet, path: Path | str | None = None) -> Path:
    """Write the set (atomically) to ``path``, else where it was loaded from. Returns the path."""
    target = Path(path) if path is not None else lset.path
    if target is None:
        raise LabelledSetError("the set has no file yet; choose where to save it")
    try:
        write_atomic(target, dumps_set(lset).encode("utf-8"))
    except StoreError as exc:
        raise LabelledSetError(f"cannot save the labelled set: {exc}") from exc
    lset.path = target
    return target
