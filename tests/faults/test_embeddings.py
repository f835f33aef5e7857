"""Embeddings under attack: a remote embedder that trickles its answer, one that answers all-zero
vectors, and a damaged row in the embedding cache (a negative dimension, bytes that do not match
it, all zeros). The search keeps answering, and ``embed`` repairs what it finds."""

from __future__ import annotations

import json
import socket
import sqlite3
import threading
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve.profile import PROFILES
from hmdesk.core.memory.retrieve.results import Query
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.semantic import EmbedderError, FakeEmbedder, cache
from hmdesk.core.memory.semantic.fill import fill_embeddings
from hmdesk.core.memory.semantic.remote import RemoteEmbedder
from hmdesk.core.memory.store import MemoryStore

NOW = datetime(2026, 12, 1, tzinfo=UTC)
TEXTS = [
    "install failed: versionCode 9568332 lower than the installed one",
    "build failed because the signing profile is missing",
    "hdc install works after uninstalling the old bundle",
]


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "m.db")
    s = MemoryStore(db)
    for text in TEXTS:
        s.add(text)
    yield s
    s.close()
    db.close()


def _trickler(headers_first: bool) -> tuple[socket.socket, threading.Event]:
    """An HTTP server that sends one byte every 0.2 s and never finishes (of its headers, or,
    with ``headers_first``, of a body it announces as 10 kB)."""
    srv = socket.socket()
    srv.bind(("127.0.0.1", 0))
    srv.listen(4)
    stop = threading.Event()

    def serve() -> None:
        try:
            conn, _ = srv.accept()
        except OSError:
            return
        with conn:
            conn.recv(65536)
            head = b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
            if headers_first:
                conn.sendall(head + b"Content-Length: 10000\r\n\r\n")
                drip = b'{"data": [' + b" " * 10000
            else:
                drip = head + b"X-Slow: " + b"a" * 10000
            for byte in drip:
                if stop.wait(0.2):
                    return
                try:
                    conn.sendall(bytes([byte]))
                except OSError:
                    return

    threading.Thread(target=serve, daemon=True).start()
    return srv, stop


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
@pytest.mark.hostile("embedder-trickles-its-answer")
@pytest.mark.parametrize("headers_first", [True, False], ids=["body", "headers"])
def test_a_trickling_embedder_is_cut_off_at_the_total_timeout(headers_first: bool) -> None:
    srv, stop = _trickler(headers_first)
    port = srv.getsockname()[1]
    emb = RemoteEmbedder(f"http://127.0.0.1:{port}/v1", "m", timeout=1.0)
    got: list[BaseException] = []

    def call() -> None:
        try:
            emb.embed(["hdc install"], kind="passage")
        except BaseException as exc:  # noqa: BLE001 - handed to the test's thread
            got.append(exc)

    worker = threading.Thread(target=call, daemon=True)
    worker.start()
    worker.join(timeout=30)  # each byte resets a per-read timeout: only a total one ends it
    stop.set()
    srv.close()
    assert not worker.is_alive(), "the request was still running after 30 s"
    assert len(got) == 1 and isinstance(got[0], EmbedderError)
    assert "did not answer within 1 s" in str(got[0])


class ZeroServer:
    """An embeddings endpoint that answers every text with an all-zero vector."""

    def __init__(self) -> None:
        from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *_args: Any) -> None:
                pass

            def do_POST(self) -> None:
                texts = json.loads(self.rfile.read(int(self.headers["Content-Length"])))["input"]
                data = [{"index": i, "embedding": [0.0] * 8} for i in range(len(texts))]
                body = json.dumps({"data": data}).encode()
                self.send_response(200)
                self.send_header("Content-Length", str(len(body)))
                self.end_headers()
                self.wfile.write(body)

        self.httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.thread = threading.Thread(target=self.httpd.serve_forever, daemon=True)
        self.thread.start()
        self.url = f"http://127.0.0.1:{self.httpd.server_address[1]}/v1"

    def close(self) -> None:
        self.httpd.shutdown()
        self.httpd.server_close()
        self.thread.join()


@pytest.mark.hostile("embedder-answers-zero-vectors")
def test_all_zero_vectors_are_refused_and_never_cached(store: MemoryStore) -> None:
    server = ZeroServer()
    try:
        emb = RemoteEmbedder(server.url, "zeros", timeout=10)
        with pytest.raises(EmbedderError, match="all-zero or non-finite vector for text 1 of 3"):
            fill_embeddings(store.db, emb)
    finally:
        server.close()
    assert cache.models(store.db) == {}
    assert cache.status(store.db, emb.model_id).missing == 3


def _raw(store: MemoryStore, sql: str, *args: object) -> None:
    conn = sqlite3.connect(store.db.path)
    with conn:
        conn.execute(sql, args)
    conn.close()


@pytest.mark.hostile("embedding-row-of-negative-dimension", "embedding-row-all-zero")
@pytest.mark.parametrize(
    "damage",
    [
        "UPDATE memory_embeddings SET dim = -3 WHERE memory_seq = 1",
        "UPDATE memory_embeddings SET dim = 7 WHERE memory_seq = 1",  # bytes do not match
        "UPDATE memory_embeddings SET vector = zeroblob(4 * dim) WHERE memory_seq = 1",
    ],
    ids=["negative-dim", "dim-mismatch", "all-zero"],
)
def test_a_damaged_embedding_row_leaves_hybrid_working_and_embed_repairs_it(
    store: MemoryStore, damage: str
) -> None:
    emb = FakeEmbedder(dim=16)
    fill_embeddings(store.db, emb)
    _raw(store, damage)
    r = Retriever(store, embedder=emb)
    try:
        res = r.search(Query(text="install failed", profile=PROFILES["hybrid"], now=NOW))
    finally:
        r.close()
    assert {x.memory.content for x in res.results} == set(TEXTS)  # every memory still ranks
    assert len(cache.load(store.db, emb.model_id)) == 2  # the damaged row is left out
    assert cache.status(store.db, emb.model_id).pending == 1
    again = fill_embeddings(store.db, emb)  # `embed` recomputes it
    assert (again.total, again.embedded) == (1, 1)
    loaded = cache.load(store.db, emb.model_id)
    assert len(loaded) == 3 and np.allclose(np.linalg.norm(loaded.vectors, axis=1), 1)
