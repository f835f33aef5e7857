"""What ``hmdesk-cli --help`` and ``hmdesk-cli COMMAND --help`` say: user documentation, one place.

Each command's entry is its description (a one-line summary, then what a user needs to know) and
an epilog with examples. :func:`apply` puts them on the parser after every module registered its
commands, so the modules' docstrings stay notes for developers and never reach ``--help``.
A command without an entry keeps what its module gave it, and a parser still without a
description gets its one-line ``help`` as one. Plain strings only: parsing must stay light
(tests/core/test_cli_startup.py).
"""

from __future__ import annotations

import argparse
import textwrap

TEXT_WIDTH = 88
"""Descriptions wrap at the terminal's width, but never wider than this (easier to read)."""

MAIN = (
    "hmdesk-cli: the command line of hmdesk. Inspect, search and edit the memories your\n"
    "coding agent keeps; build, install and launch a HarmonyOS project on a device; read the\n"
    "device log; tie memories to code.\n"
    "\n"
    "Every command takes --db FILE (the database; default: the HMDESK_DB environment variable,\n"
    "else hmdesk's file in your user data folder) and --json (print JSON instead of text).\n"
    "Exit codes: 0 success; 1 the command ran and failed (a failed run, a log with no known\n"
    "failure); 2 bad input (an unknown id, an invalid value, an unreadable file), with a\n"
    "one-line message saying what to do."
)
MAIN_EPILOG = (
    "examples:\n"
    '  hmdesk-cli query "hdc install fails" --limit 5\n'
    "  hmdesk-cli show mem-0a1b2c3d4e5f\n"
    "  hmdesk-cli run --project ~/MyApplication\n"
    "  hmdesk-cli COMMAND --help      what one command does and its options"
)

# command: (description, examples)
COMMANDS: dict[str, tuple[str, str]] = {
    "add": (
        "Add a memory.\n"
        "\n"
        "The window's editor rules apply: the content is not empty and at most 20,000\n"
        "characters, the layer is one of four, the environment is one word, tags have no\n"
        "spaces. Prints the new memory (its id is what other commands take).",
        '  hmdesk-cli add "hdc file send needs an absolute path on the device" --tag hdc\n'
        "  hmdesk-cli add - --layer procedural --confidence 0.9 < note.txt",
    ),
    "show": (
        "Show one memory with all its fields (a deleted one too).",
        "  hmdesk-cli show mem-0a1b2c3d4e5f\n  hmdesk-cli show mem-0a1b2c3d4e5f --json",
    ),
    "edit": (
        "Change a memory's content, tags, layer or environment.\n"
        "\n"
        "Each changed field is kept in the memory's history (see `history`); `undo` puts it\n"
        "back. --tag replaces all the tags; --add-tag and --remove-tag change one at a time.",
        '  hmdesk-cli edit mem-0a1b2c3d4e5f --content "re-sign the HAP" --reason "clearer"\n'
        "  hmdesk-cli edit mem-0a1b2c3d4e5f --add-tag install --remove-tag misc",
    ),
    "confidence": (
        "Set how much a memory is trusted, from 0 to 1.\n"
        "\n"
        "Confidence weighs 40% of every search score. A reason is required; it is kept in the\n"
        "memory's history.",
        '  hmdesk-cli confidence mem-0a1b2c3d4e5f 0.9 --reason "verified on a Mate 60"',
    ),
    "supersede": (
        "Replace a memory by another one, or by new content.\n"
        "\n"
        "The old memory is kept, marked superseded and linked to its replacement; searches\n"
        "leave it out (query --include-superseded shows it). With --content a new memory is\n"
        "added: it takes the old one's layer, environment and tags unless --layer or --tag\n"
        "say otherwise. Prints the replacement.",
        "  hmdesk-cli supersede mem-0a1b2c3d4e5f --by mem-9f8e7d6c5b4a --reason duplicate\n"
        '  hmdesk-cli supersede mem-0a1b2c3d4e5f --content "use hdc file send -b" --reason newer',
    ),
    "revert": (
        "Undo one change, by its event number (the # column of `history`).\n"
        "\n"
        "A field goes back to its old value, an added memory is deleted, a supersede is\n"
        "unlinked. Prints what was undone: each field's value before → after.",
        "  hmdesk-cli history mem-0a1b2c3d4e5f\n  hmdesk-cli revert 42",
    ),
    "undo": (
        "Undo the newest change that is not undone yet.\n"
        "\n"
        "A change made to several memories at once (a bulk edit, a supersede) is undone as a\n"
        "whole. Imports, syncs and recalls are never undone. Prints what was undone: for each\n"
        "memory, each field's value before → after (content, tags, confidence, status).",
        "  hmdesk-cli undo\n  hmdesk-cli undo --json",
    ),
    "redo": (
        "Redo the change that `undo` undid last.\n"
        "\n"
        "Works until a new change is made (as in an editor); `undo` then undoes the redone\n"
        "change again. A `revert` is a change too: `undo` undoes it. Prints the events written.",
        "  hmdesk-cli undo\n  hmdesk-cli redo\n  hmdesk-cli redo --json",
    ),
    "history": (
        "List a memory's changes, oldest first.\n"
        "\n"
        "Each line: the event number (for `revert`), when (UTC), who, what changed, old → new\n"
        "and the reason. On a terminal long values are cut to fit; piped, they are whole.",
        "  hmdesk-cli history mem-0a1b2c3d4e5f",
    ),
    "delete": (
        "Delete a memory.\n"
        "\n"
        "It is kept and hidden from searches; `restore` (or `undo`) brings it back.",
        '  hmdesk-cli delete mem-0a1b2c3d4e5f --reason "wrong device"',
    ),
    "restore": (
        "Bring a deleted memory back.",
        "  hmdesk-cli restore mem-0a1b2c3d4e5f",
    ),
    "import-hmharness": (
        "Import hmharness's memory.jsonl.\n"
        "\n"
        "Importing again is safe: an unchanged line changes nothing, a changed line updates\n"
        "the memory. A bad line is skipped and reported by its number; a memory missing from\n"
        "the file is kept. Exit 1 when no line could be imported.",
        "  hmdesk-cli import-hmharness\n  hmdesk-cli import-hmharness ~/backup/memory.jsonl",
    ),
    "export-hmharness": (
        "Write memories to a memory.jsonl that hmharness loads.\n"
        "\n"
        "The file is replaced in one step; untouched memories are written as they were read.",
        "  hmdesk-cli export-hmharness ~/.hmharness/cognitive/memory/memory.jsonl\n"
        "  hmdesk-cli export-hmharness picked.jsonl --id mem-0a1b2c3d4e5f",
    ),
    "export-csv": (
        "Write memories to a CSV file for a spreadsheet.\n"
        "\n"
        "UTF-8, one memory a row, tags joined with ';'. Without --id: every memory not deleted.",
        "  hmdesk-cli export-csv memories.csv",
    ),
    "load-starter": (
        "Add the starter pack: common HarmonyOS pitfalls (hdc, signing, hvigor, ArkTS).\n"
        "\n"
        "Only pitfalls not in the database yet are added; running it again adds nothing.",
        "  hmdesk-cli load-starter",
    ),
    "query": (
        "Search the memories and explain each result.\n"
        "\n"
        "Each result shows its score and the three weighted parts it is made of (confidence,\n"
        "recency, text match), its id and content, and under it every query term: +term\n"
        "matched, +term[tag] matched only a tag, -term missed. Ids are printed whole; on a\n"
        "terminal the content is cut to fit, piped it is whole. Superseded and deleted\n"
        "memories are left out.",
        '  hmdesk-cli query "hdc install 9568322"\n'
        '  hmdesk-cli query "签名 失败" --tag signing --limit 5\n'
        "  hmdesk-cli query hvigor --json",
    ),
    "eval": (
        "Measure search quality on a labelled query set (the recall lab).\n"
        "\n"
        "A labelled set is a JSON list of queries, each with the ids of the memories that\n"
        'answer it: [{"text": "hdc install fails", "relevant": ["mem-0a1b2c3d4e5f"]}], optionally\n'
        'with "layer", "env" and "tags" (the query\'s filters) and a "note". Each query is\n'
        "searched with every profile; printed per profile: recall@k (the share of relevant\n"
        "memories in the top k), MRR (the mean of 1 / rank of the first relevant memory) and\n"
        "nDCG@k (relevant memories ranked higher count more), then each query's first relevant\n"
        "rank per profile, and the queries another profile fixed (none in the top k before,\n"
        "one now) and broke. Results with equal scores are averaged over their orders.\n"
        "Without SET, the set shipped for the starter pack is used; --starter-pack measures\n"
        "on the starter pack alone, not on your memories. Ids the database does not hold\n"
        "are warned about and left out.",
        "  hmdesk-cli eval --starter-pack\n"
        "  hmdesk-cli eval my_set.json --profile default --profile hmharness --k 3\n"
        "  hmdesk-cli eval my_set.json --control hmharness --json",
    ),
    "devices": (
        "List the connected devices (hdc list targets -v).\n"
        "\n"
        "A device that is not ready (unauthorized, offline) is listed with what to do.\n"
        "Exit 1 when hdc failed, 2 when hdc was not found (see `tools`).",
        "  hmdesk-cli devices",
    ),
    "run": (
        "Build a HarmonyOS project, install it on a device and launch it.\n"
        "\n"
        "Each step's output is printed as it comes; a failed step is diagnosed with what to\n"
        "do, and the pitfalls for it are recalled: first the memories anchored to the code at\n"
        'the failure\'s file:line and its callers, then text matches (--json: "recalled",\n'
        'each with "via": anchor or text). Every run is stored (see `runs`). Ctrl+C cancels.\n'
        "Exit 0 success, 1 failure, 2 bad input.",
        "  hmdesk-cli run --project ~/MyApplication\n"
        "  hmdesk-cli run --project . --device 127.0.0.1:5555 --build-mode release\n"
        "  hmdesk-cli run --rerun 12",
    ),
    "doctor": (
        "Diagnose a build or install log: which known failure it is and how to fix it.\n"
        "\n"
        "--recall also lists the pitfalls your memories hold about it. Exit 1 when the log\n"
        "shows no known failure. A fault log (jscrash, cppcrash, appfreeze) or hilog text with a\n"
        "crash gets the likely cause. --eval DIR scores the doctor on a folder of real logs\n"
        "(KIND/NAME.log, each with NAME.toml: source and expected answer) and lists the misses.",
        "  hmdesk-cli doctor build.log --recall\n  hvigorw assembleHap 2>&1 | hmdesk-cli doctor -\n"
        "  hmdesk-cli doctor --eval ~/real-logs",
    ),
    "runs": (
        "List past runs, newest first, or show one with its steps (--show RUN_ID).",
        "  hmdesk-cli runs --status failed\n  hmdesk-cli runs --show 12",
    ),
    "tools": (
        "Show which hdc and hvigorw are used and where each was found.\n"
        "\n"
        "Exit 1 when one is missing; the message says where it was looked for.",
        "  hmdesk-cli tools",
    ),
    "screenshot": (
        "Take a screenshot of a device's screen.\n"
        "\n"
        "snapshot_display first, uitest screenCap where the device has no snapshot_display;\n"
        "the file is written under a temporary name and renamed once it is complete. --run\n"
        "keeps it with a run (the Runs pane shows it).",
        "  hmdesk-cli screenshot -d 127.0.0.1:5555 --out screen.jpeg\n"
        "  hmdesk-cli screenshot -d 127.0.0.1:5555 --run 12 --json",
    ),
    "layout": (
        "Show the component tree on a device's screen (uitest dumpLayout).\n"
        "\n"
        "Each component with its type, text, id, bounds and whether it is clickable. With\n"
        "--project, a component is linked to the line of code that made it (its id or key,\n"
        "its text, its struct, its page) and to the memories anchored there. --out saves the\n"
        "dump; --open reads a saved one without a device.",
        "  hmdesk-cli layout -d 127.0.0.1:5555 --project ~/MyApplication\n"
        "  hmdesk-cli layout -d 127.0.0.1:5555 --open layout.json --json",
    ),
    "files": (
        "List, download, upload or delete the app's files on a device.\n"
        "\n"
        "`ls` without a folder lists the app's places (its sandbox, databases, the fault logs\n"
        "and hilog files). Remote paths must be plain (letters, digits, _ . - + @ , =): any\n"
        "other is refused before the device is asked. Downloads and uploads are renamed only\n"
        "when complete; `rm` wants --yes.",
        "  hmdesk-cli files -d 127.0.0.1:5555 --bundle com.example.app ls\n"
        "  hmdesk-cli files -d 127.0.0.1:5555 pull /data/log/faultlog/faultlogger/x.log --to .\n"
        "  hmdesk-cli files -d 127.0.0.1:5555 rm /data/local/tmp/old.txt --yes",
    ),
    "stats": (
        "Sample an app's memory (PSS) and CPU while it runs (hidumper).\n"
        "\n"
        "One sample every --interval seconds, --count times; a sample whose process is gone\n"
        "is marked exited, a new process restarted. --run keeps the samples with a run (the\n"
        "Runs pane charts them).",
        "  hmdesk-cli stats -d 127.0.0.1:5555 --bundle com.example.app --count 20\n"
        "  hmdesk-cli stats -d 127.0.0.1:5555 --bundle com.example.app --run 12 --json",
    ),
    "logs": (
        "Show a device's log (hilog), filtered.\n"
        "\n"
        "Without --dump it follows the log until Ctrl+C and reconnects while the device is\n"
        "there; with --dump it prints what the device has kept and exits. Lines print as hilog\n"
        "printed them (--json: one JSON object a line). The filter uses Logcat's syntax: key:value\n"
        "terms (tag, level, pid, message, package, age), -key:value to exclude, plain words\n"
        "to search. A filter that does not parse is searched as plain text.",
        "  hmdesk-cli logs --device 127.0.0.1:5555 --query 'tag:ArkUI level:W'\n"
        "  hmdesk-cli logs -d 127.0.0.1:5555 --dump --tail 200 -q 'package:mine' "
        "--bundle com.example.app",
    ),
    "code-index": (
        "List the structs, classes, functions and methods of an ArkTS/TypeScript project.\n"
        "\n"
        "One line each: file:first-last line, kind, qualified name. node_modules, oh_modules\n"
        "and build folders are skipped.",
        "  hmdesk-cli code-index ~/MyApplication",
    ),
    "anchor": (
        "Tie a memory to a symbol of a project (a struct, class, function or method).\n"
        "\n"
        "The memory is then recalled for failures at that code, and `anchors` follows the\n"
        "symbol when it moves.",
        "  hmdesk-cli anchor mem-0a1b2c3d4e5f --project ~/MyApplication --symbol Index.build\n"
        "  hmdesk-cli anchor mem-0a1b2c3d4e5f --project . --at entry/src/main/ets/pages/Index.ets:42",
    ),
    "anchors": (
        "List a memory's anchors and where their code is now (moved, or STALE when gone).",
        "  hmdesk-cli anchors mem-0a1b2c3d4e5f",
    ),
    "unanchor": (
        "Remove an anchor, by its number (the first column of `anchors`).",
        "  hmdesk-cli unanchor 3",
    ),
    "impact": (
        "What calls this code, to --depth levels, and the memories anchored along the way.\n"
        "\n"
        "Callers are found by name (a call of `load` counts for every `load`), so the list\n"
        "errs on the side of showing more. Level 0 is the entity itself.",
        "  hmdesk-cli impact --project ~/MyApplication --symbol Service.load --depth 3\n"
        "  hmdesk-cli impact --project . --at entry/src/main/ets/pages/Index.ets:42 --json",
    ),
    "embed": (
        "Compute the memories' embeddings, the vectors semantic search compares.\n"
        "\n"
        "Only memories without a current embedding are computed (new ones, and edited ones:\n"
        "an edit makes the old vector stale), in batches that are saved as they are done: an\n"
        "interrupted run keeps what it saved and the next one continues. --status computes\n"
        "nothing and says how far it is. The local model runs on this computer and needs the\n"
        "optional package: pip install 'hmdesk[semantic]'. --provider openai sends the\n"
        "memories' text to the endpoint of the embed_url setting (see `config`), with the\n"
        "embed_model and embed_key settings. Exit 1 when the embedder failed part-way, 2 when\n"
        "it is not installed or not configured.",
        "  hmdesk-cli embed\n"
        "  hmdesk-cli embed --status\n"
        "  hmdesk-cli embed --provider openai --json",
    ),
    "config": (
        "Read and change hmdesk's settings, shared with the window's Preferences.\n"
        "\n"
        "Keys: hdc, hvigorw, sdk, node, editor, theme, db, embed_url, embed_model, embed_key\n"
        "(never shown), mcp_device_tools, mcp_projects, mcp_auto_accept (what a connected agent\n"
        "may do; no environment variable sets these). An environment variable still wins over a\n"
        "setting.",
        "  hmdesk-cli config list\n  hmdesk-cli config set hdc /opt/deveco/sdk/toolchains/hdc\n"
        "  hmdesk-cli config set mcp_device_tools on",
    ),
    "mcp": (
        "Serve hmdesk to a coding agent over MCP (stdio).\n"
        "\n"
        "Your agent's client starts this command and speaks MCP on its stdin and stdout. Tools:\n"
        "recall, remember (a proposal a person reviews), feedback, diagnose, devices, logs,\n"
        "crashes, and build_and_run once you turn it on (mcp_device_tools, mcp_projects). The\n"
        "resource memory://ID is one memory with its history. HMDESK_MCP_TOOLS=name,prefix...\n"
        "narrows the tools. Every call is recorded: see hmdesk-cli agent-log. Needs the MCP SDK:\n"
        "pip install 'hmdesk[mcp]'.",
        "  claude mcp add hmdesk -- hmdesk-cli mcp\n"
        "  codex mcp add hmdesk -- hmdesk-cli mcp\n"
        "  hmdesk-cli mcp --db ~/team.db",
    ),
    "agent-log": (
        "Show what connected agents asked hmdesk and what they got.\n"
        "\n"
        "Each call: when, the client and its version, the tool, the arguments, how long it took,\n"
        "ok or the error; for a recall the memories returned with the explanation the agent saw;\n"
        "for a remember the proposal it made. Oldest first.",
        "  hmdesk-cli agent-log --limit 20\n"
        "  hmdesk-cli agent-log --memory mem-0a1b2c3d4e5f\n"
        "  hmdesk-cli agent-log --client claude-code --json",
    ),
    "instructions": (
        "Write the curated pitfalls into an agent's instruction file.\n"
        "\n"
        "The pitfalls (confidence, anchors in --project, how often they were recalled and\n"
        "helped) go into a block between hmdesk's markers in AGENTS.md, CLAUDE.md or hmharness's\n"
        "memory.md; nothing outside the markers changes, and running it again changes nothing\n"
        "unless the pitfalls did. A file that is not UTF-8 or whose markers are damaged is\n"
        "refused untouched.",
        "  hmdesk-cli instructions AGENTS.md --project ~/MyApplication\n"
        "  hmdesk-cli instructions ~/.hmh/memory/memory.md --limit 10\n"
        "  hmdesk-cli instructions CLAUDE.md --dry-run",
    ),
}


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Descriptions and epilogs wrapped to the terminal paragraph by paragraph (a blank line
    separates them); a paragraph whose lines are indented (examples) or that starts with
    ``examples:`` is printed as written."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        width = min(width, TEXT_WIDTH)
        out = []
        for para in text.split("\n\n"):
            lines = para.splitlines()
            if lines and (lines[0].endswith(":") or all(ln.startswith("  ") for ln in lines)):
                out.append("\n".join(indent + ln for ln in lines))
            else:
                out.append(
                    textwrap.fill(
                        " ".join(para.split()),
                        width,
                        initial_indent=indent,
                        subsequent_indent=indent,
                        break_on_hyphens=False,
                    )
                )
        return "\n\n".join(out)


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def _summaries(parser: argparse.ArgumentParser) -> dict[str, str]:
    """Each sub-command's one-line ``help``, by name."""
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return {a.dest: a.help or "" for a in action._choices_actions}
    return {}


def apply(parser: argparse.ArgumentParser) -> None:
    """Put the user documentation on ``parser`` and each of its sub-commands (nested ones too)."""
    parser.description = MAIN
    parser.epilog = MAIN_EPILOG
    parser.formatter_class = HelpFormatter
    parser._positionals.title = "commands"
    _apply_commands(parser, COMMANDS)


def _apply_commands(
    parser: argparse.ArgumentParser, texts: dict[str, tuple[str, str]] | None
) -> None:
    summaries = _summaries(parser)
    for name, sub in _subparsers(parser).items():
        entry = (texts or {}).get(name)
        if entry is not None:
            sub.description, examples = entry
            sub.epilog = f"examples:\n{examples}"
            sub.formatter_class = HelpFormatter
        elif not sub.description and summaries.get(name):
            summary = summaries[name]
            sub.description = summary[:1].upper() + summary[1:] + "."
        _apply_commands(sub, None)
