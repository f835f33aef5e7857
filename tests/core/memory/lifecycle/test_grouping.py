"""The default profile's groups: kinds, members in store order, keep, fingerprint, scale path."""

from __future__ import annotations

import dataclasses

import pytest
from hmdesk.core.memory.hmharness.rules import Cancelled
from hmdesk.core.memory.lifecycle import grouping
from hmdesk.core.memory.lifecycle.grouping import find_groups, fingerprint

from tests.core.memory.lifecycle.helpers import rec

RECORDS = [
    rec("a", "hvigor构建时路径需要用引号包裹", confidence=0.6),
    rec("x", "hdc list targets prints [Empty] without a device"),
    rec("b", "hvigor 构建时路径不需要用引号包裹", confidence=0.8),
    rec("d1", "真机调试前需要先在设置里打开开发者模式", confidence=0.5),
    rec("d2", "真机调试之前需要在设置里打开开发者模式", confidence=0.9),
    rec("e1", "install fails with 9568320 no signature file", layer="episodic"),
    rec("e2", "install fails with 9568332 signature inconsistent", layer="episodic"),
    rec("gone", "真机调试前需要先在设置里打开开发者模式", superseded_by="d2"),
]


def test_groups_have_kind_members_action_and_keep() -> None:
    groups = find_groups(RECORDS)
    got = [(g.kind, g.ids, g.action, g.keep) for g in groups]
    assert got == [
        ("contradiction", ("a", "b"), "review", "b"),
        ("duplicate", ("d1", "d2"), "supersede", "d2"),
    ]
    assert groups[0].key == "hvigor build"
    only = find_groups(RECORDS, kinds=("duplicate",))
    assert [g.kind for g in only] == ["duplicate"]
    assert groups[1].as_json()["fingerprint"] == groups[1].fingerprint


def test_the_fingerprint_changes_when_a_member_changes() -> None:
    recs = [RECORDS[3], RECORDS[4]]
    fp = fingerprint("duplicate", recs)
    assert fp == fingerprint("duplicate", list(reversed(recs)))
    assert fp != fingerprint("duplicate", [dataclasses.replace(recs[0], confidence=0.6), recs[1]])
    assert fp != fingerprint("duplicate", [dataclasses.replace(recs[0], content="x"), recs[1]])
    assert fp != fingerprint("contradiction", recs)


def test_the_scale_path_finds_the_same_groups(monkeypatch: pytest.MonkeyPatch) -> None:
    exact = find_groups(RECORDS)
    monkeypatch.setattr(grouping, "EXACT_LIMIT", 0)
    assert [(g.kind, g.ids) for g in find_groups(RECORDS)] == [(g.kind, g.ids) for g in exact]


def test_progress_and_cancel() -> None:
    seen: list[tuple[int, int]] = []
    find_groups(RECORDS, progress=lambda d, t: seen.append((d, t)))
    assert seen and seen[-1][0] == seen[-1][1] and seen[0][0] == 0
    with pytest.raises(Cancelled):
        find_groups(RECORDS, cancel=lambda: True)


def test_contradictions_do_not_chain_across_subjects():
    """Issue 32: one contradiction group chained 57 memories of different subjects. A contradicts
    B (one subject, "hvigor build"), B contradicts C (C's subject is "window path"): two groups,
    each a direct pair, not one group of three."""
    records = [
        rec("a", "hvigor build path needs quotes on Windows"),
        rec("b", "hvigor build path needs no quotes on Windows"),
        rec("c", "Windows path quotes: hvigor build needs them"),
    ]
    groups = [(g.kind, g.ids) for g in find_groups(records)]
    assert ("contradiction", ("a", "b")) in groups and ("contradiction", ("b", "c")) in groups
    assert not any(g[0] == "contradiction" and len(g[1]) > 2 for g in groups)
    # memories of one subject still make one group
    same = [
        rec(f"s{i}", f"hvigor build path needs {'no ' * (i % 2)}quotes on Windows")
        for i in range(4)
    ]
    assert [(g.kind, len(g.ids)) for g in find_groups(same) if g.kind == "contradiction"] == [
        ("contradiction", 4)
    ]
