"""Recovery: a night's rest, the medicus's Medicine check, and the turning of the day."""

import random
from fractions import Fraction

import pytest

from ludus.models import Gladiator, TreatmentAttempt
from ludus.selectors.recovery import medicus_rows
from ludus.services import recovery
from ludus.services.recovery import (
    RecoveryError,
    campaign_advance_day,
    medicus_treat,
    night_rest,
)
from rules.era.dice import Pool, distribution, roll
from rules.era.injuries import TABLE
from rules.era.ruleset import treatment_pool
from tests import factories


@pytest.fixture
def bithys(db):
    campaign = factories.CampaignFactory(day=4)
    nerva = factories.LanistaFactory(
        campaign=campaign, name="Nerva", medicus_intellect=3, medicus_medicine=2
    )
    return factories.GladiatorFactory(campaign=campaign, owner=nerva, name="Bithys", might=3)


def test_a_nights_rest_removes_wounds_equal_to_might(bithys):
    bithys.wounds = 2
    bithys.save()
    assert night_rest(gladiator=bithys) == 2  # the seed: 2 Wounds gone (Might 3)
    bithys.refresh_from_db()
    assert bithys.wounds == 0
    bithys.wounds = 8
    bithys.save()
    assert night_rest(gladiator=bithys) == 3
    bithys.refresh_from_db()
    assert bithys.wounds == 5


def test_the_dead_do_not_rest(bithys):
    bithys.status = Gladiator.Status.DEAD
    bithys.wounds = 4
    bithys.save()
    with pytest.raises(RecoveryError) as error:
        night_rest(gladiator=bithys)
    assert str(error.value) == recovery.DEAD_MAN.format(name="Bithys")


def test_the_cracked_rib_is_an_average_check_that_succeeds_245_times_in_384(bithys):
    rib = factories.InjuryFactory(gladiator=bithys, severity="average")
    pool = treatment_pool(rib.severity, intellect=3, medicine=2, at_home=True)
    assert pool == Pool(mastery=2, ability=1, trial=2)
    assert distribution(pool).p_success == Fraction(245, 384)


@pytest.mark.parametrize(
    "severity, trial", [("easy", 1), ("average", 2), ("hard", 3), ("daunting", 4)]
)
def test_severity_sets_the_difficulty(bithys, severity, trial):
    injury = factories.InjuryFactory(gladiator=bithys, severity=severity)
    assert treatment_pool(injury.severity, intellect=3, medicine=2, at_home=True).trial == trial


def test_away_from_the_ludus_the_difficulty_is_upgraded_once(bithys):
    rib = factories.InjuryFactory(gladiator=bithys, severity="average")
    away = treatment_pool(rib.severity, intellect=3, medicine=2, at_home=False)
    assert away == Pool(mastery=2, ability=1, trial=1, crisis=1)
    assert distribution(away).p_success < Fraction(245, 384)


def test_the_medicus_treats_with_the_seeded_roll_and_heals_on_success(bithys):
    rib = factories.InjuryFactory(gladiator=bithys, severity="average", day_taken=3)
    pool = Pool(mastery=2, ability=1, trial=2)
    seed = next(s for s in range(500) if roll(pool, random.Random(s)).outcome.success)
    attempt = medicus_treat(injury=rib, seed=seed)
    rib.refresh_from_db()
    assert attempt.success and attempt.seed == seed and attempt.day == 4
    assert attempt.roll == roll(pool, random.Random(seed)).as_dict() | {"medicus": "the medicus"}
    assert (attempt.medicus_intellect, attempt.medicus_medicine) == (3, 2)
    assert rib.healed_on == 4 and rib.is_healed
    with pytest.raises(RecoveryError, match="already healed"):
        medicus_treat(injury=rib)


def test_a_failed_treatment_is_kept_and_may_be_tried_again_tomorrow(bithys):
    rib = factories.InjuryFactory(gladiator=bithys, severity="average")
    pool = Pool(mastery=2, ability=1, trial=2)
    seed = next(s for s in range(500) if not roll(pool, random.Random(s)).outcome.success)
    attempt = medicus_treat(injury=rib, seed=seed)
    rib.refresh_from_db()
    assert not attempt.success and rib.healed_on is None
    with pytest.raises(RecoveryError) as error:
        medicus_treat(injury=rib, seed=seed + 1)
    assert str(error.value) == recovery.ALREADY_TREATED_TODAY.format(
        injury="Cracked Rib", name="Bithys"
    )
    campaign_advance_day(campaign=bithys.campaign)
    medicus_treat(injury=rib)
    assert TreatmentAttempt.objects.filter(injury=rib).count() == 2


def test_a_man_of_no_school_has_no_medicus(db):
    man = factories.GladiatorFactory(owner=None)
    injury = factories.InjuryFactory(gladiator=man)
    with pytest.raises(RecoveryError, match="no school"):
        medicus_treat(injury=injury)


def _freed(man: Gladiator) -> Gladiator:
    """He buys his freedom from his peculium (economy.services.freedom.manumission)."""
    from economy import accounts
    from economy.services.corrections import opening_balance
    from economy.services.freedom import manumission

    opening_balance(account=accounts.peculium(man), amount=20_000)
    manumission(gladiator=man)
    man.refresh_from_db()
    assert (man.owner, man.legal_status) == (None, Gladiator.LegalStatus.FREEDMAN)
    return man


def test_a_freedman_is_treated_by_his_patrons_medicus(bithys):
    """Issue 27: a freed man could never see the medicus. The lanista who freed him is his
    patron, whose house still cares for him: his medicus rolls, as for the men of his school."""
    nerva = bithys.owner
    freedman = _freed(bithys)
    assert recovery.medicus_school(freedman) == nerva
    rib = factories.InjuryFactory(gladiator=freedman, name="Cracked Rib", severity="average")
    rows = medicus_rows(freedman.campaign)  # the recovery page offers him the medicus
    assert [(row.injury, row.patron) for row in rows] == [(rib, nerva)]
    assert rows[0].chance is not None
    attempt = medicus_treat(injury=rib, seed=7)
    assert (attempt.medicus_intellect, attempt.medicus_medicine) == (3, 2)  # Nerva's
    assert attempt.roll["medicus"] == nerva.medicus_name


def test_his_patron_is_the_lanista_who_freed_him_not_an_earlier_one(bithys):
    fabia = factories.LanistaFactory(campaign=bithys.campaign, name="Fabia")
    nerva = bithys.owner
    bithys.owner = fabia
    bithys.save()
    bithys.owner = nerva  # Nerva bought him from Fabia's house, then freed him
    bithys.save()
    assert recovery.medicus_school(_freed(bithys)) == nerva


def test_a_free_man_never_owned_has_no_patron_and_no_medicus(db):
    man = factories.GladiatorFactory(owner=None, legal_status=Gladiator.LegalStatus.FREEDMAN)
    injury = factories.InjuryFactory(gladiator=man)
    with pytest.raises(RecoveryError) as refused:
        medicus_treat(injury=injury)
    assert str(refused.value) == recovery.NO_MEDICUS.format(name=man.name)


def test_advancing_the_day_rests_every_living_man(bithys):
    campaign = bithys.campaign
    bithys.wounds = 5
    bithys.save()
    weak = factories.GladiatorFactory(campaign=campaign, might=1, wounds=4, name="Weak")
    dead = factories.GladiatorFactory(
        campaign=campaign, wounds=4, status=Gladiator.Status.DEAD, name="Dead"
    )
    report = campaign_advance_day(campaign=campaign)
    campaign.refresh_from_db()
    assert campaign.day == 5 and report.day == 5
    assert report.rested == {"Bithys": 3, "Weak": 1}
    for man, wounds in ((bithys, 2), (weak, 3), (dead, 4)):
        man.refresh_from_db()
        assert man.wounds == wounds


def test_untreated_bleeding_out_kills_at_the_end_of_the_day(bithys):
    names = {entry.name for entry in TABLE}
    assert set(recovery.LETHAL_UNTREATED) <= names  # the table still has these entries
    factories.InjuryFactory(gladiator=bithys, name="Bleeding Out", severity="daunting", day_taken=4)
    report = campaign_advance_day(campaign=bithys.campaign)
    bithys.refresh_from_db()
    assert report.died == ["Bithys"] and bithys.status == Gladiator.Status.DEAD


def test_a_mortal_wound_gives_a_week(bithys):
    factories.InjuryFactory(gladiator=bithys, name="Mortal Wound", severity="daunting", day_taken=4)
    campaign = bithys.campaign
    for _ in range(6):
        assert campaign_advance_day(campaign=campaign).died == []
    assert campaign_advance_day(campaign=campaign).died == ["Bithys"]


def test_a_treated_mortal_wound_does_not_kill(bithys):
    factories.InjuryFactory(
        gladiator=bithys, name="Bleeding Out", severity="daunting", day_taken=4, healed_on=4
    )
    assert campaign_advance_day(campaign=bithys.campaign).died == []
