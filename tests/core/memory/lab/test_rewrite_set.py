"""The recall lab's rewrite set (negation and question boilerplate) and the lab-only profile
``default-norewrite`` that measures what the query rewrite changes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hmdesk.core.cli import main
from hmdesk.core.memory.lab.labelled_set import load_set
from hmdesk.core.memory.retrieve.rewrite import lab_profile, rewrite_query

SET = Path(__file__).parents[4] / "resources" / "recall_lab" / "rewrite_set.json"
STARTER = Path(__file__).parents[4] / "resources" / "starter_pack.jsonl"


def test_the_set_is_valid_and_every_query_is_rewritten() -> None:
    lset = load_set(SET)
    assert len(lset.queries) >= 15
    ids = {json.loads(line)["id"] for line in STARTER.read_text(encoding="utf-8").splitlines()}
    for q in lset.queries:
        assert q.relevant and set(q.relevant) <= ids, q.text
        assert rewrite_query(q.text).changed, q.text  # each one tests the rewrite
    negated = [q for q in lset.queries if rewrite_query(q.text).negated]
    assert len(negated) >= 10


def test_lab_profile_names() -> None:
    assert lab_profile("default-norewrite") == ("default", False)
    assert lab_profile("default") == ("default", True)
    assert lab_profile("hybrid") == ("hybrid", True)


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_eval_measures_the_rewrite_against_its_control(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["eval", str(SET), "--starter-pack", "--profile", "default"]
    assert (
        main([*argv, "--profile", "default-norewrite", "--control", "default-norewrite", "--json"])
        == 0
    )
    data = json.loads(capsys.readouterr().out)
    on, off = data["profiles"]["default"], data["profiles"]["default-norewrite"]
    assert on["mrr"] > off["mrr"] and on["recall_at_k"] >= off["recall_at_k"]
    assert len(on["queries"]) == len(off["queries"]) == len(load_set(SET).queries)
