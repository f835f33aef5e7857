"""The one set of input rules (``memory_input_problem``) and the store's value validators."""

from __future__ import annotations

import math

import pytest
from hmdesk.core.memory.errors import StoreError
from hmdesk.core.memory.validation import (
    MAX_CONTENT_CHARS,
    memory_input_problem,
    validate_confidence,
    validate_content,
    validate_layer,
    validate_tags,
)


def test_a_good_memory_has_no_problem():
    assert (
        memory_input_problem("hdc exits 0 on failure", ["hdc", "E000001"], "semantic", "harmonyos")
        is None
    )


@pytest.mark.parametrize(
    ("content", "tags", "layer", "environment", "says"),
    [
        ("   ", [], "semantic", "harmonyos", "Content is empty"),
        ("x" * (MAX_CONTENT_CHARS + 1), [], "semantic", "harmonyos", "20,000"),
        ("ok", [], "working", "harmonyos", "Layer must be one of"),
        ("ok", [], "semantic", " ", "Environment is empty"),
        ("ok", [], "semantic", "harmony os", "one word"),
        ("ok", ["two words"], "semantic", "harmonyos", "contains a space"),
        ("ok", ["t" * 65], "semantic", "harmonyos", "longer than 64"),
    ],
)
def test_each_rule_names_the_problem(content, tags, layer, environment, says):
    problem = memory_input_problem(content, tags, layer, environment)
    assert problem is not None and says in problem


def test_validators_normalise_or_refuse():
    assert validate_content("text") == "text"
    assert validate_confidence("0.25") == 0.25
    assert validate_layer("world") == "world"
    assert validate_tags([" a ", "a", "", "b"]) == ["a", "b"]
    for bad in (True, math.nan, 1.5, -0.1, "high"):
        with pytest.raises(StoreError):
            validate_confidence(bad)
    with pytest.raises(StoreError, match="runtime-only"):
        validate_layer("working")
    with pytest.raises(StoreError):
        validate_tags("one-string")
    with pytest.raises(StoreError):
        validate_content(42)
