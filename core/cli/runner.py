"""hmdesk-cli toolchain commands: devices, run, doctor, runs, tools.

    hmdesk-cli devices [--json]                 [{"key","connection","state","name"}]
                                                exit 1 hdc failed, 2 hdc not found
    hmdesk-cli run --project DIR [--device KEY] [--json] [--rerun RUN_ID] [--color WHEN]
                   [--product P] [--build-mode debug|release] [--module M] [--target T]
                   [--clean] [--stacktrace] [--build-only | --install-only] ...
                                                live step output; a failed run ends with the
                                                pitfalls the window's failure card recalls
                                                (anchored at the error's location first, then
                                                text matches; "recalled": [{"id", "score", "via":
                                                "anchor"|"text", "first_line"}] in --json, also
                                                on the failed step); exit 0 success, 1 failure,
                                                128+N stopped by SIGTERM/SIGHUP (run cancelled),
                                                2 bad input (invalid --device/--product/--module)
    hmdesk-cli doctor LOGFILE [--json] [--recall]
                                                exit 0 classified, 1 no known signature;
                                                --recall: the pitfalls the memory store recalls
                                                for the finding (as the failure card shows them)
    hmdesk-cli runs [--json] [--status S] [--device K] [--project DIR] [--show RUN_ID]
    hmdesk-cli tools [--json]                   which hdc / hvigorw is used, and from where

With ``--json`` the live output of ``run`` goes to stderr so stdout holds only the JSON.
hvigor's ANSI colours are kept only when that stream is a terminal (``--color auto``, the
default); ``--color always`` / ``never`` force it.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from hmdesk.core.cli.common import UsageError, open_db, print_json
from hmdesk.core.dbfile import DatabaseError

if TYPE_CHECKING:
    from hmdesk.core.codeindex.location_recall import Recalled
    from hmdesk.core.toolchain.finding import Finding
    from hmdesk.core.toolchain.pipeline import Pipeline
    from hmdesk.core.toolchain.runs import PipelineEvent, PipelineOptions, RunResult

    Recall = tuple[list[Recalled], str | None]  # the recalled rows and the text recall's note

# ``hmdesk.core.toolchain.runs.RUN_STATUSES``, spelled here so that parsing imports no SQLAlchemy
# (tests/core/test_cli_startup.py checks that the two agree).
RUN_STATUSES = ("running", "success", "failed", "cancelled", "interrupted")

_STOP_SIGNALS = ("SIGTERM", "SIGHUP")  # SIGHUP does not exist on Windows


def register(subparsers: Any, common: argparse.ArgumentParser) -> None:
    p = subparsers.add_parser(
        "devices", parents=[common], help="list devices (hdc list targets -v)"
    )
    p.add_argument(
        "--hdc",
        help="hdc executable (default: HMDESK_HDC, the hdc setting (hmdesk-cli config), PATH, DevEco)",
    )
    p.set_defaults(func=devices_command)

    p = subparsers.add_parser(
        "run", parents=[common], help="build, install and launch a project on a device"
    )
    p.add_argument("--project", help="project root (the folder with build-profile.json5)")
    p.add_argument("--device", help="device key (default: the only connected device)")
    p.add_argument("--rerun", type=int, metavar="RUN_ID", help="run a stored run again")
    p.add_argument("--product", default="default")
    p.add_argument("--build-mode", default="debug", choices=["debug", "release"])
    p.add_argument("--module", help="module to build and launch (default: the entry module)")
    p.add_argument(
        "--target", default="default", help="the module's build target (build-profile.json5)"
    )
    p.add_argument("--clean", action="store_true", help="hvigorw clean before building")
    p.add_argument(
        "--stacktrace", action="store_true", help="hvigorw --stacktrace (a failed build's trace)"
    )
    scope = p.add_mutually_exclusive_group()
    scope.add_argument(
        "--build-only", action="store_true", help="build the HAP; no device, no install"
    )
    scope.add_argument(
        "--install-only",
        action="store_true",
        help="install the HAP built last; no build, no launch",
    )
    p.add_argument("--daemon", action="store_true", help="let hvigor use its daemon")
    p.add_argument("--build-timeout", type=float, default=900.0, metavar="S")
    p.add_argument("--hdc", help="hdc executable")
    p.add_argument("--hvigorw", help="hvigorw executable")
    p.add_argument("--quiet", action="store_true", help="print step results, not tool output")
    p.add_argument(
        "--color",
        choices=["auto", "always", "never"],
        default="auto",
        help="hvigor's ANSI colours in the live output (auto: only on a terminal)",
    )
    p.set_defaults(func=run_command)

    p = subparsers.add_parser(
        "doctor", parents=[common], help="diagnose a build/install log (exit 1: nothing known)"
    )
    p.add_argument("logfile", nargs="?", help="log file ('-' reads stdin)")
    p.add_argument(
        "--eval",
        metavar="DIR",
        help="score the doctor on a corpus of real logs (KIND/NAME.log + NAME.toml) and list the misses",
    )
    p.add_argument(
        "--recall",
        action="store_true",
        help="also list the pitfalls the memory store recalls for the finding",
    )
    p.add_argument(
        "--project",
        metavar="DIR",
        help="the project the log came from: what its oh-package.json5 and "
        "hvigor-config.json5 say (missing local dependencies, hvigor plugins) goes into the fix",
    )
    p.set_defaults(func=doctor_command)

    p = subparsers.add_parser("runs", parents=[common], help="list stored runs")
    p.add_argument("--status", choices=list(RUN_STATUSES))
    p.add_argument("--device")
    p.add_argument("--project")
    p.add_argument("--limit", type=int, default=50)
    p.add_argument("--show", type=int, metavar="RUN_ID", help="one run with its steps and logs")
    p.set_defaults(func=runs_command)

    p = subparsers.add_parser("tools", parents=[common], help="which hdc and hvigorw are used")
    p.set_defaults(func=tools_command)


# --------------------------------------------------------------------------- devices


def devices_command(args: argparse.Namespace) -> int:
    from hmdesk.core.toolchain.devices import list_devices
    from hmdesk.core.toolchain.hdc import DEVICE_GUIDANCE
    from hmdesk.core.toolchain.tools import ToolNotFound, hdc_path

    with open_db(args, create=False) as db:
        try:
            hdc = args.hdc or hdc_path(db)
        except ToolNotFound as exc:  # nothing could run: bad set-up, like `logs` (exit 2)
            if args.json:
                print_json([])
            print(f"hmdesk-cli: error: {exc}", file=sys.stderr)
            return 2
    result = list_devices(hdc)
    if args.json:
        print_json([d.to_dict() for d in result.devices])
    if result.status not in ("ok", "empty"):
        print(
            f"hmdesk-cli: {result.message}" + (f". {result.fix}" if result.fix else ""),
            file=sys.stderr,
        )
        return 1
    if args.json:
        return 0
    if not result.devices:
        print(f"No device connected. {result.fix or ''}".strip())
        return 0
    width = max(len(d.key) for d in result.devices)
    for d in result.devices:
        print(f"{d.key:<{width}}  {d.connection:<7} {d.state:<12} {d.name}".rstrip())
    for d in result.devices:
        if d.state in DEVICE_GUIDANCE:
            print(f"\n{d.key} ({d.state}): {DEVICE_GUIDANCE[d.state]}")
    return 0


# --------------------------------------------------------------------------- run


class _Printer:
    """Prints pipeline events as they come (on the pipeline's thread)."""

    def __init__(self, out: TextIO, quiet: bool, color: str = "auto") -> None:
        self.out = out
        self.quiet = quiet
        self.broken = False
        if color == "auto":
            isatty = getattr(out, "isatty", None)
            try:
                self.color = bool(isatty and isatty())
            except (OSError, ValueError):  # closed or detached stream
                self.color = False
        else:
            self.color = color == "always"

    def _text(self, text: str | None) -> str:
        text = text or ""
        if self.color or "\x1b" not in text:
            return text
        from hmdesk.core.toolchain.hvigor import strip_ansi

        return strip_ansi(text)

    def __call__(self, ev: PipelineEvent) -> None:
        """Print ``ev``; once the stream is gone (terminal closed: SIGHUP, EIO, a broken pipe)
        stop printing rather than fail the run."""
        if self.broken:
            return
        try:
            self._print(ev)
        except (OSError, ValueError):
            self.broken = True

    def _print(self, ev: PipelineEvent) -> None:
        w = self.out.write
        if ev.kind == "run-started":
            w(f"== run {ev.run_id}: {ev.data.get('project')}\n")
        elif ev.kind == "step-started":
            argv = ev.data.get("argv") or []
            w(f"== {ev.step}: {' '.join(argv)}\n" if argv else f"== {ev.step}\n")
        elif ev.kind == "line" and not self.quiet:
            w(f"{self._text(ev.text)}\n")
        elif ev.kind == "warning":
            w(f"!! warning: {self._text(ev.text)}\n")
        elif ev.kind == "step-finished":
            msg = ev.data.get("message") or ""
            w(f"-- {ev.step}: {ev.verdict}" + (f" — {msg}" if msg else "") + "\n")
            doc = ev.data.get("doctor")
            if doc and ev.verdict != "passed":
                w(
                    f"   doctor: {doc.get('kind')}: {doc.get('evidence')}\n   fix: {doc.get('fix')}\n"
                )
                if doc.get("location"):
                    w(f"   at: {doc['location']}\n")
        elif ev.kind == "run-finished":
            w(f"== run {ev.run_id}: {ev.status}\n")
        self.out.flush()


def run_command(args: argparse.Namespace) -> int:
    from hmdesk.core.toolchain.hdc import InvalidName, validate_device_key
    from hmdesk.core.toolchain.pipeline import Pipeline, validate_options
    from hmdesk.core.toolchain.runs import InvalidOptions, PipelineError, PipelineOptions

    if not args.project and args.rerun is None:
        raise UsageError("run needs --project DIR (the project root) or --rerun RUN_ID")
    if args.device is not None:
        try:  # a bad key is bad input: refuse it before a (long) build starts
            validate_device_key(args.device)
        except InvalidName as exc:
            raise UsageError(str(exc)) from exc
    opts: PipelineOptions | None = None
    if args.rerun is None:
        opts = PipelineOptions(
            product=args.product,
            build_mode=args.build_mode,
            module=args.module,
            target=args.target,
            daemon=args.daemon,
            clean=args.clean,
            stacktrace=args.stacktrace,
            scope="build" if args.build_only else "install" if args.install_only else "all",
        )
        opts.timeouts["build"] = args.build_timeout
        try:  # bad names are bad input too: refused before a run is recorded
            validate_options(opts)
        except InvalidOptions as exc:
            raise UsageError(str(exc)) from exc
    out = sys.stderr if args.json else sys.stdout
    printer = _Printer(out, args.quiet, args.color)
    with open_db(args) as db:
        assert db is not None
        kwargs: dict[str, Any] = {"hdc": args.hdc, "hvigorw": args.hvigorw}
        if args.rerun is not None:
            try:
                pipe = Pipeline.rerun(db, args.rerun, on_event=printer, **kwargs)
            except (PipelineError, InvalidOptions) as exc:
                raise UsageError(str(exc)) from exc
            if args.device:
                pipe.device_key = args.device
            if args.stacktrace:  # run it again, now with hvigor's stack trace
                pipe.options.stacktrace = True
        else:
            project = Path(args.project).expanduser()
            if not project.is_dir():
                raise UsageError(f"{project} is not a folder; pass the project root with --project")
            pipe = Pipeline(
                db, project.resolve(), args.device, on_event=printer, options=opts, **kwargs
            )
        result, stopped_by = _run_cancellable(pipe)
    if stopped_by is not None:
        with contextlib.suppress(OSError, ValueError):  # the terminal may be gone (SIGHUP)
            print(
                f"hmdesk-cli: run {result.run_id} {result.status}: stopped by "
                f"{signal.Signals(stopped_by).name}",
                file=sys.stderr,
            )
            if args.json:
                print_json(result.to_json())
        return 128 + stopped_by
    recalled = _recall_for_run(args, result)
    if args.json:
        data = result.to_json()
        if result.status == "failed":
            data["recalled"] = _recalled_json(recalled)
            _failed, step = result.failure()
            for sd, s in zip(data["steps"], result.steps, strict=False):
                if step is not None and s is step:
                    sd["recalled"] = data["recalled"]
        print_json(data)
    elif result.status == "failed":
        _print_recalled(recalled)
    return 0 if result.status == "success" else 1


def _recall_for_run(args: argparse.Namespace, result: RunResult) -> Recall | None:
    """For a failed run, the pitfalls the window's failure card recalls for its finding: those
    anchored at its location (and its callers) first, then the text matches."""
    if result.status != "failed":
        return None
    finding, _step = result.failure()
    return _recall(args, finding, result.project) if finding is not None else None


def _recalled_json(recall: Recall | None) -> list[dict[str, Any]]:
    rows = recall[0] if recall is not None else []
    return [{**r.to_json(), "first_line": _first_line(r.memory.content)} for r in rows]


def _run_cancellable(pipe: Pipeline) -> tuple[RunResult, int | None]:
    """Ctrl-C, SIGTERM and SIGHUP (terminal closed, ``timeout``, an IDE's stop button) cancel the
    pipeline cleanly: the step's process group is killed and the run is stored as ``cancelled``.
    Returns the result and the number of the terminating signal received (None for Ctrl-C or
    none), so that the exit code can say so (128 + signal, like a shell)."""
    if threading.current_thread() is not threading.main_thread():
        return pipe.run(), None
    received: list[int] = []
    sigs = [signal.SIGINT, *(getattr(signal, n) for n in _STOP_SIGNALS if hasattr(signal, n))]
    previous = {sig: signal.getsignal(sig) for sig in sigs}

    def on_signal(sig: int, _frame: Any) -> None:
        if sig != signal.SIGINT:
            received.append(sig)
        pipe.cancel()

    for sig in sigs:
        signal.signal(sig, on_signal)
    try:
        return pipe.run(), (received[0] if received else None)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


# --------------------------------------------------------------------------- doctor


def doctor_command(args: argparse.Namespace) -> int:
    from hmdesk.core.toolchain.doctor import diagnose, format_finding, in_project
    from hmdesk.core.toolchain.project_file import ProjectError
    from hmdesk.core.toolchain.project_reader import read_project

    if args.eval:
        return _doctor_eval(args)
    if not args.logfile:
        raise UsageError("doctor needs a LOGFILE ('-' reads stdin) or --eval DIR")
    if args.logfile == "-":
        text = sys.stdin.read()
    else:
        from hmdesk.core.bounded import MB, InputError, read_input
        from hmdesk.core.toolchain.hilog.parse import decode_log

        path = Path(args.logfile).expanduser()
        try:  # a regular file of bounded size: not /dev/zero, not a FIFO that never ends
            text = decode_log(read_input(path, limit=256 * MB, what="the log"))
        except InputError as exc:
            raise UsageError(str(exc)) from None
        except OSError as exc:
            raise UsageError(f"cannot read {path}: {exc.strerror or exc}") from exc
    finding = diagnose(text)
    if args.project:
        try:
            finding = in_project(finding, read_project(args.project))
        except ProjectError as exc:
            print(
                f"hmdesk-cli: --project not read ({exc}); the log alone is diagnosed",
                file=sys.stderr,
            )
    recalled = _recall(args, finding) if args.recall and finding is not None else None
    if args.json:
        data = finding.to_dict() if finding else None
        if data is not None and args.recall:
            data["recalled"] = _recalled_json(recalled)
        print_json(data)
    else:
        print(format_finding(finding))
        if args.recall and finding is not None:
            _print_recalled(recalled)
    return 0 if finding else 1


def _doctor_eval(args: argparse.Namespace) -> int:
    from hmdesk.core.toolchain.doctor_eval import CorpusError, evaluate, format_report

    try:
        report = evaluate(Path(args.eval).expanduser())
    except CorpusError as exc:
        raise UsageError(str(exc)) from exc
    if args.json:
        print_json(
            {
                "kinds": {k: r.counts | {"logs": r.logs} for k, r in report.rows.items()},
                "all": report.total.counts | {"logs": report.total.logs},
                "hilog_formats": {
                    k: r.counts | {"logs": r.logs} for k, r in report.formats.items()
                },
                "misses": [o.path for o in report.misses()],
            }
        )
    else:
        print(format_report(report))
    return 0


def _recall(
    args: argparse.Namespace, finding: Finding, project: str | None = None
) -> Recall | None:
    """The pitfalls recalled for ``finding`` the failure card's way: with a ``project`` and a
    location in the finding, those anchored there first (a code index of the project is built
    for it), then the text matches through the recall floor. None without a database (none is
    created for this)."""
    from hmdesk.core.codeindex.location_recall import parse_location, recall_by_location
    from hmdesk.core.memory.recall_floor import recall_for_terms
    from hmdesk.core.memory.retrieve.retriever import Retriever
    from hmdesk.core.memory.store import MemoryStore

    with open_db(args, create=False) as db:
        if db is None:
            return None
        store = MemoryStore(db, actor="cli")
        retriever = Retriever(store)
        try:
            text = recall_for_terms(retriever, finding.query_terms)
            loc = parse_location(finding.location)
            index = _code_index(project) if loc is not None else None
            return recall_by_location(retriever, index, [loc] if loc else [], text), text.note
        finally:
            retriever.close()
            store.close()


def _code_index(project: str | None) -> Any:
    """A code index of ``project`` (None when there is none or it cannot be read)."""
    if not project or not Path(project).is_dir():
        return None
    from hmdesk.core.codeindex.index import CodeIndex

    index = CodeIndex(project)
    try:
        index.scan()
    except OSError:
        return None
    return index


def _first_line(content: str) -> str:
    return next((ln.strip() for ln in content.splitlines() if ln.strip()), "")


def _print_recalled(recall: Recall | None) -> None:
    rows, note = recall if recall is not None else ([], None)
    print(f"\nRecalled pitfalls ({len(rows)}):" if rows else "\nRecalled pitfalls: none")
    for r in rows:
        where = f"  ({r.label})" if r.via == "anchor" else ""
        print(f"  {r.memory.id}  {r.score:.3f}  {_first_line(r.memory.content)}{where}")
    if note:
        print(f"  ({note})")


# --------------------------------------------------------------------------- runs


def _run_json(r: RunResult, *, logs: bool = False) -> dict[str, Any]:
    d = r.to_json()
    d.update(
        {
            "project": r.project,
            "device": r.device,
            "bundle": r.bundle,
            "started_at": r.started_at,
            "ended_at": r.ended_at,
            "rerun_of": r.rerun_of,
            "options": r.options,
        }
    )
    if r.doctor:
        d["doctor"] = r.doctor.to_dict()
    for sd, s in zip(d["steps"], r.steps, strict=True):
        sd.update({"argv": s.argv, "started_at": s.started_at, "ended_at": s.ended_at})
        if logs:
            sd["log"] = s.log
            sd["log_dropped"] = s.log_dropped
    return d


def runs_command(args: argparse.Namespace) -> int:
    from hmdesk.core.toolchain.pipeline.recorder import RunRecorder
    from hmdesk.core.toolchain.runs import PipelineError, RunRepository
    from sqlalchemy.exc import SQLAlchemyError

    with open_db(args, create=False) as db:
        if db is None:
            if args.show is not None:
                raise UsageError(f"run {args.show} does not exist (no database yet)")
            if args.json:
                print_json([])
            else:
                print("No runs yet.")
            return 0
        with contextlib.suppress(DatabaseError, SQLAlchemyError):  # a read-only store: as is
            RunRecorder(db).close_interrupted()  # runs left `running` by a process that is gone
        repo = RunRepository(db)
        if args.show is not None:
            try:
                run = repo.get(args.show)
            except PipelineError as exc:
                raise UsageError(str(exc)) from exc
            if args.json:
                print_json(_run_json(run, logs=True))
                return 0
            print(f"run {run.run_id}  {run.status}  {run.project}  device={run.device or '-'}")
            for s in run.steps:
                print(
                    f"  {s.position} {s.name:<8} {s.verdict:<9} exit={s.exit_code} {s.error_code or ''} {s.message or ''}"
                )
                if s.error_meaning and s.verdict != "passed":
                    print(f"    meaning: {s.error_meaning}")
            if run.doctor:
                print(f"doctor: {run.doctor.kind}: {run.doctor.evidence}\nfix: {run.doctor.fix}")
            return 0
        project = str(Path(args.project).expanduser().resolve()) if args.project else None
        runs = repo.list(status=args.status, device=args.device, project=project, limit=args.limit)
        if args.json:
            print_json([_run_json(r) for r in runs])
            return 0
        if not runs:
            print("No runs.")
            return 0
        for r in runs:
            failed = next((s for s in r.steps if s.verdict not in ("passed", "skipped")), None)
            extra = f"  {failed.name}: {failed.message}" if failed and r.status != "success" else ""
            print(
                f"{r.run_id:>5}  {r.started_at}  {r.status:<9} {r.device or '-':<18} {r.project}{extra}"
            )
    return 0


# --------------------------------------------------------------------------- tools


def tools_command(args: argparse.Namespace) -> int:
    from hmdesk.core.toolchain.tools import describe_tools

    with open_db(args, create=False) as db:
        info = describe_tools(db)
    if args.json:
        print_json(info)
    else:
        for t in info:
            if t["path"]:
                print(f"{t['name']:<8} {t['path']}  (from {t['source']})")
            else:
                print(f"{t['name']:<8} NOT FOUND — {t['error']}")
    return 0 if all(t["path"] for t in info) else 1
