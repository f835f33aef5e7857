"""The Agent activity view, Help › Connect an agent, the instructions dialog, Preferences › Agents
and the Agent menu on the window."""

from __future__ import annotations

from pathlib import Path

import pytest
from hmdesk.core import config
from hmdesk.core.agent.proposals import Proposals
from hmdesk.core.agent.record import AgentRecord
from hmdesk.core.agent.setup import setup_lines
from hmdesk.gui.agent.activity import AgentActivityDialog
from hmdesk.gui.agent.connect import ConnectAgentDialog
from hmdesk.gui.agent.instructions import InstructionsDialog
from hmdesk.gui.main_window import MainWindow
from hmdesk.gui.preferences.dialog import PreferencesDialog


def _recall_call(ctx, memory_id: str, client: str = "claude-code") -> None:
    AgentRecord(ctx.db).append(
        session="s",
        client_name=client,
        client_version="2.1",
        tool="recall",
        arguments={"query": "install signing"},
        result={
            "results": [
                {
                    "id": memory_id,
                    "score": 0.81,
                    "content": "sign the HAP",
                    "why": {
                        "matched": ["install"],
                        "missed": ["signing"],
                        "parts": {"lexical": 0.2},
                    },
                }
            ],
            "matched": 1,
        },
        result_ids=[memory_id],
        duration_ms=4.0,
        ok=True,
    )


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_activity_shows_what_each_client_saw_and_follows_new_calls(qtbot, ctx) -> None:
    m = ctx.store.add("sign the HAP", tags=["signing"])
    _recall_call(ctx, m.id)
    dialog = AgentActivityDialog(ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.list.count() == 1, timeout=10_000)
    text = dialog.detail.toPlainText()
    assert "recall — claude-code 2.1" in text
    assert "matched install; missed signing" in text and "lexical 0.2" in text
    # a proposal the agent made, then accepted by a person: the view says what became of it
    p = Proposals(ctx.db).file(content="x", tags=[], layer="semantic", confidence=0.5)
    AgentRecord(ctx.db).append(
        session="s2",
        client_name="codex",
        client_version="0.5",
        tool="remember",
        arguments={"content": "x"},
        result={"proposal": p.id, "status": "pending"},
        result_ids=[],
        duration_ms=2.0,
        ok=True,
    )
    qtbot.waitUntil(lambda: dialog.list.count() == 2, timeout=10_000)  # live: the 1 s look
    dialog.list.setCurrentRow(0)
    assert f"Proposal {p.id}: pending" in dialog.detail.toPlainText()
    Proposals(ctx.db).reject(p.id)
    qtbot.waitUntil(
        lambda: f"Proposal {p.id}: rejected" in dialog.detail.toPlainText(), timeout=10_000
    )
    dialog.client_box.setCurrentText("codex")
    qtbot.waitUntil(lambda: dialog.list.count() == 1, timeout=10_000)
    with qtbot.waitSignal(dialog.memory_requested) as blocker:
        dialog._link(f"memory:{m.id}")
    assert blocker.args == [m.id]
    dialog.done(0)


def test_connect_dialog_shows_the_installed_command(qtbot) -> None:
    lines = setup_lines("/opt/hm desk/bin/hmdesk-cli")
    assert lines.claude_code == 'claude mcp add hmdesk -- "/opt/hm desk/bin/hmdesk-cli" mcp'
    assert (
        lines.codex_toml
        == '[mcp_servers.hmdesk]\ncommand = "/opt/hm desk/bin/hmdesk-cli"\nargs = ["mcp"]'
    )
    assert setup_lines("C:\\hm\\hmdesk-cli.cmd").command[:3] == [
        "cmd",
        "/c",
        "C:\\hm\\hmdesk-cli.cmd",
    ]
    dialog = ConnectAgentDialog()
    qtbot.addWidget(dialog)
    real = setup_lines().command[0]
    assert Path(real).is_absolute() and Path(real).exists()  # this environment's hmdesk-cli
    assert f"claude mcp add hmdesk -- {real} mcp" in dialog.text.toPlainText()


def test_instructions_dialog_previews_then_writes(qtbot, ctx, tmp_path) -> None:
    ctx.store.add("hvigor needs NODE_HOME", tags=["hvigor"], confidence=0.9)
    target = tmp_path / "AGENTS.md"
    target.write_text("# Ours\n", encoding="utf-8")
    dialog = InstructionsDialog(ctx)
    qtbot.addWidget(dialog)
    dialog.path.setText(str(target))
    dialog.preview_button.click()
    qtbot.waitUntil(lambda: "Nothing written yet" in dialog.status.text(), timeout=10_000)
    assert "hvigor needs NODE_HOME" in dialog.preview.toPlainText()
    assert target.read_text(encoding="utf-8") == "# Ours\n"
    dialog.write_button.click()
    qtbot.waitUntil(lambda: "block added at the end" in dialog.status.text(), timeout=10_000)
    assert "hvigor needs NODE_HOME" in target.read_text(encoding="utf-8")
    target.write_bytes(b"\xff bad")
    dialog.write_button.click()
    qtbot.waitUntil(lambda: "left untouched" in dialog.status.text(), timeout=10_000)
    assert target.read_bytes() == b"\xff bad"


def test_preferences_turn_the_agent_switches_on_and_off(qtbot, tmp_path) -> None:
    dialog = PreferencesDialog()
    qtbot.addWidget(dialog)
    assert not dialog.agent_devices.isChecked() and not dialog.agent_auto.isChecked()
    dialog.agent_devices.setChecked(True)
    dialog.agent_projects.edit.setText(str(tmp_path))
    dialog.accept()
    assert config.switched_on("mcp_device_tools") and config.folders("mcp_projects") == [
        tmp_path.resolve()
    ]
    again = PreferencesDialog()
    qtbot.addWidget(again)
    assert again.agent_devices.isChecked()
    again.agent_devices.setChecked(False)
    again.accept()
    assert not config.switched_on("mcp_device_tools")


def test_the_window_has_the_agent_menu_and_help_entry(qtbot, ctx) -> None:
    window = MainWindow(settings=ctx.settings)
    qtbot.addWidget(window)
    assert window.agent_menu.open_activity() is None  # before the database is open: says so
    assert "not open yet" in window.banner.text()
    assert window.agent_menu.connect_action in window.help_menu.actions()
    dialog = window.agent_menu.open_connect()
    assert window.agent_menu.dialogs == {"connect": dialog}  # one at a time
    dialog.reject()


def test_activity_counts_its_calls_in_words(qtbot, ctx) -> None:
    """ "1 call(s), 0 failed" was the one count in the window not in words (issue 32, Ugly:
    "1 contradictions")."""
    m = ctx.store.add("sign the HAP", tags=["signing"])
    _recall_call(ctx, m.id)
    dialog = AgentActivityDialog(ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.list.count() == 1, timeout=10_000)
    assert dialog.summary.text() == "1 call, none failed"
    _recall_call(ctx, m.id)
    dialog.reload()
    qtbot.waitUntil(lambda: dialog.list.count() == 2, timeout=10_000)
    assert dialog.summary.text() == "2 calls, none failed"


def test_activity_list_shows_each_call_line_whole(qtbot, ctx) -> None:
    """Seen under X: the list got ~255 of 1000 px and cut "21:13:28  hmharness 0.9  remember
    3 m" before its duration and status."""
    m = ctx.store.add("sign the HAP", tags=["signing"])
    _recall_call(ctx, m.id, client="claude-code-with-a-long-name")
    dialog = AgentActivityDialog(ctx)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitUntil(lambda: dialog.list.count() == 1, timeout=10_000)
    line = dialog.list.item(0).text()
    needed = dialog.list.fontMetrics().horizontalAdvance(line)
    assert dialog.list.viewport().width() >= needed, (dialog.list.viewport().width(), needed)
