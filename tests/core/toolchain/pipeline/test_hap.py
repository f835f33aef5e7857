"""Finding the HAP a build produced."""

from __future__ import annotations

import os
from pathlib import Path

from hmdesk.core.toolchain.pipeline import find_hap


def test_find_hap_prefers_newest_signed(tmp_path: Path) -> None:
    out = tmp_path / "entry" / "build" / "default" / "outputs" / "default"
    out.mkdir(parents=True)
    unsigned = out / "entry-default-unsigned.hap"
    unsigned.write_text("u")
    assert find_hap(tmp_path, tmp_path / "entry") == (unsigned, True)
    old = out / "entry-default-signed.hap"
    old.write_text("s")
    newer = (
        tmp_path / "entry" / "build" / "default" / "outputs" / "other" / "entry-other-signed.hap"
    )
    newer.parent.mkdir()
    newer.write_text("n")
    os.utime(old, (1, 1))
    assert find_hap(tmp_path, tmp_path / "entry") == (newer, False)
    (tmp_path / "oh_modules" / "x").mkdir(parents=True)
    assert find_hap(tmp_path / "oh_modules") == (None, False)
