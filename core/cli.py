"""hmdesk-cli: the command line over the same core the GUI uses."""

from __future__ import annotations

import argparse
import sys


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="hmdesk-cli", description=__doc__)
    parser.add_argument("--db", help="database file (default: HMDESK_DB or the user data dir)")
    parser.add_argument("--json", action="store_true", help="print JSON")
    parser.add_subparsers(dest="command")
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help()
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
