"""``hmdesk-cli screenshot | layout | files | stats`` against the fake hdc's device."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hmdesk.core.cli import main as cli_main
from hmdesk.core.db import Database
from hmdesk.core.toolchain.device.evidence import Evidence
from hmdesk.core.toolchain.pipeline.recorder import RunRecorder

from tests.fixtures.fake_tools import FAKE_HDC_KEY, FakeTools

DATA = Path(__file__).resolve().parents[2] / "data"
SANDBOX = "/data/app/el2/100/base/com.example.hello/files"


def _run(db_file: Path) -> int:
    db = Database(db_file)
    try:
        return RunRecorder(db).create_run(
            project="/p", device=FAKE_HDC_KEY, options={}, rerun_of=None, plan=[]
        )[0]
    finally:
        db.close()


def test_screenshot_json_and_kept_with_a_run(
    fake_tools: FakeTools, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_tools.device_root()
    out = tmp_path / "shot.jpeg"
    assert cli_main(["screenshot", "--device", FAKE_HDC_KEY, "--out", str(out), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["path"] == str(out) and data["width"] == 1260 and out.is_file()
    db_file = tmp_path / "h.db"
    run_id = _run(db_file)
    assert (
        cli_main(["--db", str(db_file), "screenshot", "-d", FAKE_HDC_KEY, "--run", str(run_id)])
        == 0
    )
    db = Database(db_file)
    try:
        shots = Evidence(db).artifacts(run_id, "screenshot")
    finally:
        db.close()
    assert len(shots) == 1 and shots[0].present
    assert cli_main(["--db", str(db_file), "screenshot", "-d", FAKE_HDC_KEY, "--run", "999"]) == 2
    fake_tools.hdc_scenario("one-device", "no-snapshot", "no-uitest")
    capsys.readouterr()
    assert cli_main(["screenshot", "-d", FAKE_HDC_KEY, "--out", str(tmp_path / "x.jpeg")]) == 1
    assert "neither snapshot_display nor uitest" in capsys.readouterr().err


def test_layout_text_json_and_offline(
    fake_tools: FakeTools, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_tools.device_root()
    saved = tmp_path / "l.json"
    assert cli_main(["layout", "-d", FAKE_HDC_KEY, "--out", str(saved)]) == 0
    text = capsys.readouterr().out.splitlines()
    assert '        Text "idTest" #idTest [0,237][93,275]' in text
    assert cli_main(["layout", "-d", FAKE_HDC_KEY, "--open", str(saved), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["screen"] == [1260, 2720] and len(data["nodes"]) == 10
    assert cli_main(["layout", "-d", FAKE_HDC_KEY, "--open", str(tmp_path / "none.json")]) == 2


def test_layout_linked_to_the_project(
    fake_tools: FakeTools, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_tools.device_root()
    project = tmp_path / "app"
    page = project / "entry/src/main/ets/pages/Index.ets"
    page.parent.mkdir(parents=True)
    page.write_text(
        "@Entry\n@Component\nstruct Index {\n  build() {\n    Text('idTest').id('idTest')\n  }\n}\n"
    )
    assert cli_main(["layout", "-d", FAKE_HDC_KEY, "--project", str(project), "--json"]) == 0
    nodes = json.loads(capsys.readouterr().out)["nodes"]
    linked = {n["id"]: n["code"] for n in nodes if n["id"]}
    assert linked["idTest"]["path"] == "entry/src/main/ets/pages/Index.ets"
    assert linked["idTest"]["line"] == 5 and linked["idTest"]["via"] == "id"


def test_files_verbs(
    fake_tools: FakeTools, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    device = fake_tools.device_root()
    assert (
        cli_main(["files", "-d", FAKE_HDC_KEY, "--bundle", "com.example.hello", "ls", "--json"])
        == 0
    )
    roots = json.loads(capsys.readouterr().out)
    assert {"label": "fault logs", "path": "/data/log/faultlog", "writable": False} in roots
    assert cli_main(["files", "-d", FAKE_HDC_KEY, "ls", SANDBOX, "--json"]) == 0
    assert [e["name"] for e in json.loads(capsys.readouterr().out)["entries"]] == ["notes.txt"]
    dest = tmp_path / "down"
    assert (
        cli_main(
            [
                "files",
                "-d",
                FAKE_HDC_KEY,
                "pull",
                f"{SANDBOX}/notes.txt",
                f"{SANDBOX}/gone.txt",
                "--to",
                str(dest),
            ]
        )
        == 1
    )
    assert (dest / "notes.txt").read_text() == "hello\n" and not (dest / "gone.txt").exists()
    assert "gone.txt" in capsys.readouterr().err
    up = tmp_path / "up.txt"
    up.write_text("up")
    assert cli_main(["files", "-d", FAKE_HDC_KEY, "push", str(up), "--to", SANDBOX]) == 0
    assert (device / SANDBOX.lstrip("/") / "up.txt").read_text() == "up"
    assert cli_main(["files", "-d", FAKE_HDC_KEY, "rm", f"{SANDBOX}/up.txt"]) == 2  # no --yes
    assert (device / SANDBOX.lstrip("/") / "up.txt").exists()
    assert cli_main(["files", "-d", FAKE_HDC_KEY, "rm", f"{SANDBOX}/up.txt", "--yes"]) == 0
    assert not (device / SANDBOX.lstrip("/") / "up.txt").exists()
    assert cli_main(["files", "-d", FAKE_HDC_KEY, "rm", "/data/local/tmp/a;reboot", "--yes"]) == 2
    assert not any("reboot" in " ".join(c["argv"]) for c in fake_tools.calls("hdc"))


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_stats_samples_kept_with_a_run(
    fake_tools: FakeTools, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake_tools.set("FAKE_HDC_PIDS", "5394")
    db_file = tmp_path / "h.db"
    run_id = _run(db_file)
    argv = ["--db", str(db_file), "stats", "-d", FAKE_HDC_KEY, "--bundle", "com.example.hello"]
    assert (
        cli_main([*argv, "--count", "2", "--interval", "0.5", "--run", str(run_id), "--json"]) == 0
    )
    data = json.loads(capsys.readouterr().out)
    assert [s["pss_kb"] for s in data["samples"]] == [92998, 92998]
    assert [s["cpu_percent"] for s in data["samples"]] == [12.5, 12.5]
    db = Database(db_file)
    try:
        assert len(Evidence(db).samples(run_id)) == 2
    finally:
        db.close()
    assert cli_main([*argv]) == 0
    assert "PSS 90.8 MB  CPU 12.5 %" in capsys.readouterr().out
    assert cli_main([*argv, "--interval", "0.1"]) == 2
