"""Eight processes add, supersede and import at once against one PostgreSQL team store: nothing
is lost, event ids follow commit order (each write's events are one unbroken run of ids), the
shared import lands once, and every running index ends equal to a fresh rebuild."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import sqlalchemy as sa
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore

from tests.fixtures.postgres import fresh_url

WRITERS = 8
ROUNDS = 12
IMPORTED = 30


def _jsonl(path: Path) -> Path:
    lines = [
        json.dumps(
            {
                "id": f"mem-{i:012x}",
                "layer": "semantic",
                "content": f"concur imported {i}",
                "source": "agent",
                "provenance": "observed",
                "confidence": 0.6,
                "timestamp": "2026-11-01T00:00:00.000Z",
                "environment": "harmonyos",
                "session": "s",
            }
        )
        for i in range(IMPORTED)
    ]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


@pytest.mark.slow
def test_eight_writers_lose_nothing_and_every_index_matches_a_rebuild(tmp_path: Path) -> None:
    jsonl = _jsonl(tmp_path / "memory.jsonl")
    with fresh_url() as url:
        Database(url).close()  # migrated once; the writers open an up-to-date store
        script = str(Path(__file__).with_name("concurrent_writer.py"))
        procs = [
            subprocess.Popen(
                [sys.executable, script, url, str(n), str(ROUNDS), str(jsonl)],
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for n in range(WRITERS)
        ]
        try:
            for p in procs:
                assert p.stdout is not None and p.stdout.readline() == "ready\n"
            for p in procs:  # all at once
                assert p.stdin is not None
                p.stdin.write("go\n")
                p.stdin.flush()
            created: list[str] = []
            for p in procs:
                assert p.stdout is not None
                line = p.stdout.readline()
                assert line.startswith("done"), p.stderr.read() if p.stderr else ""
                created += line.split()[1:]
            for p in procs:
                assert p.stdin is not None
                p.stdin.write("check\n")
                p.stdin.flush()
            outcomes = [json.loads(p.communicate(timeout=120)[0]) for p in procs]
        finally:
            for p in procs:
                if p.poll() is None:
                    p.kill()
                    p.wait()
        assert all(p.returncode == 0 for p in procs)
        supersedes = WRITERS * (ROUNDS // 3)
        expected = WRITERS * ROUNDS + supersedes + IMPORTED
        assert len(created) == len(set(created)) == WRITERS * ROUNDS + supersedes
        assert [o["equal"] for o in outcomes] == [True] * WRITERS
        assert {o["size"] for o in outcomes} == {expected}

        db = Database(url)
        store = MemoryStore(db)
        try:
            assert store.count() == expected
            assert {r.id for r in store.get_many(created)} == set(created)
            with db.read() as s:
                events = s.execute(
                    sa.text("SELECT id, group_id, kind, memory_id FROM memory_events ORDER BY id")
                ).all()
            # one write's events are an unbroken run of ids: writes were serialised, so ids
            # were handed out in commit order
            groups = [g for _, g, _, _ in events]
            runs = [g for i, g in enumerate(groups) if i == 0 or groups[i - 1] != g]
            assert len(runs) == len(set(runs))
            imports = [m for _, _, k, m in events if k == "import"]
            assert sorted(imports) == sorted(f"mem-{i:012x}" for i in range(IMPORTED))
            superseded = [r for r in store.list(include_superseded=True) if r.superseded_by]
            assert len(superseded) == supersedes
        finally:
            store.close()
            db.close()
