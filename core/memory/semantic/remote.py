"""An OpenAI-compatible ``/embeddings`` endpoint, over the standard library (urllib).

``POST {url}/embeddings`` with ``{"model", "input": [...], "encoding_format": "float"}`` and the
key as ``Authorization: Bearer …``; the answer's ``data[i].embedding`` (a list of floats, or
base64 little-endian float32 as some servers send) is read in ``index`` order. The URL is the
API base (``https://api.example.com/v1``); one that already ends in ``/embeddings`` is used as
it is. The key is never printed, logged or put in a message (an answer that echoes it is
masked).

Errors are :class:`~.embedder.EmbedderError` with one line saying what to do: a refused key
(401/403), another HTTP status, no answer within the timeout, an answer that is not the JSON
an embeddings endpoint sends.
"""

from __future__ import annotations

import base64
import contextlib
import http.client
import json
import socket
import ssl
import threading
import urllib.error
import urllib.request
from typing import Any

import numpy as np
import numpy.typing as npt
from hmdesk.core.bounded import MB, InputError, loads_json
from hmdesk.core.memory.semantic.embedder import (
    Embedder,
    EmbedderError,
    EmbedderUnavailable,
    Kind,
)

DEFAULT_TIMEOUT = 20.0
"""Seconds a whole request may take, connecting and reading included (hmharness gives its
``/embeddings`` calls 20 s). A server that trickles its answer a byte at a time is cut off then."""

MAX_ANSWER = 256 * MB
"""The most an answer may hold (a batch of 64 vectors of 8,192 floats is about 13 MB of JSON): a
server that streams without end is cut off here, not when the memory runs out."""


class _NoRedirect(urllib.request.HTTPRedirectHandler):
    """Redirects are not followed: urllib would resend the key to wherever they point. A 3xx
    becomes an HTTP error that names the status."""

    def redirect_request(self, *_args: Any, **_kwargs: Any) -> None:
        return None


class _Deadline:
    """The sockets of one request, shut down when its total time is up: a socket read that a
    trickling server keeps alive (each byte resets the per-read timeout) then ends at once."""

    def __init__(self, seconds: float) -> None:
        self.sockets: list[socket.socket] = []
        self.expired = False
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def _expire(self) -> None:
        self.expired = True
        for sock in self.sockets:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def __enter__(self) -> _Deadline:
        self._timer.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._timer.cancel()

    def opener(self) -> urllib.request.OpenerDirector:
        """An opener (no redirects) whose connections report their sockets to this deadline."""
        sockets = self.sockets

        def tracked(cls: type[http.client.HTTPConnection]) -> Any:
            class Tracked(cls):  # type: ignore[valid-type,misc]
                def connect(self) -> None:
                    super().connect()
                    sockets.append(self.sock)

            return Tracked

        class HTTP(urllib.request.HTTPHandler):
            def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
                return self.do_open(tracked(http.client.HTTPConnection), req)

        class HTTPS(urllib.request.HTTPSHandler):
            def __init__(self) -> None:
                self.tls = ssl.create_default_context()  # certificates checked, as urllib does
                super().__init__(context=self.tls)

            def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
                return self.do_open(tracked(http.client.HTTPSConnection), req, context=self.tls)

        return urllib.request.build_opener(_NoRedirect, HTTP, HTTPS())


def endpoint_of(url: str) -> str:
    base = url.strip().rstrip("/")
    return base if base.endswith("/embeddings") else f"{base}/embeddings"


class RemoteEmbedder(Embedder):
    """Any OpenAI-compatible embeddings endpoint.

    ``query_prefix``/``passage_prefix`` are put before each text (``"query: "``/``"passage: "``
    for an e5 model served raw); the default sends texts as they are."""

    def __init__(
        self,
        url: str,
        model: str,
        key: str | None = None,
        *,
        timeout: float = DEFAULT_TIMEOUT,
        batch_size: int = 64,
        query_prefix: str = "",
        passage_prefix: str = "",
    ) -> None:
        if not url or not url.strip().lower().startswith(("http://", "https://")):
            raise EmbedderUnavailable(
                "the embeddings endpoint is not set (or is not an http(s) URL): "
                "hmdesk-cli config set embed_url https://HOST/v1 (or HMDESK_EMBED_URL)"
            )
        if not model or not model.strip():
            raise EmbedderUnavailable(
                "the embeddings model is not set: hmdesk-cli config set embed_model NAME "
                "(or HMDESK_EMBED_MODEL)"
            )
        self.url = endpoint_of(url)
        self.model = model.strip()
        self._key = key.strip() if key and key.strip() else None
        self.timeout = timeout
        self.batch_size = batch_size
        self.prefixes = {"query": query_prefix, "passage": passage_prefix}
        self.model_id = f"openai:{self.model}@{self.url}"

    def __repr__(self) -> str:  # the key stays out of every repr
        return f"<RemoteEmbedder {self.model_id} key={'set' if self._key else 'none'}>"

    def _mask(self, text: str) -> str:
        return text.replace(self._key, "***") if self._key else text

    def _embed_batch(self, texts: list[str], kind: Kind) -> npt.NDArray[np.float32]:
        prefix = self.prefixes[kind]
        body = json.dumps(
            {"model": self.model, "input": [prefix + t for t in texts], "encoding_format": "float"}
        ).encode("utf-8")
        headers = {"Content-Type": "application/json", "Accept": "application/json"}
        if self._key:
            headers["Authorization"] = f"Bearer {self._key}"
        request = urllib.request.Request(self.url, data=body, headers=headers, method="POST")
        late = f"the embeddings endpoint {self.url} did not answer within {self.timeout:g} s"
        deadline = _Deadline(self.timeout)
        try:
            with deadline, deadline.opener().open(request, timeout=self.timeout) as response:
                raw = response.read(MAX_ANSWER + 1)
            if deadline.expired:  # the read ended because the deadline shut the connection
                raise EmbedderError(late)
        except urllib.error.HTTPError as exc:
            try:
                body = exc.read(4096) if exc.fp is not None else b""  # a snippet is shown
            except OSError:
                body = b""
            detail = self._mask(_snippet(body))
            if exc.code in (401, 403):
                raise EmbedderError(
                    f"the embeddings endpoint {self.url} refused the key (HTTP {exc.code}); "
                    f"check embed_key (or HMDESK_EMBED_KEY){detail}"
                ) from None
            raise EmbedderError(
                f"the embeddings endpoint {self.url} answered HTTP {exc.code}{detail}"
            ) from None
        except TimeoutError as exc:
            raise EmbedderError(late) from exc
        except urllib.error.URLError as exc:
            if isinstance(exc.reason, TimeoutError) or deadline.expired:
                raise EmbedderError(late) from exc
            raise EmbedderError(
                f"cannot reach the embeddings endpoint {self.url}: {exc.reason}"
            ) from exc
        except (OSError, http.client.HTTPException) as exc:
            if deadline.expired:
                raise EmbedderError(late) from exc
            raise EmbedderError(
                f"the connection to the embeddings endpoint {self.url} failed: {exc}"
            ) from exc
        if len(raw) > MAX_ANSWER:
            raise EmbedderError(
                f"the embeddings endpoint {self.url} sent more than {MAX_ANSWER // MB} MB; "
                "not an embeddings answer"
            )
        return self._parse(raw, len(texts))

    def _parse(self, raw: bytes, count: int) -> npt.NDArray[np.float32]:
        bad = f"the embeddings endpoint {self.url} did not send the JSON of an embeddings answer"
        try:
            data = loads_json(raw.decode("utf-8"), "the answer")
        except InputError as exc:  # nested too deep, NaN
            raise EmbedderError(f"{bad} ({exc})") from exc
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise EmbedderError(f"{bad} (not JSON: {self._mask(_snippet(raw))[3:]})") from exc
        items = data.get("data") if isinstance(data, dict) else None
        if not isinstance(items, list) or len(items) != count:
            got = "no data list" if not isinstance(items, list) else f"{len(items)} items"
            raise EmbedderError(f"{bad} ({got} for {count} texts)")
        rows: list[npt.NDArray[np.float32]] = [np.zeros(0, np.float32)] * count
        for position, item in enumerate(items):
            index, vector = _item(item, position)
            if index is None or vector is None or not 0 <= index < count:
                raise EmbedderError(f"{bad} (item {position} has no usable embedding)")
            rows[index] = vector
        if len({r.shape[0] for r in rows}) != 1 or rows[0].shape[0] == 0:
            raise EmbedderError(f"{bad} (the vectors' lengths differ or are empty)")
        return np.stack(rows)


def _item(item: Any, position: int) -> tuple[int | None, npt.NDArray[np.float32] | None]:
    if not isinstance(item, dict):
        return None, None
    index = item.get("index", position)
    embedding = item.get("embedding")
    if not isinstance(index, int):
        return None, None
    try:
        if isinstance(embedding, str):
            vector = np.frombuffer(base64.b64decode(embedding, validate=True), dtype="<f4")
        elif isinstance(embedding, list) and all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in embedding
        ):
            vector = np.asarray(embedding, dtype=np.float32)
        else:
            return index, None
    except ValueError:  # bad base64, or bytes that are not whole float32s
        return index, None
    if not np.all(np.isfinite(vector)):
        return index, None
    return index, vector.astype(np.float32)


def _snippet(raw: bytes) -> str:
    text = raw.decode("utf-8", "replace").strip().replace("\n", " ")
    return f": {text[:200]}" if text else ""
