"""rjieba's segmentation of a run of Han characters without loading rjieba's whole dictionary.

Importing rjieba builds its dictionary (349,046 words in a trie) in the extension's initialiser:
about 0.17 s on an idle machine, more than everything else a one-shot ``hmdesk-cli query``
does. A segmentation only ever looks at the dictionary words that occur in the run it cuts (the
word graph is built from the words starting at each position, every word is weighed by its
frequency against the dictionary's total, and the HMM for unknown words asks only whether a
substring is a word). So an ``rjieba.Jieba.empty()`` given exactly those words, with the same
frequencies, and one filler word (never in a run) carrying the rest of the total, cuts the run
exactly as the full dictionary does — rjieba's own code, not a re-implementation.

The words come from jieba's ``dict.txt`` (the ``jieba`` package: the dictionary jieba-rs, and so
rjieba, embeds), kept in a small SQLite file in the user cache folder (built on first use,
about a second, once per machine; lookups take well under a millisecond). When that file is
built, a sample of runs is cut both ways: should the two dictionaries ever differ (another
rjieba or jieba release), the file says so and every cut goes to rjieba itself. Anything
missing (no jieba package, no cache folder, a frozen build) also means rjieba itself; the
words are the same either way.

``rjieba``'s package ``__init__`` builds the full dictionary at import, so the extension module
is loaded on its own (``rjieba.rjieba``, registered in ``sys.modules`` so that a later
``import rjieba`` reuses it).
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import sqlite3
import sys
import threading
from pathlib import Path
from types import ModuleType
from typing import Any

FORMAT = 1
"""The cache file's layout; a new one gets another file name."""
SAMPLE_RUNS = 3000
"""Runs cut both ways when the cache is built (see the module doc)."""
_FILLER = "\ue000"  # a private-use character: never in a run of Han characters
_BATCH = 500  # words asked per SQL statement

_lock = threading.Lock()
_state: dict[str, Any] = {}  # "db": the open cache (or None: not usable), "ext": rjieba.rjieba


def _jieba_dict() -> Path | None:
    """jieba's ``dict.txt``, found without importing jieba (its import is slow too)."""
    try:
        spec = importlib.util.find_spec("jieba")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "dict.txt"
    return path if path.is_file() else None


def _extension_file() -> Path | None:
    """The compiled module of rjieba (found, not loaded)."""
    try:
        spec = importlib.util.find_spec("rjieba")
    except (ImportError, ValueError):
        return None
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations)))
    for suffix in importlib.machinery.EXTENSION_SUFFIXES:
        so = folder / f"rjieba{suffix}"
        if so.is_file():
            return so
    return None


def _extension() -> ModuleType | None:
    """``rjieba.rjieba`` (the compiled module) without running ``rjieba/__init__``."""
    if "rjieba.rjieba" in sys.modules:
        return sys.modules["rjieba.rjieba"]
    so = _extension_file()
    if so is None:
        return None
    try:
        loader = importlib.machinery.ExtensionFileLoader("rjieba.rjieba", str(so))
        spec = importlib.util.spec_from_loader("rjieba.rjieba", loader)
        if spec is None:
            return None
        module = importlib.util.module_from_spec(spec)
        loader.exec_module(module)
    except (ImportError, OSError, ValueError):
        return None
    sys.modules["rjieba.rjieba"] = module
    return module


def cache_file(source: Path) -> Path | None:
    """Where the cache of ``source`` lives: the sizes and times of ``source`` and of rjieba's
    compiled module are in its name (another jieba or rjieba: another file).
    ``HMDESK_CACHE_DIR`` overrides the user cache folder. None without rjieba."""
    so = _extension_file()
    if so is None:
        return None
    key = "-".join(f"{st.st_size}-{int(st.st_mtime)}" for st in (source.stat(), so.stat()))
    name = f"han-dict-{FORMAT}-{key}.sqlite"
    folder = os.environ.get("HMDESK_CACHE_DIR")
    if folder:
        return Path(folder) / name
    usual = _usual_cache_dir()
    if usual is not None and (usual / name).is_file():
        # the cache of exactly this dictionary (its name says so) where platformdirs puts it
        # on this system as a rule: found without importing platformdirs (10 ms of a query)
        return usual / name
    from platformdirs import user_cache_path

    return user_cache_path("hmdesk", appauthor=False) / name


def _usual_cache_dir() -> Path | None:
    """The user cache folder as platformdirs gives it by default on Linux and macOS (None
    elsewhere): a place to look first, never to write (the cache is built where
    platformdirs says)."""
    try:
        if sys.platform == "darwin":
            return Path.home() / "Library" / "Caches" / "hmdesk"
        if sys.platform.startswith("linux"):
            xdg = os.environ.get("XDG_CACHE_HOME", "").strip()
            return Path(xdg) / "hmdesk" if xdg else Path.home() / ".cache" / "hmdesk"
    except (RuntimeError, KeyError):  # no home directory known
        return None
    return None


def _read_dict(source: Path) -> dict[str, tuple[int, str]]:
    """``dict.txt`` as jieba-rs reads it: word, frequency (0 when missing), tag; a repeated
    word keeps its last frequency and its first tag."""
    words: dict[str, tuple[int, str]] = {}
    with source.open(encoding="utf-8") as fh:
        for line in fh:
            parts = line.split()
            if not parts:
                continue
            freq = int(parts[1]) if len(parts) > 1 else 0
            old = words.get(parts[0])
            tag = old[1] if old is not None else (parts[2] if len(parts) > 2 else "")
            words[parts[0]] = (freq, tag)
    return words


def _sample(words: dict[str, tuple[int, str]]) -> list[str]:
    """Runs to cut both ways: dictionary words run together, and random characters."""
    import random

    rnd = random.Random(20261201)
    han = [w for w in words if all("\u4e00" <= c <= "\u9fff" for c in w)]
    chars = sorted({c for w in han[:20000] for c in w})
    runs = []
    for _ in range(SAMPLE_RUNS // 2):
        runs.append("".join(rnd.choice(han) for _ in range(rnd.randint(1, 5))))
        runs.append("".join(rnd.choice(chars) for _ in range(rnd.randint(2, 8))))
    return runs


def build(source: Path, target: Path) -> bool:
    """Write the cache of ``source`` to ``target`` (atomically); whether it cuts as rjieba."""
    import rjieba  # the full dictionary, once: the check below compares against it

    words = _read_dict(source)
    total = sum(f for f, _ in words.values())
    longest = max(len(w) for w in words)
    ext = _extension()
    usable = ext is not None and all(
        list(rjieba.cut(run)) == _cut(ext, run, words.get, total, longest) for run in _sample(words)
    )
    target.parent.mkdir(parents=True, exist_ok=True)
    tmp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
    conn = sqlite3.connect(tmp)
    try:
        conn.execute("PRAGMA journal_mode = OFF")
        conn.execute(
            "CREATE TABLE words (word TEXT PRIMARY KEY, freq INTEGER, tag TEXT) WITHOUT ROWID"
        )
        conn.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value INTEGER)")
        conn.executemany(
            "INSERT INTO words VALUES (?, ?, ?)", ((w, f, t) for w, (f, t) in words.items())
        )
        conn.executemany(
            "INSERT INTO meta VALUES (?, ?)",
            [("total", total), ("longest", longest), ("usable", int(usable))],
        )
        conn.commit()
    finally:
        conn.close()
    os.replace(tmp, target)
    return usable


def _open() -> sqlite3.Connection | None:
    """The cache, built if missing; None when it cannot be used (see the module doc)."""
    source = _jieba_dict()
    if source is None or getattr(sys, "frozen", False):
        return None
    try:
        target = cache_file(source)
        if target is None or (not target.is_file() and not build(source, target)):
            return None
        conn = sqlite3.connect(f"{target.as_uri()}?mode=ro", uri=True, check_same_thread=False)
        meta = dict(conn.execute("SELECT key, value FROM meta"))
        if meta.get("usable") != 1:
            conn.close()
            return None
        _state["total"], _state["longest"] = int(meta["total"]), int(meta["longest"])
        return conn
    except (OSError, sqlite3.Error, ValueError, KeyError, ImportError):
        return None


def _cut(ext: ModuleType, run: str, lookup: Any, total: int, longest: int) -> list[str]:
    """``run`` cut by an empty Jieba given the dictionary words found in it (``lookup``)."""
    jieba = ext.Jieba.empty()
    found: dict[str, tuple[int, str]] = {}
    for i in range(len(run)):
        for k in range(i + 1, min(len(run), i + longest) + 1):
            w = run[i:k]
            if w not in found:
                hit = lookup(w)
                if hit is not None:
                    found[w] = hit
    for w, (f, t) in found.items():
        jieba.add_word(w, f, t)
    jieba.add_word(_FILLER * longest, total - sum(f for f, _ in found.values()), "x")
    return list(jieba.cut(run))


def cut(run: str) -> list[str] | None:
    """``rjieba.cut(run)`` from the cache, or None when the cache cannot answer (the caller
    then asks rjieba itself)."""
    with _lock:
        if "db" not in _state:
            _state["ext"] = _extension()
            _state["db"] = _open() if _state["ext"] is not None else None
        conn: sqlite3.Connection | None = _state["db"]
        if conn is None:
            return None
        longest = _state["longest"]
        subs = list(
            dict.fromkeys(
                run[i:k]
                for i in range(len(run))
                for k in range(i + 1, min(len(run), i + longest) + 1)
            )
        )
        try:
            found: dict[str, tuple[int, str]] = {}
            for at in range(0, len(subs), _BATCH):
                batch = subs[at : at + _BATCH]
                marks = ",".join("?" * len(batch))
                for w, f, t in conn.execute(
                    f"SELECT word, freq, tag FROM words WHERE word IN ({marks})", batch
                ):
                    found[w] = (int(f), str(t))
        except sqlite3.Error:
            return None
        return _cut(_state["ext"], run, found.get, _state["total"], longest)
