"""The Chinese segmenter in a child process: the same words as rjieba in process, and a fall
back to rjieba in process for bulk work or when the child is gone."""

from __future__ import annotations

import io
import json
import logging
import sys

import pytest
from hmdesk.core.memory import terms
from hmdesk.core.memory.segmenter_proc import (
    SegmenterGone,
    SegmenterProcess,
    WindowSegmenter,
    local_cut,
    serve,
)

RUNS = ["构建失败", "模拟器启动失败", "签名证书过期了怎么办", "鸿蒙应用安装报错"]


def test_serve_answers_a_json_list_of_rjiebas_words_per_line() -> None:
    inp = io.BytesIO(b"".join(json.dumps(r).encode() + b"\n" for r in RUNS) + b"not json\n42\n")
    out = io.BytesIO()
    serve(inp, out)
    lines = out.getvalue().decode("utf-8").splitlines()
    assert [json.loads(line) for line in lines[: len(RUNS)]] == [local_cut(r) for r in RUNS]
    assert lines[len(RUNS) :] == ["[]", "[]"]  # a bad request is answered, never fatal


def test_the_child_process_gives_the_words_rjieba_gives_here() -> None:
    child = SegmenterProcess()
    try:
        assert [child.cut(r) for r in RUNS] == [local_cut(r) for r in RUNS]
    finally:
        child.close()
    with pytest.raises(SegmenterGone, match="closed"):
        child.cut("构建")


def test_a_child_that_cannot_start_or_dies_falls_back_to_rjieba_here(
    caplog: pytest.LogCaptureFixture,
) -> None:
    def cannot() -> SegmenterProcess:
        raise SegmenterGone("cannot start the segmenter process: no such file")

    with caplog.at_level(logging.WARNING):
        seg = WindowSegmenter(start=cannot)
    assert seg.local and "segmenting in process" in caplog.text
    assert seg("构建失败") == local_cut("构建失败")

    dies = WindowSegmenter(start=lambda: SegmenterProcess([sys.executable, "-c", "pass"]))
    assert dies("构建失败") == local_cut("构建失败")  # the child ended at once: answered here
    assert dies.local
    dies.close()


def test_bulk_work_moves_to_rjieba_here_after_the_threshold() -> None:
    seg = WindowSegmenter(bulk_calls=2)
    try:
        assert [seg(r) for r in RUNS] == [local_cut(r) for r in RUNS]
        assert seg.local and seg.calls == 3  # two answered by the child, then in process
    finally:
        seg.close()


def test_a_frozen_build_segments_in_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    started: list[int] = []
    seg = WindowSegmenter(start=lambda: started.append(1) or SegmenterProcess())
    assert seg.local and not started


def test_terms_are_the_same_through_the_installed_segmenter() -> None:
    texts = ["hvigor构建失败 9568320", "模拟器 启动失败，怎么办？", "ArkTS 签名证书过期"]
    terms._segment_han.cache_clear()
    here = [terms.default_terms(t) for t in texts]
    asked: list[str] = []

    def cut(run: str) -> list[str]:
        asked.append(run)
        return local_cut(run)

    terms.use_han_segmenter(cut)
    try:
        assert terms.han_segmenter_installed()
        assert [terms.default_terms(t) for t in texts] == here
        assert "构建失败" in asked
        terms.load_segmenter()
        assert asked[-1] == "预热"
    finally:
        terms.use_han_segmenter(None)
    assert not terms.han_segmenter_installed()
