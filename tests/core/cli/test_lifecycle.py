"""hmdesk-cli contradictions / consolidate / lifecycle-eval: JSON shapes, dry run, apply, undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hmdesk.core.cli import main


@pytest.fixture
def db(tmp_path: Path) -> str:
    return str(tmp_path / "cli.db")


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys: pytest.CaptureFixture[str], *argv: str) -> object:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def add(capsys: pytest.CaptureFixture[str], db: str, content: str, *extra: str) -> str:
    m = run_json(capsys, "add", content, "--db", db, *extra)
    assert isinstance(m, dict)
    return str(m["id"])


def _seed(capsys: pytest.CaptureFixture[str], db: str) -> list[str]:
    old = "2026-08-01T00:00:00Z"
    return [
        add(capsys, db, "hdc shell accepts param -t", "--confidence", "0.8"),
        add(capsys, db, "hdc shell does not accept param -t", "--confidence", "0.7"),
        add(capsys, db, "hdc shell accepts param -t.", "--confidence", "0.9"),
        add(
            capsys,
            db,
            "FAIL 1 tools: build",
            "--layer",
            "episodic",
            "--confidence",
            "0.3",
            "--timestamp",
            old,
        ),
        add(capsys, db, "hvigor构建时路径需要用引号包裹"),
        add(capsys, db, "hvigor构建时路径不需要用引号包裹"),
    ]


def test_hmharness_profile_json_shapes(capsys: pytest.CaptureFixture[str], db: str) -> None:
    ids = _seed(capsys, db)
    got = run_json(capsys, "contradictions", "--profile", "hmharness", "--db", db)
    assert got == {"groups": [{"key": "hdc shell", "ids": ids[:3]}]}
    plan = run_json(
        capsys,
        "consolidate",
        "--profile",
        "hmharness",
        "--now",
        "2026-12-01T00:00:00Z",
        "--dry-run",
        "--db",
        db,
    )
    assert plan == {"merged": [{"id": ids[0], "into": ids[2]}], "decayed": [ids[3]]}
    later = run_json(
        capsys,
        "consolidate",
        "--profile",
        "hmharness",
        "--now",
        "2026-08-15T00:00:00Z",
        "--stale-days",
        "30",
        "--dry-run",
        "--db",
        db,
    )
    assert later == {"merged": [{"id": ids[0], "into": ids[2]}], "decayed": []}
    # a dry run changes nothing
    assert run_json(capsys, "show", ids[0], "--db", db)["superseded_by"] is None  # type: ignore[index]


def test_default_profile_finds_chinese_contradictions(
    capsys: pytest.CaptureFixture[str], db: str
) -> None:
    ids = _seed(capsys, db)
    got = run_json(capsys, "contradictions", "--db", db)
    assert isinstance(got, dict)
    pairs = [(g["kind"], g["ids"]) for g in got["groups"]]
    assert ("contradiction", ids[4:6]) in pairs
    assert all(len(g["fingerprint"]) == 20 and g["action"] == "review" for g in got["groups"])
    allg = run_json(capsys, "contradictions", "--kind", "all", "--db", db)
    assert isinstance(allg, dict)
    assert any(g["kind"] == "duplicate" and g["keep"] == ids[2] for g in allg["groups"])
    code, out, _ = run(capsys, "contradictions", "--db", db)
    assert code == 0 and "contradiction" in out and "group" in out


def test_apply_and_undo_from_the_cli(capsys: pytest.CaptureFixture[str], db: str) -> None:
    ids = _seed(capsys, db)
    code, out, err = run(
        capsys, "consolidate", "--profile", "hmharness", "--now", "2026-12-01T00:00:00Z", "--db", db
    )
    assert code == 0, err
    assert "1 merged, 1 decayed; applied as one change" in out
    shown = run_json(capsys, "show", ids[0], "--db", db)
    assert isinstance(shown, dict) and shown["superseded_by"] == ids[2]
    code, out, err = run(capsys, "undo", "--db", db)
    assert code == 0, err
    shown = run_json(capsys, "show", ids[0], "--db", db)
    assert isinstance(shown, dict) and shown["superseded_by"] is None
    decayed = run_json(capsys, "show", ids[3], "--db", db)
    assert isinstance(decayed, dict) and decayed["superseded_by"] is None
    again = run_json(capsys, "consolidate", "--now", "2026-12-01T00:00:00Z", "--db", db)
    assert again == {
        "merged": [{"id": ids[0], "into": ids[2]}],
        "decayed": [ids[3]],
        "applied": True,
        "group": again["group"],  # type: ignore[index]
    }


def test_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], db: str) -> None:
    code, _, err = run(capsys, "consolidate", "--now", "yesterday", "--dry-run", "--db", db)
    assert code == 2 and "--now 'yesterday' is not an ISO-8601 time" in err
    code, _, err = run(capsys, "consolidate", "--stale-days", "-1", "--db", db)
    assert code == 2 and "--stale-days must be 0 or more" in err
    code, out, _ = run(capsys, "consolidate", "--dry-run", "--db", db)
    assert code == 0 and "0 merged, 0 decayed (dry run: nothing changed)" in out
    code, out, _ = run(capsys, "contradictions", "--db", db)
    assert code == 0 and out.strip() == "no contradiction groups"


def test_lifecycle_eval(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    got = run_json(capsys, "lifecycle-eval")
    assert isinstance(got, dict) and got["pairs"] >= 40
    rows = {(r["profile"], r["kind"]): r for r in got["rows"]}
    assert set(rows) == {
        (p, k) for p in ("default", "hmharness") for k in ("duplicate", "contradiction")
    }
    code, out, _ = run(capsys, "lifecycle-eval")
    assert code == 0 and "precision" in out and "hmharness" in out
    bad = tmp_path / "bad.json"
    bad.write_bytes(b"\xff\xfe not json")
    code, _, err = run(capsys, "lifecycle-eval", "--pairs", str(bad))
    assert code == 2 and "bad.json" in err and "\n" not in err.strip()
    bad.write_text('{"pairs": [{"a": "x", "b": "y", "label": "same"}]}', encoding="utf-8")
    code, _, err = run(capsys, "lifecycle-eval", "--pairs", str(bad))
    assert code == 2 and "label 'same'" in err
