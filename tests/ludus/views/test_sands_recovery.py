"""Recovery in a Sands campaign (docs/rules.md, "Sands in the campaign"): the page says how
Sands heals, a wound from the sand is treated by the medicus's 2d6 + Medicine with its exact
chance shown first, and a healed wound no longer fills his boxes; the night's rest heals none."""

import pytest
from django.urls import reverse

from arena.errors import BoutError
from arena.services.bouts import bout_fight
from ludus.models import Injury
from ludus.selectors.people import gladiator_figures
from ludus.selectors.recovery import treatment_chance
from ludus.services.recovery import medicus_treat, night_rest
from tests.cast import make_campaign


@pytest.fixture
def sands(db):
    cast = make_campaign(ruleset="sands")
    cast.school.medicus_medicine = 2
    cast.school.save()
    cast.injury = Injury.objects.create(
        gladiator=cast.crixus,
        name="Deep wound: head",
        table_roll=9,
        severity=Injury.Severity.AVERAGE,
        effect="1 wound box marked in the head",
        day_taken=cast.campaign.day,
    )
    return cast


def test_the_page_says_how_sands_heals_and_the_chance(sands):
    html = sands.client_for("owner").get(reverse("recovery", args=[sands.campaign.pk]))
    html = html.content.decode()
    assert 'id="recovery-note"' in html and "2d6 + his Medicine" in html
    assert "Deep wound: head" in html
    # 2d6 + 2 reaching 8: 2d6 >= 6 is 26 of 36, 72 in 100
    chance = treatment_chance(sands.injury)
    assert chance.chance * 36 == 26


def test_the_medicus_heals_a_wound_and_its_box_is_free_again(sands):
    assert gladiator_figures(sands.crixus)["boxes_head"] == 1
    for seed in range(40):
        attempt = medicus_treat(injury=sands.injury, seed=seed)
        assert attempt.success == (attempt.roll["total"] >= 8)
        if attempt.success:
            break
        attempt.delete()  # a failed try: try another seed the same day
    sands.injury.refresh_from_db()
    assert sands.injury.is_healed
    assert gladiator_figures(sands.crixus)["boxes_head"] == 2
    page = sands.client_for("gm").get(
        reverse("recovery", args=[sands.campaign.pk]) + f"?attempt={attempt.pk}"
    )
    assert 'id="medicus-2d6"' in page.content.decode()


def test_a_full_location_cannot_fight(sands):
    Injury.objects.create(
        gladiator=sands.crixus,
        name="Flesh wound: head",
        table_roll=6,
        severity="easy",
        day_taken=sands.campaign.day,
    )
    with pytest.raises(BoutError, match="no free wound box"):
        bout_fight(bout=sands.bout, seed=1)


def test_the_nights_rest_heals_no_wound(sands):
    night_rest(gladiator=sands.crixus)
    sands.injury.refresh_from_db()
    assert not sands.injury.is_healed
