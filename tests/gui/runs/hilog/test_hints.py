"""The device log's words about itself: the hint over the view and the counters line."""

from __future__ import annotations

from hmdesk.gui.runs.hilog.hints import (
    ViewCounts,
    counters_text,
    counters_tooltip,
    device_state_hint,
    empty_hint,
)


def counts(**kw: object) -> ViewCounts:
    base = dict(
        in_ring=0,
        shown=0,
        received=0,
        filtering=False,
        caught_up=True,
        capacity=1000,
        evicted=0,
        reader_dropped=0,
        paused_dropped=0,
        device_dropped=0,
    )
    base.update(kw)
    return ViewCounts(**base)  # type: ignore[arg-type]


def test_device_state_hints_say_what_to_do():
    assert device_state_hint("") == ""
    assert "USB debugging" in device_state_hint("No device connected")
    assert "pick one" in device_state_hint("Choose a device")
    gone = device_state_hint("FMR0 is gone — reconnect it or choose another device")
    assert gone.startswith("FMR0 is gone") and "stay here" in gone


def test_empty_hint_only_my_app_and_filter():
    c = counts(in_ring=120, filtering=True)
    hint = empty_hint("", only_mine=True, bundle="com.example.hello", counts=c)
    assert "No lines from com.example.hello yet" in hint and "120 lines" in hint
    assert empty_hint("", only_mine=False, bundle=None, counts=c).startswith("No line matches")
    assert empty_hint("", only_mine=True, bundle="b.c", counts=counts(shown=3, in_ring=3)) == ""
    assert empty_hint("", only_mine=True, bundle="b.c", counts=counts(caught_up=False)) == ""
    # the device's state comes first
    assert empty_hint("No device connected", only_mine=True, bundle="b.c", counts=c).startswith(
        "No device connected"
    )


def test_counters_name_who_lost_which_lines():
    c = counts(in_ring=10, shown=10, received=12, evicted=2, device_dropped=492)
    text = counters_text(c)
    assert text == (
        "10 lines · received 12 · 492 lines lost on the device (hilog buffer) · 2 dropped by hmdesk"
    )
    tip = counters_tooltip(c, "hilog/ring_capacity")
    assert "Lost on the device: 492" in tip and "Dropped by hmdesk: 2" in tip
    assert "hilog/ring_capacity" in tip
