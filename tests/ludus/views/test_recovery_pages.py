"""Recovery: who is hurt, the medicus's check (GM or owner), the next day (GM only)."""

from fractions import Fraction

import pytest
from django.urls import reverse

from ludus.models import Injury, TreatmentAttempt
from ludus.services.recovery import ALREADY_TREATED_TODAY
from ludus.views.recovery import DAY_ADVANCED
from rules.era.dice import Pool, distribution
from tests import factories
from tests.cast import MEMBERS


def _page(cast):
    return reverse("recovery", args=[cast.campaign.pk])


def _advance(cast):
    return reverse("recovery_advance_day", args=[cast.campaign.pk])


def _rib(cast) -> Injury:
    return cast.bithys.injuries.get()


def _treat(cast, injury=None):
    return reverse("recovery_treat", args=[cast.campaign.pk, (injury or _rib(cast)).pk])


@pytest.mark.parametrize("who", MEMBERS)
def test_recovery_lists_the_hurt_with_the_medicus_odds(cast, who):
    page = cast.client_for(who).get(_page(cast))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Cracked Rib" in text and "Bithys" in text
    # Nerva's medicus, Intellect 3 and Medicine 2 (the factory's), against an Average injury:
    # 2 Mastery + 1 Ability vs 2 Trial, which the seed says succeeds 64 times in 100.
    chance = distribution(Pool(mastery=2, ability=1, trial=2)).p_success
    assert chance == Fraction(245, 384)
    assert "64 in 100" in text
    assert "2 Mastery + 1 Ability vs 2 Trial" in text
    assert "2</td>" in text  # his Wounds, in the Wounds table


def test_recovery_is_404_to_an_outsider(cast):
    assert cast.client_for("outsider").get(_page(cast)).status_code == 404


@pytest.mark.parametrize("who, sees", [("gm", True), ("nerva", True), ("other", False)])
def test_only_the_gm_and_the_owner_see_the_medicus_button(cast, who, sees):
    text = cast.client_for(who).get(_page(cast)).content.decode()
    assert (_treat(cast) in text) is sees


@pytest.mark.parametrize("who, sees", [("gm", True), ("nerva", False), ("other", False)])
def test_only_the_gm_sees_the_next_day_button(cast, who, sees):
    text = cast.client_for(who).get(_page(cast)).content.decode()
    assert (_advance(cast) in text) is sees


# --- the next day -------------------------------------------------------------------------------


def test_the_gm_ends_the_day_and_every_man_rests(cast):
    client = cast.client_for("gm")
    response = client.post(_advance(cast), {"day": 3})
    assert response.status_code == 302
    cast.campaign.refresh_from_db()
    cast.bithys.refresh_from_db()
    assert cast.campaign.day == 4
    assert cast.bithys.wounds == 0  # 2 Wounds, and Might 3 heals up to 3 a night
    text = client.get(response.url).content.decode()
    assert DAY_ADVANCED.format(day=4).replace("'", "&#x27;") in text
    assert "Bithys (−2 Wounds)" in text


@pytest.mark.parametrize("who, status", [("nerva", 404), ("other", 404), ("outsider", 404)])
def test_nobody_but_the_gm_ends_the_day(cast, who, status):
    assert cast.client_for(who).post(_advance(cast), {"day": 3}).status_code == status
    cast.campaign.refresh_from_db()
    cast.bithys.refresh_from_db()
    assert cast.campaign.day == 3
    assert cast.bithys.wounds == 2


def test_ending_the_day_is_a_post(cast):
    assert cast.client_for("gm").get(_advance(cast)).status_code == 405
    cast.campaign.refresh_from_db()
    assert cast.campaign.day == 3


def test_ending_the_day_reports_the_dead(cast):
    factories.InjuryFactory(
        gladiator=cast.crixus, name="Bleeding Out", severity="daunting", day_taken=3
    )
    client = cast.client_for("gm")
    text = client.get(client.post(_advance(cast), {"day": 3}).url).content.decode()
    assert "Died in the night of untreated injuries: Crixus." in text


# --- the medicus --------------------------------------------------------------------------------


@pytest.mark.parametrize("who", ["gm", "nerva"])
def test_gm_and_owner_call_the_medicus_and_see_the_dice(cast, who):
    client = cast.client_for(who)
    response = client.post(_treat(cast), {"where": "ludus"})
    assert response.status_code == 302
    attempt = TreatmentAttempt.objects.get()
    assert attempt.injury == _rib(cast)
    assert attempt.day == 3 and attempt.at_ludus
    assert f"attempt={attempt.pk}" in response.url
    text = client.get(response.url).content.decode()
    assert "The medicus&#x27;s check" in text or "The medicus's check" in text
    # One face per die rolled: 2 Mastery, 1 Ability, 2 Trial.
    assert text.count('class="die die-mastery') == 2 + 1  # + the legend's
    assert text.count('class="die die-trial') == 2 + 1
    assert ("Healed" in text) is attempt.success
    assert _rib(cast).is_healed is attempt.success


def test_the_medicus_away_from_the_ludus_rolls_a_crisis_die(cast):
    cast.client_for("gm").post(_treat(cast), {"where": "away"})
    attempt = TreatmentAttempt.objects.get()
    assert not attempt.at_ludus
    assert [d["die"] for d in attempt.roll["dice"]].count("Crisis") == 1


@pytest.mark.parametrize("who", ["other", "outsider"])
def test_nobody_else_calls_the_medicus(cast, who):
    assert cast.client_for(who).post(_treat(cast)).status_code == 404
    assert not TreatmentAttempt.objects.exists()


def test_the_medicus_once_a_day_shows_the_service_message_and_writes_nothing(cast):
    client = cast.client_for("nerva")
    client.post(_treat(cast))
    rib = _rib(cast)
    if rib.is_healed:  # the first try healed it: make a fresh, unhealed one for the retry
        rib.healed_on = None
        rib.save()
    response = client.post(_treat(cast))
    assert response.status_code == 400
    message = ALREADY_TREATED_TODAY.format(injury="Cracked Rib", name="Bithys")
    assert message.replace("'", "&#x27;") in response.content.decode()
    assert TreatmentAttempt.objects.count() == 1


def test_another_campaigns_injury_is_404(cast):
    stranger = factories.InjuryFactory(
        gladiator=factories.GladiatorFactory(campaign=cast.other_campaign)
    )
    assert cast.client_for("gm").post(_treat(cast, stranger)).status_code == 404


def test_an_attempt_of_another_campaign_is_not_shown(cast):
    stranger = factories.InjuryFactory(
        gladiator=factories.GladiatorFactory(campaign=cast.other_campaign, name="Stranger")
    )
    attempt = TreatmentAttempt.objects.create(
        injury=stranger, day=1, seed=1, roll={"dice": []}, success=False
    )
    text = cast.client_for("gm").get(_page(cast) + f"?attempt={attempt.pk}").content.decode()
    assert "Stranger" not in text
