"""``hmdesk-cli logs``: the device log, filtered with the hilog query language.

    hmdesk-cli logs --device KEY [--query Q] [--dump [--tail N]] [--bundle B] [--json]
    hmdesk-cli logs --device KEY --crashes [--dump] [--bundle B] [--project DIR] [--json]

Without ``--dump`` it streams (``hdc -t KEY shell hilog``, restarted when it ends while the
device is still there) until Ctrl+C; with ``--dump`` it prints the device buffer once
(``hilog -x``) and exits. Lines print exactly as hilog printed them (``--json``: one JSON object
per line instead). A query that did not parse is searched as plain text; the note about it, and
stream status changes, go to stderr.

``--crashes`` lists the crashes and freezes instead of lines (``core.toolchain.crash``): with
``--dump`` the ones in the device buffer plus the device's fault log files (``hdc file recv``,
skipped with ``--no-faultlogs``), grouped, then exits; ``--json`` prints ``{"crashes": [...]}``.
Streaming, each crash prints when it is complete (``--json``: one ``{"crashes": [...]}`` per
line). ``--project DIR`` names the functions around the project's frames.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import threading
from typing import TYPE_CHECKING, Any

from hmdesk.core.cli.common import UsageError, open_db
from hmdesk.core.cli.terminal_text import escape_controls, escape_controls_json
from hmdesk.core.dbfile import DatabaseError

if TYPE_CHECKING:
    from hmdesk.core.db import Database
    from hmdesk.core.toolchain.hilog.line import HilogLine
    from hmdesk.core.toolchain.hilog.query import HilogQuery
    from hmdesk.core.toolchain.hilog.stream import StreamStatus


def register(subparsers: Any, common: argparse.ArgumentParser) -> None:
    p = subparsers.add_parser(
        "logs",
        parents=[common],
        help="stream (or --dump) a device's hilog, filtered by a query",
    )
    p.add_argument(
        "--device", "-d", required=True, metavar="KEY", help="the device's key (see devices)"
    )
    p.add_argument(
        "--query",
        "-q",
        default="",
        metavar="Q",
        help="filter, e.g. 'tag:ArkUI level:W -message:heartbeat' (Logcat syntax)",
    )
    p.add_argument("--dump", action="store_true", help="print the device buffer once and exit")
    p.add_argument("--tail", type=int, metavar="N", help="with --dump: only the last N lines")
    p.add_argument("--bundle", metavar="NAME", help="your app's bundle name (package:mine)")
    p.add_argument(
        "--crashes", action="store_true", help="list crashes and freezes instead of lines"
    )
    p.add_argument(
        "--no-faultlogs",
        action="store_true",
        help="with --crashes --dump: do not copy the device's fault log files",
    )
    p.add_argument(
        "--project", metavar="DIR", help="with --crashes: resolve frames in this project's code"
    )
    p.set_defaults(func=logs_command)


def _find_hdc(args: argparse.Namespace) -> str:
    """The hdc binary, found the toolchain's way (HMDESK_HDC, the hdc setting, PATH, DevEco).

    The database is only read (never created just for this); a damaged one does not stop
    ``logs`` from finding hdc elsewhere.
    """
    import sqlalchemy as sa

    try:
        with open_db(args, create=False) as db:
            return _hdc_path(db)
    except (DatabaseError, sa.exc.SQLAlchemyError, OSError):
        return _hdc_path(None)


def _hdc_path(db: Database | None) -> str:
    from hmdesk.core.toolchain.tools import ToolNotFound, hdc_path

    try:
        return hdc_path(db)
    except ToolNotFound as exc:  # its message says where we looked and how to fix it
        raise UsageError(str(exc)) from None


def _line_json(line: HilogLine) -> str:
    return escape_controls_json(json.dumps(line._asdict(), ensure_ascii=False))


def _same(text: str) -> str:
    return text


def logs_command(args: argparse.Namespace) -> int:
    from hmdesk.core.toolchain import hdc as hdc_mod
    from hmdesk.core.toolchain.hilog.query import HilogQuery

    try:
        hdc_mod.validate_device_key(args.device)
    except hdc_mod.InvalidName as exc:
        raise UsageError(str(exc)) from None
    if args.tail is not None and args.tail < 1:
        raise UsageError("--tail wants a positive number of lines")
    query = HilogQuery.parse(args.query, bundle=args.bundle)
    if query.note:
        print(f"hmdesk-cli: note: {query.note}", file=sys.stderr)
    hdc = _find_hdc(args)
    as_json = bool(getattr(args, "json", False))
    # a line prints exactly as hilog printed it into a pipe or a file; on a terminal its control
    # sequences are shown, never obeyed (an app's log may hold any bytes)
    args.shown = escape_controls if sys.stdout.isatty() else _same
    if getattr(args, "crashes", False):
        from hmdesk.core.cli.crashes import crashes_command

        return crashes_command(hdc, args, as_json)
    if args.dump:
        return _dump(hdc, args, query, as_json)
    return _stream(hdc, args, query, as_json)


def _dump(hdc: str, args: argparse.Namespace, query: HilogQuery, as_json: bool) -> int:
    from hmdesk.core.toolchain.hilog.stream import dump

    write = sys.stdout.write
    shown = args.shown
    matches = query.matches
    state = {"head_ok": False}

    def on_line(line: HilogLine) -> None:
        # the same grouping as HilogQuery.filter: a multi-line message stays whole
        if line.cont:
            ok = state["head_ok"] or matches(line)
        else:
            ok = state["head_ok"] = matches(line)
        if ok:
            write((_line_json(line) if as_json else shown(line.raw)) + "\n")

    try:
        result = dump(hdc, args.device, tail=args.tail, on_line=on_line, keep=False)
        sys.stdout.flush()
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    if result.failure is not None:
        fix = f" {result.failure.fix}" if result.failure.fix else ""
        print(f"hmdesk-cli: error: {result.failure.message}.{fix}", file=sys.stderr)
        return 1
    return 0


def _stream(hdc: str, args: argparse.Namespace, query: HilogQuery, as_json: bool) -> int:
    from hmdesk.core.toolchain import hdc as hdc_mod
    from hmdesk.core.toolchain.hilog.query import HilogQuery
    from hmdesk.core.toolchain.hilog.stream import CONNECTED, STARTING, STOPPED, HilogStream

    done = threading.Event()
    current = {"query": query}

    def on_lines(lines: list[HilogLine]) -> None:
        q = current["query"]
        if q.has_age:  # the window moves with the clock
            q = current["query"] = HilogQuery.parse(args.query, bundle=args.bundle)
        shown = q.filter(lines)
        if not shown:
            return
        if as_json:
            text = "".join(_line_json(line) + "\n" for line in shown)
        else:
            text = "".join(args.shown(line.raw) + "\n" for line in shown)
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except BrokenPipeError:  # `| head`: stop quietly
            _quiet_stdout()
            done.set()

    def on_status(status: StreamStatus) -> None:
        if status.state in (STARTING, STOPPED):
            return
        fix = f" — {status.fix}" if status.fix and status.state != CONNECTED else ""
        print(f"hmdesk-cli: {status.state}: {status.message}{fix}", file=sys.stderr, flush=True)

    try:
        stream = HilogStream(hdc, args.device, on_lines=on_lines, on_status=on_status)
    except hdc_mod.InvalidName as exc:
        raise UsageError(str(exc)) from None
    stream.start()
    try:
        while not done.wait(0.2):
            if not stream.running:
                break
    except KeyboardInterrupt:
        pass
    finally:
        stream.stop()
    return 0


def _quiet_stdout() -> None:
    """After a broken pipe: point stdout at devnull so the interpreter's final flush is quiet."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError):
        pass
