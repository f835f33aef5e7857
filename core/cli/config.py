"""hmdesk-cli config: read and write the settings file the window's Preferences use.

  hmdesk-cli config list [--json]      every setting, the value in use and where it comes from
  hmdesk-cli config get KEY            the value in use (exit 1 when it is not set)
  hmdesk-cli config set KEY VALUE      store a value in the settings file
  hmdesk-cli config unset KEY          remove it from the settings file

Keys: hdc, hvigorw, sdk, node, editor, theme, db. An environment variable wins over the file
(HMDESK_HDC, HMDESK_HVIGORW, DEVECO_SDK_HOME, NODE_HOME, HMDESK_EDITOR, HMDESK_THEME, HMDESK_DB);
--db wins over both for the database. The file is HMDESK_CONFIG when set, else config.json
in the user config folder ("config list" prints it).
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from hmdesk.core.cli.common import UsageError, print_json

# the settings module is light (stdlib only until a path is needed): its keys are the choices
from hmdesk.core.config import KEYS


def register(subparsers: Any, common: argparse.ArgumentParser) -> None:
    p = subparsers.add_parser(
        "config",
        parents=[common],
        help="read and write hmdesk's settings (shared with the window's Preferences)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    sub = p.add_subparsers(dest="config_command", metavar="ACTION")
    ls = sub.add_parser("list", parents=[common], help="every setting and where its value is from")
    ls.set_defaults(func=list_command)
    get = sub.add_parser("get", parents=[common], help="print the value in use")
    get.add_argument("key", choices=KEYS, metavar="KEY", help=", ".join(KEYS))
    get.set_defaults(func=get_command)
    st = sub.add_parser("set", parents=[common], help="store a value in the settings file")
    st.add_argument("key", choices=KEYS, metavar="KEY", help=", ".join(KEYS))
    st.add_argument(
        "value",
        metavar="VALUE",
        help="the new value: a path for hdc, hvigorw, sdk, node and db (a relative one is made "
        "absolute), a command for editor, system, light or dark for theme",
    )
    st.set_defaults(func=set_command)
    un = sub.add_parser("unset", parents=[common], help="remove a value from the settings file")
    un.add_argument("key", choices=KEYS, metavar="KEY", help=", ".join(KEYS))
    un.set_defaults(func=unset_command)
    p.set_defaults(func=lambda _args: _usage(p))


def _usage(parser: argparse.ArgumentParser) -> int:
    parser.print_help(sys.stderr)
    return 2


def _rows() -> tuple[Path, list[dict[str, Any]]]:
    from hmdesk.core import config

    try:
        values = config.load()
    except config.ConfigError as exc:
        raise UsageError(str(exc)) from exc
    rows: list[dict[str, Any]] = []
    for key in config.KEYS:
        value, source = config.effective(key, values=values)
        if key == "db" and value is None:
            from hmdesk.core.dbfile import default_data_dir

            value, source = str(default_data_dir() / "hmdesk.db"), "default"
        rows.append(
            {
                "key": key,
                "value": config.shown(key, value),
                "source": source,
                "file_value": config.shown(key, values.get(key)),
                "env": config.ENV_VARS.get(key),
                "description": config.DESCRIPTIONS[key],
            }
        )
    return config.config_path(), rows


def _override_note(key: str, file_value: str | None, source: str) -> str | None:
    if not source.startswith("env "):
        return None
    var = source[4:]
    if file_value is None:
        return None
    return f"note: {var} is set and wins over the settings file's {key} ({file_value})"


def list_command(args: argparse.Namespace) -> int:
    path, rows = _rows()
    if args.json:
        print_json({"file": str(path), "settings": rows})
        return 0
    print(f"settings file: {path}{'' if path.exists() else ' (not created yet)'}")
    for row in rows:
        value = row["value"] if row["value"] is not None else "-"
        where = {"config": "settings file", "unset": "not set", "default": "default"}.get(
            row["source"], row["source"]
        )
        print(f"{row['key']:<8} {value}  ({where})")
        note = _override_note(row["key"], row["file_value"], row["source"])
        if note:
            print(f"         {note}")
    return 0


def get_command(args: argparse.Namespace) -> int:
    path, rows = _rows()
    row = next(r for r in rows if r["key"] == args.key)
    if args.json:
        print_json(row)
        return 0 if row["value"] is not None else 1
    if row["value"] is None:
        print(
            f"hmdesk-cli: {args.key} is not set (in {path} or {row['env']}); "
            f"set it with: hmdesk-cli config set {args.key} VALUE",
            file=sys.stderr,
        )
        return 1
    print(row["value"])
    note = _override_note(args.key, row["file_value"], row["source"])
    if note:
        print(f"hmdesk-cli: {note}", file=sys.stderr)
    return 0


def set_command(args: argparse.Namespace) -> int:
    from hmdesk.core import config

    value = args.value
    if (
        args.key in config.PATH_KEYS
        and value.strip()
        and not value.strip().startswith("~")
        and "://" not in value  # a team store's postgresql:// URL is not a path
    ):
        value = os.path.abspath(value.strip())  # a relative path means from here, not from later
    try:
        stored = config.set_value(args.key, value)
        value, source = config.effective(args.key)
    except config.ConfigError as exc:
        raise UsageError(str(exc)) from exc
    stored, value = config.shown(args.key, stored) or "", config.shown(args.key, value)
    path = config.config_path()
    if args.json:
        print_json({"key": args.key, "value": stored, "file": str(path), "in_use": value})
    else:
        print(f"{args.key} = {stored}  (saved in {path})")
    if source.startswith("env "):
        print(
            f"hmdesk-cli: note: {source[4:]} is set and wins over this value "
            f"({value}); unset it to use the settings file",
            file=sys.stderr,
        )
    if args.key in config.PATH_KEYS - {"db"} and not Path(stored).expanduser().exists():
        print(f"hmdesk-cli: note: {stored} does not exist (yet)", file=sys.stderr)
    return 0


def unset_command(args: argparse.Namespace) -> int:
    from hmdesk.core import config

    try:
        removed = config.unset(args.key)
    except config.ConfigError as exc:
        raise UsageError(str(exc)) from exc
    if args.json:
        print_json({"key": args.key, "removed": removed, "file": str(config.config_path())})
    elif removed:
        print(f"{args.key} removed from {config.config_path()}")
    else:
        print(f"{args.key} was not set in {config.config_path()}")
    return 0
