"""One window per database: a second ``hmdesk`` on the same database hands its files to the
first one (which comes to the front) and exits.

The first instance listens on a :class:`QLocalServer` (a Unix socket, a named pipe on Windows)
whose name is derived from the database: the same file (or team-store URL) opened twice gives
the same name, two databases two names, so each may have its window. The message is one line of
JSON, ``{"files": [...]}`` (absolute paths), answered with ``ok``. A socket left by a crashed
instance answers nobody: the next one removes it and listens itself.
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
from pathlib import Path

from hmdesk.core.bounded import MB, loads_json
from PySide6.QtCore import QObject, Signal
from PySide6.QtNetwork import QLocalServer, QLocalSocket

log = logging.getLogger(__name__)

CONNECT_MS = 500  # an instance that does not answer in this long is taken for gone
REPLY_MS = 5000  # the first window answers from its event loop, which may be busy a moment
MAX_MESSAGE = MB  # a message is a list of paths: a longer one is not ours and is dropped


def server_name(database: Path | str) -> str:
    """The socket name of ``database`` (a path is resolved first; a URL is taken as it is),
    per user: two users on one machine never reach each other's window."""
    where = str(Path(database).resolve()) if isinstance(database, Path) else str(database)
    if isinstance(database, Path) and os.name == "nt":
        where = where.lower()  # one file, however its name is cased
    user = os.environ.get("USER") or os.environ.get("USERNAME") or ""
    digest = hashlib.sha256(f"{user}\0{where}".encode()).hexdigest()[:20]
    return f"hmdesk-{digest}"


def hand_over(name: str, files: list[str]) -> bool:
    """Give ``files`` to the instance listening on ``name``; True once it took them (this
    process may exit), False when none answers."""
    sock = QLocalSocket()
    sock.connectToServer(name)
    if not sock.waitForConnected(CONNECT_MS):
        return False
    payload = json.dumps({"files": [str(Path(f).resolve()) for f in files]}) + "\n"
    sock.write(payload.encode())
    sock.flush()
    answered = sock.waitForReadyRead(REPLY_MS) and bytes(sock.readAll().data()).startswith(b"ok")
    sock.disconnectFromServer()
    return answered


class InstanceServer(QObject):
    """Listens on ``name`` for the next instances. Signals: ``files_received(list)``: an
    instance started with these files (an empty list: none), raise the window."""

    files_received = Signal(list)

    def __init__(self, name: str, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.server = QLocalServer(self)
        self.server.setSocketOptions(QLocalServer.SocketOption.UserAccessOption)
        self.server.newConnection.connect(self._accept)
        if not self.server.listen(name):
            # a socket left by an instance that crashed (the caller checked none answers)
            QLocalServer.removeServer(name)
            if not self.server.listen(name):
                log.warning(
                    "single instance: cannot listen on %s: %s", name, self.server.errorString()
                )

    @property
    def listening(self) -> bool:
        return self.server.isListening()

    def _accept(self) -> None:
        while (sock := self.server.nextPendingConnection()) is not None:
            buffer = bytearray()

            def read(s: QLocalSocket = sock, buf: bytearray = buffer) -> None:
                buf.extend(bytes(s.readAll().data()))
                if b"\n" not in buf and len(buf) <= MAX_MESSAGE:
                    return
                line = bytes(buf[: MAX_MESSAGE + 1]).split(b"\n", 1)[0]
                try:
                    if len(line) > MAX_MESSAGE:
                        raise ValueError("too long")
                    files = loads_json(line.decode(), "the message").get("files", [])
                except (ValueError, AttributeError, UnicodeDecodeError):
                    log.warning("single instance: a message that is not ours: %r", line[:200])
                    s.disconnectFromServer()
                    return
                s.write(b"ok\n")
                s.flush()
                self.files_received.emit([str(f) for f in files if isinstance(f, str)])

            sock.readyRead.connect(read)
            sock.disconnected.connect(sock.deleteLater)
            if sock.bytesAvailable():
                read()

    def close(self) -> None:
        self.server.close()
