"""Finding the HAP a build produced."""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

SKIP_DIRS = {"node_modules", "oh_modules", ".hvigor", ".preview", "src", ".git", ".idea"}


def find_hap(
    root: Path, module_dir: Path | None = None, product: str = "default"
) -> tuple[Path | None, bool]:
    """The newest ``*-signed.hap`` (under ``<module>/build/<product>/outputs`` first, then anywhere
    in the project outside sources and dependency folders). Falls back to the newest unsigned
    HAP: returns ``(path, unsigned)``."""

    def walk(base: Path) -> list[Path]:
        found: list[Path] = []
        if not base.is_dir():
            return found
        for dirpath, dirnames, filenames in os.walk(base):
            dirnames[:] = [d for d in dirnames if d not in SKIP_DIRS]
            for f in filenames:
                if f.endswith(".hap"):
                    found.append(Path(dirpath) / f)
        return found

    def newest(paths: list[Path]) -> Path | None:
        best: tuple[float, Path] | None = None
        for p in paths:
            with contextlib.suppress(OSError):
                m = p.stat().st_mtime
                if best is None or m > best[0]:
                    best = (m, p)
        return best[1] if best else None

    bases = []
    if module_dir is not None:
        bases.append(module_dir / "build" / product / "outputs")
        bases.append(module_dir / "build")
    bases.append(root)
    unsigned: list[Path] = []
    for base in bases:
        haps = walk(base)
        signed = [h for h in haps if h.name.endswith("-signed.hap")]
        if signed:
            return newest(signed), False
        unsigned += [h for h in haps if h.name.endswith("-unsigned.hap")]
    if unsigned:
        return newest(unsigned), True
    return None, False
