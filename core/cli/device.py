"""``hmdesk-cli screenshot | layout | files | stats``: what the app shows and holds on a device
and its resources while it runs (issue 33), through hdc only. Every command takes
``--device KEY``; ``--json`` prints one JSON document. Exit 0 when done, 1 when the device could
not do it (the message says why), 2 for bad input (a remote path or name that cannot be passed
to the device safely is bad input)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any

from hmdesk.core.cli.common import UsageError, open_db, print_json

if TYPE_CHECKING:
    from hmdesk.core.toolchain.hdc import Outcome


def register(subparsers: Any, common: argparse.ArgumentParser) -> None:
    def device_parser(name: str, help_text: str) -> argparse.ArgumentParser:
        p: argparse.ArgumentParser = subparsers.add_parser(name, parents=[common], help=help_text)
        p.add_argument(
            "--device", "-d", required=True, metavar="KEY", help="the device's key (see devices)"
        )
        return p

    p = device_parser("screenshot", "take a screenshot of a device (keep it with a run: --run)")
    p.add_argument("--out", metavar="PATH", help="file or folder to write (default: this folder)")
    p.add_argument("--run", type=int, metavar="RUN_ID", help="keep it with this run")
    p.set_defaults(func=screenshot_command)

    p = device_parser("layout", "the component tree on a device's screen, tied to the code")
    p.add_argument("--out", metavar="FILE", help="save the dump (JSON) here")
    p.add_argument("--open", metavar="FILE", help="read a saved dump instead of the device")
    p.add_argument("--project", metavar="DIR", help="link components to this project's code")
    p.add_argument("--run", type=int, metavar="RUN_ID", help="keep the dump with this run")
    p.set_defaults(func=layout_command)

    p = device_parser("files", "list, download, upload or delete the app's files on a device")
    p.add_argument("--bundle", metavar="NAME", help="the app (for the places `files ls` offers)")
    verbs = p.add_subparsers(dest="verb", metavar="VERB", required=True)
    v = verbs.add_parser(
        "ls", parents=[common], help="list a remote folder (no folder: the app's places)"
    )
    v.add_argument("path", nargs="?", help="remote folder")
    v.add_argument("--limit", type=int, default=5000, help="at most this many entries")
    v = verbs.add_parser("pull", parents=[common], help="download remote files into a folder")
    v.add_argument("remote", nargs="+", help="remote files")
    v.add_argument("--to", default=".", metavar="DIR", help="local folder (default: this one)")
    v = verbs.add_parser("push", parents=[common], help="upload a file into a remote folder")
    v.add_argument("local", help="the file to upload")
    v.add_argument("--to", required=True, metavar="REMOTE_DIR", help="remote folder")
    v = verbs.add_parser("rm", parents=[common], help="delete a remote file (asks for --yes)")
    v.add_argument("remote", help="the remote file")
    v.add_argument("--yes", action="store_true", help="yes, delete it")
    p.set_defaults(func=files_command)

    p = device_parser("stats", "sample the app's memory (PSS) and CPU while it runs")
    p.add_argument("--bundle", required=True, metavar="NAME", help="the app's bundle name")
    p.add_argument("--count", type=int, default=1, help="samples to take (default 1)")
    p.add_argument(
        "--interval", type=float, default=3.0, metavar="S", help="seconds between samples"
    )
    p.add_argument("--run", type=int, metavar="RUN_ID", help="keep the samples with this run")
    p.set_defaults(func=stats_command)


def _setup(args: argparse.Namespace) -> str:
    from hmdesk.core.cli.hilog import _find_hdc
    from hmdesk.core.toolchain.hdc import InvalidName, validate_device_key

    try:
        validate_device_key(args.device)
    except InvalidName as exc:
        raise UsageError(str(exc)) from None
    return _find_hdc(args)


def _fail(outcome: Outcome, as_json: bool, extra: dict[str, Any] | None = None) -> int:
    if as_json:
        print_json({**(extra or {}), **outcome.to_dict()})
    print(
        f"hmdesk-cli: {outcome.message}" + (f" {outcome.fix}" if outcome.fix else ""),
        file=sys.stderr,
    )
    return 1


def _check_run(args: argparse.Namespace) -> None:
    if getattr(args, "run", None) is None:
        return
    from hmdesk.core.toolchain.runs import RunNotFound, RunRepository

    with open_db(args) as db:
        assert db is not None
        try:
            RunRepository(db).get(args.run)
        except RunNotFound as exc:
            raise UsageError(str(exc)) from None


def screenshot_command(args: argparse.Namespace) -> int:
    import time

    from hmdesk.core.toolchain.device import screen
    from hmdesk.core.toolchain.device.evidence import Evidence, run_folder

    hdc = _setup(args)
    as_json = bool(getattr(args, "json", False))
    _check_run(args)
    stem = f"{args.device.replace(':', '_')}-{time.strftime('%Y%m%d-%H%M%S')}"
    if args.run is not None:
        folder = run_folder(args.run)
    elif args.out and not Path(args.out).is_dir():
        folder, stem = Path(args.out).parent, Path(args.out).stem
    else:
        folder = Path(args.out or ".")
    shot = screen.capture(hdc, args.device, folder, stem)
    if not shot.ok:
        return _fail(shot, as_json)
    data: dict[str, Any] = {"ok": True, **shot.extra}
    if args.run is not None:
        with open_db(args) as db:
            assert db is not None
            meta = {k: v for k, v in shot.extra.items() if k != "path"}
            data["artifact"] = (
                Evidence(db)
                .add_artifact(args.run, "screenshot", shot.extra["path"], meta)
                .to_dict()
            )
    if as_json:
        print_json(data)
    else:
        size = f" ({data['width']}×{data['height']})" if "width" in data else ""
        print(f"{data['path']}{size} via {data['method']}")
    return 0


def layout_command(args: argparse.Namespace) -> int:
    import tempfile

    from hmdesk.core.bounded import InputError
    from hmdesk.core.toolchain.device import layout as layout_mod
    from hmdesk.core.toolchain.device.evidence import Evidence, run_folder

    as_json = bool(getattr(args, "json", False))
    if args.open:
        try:
            tree = layout_mod.read_layout(args.open)
        except (InputError, layout_mod.LayoutError, FileNotFoundError) as exc:
            raise UsageError(f"--open {args.open}: {exc}") from None
        saved = args.open
    else:
        hdc = _setup(args)
        _check_run(args)
        if args.run is not None:
            dest = run_folder(args.run) / f"layout-{int(__import__('time').time())}.json"
            dest.parent.mkdir(parents=True, exist_ok=True)
        elif args.out:
            dest = Path(args.out)
        else:
            dest = Path(tempfile.mkdtemp(prefix="hmdesk-layout-")) / "layout.json"
        outcome, got = layout_mod.dump(hdc, args.device, dest)
        if got is None:
            return _fail(outcome, as_json)
        tree, saved = got, str(dest)
        if args.run is not None:
            with open_db(args) as db:
                assert db is not None
                Evidence(db).add_artifact(args.run, "layout", dest, {"nodes": len(tree.nodes)})
    links: dict[int, Any] = {}
    if args.project:
        links = _links(args, tree)
    if as_json:
        data = tree.to_dict()
        data["saved"] = saved
        for n in data["nodes"]:
            link = links.get(n["index"])
            n["code"] = link.to_dict() if link is not None else None
        print_json(data)
        return 0
    for node in tree.nodes:
        link = links.get(node.index)
        where = (
            f"  → {link.path}:{link.line}" if link is not None and link.via != "ancestor" else ""
        )
        mems = f" ({len(link.memories)} memories)" if link is not None and link.memories else ""
        bounds = "[{},{}][{},{}]".format(*node.bounds) if node.bounds else ""
        click = " clickable" if node.clickable else ""
        print(f"{'  ' * node.depth}{node.label()} {bounds}{click}{where}{mems}")
    if tree.truncated:
        print(f"… {tree.truncated} more components not read (the dump is too large)")
    print(f"saved: {saved}", file=sys.stderr)
    return 0


def _links(args: argparse.Namespace, tree: Any) -> dict[int, Any]:
    from hmdesk.core.codeindex.anchors import AnchorStore
    from hmdesk.core.codeindex.index import CodeIndex
    from hmdesk.core.codeindex.layout_join import Literals, join, with_memories

    root = Path(args.project).expanduser()
    if not root.is_dir():
        raise UsageError(f"--project {args.project}: no such folder")
    index = CodeIndex(root)
    index.scan()
    lits = Literals(index)
    links = join(tree, lits)
    with open_db(args, create=False) as db:
        if db is None:
            return links
        store = AnchorStore(db)
        paths = sorted({link.path for link in links.values()})
        anchors = [a for path in paths for a in store.for_file(root, path)]
    return with_memories(links, anchors, lits)


def files_command(args: argparse.Namespace) -> int:
    from hmdesk.core.toolchain.device import files
    from hmdesk.core.toolchain.device.remote import app_roots
    from hmdesk.core.toolchain.hdc import InvalidName

    hdc = _setup(args)
    as_json = bool(getattr(args, "json", False))
    try:
        if args.verb == "ls" and not args.path:
            roots = app_roots(args.bundle)
            if as_json:
                print_json(
                    [{"label": x.label, "path": x.path, "writable": x.writable} for x in roots]
                )
            else:
                for x in roots:
                    print(f"{x.path}  ({x.label}{', uploads' if x.writable else ', read-only'})")
            return 0
        if args.verb == "ls":
            if args.limit < 1:
                raise UsageError("--limit wants a positive number")
            listing = files.list_dir(hdc, args.device, args.path, max_entries=args.limit)
            if listing.problem is not None:
                return _fail(listing.problem, as_json, {"path": listing.path, "entries": []})
            if as_json:
                print_json(listing.to_dict())
                return 0
            for e in listing.entries:
                mark = "/" if e.kind == "dir" else ""
                link = f" -> {e.target}" if e.target else ""
                print(f"{e.mode} {e.size:>10} {e.modified} {e.name}{mark}{link}")
            if listing.truncated:
                print(f"… more entries not listed (the first {args.limit}; raise --limit)")
            return 0
        if args.verb == "pull":
            folder = Path(args.to)
            folder.mkdir(parents=True, exist_ok=True)
            results = files.pull_many(hdc, args.device, args.remote, folder)
            if as_json:
                print_json([{**o.to_dict(), **o.extra} for o in results])
            for remote, o in zip(args.remote, results, strict=True):
                if o.ok:
                    if not as_json:
                        print(o.extra["path"])
                else:
                    print(f"hmdesk-cli: {remote}: {o.message}", file=sys.stderr)
            return 0 if all(o.ok for o in results) else 1
        if args.verb == "push":
            r = files.push(hdc, args.device, args.local, args.to)
        else:
            if not args.yes:
                raise UsageError(f"rm {args.remote}: add --yes to delete it (it cannot be undone)")
            r = files.remove(hdc, args.device, args.remote)
    except InvalidName as exc:
        raise UsageError(str(exc)) from None
    if not r.ok:
        return _fail(r, as_json)
    if as_json:
        print_json({**r.to_dict(), **r.extra})
    else:
        print(r.message)
    return 0


def stats_command(args: argparse.Namespace) -> int:
    from hmdesk.core.toolchain.device import stats
    from hmdesk.core.toolchain.device.evidence import Evidence
    from hmdesk.core.toolchain.hdc import InvalidName, validate_bundle

    hdc = _setup(args)
    as_json = bool(getattr(args, "json", False))
    try:
        validate_bundle(args.bundle)
    except InvalidName as exc:
        raise UsageError(str(exc)) from None
    if args.count < 1 or args.interval < 0.5:
        raise UsageError("--count wants 1 or more, --interval 0.5 s or more")
    _check_run(args)
    samples: list[stats.Sample] = []
    problems: list[str] = []

    def take(sample: stats.Sample, problem: Outcome | None) -> None:
        samples.append(sample)
        if problem is not None:
            problems.append(problem.message)
        if not as_json:
            pss = f"{sample.pss_kb / 1024:.1f} MB" if sample.pss_kb is not None else "-"
            cpu = f"{sample.cpu_percent:.1f} %" if sample.cpu_percent is not None else "-"
            print(
                f"{sample.at}  pid {sample.pid or '-'}  PSS {pss}  CPU {cpu}  {sample.mark or ''}".rstrip(),
                flush=True,
            )

    stats.Sampler(
        hdc, args.device, args.bundle, take, interval=args.interval, max_samples=args.count
    ).run()
    if args.run is not None:
        with open_db(args) as db:
            assert db is not None
            Evidence(db).add_samples(args.run, samples)
    if as_json:
        print_json({"samples": [s.to_dict() for s in samples], "problems": problems})
    for msg in dict.fromkeys(problems):
        print(f"hmdesk-cli: {msg}", file=sys.stderr)
    return 1 if samples and all(s.mark == "unanswered" for s in samples) else 0
