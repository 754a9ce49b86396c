"""The medicus's sentences read as English: "Bithys's injury (Cracked Rib)", never "the Cracked
Rib of Bithys" (issue 11, Wording)."""

import html

import pytest
from django.urls import reverse

from ludus.models import TreatmentAttempt


def _treat(cast):
    injury = cast.bithys.injuries.get()
    return reverse("recovery_treat", args=[cast.campaign.pk, injury.pk])


def _text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.mark.parametrize("who", ["gm", "nerva"])
def test_the_medicus_says_whose_injury_he_treated(cast, who):
    client = cast.client_for(who)
    response = client.post(_treat(cast), {"where": "ludus"}, follow=True)
    attempt = TreatmentAttempt.objects.get()
    verb = "healed" if attempt.success else "failed to heal"
    text = _text(response)
    assert f"The medicus {verb} Bithys's injury (Cracked Rib)." in text
    assert "The medicus's check: Bithys's injury (Cracked Rib)" in text
    assert " of Bithys" not in text


def test_the_undo_line_and_the_taken_back_roll_say_whose_injury(cast):
    client = cast.client_for("gm")
    client.post(_treat(cast), {"where": "ludus"})
    page = _text(client.get(reverse("recovery", args=[cast.campaign.pk])))
    assert "The last medicus roll: Bithys's injury (Cracked Rib), day 3" in page
    attempt = TreatmentAttempt.objects.get()
    undo = reverse("recovery_undo_roll", args=[cast.campaign.pk, attempt.pk])
    text = _text(client.post(undo, {"confirm": "roll"}, follow=True))
    assert "The medicus's roll on Bithys's injury (Cracked Rib) is taken back" in text
