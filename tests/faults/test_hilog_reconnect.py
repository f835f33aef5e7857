"""``hmdesk-cli logs`` over a device that keeps dropping the connection: ``hdc shell hilog``
prints the device's whole buffer again each time it starts, and each line is printed once.

The buffer is made of real ``hdc shell hilog`` lines (tests/data/real_logs/hilog: the
OpenHarmony hilog guide and a public repository, sources in the .toml beside each file);
the fake hdc prints the file as the device's buffer and ends (``vanish-mid-hilog``).
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading
from pathlib import Path

import pytest

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools
from tests.fixtures.waiting import wait_until

REAL = Path(__file__).parents[1] / "data" / "real_logs" / "hilog"
FIRST = (REAL / "hdc-hilog-faq-video.log").read_text("utf-8").splitlines()  # 07-07 …
LATER = (REAL / "hdc-docs-v-time.log").read_text("utf-8").splitlines()  # 11-15: logged later


class Reader:
    """The lines a pipe gave, read on a thread."""

    def __init__(self, pipe: object) -> None:
        self.lines: list[str] = []
        self._thread = threading.Thread(target=self._read, args=(pipe,), daemon=True)
        self._thread.start()

    def _read(self, pipe: object) -> None:
        for line in pipe:  # type: ignore[attr-defined]
            self.lines.append(line.rstrip("\n"))

    def join(self) -> None:
        self._thread.join(timeout=20)

    def count(self, word: str) -> int:
        return sum(word in line for line in self.lines)


@pytest.mark.slow  # a real CLI streaming through several reconnects (backoff 0.5 s each)
@pytest.mark.hostile("hilog-buffer-replayed-on-every-reconnect")
def test_logs_prints_each_line_once_across_reconnects(
    fake_tools: FakeTools, tmp_path: Path
) -> None:
    buffer = tmp_path / "buffer.log"
    buffer.write_text("\n".join(FIRST) + "\n", "utf-8")
    fake_tools.hdc_scenario("one-device", "vanish-mid-hilog")
    fake_tools.set("FAKE_HILOG_FILE", str(buffer))
    proc = subprocess.Popen(
        [sys.executable, "-m", "hmdesk.core.cli", "logs", "--device", FAKE_HDC_KEY],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env=dict(os.environ),
        text=True,
        encoding="utf-8",
    )
    out, err = Reader(proc.stdout), Reader(proc.stderr)
    try:
        wait_until(lambda: err.count("restarting") >= 3, timeout=30)  # three replays of FIRST
        buffer.write_text("\n".join(FIRST + LATER) + "\n", "utf-8")  # the device logged more
        seen = err.count("restarting")
        wait_until(lambda: err.count("restarting") >= seen + 3, timeout=30)
        proc.send_signal(signal.SIGINT)
        proc.wait(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        out.join()
        err.join()
        assert proc.stdout is not None and proc.stderr is not None
        proc.stdout.close()
        proc.stderr.close()
    assert out.lines == FIRST + LATER
