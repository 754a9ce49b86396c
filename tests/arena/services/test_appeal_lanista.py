"""THE EDITOR'S DECISION II in the campaign: "the loser or his lanista" appeals.

The service rolls the better of the two Hard Charm pools (exact chance; a tie is the loser's)
with the same dice as ever (`appeal:<bout seed>`), and the verdict records who appealed.
"""

import random

import pytest

from arena.errors import BoutError
from arena.models import Verdict
from arena.rulesets.era.adapter import appeal_seed, fighter_sheet
from arena.services.bouts import bout_decide, bout_fight
from rules.era import decision
from rules.era.dice import Pool
from tests import factories
from tests.arena.services.conftest import appeal_succeeds

pytestmark = pytest.mark.django_db


def bithys_loses_in_the_sword_band(seed, result):
    return str(result.loser) == "a" and result.loser_favor <= 2


def fight_to_the_verdict(cast, find_seed) -> Verdict:
    seed = find_seed(cast.bout, bithys_loses_in_the_sword_band)
    bout = bout_fight(bout=cast.bout, seed=seed)
    bout.refresh_from_db()
    return bout.verdict


def test_a_lanista_with_the_better_pool_appeals_for_his_man(cast, find_seed):
    cast.nerva.charisma, cast.nerva.charm = 4, 3
    cast.nerva.save()
    verdict = fight_to_the_verdict(cast, find_seed)
    appeal = verdict.appeal
    assert appeal["appellant"]["role"] == "lanista" and appeal["appellant"]["name"] == "Nerva"
    assert appeal["pool"] == "3 Mastery + 1 Ability vs 3 Trial"
    assert [a["role"] for a in appeal["appellants"]] == ["loser", "lanista"]
    assert appeal["appellants"][0]["pool"] == "1 Mastery + 1 Ability vs 3 Trial"
    assert appeal["seed"] == appeal_seed(verdict.bout.seed) and appeal["check"] == "Hard Charm"
    # The same dice as ever, rolled for Nerva's pool.
    again = decision.decide(
        verdict.loser_favor,
        fighter_sheet(cast.bithys),
        rng=random.Random(appeal_seed(verdict.bout.seed)),
        lanista=decision.Appellant.lanista("Nerva", 4, 3),
    )
    assert again.appeal.as_dict()["dice"] == appeal["dice"]
    assert verdict.appeal_success is again.appeal_succeeded


def test_at_equal_pools_the_loser_appeals_himself(cast, find_seed):
    verdict = fight_to_the_verdict(cast, find_seed)  # Nerva and Bithys: Charisma 2, Charm 1
    assert verdict.appeal["appellant"]["role"] == "loser"
    assert verdict.appeal["appellant"]["name"] == "Bithys"
    assert verdict.appeal["pool"] == "1 Mastery + 1 Ability vs 3 Trial"


def test_a_man_of_no_school_appeals_alone(cast, find_seed):
    cast.bithys.owner = None
    cast.bithys.save()
    verdict = fight_to_the_verdict(cast, find_seed)
    assert [a["role"] for a in verdict.appeal["appellants"]] == ["loser"]


def test_a_lanista_of_another_campaign_does_not_appeal(cast, find_seed):
    stranger = factories.LanistaFactory(name="Stranger", charisma=6, charm=5)
    cast.bithys.owner = stranger
    cast.bithys.save()

    def saved_by_his_own_appeal(seed, result):
        # Missio: no lanista's price is owed to a chest in another campaign.
        return bithys_loses_in_the_sword_band(seed, result) and appeal_succeeds(
            cast.bout, seed, result
        )

    seed = find_seed(cast.bout, saved_by_his_own_appeal)
    bout = bout_fight(bout=cast.bout, seed=seed)
    bout.refresh_from_db()
    assert [a["role"] for a in bout.verdict.appeal["appellants"]] == ["loser"]
    assert bout.verdict.appeal_success is True


def test_a_broken_nose_carried_in_leaves_the_appeal_to_his_lanista(cast, find_seed):
    factories.InjuryFactory(gladiator=cast.bithys, name="Broken Nose", table_roll=88)
    verdict = fight_to_the_verdict(cast, find_seed)
    loser, lanista = verdict.appeal["appellants"]
    assert loser["pool"] == "1 Mastery + 1 Ability vs 4 Trial"
    assert lanista["pool"] == "1 Mastery + 1 Ability vs 3 Trial"
    assert verdict.appeal["appellant"]["role"] == "lanista"


def test_a_broken_nose_taken_in_the_bout_does_not_touch_that_appeal(cast, find_seed):
    cast.bithys.owner = None
    cast.bithys.save()

    def nose_then_sword(seed, result):
        names = [crit.injury.name for crit in result.a.injuries]
        return bithys_loses_in_the_sword_band(seed, result) and "Broken Nose" in names

    seed = find_seed(cast.bout, nose_then_sword)
    bout = bout_fight(bout=cast.bout, seed=seed)
    bout.refresh_from_db()
    assert bout.verdict.appeal["pool"] == "1 Mastery + 1 Ability vs 3 Trial"


def test_a_verdict_already_given_is_not_rolled_again(cast, find_seed):
    verdict = fight_to_the_verdict(cast, find_seed)
    stored = dict(verdict.appeal)
    cast.nerva.charisma, cast.nerva.charm = 6, 5
    cast.nerva.save()
    with pytest.raises(BoutError):
        bout_decide(bout=verdict.bout)
    verdict.refresh_from_db()
    assert verdict.appeal == stored


def test_the_lanistas_pool_uses_his_own_ratings():
    assert decision.Appellant.lanista("Nerva", 3, 2).pool == Pool(mastery=2, ability=1, trial=3)
