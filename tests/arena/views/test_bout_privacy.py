"""The bout page shows a man's peculium to his owner's player and the GM only (issue 10); the
purse paid for the bout is a public cost and stays on it for every member."""

import re

import pytest
from django.urls import reverse

from economy.money import hs_and_purses
from tests.cast import BITHYS_PECULIUM, build_cast


@pytest.fixture
def shared(db):
    """The shared cast (tests/cast.py): Bithys (Nerva's) beat Spartacus (the other player's)."""
    return build_cast()


def _peculium_cells(cast, who) -> list[str]:
    url = reverse("arena:bout_detail", args=[cast.campaign.pk, cast.bout.pk])
    page = cast.client_for(who).get(url)
    assert page.status_code == 200
    row = page.content.decode().split("Peculium now")[1].split("</tr>")[0]
    return [
        re.sub(r"<[^>]+>", "", cell).strip() for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)
    ]


@pytest.mark.parametrize(
    "who, bithys, spartacus",
    [
        ("gm", hs_and_purses(BITHYS_PECULIUM), hs_and_purses(0)),
        ("nerva", hs_and_purses(BITHYS_PECULIUM), "private"),  # Bithys is his
        ("other", "private", hs_and_purses(0)),  # Spartacus is his
    ],
)
def test_each_member_sees_only_his_own_mens_peculium(shared, who, bithys, spartacus):
    assert _peculium_cells(shared, who) == [bithys, spartacus]
