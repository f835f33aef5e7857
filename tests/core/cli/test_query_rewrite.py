"""`hmdesk-cli query`: what the query rewrite did, in --json and in the table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hmdesk.core.cli import main
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore

NOW = "2026-11-29T12:00:00.000Z"


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    path = tmp_path / "q.db"
    with Database(path) as db:
        store = MemoryStore(db)
        store.add(
            "hvigor 构建失败：签名证书过期", tags=["签名"], confidence=0.7, id="SIGN", timestamp=NOW
        )
        store.add("hvigor 构建失败：清理缓存后重试", confidence=0.5, id="CACHE", timestamp=NOW)
        store.close()
    return str(path)


def test_json_shows_the_rewrite_and_the_penalty(
    db_path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert (
        main(["query", "hvigor构建失败，不是签名问题", "--db", db_path, "--now", NOW, "--json"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert data["rewrite"] == {
        "searched": "hvigor构建失败",
        "negated": ["签名"],
        "dropped": ["不是", "问题"],
    }
    assert data["query"]["text"] == "hvigor构建失败，不是签名问题"
    assert [r["id"] for r in data["results"]] == ["CACHE", "SIGN"]
    sign = data["results"][1]
    assert sign["components"]["negated"] == {"raw": 1.0, "weight": -0.2, "contribution": -0.2}
    assert sign["negated"] == [{"term": "签名", "matched": True}]
    assert sum(c["contribution"] for c in sign["components"].values()) == pytest.approx(
        sign["score"]
    )


def test_no_rewrite_and_hmharness_search_the_text_as_it_is(
    db_path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    for extra in (["--no-rewrite"], ["--profile", "hmharness"]):
        argv = ["query", "hvigor构建失败 不是签名问题", "--db", db_path, "--now", NOW, "--json"]
        assert main([*argv, *extra]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["rewrite"] is None
        assert all("negated" not in r["components"] for r in data["results"])


def test_table_shows_the_rewrite(db_path: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", "hvigor build fails -签名 怎么办", "--db", db_path, "--now", NOW]) == 0
    out = capsys.readouterr().out
    assert (
        "rewrite: searched 'hvigor build fails'; negated (ranked lower): 签名; dropped: 怎么办"
        in out
    )
    assert "negated: 签名 (-0.2000)" in out
    assert out.index("CACHE") < out.index("SIGN")
