"""The hilog benchmark judges its 150,000 lines/s goal on wall-clock time;
the CPU rate and the load average are printed beside it as context only."""

from __future__ import annotations

import pytest

from tests.bench import bench_hilog


@pytest.mark.parametrize(
    ("wall_rate", "cpu_rate", "met"),
    [
        (100_000, 1_000_000, False),  # fast per CPU second but slow on the clock: missed
        (200_000, 120_000, True),  # the clock is what counts
    ],
)
def test_goal_is_judged_on_wall_clock(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    wall_rate: int,
    cpu_rate: int,
    met: bool,
) -> None:
    lines = bench_hilog.make_stream(2_000)
    monkeypatch.setattr(bench_hilog, "make_stream", lambda: lines)

    def fake_measure(fn: object, ls: list[str]) -> tuple[float, float, int]:
        return len(ls) / wall_rate, len(ls) / cpu_rate, len(ls)

    def fake_pair(fa: object, fb: object, ls: list[str]) -> tuple[float, float, float, float, int]:
        return len(ls) / wall_rate, len(ls) / wall_rate, len(ls) / cpu_rate, len(ls) / cpu_rate, 0

    monkeypatch.setattr(bench_hilog, "_measure", fake_measure)
    monkeypatch.setattr(
        bench_hilog, "_measure_pair", fake_pair
    )  # ten real runs: seconds, unchecked
    assert bench_hilog.main() is met
    goal = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("goal:"))
    assert f"-> {wall_rate:,}: {'met' if met else 'MISSED'}" in goal
    assert "wall clock" in goal and f"{cpu_rate:,} lines per CPU second" in goal
    assert "load average" in goal
