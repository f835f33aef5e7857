"""`make bench`: run every ``tests/bench/bench_*.py`` module's ``main()`` in turn.

Each benchmark prints its own table (side by side comparisons, medians, ratios). Pass module
names to run only some: ``python -m tests.bench retrieval hilog``. The benchmarks in
``ONLY_WHEN_NAMED`` take many minutes and run only when named (``make bench-scale``).
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
import time
from pathlib import Path

ONLY_WHEN_NAMED = {"bench_scale"}  # 1M memories: generation and import alone take minutes


def main(argv: list[str]) -> int:
    here = Path(__file__).parent
    names = sorted(m.name for m in pkgutil.iter_modules([str(here)]) if m.name.startswith("bench_"))
    if argv:
        names = [n for n in names if any(a in n for a in argv)]
    else:
        names = [n for n in names if n not in ONLY_WHEN_NAMED]
    if not names:
        print("no benchmark matched", file=sys.stderr)
        return 2
    failed = 0
    for name in names:
        print(f"\n=== {name} ===", flush=True)
        start = time.perf_counter()
        module = importlib.import_module(f"tests.bench.{name}")
        ok = module.main()
        print(
            f"--- {name}: {'goals met' if ok else 'GOAL MISSED'} ({time.perf_counter() - start:.1f} s)"
        )
        failed += not ok
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
