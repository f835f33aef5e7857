"""Crash recall on a real crash log: the crash's own terms, the failure card's recall floor, the
memory anchored to the crashing function first (issue 32, requirement 3).

The log is ``tests/data/real_logs/jscrash/read-property-of-undefined.log`` (verbatim, from the
HarmonyOS FAQ "faq-stability-13", its source in the ``.toml`` beside it): a raw release stack,
``at initPageUrl (entry|entry|1.0.0|src/main/ets/h5common/page/H5Page.ts:3:1)``, whose line is
the compiled ``.ts`` line, not the ``.ets`` one.

Expected, written before the code ran: the terms begin with ``TypeError`` and ``jscrash``, name
``initPageUrl`` and ``loadPackage``, and not the template words ``read`` / ``property``; recall
shows the memory anchored to ``initPageUrl`` first, the jscrash pitfall about reading a property
of undefined second, and none of the memories that share only "read" or "property".
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hmdesk.core.codeindex.anchors import AnchorStore
from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.codeindex.location_recall import Location, recall_by_location
from hmdesk.core.db import Database
from hmdesk.core.memory.recall_floor import recall_for_terms
from hmdesk.core.memory.retrieve.retriever import Retriever
from hmdesk.core.memory.starter import load_starter_pack
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.toolchain.crash.faultlog import parse_faultlog
from hmdesk.core.toolchain.crash.resolve import crash_terms, resolve_crash

REAL_LOG = Path(__file__).parents[3] / "data/real_logs/jscrash/read-property-of-undefined.log"

# the project's page (the app's own code, written here): initPageUrl is not at line 3
H5_PAGE = """import { webview } from '@kit.ArkWeb';
import { H5Package } from '../model/H5Package';

let pkg: H5Package | undefined = undefined;

export function initH5Env(p: H5Package): void {
  pkg = p;
}

export function initPageUrl(path: string): string {
  const base = pkg!.loadPackage(path);
  return base + '/index.html';
}
"""

NOISE_READ = (
    ("Read the hvigor log from the top: the first error is the cause", ["hvigor", "build"]),
    ("Read the property files with the preferences API, never with fs", ["config"]),
    ("The gallery needs the READ_MEDIA permission to read photos", ["permissions"]),
    ("@Prop property of a child must be initialised by the parent", ["arkui"]),
    ("Read access to /data/local/tmp needs hdc shell as root", ["hdc"]),
)


@pytest.fixture
def world(tmp_path: Path) -> Iterator[tuple[MemoryStore, CodeIndex, dict[str, str]]]:
    page = tmp_path / "proj/entry/src/main/ets/h5common/page/H5Page.ets"
    page.parent.mkdir(parents=True)
    page.write_text(H5_PAGE, encoding="utf-8")
    index = CodeIndex(tmp_path / "proj")
    index.scan()
    db = Database(tmp_path / "hmdesk.db")
    store = MemoryStore(db)
    assert load_starter_pack(store) > 40  # the shipped real pitfalls as the rest of the store
    ids = {
        "undefined": store.add(
            "JS crash TypeError: Cannot read property X of undefined: the object is not loaded "
            "yet when the code runs; guard it with ?. or give it a default",
            tags=["pitfall", "harmonyos", "crash", "jscrash", "TypeError"],
            confidence=0.8,
        ).id,
        "anchored": store.add(
            "H5 pages: call initH5Env() with the downloaded package before building any URL",
            tags=["h5"],
            confidence=0.7,
        ).id,
    }
    ids["noise"] = ",".join(store.add(c, tags=t).id for c, t in NOISE_READ)
    target = index.named("entry/src/main/ets/h5common/page/H5Page.ets", "initPageUrl")
    assert target is not None and target.start_line == 10
    AnchorStore(db).add(ids["anchored"], index.root, target)
    yield store, index, ids
    db.close()


def test_a_real_js_crash_recalls_the_anchored_memory_then_the_jscrash_pitfall(world) -> None:
    store, index, ids = world
    crash = resolve_crash(parse_faultlog(REAL_LOG.read_text(encoding="utf-8")), index)
    assert crash.frames[0].entity == "initPageUrl"  # by the frame's name: line 3 is an import
    terms = crash_terms(crash)
    assert terms[:3] == ["TypeError", "jscrash", "initPageUrl"]
    assert "loadPackage" in terms and "undefined" in terms
    assert not {"read", "property", "Cannot"} & set(terms)
    retriever = Retriever(store)
    text = recall_for_terms(retriever, terms)
    locations = [Location(f.source, f.line, f.column, f.symbol) for f in crash.frames if f.source]
    rows = recall_by_location(retriever, index, locations, text)
    assert [r.memory.id for r in rows[:2]] == [ids["anchored"], ids["undefined"]]
    assert rows[0].label == "anchored to initPageUrl"
    assert not set(ids["noise"].split(",")) & {r.memory.id for r in rows}
