"""A launch the log follows no further than the UIAbility's first lifecycle calls."""

from __future__ import annotations

from hmdesk.core.toolchain.hilog.launch_stall import launch_stall

_P = "06-10 19:41:43.932  7994  7994 I C01332/com.x/UIAbility: [js_ui_ability.cpp:1568]"
STUCK = "\n".join(
    [
        f"{_P}JsUIAbility call js, name: onCreate",
        f"{_P}end, name: onCreate, time: 5",
        f"{_P}JsUIAbility call js, name: onWindowStageCreate",
    ]
)


def test_a_log_that_ends_at_onwindowstagecreate() -> None:
    said = launch_stall(STUCK)
    assert said is not None and said.kind == "launch" and not said.certain
    assert "onWindowStageCreate" in said.meaning and "loadContent" in said.fix


def test_a_launch_that_went_on_to_the_foreground_is_not_stuck() -> None:
    assert launch_stall(STUCK + f"\n{_P}JsUIAbility call js, name: onForeground") is None


def test_a_lifecycle_call_long_before_the_logs_end_is_not_where_it_stopped() -> None:
    more = "\n".join(f"{_P}render frame {i}" for i in range(20))
    assert launch_stall(f"{STUCK}\n{more}") is None
    assert launch_stall(f"{_P}JsUIAbility call js, name: onCreate") is None  # no window stage
