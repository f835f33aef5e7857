"""The memory list browses every match: a page of rows at first, the next page when the list is
scrolled to its end, until every match is listed; the count is exact throughout."""

from __future__ import annotations

import pytest

from tests.gui.memories.conftest import search, wait_idle

PAGE = 80
STORE = 250  # three pages and a bit


@pytest.mark.slow  # among the slowest for `make check`; `make test` runs it
def test_scrolling_to_the_end_lists_every_match(ctx, qtbot, make_area):
    """Issue 32, requirement 5: the list stopped at 200 rows of 93,888 matching."""
    ctx.settings.setValue("query/limit", PAGE)  # a small page, so a small store spans pages
    for n in range(STORE):
        ctx.store.add(f"hvigor build note {n}: the module {n} needs its own signing config")
    area = make_area()
    result = search(qtbot, area, "signing")
    assert result.matched == STORE and area.model.rowCount() == PAGE
    assert f"{PAGE} shown of {STORE} matching, scroll for more" in area.footer.text()
    first_page = area.model.ids()
    area.select_ids([first_page[3]], first_page[3])
    pages = 1
    while area.model.canFetchMore(area.model.index(-1, -1)):
        area.table.scrollToBottom()  # the view asks the model for more (fetchMore)
        qtbot.waitUntil(
            lambda p=pages: area.model.rowCount() > p * PAGE or area.model.rowCount() == STORE
        )
        wait_idle(qtbot, area)
        pages += 1
    assert pages == 4 and area.model.rowCount() == STORE == area.result.matched
    assert len(set(area.model.ids())) == STORE  # each memory once
    assert area.model.ids()[:PAGE] == first_page  # the rows read first stayed as they were
    assert area.selected_ids() == [first_page[3]]  # and so did the selection
    assert f"{STORE} shown of {STORE} matching ·" in area.footer.text()
    # a change re-runs the query: the pages read stay listed
    ctx.store.add("one more signing config note")
    qtbot.waitUntil(lambda: area.model.rowCount() == STORE + 1, timeout=10_000)
    # a new query starts at one page again
    search(qtbot, area, "hvigor signing")
    assert area.model.rowCount() == PAGE


def test_a_profile_with_a_fixed_count_has_no_more_pages(ctx, qtbot, make_area):
    from hmdesk.gui.memories.model import has_more

    ctx.settings.setValue("query/limit", PAGE)
    for n in range(60):
        ctx.store.add(f"hdc install note {n}", tags=["hdc"])
    area = make_area()
    result = search(qtbot, area, "hdc", profile="hmharness")
    assert len(result.results) == 10 and not has_more(result)
    assert not area.model.canFetchMore(area.model.index(-1, -1))
