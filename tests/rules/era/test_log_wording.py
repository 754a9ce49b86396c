"""A bout log says a negative net count in the seed's words (issue 11)."""

from rules.era.bout import _net


def test_negative_net_counts_are_banes_and_failures():
    assert _net(2, -2) == "2 net Successes, 2 net Banes"
    assert _net(-1, -1) == "1 net Failure, 1 net Bane"
    assert _net(1, 0) == "1 net Success, 0 net Boons"
    assert _net(0, 3) == "0 net Successes, 3 net Boons"
