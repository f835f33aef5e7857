"""Memories as CSV: one header, one row per memory, tags joined with ';', UTF-8 kept."""

from __future__ import annotations

import csv

from hmdesk.core.db import Database
from hmdesk.core.memory.csv_export import CSV_FIELDS, memories_to_csv
from hmdesk.core.memory.store import MemoryStore


def test_rows_round_trip_through_the_csv_reader(tmp_path):
    db = Database(tmp_path / "m.db")
    store = MemoryStore(db)
    try:
        a = store.add('hvigor构建失败: "quotes", commas\nand a newline', tags=["hvigor", "构建"])
        b = store.add("second", confidence=0.25)
        path = tmp_path / "out.csv"
        assert memories_to_csv(store.get_many([a.id, b.id]), path) == 2
        with open(path, newline="", encoding="utf-8") as fh:
            rows = list(csv.reader(fh))
    finally:
        store.close()
        db.close()
    assert tuple(rows[0]) == CSV_FIELDS
    first = dict(zip(CSV_FIELDS, rows[1], strict=True))
    assert first["id"] == a.id and first["content"] == a.content
    assert first["tags"] == "hvigor;构建"
    second = dict(zip(CSV_FIELDS, rows[2], strict=True))
    assert second["confidence"] == "0.25" and second["superseded_by"] == ""
