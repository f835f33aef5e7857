"""The build phase a log names: hvigor's failed task (``Failed :entry:default@SignHap...``),
the class its failures belong to and the phase in words. Pure text in, data out."""

from __future__ import annotations

import re

# ``Failed :entry:default@CompileArkTS...`` (also without the dots, or quoted in prose)
FAILED_TASK = re.compile(
    r"Failed\s*:(?P<module>[\w.-]*):(?:(?P<target>[\w-]*)@)?(?P<task>[A-Za-z]\w*)"
)

# the task name → the class its failures belong to, and the phase in words
PHASES: tuple[tuple[re.Pattern[str], str, str], ...] = tuple(
    (re.compile(rx), kind, words)
    for rx, kind, words in (
        (
            r"^\w*(?:ArkTS|Ets|BuildJS|CompileJS|Lint)\w*$",
            "arkts-source",
            "the ArkTS compile",
        ),
        (r"^\w*(?:Native|Cmake|CMake|Ninja|Cpp)\w*$", "native", "the native (C/C++) build"),
        (r"^Sign\w*$", "signing", "signing"),
        (r"^\w*(?:Resource|Restool)\w*$", "config", "the resource compile (restool)"),
        (
            r"^(?:PreBuild|MergeProfile|ProcessProfile|GenerateMetadata|MakePackInfo|"
            r"SyscapTransform|ProcessIntegratedHsp|ProcessStartupConfig|CreateBuildProfile|"
            r"\w*RouterMap\w*|\w*(?:Config|Json|Profile|Manifest)\w*)$",
            "config",
            "the project configuration check",
        ),
        (
            r"^Package\w*$|^\w*Pack(?:Hap|Hsp|App|Har)\w*$",
            "java",
            "packing (the SDK's Java packing tool)",
        ),
        (r"^\w*(?:Ohpm|Dependenc|Install)\w*$", "ohpm-deps", "the dependency install (ohpm)"),
    )
)


def failed_task(text: str) -> tuple[str | None, str | None]:
    """(module, task) of the first ``Failed :module:target@Task`` in ``text``."""
    m = FAILED_TASK.search(text)
    if m is None:
        return None, None
    return (m.group("module") or None), m.group("task")


# hvigor's aggregate tasks (``entry:assembleHap``) fail because a task under them did
_AGGREGATE = re.compile(r"^(?:assemble|build|clean|sync|init|test|gen|default)", re.I)


def own_task(text: str) -> bool:
    """The failed task is the project's own (a hvigorfile.ts plugin registers it without the
    ``default@`` target hvigor's tasks have, and it is not one of hvigor's aggregates)."""
    m = FAILED_TASK.search(text)
    return m is not None and m.group("target") is None and not _AGGREGATE.match(m.group("task"))


def phase_of(task: str | None) -> tuple[str | None, str | None]:
    """(class, phase in words) of a hvigor task name (None, None when no phase is known)."""
    if task:
        for rx, kind, words in PHASES:
            if rx.search(task):
                return kind, words
    return None, None
