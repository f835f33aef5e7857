"""A launch the log follows up to the UIAbility's first lifecycle calls and no further.

The stability FAQ's stuck-splash cases (faq-stability-16, 应用卡死在启动页) read a launch by its
stages in hilog: appspawn's child process, the AbilityKit's ``JsUIAbility call js, name:
onCreate`` / ``onWindowStageCreate`` (``end, name: …, time: N``), then the window's foreground
and the first page. When the log's last lifecycle call is onCreate, onWindowStageCreate or
onWillForeground and the log ends a few lines later with no crash in it, the system's part of
the launch is done and the app's own startup did not finish: the page it loads never rendered.

Read "possibly", as a launch: the log shows where the launch stopped, not why.
"""

from __future__ import annotations

import re

from hmdesk.core.toolchain.hilog.says import Said

# the AbilityKit's own line for each lifecycle callback it calls (js_ui_ability.cpp)
_CALL = re.compile(r"JsUIAbility call js, name: (\w+)")
_EARLY = frozenset({"onCreate", "onWindowStageCreate", "onWillForeground"})
_TAIL_LINES = 12  # how close to the log's end the last lifecycle call must be


def launch_stall(text: str) -> Said | None:
    """A launch whose last lifecycle call is an early one, near the log's end."""
    if "JsUIAbility call js" not in text:
        return None
    calls = list(_CALL.finditer(text))
    if not calls:
        return None
    last = calls[-1]
    if last[1] not in _EARLY or "onWindowStageCreate" not in {c[1] for c in calls}:
        return None
    if text.count("\n", last.end()) > _TAIL_LINES:
        return None
    start = text.rfind("\n", 0, last.start()) + 1
    end = text.find("\n", last.end())
    line = text[start : end if end >= 0 else len(text)].strip()
    return Said(
        "launch",
        f"the launch stops after the UIAbility's {last[1]}: the system's part ran (the process "
        "spawned, the lifecycle callbacks called) and the log shows nothing after, so the app's "
        "own startup did not finish and its first page never rendered (a splash page that stays)",
        "Find the step of the app's startup that never completes: check that "
        "onWindowStageCreate calls windowStage.loadContent and that its callback reports no "
        "error, then what the first page's aboutToAppear and the app's init tasks await (a "
        "promise that never settles, an error swallowed without a log: catch and log each). A "
        "task that worked on an older system may fail on a newer one for a changed default: "
        "from API 18 JSVM's JIT is off unless the app holds the JIT permission certificate "
        "(jsvm-apply-jit-profile), which stops wasm and JIT-compiled code.",
        line,
        certain=False,
        terms=("onWindowStageCreate", "loadContent", "aboutToAppear", "启动页"),
    )
