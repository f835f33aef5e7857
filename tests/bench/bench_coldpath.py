"""Cold-path benchmark (issue 10, requirements 3 and 4): whole processes, side by side, one run.

For every size in ``HMDESK_BENCH_SIZES`` (default ``100000``; ``make bench-scale`` runs
``10000,100000,1000000``) it writes the generated memories of ``bench_retrieval`` to an hmharness
``memory.jsonl`` (streaming: 1M memories are never all in memory), imports it once with
``hmdesk-cli --db X import-hmharness FILE`` (timed, with its peak memory), then runs, alternating,
``HMDESK_BENCH_RUNS`` times (default 5) for each of 4 queries:

* ``reference`` — a plain Python script (stdlib only) that does what hmharness does per call: read
  the whole ``memory.jsonl``, parse every line, drop superseded entries, split the query as
  hmharness does, score every entry ``confidence*0.4 + recency*0.2 + lexical*0.4``, drop the
  entries with no hit, stable sort, print the top 10 ids;
* ``hmdesk-cli --db X query TEXT --profile hmharness|default --now … --json``;

and ``hmdesk-cli --help`` once per round. Every process is timed (wall) and its peak RSS read from
``os.wait4`` (``ru_maxrss``). With ``HMDESK_BENCH_CLI=/path/to/other/hmdesk-cli`` the same runs are
made with that CLI on its own database (built by its own import): a "before" column, same run.

Checks: the CLI's hmharness ids, and the reference script's, equal the in-process
:func:`retrieve_hmharness_scan` over the generated records; the "before" CLI gives the same ids for
both profiles. Goals (issue 26) for the CLI under test: at 100k one-shot query median ≤ 0.4 s and
≤ 0.5× the reference, peak ≤ 150 MiB, ``--help`` median ≤ 0.15 s; at 1M one-shot query median
≤ 1.5 s. Medians and maxima are over all runs of all queries. ``python -m tests.bench coldpath``.
``HMDESK_BENCH_CACHE=DIR`` keeps the generated ``memory.jsonl`` files there for later runs (and
for ``bench_scale``, which shares the generation and import step).

``HMDESK_BENCH_DB=N=PATH[,N=PATH]`` takes the database at PATH (built from the same generated
memories, e.g. by an earlier run of this bench or ``bench_scale``) for size N instead of writing
and importing it (1M memories take minutes to write and import, and the reference scan half a
minute per run): only the CLI queries and ``--help`` run for that size, on that file (read-only;
the "before" CLI, if any, on the same file), with no reference and no check against the scan,
only that every run (and the before CLI) gives the same ids.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable, Iterator
from pathlib import Path

from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.profile import HMHARNESS
from hmdesk.core.memory.retrieve.reference_scan import retrieve_hmharness_scan
from hmdesk.core.memory.retrieve.results import Query

from tests.bench.bench_retrieval import NOW, iter_records, make_queries, write_hmharness_jsonl

NOW_ISO = "2026-11-29T12:00:00Z"
LIMIT = 10
PROFILES = ("hmharness", "default")
GOAL_ONESHOT_S = 0.4
GOAL_ONESHOT_RATIO = 0.5
GOAL_PEAK_MIB = 150.0
GOAL_HELP_S = 0.15
GOAL_ONESHOT_1M_S = 1.5

# What hmharness does per call, written plainly (stdlib only): argv = file, query text, now (ms).
REFERENCE = r"""
import json, re, sys
from datetime import datetime, timedelta, timezone
path, text, now_ms = sys.argv[1], sys.argv[2], int(sys.argv[3])
ws = "\t\n\v\f\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"
terms = [t for t in re.split("[" + ws + ",，;；]+", text.lower()) if len(t.encode("utf-16-le")) >= 4]
epoch = datetime(1970, 1, 1, tzinfo=timezone.utc)
entries = []
with open(path, encoding="utf-8") as fh:
    for line in fh:
        if line.strip():
            entries.append(json.loads(line))
scored = []
for e in entries:
    if e.get("supersededBy"):
        continue
    hay = (e.get("content", "") + " " + " ".join(e.get("tags", []))).lower()
    lexical = 0.0
    if terms:
        hits = sum(1 for t in terms if t in hay)
        if not hits:
            continue
        lexical = hits / len(terms)
    try:
        ts = datetime.fromisoformat(e["timestamp"])
        ms = (ts - epoch) // timedelta(milliseconds=1)
        recency = max(0.0, 1 - (now_ms - ms) / 86400000 / 90)
    except (KeyError, TypeError, ValueError):
        recency = 0.0
    scored.append((e["id"], e.get("confidence", 0) * 0.4 + recency * 0.2 + lexical * 0.4))
scored.sort(key=lambda s: -s[1])
print(json.dumps([i for i, _ in scored[:10]]))
"""


def _cli_next_to_python() -> Path:
    scripts = Path(sys.executable).parent
    return scripts / ("hmdesk-cli.exe" if os.name == "nt" else "hmdesk-cli")


def _peak_mib(maxrss: int) -> float:
    # ru_maxrss: bytes on macOS, KiB on Linux (and the other Unixes)
    return maxrss / (1024 * 1024) if sys.platform == "darwin" else maxrss / 1024


def run_measured(
    argv: list[str], env: dict[str, str] | None = None
) -> tuple[float, float | None, str]:
    """Run one process; return (wall seconds, peak RSS MiB or None, stdout). Fails loudly."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        proc = subprocess.Popen(argv, stdout=out, stderr=err, stdin=subprocess.DEVNULL, env=env)
        peak: float | None = None
        if hasattr(os, "wait4"):
            _, status, usage = os.wait4(proc.pid, 0)
            wall = time.perf_counter() - t0
            proc.returncode = os.waitstatus_to_exitcode(status)
            peak = _peak_mib(usage.ru_maxrss)
        else:  # Windows: no rusage for a child
            proc.wait()
            wall = time.perf_counter() - t0
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        if proc.returncode != 0:
            tail = err.read().decode("utf-8", "replace")[-2000:]
            raise RuntimeError(f"{argv[:4]}… exited {proc.returncode}:\n{tail}")
    return wall, peak, stdout


class StreamedScan:
    """The in-process reference ids, from the records as they stream by (bounded memory).

    Each chunk keeps its own top ``query.limit`` per query; the global top is among them, and
    :func:`retrieve_hmharness_scan` over the kept ones in input order gives the same stable order.
    Every query must use the hmharness profile.
    """

    CHUNK = 50_000

    def __init__(self, queries: list[Query]) -> None:
        self.queries = queries
        self.kept: list[list[MemoryRecord]] = [[] for _ in queries]
        self.chunk: list[MemoryRecord] = []

    def tap(self, records: Iterable[MemoryRecord], n: int) -> Iterator[MemoryRecord]:
        step = max(n // 10, 1)
        for i, r in enumerate(records, 1):
            self.chunk.append(r)
            if len(self.chunk) >= self.CHUNK:
                self._flush()
            if n >= 200_000 and i % step == 0:
                print(f"  generated {i:,} / {n:,}", flush=True)
            yield r
        self._flush()

    def _flush(self) -> None:
        for q, kept in zip(self.queries, self.kept, strict=True):
            kept.extend(m for m, _ in retrieve_hmharness_scan(self.chunk, q))
        self.chunk = []

    def ids(self) -> list[list[str]]:
        out: list[list[str]] = []
        for q, kept in zip(self.queries, self.kept, strict=True):
            kept.sort(key=lambda m: m.seq or 0)
            out.append([m.id for m, _ in retrieve_hmharness_scan(kept, q)])
        return out


def write_generated(n: int, jsonl: Path, scan: StreamedScan | None = None) -> int:
    """Write the ``n`` generated memories to ``jsonl`` (streaming), feeding ``scan`` on the way.

    With ``HMDESK_BENCH_CACHE=DIR`` the file is kept there and reused by later runs (the 1M file
    takes minutes to write): ``jsonl`` is then a copy-free link to it when possible, and the
    records are still generated for a ``scan`` (it needs them), just not written again.
    """

    def records() -> Iterator[MemoryRecord]:
        return iter_records(n) if scan is None else scan.tap(iter_records(n), n)

    cache = os.environ.get("HMDESK_BENCH_CACHE")
    if not cache:
        return write_hmharness_jsonl(records(), jsonl)
    cached = Path(cache) / f"memory-{n}.jsonl"
    done = cached.with_suffix(".done")
    if done.exists() and cached.exists():
        print(f"  reusing {cached}", flush=True)
        written = (
            int(done.read_text(encoding="utf-8")) if scan is None else sum(1 for _ in records())
        )
    else:
        cached.parent.mkdir(parents=True, exist_ok=True)
        written = write_hmharness_jsonl(records(), cached)
        done.write_text(str(written), encoding="utf-8")
    try:
        os.link(cached, jsonl)
    except OSError:
        shutil.copyfile(cached, jsonl)
    return written


def import_store(cli: str, db: Path, jsonl: Path) -> tuple[float, float | None]:
    """``hmdesk-cli --db DB import-hmharness FILE`` as a measured process: (wall s, peak MiB)."""
    wall, peak, _ = run_measured([cli, "--db", str(db), "import-hmharness", str(jsonl)])
    return wall, peak


def pick_queries() -> list[str]:
    """ "hvigor 构建 失败" plus an English query, a code id and Chinese without spaces."""
    qs = make_queries()
    english = next(q.text for i, q in enumerate(qs) if i % 8 == 0 and q.text)
    zh_run = next(q.text for i, q in enumerate(qs) if i % 8 == 2 and q.text)
    code = next(q.text for i, q in enumerate(qs) if i % 8 == 5 and q.text)
    return ["hvigor 构建 失败", english, code, zh_run]


class Sample:
    def __init__(self) -> None:
        self.walls: list[float] = []
        self.peaks: list[float] = []

    def add(self, wall: float, peak: float | None) -> None:
        self.walls.append(wall)
        if peak is not None:
            self.peaks.append(peak)

    @property
    def median(self) -> float:
        return statistics.median(self.walls)

    @property
    def worst(self) -> float:
        return max(self.walls)

    @property
    def peak(self) -> float | None:
        return max(self.peaks) if self.peaks else None


def _query_argv(cli: str, db: Path, text: str, profile: str) -> list[str]:
    return [cli, "--db", str(db), "query", text, "--profile", profile, "--now", NOW_ISO, "--json"]


def _ids_of(stdout: str) -> list[str]:
    return [r["id"] for r in json.loads(stdout)["results"]]


def existing_dbs() -> dict[int, Path]:
    """``HMDESK_BENCH_DB``: sizes whose database is taken as it is (see the module doc)."""
    out: dict[int, Path] = {}
    for item in os.environ.get("HMDESK_BENCH_DB", "").split(","):
        if item.strip():
            size, _, path = item.partition("=")
            out[int(size)] = Path(path.strip())
    return out


def measure_existing(n: int, db: Path, runs: int, clis: dict[str, str]) -> tuple[dict, list[str]]:
    """The CLI runs alone, on the existing database ``db`` of ``n`` memories."""
    texts = pick_queries()
    print(f"\n[{n:,}] existing database {db} (no reference, no import)", flush=True)
    samples: dict[tuple[str, ...], Sample] = {}
    problems: list[str] = []
    got: dict[tuple[str, str, str], list[str]] = {}
    labels = list(clis)
    for run in range(runs):
        order = labels if run % 2 == 0 else labels[::-1]
        for text in texts:
            for label in order:
                for profile in PROFILES:
                    wall, peak, out = run_measured(_query_argv(clis[label], db, text, profile))
                    samples.setdefault((label, profile), Sample()).add(wall, peak)
                    samples.setdefault((label, profile, text), Sample()).add(wall, peak)
                    ids = _ids_of(out)
                    if ids != got.setdefault((label, profile, text), ids):
                        problems.append(f"{label} {profile} ids changed between runs for {text!r}")
        for label in order:
            wall, peak, _ = run_measured([clis[label], "--help"])
            samples.setdefault((label, "help"), Sample()).add(wall, peak)
        print(f"[{n:,}] round {run + 1}/{runs} done", flush=True)
    if "before" in clis:
        for text in texts:
            for profile in PROFILES:
                if got[("after", profile, text)] != got[("before", profile, text)]:
                    problems.append(f"{profile} ids differ from the before CLI for {text!r}")
    return {"samples": samples, "imports": {}}, problems


def measure_size(n: int, runs: int, clis: dict[str, str], tmp: Path) -> tuple[dict, list[str]]:
    """Everything for one size: returns (figures, problems with ids)."""
    texts = pick_queries()
    jsonl = tmp / f"memory-{n}.jsonl"
    print(f"\n[{n:,}] writing {jsonl.name} …", flush=True)
    t0 = time.perf_counter()
    scan = StreamedScan([Query(text=t, limit=LIMIT, now=NOW, profile=HMHARNESS) for t in texts])
    written = write_generated(n, jsonl, scan)
    want = dict(zip(texts, scan.ids(), strict=True))
    size_mib = jsonl.stat().st_size / 2**20
    print(f"[{n:,}] {written:,} memories, {size_mib:.0f} MiB, {time.perf_counter() - t0:.1f} s")

    samples: dict[tuple[str, ...], Sample] = {}
    imports: dict[str, tuple[float, float | None]] = {}
    dbs: dict[str, Path] = {}
    for label, cli in clis.items():
        dbs[label] = tmp / f"{label}-{n}.db"
        print(f"[{n:,}] {label}: import-hmharness …", flush=True)
        wall, peak = import_store(cli, dbs[label], jsonl)
        imports[label] = (wall, peak)
        print(f"[{n:,}] {label}: imported in {wall:.1f} s, peak {_fmt_mib(peak)} MiB", flush=True)

    problems: list[str] = []
    got: dict[tuple[str, str, str], list[str]] = {}
    now_ms = int((NOW.timestamp()) * 1000)
    ref_argv = [sys.executable, "-c", REFERENCE, str(jsonl)]
    labels = list(clis)
    for run in range(runs):
        order = labels if run % 2 == 0 else labels[::-1]  # alternate who goes first
        for text in texts:
            wall, peak, out = run_measured([*ref_argv, text, str(now_ms)])
            samples.setdefault(("reference", "query"), Sample()).add(wall, peak)
            if json.loads(out) != want[text]:
                problems.append(f"reference script ids differ for {text!r}: {out.strip()}")
            for label in order:
                for profile in PROFILES:
                    argv = _query_argv(clis[label], dbs[label], text, profile)
                    wall, peak, out = run_measured(argv)
                    samples.setdefault((label, profile), Sample()).add(wall, peak)
                    samples.setdefault((label, profile, text), Sample()).add(wall, peak)
                    ids = _ids_of(out)
                    prev = got.setdefault((label, profile, text), ids)
                    if ids != prev:
                        problems.append(f"{label} {profile} ids changed between runs for {text!r}")
        for label in order:
            wall, peak, _ = run_measured([clis[label], "--help"])
            samples.setdefault((label, "help"), Sample()).add(wall, peak)
        print(f"[{n:,}] round {run + 1}/{runs} done", flush=True)

    for text in texts:
        for label in labels:
            if got[(label, "hmharness", text)] != want[text]:
                problems.append(f"{label} hmharness ids differ from the scan for {text!r}")
        if "before" in clis:
            for profile in PROFILES:
                if got[("after", profile, text)] != got[("before", profile, text)]:
                    problems.append(f"{profile} ids differ from the before CLI for {text!r}")
    hits = sum(bool(want[t]) for t in texts)
    print(f"[{n:,}] queries {texts} ({hits} with hits)")
    return {"samples": samples, "imports": imports}, problems


def _fmt_mib(peak: float | None) -> str:
    return "-" if peak is None else f"{peak:.0f}"


def print_table(n: int, figures: dict, labels: list[str]) -> None:
    samples: dict[tuple[str, ...], Sample] = figures["samples"]
    if ("reference", "query") not in samples:  # an existing database: the CLI alone
        print(f"\n{n:,} memories (existing database) — whole processes")
        print(
            f"{'command':<30}"
            + "".join(
                f" | {label + ' median s':>16} {'max s':>7} {'peak MiB':>8}" for label in labels
            )
        )
        keys = [
            ("hmharness", "query --profile hmharness"),
            ("default", "query --profile default"),
            ("help", "--help"),
        ]
        texts = sorted({k[2] for k in samples if len(k) == 3}, key=str)
        keys += [((p, t), f"  {p[:4]} {t}") for t in texts for p in PROFILES]
        for key, name in keys:
            line = f"{name:<30}"
            for label in labels:
                s = samples.get((label, *key) if isinstance(key, tuple) else (label, key))
                line += f" | {s.median:>16.3f} {s.worst:>7.3f} {_fmt_mib(s.peak):>8}" if s else ""
            print(line)
        return
    ref = samples[("reference", "query")].median
    head = f"{'command':<30}"
    for label in labels:
        head += f" | {label + ' median s':>16} {'max s':>7} {'peak MiB':>8} {'×ref':>6}"
    print(
        f"\n{n:,} memories — whole processes, median of {len(samples[('reference', 'query')].walls)}"
    )
    print(head)

    def cells(s: Sample | None) -> str:
        if s is None:
            return f" | {'':>16} {'':>7} {'':>8} {'':>6}"
        return f" | {s.median:>16.3f} {s.worst:>7.3f} {_fmt_mib(s.peak):>8} {s.median / ref:>6.2f}"

    r = samples[("reference", "query")]
    print(f"{'reference (python, jsonl scan)':<30}{cells(r)}")
    for key, name in (
        ("hmharness", "query --profile hmharness"),
        ("default", "query --profile default"),
        ("help", "--help"),
    ):
        print(f"{name:<30}" + "".join(cells(samples.get((label, key))) for label in labels))
    texts = sorted({k[2] for k in samples if len(k) == 3}, key=str)
    for text in texts:  # each query alone: a Chinese one pays the segmenter's dictionary
        for profile in PROFILES:
            name = f"  {profile[:4]} {text}"
            print(
                f"{name:<30}"
                + "".join(cells(samples.get((label, profile, text))) for label in labels)
            )
    line = f"{'import-hmharness (once)':<30}"
    for label in labels:
        wall, peak = figures["imports"][label]
        line += f" | {wall:>16.2f} {'':>7} {_fmt_mib(peak):>8} {'':>6}"
    print(line)


def goals(n: int, figures: dict) -> list[tuple[str, bool]]:
    samples: dict[tuple[str, str], Sample] = figures["samples"]
    ref_sample = samples.get(("reference", "query"))
    ref = ref_sample.median if ref_sample is not None else float("nan")
    out: list[tuple[str, bool]] = []
    if n == 100_000 and ref_sample is not None:
        for profile in PROFILES:
            s = samples[("after", profile)]
            out.append(
                (
                    f"{profile} one-shot median {s.median:.3f} s ≤ {GOAL_ONESHOT_S} s",
                    s.median <= GOAL_ONESHOT_S,
                )
            )
            ratio = s.median / ref
            out.append(
                (
                    f"{profile} one-shot {ratio:.2f}× reference ≤ {GOAL_ONESHOT_RATIO}×",
                    ratio <= GOAL_ONESHOT_RATIO,
                )
            )
            if s.peak is not None:
                out.append(
                    (
                        f"{profile} one-shot peak {s.peak:.0f} MiB ≤ {GOAL_PEAK_MIB:.0f} MiB",
                        s.peak <= GOAL_PEAK_MIB,
                    )
                )
        h = samples[("after", "help")]
        out.append((f"--help median {h.median:.3f} s ≤ {GOAL_HELP_S} s", h.median <= GOAL_HELP_S))
    if n == 1_000_000:
        for profile in PROFILES:
            s = samples[("after", profile)]
            out.append(
                (
                    f"{profile} one-shot median {s.median:.3f} s ≤ {GOAL_ONESHOT_1M_S} s",
                    s.median <= GOAL_ONESHOT_1M_S,
                )
            )
    return out


def growth(all_figures: dict[int, dict], labels: list[str]) -> None:
    if len(all_figures) < 2:
        return
    print("\ngrowth (median wall s / peak MiB per size)")
    sizes = sorted(all_figures)
    print(f"{'command':<36}" + "".join(f"{n:>18,}" for n in sizes))
    rows = [("reference", "query", "reference")]
    for label in labels:
        rows += [(label, p, f"{label} query {p}") for p in PROFILES]
        rows += [(label, "help", f"{label} --help")]
    for label, key, name in rows:
        line = f"{name:<36}"
        for n in sizes:
            s = all_figures[n]["samples"].get((label, key))
            line += f"{s.median:>10.3f} /{_fmt_mib(s.peak):>6}" if s else f"{'-':>10} /{'-':>6}"
        print(line)
    for label in labels:
        line = f"{label + ' import-hmharness':<36}"
        for n in sizes:
            imported = all_figures[n]["imports"].get(label)
            if imported is None:  # an existing database (HMDESK_BENCH_DB)
                line += f"{'-':>10} /{'-':>6}"
                continue
            wall, peak = imported
            line += f"{wall:>10.2f} /{_fmt_mib(peak):>6}"
        print(line)


def main() -> bool:
    sizes = [int(s) for s in os.environ.get("HMDESK_BENCH_SIZES", "100000").split(",") if s.strip()]
    runs = int(os.environ.get("HMDESK_BENCH_RUNS", "5"))
    clis = {"after": str(_cli_next_to_python())}
    before = os.environ.get("HMDESK_BENCH_CLI")
    if before:
        clis["before"] = before
    labels = list(clis)
    print(f"CLIs: {clis}; sizes {sizes}; {runs} runs; python {sys.executable}")
    ok = True
    all_figures: dict[int, dict] = {}
    verdicts: list[tuple[int, str, bool]] = []
    with tempfile.TemporaryDirectory(prefix="hmdesk-coldpath-") as tmp:
        existing = existing_dbs()
        for n in sizes:
            if n in existing:
                figures, problems = measure_existing(n, existing[n], runs, clis)
            else:
                figures, problems = measure_size(n, runs, clis, Path(tmp))
            all_figures[n] = figures
            print_table(n, figures, labels)
            for p in problems[:10]:
                print(f"  ID MISMATCH: {p}")
            verdicts.append((n, f"same ids ({len(problems)} problems)", not problems))
            verdicts += [(n, text, met) for text, met in goals(n, figures)]
            for item in list(Path(tmp).iterdir()):  # free the disk before the next size
                if item.is_dir():
                    shutil.rmtree(item)
                else:
                    item.unlink()
    growth(all_figures, labels)
    print("\ngoals (CLI under test: after)")
    for n, text, met in verdicts:
        print(f"  [{n:>9,}] {'met    ' if met else 'NOT met'}  {text}")
        ok = ok and met
    return ok


if __name__ == "__main__":
    raise SystemExit(0 if main() else 1)
