"""hidumper --mem / --cpuusage on the documented outputs, and sampling against the fake."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.toolchain.device import stats
from hmdesk.core.toolchain.device.evidence import Evidence
from hmdesk.core.toolchain.pipeline.recorder import RunRecorder

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools

DATA = Path(__file__).resolve().parents[3] / "data/device"


def test_documented_outputs() -> None:
    mem = stats.parse_mem((DATA / "hidumper_mem_27336.txt").read_text(encoding="utf-8"))
    assert mem is not None and mem.pss_kb == 92998
    assert mem.categories["ark ts heap"] == 12676 and mem.categories["native heap"] == 15427
    one = stats.parse_cpu((DATA / "hidumper_cpuusage_1.txt").read_text(encoding="utf-8"), 1)
    assert one == stats.Cpu(0.0, 3.8, "init")
    every = (DATA / "hidumper_cpuusage_all.txt").read_text(encoding="utf-8")
    assert stats.parse_cpu(every, 105) == stats.Cpu(109.01, 6.38, "tppmgr.elf")
    assert stats.parse_cpu(every, 2) == stats.Cpu(0.89, 6.38, "sysmgr-main")
    assert stats.parse_cpu(every, 7) is None
    assert stats.parse_mem("option pid missed. Please input: hidumper -h") is None


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_samples_and_marks(fake_tools: FakeTools) -> None:
    hdc = str(fake_tools.hdc)
    fake_tools.set("FAKE_HDC_PIDS", "5394")
    s, problem = stats.sample_once(hdc, FAKE_HDC_KEY, "com.example.hello")
    assert problem is None and (s.pid, s.pss_kb, s.cpu_percent, s.mark) == (5394, 92998, 12.5, None)
    fake_tools.set("FAKE_HDC_PIDS", "5501")
    s, _ = stats.sample_once(hdc, FAKE_HDC_KEY, "com.example.hello", last_pid=5394)
    assert (s.pid, s.mark) == (5501, "restarted")
    fake_tools.set("FAKE_HDC_PIDS", None)
    s, _ = stats.sample_once(hdc, FAKE_HDC_KEY, "com.example.hello", last_pid=5501)
    assert (s.pid, s.pss_kb, s.mark) == (None, None, "exited")
    fake_tools.set("FAKE_HDC_PIDS", "5394")
    fake_tools.hdc_scenario("one-device", "hidumper-hang")
    s, problem = stats.sample_once(hdc, FAKE_HDC_KEY, "com.example.hello", timeout=1.0)
    assert s.mark == "unanswered" and problem is not None and problem.kind == "timeout"


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_sampler_keeps_samples_with_the_run(fake_tools: FakeTools, db: Database) -> None:
    fake_tools.set("FAKE_HDC_PIDS", "5394")
    run_id, _ = RunRecorder(db).create_run(
        project="/p", device=FAKE_HDC_KEY, options={}, rerun_of=None, plan=[]
    )
    ev = Evidence(db)
    sampler = stats.Sampler(
        str(fake_tools.hdc),
        FAKE_HDC_KEY,
        "com.example.hello",
        lambda s, _p: ev.add_samples(run_id, [s]),
        interval=0.5,
        max_samples=3,
    )
    assert sampler.run() == 3
    ev.mark(run_id, "2999-01-01T00:00:00.000Z", "crash")
    kept = ev.samples(run_id)
    assert [x.pss_kb for x in kept] == [92998, 92998, 92998, None]
    assert kept[-1].mark == "crash"


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_sampler_marks_an_exit_once_a_restart_and_stops_when_the_app_stays_gone(
    fake_tools: FakeTools,
) -> None:
    """pidof answers 5394, then nothing twice, then 5501, then nothing: exited once (not at
    every sample while it is gone), restarted when it comes back, and the sampler stops after
    gone_limit samples without the app."""
    answers = iter(["5394", None, None, "5501", None, None, None, None])
    got: list[stats.Sample] = []

    def take(sample: stats.Sample, _problem: object) -> None:
        got.append(sample)
        fake_tools.set("FAKE_HDC_PIDS", next(answers, None))

    fake_tools.set("FAKE_HDC_PIDS", next(answers))
    sampler = stats.Sampler(
        str(fake_tools.hdc), FAKE_HDC_KEY, "com.example.hello", take, interval=0.5, gone_limit=3
    )
    assert sampler.run() == 7
    assert [(s.pid, s.mark) for s in got] == [
        (5394, None),
        (None, "exited"),
        (None, None),
        (5501, "restarted"),
        (None, "exited"),
        (None, None),
        (None, None),
    ]
