"""show_plan, bout_add and show_hold: a card built and a whole show played end to end."""

import pytest
from django.db.models import Sum

from arena.models import Bout, Show
from arena.selectors.bouts import show_events
from arena.selectors.records import gladiator_record
from arena.services import shows
from arena.services.bouts import bout_fight
from arena.services.shows import ShowError, bout_add, bout_remove, show_hold, show_plan
from economy import accounts
from economy.ledger import account_balance
from economy.models import SESTERCES_PER_PURSE, Account, Entry, Hire, Transaction
from economy.services.hire import hire_contract_create
from ludus.models import Gladiator, Injury
from ludus.references import events_q
from tests import factories

SEEDS = 60

PURSE = SESTERCES_PER_PURSE


def test_plan_a_show(cast):
    show = show_plan(
        campaign=cast.campaign, name=" Munus at Pompeii ", editor=cast.editor, venue="pompeii"
    )
    assert show.name == "Munus at Pompeii" and show.city == "Pompeii"
    assert show.day == cast.campaign.day and show.year == cast.campaign.year
    assert show.status == Show.Status.PLANNED


def test_plan_refuses_a_past_day_and_a_foreign_editor(cast):
    with pytest.raises(ShowError) as error:
        show_plan(campaign=cast.campaign, name="Late", editor=cast.editor, day=1)
    assert str(error.value) == shows.PAST_DAY.format(day=1, today=3)
    stranger = factories.EditorFactory()
    with pytest.raises(ShowError, match="another campaign"):
        show_plan(campaign=cast.campaign, name="Theirs", editor=stranger)


def test_bouts_go_on_the_card_in_order(cast):
    cast.bout.delete()
    first = bout_add(show=cast.show, fighter_a=cast.bithys, fighter_b=cast.rufus)
    a, b = factories.GladiatorFactory.create_batch(2, campaign=cast.campaign)
    second = bout_add(show=cast.show, fighter_a=a, fighter_b=b, kind=Bout.Kind.TEAM)
    assert (first.order, second.order) == (1, 2) and second.kind == "team"


@pytest.mark.parametrize(
    "problem, message",
    [
        ("twice", "already on the card"),
        ("dead", "is dead and cannot be put on a card"),
        ("freed", "is freed and cannot be put on a card"),
        ("foreign", "belongs to another campaign"),
        ("driver", "is a charioteer"),
        ("himself", "cannot fight himself"),
    ],
)
def test_the_card_refuses(cast, problem, message):
    other = factories.GladiatorFactory(campaign=cast.campaign)
    if problem == "twice":
        man = cast.bithys
    elif problem == "himself":
        man = other
    elif problem == "foreign":
        man = factories.GladiatorFactory()
    elif problem == "driver":
        man = factories.GladiatorFactory(campaign=cast.campaign, is_charioteer=True)
    else:
        man = factories.GladiatorFactory(
            campaign=cast.campaign, status=getattr(Gladiator.Status, problem.upper())
        )
    with pytest.raises(ShowError, match=message):
        bout_add(show=cast.show, fighter_a=other, fighter_b=man)


def test_a_held_show_takes_no_more_bouts_and_is_not_held_twice(cast):
    show_hold(show=cast.show, seed=1, crowd_decides=True)
    a, b = factories.GladiatorFactory.create_batch(2, campaign=cast.campaign)
    with pytest.raises(ShowError) as error:
        bout_add(show=cast.show, fighter_a=a, fighter_b=b)
    assert str(error.value) == shows.SHOW_HELD.format(show=cast.show)
    with pytest.raises(ShowError):
        show_hold(show=cast.show, seed=1, crowd_decides=True)


def build_card(cast, pairs=3):
    """The Forum bout plus team pairs of Nerva's men, every man hired from his school."""
    men = [cast.bithys, cast.rufus]
    for index in range(pairs - 1):
        a = factories.GladiatorFactory(
            campaign=cast.campaign, owner=cast.nerva, name=f"Thraex {index}", armatura="thraex"
        )
        b = factories.GladiatorFactory(
            campaign=cast.campaign, owner=cast.nerva, name=f"Samnite {index}", armatura="samnite"
        )
        bout_add(show=cast.show, fighter_a=a, fighter_b=b, kind=Bout.Kind.TEAM)
        men += [a, b]
    for man in men:
        kind = Hire.Kind.SINGLE if man in (cast.bithys, cast.rufus) else Hire.Kind.TEAM
        hire_contract_create(show=cast.show, gladiator=man, kind=kind)
    return men


def test_a_whole_show_is_played_end_to_end(cast):
    men = build_card(cast)
    purse = accounts.purse(cast.editor)
    before = account_balance(purse)
    show = show_hold(show=cast.show, seed=50, crowd_decides=True)
    assert show.status == Show.Status.HELD
    card = list(show.bouts.order_by("order"))
    assert len(card) == 3
    for bout in card:
        assert bout.status == Bout.Status.DONE and bout.seed is not None and bout.log
        assert bout.rounds >= 1
        if bout.winner:
            verdict = bout.verdict
            assert verdict.loser_died == (bout.loser.status == Gladiator.Status.DEAD)
            assert verdict.editor_act in ("missio", "sword")
    # Injuries are recorded against the men who took them, for the bout they took them in.
    for injury in Injury.objects.filter(bout__show=show):
        assert injury.gladiator_id in (
            injury.event.entry_a.gladiator_id,
            injury.event.entry_b.gladiator_id,
        )
    # Records follow from the bouts.
    for man in men:
        record = gladiator_record(man)
        assert record.bouts == 1
    # The money: purses to the winners' peculia, every transaction balanced.
    paid = Transaction.objects.filter(events_q(show_events(show)), cause=Transaction.Cause.PURSE)
    winners = [b for b in card if b.winner]
    assert paid.count() == len(winners)
    for bout in winners:
        favor = (
            bout.entry_a.standing
            if bout.winner == bout.entry_a.gladiator
            else bout.entry_b.standing
        )
        expected = 2 * PURSE if favor >= 5 else PURSE
        assert account_balance(accounts.peculium(bout.winner)) == expected
    for posted in Transaction.objects.all():
        assert posted.entries.aggregate(total=Sum("amount"))["total"] == 0
    for account in Account.objects.all():
        total = Entry.objects.filter(account=account).aggregate(t=Sum("amount"))["t"] or 0
        assert account_balance(account) == total
    spent = before - account_balance(purse)
    sword = Transaction.objects.filter(events_q(show_events(show)), cause=Transaction.Cause.SWORD)
    refunds = Transaction.objects.filter(
        events_q(show_events(show)), cause=Transaction.Cause.CORRECTION
    )
    assert spent == (
        sum(-t.entries.get(account=purse).amount for t in paid)
        + sum(-t.entries.get(account=purse).amount for t in sword)
        + sum(-t.entries.get(account=purse).amount for t in refunds)
    )


def test_holding_a_show_is_repeatable_from_its_seed(cast):
    build_card(cast)
    show_hold(show=cast.show, seed=7, crowd_decides=True)
    first = [(b.seed, b.log) for b in cast.show.bouts.order_by("order")]
    other = factories.CampaignFactory(day=3)
    editor = factories.EditorFactory(campaign=other)
    from economy.services.corrections import opening_balance

    opening_balance(account=accounts.purse(editor), amount=100_000)
    twin = factories.ShowFactory(campaign=other, editor=editor)
    for bout in cast.show.bouts.order_by("order"):
        a = factories.GladiatorFactory(
            campaign=other,
            name=bout.entry_a.gladiator.name,
            armatura=bout.entry_a.gladiator.armatura,
            melee=bout.entry_a.gladiator.sheet["melee"],
            orders=bout.entry_a.gladiator.orders,
        )
        b = factories.GladiatorFactory(
            campaign=other,
            name=bout.entry_b.gladiator.name,
            armatura=bout.entry_b.gladiator.armatura,
            melee=bout.entry_b.gladiator.sheet["melee"],
            orders=bout.entry_b.gladiator.orders,
        )
        bout_add(show=twin, fighter_a=a, fighter_b=b)
    show_hold(show=twin, seed=7, crowd_decides=True)
    assert [(b.seed, b.log) for b in twin.bouts.order_by("order")] == first


def test_a_show_with_a_bout_begun_by_hand_finishes_it(cast):
    bout_fight(bout=cast.bout, seed=11, rounds=1)
    show_hold(show=cast.show, seed=3, crowd_decides=True)
    cast.bout.refresh_from_db()
    assert cast.bout.seed == 11 and cast.bout.status == Bout.Status.DONE


def test_orders_that_ask_are_answered_by_the_orders_when_a_show_is_held(cast):
    cast.bout.entries.filter(side="a").update(
        orders={"name": "cautious", "ask": ["fight_on", "yield", "boons"]}
    )
    cast.bout.entries.filter(side="b").update(
        orders={"name": "cautious", "ask": ["fight_on", "yield", "boons"]}
    )
    cast.bout.save()
    show_hold(show=cast.show, seed=5, crowd_decides=True)
    cast.bout.refresh_from_db()
    assert cast.bout.status == Bout.Status.DONE
    assert cast.bout.decisions  # every asked choice was answered, and kept for the replay
    # The same bout fought with the plain orders (nothing asked) ends the same way.
    from arena.rulesets.era.adapter import setup_from_data
    from rules.era.bout import fight_bout

    plain = dict(cast.bout.setup)
    plain["a"] = {**plain["a"], "orders": {**plain["a"]["orders"], "ask": []}}
    plain["b"] = {**plain["b"], "orders": {**plain["b"]["orders"], "ask": []}}
    result = fight_bout(setup_from_data(plain), seed=cast.bout.seed)
    assert [e.as_dict() | {"asked": None} for e in result.events] == [
        e | {"asked": None} for e in cast.bout.log
    ]


@pytest.mark.parametrize("seed", range(SEEDS))
def test_holding_a_show_answers_a_yield_exactly_as_the_orders_would(cast, seed):
    """Two thraeces of Might 1: the raw hit (damage less Resistance) is 1, where a hand-made
    `max(0, ...)` and the engine's own minimum hit can part. Asked at every choice, the held
    show must answer as the engine would unasked."""
    from arena.rulesets.era.adapter import setup_from_data
    from rules.era.bout import fight_bout

    heavy = factories.GladiatorFactory(campaign=cast.campaign, armatura="thraex", might=1)
    light = factories.GladiatorFactory(campaign=cast.campaign, armatura="thraex", might=1)
    asking = {"name": "cautious", "ask": ["fight_on", "yield", "boons"]}
    bout = bout_add(show=cast.show, fighter_a=heavy, fighter_b=light, orders_a=asking)
    show_hold(show=cast.show, seed=seed, crowd_decides=True)  # to the end of the card
    bout.refresh_from_db()
    plain = dict(bout.setup)
    plain["a"] = {**plain["a"], "orders": {**plain["a"]["orders"], "ask": []}}
    result = fight_bout(setup_from_data(plain), seed=bout.seed)
    assert [e.as_dict() | {"asked": None} for e in result.events] == [
        e | {"asked": None} for e in bout.log
    ]


def test_a_show_that_cannot_be_settled_writes_nothing(cast):
    a, b = factories.GladiatorFactory.create_batch(2, campaign=cast.campaign)
    bout_add(show=cast.show, fighter_a=a, fighter_b=b)
    b.status = Gladiator.Status.DEAD  # died elsewhere after the card was made
    b.save()
    with pytest.raises(ValueError, match="is dead"):
        show_hold(show=cast.show, seed=2, crowd_decides=True)  # on past the first verdict
    cast.show.refresh_from_db()
    cast.bout.refresh_from_db()
    assert cast.show.status == Show.Status.PLANNED
    assert cast.bout.status == Bout.Status.PLANNED
    assert not Transaction.objects.filter(events_q(show_events(cast.show))).exists()


def test_a_planned_pair_can_be_taken_off_the_card(cast):
    removed = bout_remove(bout=cast.bout)
    assert removed.status == Bout.Status.VOID and removed.void_reason == shows.TAKEN_OFF
    assert not cast.show.bouts.exclude(status=Bout.Status.VOID).exists()
    begun = bout_add(show=cast.show, fighter_a=cast.bithys, fighter_b=cast.rufus)
    bout_fight(bout=begun, seed=1, rounds=1)
    with pytest.raises(ShowError) as error:
        bout_remove(bout=begun)
    assert str(error.value) == shows.NOT_PLANNED.format(status="being fought")
