"""Bounded everywhere (issue 31, requirement 3): every file hmdesk reads is opened through
:mod:`hmdesk.core.bounded` (a size and type check first: no FIFO, device or folder), every JSON
it did not write is parsed with a depth limit, every network call has its timeouts.

Two halves. The structural one reads the source of core/ and gui/ (an AST scan) and fails when a
raw read appears — a builtin ``open()`` or ``os.open`` for reading, ``read_text``/``read_bytes``, ``json.load``/
``json.loads``, ``gzip.open`` for reading, ``urlopen``, ``psycopg.connect``, ``create_engine``, an
import of ``requests``/``httpx`` — outside :data:`ALLOWED`, a short list where each entry says
why the call reads nothing from outside (a file of the package, a column hmdesk wrote, procfs)
or where its bounds come from. The behavioural one throws a FIFO, ``/dev/zero``, a folder and
JSON nested 100,000 deep at each kind of input and asserts one clear answer, at once.
"""

from __future__ import annotations

import ast
import os
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hmdesk.core.config import ConfigError
from hmdesk.core.config import load as load_settings
from hmdesk.core.db import Database
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.hmharness.importer import import_path
from hmdesk.core.memory.hmharness.notes import import_notes_file
from hmdesk.core.memory.lab.labelled_set import LabelledSetError, load_set
from hmdesk.core.memory.lifecycle.evaluate import PairSetError, load_pairs
from hmdesk.core.memory.search_index.snapshot import header
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog
from hmdesk.core.toolchain.crash.faultlog_files import read_faultlog
from hmdesk.core.toolchain.device.files import download_kind
from hmdesk.core.toolchain.device.layout import LayoutError, read_layout
from hmdesk.core.toolchain.hdc.outcomes import parse_bm_dump

from tests.faults.test_project_files import returns_in_time

ROOT = Path(__file__).resolve().parents[2]
DEEP = "[" * 100_000 + "]" * 100_000
posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="FIFOs are POSIX")

# ----------------------------------------------------------------------------- the source

ALLOWED: dict[tuple[str, str, str], str] = {
    # a file of hmdesk's own package (shipped with it, never the user's)
    ("core/memory/lab/__init__.py", "starter_set", "read_text"): "the starter set in resources",
    ("core/memory/lab/__init__.py", "starter_set", "json.loads"): "the starter set in resources",
    ("core/memory/starter.py", "starter_entries", "read_text"): "the starter memories",
    ("core/memory/starter.py", "starter_entries", "json.loads"): "the starter memories",
    ("core/memory/lifecycle/evaluate.py", "load_pairs", "read_text"): "the shipped pair set",
    ("core/codeindex/index.py", "_parser_fingerprint", "read_bytes"): "the parser's own source",
    ("gui/app.py", "app_icon", "read_bytes"): "the icons in resources",
    (
        "core/toolchain/diagnostic_catalogue.py",
        "Catalogue._read",
        "read_text",
    ): "a compiler's errors in resources (TypeScript's, cjc's, clang's)",
    (
        "core/toolchain/diagnostic_catalogue.py",
        "Catalogue._read",
        "json.loads",
    ): "a compiler's errors in resources (TypeScript's, cjc's, clang's)",
    (
        "core/toolchain/api_error_codes.py",
        "_catalogue",
        "read_text",
    ): "the API error codes in resources",
    (
        "core/toolchain/api_error_codes.py",
        "_catalogue",
        "json.loads",
    ): "the API error codes in resources",
    ("core/toolchain/sdk_members.py", "_index", "read_text"): "the SDK's methods in resources",
    ("core/toolchain/sdk_members.py", "_index", "json.loads"): "the SDK's methods in resources",
    # hmdesk's own cache, in its cache folder (one it cannot read is rebuilt)
    ("core/codeindex/index.py", "CodeIndex._load_cache", "gzip.open"): "the index cache",
    ("core/codeindex/index.py", "CodeIndex._load_cache", "json.load"): "the index cache",
    # the team server's own EXPLAIN (FORMAT JSON) of the census's sieve: a plan of a few lines
    ("core/memory/search_index/postgres_search.py", "_census", "json.loads"): "the server's plan",
    # a column of hmdesk's store, written by hmdesk's json.dumps (SQLite or the team store)
    ("core/team/conflicts.py", "_open", "json.loads"): "the conflict's columns",
    ("core/agent/record.py", "Call.arguments_json", "json.loads"): "an agent call's column",
    ("core/agent/record.py", "Call.result_json", "json.loads"): "an agent call's column",
    ("core/agent/record.py", "_call", "json.loads"): "an agent call's column",
    ("core/agent/proposals.py", "_proposal", "json.loads"): "a proposal's tags column",
    ("core/memory/search_index/postgres_index.py", "fill", "json.loads"): "the tags column",
    ("core/memory/search_index/snapshot.py", "build_parts.hays", "json.loads"): "the tags column",
    ("core/memory/lifecycle/review_scan.py", "proposal_from_json", "json.loads"): "a scan row",
    # hmdesk's own child process and its parent, one JSON line per message over their pipe
    ("core/child_process.py", "serve", "json.loads"): "the request of hmdesk's parent process",
    ("core/child_process.py", "ChildJob._message", "json.loads"): "the answer of hmdesk's child",
    # the kernel's procfs: small text files, never a FIFO
    ("core/toolchain/process.py", "_group_alive", "open"): "/proc/PID/stat",
    ("core/toolchain/runs.py", "_boot_id", "open"): "/proc/sys/kernel/random/boot_id",
    ("core/toolchain/runs.py", "_start_ticks", "open"): "/proc/PID/stat",
    # JSON5 read as JSON first: text read by core.bounded; too deep falls to json5's error
    ("core/toolchain/project_file.py", "_fast_json5", "json.loads"): "RecursionError caught",
    # network, with the timeouts of core/team/credentials.timeouts or the embedder's deadline
    ("core/team/notify.py", "ChangeListener._connect", "psycopg.connect"): "conninfo(): timeouts",
    ("core/memory/search_index/postgres_search.py", "connect", "psycopg.connect"): "connect_args",
    ("core/db.py", "_pg_engine", "create_engine"): "connect_args(parsed): the timeouts",
    ("core/db.py", "make_engine", "create_engine"): "SQLite: a local file dbfile checked first",
    ("core/memory/semantic/remote.py", "RemoteEmbedder._embed_batch", "opener.open"): (
        "timeout= per read, _Deadline for the whole request, MAX_ANSWER bytes"
    ),
}
"""(file, enclosing function, call) → why it needs no bounded reader. Names checked to exist."""

READ_CALLS = {"read_text", "read_bytes"}
JSON_CALLS = {"json.load", "json.loads"}
NET_CALLS = {"urlopen", "psycopg.connect", "create_engine"}
NET_IMPORTS = {"requests", "httpx", "aiohttp"}


def _dotted(node: ast.expr) -> str:
    """``json.loads`` for ``json.loads``; ``(…).open`` when the object is not a plain name."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        if isinstance(node.value, ast.Call) and _dotted(node.value.func).endswith("opener"):
            return f"opener.{node.attr}"  # urllib's build_opener(…).open(request)
        return f"{_dotted(node.value) or '(…)'}.{node.attr}"
    return "(…)"


def _opens_for_reading(call: ast.Call) -> bool:
    mode = call.args[1] if len(call.args) > 1 else None
    mode = next((k.value for k in call.keywords if k.arg == "mode"), mode)
    if mode is None:
        return True
    return not (isinstance(mode, ast.Constant) and any(c in str(mode.value) for c in "wax"))


def _raw_reads(path: Path) -> Iterator[tuple[str, str, int]]:
    """(enclosing function, call, line) of every raw read in ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))

    def walk(node: ast.AST, scope: list[str]) -> Iterator[tuple[str, str, int]]:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                yield from walk(child, [*scope, child.name])
                continue
            where = ".".join(scope) or "<module>"
            if isinstance(child, ast.Import | ast.ImportFrom):
                names = [a.name for a in child.names] if isinstance(child, ast.Import) else []
                names.append(getattr(child, "module", None) or "")
                for name in names:
                    if name.split(".")[0] in NET_IMPORTS:
                        yield where, f"import {name}", child.lineno
            if isinstance(child, ast.Call):
                name = _dotted(child.func)
                last = name.rsplit(".", 1)[-1]
                kind = None
                if name == "open" and _opens_for_reading(child):
                    kind = "open"
                elif name == "os.open" and "O_WRONLY" not in ast.unparse(child):
                    kind = "os.open"
                elif name == "gzip.open" and _opens_for_reading(child):
                    kind = "gzip.open"
                elif last in READ_CALLS:
                    kind = last
                elif name in JSON_CALLS or name == "opener.open":
                    kind = name
                elif last in {"urlopen", "create_engine"} or name.endswith("psycopg.connect"):
                    kind = "psycopg.connect" if last == "connect" else last
                if kind is not None:
                    yield where, kind, child.lineno
            yield from walk(child, scope)

    yield from walk(tree, [])


def _sources() -> Iterator[Path]:
    for top in ("core", "gui"):
        yield from sorted((ROOT / top).rglob("*.py"))


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("raw-read-of-outside-input")
def test_every_read_of_outside_input_goes_through_the_bounded_helpers() -> None:
    found: dict[tuple[str, str, str], int] = {}
    for path in _sources():
        rel = path.relative_to(ROOT).as_posix()
        if rel == "core/bounded.py":
            continue
        for where, kind, line in _raw_reads(path):
            found[(rel, where, kind)] = line
    raw = sorted(f"{k[0]}:{line} {k[2]} in {k[1]}" for k, line in found.items() if k not in ALLOWED)
    assert not raw, (
        "a raw read of a file, JSON or the network outside hmdesk.core.bounded; use read_input/"
        "open_input/loads_json, or add it to ALLOWED with the reason:\n" + "\n".join(raw)
    )
    stale = sorted(f"{k}" for k in ALLOWED if k not in found)
    assert not stale, "ALLOWED names calls that are gone (drop them):\n" + "\n".join(stale)


def test_the_scan_finds_each_kind_of_raw_read(tmp_path: Path) -> None:
    """The scanner itself: every kind it looks for is found, writes are not."""
    src = tmp_path / "m.py"
    src.write_text(
        "import json, gzip\nimport requests\n"
        "def f(p):\n"
        "    open(p).read()\n    open(p, 'w')\n    open(p, mode='rb')\n"
        "    p.read_text()\n    p.read_bytes()\n    json.loads('1')\n    json.load(p)\n"
        "    gzip.open(p, 'rt')\n    gzip.open(p, 'wt')\n    urllib.request.urlopen(p)\n"
        "    psycopg.connect(p)\n    sa.create_engine(p)\n    box.open()\n"
        "    urllib.request.build_opener().open(p)\n    f().open()\n"
        "    os.open(p, os.O_RDONLY)\n    os.open(p, os.O_WRONLY | os.O_CREAT)\n"
    )
    kinds = sorted(k for _, k, _ in _raw_reads(src))
    assert kinds == sorted(
        [
            "import requests",
            "open",
            "open",
            "read_text",
            "read_bytes",
            "json.loads",
            "json.load",
            "gzip.open",
            "urlopen",
            "opener.open",
            "os.open",
            "psycopg.connect",
            "create_engine",
        ]
    )


# ----------------------------------------------------------------------------- the inputs


def _fifo(p: Path) -> Path:
    os.mkfifo(p)
    return p


def _zero(p: Path) -> Path:
    p.symlink_to("/dev/zero")
    return p


def _folder(p: Path) -> Path:
    p.mkdir()
    return p


HOSTILE: dict[str, Callable[[Path], Path]] = {"fifo": _fifo, "dev-zero": _zero, "folder": _folder}


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()


def _one_line_error(fn: Callable[[], Any], errors: tuple[type[BaseException], ...]) -> str:
    with pytest.raises(errors) as ei:
        returns_in_time(fn)
    msg = str(ei.value)
    assert msg and "\n" not in msg, msg
    return msg


FILE_READERS: dict[str, tuple[Callable[[Path, MemoryStore], Any], tuple[type[BaseException], ...]]]
FILE_READERS = {
    "settings": (lambda p, _s: load_settings(p), (ConfigError,)),
    "labelled-set": (lambda p, _s: load_set(p), (LabelledSetError,)),
    "pairs": (lambda p, _s: load_pairs(p), (PairSetError,)),
    "memory-file": (lambda p, s: import_path(s, p), (StoreError,)),
    "notes-file": (lambda p, s: import_notes_file(s, p), (StoreError,)),
    "layout-dump": (lambda p, _s: read_layout(p), (LayoutError, ValueError)),
}


@posix_only
@pytest.mark.hostile("input-file-is-a-fifo", "input-file-is-dev-zero", "input-file-is-a-folder")
@pytest.mark.parametrize("kind", sorted(HOSTILE))
@pytest.mark.parametrize("reader", sorted(FILE_READERS))
def test_each_input_file_refuses_what_is_not_a_file(
    reader: str, kind: str, tmp_path: Path, store: MemoryStore
) -> None:
    read, errors = FILE_READERS[reader]
    path = HOSTILE[kind](tmp_path / "input")
    msg = _one_line_error(lambda: read(path, store), errors)
    assert any(w in msg for w in ("FIFO", "device", "folder", "directory")), msg


@posix_only
@pytest.mark.hostile("fault-log-is-a-fifo", "fault-log-is-dev-zero", "fault-log-is-a-folder")
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_fault_log_that_is_not_a_file_is_a_crash_card_saying_so(
    kind: str, tmp_path: Path
) -> None:
    crash = returns_in_time(lambda: read_faultlog(HOSTILE[kind](tmp_path / "cppcrash-x-1.log")))
    assert any(w in crash.raw for w in ("FIFO", "device", "folder", "symbolic link")), crash.raw


@posix_only
@pytest.mark.hostile("downloaded-file-is-a-fifo", "downloaded-file-is-dev-zero")
@pytest.mark.parametrize("kind", sorted(HOSTILE))
def test_a_downloaded_file_that_is_not_a_file_opens_as_a_plain_file(
    kind: str, tmp_path: Path
) -> None:
    """hdc file recv put something that is not a file: the file view is not left waiting."""
    assert returns_in_time(lambda: download_kind(HOSTILE[kind](tmp_path / "x.db"))) == "file"


@posix_only
@pytest.mark.hostile("source-file-replaced-by-a-fifo")
def test_the_layout_join_skips_a_source_replaced_by_a_fifo_since_the_scan(tmp_path: Path) -> None:
    from hmdesk.core.codeindex.index import CodeIndex
    from hmdesk.core.codeindex.layout_join import Literals

    root = tmp_path / "proj"
    (root / "ets").mkdir(parents=True)
    (root / "ets" / "A.ets").write_text("Text('hello').id('title')\n")
    (root / "ets" / "B.ets").write_text("Button('go').id('go')\n")
    index = CodeIndex(root)
    index.scan()
    (root / "ets" / "B.ets").unlink()
    os.mkfifo(root / "ets" / "B.ets")
    literals = returns_in_time(lambda: Literals(index))
    assert "title" in literals.ids and "go" not in literals.ids


# ----------------------------------------------------------------------------- deep JSON

JSON_FILE_READERS = {
    k: v
    for k, v in FILE_READERS.items()
    if k in {"settings", "labelled-set", "pairs", "layout-dump"}
}


@pytest.mark.hostile("json-input-nested-100k-deep")
@pytest.mark.parametrize("reader", sorted(JSON_FILE_READERS))
def test_each_json_file_refuses_nesting_100k_deep(
    reader: str, tmp_path: Path, store: MemoryStore
) -> None:
    read, errors = JSON_FILE_READERS[reader]
    path = tmp_path / "input.json"
    path.write_text(DEEP)
    assert "deeper than" in _one_line_error(lambda: read(path, store), errors)


@pytest.mark.hostile("json-input-nested-100k-deep")
def test_a_fault_log_whose_event_json_nests_100k_deep_is_still_read() -> None:
    """A real JS crash log followed by a HiAppEvent ``exception=`` line whose JSON nests without
    end: the log is still read (it was a RecursionError, and the whole log left unparsed)."""
    log = ROOT / "tests/data/real_logs/jscrash/missing-provide.log"
    plain = parse_faultlog(log.read_text(encoding="utf-8"), log.name)
    deep = "exception=" + '{"a":' * 100_000 + "1" + "}" * 100_000
    crash = parse_faultlog(log.read_text(encoding="utf-8") + "\n" + deep + "\n", log.name)
    assert plain.parsed and crash.parsed
    assert (crash.type, crash.name, crash.frames) == (
        plain.type,
        plain.name,
        plain.frames,
    )


@pytest.mark.hostile("json-input-nested-100k-deep")
def test_a_bm_dump_nested_100k_deep_is_not_understood_rather_than_a_traceback() -> None:
    assert parse_bm_dump("com.example.app:\n" + '{"a":' * 100_000 + "1" + "}" * 100_000) is None


@pytest.mark.hostile("search-index-header-nested-100k-deep")
def test_a_search_index_header_nested_100k_deep_is_no_index() -> None:
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE search_meta (key TEXT PRIMARY KEY, value TEXT)")
    conn.execute("INSERT INTO search_meta VALUES ('snapshot', ?)", (DEEP,))
    assert header(conn) is None


@pytest.mark.hostile("embedder-answer-nested-100k-deep")
def test_an_embeddings_answer_nested_100k_deep_is_one_error() -> None:
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    from threading import Thread

    from hmdesk.core.memory.semantic.embedder import EmbedderError
    from hmdesk.core.memory.semantic.remote import RemoteEmbedder

    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *_args: Any) -> None:
            pass

        def do_POST(self) -> None:
            self.rfile.read(int(self.headers["Content-Length"]))
            body = ('{"data": ' + DEEP + "}").encode()
            self.send_response(200)
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    thread = Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        url = f"http://127.0.0.1:{httpd.server_address[1]}/v1"
        embedder = RemoteEmbedder(url, "m", key=None, timeout=10.0)
        msg = _one_line_error(lambda: embedder.embed(["hdc"], kind="passage"), (EmbedderError,))
        assert "deeper than" in msg
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join()
