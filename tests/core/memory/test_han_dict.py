"""core/memory/han_dict.py: rjieba's words for a run of Han characters from the dictionary
words found in it, without loading rjieba's whole dictionary; the same words, always."""

from __future__ import annotations

import os
import random
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import rjieba
from hmdesk.core.memory import han_dict, terms

from tests.bench.bench_retrieval import ZH_WORDS


@pytest.fixture(scope="module")
def cache_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("han-cache")


@pytest.fixture
def fresh(cache_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The module's state forgotten, its cache in ``cache_dir`` (built once for the module)."""
    monkeypatch.setenv("HMDESK_CACHE_DIR", str(cache_dir))
    monkeypatch.setattr(han_dict, "_state", {})
    yield cache_dir


def _runs() -> list[str]:
    rnd = random.Random(7)
    han = [w for w in ZH_WORDS if all("\u4e00" <= c <= "\u9fff" for c in w)]
    runs = {"升级资源版本", "构建", "失败", "签名证书过期", "安装包签名不一致导致安装失败", "的"}
    for _ in range(400):
        runs.add("".join(rnd.choice(han) for _ in range(rnd.randint(1, 4))))
        runs.add("".join(chr(rnd.randint(0x4E00, 0x9FA5)) for _ in range(rnd.randint(2, 9))))
    return sorted(runs)


def test_cuts_equal_rjiebas(fresh: Path) -> None:
    runs = _runs()
    assert [han_dict.cut(r) for r in runs] == [list(rjieba.cut(r)) for r in runs]
    (built,) = fresh.glob("han-dict-*.sqlite")
    conn = sqlite3.connect(built)
    assert dict(conn.execute("SELECT key, value FROM meta"))["usable"] == 1
    conn.close()


def test_a_cache_that_cut_otherwise_is_never_used(fresh: Path) -> None:
    assert han_dict.cut("构建失败") == list(rjieba.cut("构建失败"))  # the cache exists
    (built,) = fresh.glob("han-dict-*.sqlite")
    conn = sqlite3.connect(built)
    with conn:
        conn.execute("UPDATE meta SET value = 0 WHERE key = 'usable'")
    conn.close()
    han_dict._state.clear()
    try:
        assert han_dict.cut("构建失败") is None  # the caller asks rjieba itself
        assert terms._segment_han.__wrapped__("构建失败") == ("构建", "失败")
    finally:
        conn = sqlite3.connect(built)
        with conn:
            conn.execute("UPDATE meta SET value = 1 WHERE key = 'usable'")
        conn.close()


def test_without_the_jieba_dictionary_rjieba_answers(
    fresh: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(han_dict, "_jieba_dict", lambda: None)
    assert han_dict.cut("升级资源版本") is None
    assert terms._segment_han.__wrapped__("升级资源版本") == ("升级", "资源", "版本")


def test_a_chinese_query_in_a_new_process_does_not_load_rjiebas_dictionary(fresh: Path) -> None:
    han_dict.cut("构建")  # the cache is built (that loads rjieba, once per machine)
    code = (
        "import sys\n"
        "from hmdesk.core.memory.terms import default_terms\n"
        "print(default_terms('hvigor构建失败 升级资源版本'))\n"
        "print('rjieba' in sys.modules)\n"
    )
    env = {**os.environ, "HMDESK_CACHE_DIR": str(fresh)}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    ).stdout.split("\n")
    assert out[0] == "['hvigor', '构建', '失败', '升级', '资源', '版本']"
    assert out[1] == "False"  # the full dictionary was never built in that process


def test_the_usual_cache_folder_is_platformdirs_one_here(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from platformdirs import user_cache_path

    monkeypatch.delenv("HMDESK_CACHE_DIR", raising=False)
    usual = han_dict._usual_cache_dir()
    if usual is not None:  # Linux, macOS: the same folder platformdirs gives
        assert usual == user_cache_path("hmdesk", appauthor=False)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    source = han_dict._jieba_dict()
    assert source is not None
    where = han_dict.cache_file(source)  # nothing there yet: platformdirs' answer
    assert where is not None and where.parent == user_cache_path("hmdesk", appauthor=False)
    where.parent.mkdir(parents=True)
    where.write_bytes(b"")
    assert han_dict.cache_file(source) == where  # found where it is, platformdirs or not


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="XDG_CACHE_HOME: Linux")
def test_a_query_process_finds_the_cache_without_platformdirs(tmp_path: Path) -> None:
    code = (
        "import sys\n"
        "from hmdesk.core.memory import han_dict\n"
        "print(han_dict.cut('升级资源版本') is not None, 'platformdirs' in sys.modules)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "HMDESK_CACHE_DIR"}
    env["XDG_CACHE_HOME"] = str(tmp_path)
    first = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    again = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert first.stdout.split() == ["True", "True"], first.stderr  # built: platformdirs said where
    assert again.stdout.split() == ["True", "False"], again.stderr  # found: no platformdirs
