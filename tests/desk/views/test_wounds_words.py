"""Issue 11, wording: Wounds at or over a man's Wound Points are never shown without saying he
is incapacitated (his page, the roster, the dashboard); below them nothing is said."""

import pytest
from django.urls import reverse

from ludus.selectors.people import gladiator_figures


def _pages(cast, man) -> dict[str, str]:
    client = cast.client_for("gm")
    pk = cast.campaign.pk
    return {
        "gladiator": client.get(reverse("gladiator_detail", args=[pk, man.pk])).content.decode(),
        "roster": client.get(reverse("roster", args=[pk])).content.decode(),
    }


@pytest.mark.parametrize("over", [0, 2])
def test_wounds_at_or_over_his_points_say_incapacitated(cast, over):
    man = cast.bithys
    man.wounds = gladiator_figures(man)["wound_points"] + over
    man.save()
    pages = _pages(cast, man)
    assert "incapacitated</strong>, he cannot be sent out until he rests" in pages["gladiator"]
    row = pages["roster"].split(f"{man.name}</a>", 1)[1].split("</tr>", 1)[0]
    assert "Wounds, incapacitated" in row


def test_a_man_below_his_points_is_not_called_incapacitated(cast):
    man = cast.bithys
    man.wounds = gladiator_figures(man)["wound_points"] - 1
    man.save()
    pages = _pages(cast, man)
    assert "incapacitated" not in pages["gladiator"].split('id="kit"', 1)[0]
    row = pages["roster"].split(f"{man.name}</a>", 1)[1].split("</tr>", 1)[0]
    assert "Wounds" in row and "incapacitated" not in row
