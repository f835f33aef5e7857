"""The starter pack shipped in resources/: at least 30 real pitfalls, each with tags and a fix."""

from __future__ import annotations

import re

from hmdesk.core.memory.starter import starter_entries
from hmdesk.core.memory.validation import memory_input_problem

# The pitfalls every HarmonyOS developer meets first: they must be in the pack.
REQUIRED = {
    "starter-hap-unsigned-9568320",
    "starter-deveco-sdk-home-00303217",
    "starter-windows-path-spaces-hvigorw",
    "starter-hdc-hilog-drops-flags",
    "starter-hdc-exit-0-on-failure",
}


def test_starter_pack_entries_are_complete_and_valid():
    entries = starter_entries()
    assert len(entries) >= 30
    ids = [e["id"] for e in entries]
    assert len(set(ids)) == len(ids)
    assert set(ids) >= REQUIRED
    for e in entries:
        content, tags = e["content"], e["tags"]
        assert tags, e["id"]
        assert "\nFix: " in content, e["id"]  # what went wrong, then how to fix it
        err = memory_input_problem(content, tags, e.get("layer", "semantic"), "harmonyos")
        assert err is None, (e["id"], err)
        assert 0 < float(e.get("confidence", 0.8)) <= 1, e["id"]
        for tag in tags:  # an error code in the tags is the one the text talks about
            if re.fullmatch(r"E?\d{6,8}", tag):
                assert tag in content, (e["id"], tag)
