"""A fight of several entrants in the campaign (Moritari, issue 13): put on the card, fought to
the end by the bout service, written back (results, fates, Wounds, deaths, purses), once."""

import pytest

from arena.models import Bout
from arena.rulesets.moritari import adapter as moritari
from arena.rulesets.moritari.fights import Entrant, FightError, fight_add
from arena.services.bouts import bout_fight
from arena.services.shows import show_hold
from arena.services.undo import bout_undo
from desk.services import setup
from economy import accounts
from economy.ledger import account_balance
from economy.models import SESTERCES_PER_PURSE, Transaction
from ludus.errors import AlreadyDone
from ludus.models import Gladiator
from tests.cast import make_campaign

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    return make_campaign(ruleset="moritari")


def three_men(cast, **kwargs) -> Bout:
    return fight_add(
        show=cast.show,
        entrants=[
            Entrant(gladiator=cast.bithys, field="man_1"),
            Entrant(gladiator=cast.spartacus, field="man_2"),
            Entrant(gladiator=cast.verus, field="man_3"),
        ],
        **kwargs,
    )


def beast_fight(cast) -> Bout:
    return fight_add(
        show=cast.show,
        entrants=[
            Entrant(gladiator=cast.crixus, field="man_1"),
            Entrant(beast="lion", name="The Numidian lion", field="beast_1"),
            Entrant(beast="bear", name="Ursus", field="beast_2"),
        ],
    )


def test_fight_add_puts_each_man_on_his_schools_side_and_beasts_on_theirs(cast):
    bout = three_men(cast)
    sides = {str(entry): entry.side for entry in bout.entrants}
    assert sides == {"Bithys": "Nerva", "Spartacus": "Batiatus", "Verus": "Scaurus"}
    beasts = beast_fight(cast)
    lion = beasts.entries.get(name="The Numidian lion")
    assert lion.gladiator is None and lion.side == "beasts" and lion.sheet == {"kind": "lion"}
    assert beasts.order == bout.order + 1


@pytest.mark.parametrize(
    "entrants, field, words",
    [
        (lambda c: [Entrant(gladiator=c.bithys, field="man_1")], "__all__", "two entrants"),
        (
            lambda c: [
                Entrant(gladiator=c.bithys, field="man_1"),
                Entrant(gladiator=c.bithys, field="man_2"),
            ],
            "man_2",
            "given twice",
        ),
        (
            lambda c: [
                Entrant(gladiator=c.bithys, field="man_1"),
                Entrant(gladiator=c.crixus, field="man_2"),
            ],
            "__all__",
            "two sides",
        ),
        (
            lambda c: [
                Entrant(gladiator=c.bithys, field="man_1"),
                Entrant(beast="dragon", name="Draco", field="beast_1"),
            ],
            "beast_1",
            "not a beast",
        ),
        (
            lambda c: [
                Entrant(gladiator=c.bithys, field="man_1"),
                Entrant(beast="lion", name=" ", field="beast_1"),
            ],
            "beast_1",
            "needs a name",
        ),
    ],
)
def test_fight_add_refuses_bad_input_naming_the_field_and_writes_nothing(
    cast, entrants, field, words
):
    with pytest.raises(FightError, match=words) as caught:
        fight_add(show=cast.show, entrants=entrants(cast))
    assert caught.value.field == field
    assert not Bout.objects.filter(show=cast.show).exists()


def test_fight_add_refuses_a_man_on_another_unfinished_card(cast):
    three_men(cast)
    later = type(cast.show).objects.create(
        campaign=cast.campaign, editor=cast.editor, name="Later", year=-50, day=9
    )
    with pytest.raises(FightError, match="Spartacus") as caught:
        fight_add(
            show=later,
            entrants=[
                Entrant(gladiator=cast.crixus, field="man_1"),
                Entrant(gladiator=cast.spartacus, field="man_2"),
            ],
        )
    assert caught.value.field == "man_2"
    assert not later.bouts.exists()


def _purses(bout) -> dict[str, int]:
    out = {}
    for posted in Transaction.objects.filter(bout=bout, cause=Transaction.Cause.PURSE):
        entry = posted.entries.get(amount__gt=0)
        out[entry.account.gladiator.name] = entry.amount
    return out


@pytest.mark.parametrize("seed", [1, 2, 3, 4])
def test_a_three_man_fight_fought_to_the_end_writes_results_fates_purses_and_deaths(cast, seed):
    bout = three_men(cast)
    purse_before = account_balance(accounts.purse(cast.editor))
    bout = bout_fight(bout=bout, seed=seed)
    assert bout.status == Bout.Status.DONE and bout.rounds >= 1
    result = moritari.replay(bout)  # the engine's own end, from the stored seed
    assert result.finished and bout.log == [e.to_dict() for e in result.events]
    entries = moritari.fight_entries(bout)
    for entry, fighter in zip(entries, result.fighters, strict=True):
        entry.refresh_from_db()
        won = "won" if fighter.side == result.winner else "lost"
        want = "drew" if result.winner is None else won
        assert entry.result == want
        assert entry.fate == result.fate(fighter.index)
        assert entry.standing == fighter.hit_points
        man = Gladiator.objects.get(pk=entry.gladiator_id)
        assert man.wounds == 3 - fighter.hit_points
        assert (man.status == Gladiator.Status.DEAD) == (fighter.state == "dead")
    paid = {
        f.name: SESTERCES_PER_PURSE
        for f in result.fighters
        if f.side == result.winner and f.state == "standing"
    }
    assert _purses(bout) == paid
    purse_after = account_balance(accounts.purse(cast.editor))
    assert purse_before - purse_after == sum(paid.values())


def test_a_beast_fight_writes_the_man_back_and_nothing_for_the_beasts(cast):
    bout = bout_fight(bout=beast_fight(cast), seed=7)
    assert bout.status == Bout.Status.DONE
    result = moritari.replay(bout)
    entries = moritari.fight_entries(bout)
    for entry, fighter in zip(entries, result.fighters, strict=True):
        entry.refresh_from_db()
        assert entry.fate == result.fate(fighter.index)
        if entry.gladiator is None:
            assert fighter.kind.beast
    crixus = Gladiator.objects.get(pk=cast.crixus.pk)
    assert crixus.wounds == 3 - result.fighters[0].hit_points
    # Only men are paid: a beast has no peculium.
    assert set(_purses(bout)) <= {"Crixus"}
    assert bool(_purses(bout)) == (result.winner == "Nerva" and result.fighters[0].standing)


def test_a_repeat_click_fights_and_pays_once(cast):
    bout = three_men(cast)
    bout_fight(bout=bout, seed=1, rounds=1, at_round=0)
    with pytest.raises(AlreadyDone):
        bout_fight(bout=bout, rounds=1, at_round=0)
    bout = bout_fight(bout=bout)
    count = Transaction.objects.filter(bout=bout, cause=Transaction.Cause.PURSE).count()
    with pytest.raises(Exception, match="over"):
        bout_fight(bout=bout)
    assert Transaction.objects.filter(bout=bout, cause=Transaction.Cause.PURSE).count() == count


def test_caesar_asks_the_fight_waits_and_the_answer_is_kept(cast):
    bout = three_men(cast, caesar_asks=True)
    bout = bout_fight(bout=bout, seed=3, auto_decide=False)
    assert bout.status == Bout.Status.FIGHTING
    pending = moritari.bout_pending(bout)
    assert pending is not None and pending.kind in ("move_order", "fight_order", "thumb")
    answer = moritari.pending_default(bout)
    bout = bout_fight(bout=bout, decisions=[answer], rounds=1, answered=0)
    assert bout.decisions[0] == answer


def test_turn_by_turn_ends_as_at_once(cast):
    bout = three_men(cast)
    bout = bout_fight(bout=bout, seed=5, rounds=1)
    turns = 1
    while bout.status == Bout.Status.FIGHTING:
        bout = bout_fight(bout=bout, rounds=1)
        turns += 1
        assert bout.rounds == turns
    at_once = moritari.engine.play(moritari.bout_setup(bout=bout), 5)
    assert bout.log == [event.to_dict() for event in at_once.events]
    assert bout.rounds == at_once.turns


def test_undo_takes_back_the_last_turn_and_the_first_plans_it_again(cast):
    bout = three_men(cast)
    bout = bout_fight(bout=bout, seed=2, rounds=1)
    bout = bout_fight(bout=bout, rounds=1)
    if bout.status != Bout.Status.FIGHTING:
        pytest.skip("the fight ended in two turns")
    log_one = moritari.replay(bout, turns=1).events
    bout, said = bout_undo(bout=bout)
    assert bout.rounds == 1 and "Round 2 is taken back" in said
    assert bout.log == [e.to_dict() for e in log_one]
    bout, said = bout_undo(bout=bout)
    assert bout.status == Bout.Status.PLANNED and bout.seed == 2


def test_holding_the_show_fights_both_fights_by_orders(cast):
    three = three_men(cast, caesar_asks=True)
    beasts = beast_fight(cast)
    show_hold(show=cast.show, seed=1)
    for bout in (three, beasts):
        bout.refresh_from_db()
        assert bout.status == Bout.Status.DONE


def test_a_campaign_made_moritari_from_the_setup_services_fights_a_skirmish(cast):
    # The new-campaign path: the ruleset is offered and taken, men are made by the setup
    # services with an empty sheet, and a fight of theirs is fought to the end.
    campaign = setup.campaign_create(user=cast.gm, name="Fresh", ruleset="moritari")
    editor = setup.editor_create(campaign=campaign, name="Crassus", purse=10_000)
    one = setup.lanista_create(campaign=campaign, name="Nerva", school="Nerva's ludus")
    two = setup.lanista_create(campaign=campaign, name="Gaius", school="Gaius's ludus")
    men = [
        setup.gladiator_create(campaign=campaign, owner=school, name=name, armatura=armatura)
        for school, name, armatura in ((one, "Bithys", "thraex"), (two, "Rufus", "gaul"))
    ]
    assert all(man.sheet == {} for man in men)
    show = type(cast.show).objects.create(
        campaign=campaign, editor=editor, name="First games", year=-50, day=1
    )
    bout = fight_add(
        show=show,
        entrants=[
            Entrant(gladiator=men[0]),
            Entrant(gladiator=men[1]),
            Entrant(beast="bull", name="Taurus"),
        ],
    )
    assert moritari.setup_data(bout)["fighters"][1]["kind"] == "murmillo"  # a Gaul
    bout = bout_fight(bout=bout, seed=8)
    assert bout.status == Bout.Status.DONE


def _standings(bout) -> dict[str, int | None]:
    return {str(entry): entry.standing for entry in bout.entries.all()}


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_undo_writes_every_entrys_standing_back_as_it_stood(cast, seed):
    """Each man's stored standing (his hit points) is the one of the turn the fight stands
    after, not the one of the turn taken back (several men a side: by entry, not by side)."""
    bout = three_men(cast)
    bout = bout_fight(bout=bout, seed=seed, rounds=1)
    after_one = _standings(bout)
    played = moritari.replay(bout, turns=1)
    assert after_one == {f.name: f.hit_points for f in played.fighters}
    bout = bout_fight(bout=bout, rounds=1)
    while bout.status == Bout.Status.FIGHTING and _standings(bout) == after_one:
        bout = bout_fight(bout=bout, rounds=1)
    if bout.status != Bout.Status.FIGHTING:
        pytest.skip("no blood drawn after turn 1 before the fight ended")
    turns = bout.rounds
    bout, _ = bout_undo(bout=bout)
    assert bout.rounds == turns - 1
    before = moritari.replay(bout, turns=turns - 1)
    assert _standings(bout) == {f.name: f.hit_points for f in before.fighters}
    # Back to turn 1, then planned again: no standing left.
    while bout.rounds > 1:
        bout, _ = bout_undo(bout=bout)
    assert _standings(bout) == after_one
    bout, _ = bout_undo(bout=bout)
    assert set(_standings(bout).values()) == {None}


def test_undo_of_a_caesar_answer_keeps_the_standings_of_that_turn(cast):
    bout = three_men(cast, caesar_asks=True)
    bout = bout_fight(bout=bout, seed=3, auto_decide=False)
    answer = moritari.pending_default(bout)
    bout = bout_fight(bout=bout, decisions=[answer], rounds=1, answered=0)
    bout, said = bout_undo(bout=bout)
    assert "answer" in said
    played = moritari.replay(bout)
    assert _standings(bout) == {f.name: f.hit_points for f in played.fighters}
