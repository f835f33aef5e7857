"""The actor of the user's changes: the ``user`` setting, else the system login."""

from __future__ import annotations

from hmdesk.core import config
from hmdesk.core.team.identity import current_user, system_user


def test_the_setting_wins_over_the_login(monkeypatch) -> None:
    monkeypatch.setenv("LOGNAME", "login-name")
    monkeypatch.delenv("HMDESK_USER", raising=False)
    assert system_user() == "login-name" == current_user()
    config.set_value("user", "Alice Chen")
    assert current_user() == "Alice Chen"
    monkeypatch.setenv("HMDESK_USER", "ci-bot")
    assert current_user() == "ci-bot"
