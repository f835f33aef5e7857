"""Build, smoke-test and measure the one-folder desktop bundle (PyInstaller).

    python packaging/bundle.py build     # build/package/dist/hmdesk/ from packaging/hmdesk.spec
    python packaging/bundle.py smoke     # start the bundle offscreen with --smoke (exit 0)
    python packaging/bundle.py measure   # its size; --smoke wall time, bundle vs venv (median of 3)

``make package`` runs ``build`` then ``smoke``. Portable: pathlib and argument lists only (on
Windows the executable is ``hmdesk.exe``; where links cannot be made the sources are copied).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
PACKAGING = REPO / "packaging"
WORK = REPO / "build" / "package"
SOURCE_ROOT = WORK / "src"  # hmdesk/{core,gui,resources} laid out as the installed package
DIST = WORK / "dist"
BUNDLE = DIST / "hmdesk"
LAYOUT = {"core": "core", "gui": "gui", "resources": "resources"}  # pyproject's package-dir
SMOKE_TIMEOUT_S = 180


def executable() -> Path:
    return BUNDLE / ("hmdesk.exe" if sys.platform == "win32" else "hmdesk")


def venv_hmdesk() -> Path:
    scripts = Path(sys.executable).parent
    return scripts / ("hmdesk.exe" if sys.platform == "win32" else "hmdesk")


def source_root() -> Path:
    """``build/package/src/hmdesk/<part>`` pointing at the source folders (a copy without links)."""
    pkg = SOURCE_ROOT / "hmdesk"
    if pkg.exists():
        shutil.rmtree(pkg) if not pkg.is_symlink() else pkg.unlink()
    pkg.mkdir(parents=True)
    for name, folder in LAYOUT.items():
        target, link = REPO / folder, pkg / name
        try:
            link.symlink_to(target, target_is_directory=True)
        except OSError:  # Windows without the link privilege
            shutil.copytree(target, link, ignore=shutil.ignore_patterns("__pycache__"))
    return SOURCE_ROOT


def build() -> int:
    env = dict(os.environ, HMDESK_SOURCE_ROOT=str(source_root()))
    cmd = [
        sys.executable, "-m", "PyInstaller", "--noconfirm", "--clean", "--log-level", "WARN",
        "--distpath", str(DIST), "--workpath", str(WORK / "work"), str(PACKAGING / "hmdesk.spec"),
    ]  # fmt: skip
    started = time.perf_counter()
    code = subprocess.run(cmd, env=env, cwd=REPO, check=False).returncode
    if code:
        print(f"bundle: PyInstaller failed (exit {code})", file=sys.stderr)
        return code
    print(
        f"bundle: built {BUNDLE} ({size_mb(BUNDLE):.0f} MB) in {time.perf_counter() - started:.0f} s"
    )
    return 0


def size_mb(folder: Path) -> float:
    """On-disk size of the regular files (PyInstaller links some libraries: counted once)."""
    return (
        sum(p.lstat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())
        / 1e6
    )


def _children_cpu() -> float | None:
    """CPU seconds used by finished child processes so far (None where unknown: Windows)."""
    try:
        import resource
    except ImportError:
        return None
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def run_smoke(program: Path) -> tuple[float, float | None, str]:
    """Wall time and CPU time of ``program --smoke`` offscreen and the line it printed; raises
    on failure. CPU time is the steadier figure on a shared machine."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    cpu_before = _children_cpu()
    started = time.perf_counter()
    done = subprocess.run(
        [str(program), "--smoke"],
        env=env,
        capture_output=True,
        text=True,
        timeout=SMOKE_TIMEOUT_S,
        check=False,
    )
    wall = time.perf_counter() - started
    cpu_after = _children_cpu()
    cpu = None if cpu_before is None or cpu_after is None else cpu_after - cpu_before
    if done.returncode != 0 or "smoke: ok" not in done.stdout:
        raise RuntimeError(
            f"{program} --smoke exited {done.returncode}: {done.stdout.strip()} "
            f"{done.stderr.strip()[-2000:]}"
        )
    return wall, cpu, done.stdout.strip()


def smoke() -> int:
    if not executable().exists():
        print(f"bundle: no bundle at {BUNDLE}; run `make package`", file=sys.stderr)
        return 2
    try:
        wall, _cpu, line = run_smoke(executable())
    except (RuntimeError, subprocess.TimeoutExpired) as exc:
        print(f"bundle: smoke test failed: {exc}", file=sys.stderr)
        return 1
    print(f"bundle: {line} (wall {wall:.2f} s)")
    return 0


def measure(runs: int) -> int:
    if not executable().exists():
        print(f"bundle: no bundle at {BUNDLE}; run `make package`", file=sys.stderr)
        return 2
    print(f"bundle size: {size_mb(BUNDLE):.0f} MB ({BUNDLE})")
    for name, program in (("venv", venv_hmdesk()), ("bundle", executable())):
        run_smoke(program)  # warm the file cache once
        measured = [run_smoke(program) for _ in range(runs)]
        walls = [m[0] for m in measured]
        cpus = [m[1] for m in measured if m[1] is not None]
        cpu = f", CPU median {statistics.median(cpus):.2f} s" if cpus else ""
        print(
            f"{name:6} --smoke: wall median {statistics.median(walls):.2f} s of {runs} "
            f"({', '.join(f'{w:.2f}' for w in walls)}){cpu}"
        )
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("build", "smoke", "measure"))
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args(argv)
    if args.command == "build":
        return build()
    if args.command == "smoke":
        return smoke()
    return measure(args.runs)


if __name__ == "__main__":
    raise SystemExit(main())
