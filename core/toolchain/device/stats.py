"""Memory and CPU of the app's process while it runs: ``hidumper --mem PID`` and
``hidumper --cpuusage PID``, sampled every few seconds.

Formats (openharmony/docs ``en/application-dev/dfx/hidumper.md``):

* ``--mem PID``: a table under ``-------------------------------[memory]---…``, one row per
  category (``ark ts heap``, ``native heap``, ``.so``, …) and a ``Total`` row; the first number
  of each row is its PSS in kB.
* ``--cpuusage PID``: ``Total: 3.80%; User Space: …`` for the device, then ``Details of
  Processes:`` and a row ``PID  TOTAL%  USER%  KERNEL%  MINOR  MAJOR  NAME`` per process.

The process is found with ``pidof BUNDLE`` (toybox: the pids, space-separated; nothing when it
does not run). The first sample whose process is gone is marked ``exited`` (the next ones are
not: the app is not running); a new pid after one that ran is marked ``restarted`` (the app
crashed and came back, or was started again). :class:`Sampler` samples while the app runs: it
stops :data:`GONE_LIMIT` samples after the app went away.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, replace
from typing import Any

from hmdesk.core.dbfile import iso
from hmdesk.core.toolchain.device.call import run_hdc
from hmdesk.core.toolchain.hdc import Outcome, classify_fail, validate_bundle, validate_device_key
from hmdesk.core.toolchain.process import CancelToken

SAMPLE_TIMEOUT = 10.0
DEFAULT_INTERVAL = 3.0
MAX_SAMPLES = 2000
"""A sampler stops after this many samples (at 3 s: 100 minutes)."""
GONE_LIMIT = 20
"""A sampler stops once the app has not run for this many samples in a row (at 3 s: a minute,
time for a crashed app to be started again)."""

_TOTAL_RE = re.compile(r"^\s*Total\s+(\d+)\b")
_MEM_ROW_RE = re.compile(r"^\s*(?P<name>[A-Za-z.][A-Za-z .]*?)\s+(?P<pss>\d+)(?:\s+\d+){5,}\s*$")
_CPU_TOTAL_RE = re.compile(r"^Total:\s*([\d.]+)%")
_CPU_ROW_RE = re.compile(r"^\s*(\d+)\s+([\d.]+)%\s+([\d.]+)%\s+([\d.]+)%\s+\d+\s+\d+\s+(.*\S)\s*$")


@dataclass(frozen=True)
class Memory:
    pss_kb: int
    categories: dict[str, int]


@dataclass(frozen=True)
class Cpu:
    percent: float  # of one core; may pass 100 on several cores
    device_percent: float | None
    name: str | None


@dataclass(frozen=True)
class Sample:
    at: str  # ISO-8601 UTC
    pid: int | None
    pss_kb: int | None
    cpu_percent: float | None
    mark: str | None = None  # exited | restarted | unanswered; crash | freeze (the log)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def pidof_argv(hdc: str, key: str, bundle: str) -> list[str]:
    return [hdc, "-t", validate_device_key(key), "shell", "pidof", validate_bundle(bundle)]


def _pid(pid: int) -> str:
    if isinstance(pid, bool) or not isinstance(pid, int) or pid <= 0:
        raise ValueError(f"pid {pid!r} is not a process id")
    return str(pid)


def mem_argv(hdc: str, key: str, pid: int) -> list[str]:
    return [hdc, "-t", validate_device_key(key), "shell", "hidumper", "--mem", _pid(pid)]


def cpu_argv(hdc: str, key: str, pid: int) -> list[str]:
    return [hdc, "-t", validate_device_key(key), "shell", "hidumper", "--cpuusage", _pid(pid)]


def parse_mem(text: str) -> Memory | None:
    """PSS total and per category of a ``hidumper --mem PID`` answer (None without a Total)."""
    total: int | None = None
    cats: dict[str, int] = {}
    for line in text.splitlines():
        if line.strip().endswith(":") and total is not None:  # "native heap:" details follow
            break
        m = _TOTAL_RE.match(line)
        if m:
            total = int(m[1])
            continue
        r = _MEM_ROW_RE.match(line)
        if r and total is None:
            cats[r["name"].strip()] = int(r["pss"])
    return Memory(total, cats) if total is not None else None


def parse_cpu(text: str, pid: int) -> Cpu | None:
    """The CPU use of ``pid`` in a ``hidumper --cpuusage`` answer (None when it is not listed)."""
    device: float | None = None
    for line in text.splitlines():
        t = _CPU_TOTAL_RE.match(line.strip())
        if t:
            device = float(t[1])
            continue
        m = _CPU_ROW_RE.match(line)
        if m and int(m[1]) == pid:
            return Cpu(float(m[2]), device, m[5])
    return None


def parse_pidof(text: str) -> list[int]:
    """``pidof`` prints the pids on one line separated by spaces (nothing when none runs)."""
    if classify_fail(text) is not None:
        return []
    first = text.strip().splitlines()[0] if text.strip() else ""
    return [int(w) for w in first.split() if w.isdigit()] if re.fullmatch(r"[\d ]+", first) else []


def find_pid(
    hdc: str, key: str, bundle: str, *, timeout: float = SAMPLE_TIMEOUT
) -> tuple[int | None, Outcome | None]:
    reply, failed = run_hdc(pidof_argv(hdc, key, bundle), timeout=timeout)
    if failed is not None:
        return None, failed
    fail = classify_fail(reply.text)
    if fail is not None:
        return None, fail
    pids = parse_pidof(reply.text)
    return (pids[0] if pids else None), None


def sample_once(
    hdc: str, key: str, bundle: str, last_pid: int | None = None, *, timeout: float = SAMPLE_TIMEOUT
) -> tuple[Sample, Outcome | None]:
    """One sample; the Outcome says why the device did not answer (the sample is then marked)."""
    pid, failed = find_pid(hdc, key, bundle, timeout=timeout)
    if failed is not None:
        return Sample(iso(), None, None, None, "unanswered"), failed
    if pid is None:
        return Sample(iso(), None, None, None, "exited" if last_pid else None), None
    mark = "restarted" if last_pid is not None and pid != last_pid else None
    reply, failed = run_hdc(mem_argv(hdc, key, pid), timeout=timeout)
    mem = None if failed else parse_mem(reply.text)
    reply2, failed2 = run_hdc(cpu_argv(hdc, key, pid), timeout=timeout)
    cpu = None if failed2 else parse_cpu(reply2.text, pid)
    problem = failed or failed2
    if problem is not None and problem.kind == "timeout":
        mark = mark or "unanswered"
    sample = Sample(iso(), pid, mem.pss_kb if mem else None, cpu.percent if cpu else None, mark)
    return sample, problem


class Sampler:
    """Samples ``bundle`` every ``interval`` seconds until stopped (or ``max_samples``),
    handing each to ``on_sample`` (on the sampler's thread: call :meth:`run` off the GUI
    thread)."""

    def __init__(
        self,
        hdc: str,
        key: str,
        bundle: str,
        on_sample: Callable[[Sample, Outcome | None], None],
        *,
        interval: float = DEFAULT_INTERVAL,
        max_samples: int = MAX_SAMPLES,
        gone_limit: int = GONE_LIMIT,
    ) -> None:
        validate_device_key(key)
        validate_bundle(bundle)
        if interval < 0.5:
            raise ValueError("sample at most twice a second")
        self.hdc, self.key, self.bundle = hdc, key, bundle
        self.on_sample = on_sample
        self.interval = interval
        self.max_samples = max_samples
        self.gone_limit = gone_limit
        self.cancel = CancelToken()
        self.count = 0

    def stop(self) -> None:
        self.cancel.cancel()

    def run(self) -> int:
        running: int | None = None  # the pid of the previous sample, when the app ran then
        seen: int | None = None  # the last pid seen
        gone = 0
        while not self.cancel.cancelled and self.count < self.max_samples:
            started = time.monotonic()
            sample, problem = sample_once(self.hdc, self.key, self.bundle, running)
            if sample.pid is not None:
                if running is None and seen is not None and sample.pid != seen:
                    sample = replace(sample, mark="restarted")  # came back after it exited
                running = seen = sample.pid
                gone = 0
            elif sample.mark != "unanswered":
                running = None
                gone += 1
            self.count += 1
            self.on_sample(sample, problem)
            if gone >= self.gone_limit:
                break
            self.cancel.wait(max(0.0, self.interval - (time.monotonic() - started)))
        return self.count
