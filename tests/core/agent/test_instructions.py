"""The pitfalls block in instruction files: idempotent, never a byte outside its markers, refusals
leave the file untouched, and the choice of pitfalls."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from hmdesk.core.agent.instructions import curate, write_block
from hmdesk.core.codeindex.anchors import AnchorStore
from hmdesk.core.db import Database
from hmdesk.core.memory.access import AccessLog
from hmdesk.core.memory.hmharness.notes import import_notes_bytes
from hmdesk.core.memory.instruction_block import BEGIN, END, InstructionsError, render
from hmdesk.core.memory.store import MemoryStore

# Verbatim excerpt of a real instruction file nobody on the team wrote: openai/codex, AGENTS.md at
# commit 020f0e2fb8423836dec396b626ef6738be14e1e3 (Apache-2.0), the "TUI code conventions" and
# "Text wrapping" sections (curly apostrophes, an ellipsis and a non-breaking hyphen: bytes a
# careless rewrite would change).
CODEX_AGENTS = (
    "## TUI code conventions\n"
    "\n"
    "- Use concise styling helpers from ratatui\u2019s Stylize trait.\n"
    '  - Basic spans: use "text".into()\n'
    '  - Styled spans: use "text".red(), "text".green(), "text".magenta(), "text".dim(), etc.\n'
    "  - Prefer these over constructing styles with `Span::styled` and `Style` directly.\n"
    "  - Example: patch summary file lines\n"
    '    - Desired: vec!["  \u2514 ".into(), "M".red(), " ".dim(), "tui/src/app.rs".dim()]\n'
    "\n"
    "### Text wrapping\n"
    "\n"
    "- Always use textwrap::wrap to wrap plain strings.\n"
    "- If you have a ratatui Line and you want to wrap it, use the helpers in tui/src/wrapping.rs, "
    "e.g. word_wrap_lines / word_wrap_line.\n"
    "- If you need to indent wrapped lines, use the initial_indent / subsequent_indent options from "
    "RtOptions if you can, rather than writing custom logic.\n"
    "- If you have a list of lines and you need to prefix them all with some prefix (optionally "
    "different on the first vs subsequent lines), use the `prefix_lines` helper from line_utils.\n"
)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[MemoryStore]:
    db = Database(tmp_path / "i.db")
    s = MemoryStore(db, actor="test")
    yield s
    s.close()
    db.close()


def _seed(store: MemoryStore) -> dict[str, str]:
    ids = {
        "sign": store.add(
            "Unsigned HAP: install fails with 9568320\nmore detail",
            tags=["signing"],
            confidence=0.9,
        ).id,
        "ark": store.add(
            "ArkTS @State in a @Builder is not reactive", tags=["arkts"], confidence=0.6
        ).id,
        "weak": store.add("maybe restart hdc", tags=["hdc"], confidence=0.3).id,
        "helped": store.add(
            "hvigor needs NODE_HOME set to Node 18", tags=["hvigor"], confidence=0.6
        ).id,
    }
    log = AccessLog(store.db)
    for _ in range(3):
        log.record_feedback(ids["helped"], helped=True)
    return ids


def test_curated_pitfalls_by_confidence_help_and_anchors(
    store: MemoryStore, tmp_path: Path
) -> None:
    ids = _seed(store)
    project = tmp_path / "MyApp"
    project.mkdir()
    (project / "Index.ets").write_text("@Entry\n@Component\nstruct Index {\n  build() {}\n}\n")
    from hmdesk.core.codeindex.index import CodeIndex

    index = CodeIndex(project)
    index.scan()
    entity = index.find("Index")[0]
    AnchorStore(store.db).add(ids["ark"], project, entity)
    general = [p.memory.id for p in curate(store)]
    assert ids["weak"] not in general  # below the confidence floor
    assert general.index(ids["helped"]) < general.index(ids["ark"])  # helped 3× lifts it
    for_project = [p.memory.id for p in curate(store, project)]
    assert for_project[0] == ids["ark"]  # anchored in this project
    assert len(curate(store, limit=1)) == 1
    short = curate(store, max_chars=60)
    assert sum(len(p.line) + 1 for p in short) <= 60


def test_real_file_gets_the_block_appended_then_replaced_never_a_byte_outside(
    store: MemoryStore, tmp_path: Path
) -> None:
    ids = _seed(store)
    path = tmp_path / "AGENTS.md"
    path.write_bytes(CODEX_AGENTS.encode("utf-8"))
    first = write_block(path, curate(store))
    assert first.change == "added"
    data = path.read_bytes()
    assert data.startswith(CODEX_AGENTS.encode("utf-8") + b"\n" + BEGIN.encode())
    assert data.endswith(END.encode() + b"\n")
    assert f"(hmdesk {ids['sign']})" in data.decode()
    assert "more detail" not in data.decode()  # the first line only

    assert write_block(path, curate(store)).change == "unchanged"
    assert path.read_bytes() == data

    # the user writes after the block; a new pitfall replaces only the block's inside
    path.write_bytes(data + "\n## Mine\n- keep me\u2011here\n".encode())
    store.add("Emulator needs hardware virtualisation on", tags=["emulator"], confidence=0.95)
    second = write_block(path, curate(store))
    assert second.change == "updated"
    after = path.read_bytes().decode()
    head, rest = after.split(BEGIN, 1)
    block, tail = rest.split(END, 1)
    assert head == CODEX_AGENTS + "\n"
    assert tail == "\n\n## Mine\n- keep me\u2011here\n"
    assert "Emulator needs" in block


def test_crlf_file_keeps_its_line_ends(store: MemoryStore, tmp_path: Path) -> None:
    _seed(store)
    path = tmp_path / "CLAUDE.md"
    path.write_bytes(b"# Notes\r\n\r\nBe brief.\r\n")
    write_block(path, curate(store))
    data = path.read_bytes()
    assert data.startswith(b"# Notes\r\n\r\nBe brief.\r\n\r\n<!-- hmdesk")
    assert b"\n" not in data.replace(b"\r\n", b"")


@pytest.mark.parametrize(
    "content, why",
    [
        (b"caf\xe9 latin-1\n", "not UTF-8"),
        (f"a\n{BEGIN}\n- x\n".encode(), "damaged"),
        (f"a\n{END}\n{BEGIN}\n".encode(), "before"),
        (f"a\n{BEGIN}\n{END}\n{BEGIN}\n{END}\n".encode(), "damaged"),
        (f"text {BEGIN}\n{END}\n".encode(), "start of a line"),
        (f"{BEGIN}\n<!-- hmdesk:pitfalls end --> edited\n".encode(), "changed"),
    ],
)
def test_refused_files_are_left_untouched(
    store: MemoryStore, tmp_path: Path, content: bytes, why: str
) -> None:
    _seed(store)
    path = tmp_path / "AGENTS.md"
    path.write_bytes(content)
    with pytest.raises(InstructionsError, match=why):
        write_block(path, curate(store))
    assert path.read_bytes() == content


def test_new_file_is_created_and_render_of_none(tmp_path: Path) -> None:
    data, change = render(None, f"{BEGIN}\n{END}")
    assert change == "created" and data == f"{BEGIN}\n{END}\n".encode()


def test_hmharness_notes_import_skips_the_block(store: MemoryStore, tmp_path: Path) -> None:
    _seed(store)
    path = tmp_path / "memory.md"
    path.write_bytes(b"- [2026-12-01 10:00] use hdc -t KEY when two devices are plugged\n")
    write_block(path, curate(store))
    report = import_notes_bytes(store, path.read_bytes(), path)
    assert report.skipped == [] and report.imported == 1
