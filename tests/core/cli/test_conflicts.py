"""hmdesk-cli conflicts: list the sync conflicts a pull kept, take theirs, keep mine."""

from __future__ import annotations

import json
from pathlib import Path

from hmdesk.core.cli import main
from hmdesk.core.db import Database
from hmdesk.core.memory.store import MemoryStore
from hmdesk.core.team import conflicts as cf
from hmdesk.core.team.sync import Conflict


def test_list_take_and_keep(tmp_path: Path, capsys) -> None:
    path = tmp_path / "m.db"
    db = Database(path)
    store = MemoryStore(db)
    a = store.add("hvigor: clean the cache").id
    b = store.add("hdc: restart it").id
    cf.record(
        store,
        [
            Conflict(a, ["content"], {"content": "hvigor: clean .hvigor"}, {"content": "x"}),
            Conflict(b, ["content"], {"content": "hdc: kill-server"}, {"content": "y"}),
        ],
        other="postgresql://bob@db/team",
        direction="pull",
    )
    store.close()
    db.close()
    assert main(["--db", str(path), "conflicts", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)["conflicts"]
    assert [(r["memory_id"], r["theirs"]["content"]) for r in rows] == [
        (a, "hvigor: clean .hvigor"),
        (b, "hdc: kill-server"),
    ]
    assert main(["--db", str(path), "conflicts"]) == 0
    out = capsys.readouterr().out
    assert "theirs 'hvigor: clean .hvigor'" in out and "pull postgresql://bob@db/team" in out
    assert main(["--db", str(path), "conflicts", "--take-theirs", str(rows[0]["id"])]) == 0
    assert "took ['content']" in capsys.readouterr().out
    assert main(["--db", str(path), "conflicts", "--keep-mine", str(rows[1]["id"])]) == 0
    capsys.readouterr()
    assert main(["--db", str(path), "conflicts", "--keep-mine", str(rows[1]["id"])]) == 2
    assert "no open sync conflict" in capsys.readouterr().err
    db = Database(path)
    try:
        store = MemoryStore(db)
        assert store.get(a).content == "hvigor: clean .hvigor"
        assert store.get(b).content == "hdc: restart it"
    finally:
        db.close()
