"""bout_setup, bout_fight and bout_decide: the campaign into the engine and the outcome back."""

import pytest
from django.db.models import Sum

from arena.errors import BoutError
from arena.models import Bout, Verdict
from arena.rulesets.era.adapter import bout_setup, fighter_sheet
from arena.services import bouts
from arena.services.bouts import bout_decide, bout_fight
from economy import accounts
from economy.ledger import account_balance
from economy.models import SESTERCES_PER_PURSE, Account, Entry, Transaction
from economy.services.hire import hire_contract_create
from ludus.models import Campaign, DignitasChange, Gladiator, Injury
from ludus.selectors.people import editor_dignitas
from rules.era.bout import ENGINE_VERSION, EndReason, fight_bout
from tests import factories
from tests.arena.services.conftest import appeal_succeeds

PURSE = SESTERCES_PER_PURSE


def side_of(bout, gladiator):
    return "a" if gladiator.pk == bout.entry_a.gladiator_id else "b"


# --- the setup ---------------------------------------------------------------------------


def test_known_in_the_city_starts_at_crowd_favor_3(cast):
    factories.PriorRecordFactory(gladiator=cast.bithys, city="Rome", wins=5, losses=1)
    setup = bout_setup(bout=cast.bout)
    assert (setup.a.favor, setup.b.favor) == (3, 2)


def test_four_wins_are_not_enough_and_other_cities_do_not_count(cast):
    factories.PriorRecordFactory(gladiator=cast.bithys, city="Rome", wins=4)
    factories.PriorRecordFactory(gladiator=cast.bithys, city="Capua", wins=9)
    assert bout_setup(bout=cast.bout).a.favor == 2


def test_wins_in_the_campaign_count_toward_known(cast):
    factories.PriorRecordFactory(gladiator=cast.bithys, city="Rome", wins=4)
    earlier = factories.ShowFactory(campaign=cast.campaign, editor=cast.editor)
    other = factories.GladiatorFactory(campaign=cast.campaign, armatura="murmillo")
    factories.BoutFactory(
        show=earlier,
        fighter_a=cast.bithys,
        fighter_b=other,
        status=Bout.Status.DONE,
        winner=cast.bithys,
        loser=other,
    )
    assert bout_setup(bout=cast.bout).a.favor == 3
    pompeii = factories.ShowFactory(campaign=cast.campaign, editor=cast.editor, venue="pompeii")
    there = factories.BoutFactory(show=pompeii, fighter_a=cast.bithys, fighter_b=cast.rufus)
    assert bout_setup(bout=there).a.favor == 2


def test_sheet_kit_and_orders_come_from_the_campaign(cast):
    cast.bout.entries.filter(side="b").update(orders={"name": "never-yield"})
    setup = bout_setup(bout=cast.bout)
    assert setup.a.fighter.melee == 3 and setup.a.kit.name == "thraex"
    assert setup.b.kit.name == "murmillo"
    assert setup.a.orders.name == "fight-on"  # his standing orders
    assert setup.b.orders.never_yield  # the bout's own orders
    assert setup.first is None  # decided by the engine at even odds
    cast.bout.first = "b"
    assert str(bout_setup(bout=cast.bout).first) == "b"


def test_carried_unhealed_injuries_add_10_each_to_rolls_against_him(cast, find_seed):
    factories.InjuryFactory(gladiator=cast.bithys, day_taken=1)
    factories.InjuryFactory(gladiator=cast.bithys, day_taken=2, name="Winded", table_roll=8)
    factories.InjuryFactory(gladiator=cast.bithys, day_taken=1, healed_on=2)
    assert bout_setup(bout=cast.bout).a.carried_injuries == 2

    def bithys_injured(seed, result):
        return bool(result.a.injuries)

    seed = find_seed(cast.bout, bithys_injured)
    bout_fight(bout=cast.bout, seed=seed, auto_decide=False)
    cast.bout.refresh_from_db()
    crit = next(e["crit"] for e in cast.bout.log if e["kind"] == "injury" and e["actor"] == "a")
    assert crit["carried"] == 2
    assert crit["total"] == crit["d100"] + 20 - 10  # +10 per carried injury, -10 for Helm 1
    new = Injury.objects.filter(bout=cast.bout, gladiator=cast.bithys).order_by("pk").first()
    assert new.table_roll == crit["total"] and new.name == crit["injury"]["name"]


# --- fighting ----------------------------------------------------------------------------


def test_a_fought_bout_records_its_outcome(cast, find_seed):
    seed = find_seed(cast.bout, lambda s, r: r.winner is not None)
    bout = bout_fight(bout=cast.bout, seed=seed, auto_decide=False)
    expected = fight_bout(bout_setup(bout=bout), seed=seed)
    bout.refresh_from_db()
    assert bout.seed == seed and bout.engine_version == ENGINE_VERSION
    assert bout.status == Bout.Status.AWAITING_VERDICT
    assert bout.log == [event.as_dict() for event in expected.events]
    assert bout.rounds == expected.rounds
    assert bout.end_reason == str(expected.end_reason)
    assert side_of(bout, bout.winner) == str(expected.winner)
    assert side_of(bout, bout.loser) == str(expected.loser)
    assert (bout.entry_a.standing, bout.entry_b.standing) == (expected.a.favor, expected.b.favor)
    for man, corner in ((cast.bithys, expected.a), (cast.rufus, expected.b)):
        man.refresh_from_db()
        assert man.wounds == corner.wounds
        rows = list(Injury.objects.filter(bout=bout, gladiator=man).order_by("pk"))
        assert [(i.name, i.table_roll, i.severity) for i in rows] == [
            (c.injury.name, c.total, c.injury.severity.name.lower()) for c in corner.injuries
        ]
        assert all(i.day_taken == cast.campaign.day for i in rows)
    assert bout.setup["a"]["gladiator"] == cast.bithys.pk


def test_wounds_carried_in_are_not_counted_twice(cast, find_seed):
    # The engine starts him at the 2 he carries in; he walks out with the engine's figure.
    cast.rufus.wounds = 2
    cast.rufus.save()
    seed = find_seed(cast.bout, lambda s, r: r.b.wounds > 2)
    bout_fight(bout=cast.bout, seed=seed, auto_decide=False)
    # The setup as fought (now he also carries the bout's own injuries, which act on the next).
    cast.bout.refresh_from_db()
    result = fight_bout(bout_setup(bout=cast.bout), seed=seed)
    cast.rufus.refresh_from_db()
    assert cast.rufus.wounds == result.b.wounds


def test_a_new_seed_is_stored_when_none_is_given(cast):
    bout = bout_fight(bout=cast.bout, auto_decide=False)
    bout.refresh_from_db()
    assert bout.seed is not None and bout.status != Bout.Status.PLANNED


def test_round_by_round_ends_as_fighting_at_once(cast, find_seed):
    seed = find_seed(cast.bout, lambda s, r: r.rounds >= 3)
    whole = fight_bout(bout_setup(bout=cast.bout), seed=seed)
    bout = bout_fight(bout=cast.bout, seed=seed, rounds=1)
    bout.refresh_from_db()
    assert bout.status == Bout.Status.FIGHTING and bout.rounds == 1
    assert bout.winner is None and bout.log
    bout = bout_fight(bout=bout, rounds=1)
    assert bout.rounds == 2
    with pytest.raises(BoutError, match="cannot change"):
        bout_fight(bout=bout, seed=seed + 1)
    bout = bout_fight(bout=bout, auto_decide=False)
    bout.refresh_from_db()
    assert bout.log == [event.as_dict() for event in whole.events]
    assert bout.status == Bout.Status.AWAITING_VERDICT


def test_orders_that_ask_stop_the_bout_until_the_gm_answers(cast, find_seed):
    cast.bout.entries.filter(side="a").update(orders={"name": "cautious", "ask": ["fight_on"]})
    cast.bout.save()

    def asks(seed, result):
        return result.pending is not None and str(result.pending.kind) == "fight_on"

    seed = find_seed(cast.bout, asks)
    bout = bout_fight(bout=cast.bout, seed=seed)
    bout.refresh_from_db()
    assert bout.status == Bout.Status.FIGHTING and bout.decisions == []
    answer = {"kind": "fight_on", "side": "a", "choice": "yield"}
    bout = bout_fight(bout=bout, decisions=[answer], auto_decide=False)
    bout.refresh_from_db()
    assert bout.decisions == [answer]
    assert bout.status == Bout.Status.AWAITING_VERDICT
    assert bout.loser == cast.bithys and bout.end_reason == "yield"


def test_a_finished_bout_cannot_be_fought_again(cast):
    bout = bout_fight(bout=cast.bout, auto_decide=False)
    with pytest.raises(BoutError) as error:
        bout_fight(bout=bout)
    assert str(error.value) == bouts.BOUT_OVER.format(status="awaiting the editor")


def test_a_dead_man_cannot_fight(cast):
    cast.rufus.status = Gladiator.Status.DEAD
    cast.rufus.save()
    with pytest.raises(BoutError) as error:
        bout_fight(bout=cast.bout)
    assert str(error.value) == bouts.FIGHTER_UNAVAILABLE.format(name="Rufus", status="dead")


def test_bad_decisions_are_refused_with_the_engines_reason(cast):
    with pytest.raises(BoutError, match="decision choice must be one of"):
        bout_fight(bout=cast.bout, decisions=[{"kind": "yield", "side": "a", "choice": "run"}])


def test_death_on_the_sand_needs_no_verdict(cast, find_seed):
    for day in range(10):  # ten old injuries: +100 on every Critical Injury roll against him
        factories.InjuryFactory(gladiator=cast.rufus, day_taken=day + 1)
    seed = find_seed(cast.bout, lambda s, r: r.end_reason is EndReason.KILLED)
    bout = bout_fight(bout=cast.bout, seed=seed)
    bout.refresh_from_db()
    dead = bout.loser
    assert bout.status == Bout.Status.DONE and bout.end_reason == "killed"
    assert dead.status == Gladiator.Status.DEAD
    assert not Verdict.objects.filter(bout=bout).exists()
    assert Injury.objects.filter(bout=bout, gladiator=dead, name="Slain").exists()
    assert Transaction.objects.filter(bout=bout, cause=Transaction.Cause.PURSE).count() == 1


# --- the editor's decision ---------------------------------------------------------------


def loser_favor_in(low, high):
    return lambda seed, result: result.loser is not None and low <= result.loser_favor <= high


def test_a_divided_crowd_waits_for_the_editor_who_grants_missio_by_default(cast, find_seed):
    seed = find_seed(cast.bout, loser_favor_in(3, 4))
    bout = bout_fight(bout=cast.bout, seed=seed)
    assert bout.status == Bout.Status.AWAITING_VERDICT
    gm = factories.UserFactory()
    verdict = bout_decide(bout=bout, user=gm)
    assert verdict.crowd_call == Verdict.Call.DIVIDED and verdict.editor_act == "missio"
    assert verdict.decided_by == gm and verdict.appeal is None
    bout.refresh_from_db()
    assert bout.status == Bout.Status.DONE and bout.loser.is_alive
    with pytest.raises(BoutError, match="already decided"):
        bout_decide(bout=bout)


def test_the_editor_may_give_the_sword_to_a_hired_man_and_pays_his_price(cast, find_seed):
    seed = find_seed(cast.bout, loser_favor_in(3, 4))
    result = fight_bout(bout_setup(bout=cast.bout), seed=seed)
    loser = cast.bithys if str(result.loser) == "a" else cast.rufus
    opening_balance_chest(loser.owner)
    hire = hire_contract_create(show=cast.show, gladiator=loser, kind="single")
    purse = accounts.purse(cast.editor)
    before = account_balance(purse)
    bout = bout_fight(bout=cast.bout, seed=seed)
    verdict = bout_decide(bout=bout, editor_choice="sword")
    loser.refresh_from_db()
    assert verdict.loser_died and loser.status == Gladiator.Status.DEAD
    assert verdict.dignitas_change == (1 if result.winner_favor == 6 else 0)
    purse_paid = 2 * PURSE if result.winner_favor >= 5 else PURSE
    # The hire (4 purses) is refunded and the lanista's price (10 purses) charged instead.
    assert account_balance(purse) == before - purse_paid - 10 * PURSE + hire.price
    assert Transaction.objects.filter(bout=bout, cause=Transaction.Cause.SWORD).count() == 1


def opening_balance_chest(lanista):
    from economy.services.corrections import opening_balance

    opening_balance(account=accounts.chest(lanista), amount=20_000)


def test_release_is_granted_at_once(cast, find_seed):
    seed = find_seed(cast.bout, loser_favor_in(5, 6))
    bout = bout_fight(bout=cast.bout, seed=seed)
    bout.refresh_from_db()
    assert bout.status == Bout.Status.DONE
    assert bout.verdict.crowd_call == "release" and bout.verdict.editor_act == "missio"
    assert bout.verdict.dignitas_change >= 0


def test_refusing_release_costs_a_dignitas(cast, find_seed):
    seed = find_seed(cast.bout, loser_favor_in(5, 6))
    bout = bout_fight(bout=cast.bout, seed=seed, auto_decide=False)
    assert bout.status == Bout.Status.AWAITING_VERDICT
    before = editor_dignitas(cast.editor)
    verdict = bout_decide(bout=bout, editor_choice="sword")
    change = DignitasChange.objects.get(bout=bout, change=-1)
    assert change.reason == bouts.DEFIED_RELEASE and change.event.show == cast.show
    winner_favor = (
        bout.entry_a.standing if bout.winner == bout.entry_a.gladiator else bout.entry_b.standing
    )
    six = 1 if winner_favor == 6 else 0
    assert verdict.dignitas_change == -1 + six
    assert editor_dignitas(cast.editor) == before - 1 + six


def test_the_sword_when_the_appeal_fails(cast, find_seed):
    def fails(seed, result):
        return loser_favor_in(0, 2)(seed, result) and not appeal_succeeds(cast.bout, seed, result)

    seed = find_seed(cast.bout, fails)
    bout = bout_fight(bout=cast.bout, seed=seed)
    bout.refresh_from_db()
    verdict = bout.verdict
    assert verdict.crowd_call == "sword" and verdict.editor_act == "sword"
    assert verdict.appeal_success is False and verdict.appeal["check"] == "Hard Charm"
    assert (
        verdict.appeal["pool"]
        == fighter_sheet(bout.loser).appeal_pool.with_difficulty("hard").describe()
    )
    assert verdict.loser_died and bout.loser.status == Gladiator.Status.DEAD
    assert not DignitasChange.objects.filter(bout=bout, change=-1).exists()


def test_a_successful_appeal_wins_missio_at_no_cost_to_the_editor(cast, find_seed):
    def succeeds(seed, result):
        return loser_favor_in(0, 2)(seed, result) and appeal_succeeds(cast.bout, seed, result)

    seed = find_seed(cast.bout, succeeds)
    bout = bout_fight(bout=cast.bout, seed=seed)
    bout.refresh_from_db()
    assert bout.verdict.editor_act == "missio" and bout.verdict.appeal_success is True
    assert bout.loser.is_alive
    assert not DignitasChange.objects.filter(bout=bout, change=-1).exists()


def test_missio_against_the_sword_after_a_failed_appeal_costs_a_dignitas(cast, find_seed):
    def fails(seed, result):
        return loser_favor_in(0, 2)(seed, result) and not appeal_succeeds(cast.bout, seed, result)

    seed = find_seed(cast.bout, fails)
    bout = bout_fight(bout=cast.bout, seed=seed, auto_decide=False)
    verdict = bout_decide(bout=bout, editor_choice="missio")
    assert verdict.editor_act == "missio" and not verdict.loser_died
    change = DignitasChange.objects.get(bout=bout, change=-1)
    assert change.reason == bouts.DEFIED_SWORD


def test_a_winner_at_six_earns_the_editor_one_dignitas_once_a_session(cast, find_seed):
    """Once a session: a session is a campaign day, so a second show of his on the same day
    earns nothing more, and the next day's games earn again."""
    at_six = lambda seed, result: result.winner is not None and result.winner_favor == 6  # noqa: E731
    seed = find_seed(cast.bout, at_six)
    bout_fight(bout=cast.bout, seed=seed)
    bout_decide_if_waiting(cast.bout)
    second = factories.BoutFactory(show=cast.show, order=2)
    bout_fight(bout=second, seed=find_seed(second, at_six))
    bout_decide_if_waiting(second)
    gains = DignitasChange.objects.filter(editor=cast.editor, change=1)
    assert gains.count() == 1 and gains.get().reason == bouts.WINNER_AT_SIX
    same_day = factories.ShowFactory(campaign=cast.campaign, editor=cast.editor, day=3)
    third = factories.BoutFactory(show=same_day)
    bout_fight(bout=third, seed=find_seed(third, at_six))
    bout_decide_if_waiting(third)
    assert DignitasChange.objects.filter(editor=cast.editor, change=1).count() == 1
    Campaign.objects.filter(pk=cast.campaign.pk).update(day=4)
    next_day = factories.ShowFactory(campaign=cast.campaign, editor=cast.editor, day=4)
    fourth = factories.BoutFactory(show=next_day)
    bout_fight(bout=fourth, seed=find_seed(fourth, at_six))
    bout_decide_if_waiting(fourth)
    gains = DignitasChange.objects.filter(editor=cast.editor, change=1)
    assert list(gains.values_list("day", flat=True).order_by("day")) == [3, 4]


def test_a_winner_at_five_earns_the_editor_nothing(cast, find_seed):
    at_five = lambda seed, result: result.winner is not None and result.winner_favor == 5  # noqa: E731
    bout = bout_fight(bout=cast.bout, seed=find_seed(cast.bout, at_five))
    bout_decide_if_waiting(bout)
    bout.refresh_from_db()
    assert bout.winning_entry.standing == 5
    assert not DignitasChange.objects.filter(editor=cast.editor, change__gt=0).exists()


def bout_decide_if_waiting(bout):
    bout.refresh_from_db()
    if bout.status == Bout.Status.AWAITING_VERDICT:
        bout_decide(bout=bout)


def test_bithys_wins_the_forum_munus_at_six_and_has_four_purses(cast, find_seed):
    from economy.services.corrections import opening_balance

    factories.PriorRecordFactory(gladiator=cast.bithys, city="Rome", wins=5, losses=1)
    peculium = accounts.peculium(cast.bithys)
    opening_balance(account=peculium, amount=2 * PURSE)
    seed = find_seed(
        cast.bout, lambda s, r: str(r.winner) == "a" and r.winner_favor == 6 and r.a.favor == 6
    )
    bout_fight(bout=cast.bout, seed=seed)
    bout_decide_if_waiting(cast.bout)
    assert account_balance(peculium) == 4 * PURSE
    purse = Transaction.objects.get(bout=cast.bout, cause=Transaction.Cause.PURSE)
    assert "palm" in purse.memo


def test_a_winner_below_five_takes_one_purse(cast, find_seed):
    seed = find_seed(cast.bout, lambda s, r: str(r.winner) == "a" and r.winner_favor < 5)
    bout_fight(bout=cast.bout, seed=seed)
    bout_decide_if_waiting(cast.bout)
    assert account_balance(accounts.peculium(cast.bithys)) == PURSE


def test_an_auctoratus_counts_down_his_contract(cast, find_seed):
    cast.rufus.legal_status = Gladiator.LegalStatus.AUCTORATUS
    cast.rufus.contract_bouts_left = 1
    cast.rufus.save()
    seed = find_seed(cast.bout, lambda s, r: str(r.winner) == "b")
    bout_fight(bout=cast.bout, seed=seed)
    bout_decide_if_waiting(cast.bout)
    cast.rufus.refresh_from_db()
    assert cast.rufus.contract_bouts_left == 0
    assert cast.rufus.status == Gladiator.Status.FREED


def test_a_volunteer_who_loses_and_lives_still_counts_a_bout_off_his_contract(cast, find_seed):
    """THE LUDUS: an auctoratus owes a number of bouts, won or lost; a loser spared by the
    editor has fought one of them."""
    cast.rufus.legal_status = Gladiator.LegalStatus.AUCTORATUS
    cast.rufus.contract_bouts_left = 3
    cast.rufus.save()
    spared = loser_favor_in(5, 6)  # the crowd shouts for his release: missio
    seed = find_seed(cast.bout, lambda s, r: str(r.winner) == "a" and spared(s, r))
    bout = bout_fight(bout=cast.bout, seed=seed)
    bout.refresh_from_db()
    assert bout.loser == cast.rufus and not bout.verdict.loser_died
    cast.rufus.refresh_from_db()
    assert cast.rufus.contract_bouts_left == 2 and cast.rufus.is_alive


# --- one atomic step ---------------------------------------------------------------------


def test_nothing_is_written_when_a_step_fails(cast, find_seed, monkeypatch):
    seed = find_seed(cast.bout, lambda s, r: loser_favor_in(5, 6)(s, r) and r.b.injuries)

    def broken_purse(**kwargs):
        raise RuntimeError("the purse is stolen")

    monkeypatch.setattr(bouts, "purse_pay", broken_purse)
    before = {
        "injuries": Injury.objects.count(),
        "changes": DignitasChange.objects.count(),
        "transactions": Transaction.objects.count(),
    }
    with pytest.raises(RuntimeError, match="stolen"):
        bout_fight(bout=cast.bout, seed=seed)
    cast.bout.refresh_from_db()
    cast.rufus.refresh_from_db()
    assert cast.bout.status == Bout.Status.PLANNED and cast.bout.seed is None
    assert cast.bout.log == [] and cast.bout.winner is None
    assert cast.rufus.wounds == 0 and cast.rufus.is_alive
    assert not Verdict.objects.exists()
    assert before == {
        "injuries": Injury.objects.count(),
        "changes": DignitasChange.objects.count(),
        "transactions": Transaction.objects.count(),
    }


def test_every_transaction_balances(cast, find_seed):
    seed = find_seed(cast.bout, lambda s, r: r.winner is not None)
    bout_fight(bout=cast.bout, seed=seed)
    bout_decide_if_waiting(cast.bout)
    for posted in Transaction.objects.all():
        assert posted.entries.aggregate(total=Sum("amount"))["total"] == 0
    for account in Account.objects.all():
        total = Entry.objects.filter(account=account).aggregate(t=Sum("amount"))["t"] or 0
        assert account_balance(account) == total


def test_the_bouts_book_is_settled_when_the_pair_separate(cast, find_seed):
    from arena.book.services import bet_place, book_open
    from economy.models import Bettor, Book
    from economy.services.corrections import opening_balance

    eros = Bettor.objects.create(campaign=cast.campaign, name="Eros")
    opening_balance(account=accounts.bettor_account(eros), amount=1_000)
    book = book_open(bout=cast.bout)
    bet_place(book=book, bettor=eros, side=cast.bithys.pk, stake=400)
    seed = find_seed(cast.bout, lambda s, r: str(r.winner) == "a" and 3 <= r.loser_favor <= 4)
    bout_fight(bout=cast.bout, seed=seed)
    book.refresh_from_db()
    cast.bout.refresh_from_db()
    assert cast.bout.status == Bout.Status.AWAITING_VERDICT  # settled before the decision
    assert book.status == Book.Status.SETTLED
    assert account_balance(accounts.bettor_account(eros)) == 1_000 - 400 + 700


def test_a_bout_begun_under_era_bout_1_is_fought_on_and_replayed_under_it(cast):
    """A bout stored under the old reading keeps it: fought round by round after the change,
    it ends exactly as the old engine fights it whole, and its page replays that."""
    from unittest import mock

    from arena.rulesets.era.adapter import bout_replay
    from rules.era import bout as era_bout

    setup = bout_setup(bout=cast.bout)

    def parted(seed: int) -> bool:  # a seed where the two readings fight different bouts
        old = era_bout.fight_bout(setup, seed=seed, engine_version="era-bout/1", record=False)
        new = era_bout.fight_bout(setup, seed=seed, engine_version="era-bout/2", record=False)
        return (old.winner, old.rounds, old.a.wounds) != (new.winner, new.rounds, new.a.wounds)

    seed = next(seed for seed in range(5_000) if parted(seed))
    with mock.patch.object(era_bout, "ENGINE_VERSION", "era-bout/1"):
        bout = bout_fight(bout=cast.bout, seed=seed, rounds=1, auto_decide=False)
    assert bout.engine_version == "era-bout/1" and bout.setup["engine_version"] == "era-bout/1"
    bout = bout_fight(bout=bout, auto_decide=False)
    old = era_bout.fight_bout(setup, seed=seed, engine_version="era-bout/1")
    assert bout.engine_version == "era-bout/1"
    assert bout.log == [event.as_dict() for event in old.events]
    assert bout_replay(bout).events == old.events
