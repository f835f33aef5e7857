"""``parse_timestamps`` (the index's vectorised timestamp reader) equals ``parse_js_date_ms``."""

from __future__ import annotations

import random

from hmdesk.core.memory.jsdate import parse_js_date_ms
from hmdesk.core.memory.retrieve.timestamps import parse_timestamps
from hypothesis import given
from hypothesis import strategies as st

EDGE = [
    "2026-11-29T10:00:00.123Z",
    "2026-11-29t10:00:00.123z",
    "2026-11-29 10:00:00.123Z",
    "2026-11-29T24:00:00.000Z",  # end of day
    "2026-11-29T24:00:00.001Z",  # not a time
    "2026-11-29T23:59:60.000Z",
    "2026-11-29T23:60:00.000Z",
    "2021-02-30T00:00:00.000Z",  # rolls over to 2 March
    "2024-02-29T12:00:00.000Z",
    "2026-00-10T00:00:00.000Z",
    "2026-13-10T00:00:00.000Z",
    "2026-12-00T00:00:00.000Z",
    "2026-12-32T00:00:00.000Z",
    "0000-01-01T00:00:00.000Z",
    "0000-03-01T00:00:00.000Z",
    "9999-12-31T23:59:59.999Z",
    "1970-01-01T00:00:00.000Z",
    "1969-12-31T23:59:59.999Z",
    "2026-11-29T10:00:00.123+",  # 24 characters, not ISO
    "2026-11-29T10:00+01:00Zx",
    "2026-11-29T10:00:00+0100",  # 24 characters, an offset: the slow path
    "2026-11-29T10:00:00.1239Z",
    "2026-11-29T10:00:00Z",
    "2026-11-29T10:00:00.12Z",
    "+002026-11-29T10:00:00Z",
    "2026-11-29",
    "٢٠٢٦-11-29T10:00:00.123Z",  # Unicode digits: \\d in the reference regex
    "2026-11-29T10:00:00.123\ud800",
    "",
    "not a date at all, but 24",
    "Nov 29 2026",
]


def _reference(texts: list[str]) -> tuple[list[float], list[bool]]:
    parsed = [parse_js_date_ms(t) for t in texts]
    return [float(p) if p is not None else 0.0 for p in parsed], [p is not None for p in parsed]


def test_edge_cases_equal_the_scalar_parser() -> None:
    ms, ok = parse_timestamps(EDGE)
    want_ms, want_ok = _reference(EDGE)
    assert ok.tolist() == want_ok
    assert ms.tolist() == want_ms
    assert parse_timestamps([])[0].shape == (0,)


def test_random_iso_timestamps_equal_the_scalar_parser() -> None:
    rng = random.Random(7)
    texts = []
    for _ in range(5000):
        texts.append(
            f"{rng.randint(0, 9999):04d}-{rng.randint(0, 13):02d}-{rng.randint(0, 32):02d}"
            f"{rng.choice('Tt ')}{rng.randint(0, 25):02d}:{rng.randint(0, 60):02d}:"
            f"{rng.randint(0, 60):02d}.{rng.randint(0, 999):03d}{rng.choice('Zz')}"
        )
    ms, ok = parse_timestamps(texts)
    want_ms, want_ok = _reference(texts)
    assert ok.tolist() == want_ok
    assert ms.tolist() == want_ms


@given(
    st.lists(
        st.one_of(
            st.text(alphabet="0123456789-:.TtZz +", min_size=20, max_size=26),
            st.text(max_size=30),
            st.datetimes().map(lambda d: d.strftime("%Y-%m-%dT%H:%M:%S.") + "123Z"),
        ),
        max_size=20,
    )
)
def test_any_text_equals_the_scalar_parser(texts: list[str]) -> None:
    ms, ok = parse_timestamps(texts)
    want_ms, want_ok = _reference(texts)
    assert ok.tolist() == want_ok
    assert ms.tolist() == want_ms
