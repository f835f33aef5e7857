"""The ring model under the hilog view: bounded, one insert per batch, incremental filtering."""

from __future__ import annotations

import pytest
from hmdesk.core.toolchain.hilog.parse import parse_line
from hmdesk.gui.runs.hilog.model import HilogModel, line_field, line_text

SAMPLE = "11-15 15:51:02.087  2823  2823 I A01B05/com.ohos.sceneboard/AOD: clock {i}"
ERROR = "11-15 15:51:02.110  1197  1197 E C01406/render_service/OHOS::RS: boom {i}"


def lines(n: int, start: int = 0) -> list:
    return [
        parse_line((ERROR if i % 10 == 0 else SAMPLE).format(i=i)) for i in range(start, start + n)
    ]


def test_model_passes_qtmodeltester(qtmodeltester):
    model = HilogModel(capacity=50)
    model.ingest(lines(30))
    qtmodeltester.check(model)
    model.ingest(lines(40, 30))  # evicts 20
    qtmodeltester.check(model)
    model.set_filter(lambda ln: ln.level == "E")
    while not model.process():
        pass
    qtmodeltester.check(model)


def test_ring_is_bounded_and_counts_evictions(qtbot):
    model = HilogModel(capacity=1000)
    for k in range(10):
        model.ingest(lines(300, k * 300))
    assert model.in_ring == 1000 and model.shown == 1000
    assert model.received == 3000 and model.evicted == 2000
    assert model.shown + model.evicted == model.received
    assert line_field(model.line_at(0), "message") == "boom 2000"
    assert line_field(model.line_at(999), "message") == "clock 2999"


def test_one_insert_and_one_remove_per_batch(qtbot):
    model = HilogModel(capacity=100)
    model.ingest(lines(100))
    inserts, removes = [], []
    model.rowsInserted.connect(lambda *a: inserts.append(a[1:]))
    model.rowsRemoved.connect(lambda *a: removes.append(a[1:]))
    model.ingest(lines(40, 100))
    assert inserts == [(60, 99)] and removes == [(0, 39)]


@pytest.mark.slow  # a ring of 200,000 lines
def test_filter_walks_the_ring_incrementally(qtbot):
    model = HilogModel(capacity=200_000)
    model.ingest(lines(200_000))
    model.set_filter(lambda ln: ln.level == "E")
    calls = 0
    while not model.process(budget_s=0.005):
        calls += 1
    assert calls >= 1  # it did not do everything in one go
    assert model.shown == 20_000
    assert all(model.line_at(r).level == "E" for r in (0, 5000, 19_999))
    # new lines are filtered as they come
    model.ingest(lines(20, 200_000))
    assert model.shown == 20_000 - 2 + 2  # two evicted errors, two new ones
    model.set_filter(None)
    model.process()
    assert model.shown == 200_000


def test_display_roles(qtbot):
    model = HilogModel()
    model.ingest([parse_line(ERROR.format(i=1)), parse_line("not a hilog line")])
    idx = model.index(0, 3)
    assert model.data(idx) == "E"
    assert model.data(model.index(0, 4)) == "C01406"
    assert model.data(model.index(0, 5)) == "render_service"
    assert model.data(model.index(0, 6)) == "OHOS::RS"
    assert model.data(idx, 9) is not None  # ForegroundRole: level colour
    assert model.data(model.index(1, 7)) == "not a hilog line"
    assert model.data(model.index(1, 1)) == ""
    assert line_text(model.line_at(1)) == "not a hilog line"


def test_clear_keeps_counting(qtbot):
    model = HilogModel(capacity=10)
    model.ingest(lines(5))
    model.clear()
    assert model.shown == 0 and model.received == 5
    model.ingest(lines(3, 5))
    assert model.shown == 3 and line_field(model.line_at(0), "message") == "clock 5"


def test_a_pasted_line_without_pid_or_tid_shows_them_empty() -> None:
    from hmdesk.core.toolchain.hilog.parse import parse_hilog_text

    (tagged,) = parse_hilog_text(["QEGLPlatformContext: eglSwapBuffers failed: 300d"])
    assert tagged.tag == "QEGLPlatformContext"
    assert (line_field(tagged, "pid"), line_field(tagged, "tid")) == ("", "")
    hdc = parse_line("08-20 11:06:01.891  1948  1950 I A03D00/JSAPP: hi")
    assert (line_field(hdc, "pid"), line_field(hdc, "tid")) == ("1948", "1950")
