"""The OpenAI-compatible client against a local http.server in a thread: success (floats and
base64), a refused key, a server error, bad JSON, a wrong shape, a timeout, an unreachable
endpoint; the key is sent as a Bearer token and never shows in a message or a repr."""

from __future__ import annotations

import base64
import json
import socket
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import numpy as np
import pytest
from hmdesk.core import config
from hmdesk.core.memory.semantic import EmbedderError, EmbedderUnavailable, get_embedder
from hmdesk.core.memory.semantic.remote import RemoteEmbedder, endpoint_of

KEY = "sk-test-secret-123"


class Fake:
    def __init__(self) -> None:
        self.mode = "ok"
        self.requests: list[dict[str, Any]] = []
        self.release = threading.Event()


def _handler(fake: Fake) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, *_args: Any) -> None:
            pass

        def _send(self, code: int, body: bytes) -> None:
            self.send_response(code)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length", "0"))
            req = json.loads(self.rfile.read(length))
            fake.requests.append(
                {"path": self.path, "auth": self.headers.get("Authorization"), "body": req}
            )
            texts = req["input"]
            if fake.mode == "timeout":
                fake.release.wait(10)
                return
            if fake.mode == "401":
                self._send(401, json.dumps({"error": f"bad key {KEY}"}).encode())
                return
            if fake.mode == "500":
                self._send(500, b'{"error": "model crashed"}')
                return
            if fake.mode == "redirect":
                self.send_response(302)
                self.send_header("Location", "http://127.0.0.1:9/elsewhere")
                self.send_header("Content-Length", "0")
                self.end_headers()
                return
            if fake.mode == "badjson":
                self._send(200, b"<html>not json</html>")
                return
            if fake.mode == "short":
                self._send(200, json.dumps({"data": []}).encode())
                return
            rows = [[float(len(t)), 1.0, 0.0] for t in texts]
            data: list[dict[str, Any]] = []
            for i, row in reversed(list(enumerate(rows))):  # out of order: index decides
                emb: Any = row
                if fake.mode == "base64":
                    emb = base64.b64encode(np.asarray(row, dtype="<f4").tobytes()).decode()
                data.append({"object": "embedding", "index": i, "embedding": emb})
            self._send(200, json.dumps({"object": "list", "data": data}).encode())

    return Handler


@pytest.fixture
def server() -> Iterator[tuple[Fake, str]]:
    fake = Fake()
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _handler(fake))
    httpd.daemon_threads = True
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield fake, f"http://127.0.0.1:{httpd.server_address[1]}/v1"
    finally:
        fake.release.set()
        httpd.shutdown()
        httpd.server_close()
        thread.join()


def test_success_reads_vectors_in_index_order(server: tuple[Fake, str]) -> None:
    fake, url = server
    emb = RemoteEmbedder(url, "e5", KEY, batch_size=2, passage_prefix="passage: ")
    out = emb.embed(["a", "bbb", "cc"], kind="passage")
    expected = np.array([[10, 1, 0], [12, 1, 0], [11, 1, 0]], dtype=np.float32)  # prefixed
    expected /= np.linalg.norm(expected, axis=1, keepdims=True)
    assert np.allclose(out, expected) and emb.dim == 3
    assert [r["path"] for r in fake.requests] == ["/v1/embeddings"] * 2
    assert fake.requests[0]["auth"] == f"Bearer {KEY}"
    assert fake.requests[0]["body"] == {
        "model": "e5",
        "input": ["passage: a", "passage: bbb"],
        "encoding_format": "float",
    }
    assert emb.model_id == f"openai:e5@{url}/embeddings"
    assert KEY not in repr(emb) and KEY not in emb.model_id


def test_base64_vectors_and_no_key(server: tuple[Fake, str]) -> None:
    fake, url = server
    fake.mode = "base64"
    out = RemoteEmbedder(url + "/embeddings/", "m").embed(["xy"], kind="query")
    assert np.allclose(out, [np.array([2, 1, 0]) / np.sqrt(5)])
    assert fake.requests[0]["auth"] is None and fake.requests[0]["path"] == "/v1/embeddings"


@pytest.mark.parametrize(
    ("mode", "message"),
    [
        ("401", r"refused the key \(HTTP 401\); check embed_key"),
        ("500", r"answered HTTP 500: .*model crashed"),
        ("badjson", r"did not send the JSON .*not JSON"),
        ("redirect", r"answered HTTP 302"),  # not followed: the key stays with this host
        ("short", r"did not send the JSON .*0 items for 1 texts"),
    ],
)
def test_http_errors_and_bad_answers_are_clear(
    server: tuple[Fake, str], mode: str, message: str
) -> None:
    fake, url = server
    fake.mode = mode
    with pytest.raises(EmbedderError, match=message) as info:
        RemoteEmbedder(url, "m", KEY).embed(["a"], kind="query")
    assert KEY not in str(info.value)  # the 401 body echoed it: masked


def test_a_timeout_is_a_clear_error(server: tuple[Fake, str]) -> None:
    fake, url = server
    fake.mode = "timeout"
    with pytest.raises(EmbedderError, match=r"did not answer within 0\.3 s"):
        RemoteEmbedder(url, "m", timeout=0.3).embed(["a"], kind="query")


def test_an_unreachable_endpoint_is_a_clear_error() -> None:
    with socket.socket() as probe:  # a port nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(EmbedderError, match="cannot reach the embeddings endpoint"):
        RemoteEmbedder(f"http://127.0.0.1:{port}/v1", "m").embed(["a"], kind="query")


def test_settings_and_environment_configure_it(
    server: tuple[Fake, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    fake, url = server
    for var in ("HMDESK_EMBED_URL", "HMDESK_EMBED_MODEL", "HMDESK_EMBED_KEY"):
        monkeypatch.delenv(var, raising=False)
    with pytest.raises(EmbedderUnavailable, match="config set embed_url"):
        get_embedder("openai")
    config.set_value("embed_url", url)
    config.set_value("embed_model", "from-file")
    config.set_value("embed_key", KEY)
    emb = get_embedder("openai")
    assert isinstance(emb, RemoteEmbedder) and emb.model == "from-file"
    monkeypatch.setenv("HMDESK_EMBED_MODEL", "from-env")
    emb = get_embedder("openai")
    assert isinstance(emb, RemoteEmbedder) and emb.model == "from-env"
    emb.embed(["a"], kind="query")
    assert fake.requests[-1]["auth"] == f"Bearer {KEY}"
    with pytest.raises(config.ConfigError, match="http"):
        config.set_value("embed_url", "ftp://x")
    assert config.shown("embed_key", KEY) == "(hidden)"
    assert config.shown("embed_url", url) == url


def test_endpoint_of() -> None:
    assert endpoint_of("https://h/v1/") == "https://h/v1/embeddings"
    assert endpoint_of("https://h/v1/embeddings") == "https://h/v1/embeddings"
    with pytest.raises(EmbedderUnavailable, match="embed_model"):
        RemoteEmbedder("https://h/v1", " ")
