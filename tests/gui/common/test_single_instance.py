"""One window per database: a second instance hands its files to the first and exits."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from hmdesk.gui.common.single_instance import InstanceServer, server_name

SECOND = """
import sys
from PySide6.QtCore import QCoreApplication
from hmdesk.gui.common.single_instance import hand_over
app = QCoreApplication([])
sys.exit(0 if hand_over(sys.argv[1], sys.argv[2:]) else 3)
"""


def second_instance(name: str, *files: str) -> subprocess.Popen[bytes]:
    """A second ``hmdesk`` as a real process (its blocking hand-over must not block the first
    instance's event loop, which answers it)."""
    return subprocess.Popen([sys.executable, "-c", SECOND, name, *files])


def test_the_name_follows_the_database(tmp_path: Path):
    a, b = tmp_path / "a.db", tmp_path / "b.db"
    assert server_name(a) == server_name(tmp_path / "x" / ".." / "a.db")
    assert server_name(a) != server_name(b)
    assert server_name("postgresql://team@db/hm") != server_name(a)


def test_a_second_instance_hands_its_files_to_the_first(qtbot, tmp_path: Path):
    name = server_name(tmp_path / "hmdesk.db")
    server = InstanceServer(name)
    assert server.listening
    memory = tmp_path / "memory.jsonl"
    with qtbot.waitSignal(server.files_received, timeout=10_000) as got:
        proc = second_instance(name, str(memory))
    assert got.args == [[str(memory.resolve())]]
    qtbot.waitUntil(lambda: proc.poll() is not None, timeout=10_000)
    assert proc.returncode == 0  # handed over: the second one exits at once
    with qtbot.waitSignal(server.files_received, timeout=10_000) as got:
        proc = second_instance(name)  # no file: the first window only comes up
    assert got.args == [[]]
    qtbot.waitUntil(lambda: proc.poll() is not None, timeout=10_000)
    server.close()


def test_no_first_instance_or_a_stale_socket(qtbot, tmp_path: Path):
    name = server_name(tmp_path / "other.db")
    proc = second_instance(name)
    qtbot.waitUntil(lambda: proc.poll() is not None, timeout=10_000)
    assert proc.returncode == 3  # nobody answered: this one opens its own window
    first = InstanceServer(name)
    first.server.close()  # gone without a word (a crash leaves the socket on Unix)
    again = InstanceServer(name)
    assert again.listening
    again.close()


@pytest.mark.qt_log_ignore("This plugin does not support raise")  # offscreen
def test_the_window_opens_the_files_it_is_handed(ctx, qtbot, tmp_path: Path):
    from tests.gui.windows import close_window, make_window

    w = make_window(ctx, qtbot)
    memory = tmp_path / "memory.jsonl"
    memory.write_text(
        '{"id":"m1","layer":"semantic","content":"ohpm needs a proxy behind the firewall",'
        '"source":"agent","project":"p","confidence":0.8,"timestamp":"2026-11-01T00:00:00.000Z",'
        '"environment":"harmonyos","session":"s","tags":["ohpm"]}\n',
        encoding="utf-8",
    )
    imported = []
    w.memories.importer.import_hmharness = imported.append  # the import and its report dialog
    w.receive_files([str(memory), str(tmp_path / "nothing.txt")])
    assert imported == [memory]
    assert "cannot open" in w.banner.text() and "nothing.txt" in w.banner.text()
    close_window(w)
