"""Every page shows a man's Wound Points as the ruleset gives them: Bithys (Might 3) has
10 + 3 = 13, and a Punctured Side ("Lose 2 Wound Points until healed") leaves him 11, on the
dashboard, the roster, the recovery page and his own page alike (they used to disagree)."""

import re

import pytest
from django.urls import reverse

from tests import factories

pytestmark = pytest.mark.django_db

# 10 + Might 3, less the 2 a Punctured Side takes (seed 001 THE BOUT V, our table band 81-85).
HURT_WOUND_POINTS = 11


@pytest.fixture
def punctured(cast):
    factories.InjuryFactory(
        gladiator=cast.bithys, name="Punctured Side", severity="average", table_roll=83
    )
    return cast


@pytest.mark.parametrize(
    ("page", "shown"),
    [
        ("campaign_dashboard", r"2/(\d+) Wounds"),
        ("roster", r"2/(\d+) Wounds"),
        ("recovery", r'<td class="num">(\d+)</td>\s*<td class="num">3</td>'),
    ],
)
def test_the_list_pages_show_the_rulesets_wound_points(punctured, page, shown):
    punctured_client = punctured.client_for("gm")
    text = punctured_client.get(reverse(page, args=[punctured.campaign.pk])).content.decode()
    assert re.findall(shown, text) == [str(HURT_WOUND_POINTS)]


def test_his_own_page_agrees(punctured):
    url = reverse("gladiator_detail", args=[punctured.campaign.pk, punctured.bithys.pk])
    text = punctured.client_for("gm").get(url).content.decode()
    assert f"2 of {HURT_WOUND_POINTS} Wound Points" in text


def test_healed_he_has_his_full_wound_points_again(punctured):
    punctured.bithys.injuries.update(healed_on=punctured.campaign.day)
    text = (
        punctured.client_for("gm")
        .get(reverse("roster", args=[punctured.campaign.pk]))
        .content.decode()
    )
    assert "2/13 Wounds" in text
