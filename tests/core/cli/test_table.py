"""hmdesk-cli tables: ids whole on any terminal width, free text elided to what is left (at a word
boundary, CJK counted as two columns), nothing cut when the output is not a terminal."""

from __future__ import annotations

import json
import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest
from hmdesk.core.cli import main
from hmdesk.core.cli.table import elide, pad, terminal_columns, text_width
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore

NOW = "2026-11-29T12:00:00.000Z"
LONG_ID = "pitfall-hdc-install-sign-mismatch-9568322-release-profile"
LONG_CONTENT = (
    "hdc install fails with code 9568322 when the HAP is signed with a debug profile: "
    "re-sign it with the release certificate and the matching provisioning profile, then run "
    "hvigorw assembleHap again before installing"
)
CJK_CONTENT = (
    "鸿蒙应用安装失败时先检查签名证书与描述文件是否匹配然后重新签名再安装这一条很长的中文提示"
)


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    path = tmp_path / "t.db"
    with Database(path) as db:
        store = MemoryStore(db)
        store.add(LONG_CONTENT, tags=["hdc"], id=LONG_ID, timestamp=NOW)
        store.add("hdc " + CJK_CONTENT, tags=["hdc"], id="mem-0a1b2c3d4e5f", timestamp=NOW)
        store.close()
    return str(path)


def test_elide_cuts_at_a_word_boundary_with_an_ellipsis() -> None:
    text = "re-sign the HAP with the release certificate"
    assert elide(text, 20) == "re-sign the HAP…"
    assert text_width(elide(text, 20)) <= 20
    assert elide(text, 200) == text
    assert elide(text, None) == text
    # one long word: cut inside it rather than dropping it
    assert elide("signature_verification_failed_9568322", 12) == "signature_v…"
    # line breaks become spaces: one row per line
    assert elide("first\nsecond", None) == "first second"


def test_elide_counts_wide_characters_as_two_columns() -> None:
    assert text_width("鸿蒙") == 4
    assert text_width("e\u0301") == 1  # a combining accent takes no column
    cut = elide(CJK_CONTENT, 21)
    assert cut.endswith("…") and text_width(cut) <= 21
    assert text_width(cut) >= 19  # filled up to the width, a wide character never split
    assert text_width(pad("鸿蒙", 6)) == 6


def test_terminal_columns_is_none_when_the_output_is_not_a_terminal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert terminal_columns() is None  # captured stdout: not a terminal


def _as_terminal(monkeypatch: pytest.MonkeyPatch, columns: int) -> None:
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("COLUMNS", str(columns))


@pytest.mark.parametrize("columns", [60, 80, 120, 200])
def test_query_table_prints_ids_whole_and_fits_the_content_to_the_terminal(
    db_path: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    columns: int,
) -> None:
    _as_terminal(monkeypatch, columns)
    assert main(["query", "hdc", "--db", db_path, "--now", NOW]) == 0
    out = capsys.readouterr().out
    rows = [ln for ln in out.splitlines() if LONG_ID in ln or "mem-0a1b2c3d4e5f" in ln]
    assert len(rows) == 2, out  # both ids printed whole
    for row in rows:
        if columns >= 120:
            assert text_width(row) <= columns, row
        assert row.endswith("…") or columns == 200
    long_row = next(r for r in rows if LONG_ID in r)
    assert f"{LONG_ID} hdc install" in long_row  # the content starts after the whole id
    if columns < 200:
        # elided at a word boundary: what is left before … ends a word of the content
        shown = long_row.split(f"{LONG_ID} ", 1)[1].removesuffix("…")
        assert LONG_CONTENT.startswith(shown) and LONG_CONTENT[len(shown)] == " "


def test_query_table_cuts_nothing_when_the_output_is_not_a_terminal(
    db_path: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["query", "hdc", "--db", db_path, "--now", NOW]) == 0
    out = capsys.readouterr().out
    assert f"{LONG_ID} {LONG_CONTENT}" in out
    assert CJK_CONTENT in out and "…" not in out


def test_a_copied_id_from_a_narrow_terminal_works_with_show(
    db_path: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _as_terminal(monkeypatch, 60)
    assert main(["query", "install", "--db", db_path, "--now", NOW]) == 0
    row = next(ln for ln in capsys.readouterr().out.splitlines() if ln.startswith("  1 "))
    copied = row.split()[5]
    assert main(["show", copied, "--db", db_path, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["id"] == LONG_ID


def test_history_elides_content_but_never_an_id(
    db_path: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert main(["supersede", LONG_ID, "--by", "mem-0a1b2c3d4e5f", "--reason", "dup", "--db", db_path]) == 0  # fmt: skip
    assert main(["edit", LONG_ID, "--content", LONG_CONTENT + " (checked)", "--db", db_path]) == 0
    capsys.readouterr()
    _as_terminal(monkeypatch, 80)
    assert main(["history", LONG_ID, "--db", db_path]) == 0
    out = capsys.readouterr().out
    link = next(ln for ln in out.splitlines() if "superseded_by:" in ln)
    assert link.rstrip().endswith("null → mem-0a1b2c3d4e5f  (dup)")
    edit = next(ln for ln in out.splitlines() if " content: " in ln)
    assert f"edit {LONG_ID} content: hdc" in edit and edit.endswith("…")
    assert text_width(edit.split(" content: ")[1]) <= 16 + len(" → ")  # the least they get
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False)
    assert main(["history", LONG_ID, "--db", db_path]) == 0
    assert f"{LONG_CONTENT} → {LONG_CONTENT} (checked)" in capsys.readouterr().out


def test_a_real_terminal_gets_whole_ids_and_elided_content(db_path: str) -> None:
    """The CLI in a child process on a pseudo-terminal 70 columns wide, as a user runs it."""
    leader, follower = pty.openpty()
    env = {**os.environ, "COLUMNS": "70", "LINES": "40", "PYTHONIOENCODING": "utf-8"}
    proc = subprocess.Popen(
        [sys.executable, "-m", "hmdesk.core.cli", "query", "hdc", "--db", db_path, "--now", NOW],
        stdout=follower,
        stderr=subprocess.PIPE,
        env=env,
    )
    os.close(follower)
    chunks = []
    while True:
        try:
            chunk = os.read(leader, 65536)
        except OSError:  # the child closed the terminal (EIO)
            break
        if not chunk:
            break
        chunks.append(chunk)
    os.close(leader)
    assert proc.wait(timeout=60) == 0, proc.stderr.read() if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    out = b"".join(chunks).decode("utf-8")
    assert LONG_ID in out and "mem-0a1b2c3d4e5f" in out
    assert LONG_CONTENT not in out and "…" in out
