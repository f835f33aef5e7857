"""The doctor on a 1 MB log: ``diagnose`` wall time for the shapes a failed step or a pasted
text takes, built from the real logs of ``tests/data/real_logs``.

* a build log: 1 MB of hvigor task lines and ArkTS warnings with the real error at the end;
* a hilog dump: 1 MB of ``hdc shell hilog`` lines with a native-module failure in the middle
  (the doctor reads the whole text for crash lines, not only the tail);
* a fault log: a real jscrash header and stack followed by a 1 MB ``HiLog:`` section;
* a log with nothing known in it (every table is tried, then the weak words);
* a pasted page of long lines (2,000 characters of prose each, an error word in each): a
  pattern that is tried at every position of a line costs its square (a real 2.4 kB FAQ log with
  1,800-character lines took 230 ms before the readers' patterns were anchored);
* hvigor's own debug log (``.hvigor/outputs/build-logs/build.log``, opened whole): 3 MB of
  builds, the failing one (a real slice) in the middle and passing builds after it;
* a debug log whose failing build is one 1 MB error record (thousands of numbered errors);
* a hilog dump with an app's error line carrying a system API's documented error code at the
  end, and one whose error lines carry only codes no page documents (the API error-code
  catalogue is loaded once, when a code is first seen).

Each is diagnosed ``REPS`` times, interleaved; medians and max. Goal: every median < 50 ms a MB
(the doctor runs when a step fails and on ``hmdesk-cli doctor``: a person waits for it at most
the ~100 ms an interaction takes). The machine may be shared: medians, not single runs.

    python -m tests.bench doctor
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path

from hmdesk.core.toolchain.doctor import diagnose

REPS = 9
GOAL_MS = 50.0
MB = 1_000_000
CORPUS = Path(__file__).resolve().parents[1] / "data" / "real_logs"


def _real(kind: str, name: str) -> str:
    return (CORPUS / kind / f"{name}.log").read_text(encoding="utf-8")


def _fill(lines: list[str], size: int) -> str:
    out: list[str] = []
    n = 0
    i = 0
    while n < size:
        line = lines[i % len(lines)]
        out.append(line)
        n += len(line) + 1
        i += 1
    return "\n".join(out)


def _debug_builds(size: int) -> str:
    """``size`` characters of hvigor's debug records: builds that pass."""
    stamp = "[2026-05-10T21:27:35.397]"
    build = [
        f"{stamp} [DEBUG] debug-file - env: nodejsVersion=v18.20.1",
        f"{stamp} [DEBUG] debug-file - Hvigor init with startParameters:{{",
        "  hvigorfileTypeCheck: false,",
        "}",
    ]
    for i in range(60):
        build += [
            f"{stamp} [DEBUG] debug-file - Update task entry:default@Task{i} input file:"
            f"E:\\project\\entry\\build\\default\\intermediates\\res{i} cache by regenerate.",
            f"{stamp} [INFO] debug-file - Finished :entry:default@Task{i}... after {i} ms ",
        ]
    build.append(f"{stamp} [INFO] debug-file - BUILD SUCCESSFUL in 2 s 881 ms ")
    return _fill(build, size)


def shapes() -> dict[str, str]:
    tasks = [
        f"> hvigor Finished :entry:default@Task{i}... after {i % 97} ms" for i in range(50)
    ] + [
        "WARN: ArkTS:WARN File: /p/entry/src/main/ets/pages/Index.ets:12:5",
        " Function may throw exceptions. Special handling is required.",
    ]
    hilog = _real("hilog", "hdc-hilog-faq-video").splitlines()
    return {
        "build log, error at the end": _fill(tasks, MB)
        + "\n"
        + _real("linter", "any-unknown-10605008"),
        "hilog dump, fault in the middle": _fill(hilog, MB // 2)
        + "\n"
        + _real("hilog", "hdc-hilog-native-module-crash")
        + "\n"
        + _fill(hilog, MB // 2),
        "fault log + 1 MB HiLog section": _real("jscrash", "faq-putsync-undefined")
        + "\nHiLog:\n"
        + _fill(hilog, MB),
        "nothing known": _fill(
            [f"> hvigor Finished :entry:default@Task{i}... after 3 ms" for i in range(40)], MB
        ),
        "hvigor debug log, 3 MB": _debug_builds(MB)
        + "\n"
        + _real("arkts", "buildlog-xhub-10505001-no-overload-after-warns")
        + _debug_builds(2 * MB),
        "debug log, 1 MB error record": _real(
            "arkts", "buildlog-hongju-00305015-unexpected-token-4698-errors"
        )
        + _fill(_real("linter", "any-unknown-10605008").splitlines(), MB),
        # an app's error line with a system API's documented code: the catalogue is loaded
        # (once) only when a code is seen
        "hilog, API error code at the end": _fill(hilog, MB)
        + "\n"
        + _real("hilog", "avplayer-skill-5400101-instance-memory-limit-process-colons"),
        "hilog of undocumented codes": _fill(
            [
                f"11-18 22:04:58.{i:03d} 18389 18389 E A000FF/app/Sync: upload failed, code: {i}"
                for i in range(1100, 1600)
            ],
            MB,
        ),
        "long lines of prose": _fill(
            [
                f"step {i}: the build failed, " + "the developer explains what they tried " * 50
                for i in range(7)
            ],
            MB,
        ),
    }


def main() -> bool:
    texts = shapes()
    times: dict[str, list[float]] = {name: [] for name in texts}
    kinds: dict[str, str] = {}
    for _ in range(REPS):
        for name, text in texts.items():
            t0 = time.perf_counter()
            f = diagnose(text)
            times[name].append((time.perf_counter() - t0) * 1000)
            kinds[name] = f.kind if f is not None else "-"
    print(f"diagnose() on ~1 MB texts, {REPS} runs each, interleaved (ms)")
    print(f"{'':34}{'size':>9}{'median':>9}{'max':>9}  finding")
    ok = True
    for name, t in times.items():
        med = statistics.median(t)
        ok &= med < GOAL_MS * max(1.0, len(texts[name]) / MB)
        print(f"{name:34}{len(texts[name]):9d}{med:9.1f}{max(t):9.1f}  {kinds[name]}")
    print(f"goal: every median < {GOAL_MS:.0f} ms a MB")
    return ok


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)
