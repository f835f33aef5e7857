"""Applying consolidation: history events with reasons, one group, one undo step, nothing deleted,
and an export that carries the supersededBy values hmharness's consolidate would write."""

from __future__ import annotations

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.hmharness.importer import import_path
from hmdesk.core.memory.hmharness.jsonl import export_file
from hmdesk.core.memory.hmharness.rules import consolidate
from hmdesk.core.memory.lifecycle.apply import apply_plan
from hmdesk.core.memory.lifecycle.plans import consolidation_plan
from hmdesk.core.memory.record import DECAY_SENTINEL
from hmdesk.core.memory.store import MemoryStore

NOW_MS = 1_796_083_200_000  # 2026-12-01T00:00:00Z


def _line(id: str, content: str, conf: float, ts: str, layer: str = "semantic", **kw: Any) -> str:
    obj = {
        "id": id,
        "layer": layer,
        "content": content,
        "source": "agent-run",
        "provenance": f"trajectory:{id}",
        "confidence": conf,
        "timestamp": ts,
        "environment": "harmonyos",
        "session": "s1",
        **kw,
    }
    return json.dumps(obj, ensure_ascii=False)


LINES = [
    _line("mem-a", "hdc shell accepts param -t", 0.8, "2026-11-20T10:00:00.000Z"),
    _line("mem-b", "hdc shell does not accept param -t", 0.7, "2026-11-21T10:00:00.000Z"),
    _line("mem-c", "HDC shell accepts param -t.", 0.9, "2026-11-22T10:00:00.000Z"),
    _line("mem-d", "OK 3 tools/2 turns: build", 0.6, "2026-08-01T00:00:00.000Z", "episodic"),
    _line("mem-e", "FAIL 1 tools/4 turns: install", 0.4, "2026-08-01T00:00:00.000Z", "episodic"),
    _line("mem-f", "FAIL 1 tools/4 turns: install", 0.3, "2026-08-02T00:00:00.000Z", "episodic"),
    _line("mem-g", "FAIL 2 tools/1 turns: sign", 0.45, "2026-11-30T00:00:00.000Z", "episodic"),
    _line("mem-h", "[lesson] quote paths — address via build", 0.6, "2026-07-01T00:00:00.000Z"),
    _line("mem-i", "[lesson] quote paths — address via build", 0.6, "2026-07-02T00:00:00.000Z"),
    _line("mem-j", "old", 0.2, "2026-01-01T00:00:00.000Z", "episodic", supersededBy="mem-a"),
]

_STRIP = re.compile("[。.!！?？,，、'\"]")


def _js_ms(ts: str) -> float:
    try:
        return datetime.fromisoformat(ts.replace("Z", "+00:00")).astimezone(UTC).timestamp() * 1000
    except ValueError:
        return float("nan")


def port_of_consolidate(entries: list[dict[str, Any]], now_ms: int, stale_days: int = 60) -> None:
    """An independent port of hmharness's consolidate() over parsed memory.jsonl objects (changes
    them in place), written from hmharness's description, not from hmdesk's code."""

    def norm(s: str) -> str:
        return " ".join(_STRIP.sub("", s.lower()).split())

    groups: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        if e.get("supersededBy") or e["layer"] not in ("semantic", "episodic"):
            continue
        groups.setdefault(
            e["layer"] + ":" + " ".join(norm(e["content"]).split(" ")[:2]), []
        ).append(e)
    for g in groups.values():
        if len(g) < 2:
            continue
        g = sorted(g, key=lambda e: (-e["confidence"], -_js_ms(e["timestamp"])))
        for e in g[1:]:
            if norm(e["content"]) == norm(g[0]["content"]):
                e["supersededBy"] = g[0]["id"]
    cutoff = now_ms - stale_days * 86_400_000
    for e in entries:
        stale = _js_ms(e["timestamp"]) < cutoff and e["confidence"] < 0.5
        if e["layer"] == "episodic" and not e.get("supersededBy") and stale:
            e["supersededBy"] = "consolidation:stale"


@pytest.fixture
def imported(store: MemoryStore, tmp_path: Path) -> Path:
    src = tmp_path / "memory.jsonl"
    src.write_text("\n".join(LINES) + "\n", encoding="utf-8")
    import_path(store, src)
    return src


def test_apply_then_export_matches_hmharness(
    store: MemoryStore, imported: Path, tmp_path: Path
) -> None:
    plan = consolidate(store.list(), now_ms=NOW_MS)
    group = apply_plan(store, plan)
    assert group
    out = tmp_path / "out.jsonl"
    export_file(store, out)
    got = {o["id"]: o.get("supersededBy") for o in map(json.loads, out.read_text().splitlines())}
    expected = [json.loads(line) for line in LINES]
    port_of_consolidate(expected, NOW_MS)
    assert got == {e["id"]: e.get("supersededBy") for e in expected}
    # the case is not empty: a merge of each layer and one decay
    assert got["mem-a"] == "mem-c" and got["mem-f"] == "mem-e" and got["mem-h"] == "mem-i"
    assert got["mem-e"] == DECAY_SENTINEL and got["mem-g"] is None
    assert store.count() == len(LINES)  # nothing deleted


def test_one_group_reasons_and_one_undo_step(store: MemoryStore, imported: Path) -> None:
    before = {r.id: r.superseded_by for r in store.list()}
    plan = consolidate(store.list(), now_ms=NOW_MS)
    group = apply_plan(store, plan)
    events = [e for e in store.events(limit=50) if e.group_id == group]
    kinds = {(e.memory_id, e.kind) for e in events}
    assert ("mem-a", "superseded_by") in kinds and ("mem-c", "supersede") in kinds
    assert ("mem-e", "superseded_by") in kinds
    reasons = {e.memory_id: e.reason for e in events if e.kind == "superseded_by"}
    assert reasons["mem-a"] == "consolidate: exact duplicate of mem-c"
    assert reasons["mem-e"] == (
        "consolidate: stale episodic, confidence < 0.5, not updated for 60 days"
    )
    assert store.get("mem-a").supersede_reason == "consolidate: exact duplicate of mem-c"
    step = store.undo_step()
    assert step.events
    assert {r.id: r.superseded_by for r in store.list()} == before
    store.redo_step()
    assert store.get("mem-e").superseded_by == DECAY_SENTINEL


def test_a_stale_plan_applies_nothing(store: MemoryStore, imported: Path) -> None:
    plan = consolidate(store.list(), now_ms=NOW_MS)
    store.supersede("mem-f", by="mem-g", reason="manual")
    last = store.last_event_id()
    with pytest.raises(StoreError, match="mem-f changed since the plan"):
        apply_plan(store, plan)
    assert store.last_event_id() == last
    assert store.get("mem-a").superseded_by is None


def test_an_empty_plan_writes_nothing(store: MemoryStore) -> None:
    store.add("just one memory")
    last = store.last_event_id()
    assert apply_plan(store, consolidate(store.list(), now_ms=NOW_MS)) == ""
    assert store.last_event_id() == last


def test_default_profile_merges_every_exact_copy(store: MemoryStore) -> None:
    ids = [
        store.add("hvigor build needs the sdk", confidence=0.9).id,
        store.add("hvigor build needs quotes", confidence=0.6).id,
        store.add("Hvigor build needs quotes.", confidence=0.5).id,
    ]
    records = store.list()
    assert consolidate(records, now_ms=NOW_MS).merged == ()
    plan = consolidation_plan("default", records, now_ms=NOW_MS)
    assert [(m.id, m.into) for m in plan.merged] == [(ids[2], ids[1])]
    apply_plan(store, plan)
    assert store.get(ids[2]).superseded_by == ids[1]
