"""hvigor's 00302013 (the root node is not yet available): both documented causes, hvigorconfig.ts
calling the node API too early and another hvigor than DevEco's own being loaded (one in the
user's Home, or @ohos/hvigor pinned at another version; faqs-development-environment-39). The real
log is batch H's ``hvigor/hcA-musicplayer-report-00302013-hvigor-4-vs-6``."""

from __future__ import annotations

import pytest

from tests.fixtures.real_logs import assert_found, real_log


@pytest.mark.parametrize(
    "text",
    [
        "> hvigor ERROR: 00302013 Script Error\nError Message: The root node is not yet available "
        "for build.\nAt file: hvigorfile.ts or hvigorconfig.ts\n",
        "> hvigor ERROR: 00302013 Script Error\nError Message: The root node is not yet available "
        "for build. At file: hvigorfile.ts or hvigorconfig.ts\n",
        # the message without its code: hvigor's page still decides over a word in it
        "> hvigor ERROR: Script Error\nError Message: The root node is not yet available for "
        "build.\n",
        real_log("hvigor/hcA-musicplayer-report-00302013-hvigor-4-vs-6.log"),
    ],
)
def test_the_root_node_names_both_causes(text: str) -> None:
    f = assert_found(text)
    assert f.kind == "hvigor-env", (f.kind, f.fix)
    for word in ("nodesInitialized", "hvigor-ohos-plugin", "~/node_modules", ".hvigor", "Sync"):
        assert word in f.fix, (word, f.fix)
