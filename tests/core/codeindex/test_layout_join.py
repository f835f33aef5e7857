"""The layout-to-code join on a real public app's code: openharmony/applications_settings'
``BrightnessComponent.ets`` (tests/data/arkts_corpus, CORPUS.md). The layout is in the real
``uitest dumpLayout`` format (tests/data/device) with the ids that page gives its components;
the expected lines were read from the file before the join was written (SOURCES.md there)."""

from __future__ import annotations

import json
from pathlib import Path

from hmdesk.core.codeindex.anchors import Anchor
from hmdesk.core.codeindex.index import CodeIndex
from hmdesk.core.codeindex.layout_join import Literals, join, with_memories
from hmdesk.core.toolchain.device.layout import parse_layout, read_layout

DATA = Path(__file__).resolve().parents[2] / "data"
SETTINGS = DATA / "arkts_corpus/samples/openharmony+applications_settings"
BRIGHTNESS = "product/phone/src/main/ets/Setting/Display/view/BrightnessComponent.ets"


def node(
    typ: str,
    bounds: str,
    *,
    id_: str = "",
    text: str = "",
    kids: list[dict[str, object]] | None = None,
) -> dict[str, object]:
    attrs = {
        "type": typ,
        "bounds": bounds,
        "id": id_,
        "key": id_,
        "text": text,
        "clickable": "false",
    }
    return {"attributes": attrs, "children": kids or []}


def settings_layout() -> dict[str, object]:
    slider_row = node(
        "Flex",
        "[0,400][1260,568]",
        kids=[
            node("Image", "[36,448][108,520]", id_="brightness_reduce_image"),
            node("Slider", "[144,424][1116,544]", id_="brightness_slider"),
            node("Image", "[1152,448][1224,520]", id_="brightness_plus_image"),
        ],
    )
    auto = node(
        "Row",
        "[0,568][1260,712]",
        kids=[
            node("Text", "[36,600][900,680]", id_="automatic_adjust_title", text="Automatic"),
            node("Toggle", "[1100,600][1224,680]", id_="automatic_adjust_toggle"),
        ],
    )
    other = node(
        "Scroll", "[0,800][1260,1200]", id_="scroll_test", kids=[node("Text", "[0,800][10,810]")]
    )
    return node(
        "",
        "[0,0][1260,2720]",
        kids=[node("Column", "[0,400][1260,712]", kids=[slider_row, auto]), other],
    )


def index() -> CodeIndex:
    idx = CodeIndex(SETTINGS, cache_file=None)
    idx.scan()
    return idx


def test_ids_link_to_the_lines_of_the_real_component() -> None:
    lits = Literals(index())
    tree = parse_layout(settings_layout())
    links = join(tree, lits, ancestors=False)
    by_id = {tree.nodes[i].id: link for i, link in links.items()}
    assert set(by_id) == {
        "brightness_reduce_image",
        "brightness_slider",
        "brightness_plus_image",
        "automatic_adjust_title",
        "automatic_adjust_toggle",
    }
    assert (by_id["brightness_slider"].path, by_id["brightness_slider"].line) == (BRIGHTNESS, 123)
    assert by_id["automatic_adjust_toggle"].line == 83
    assert by_id["brightness_reduce_image"].line == 101
    assert by_id["brightness_slider"].via == "id"
    assert by_id["brightness_slider"].entity is not None
    assert by_id["brightness_slider"].entity.startswith("BrightnessComponent")
    struct = next(e for e in lits.index.entities(BRIGHTNESS) if e.name == "BrightnessComponent")
    assert (struct.kind, struct.start_line) == ("struct", 27)  # from its decorator, @Component
    # scroll_test is not in this code; its child has nothing of its own
    assert "scroll_test" not in by_id


def test_unlinked_nodes_fall_back_to_their_ancestor() -> None:
    lits = Literals(index())
    tree = parse_layout(settings_layout())
    links = join(tree, lits)
    toggle = next(n for n in tree.nodes if n.id == "automatic_adjust_toggle")
    assert links[toggle.index].via == "id"
    scroll_child = next(n for n in tree.nodes if n.type == "Text" and not n.id)
    assert scroll_child.index not in links  # its parent (scroll_test) links nowhere either


def test_memories_anchored_in_the_component() -> None:
    lits = Literals(index())
    tree = parse_layout(settings_layout())
    anchors = [
        Anchor(1, "m-brightness", "p", BRIGHTNESS, "BrightnessComponent.build", "method", 97, "t"),
        Anchor(
            2,
            "m-stale",
            "p",
            BRIGHTNESS,
            "BrightnessComponent.build",
            "method",
            97,
            "t",
            stale=True,
        ),
        Anchor(3, "m-other", "p", "elsewhere.ets", "X", "struct", 1, "t"),
    ]
    links = with_memories(join(tree, lits), anchors, lits)
    slider = next(n for n in tree.nodes if n.id == "brightness_slider")
    assert links[slider.index].memories == ("m-brightness",)
    title = next(n for n in tree.nodes if n.id == "automatic_adjust_title")
    assert links[title.index].memories == ()  # autoAdjustBuilder, not build()


def test_real_dump_joins_its_page_and_literals(tmp_path: Path) -> None:
    """hmdriver2's real dump against a page that writes what it shows (the page of the test
    app is not public as ArkTS: the literals below are the ones that dump shows)."""
    page = tmp_path / "entry/src/main/ets/pages/Index.ets"
    page.parent.mkdir(parents=True)
    page.write_text(
        "@Entry\n@Component\nstruct Index {\n  build() {\n    Column() {\n"
        "      Text('Next')\n      Text('idTest').id('idTest')\n      Scroll(this.scroller) {}\n"
        '        .id("scroll_test")\n    }\n  }\n}\n'
    )
    idx = CodeIndex(tmp_path, cache_file=None)
    idx.scan()
    tree = read_layout(DATA / "device/hmdriver2_hierarchy_excerpt.json")
    links = join(tree, Literals(idx))
    got = {
        (tree.nodes[i].type, tree.nodes[i].text or tree.nodes[i].id): (v.via, v.line)
        for i, v in links.items()
    }
    assert got[("root", "")] == ("page", 1)  # the struct, from its decorator @Entry
    assert got[("Text", "Next")] == ("text", 6)
    assert got[("Text", "idTest")] == ("id", 7)
    assert got[("Scroll", "scroll_test")] == ("id", 9)
    assert got[("Text", "Hello World")] == ("ancestor", 1)  # a variable's text: its page
    assert json.dumps([v.to_dict() for v in links.values()])
