"""A small cast for the bout and show services: Bithys, a murmillo of another school, an editor.

Outcomes are never hard-coded: `seed_where` asks the engine itself for the first seed whose
bout (from the campaign's own setup) does what a test needs.
"""

import random
from types import SimpleNamespace

import pytest

from arena.rulesets.era.adapter import appeal_seed, bout_setup, fighter_sheet
from economy import accounts
from economy.services.corrections import opening_balance
from rules.era import decision
from rules.era.bout import fight_bout
from tests import factories

SEED_LIMIT = 20_000


@pytest.fixture
def cast(db):
    campaign = factories.CampaignFactory(name="Test Rome", day=3)
    nerva = factories.LanistaFactory(campaign=campaign, name="Nerva")
    rival = factories.LanistaFactory(campaign=campaign, name="Scaurus")
    editor = factories.EditorFactory(campaign=campaign, name="Lucius Cornelius")
    opening_balance(account=accounts.purse(editor), amount=100_000)
    bithys = factories.GladiatorFactory(
        campaign=campaign,
        owner=nerva,
        name="Bithys",
        armatura="thraex",
        might=3,
        melee=3,
        charisma=2,
        charm=1,
        orders="fight-on",
    )
    rufus = factories.GladiatorFactory(
        campaign=campaign, owner=rival, name="Rufus", armatura="murmillo", might=3, melee=2
    )
    show = factories.ShowFactory(campaign=campaign, editor=editor, venue="forum_romanum")
    bout = factories.BoutFactory(show=show, fighter_a=bithys, fighter_b=rufus)
    return SimpleNamespace(
        campaign=campaign,
        nerva=nerva,
        rival=rival,
        editor=editor,
        bithys=bithys,
        rufus=rufus,
        show=show,
        bout=bout,
    )


def appeal_succeeds(bout, seed: int, result) -> bool:
    loser = bout.entry_a.gladiator if str(result.loser) == "a" else bout.entry_b.gladiator
    rolled = decision.decide(
        result.loser_favor, fighter_sheet(loser), None, random.Random(appeal_seed(seed))
    )
    return rolled.appeal_succeeded


def seed_where(bout, predicate, *, decisions=(), limit: int = SEED_LIMIT) -> int:
    """The first seed whose bout, fought from the campaign's setup, satisfies `predicate`."""
    setup = bout_setup(bout=bout)
    for seed in range(limit):
        result = fight_bout(setup, seed=seed, decisions=decisions, record=False)
        if predicate(seed, result):
            return seed
    pytest.fail("no seed below the limit gives the wanted bout")


@pytest.fixture
def find_seed():
    return seed_where
