"""``hmdesk-cli logs --crashes``: the crashes and freezes of a device, grouped.

Kept apart from :mod:`hmdesk.core.cli.hilog` (which dispatches here); see its docstring.
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hmdesk.core.cli.common import UsageError
from hmdesk.core.cli.terminal_text import escape_controls, escape_controls_json

MAX_FRAMES = 12  # frames printed per crash (then "… N more frames")
MAX_RAW_LINES = 20  # lines of an unparsed fault log printed (then "… N more lines")

if TYPE_CHECKING:
    from hmdesk.core.toolchain.crash.detect import CrashBook, CrashGroup
    from hmdesk.core.toolchain.crash.resolve import CodeIndex
    from hmdesk.core.toolchain.hilog.line import HilogLine
    from hmdesk.core.toolchain.hilog.stream import StreamStatus


def _index(args: argparse.Namespace) -> CodeIndex | None:
    if not getattr(args, "project", None):
        return None
    root = Path(args.project).expanduser()
    if not root.is_dir():
        raise UsageError(f"--project {args.project}: no such folder")
    from hmdesk.core.codeindex.index import CodeIndex as Index

    index = Index(root)
    index.scan()
    return index


def group_json(group: CrashGroup, index: CodeIndex | None) -> dict[str, Any]:
    from hmdesk.core.toolchain.crash.resolve import resolve_crash

    data = resolve_crash(group.crash, index).to_json(group.count)
    return data


def group_text(group: CrashGroup, index: CodeIndex | None) -> str:
    from hmdesk.core.toolchain.crash.resolve import resolve_crash

    c = resolve_crash(group.crash, index)
    times = f" ×{group.count}" if group.count > 1 else ""
    pids = ", ".join(str(p) for p in group.pids) or "?"
    out = [f"{c.title}{times}  {c.bundle or '?'}  pid {pids}  {c.time}"]
    what = f"{c.name}: {c.message}" if c.message else c.name or c.reason
    why = f"  (reason: {c.reason})" if c.reason and c.reason not in (c.name, what) else ""
    out.append(f"  {what}{why}")
    for f in c.frames[:MAX_FRAMES]:
        where = f.location
        ent = f"  [{f.entity}]" if f.entity else ""
        out.append(f"    at {f.symbol}  {where}{ent}")
    if len(c.frames) > MAX_FRAMES:
        out.append(f"    … {len(c.frames) - MAX_FRAMES} more frames")
    if not c.parsed:
        out.append("  (the fault log did not parse; its text:)")
        raw = c.raw.splitlines()
        out.extend("    " + line for line in raw[:MAX_RAW_LINES])
        if len(raw) > MAX_RAW_LINES:
            out.append(f"    … {len(raw) - MAX_RAW_LINES} more lines")
    if c.faultlog:
        out.append(f"  fault log: {c.faultlog}")
    # what the app printed reaches the terminal shown, never obeyed (OSC 52, CSI 2J, …)
    return escape_controls("\n".join(out))


def _print_book(book: CrashBook, index: CodeIndex | None, as_json: bool) -> None:
    groups = book.groups()
    if as_json:
        text = json.dumps({"crashes": [group_json(g, index) for g in groups]}, ensure_ascii=False)
        print(escape_controls_json(text))  # JSON escapes C0 itself; C1 (U+009B CSI) it keeps
        return
    if not groups:
        print("no crashes or freezes found")
        return
    print("\n\n".join(group_text(g, index) for g in groups))


def crashes_command(hdc: str, args: argparse.Namespace, as_json: bool) -> int:
    index = _index(args)
    if args.dump:
        return _dump(hdc, args, index, as_json)
    return _stream(hdc, args, index, as_json)


def _dump(hdc: str, args: argparse.Namespace, index: CodeIndex | None, as_json: bool) -> int:
    from hmdesk.core.toolchain.crash.detect import CrashDetector
    from hmdesk.core.toolchain.crash.faultlog_files import fetch_faultlogs
    from hmdesk.core.toolchain.hilog.stream import dump

    det = CrashDetector(args.bundle)
    batch: list[HilogLine] = []

    def on_line(line: HilogLine) -> None:
        batch.append(line)
        if len(batch) >= 5000:
            det.feed(batch)
            batch.clear()

    result = dump(hdc, args.device, tail=args.tail, on_line=on_line, keep=False)
    det.feed(batch)
    det.flush()
    if result.failure is not None:
        fix = f" {result.failure.fix}" if result.failure.fix else ""
        print(f"hmdesk-cli: error: {result.failure.message}.{fix}", file=sys.stderr)
        return 1
    if not args.no_faultlogs:
        fetched = fetch_faultlogs(hdc, args.device, bundle=args.bundle)
        if not fetched.ok:
            fix = f" — {fetched.fix}" if fetched.fix else ""
            print(f"hmdesk-cli: note: {fetched.message}{fix}", file=sys.stderr)
        for crash in fetched.crashes:
            det.book.merge(crash)
    _print_book(det.book, index, as_json)
    return 0


def _stream(hdc: str, args: argparse.Namespace, index: CodeIndex | None, as_json: bool) -> int:
    from hmdesk.core.toolchain import hdc as hdc_mod
    from hmdesk.core.toolchain.crash.detect import CrashDetector
    from hmdesk.core.toolchain.hilog.stream import CONNECTED, STARTING, STOPPED, HilogStream

    done = threading.Event()
    det = CrashDetector(args.bundle)

    def show(groups: list[CrashGroup]) -> None:
        if not groups:
            return
        if as_json:
            text = json.dumps({"crashes": [group_json(g, index) for g in groups]})
        else:
            text = "\n\n".join(group_text(g, index) for g in groups) + "\n"
        try:
            print(text, flush=True)
        except BrokenPipeError:
            done.set()

    def on_status(status: StreamStatus) -> None:
        if status.state in (STARTING, STOPPED, CONNECTED):
            return
        print(f"hmdesk-cli: {status.state}: {status.message}", file=sys.stderr, flush=True)

    try:
        stream = HilogStream(  # a reconnect's replay would count every crash again
            hdc,
            args.device,
            on_lines=lambda lines: show(det.feed(lines)),
            on_status=on_status,
        )
    except hdc_mod.InvalidName as exc:
        raise UsageError(str(exc)) from None
    stream.start()
    try:
        while not done.wait(0.3):
            show(det.flush(0.5))
            if not stream.running:
                break
    except KeyboardInterrupt:
        pass
    finally:
        stream.stop()
    show(det.flush())
    return 0
