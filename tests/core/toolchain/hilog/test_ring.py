"""HilogRing: bounded, sequence numbers, counts, thread-safe."""

from __future__ import annotations

import threading

import pytest
from hmdesk.core.toolchain.hilog import DROPPED, HilogLine, HilogRing, parse_line, parse_lines


def _line(i: int, tag: str = "t") -> HilogLine:
    return parse_line(f"04-19 17:02:14.735  {i:5d}  {i:5d} I A03200/{tag}: message {i}")


def test_ring_sequence_numbers_and_since() -> None:
    ring = HilogRing(capacity=10)
    assert ring.next_seq == 0 and ring.first_seq == 0 and len(ring) == 0
    assert ring.extend([_line(i) for i in range(4)]) == 0
    assert ring.extend([_line(i) for i in range(4, 7)]) == 4
    assert ring.append(_line(7)) == 7
    assert len(ring) == 8 and ring.next_seq == 8
    got = ring.since(5)
    assert got.first_seq == 5 and [x.pid for x in got.lines] == [5, 6, 7] and got.missed == 0
    assert got.next_seq == 8
    assert ring.since(8).lines == [] and ring.since(8).first_seq == 8
    assert ring.since(100).lines == [] and ring.since(100).first_seq == 8
    assert [x.pid for x in ring.since(0, limit=2).lines] == [0, 1]
    assert [x.pid for x in ring.since(6, limit=5).lines] == [6, 7]
    assert ring.get(3) is not None and ring.get(3).pid == 3  # type: ignore[union-attr]
    assert ring.get(8) is None


def test_ring_evicts_oldest_and_counts() -> None:
    ring = HilogRing(capacity=5)
    ring.extend([_line(i) for i in range(3)])
    ring.extend([_line(i) for i in range(3, 8)])
    assert len(ring) == 5 and ring.evicted == 3 and ring.received == 8
    assert ring.first_seq == 3
    got = ring.since(1)
    assert got.missed == 2 and got.first_seq == 3 and [x.pid for x in got.lines] == [3, 4, 5, 6, 7]
    # a batch bigger than the ring keeps its newest lines
    ring.extend([_line(i) for i in range(100, 112)])
    assert [x.pid for x in ring.snapshot().lines] == [107, 108, 109, 110, 111]
    assert ring.evicted == 3 + 5 + 7 and ring.received == 20
    assert ring.snapshot().first_seq == 15
    # seq continues across clear()
    ring.clear()
    assert len(ring) == 0 and ring.cleared == 5 and ring.first_seq == 20
    assert ring.extend([_line(1)]) == 20
    assert ring.stats()["held"] == 1


def test_ring_reads_from_either_end_agree() -> None:
    ring = HilogRing(capacity=1000)
    ring.extend([_line(i) for i in range(1000)])
    for start, limit in [(0, 10), (10, 5), (500, 1), (900, None), (995, 3), (3, 990)]:
        got = ring.since(start, limit)
        want = list(range(start, 1000 if limit is None else start + limit))
        assert [x.pid for x in got.lines] == want


def test_ring_counts_device_drops_and_seen_tags() -> None:
    ring = HilogRing()
    lines = parse_lines(
        [
            "04-19 17:02:15.001  5394  5394 W A00000/LOGLIMIT: ==LOGS OVER PROC QUOTA, 12 DROPPED==",
            "04-19 17:02:34.219   512   530 W C00000/LOGLIMITD: 57 line(s) dropped!",
            "11-15 15:51:02.087  2823  2823 I A01B05/com.ohos.sceneboard/AOD: x",
            "11-15 15:51:02.088  2823  2823 I A01B05/com.ohos.sceneboard/AOD: y",
            "garbage",
        ]
    )
    ring.extend(lines)
    assert ring.device_dropped == 69 and ring.drop_markers == 2
    assert ring.tags() == ["AOD", "LOGLIMIT", "LOGLIMITD"]
    assert ring.processes() == ["com.ohos.sceneboard"]
    assert lines[0].kind == DROPPED


def test_ring_thread_safe_appends() -> None:
    ring = HilogRing(capacity=50_000)
    batch = [_line(i) for i in range(100)]

    def writer() -> None:
        for _ in range(100):
            ring.extend(batch)

    threads = [threading.Thread(target=writer) for _ in range(4)]
    for t in threads:
        t.start()
    seen = 0
    while any(t.is_alive() for t in threads):
        got = ring.since(seen)
        seen = got.next_seq
    for t in threads:
        t.join()
    assert ring.received == 40_000 and len(ring) == 40_000 and ring.evicted == 0
    assert ring.since(seen).next_seq == 40_000


def test_ring_rejects_zero_capacity() -> None:
    with pytest.raises(ValueError):
        HilogRing(0)
