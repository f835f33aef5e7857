"""hmdesk-cli memory commands: add, show, edit, confidence, supersede, revert, undo, history,
delete, restore, import-hmharness, export-hmharness, export-csv, load-starter.

Every command takes ``--db PATH`` and ``--json``. With ``--json`` a memory prints as
:func:`record_to_json`, an event as :func:`event_to_json`. Bad input exits with code 2; ``add``
and ``edit`` apply the same input rules as the GUI's editor
(:func:`hmdesk.core.memory.validation.memory_input_problem`). ``export-csv`` and
``load-starter`` run the core's CSV export and starter pack loader, as the GUI does.
``import-hmharness`` exits 1 (with one line on stderr) when the file had lines and every one was
skipped; lines whose lone UTF-16 surrogates were replaced by U+FFFD are listed as kept.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hmdesk.core.cli.common import (
    UsageError,
    ctrl_c_stops,
    open_store,
    print_json,
    progress_line,
)
from hmdesk.core.cli.table import clip

if TYPE_CHECKING:
    from hmdesk.core.memory.record import MemoryEvent, MemoryRecord
    from hmdesk.core.memory.store import MemoryStore, UndoStep

# ``hmdesk.core.memory.record.LAYERS``, spelled here for the help text so that parsing imports
# nothing of the store (tests/core/test_cli_startup.py checks that the two agree).
LAYERS = ("episodic", "semantic", "procedural", "world")

Handler = Callable[[argparse.Namespace], int]


def record_to_json(r: MemoryRecord) -> dict[str, Any]:
    from dataclasses import asdict

    d = asdict(r)
    d["tags"] = list(r.tags)
    d["supersedes"] = list(r.supersedes)
    d["is_superseded"] = r.is_superseded
    d["is_decayed"] = r.is_decayed
    d["is_deleted"] = r.is_deleted
    return d


def event_to_json(e: MemoryEvent) -> dict[str, Any]:
    from dataclasses import asdict

    return asdict(e)


def _text(value: Any) -> str:
    """A field's value as one line of text (JSON for what is not a string)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text.replace("\n", " ")


def _print_record(r: MemoryRecord) -> None:
    state = "deleted" if r.is_deleted else "decayed" if r.is_decayed else ""
    if r.is_superseded and not r.is_decayed:
        state = f"superseded by {r.superseded_by}"
    print(f"{r.id}  [{r.layer}]  confidence {r.confidence:g}  {state}".rstrip())
    print(f"  {r.content}")
    if r.tags:
        print(f"  tags: {', '.join(r.tags)}")
    print(f"  environment: {r.environment}  session: {r.session}  timestamp: {r.timestamp}")
    print(f"  source: {r.source}  provenance: {r.provenance}  origin: {r.origin}")
    print(f"  created {r.created_at}  updated {r.updated_at}  recalled {r.recall_count}×")
    if r.supersede_reason:
        print(f"  supersede reason: {r.supersede_reason} ({r.superseded_at})")
    if r.supersedes:
        print(f"  supersedes: {', '.join(r.supersedes)}")
    if r.deleted_at:
        print(f"  deleted at {r.deleted_at}")
    if r.payload is not None:
        print(f"  payload: {clip(_text(r.payload), 200)}")
    if r.extra:
        print(f"  extra keys: {', '.join(r.extra)}")


_ELIDED_FIELDS = frozenset({"content", "tags", "payload", "extra"})
"""Free-text values a terminal elides; ids, times and numbers are always whole."""


def _print_event(e: MemoryEvent, columns: int | None = None) -> None:
    """One event on one line; ids whole, the old and new values share the width the terminal has
    left (whole when the output is not a terminal)."""
    from hmdesk.core.cli.table import elide, free_width, text_width

    head = f"#{e.id}  {e.at}  {e.actor}  {e.kind} {e.memory_id}"
    reason = f"  ({e.reason})" if e.reason else ""
    if not e.field:
        print(f"{head}{reason}")
        return
    old, new = _text(e.old), _text(e.new)
    room = free_width(columns, text_width(f"{head} {e.field}:  → {reason}"))
    old_width = new_width = None
    if room is not None and e.field in _ELIDED_FIELDS:
        old_width = min(text_width(old), max(room // 2, room - text_width(new)))
        new_width = max(room - old_width, 1)
    print(f"{head} {e.field}: {elide(old, old_width)} → {elide(new, new_width)}{reason}")


def _columns() -> int | None:
    from hmdesk.core.cli.table import terminal_columns

    return terminal_columns()


def _show(args: argparse.Namespace, r: MemoryRecord) -> int:
    if args.json:
        print_json(record_to_json(r))
    else:
        _print_record(r)
    return 0


def _show_undo(args: argparse.Namespace, store: MemoryStore, events: list[MemoryEvent]) -> int:
    """What an undo or revert did: in words, each field's value before → after."""
    from hmdesk.core.cli.undo_report import print_report, undo_report

    report = undo_report(store, events)
    if args.json:
        print_json(report.to_json())
    else:
        print_report(report, _columns())
    return 0


def _content(text: str) -> str:
    if text != "-":
        return text
    try:
        return sys.stdin.read()
    except UnicodeDecodeError as exc:
        raise UsageError(
            f"the content on stdin is not UTF-8 text (byte {exc.start}: {exc.reason})"
        ) from exc


def _confidence(text: str) -> float:
    try:
        return float(text)
    except ValueError:
        raise UsageError(f"confidence must be a number between 0 and 1, got {text!r}") from None


def _payload(text: str | None) -> Any:
    if text is None:
        return None
    from hmdesk.core.bounded import loads_json

    try:
        return loads_json(text, "--payload")
    except ValueError as exc:  # InputError (NaN, Infinity, too deep) or a JSON syntax error
        raise UsageError(f"--payload must be JSON: {exc}") from exc


def _timestamp(text: str | None) -> str | None:
    if text is None:
        return None
    from hmdesk.core.memory.jsdate import parse_js_date_ms

    if parse_js_date_ms(text.strip()) is None:
        raise UsageError(
            f"--timestamp {text!r} is not an ISO-8601 time; use e.g. 2026-11-29T12:00:00.000Z"
        )
    return text.strip()


# ------------------------------------------------------------------------------ handlers


def cmd_add(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        r = store.add(
            _content(args.content),
            layer=args.layer,
            tags=args.tag or (),
            confidence=_confidence(args.confidence),
            source=args.source,
            provenance=args.provenance,
            environment=args.env,
            session=args.session,
            payload=_payload(args.payload),
            id=args.id,
            timestamp=_timestamp(args.timestamp),
            reason=args.reason,
        )
        return _show(args, r)


def cmd_show(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        return _show(args, store.get(args.id))


def cmd_edit(args: argparse.Namespace) -> int:
    if all(
        v is None for v in (args.content, args.tag, args.add_tag, args.remove_tag, args.layer)
    ) and (args.env is None):
        raise UsageError("nothing to edit: pass --content, --tag, --add-tag, --remove-tag, "
                         "--layer or --env")  # fmt: skip
    with open_store(args) as store:
        tags = None
        if args.tag is not None or args.add_tag or args.remove_tag:
            tags = list(args.tag) if args.tag is not None else list(store.get(args.id).tags)
            tags += [t for t in args.add_tag or () if t not in tags]
            tags = [t for t in tags if t not in (args.remove_tag or ())]
        r = store.edit(
            args.id,
            content=_content(args.content) if args.content is not None else None,
            tags=tags,
            layer=args.layer,
            environment=args.env,
            reason=args.reason,
        )
        return _show(args, r)


def cmd_confidence(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        r = store.set_confidence(args.id, _confidence(args.value), reason=args.reason)
        return _show(args, r)


def cmd_supersede(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        if args.by is not None:
            extra = {"layer": args.layer, "tag": args.tag, "confidence": args.confidence}
            given = [f"--{k}" for k, v in extra.items() if v is not None]
            if given:
                raise UsageError(f"{', '.join(given)} only apply with --content")
            r = store.supersede(args.old, by=args.by, reason=args.reason)
        else:
            fields: dict[str, Any] = {}
            if args.layer is not None:
                fields["layer"] = args.layer
            if args.tag is not None:
                fields["tags"] = args.tag
            if args.confidence is not None:
                fields["confidence"] = _confidence(args.confidence)
            r = store.supersede(
                args.old, content=_content(args.content), reason=args.reason, **fields
            )
        return _show(args, r)


def cmd_revert(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        return _show_undo(args, store, store.revert(args.event_id))


def _step(store: MemoryStore, verb: str) -> UndoStep:
    """An undo or redo with its progress on a terminal (stderr); Ctrl+C stops it between two
    transactions (what it committed stays; :func:`_stopped` says so)."""
    line = progress_line(f"{verb}ing", "changes")
    shown = False

    def progress(done: int, total: int) -> None:
        nonlocal shown
        if line is not None and (shown or done < total):  # a one-part step draws no line
            shown = True
            line(done, total)

    with ctrl_c_stops() as cancelled:
        fn = store.undo_step if verb == "undo" else store.redo_step
        step = fn(progress=progress, cancelled=cancelled)
    if step.stopped and shown:
        print(file=sys.stderr)  # the progress line ends where it stopped
    return step


def _stopped(step: UndoStep, verb: str) -> int:
    """Exit code 130 (stopped by Ctrl+C) after saying what was done and what is left."""
    print(f"hmdesk-cli: {step.stopped_text(verb, f'hmdesk-cli {verb}')}", file=sys.stderr)
    return 130


def cmd_undo(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        step = _step(store, "undo")
        code = _show_undo(args, store, step.events)
    return _stopped(step, "undo") if step.stopped else code


def cmd_redo(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        step = _step(store, "redo")
    if args.json:
        print_json([event_to_json(e) for e in step.events])
    elif not step.events:
        print("Nothing to redo.")
    else:
        print(f"Redid {step.what}.")
        columns = _columns()
        for e in step.events:
            _print_event(e, columns)
    return _stopped(step, "redo") if step.stopped else 0


def cmd_history(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        events = store.history(args.id)
        if args.json:
            print_json([event_to_json(e) for e in events])
        else:
            columns = _columns()
            for e in events:
                _print_event(e, columns)
        return 0


def cmd_delete(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        return _show(args, store.delete(args.id, reason=args.reason))


def cmd_restore(args: argparse.Namespace) -> int:
    with open_store(args) as store:
        return _show(args, store.restore(args.id))


def cmd_import(args: argparse.Namespace) -> int:
    from hmdesk.core.memory.hmharness.jsonl import import_file

    with open_store(args, actor="hmharness") as store:
        report = import_file(
            store, Path(args.file) if args.file else None, progress_line("importing", "bytes")
        )
    # every line skipped (none imported, updated or unchanged): the import failed → exit 1
    failed = bool(report.skipped) and not (report.imported or report.updated or report.unchanged)
    if args.json:
        print_json(report.to_json())
    else:
        print(
            f"{report.path}: {report.imported} imported, {report.updated} updated, "
            f"{report.unchanged} unchanged, {len(report.skipped)} skipped"
        )
        for s in report.skipped:
            print(f"  line {s.line}: {s.error}")
        for s in report.repaired:
            print(f"  line {s.line} (kept): {s.error}")
        if report.missing:
            print(f"  {len(report.missing)} memories imported before are not in this file "
                  f"(kept): {', '.join(report.missing[:10])}")  # fmt: skip
    if failed:
        print(
            f"hmdesk-cli: error: no line of {report.path} could be imported "
            f"({len(report.skipped)} skipped); is it hmharness's memory.jsonl?",
            file=sys.stderr,
        )
        return 1
    return 0


def cmd_export(args: argparse.Namespace) -> int:
    from hmdesk.core.memory.hmharness.jsonl import export_file

    with open_store(args) as store:
        n = export_file(
            store,
            Path(args.file),
            ids=args.id or None,
            progress=progress_line("exporting", "rows"),
        )
    if args.json:
        print_json({"path": str(Path(args.file)), "written": n})
    else:
        print(f"{n} memories written to {args.file}")
    return 0


def cmd_export_csv(args: argparse.Namespace) -> int:
    from hmdesk.core.memory.csv_export import memories_to_csv
    from hmdesk.core.memory.errors import NotFound

    with open_store(args) as store:
        if args.id:
            ids = list(dict.fromkeys(args.id))
            records = store.get_many(ids)
            unknown = sorted(set(ids) - {r.id for r in records})
            if unknown:
                raise NotFound(f"no memory with id {', '.join(unknown[:5])}")
        else:
            records = store.list(include_superseded=True, include_deleted=False)
        n = memories_to_csv(records, Path(args.file).expanduser())
    if args.json:
        print_json({"path": str(Path(args.file)), "written": n})
    else:
        print(f"{n} memories written to {args.file}")
    return 0


def cmd_load_starter(args: argparse.Namespace) -> int:
    from hmdesk.core.memory.starter import load_starter_pack

    with open_store(args) as store:
        added = load_starter_pack(store)
    if args.json:
        print_json({"added": added})
    else:
        print(f"{added} starter memories added")
    return 0


# ------------------------------------------------------------------------------ parsers


def register(subparsers: Any, common: argparse.ArgumentParser) -> None:
    def add(name: str, handler: Handler, help: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = subparsers.add_parser(name, parents=[common], help=help)
        p.set_defaults(func=handler)
        return p

    layers = ", ".join(LAYERS)

    p = add("add", cmd_add, "add a memory")
    p.add_argument("content", metavar="TEXT", help="what the memory says ('-' reads stdin)")
    p.add_argument("--layer", default="semantic", help=f"one of {layers} (default semantic)")
    p.add_argument("--tag", action="append", help="a tag (repeat for more)")
    p.add_argument("--confidence", default="0.7", help="how much it is trusted, 0..1 (default 0.7)")
    p.add_argument("--env", default="harmonyos", help="environment (default harmonyos)")
    p.add_argument("--source", default="hmdesk", help="where it came from (default hmdesk)")
    p.add_argument("--provenance", default="manual", help="how it was made (default manual)")
    p.add_argument("--session", default="hmdesk", help="the session it belongs to (default hmdesk)")
    p.add_argument("--payload", metavar="JSON", help="structured extra data, as JSON")
    p.add_argument("--id", help="the id (default: mem- and 12 hex digits)")
    p.add_argument("--timestamp", metavar="TIME", help="ISO-8601 time it happened (default now)")
    p.add_argument("--reason", help="why, kept in the history")

    p = add("show", cmd_show, "show one memory")
    p.add_argument("id", metavar="ID", help="the memory's id")

    p = add("edit", cmd_edit, "edit content, tags, layer or environment")
    p.add_argument("id", metavar="ID", help="the memory's id")
    p.add_argument("--content", metavar="TEXT", help="new content ('-' reads stdin)")
    p.add_argument("--tag", action="append", help="replace the tags (repeat for more)")
    p.add_argument("--add-tag", action="append", metavar="TAG", help="add a tag (repeat for more)")
    p.add_argument(
        "--remove-tag", action="append", metavar="TAG", help="remove a tag (repeat for more)"
    )
    p.add_argument("--layer", help=f"one of {layers}")
    p.add_argument("--env", help="new environment")
    p.add_argument("--reason", help="why, kept in the history")

    p = add("confidence", cmd_confidence, "set a memory's confidence (reason required)")
    p.add_argument("id", metavar="ID", help="the memory's id")
    p.add_argument("value", metavar="VALUE", help="from 0 (not trusted) to 1 (certain)")
    p.add_argument("--reason", required=True, help="why (required), kept in the history")

    p = add("supersede", cmd_supersede, "supersede a memory by another or by new content")
    p.add_argument("old", metavar="OLD", help="id of the memory replaced")
    which = p.add_mutually_exclusive_group(required=True)
    which.add_argument("--by", metavar="ID", help="id of the memory that replaces it")
    which.add_argument("--content", metavar="TEXT", help="content of a new memory that replaces it")
    p.add_argument("--reason", required=True, help="why (required), kept in the history")
    p.add_argument("--layer", help="layer of the new memory (default: the old one's)")
    p.add_argument("--tag", action="append", help="tags of the new memory (default: the old's)")
    p.add_argument("--confidence", help="confidence of the new memory (default: the old memory's)")

    p = add("revert", cmd_revert, "undo one change by its event number (see history)")
    p.add_argument("event_id", type=int, metavar="EVENT", help="the event number from history")

    add("undo", cmd_undo, "undo the newest change not undone yet, and say what it was")

    add("redo", cmd_redo, "redo the change undo undid last (until a new change is made)")

    p = add("history", cmd_history, "a memory's changes, oldest first")
    p.add_argument("id", metavar="ID", help="the memory's id")

    p = add("delete", cmd_delete, "delete a memory (restore brings it back)")
    p.add_argument("id", metavar="ID", help="the memory's id")
    p.add_argument("--reason", help="why, kept in the history")

    p = add("restore", cmd_restore, "restore a deleted memory")
    p.add_argument("id", metavar="ID", help="the memory's id")

    p = add("import-hmharness", cmd_import, "import hmharness's memory.jsonl (safe to repeat)")
    p.add_argument(
        "file",
        nargs="?",
        metavar="FILE",
        help="default: $HMH_HOME/cognitive/memory/memory.jsonl, else ~/.hmharness/…",
    )

    p = add("export-hmharness", cmd_export, "write memories as a memory.jsonl hmharness loads")
    p.add_argument("file", metavar="FILE", help="the file to write (replaced)")
    p.add_argument("--id", action="append", help="export only this id (repeat for more)")

    p = add("export-csv", cmd_export_csv, "write memories as CSV, for a spreadsheet")
    p.add_argument("file", metavar="FILE", help="the file to write (replaced)")
    p.add_argument("--id", action="append", help="export only this id (repeat for more)")

    add("load-starter", cmd_load_starter, "add the starter pack's HarmonyOS pitfalls (once)")
