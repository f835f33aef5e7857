"""The sdist and the wheel carry every module and data file, and a wheel installed into a fresh
venv starts: ``hmdesk --version``, ``hmdesk-cli --version`` and ``hmdesk --smoke`` (the window on
a temporary store, the migrations and the starter pack read from the installed package).

Built the way ``python -m build`` does (the sdist first, the wheel from the unpacked sdist, so a
file missing from the sdist fails here too), by calling setuptools' PEP 517 hooks in this venv:
nothing is downloaded. The fresh venv has no pip and no dependencies of its own: a ``.pth`` line
adds this venv's site-packages after its own (a path added that way has its ``.pth`` files left
alone, so this checkout's editable install stays out of it; a test checks where hmdesk comes
from).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
LAYOUT = {"core": "hmdesk/core", "gui": "hmdesk/gui", "resources": "hmdesk/resources"}
pytestmark = pytest.mark.slow


def _source_files() -> list[str]:
    """The checkout's files (tracked, or new and not ignored), relative, with '/'."""
    git = shutil.which("git")
    if git and (REPO / ".git").exists():
        out = subprocess.run(
            [git, "ls-files", "-co", "--exclude-standard", "-z"],
            cwd=REPO,
            capture_output=True,
            check=True,
        ).stdout.decode("utf-8")
        return [f for f in out.split("\0") if f and (REPO / f).is_file()]
    skip = {".git", ".venv", "build", "__pycache__", ".mypy_cache", ".ruff_cache", ".pytest_cache"}
    return [
        p.relative_to(REPO).as_posix()
        for p in REPO.rglob("*")
        if p.is_file() and not skip.intersection(p.relative_to(REPO).parts)
    ]


BUILD_WARNINGS: list[str] = []
"""What setuptools warned while building (a user sees it on every `make run` / `pip install`)."""


def _hook(source: Path, hook: str, out: Path) -> Path:
    """Run ``setuptools.build_meta.<hook>(out)`` in ``source``; the built file."""
    out.mkdir(parents=True, exist_ok=True)
    code = f"from setuptools import build_meta as b; print(b.{hook}({str(out)!r}))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        cwd=source,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, f"{hook} failed:\n{done.stdout[-3000:]}\n{done.stderr[-3000:]}"
    BUILD_WARNINGS.extend(line for line in done.stderr.splitlines() if "Warning" in line)
    return out / done.stdout.strip().splitlines()[-1]


class Built:
    def __init__(self, tmp: Path) -> None:
        self.files = _source_files()
        src = tmp / "src"
        for rel in self.files:
            (src / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(REPO / rel, src / rel)
        self.sdist = _hook(src, "build_sdist", tmp / "dist")
        with tarfile.open(self.sdist) as tar:
            self.sdist_names = tar.getnames()
            tar.extractall(tmp / "unpacked", filter="data")
        (unpacked,) = (tmp / "unpacked").iterdir()
        self.wheel = _hook(unpacked, "build_wheel", tmp / "dist")
        with zipfile.ZipFile(self.wheel) as whl:
            self.wheel_names = whl.namelist()


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return Built(tmp_path_factory.mktemp("build"))


def _version() -> str:
    from hmdesk.core import __version__

    return __version__


def _shipped(files: list[str]) -> set[str]:
    """What the wheel must hold: every file under the mapped folders (modules and data)."""
    out = set()
    for rel in files:
        top, _, rest = rel.partition("/")
        if top in LAYOUT and rest and "__pycache__" not in rel and not rel.endswith(".pyc"):
            out.add(f"{LAYOUT[top]}/{rest}")
    return out


def test_the_wheel_holds_every_module_and_data_file(built):
    names = {n for n in built.wheel_names if ".dist-info/" not in n}
    expected = _shipped(built.files)
    assert {
        "missing": sorted(expected - names),
        "unexpected": sorted(names - expected),
    } == {"missing": [], "unexpected": []}
    # what the app loads through importlib.resources at run time, named once more
    for needed in (
        "hmdesk/resources/starter_pack.jsonl",
        "hmdesk/resources/recall_lab/starter_set.json",
        "hmdesk/resources/icons/hmdesk.svg",
        "hmdesk/resources/icons/hmdesk-256.png",
        "hmdesk/core/migrations/env.py",
        "hmdesk/core/migrations/script.py.mako",
        "hmdesk/core/migrations/versions/0001_initial_schema.py",
    ):
        assert needed in names
    assert built.wheel.name.startswith(f"hmdesk-{_version()}-")


def test_building_prints_no_setuptools_warning(built):
    """Issue 32: `make run` printed ~100 lines of setuptools warnings (a license table, data
    folders absent from `packages`)."""
    assert BUILD_WARNINGS == []


def test_make_run_installs_only_what_the_window_needs():
    """Issue 32: `make run` installed the test tools (pytest, mypy, ruff…) too."""
    make = shutil.which("make")
    if make is None:
        pytest.skip("no make on this machine")
    plan = subprocess.run(
        [make, "-n", "-B", "-f", str(REPO / "Makefile"), "run"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    installs = [line for line in plan.splitlines() if "pip install" in line and " -e " in line]
    assert installs and all("[test" not in line for line in installs), plan


def test_the_wheel_declares_both_entry_points(built):
    with zipfile.ZipFile(built.wheel) as whl:
        (entry,) = [n for n in whl.namelist() if n.endswith(".dist-info/entry_points.txt")]
        text = whl.read(entry).decode("utf-8")
    assert "hmdesk-cli = hmdesk.core.cli.main:main" in text
    assert "hmdesk = hmdesk.gui.system_check:launch" in text


def test_the_sdist_holds_the_sources_and_the_desktop_files(built):
    prefix = f"hmdesk-{_version()}/"
    names = {n.removeprefix(prefix) for n in built.sdist_names}
    expected = {f for f in built.files if f.split("/", 1)[0] in LAYOUT}
    expected |= {"pyproject.toml", "README.md", "MANIFEST.in"}
    expected |= {f for f in built.files if f.startswith("packaging/")}
    assert sorted(expected - names) == []


def test_every_packaging_file_is_listed_for_the_sdist():
    """MANIFEST.in names the packaging/ files by extension: a new kind of file there is named."""
    kinds = {p.suffix for p in (REPO / "packaging").iterdir() if p.is_file()}
    manifest = (REPO / "MANIFEST.in").read_text(encoding="utf-8")
    assert {k for k in kinds if f"*{k}" not in manifest} == set()


# ------------------------------------------------------------------------ a fresh venv


class Installed:
    def __init__(self, wheel: Path, root: Path) -> None:
        subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(root)], check=True)
        scripts = "Scripts" if sys.platform == "win32" else "bin"
        exe = "python.exe" if sys.platform == "win32" else "python"
        self.python = root / scripts / exe
        self.scripts = root / scripts
        subprocess.run(
            [sys.executable, "-m", "pip", "--python", str(self.python), "install", "-q",
             "--no-deps", "--no-index", "--no-compile", str(wheel)],
            check=True,
        )  # fmt: skip
        purelib = self._run_python("import sysconfig; print(sysconfig.get_paths()['purelib'])")
        import sysconfig

        ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
        (Path(purelib) / "_hmdesk_test_dependencies.pth").write_text(
            "\n".join(sorted(ours)) + "\n", encoding="utf-8"
        )
        self.purelib = Path(purelib)

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "PYTHONHOME")}
        env["QT_QPA_PLATFORM"] = "offscreen"
        return env

    def _run_python(self, code: str) -> str:
        done = subprocess.run(
            [str(self.python), "-c", code], capture_output=True, text=True, check=True
        )
        return done.stdout.strip()

    def run(self, command: str, *args: str, timeout: float = 120) -> subprocess.CompletedProcess:
        suffix = ".exe" if sys.platform == "win32" else ""
        return subprocess.run(
            [str(self.scripts / f"{command}{suffix}"), *args],
            capture_output=True,
            text=True,
            env=self.env(),
            timeout=timeout,
            check=False,
        )


@pytest.fixture(scope="module")
def installed(built, tmp_path_factory: pytest.TempPathFactory) -> Installed:
    return Installed(built.wheel, tmp_path_factory.mktemp("venv") / "v")


def test_the_installed_package_comes_from_the_wheel(installed):
    where = installed._run_python(
        "import hmdesk.core, hmdesk.gui, hmdesk.resources as r, importlib.resources as ir;"
        "print(hmdesk.core.__file__); print(hmdesk.gui.__file__);"
        "print(ir.files(r).joinpath('starter_pack.jsonl').is_file())"
    ).splitlines()
    assert all(Path(p).is_relative_to(installed.purelib) for p in where[:2]), where
    assert where[2] == "True"


@pytest.mark.parametrize("command", ["hmdesk", "hmdesk-cli"])
def test_version_from_the_installed_wheel(installed, command):
    done = installed.run(command, "--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"{command} {_version()}"


def test_smoke_from_the_installed_wheel(installed):
    """``hmdesk --smoke``: the window opens on a temporary store filled with the starter pack,
    one query finds results, one line, exit 0."""
    done = installed.run("hmdesk", "--smoke", timeout=180)
    assert done.returncode == 0, done.stdout + done.stderr
    line = done.stdout.strip().splitlines()[-1]
    assert line.startswith(f"hmdesk {_version()} smoke: ok"), line
    assert "icon 16-256 px" in line
    assert "query 'signing' -> " in line and "-> 0 results" not in line
