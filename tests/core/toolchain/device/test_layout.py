"""uitest dumpLayout: the real dump of a phone (hmdriver2's), the fake device's dumps and
failures, and the bounds on huge or hostile dumps."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hmdesk.core.bounded import InputError
from hmdesk.core.toolchain.device import layout

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools

REAL = Path(__file__).resolve().parents[3] / "data/device/hmdriver2_hierarchy_excerpt.json"


def test_real_dump() -> None:
    tree = layout.read_layout(REAL)
    assert len(tree.nodes) == 10 and tree.truncated == 0
    assert tree.screen == (1260, 2720)
    window = tree.window()
    assert window is not None and window.type == "root"
    assert window.get("pagePath") == "pages/Index"
    assert window.get("bundleName") == "com.samples.test.uitest"
    by_id = {n.id: n for n in tree.nodes if n.id}
    assert set(by_id) == {"idTest", "scroll_test"}
    assert by_id["idTest"].key == "idTest" and by_id["idTest"].bounds == (0, 237, 93, 275)
    assert by_id["scroll_test"].get("scrollable") == "true"
    assert not any(n.clickable for n in tree.nodes)
    assert tree.node_at(40, 250) is by_id["idTest"]
    assert tree.node_at(600, 900) is by_id["scroll_test"]
    assert [n.type for n in tree.path(by_id["idTest"])] == ["", "root", "Row", "Column", "Text"]
    assert by_id["idTest"].label() == 'Text "idTest" #idTest'


def test_dump_from_the_device(fake_tools: FakeTools, tmp_path: Path) -> None:
    fake_tools.device_root()
    outcome, tree = layout.dump(str(fake_tools.hdc), FAKE_HDC_KEY, tmp_path / "l.json")
    assert outcome.ok and tree is not None and len(tree.nodes) == 10
    assert json.loads((tmp_path / "l.json").read_text()) == json.loads(REAL.read_text())
    reopened = layout.read_layout(tmp_path / "l.json")  # saved and reopened offline
    assert [n.to_dict() for n in reopened.nodes] == [n.to_dict() for n in tree.nodes]


@pytest.mark.parametrize(
    ("scenario", "kind", "words"),
    [
        ("dump-fail", "file", "could not read the screen's layout"),
        ("no-uitest", "unsupported", "has no uitest"),
    ],
)
def test_dump_failures(
    fake_tools: FakeTools, tmp_path: Path, scenario: str, kind: str, words: str
) -> None:
    fake_tools.device_root()
    fake_tools.hdc_scenario("one-device", scenario)
    outcome, tree = layout.dump(str(fake_tools.hdc), FAKE_HDC_KEY, tmp_path / "l.json")
    assert tree is None and not outcome.ok and outcome.kind == kind and words in outcome.message
    assert not (tmp_path / "l.json").exists()


def _wide(n: int) -> dict[str, object]:
    kids = [
        {"attributes": {"type": "Text", "text": str(i), "bounds": "[0,0][1,1]"}, "children": []}
        for i in range(n)
    ]
    return {"attributes": {"bounds": "[0,0][10,10]"}, "children": kids}


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_huge_and_hostile_dumps_are_bounded(tmp_path: Path) -> None:
    big = tmp_path / "big.json"
    big.write_text(json.dumps(_wide(30_000)))
    tree = layout.read_layout(big, max_nodes=1000)
    assert len(tree.nodes) == 1000 and tree.truncated == 29_001
    bomb = tmp_path / "deep.json"
    for levels in (250, 20_000):  # past MAX_DEPTH; past the JSON decoder's own recursion
        bomb.write_text('{"attributes":{},"children":[' * levels + "]}" * levels)
        with pytest.raises((InputError, layout.LayoutError)):
            layout.read_layout(bomb)
    junk = tmp_path / "junk.json"
    junk.write_text('{"windows": []}')
    with pytest.raises(layout.LayoutError):
        layout.read_layout(junk)
    junk.write_text("DumpLayout failed")
    with pytest.raises(layout.LayoutError):
        layout.read_layout(junk)
