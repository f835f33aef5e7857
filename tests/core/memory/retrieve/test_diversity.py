"""The duplicate collapse: near-duplicates fold into the better-ranked result, identically in every
search path (Retriever, stored snapshot, one-shot), never under hmharness."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from hmdesk.core.db import Database
from hmdesk.core.memory.lifecycle.claims import near_duplicates
from hmdesk.core.memory.record import MemoryRecord
from hmdesk.core.memory.retrieve.diversity import EXTRA, diversified, widen
from hmdesk.core.memory.retrieve.profile import HMHARNESS, PROFILES
from hmdesk.core.memory.retrieve.results import Query, QueryResult, result_to_json
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.search_index.file_search import _search_full, search_file, search_stored
from hmdesk.core.memory.search_index.maintain import refresh
from hmdesk.core.memory.store import MemoryStore

NOW = datetime(2026, 11, 29, 12, 0, tzinfo=UTC)

UNSIGNED = "hdc install fails with code:9568320 no signature file: the HAP is unsigned. Fix: add signingConfigs in build-profile.json5 and install the signed hap."
UNSIGNED_2 = "hdc install fails with code 9568320 (no signature file): the hap is unsigned. Fix: add signingConfigs to build-profile.json5, then install the signed HAP."
UNSIGNED_ZH = "安装失败 9568320 no signature file：HAP 未签名。解决：在 build-profile.json5 中配置 signingConfigs，重新构建再安装 signed.hap。"
UNSIGNED_ZH_2 = "安装失败 9568320 no signature file：HAP 没有签名。解决：在 build-profile.json5 里配置 signingConfigs，重新构建后安装 signed.hap。"
INCONSISTENT = "Install fails with code:9568332 install sign info inconsistent: the app on the device was signed with another certificate. Fix: hdc uninstall it first."
VERSION = "Install fails with code:9568278 install version code not same: the installed app has a different versionCode. Fix: uninstall it first."


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "d.db")
    s = MemoryStore(db)
    yield s
    s.close()
    db.close()


def fill(store: MemoryStore) -> dict[str, str]:
    ids = {}
    ids["unsigned"] = store.add(UNSIGNED, tags=["install"], confidence=0.9).id
    ids["unsigned_2"] = store.add(UNSIGNED_2, tags=["install"], confidence=0.85).id
    ids["unsigned_zh"] = store.add(UNSIGNED_ZH, tags=["install"], confidence=0.8).id
    ids["unsigned_zh_2"] = store.add(UNSIGNED_ZH_2, tags=["install"], confidence=0.75).id
    ids["inconsistent"] = store.add(INCONSISTENT, tags=["install"], confidence=0.7).id
    ids["version"] = store.add(VERSION, tags=["install"], confidence=0.6).id
    return ids


def shape(result: QueryResult) -> list[tuple[str, float, list[str]]]:
    return [(r.memory.id, r.score, [s.memory.id for s in r.similar]) for r in result.results]


def record(content: str, layer: str = "semantic") -> MemoryRecord:
    return MemoryRecord("m", layer, content, "", "", 0.5, "", "", "")


def dup(a: str, b: str) -> bool:
    return near_duplicates(record(a), record(b))


def test_near_duplicates_read_chinese_and_english_and_keep_distinct_claims_apart() -> None:
    assert dup(UNSIGNED, UNSIGNED_2)
    assert dup(UNSIGNED_ZH, UNSIGNED_ZH_2)
    assert not dup(INCONSISTENT, VERSION)  # same template, another claim
    assert not dup(UNSIGNED, INCONSISTENT)
    assert dup("", "") and dup("!!", "?") and not dup("!!", "12")
    # normalised: width, case and punctuation do not matter
    assert dup("ＨＤＣ Install!", "hdc install")
    # a negation makes another claim, however alike the words
    assert not dup("hdc needs a signed hap to install", "hdc does not need a signed hap")
    # another layer is another memory (Review proposes no supersede across layers)
    assert not near_duplicates(record(UNSIGNED), record(UNSIGNED_2, "procedural"))


def test_near_duplicates_fold_into_the_better_ranked_result(store: MemoryStore) -> None:
    ids = fill(store)
    r = Retriever(store)
    try:
        q = Query("install 9568320 signature", now=NOW, limit=5)
        got = r.search(q)
        ranked = r.search_ranked(widen(q))
    finally:
        r.close()
    assert [x.memory.id for x in ranked.results][:4] == [
        ids["unsigned"],
        ids["unsigned_2"],
        ids["unsigned_zh"],
        ids["unsigned_zh_2"],
    ]
    top = got.results
    assert top[0].memory.id == ids["unsigned"]
    assert [s.memory.id for s in top[0].similar] == [ids["unsigned_2"]]
    assert top[1].memory.id == ids["unsigned_zh"]
    assert [s.memory.id for s in top[1].similar] == [ids["unsigned_zh_2"]]
    # the distinct claims move up; scores untouched
    assert {x.memory.id for x in top[2:]} == {ids["inconsistent"], ids["version"]}
    assert got.query is q and len(top) == 4
    by_id = {x.memory.id: x.score for x in ranked.results}
    assert all(x.score == by_id[x.memory.id] for x in top)
    doc = result_to_json(got)
    assert doc["results"][0]["similar"] == [ids["unsigned_2"]]
    assert doc["results"][2]["similar"] == []
    assert doc["query"]["limit"] == 5


def test_hmharness_and_browsing_are_never_folded(store: MemoryStore) -> None:
    ids = fill(store)
    r = Retriever(store)
    try:
        hm = r.search(Query("install 9568320", now=NOW, profile=HMHARNESS))
        browse = r.search(Query("", now=NOW, limit=3))
    finally:
        r.close()
    assert ids["unsigned_2"] in [x.memory.id for x in hm.results]
    assert all(not x.similar for x in hm.results)
    assert len(browse.results) == 3 and all(not x.similar for x in browse.results)
    assert widen(Query("x", profile=HMHARNESS)).limit == 10
    assert widen(Query("x")).limit == 10 + EXTRA


def test_every_search_path_folds_the_same(store: MemoryStore) -> None:
    fill(store)
    path = store.db.path
    r = Retriever(store)
    try:
        for text in ("install 9568320 signature", "安装失败 签名", "install fails", "uninstall"):
            for profile in ("default", "hmharness"):
                for limit in (1, 3, 10):
                    q = Query(text, now=NOW, profile=PROFILES[profile], limit=limit)
                    want = shape(r.search(q))
                    assert shape(search_file(path, q)) == want, q  # the one-shot
                    full = diversified(lambda x: _search_full(path, x), q)
                    assert full is not None and shape(full) == want, q
                    answer = search_stored(path, q)
                    assert answer is not None and shape(answer) == want, q
        refresh(store.db)  # from the snapshot alone, no pending rows
        q = Query("install 9568320 signature", now=NOW, limit=5)
        assert shape(search_file(path, q)) == shape(r.search(q))
        assert any(x[2] for x in shape(search_file(path, q)))
    finally:
        r.close()


def test_collapse_fills_the_limit_from_beyond_it(store: MemoryStore) -> None:
    for n in range(6):  # six wordings of one claim, then distinct ones
        store.add(f"{UNSIGNED} ({'uvwxyz'[n]})", confidence=0.9 - n / 100)
    for n, text in enumerate(("signature of the pack", "install signature check", "hdc signature")):
        store.add(text, confidence=0.5 - n / 100)
    r = Retriever(store)
    try:
        got = r.search(Query("signature", now=NOW, limit=3))
    finally:
        r.close()
    assert len(got.results) == 3
    assert len(got.results[0].similar) == 5
    assert got.results[1].memory.content == "signature of the pack"


def test_the_cli_table_says_n_similar(
    store: MemoryStore, capsys: pytest.CaptureFixture[str]
) -> None:
    from hmdesk.core.cli.query import print_table

    ids = fill(store)
    r = Retriever(store)
    try:
        print_table(r.search(Query("install 9568320 signature", now=NOW, limit=5)))
    finally:
        r.close()
    out = capsys.readouterr().out
    assert f"1 similar: {ids['unsigned_2']}" in out
    assert f"1 similar: {ids['unsigned_zh_2']}" in out


def test_other_numbers_make_another_claim() -> None:
    assert dup(UNSIGNED, UNSIGNED_2)
    assert not dup("note 1 about hdc", "note 2 about hdc")
    assert dup("note 1 about hdc", "a note 1 about hdc")
    assert dup("hdc install 9568320 unsigned hap", "hdc install unsigned hap")  # no other code
    assert not dup("install fails 9568278 on hdc", "install fails 9568263 on hdc")


def test_a_superseded_version_shown_on_purpose_is_not_folded(store: MemoryStore) -> None:
    old = store.add(UNSIGNED, confidence=0.9)
    new = store.supersede(old.id, content=UNSIGNED_2, reason="reworded")
    r = Retriever(store)
    try:
        got = r.search(Query("9568320 signature", now=NOW, include_superseded=True))
    finally:
        r.close()
    ids = [x.memory.id for x in got.results]
    assert store.get(old.id).superseded_by in ids and old.id in ids
    assert new.id in ids or store.get(old.id).superseded_by == new.id
    assert all(not x.similar for x in got.results)


def test_the_lists_similar_and_reviews_duplicate_agree_on_one_store(store: MemoryStore) -> None:
    """The memory list's "n similar" (this collapse) and the Review tab's duplicate groups
    (lifecycle grouping, what its scan runs) read one store the same way (issue 32)."""
    from hmdesk.core.memory.lifecycle.plans import contradiction_groups

    ids = fill(store)
    ids["negated"] = store.add(
        "hdc install fails with code 9568320 no signature file: the HAP is not unsigned. "
        "Fix: add signingConfigs in build-profile.json5 and install the signed hap.",
        confidence=0.5,
    ).id
    ids["procedural"] = store.add(UNSIGNED_2, layer="procedural", confidence=0.4).id
    ids["procedural_2"] = store.add(UNSIGNED, layer="procedural", confidence=0.3).id
    ids["other_code"] = store.add(UNSIGNED.replace("9568320", "9568321"), confidence=0.2).id
    r = Retriever(store)
    try:
        got = r.search(Query("install signature hap 9568320 9568321", now=NOW, limit=20))
    finally:
        r.close()
    folded = {frozenset((row.memory.id, s.memory.id)) for row in got.results for s in row.similar}
    rows = [row.memory.id for row in got.results]
    groups = contradiction_groups("default", store.list(), kinds=("duplicate",))
    pairs = {frozenset((a, b)) for g in groups for a in g.ids for b in g.ids if a != b}
    shown = set(rows) | {s.memory.id for row in got.results for s in row.similar}
    assert shown == set(ids.values())  # the query reached every memory
    assert folded  # something folds, and every fold is a Review duplicate
    assert folded <= pairs
    # every Review duplicate group is one row of the list, its other members folded into it
    for g in groups:
        assert sum(i in rows for i in g.ids) == 1, g
    assert {frozenset(g.ids) for g in groups} == {
        frozenset((ids["unsigned"], ids["unsigned_2"])),
        frozenset((ids["unsigned_zh"], ids["unsigned_zh_2"])),
        frozenset((ids["procedural"], ids["procedural_2"])),
    }
