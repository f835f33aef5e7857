from hmdesk.gui.common.wording import count_of


def test_one_takes_the_singular_and_others_the_plural():
    assert count_of(1, "contradiction") == "1 contradiction"
    assert count_of(0, "contradiction") == "0 contradictions"
    assert count_of(2, "deleted memory", "deleted memories") == "2 deleted memories"
    assert count_of(12000, "decay") == "12,000 decays"
