"""Running a chariot race through the campaign: legs, wrecks, the prize and the book."""

import pytest
from django.db.models import Sum

from arena.book import services as book_services
from arena.models import Race, RaceEntry
from arena.rulesets.era.adapter import race_drivers, race_setup
from arena.rulesets.era.circus import services as r
from economy import accounts
from economy.models import Book, Entry, Transaction
from economy.services import betting
from ludus.selectors.people import gladiator_figures
from rules.era import race as engine
from tests.arena.circus.cast import balance, engine_result, find_seed, make_race


def _entries(race):
    return list(race.entries.select_related("driver").order_by("lane", "pk"))


def _push_all(race, *names):
    for entry in race.entries.filter(driver__name__in=names):
        r.race_orders_set(entry=entry, push_legs=[True, True, True])


# --- inputs --------------------------------------------------------------------------------


def test_drivers_are_built_from_the_entries(race):
    _push_all(race, "Diocles")
    drivers = race_drivers(_entries(race))
    assert [(d.name, d.agility, d.operate) for d in drivers] == [
        ("Scorpus", 3, 3),
        ("Diocles", 3, 2),
        ("Crescens", 2, 2),
        ("Avilius", 2, 1),
    ]
    # Resistance is half Might rounded up: Might 3, 4, 3, 2 give 2, 2, 2, 1.
    assert [d.resistance for d in drivers] == [2, 2, 2, 1]
    assert [d.push for d in drivers][1] == (True, True, True)
    assert [d.push for d in drivers][0] == (False, False, False)


def test_peril_points_reach_the_engine(race):
    entry = race.entries.get(driver__name="Crescens")
    r.race_orders_set(entry=entry, peril_legs=[2])
    setup = race_setup(race, _entries(race))
    assert setup.peril == frozenset({(2, 1)})  # third stall, second leg (engine counts from 0)
    race = r.race_run(race=race, seed=7, legs=2)
    event = next(e for e in race.log["legs"][1]["events"] if e["driver"] == 2)
    assert "peril" in event["wreck_check"]


# --- a race run to the end ------------------------------------------------------------------


def test_a_race_run_to_the_end_writes_wrecks_and_the_prize(race):
    _push_all(race, "Scorpus", "Diocles", "Crescens", "Avilius")
    seed = find_seed(race, lambda res: res.wrecks and res.winner is not None)
    expected = engine_result(race, seed)
    entries = _entries(race)
    wounds_before = {e.driver.pk: e.driver.wounds for e in entries}
    editor_purse = accounts.purse(race.show.editor)

    race = r.race_run(race=race, seed=seed)

    assert race.status == Race.Status.DONE and race.legs_run == 3
    assert race.seed == seed and race.engine_version == engine.ENGINE_VERSION
    assert race.log["winner"] == expected.winner
    assert race.log["entries"] == [e.pk for e in entries]
    for index, entry in enumerate(_entries(race)):
        assert entry.distance == expected.distances[index]
        assert entry.won == (index == expected.winner)
        wreck = next((w for w in expected.wrecks if w.driver == index), None)
        if wreck:
            assert entry.wrecked_on_leg == wreck.leg + 1
            # One hit for damage 6 less Resistance (half Might, rounded up).
            hit = 6 - (entry.driver.sheet["might"] + 1) // 2
            assert wreck.wounds == hit
            assert entry.driver.wounds == wounds_before[entry.driver.pk] + hit
        else:
            assert entry.wrecked_on_leg is None
            assert entry.driver.wounds == wounds_before[entry.driver.pk]
    winner = entries[expected.winner].driver
    prize = Transaction.objects.get(race=race, cause=Transaction.Cause.PRIZE)
    assert prize.gladiator == winner and prize.event == race and prize.event.show == race.show
    assert balance(accounts.peculium(winner)) == 800
    assert balance(editor_purse) == 10_000 - 800


def test_the_prize_is_prize_purses_purses(campaign):
    race = make_race(campaign, prize_purses=3)
    race = r.race_run(race=race, seed=3)
    winner = race.entries.get(won=True).driver
    assert balance(accounts.peculium(winner)) == 2_400


def test_a_race_with_no_prize_pays_nothing(campaign):
    race = make_race(campaign, prize_purses=0, fund_editor=False)
    r.race_run(race=race, seed=3)
    assert not Transaction.objects.filter(cause=Transaction.Cause.PRIZE).exists()


def test_an_unfunded_prize_refuses_the_last_leg_and_nothing_changes(campaign):
    race = make_race(campaign, fund_editor=False)
    r.race_run(race=race, seed=5, legs=2)
    with pytest.raises(r.RaceError) as raised:
        r.race_run(race=race, legs=3)
    assert str(raised.value) == r.PRIZE_UNFUNDED.format(
        prize=800, editor=race.show.editor.name, balance=0
    )
    race.refresh_from_db()
    assert race.legs_run == 2 and race.status == Race.Status.RUNNING


# --- leg by leg -----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 11, 42, 2026])
def test_leg_by_leg_equals_a_full_run(campaign, seed):
    whole = make_race(campaign, name="Whole")
    legwise = make_race(campaign, name="Leg by leg")
    for race in (whole, legwise):
        _push_all(race, "Diocles", "Avilius")
    r.race_run(race=whole, seed=seed)
    r.race_run(race=legwise, seed=seed, legs=1)
    r.race_run(race=legwise, legs=2)
    r.race_run(race=legwise, legs=3)
    whole.refresh_from_db()
    legwise.refresh_from_db()
    strip = {"entries"}
    assert {k: v for k, v in whole.log.items() if k not in strip} == {
        k: v for k, v in legwise.log.items() if k not in strip
    }
    one = [(e.distance, e.wrecked_on_leg, e.won, e.driver.wounds) for e in _entries(whole)]
    two = [(e.distance, e.wrecked_on_leg, e.won, e.driver.wounds) for e in _entries(legwise)]
    assert one == two


def test_leg_by_leg_wounds_are_taken_once(campaign):
    race = make_race(campaign)
    _push_all(race, "Scorpus", "Diocles", "Crescens", "Avilius")
    seed = find_seed(race, lambda res: any(w.leg == 0 for w in res.wrecks))
    r.race_run(race=race, seed=seed, legs=1)
    wrecked = race.entries.get(wrecked_on_leg=1).driver
    after_leg_1 = wrecked.wounds
    assert after_leg_1 > 0
    r.race_run(race=race, legs=2)
    r.race_run(race=race, legs=3)
    wrecked.refresh_from_db()
    assert wrecked.wounds == after_leg_1


def test_orders_for_a_later_leg_may_change_between_legs(race):
    r.race_run(race=race, seed=9, legs=1)
    entry = race.entries.get(driver__name="Diocles")
    r.race_orders_set(entry=entry, push_legs=[False, True, True])
    race = r.race_run(race=race, legs=3)
    pushed = [e["pushed"] for leg in race.log["legs"] for e in leg["events"] if e["driver"] == 1]
    assert pushed[0] is False and all(pushed[1:])


def test_orders_for_a_leg_already_run_cannot_change(race):
    r.race_run(race=race, seed=9, legs=1)
    entry = race.entries.get(driver__name="Diocles")
    with pytest.raises(r.RaceError) as raised:
        r.race_orders_set(entry=entry, push_legs=[True, True, True])
    assert str(raised.value) == r.ORDERS_FOR_RUN_LEG.format(leg=1)
    with pytest.raises(r.RaceError) as raised:
        r.race_orders_set(entry=entry, peril_legs=[1])
    assert str(raised.value) == r.ORDERS_FOR_RUN_LEG.format(leg=1)


@pytest.mark.parametrize(
    ("push", "peril"),
    [([True, True], None), (["yes", False, False], None), (None, [0]), (None, [4])],
)
def test_bad_orders_are_refused(race, push, peril):
    entry = race.entries.first()
    with pytest.raises(r.RaceError):
        r.race_orders_set(entry=entry, push_legs=push, peril_legs=peril)


def test_the_seed_cannot_change_once_the_race_has_begun(race):
    r.race_run(race=race, seed=4, legs=1)
    with pytest.raises(r.RaceError) as raised:
        r.race_run(race=race, seed=5, legs=2)
    assert str(raised.value) == r.SEED_MISMATCH.format(stored=4, given=5)


def test_a_leg_already_run_cannot_be_run_again(race):
    r.race_run(race=race, seed=4, legs=2)
    with pytest.raises(r.RaceError) as raised:
        r.race_run(race=race, legs=2)
    assert str(raised.value) == r.LEG_ALREADY_RUN.format(legs=2, next=3)


def test_a_finished_race_cannot_be_run_again(race):
    r.race_run(race=race, seed=4)
    with pytest.raises(r.RaceError) as raised:
        r.race_run(race=race)
    assert str(raised.value) == r.RACE_OVER


@pytest.mark.parametrize("legs", [0, 4, True, "2"])
def test_legs_must_be_1_to_3(race, legs):
    with pytest.raises(r.RaceError) as raised:
        r.race_run(race=race, seed=1, legs=legs)
    assert str(raised.value) == r.BAD_LEGS.format(legs=legs)


def test_a_dead_driver_cannot_race(race):
    entry = race.entries.first()
    entry.driver.status = "dead"
    entry.driver.save()
    with pytest.raises(r.RaceError) as raised:
        r.race_run(race=race, seed=1)
    assert str(raised.value) == r.DRIVER_UNAVAILABLE.format(name=entry.driver.name, status="dead")


def test_a_race_without_drivers_is_refused(campaign):
    race = make_race(campaign, field=[])
    with pytest.raises(r.RaceError) as raised:
        r.race_run(race=race, seed=1)
    assert str(raised.value) == r.NO_DRIVERS.format(most=12, count=0)


def test_a_seedless_run_draws_and_keeps_a_seed(race):
    race = r.race_run(race=race, legs=1)
    assert race.seed is not None
    seed = race.seed
    race = r.race_run(race=race)
    assert race.seed == seed


# --- the book -------------------------------------------------------------------------------


def test_eros_stakes_200_on_the_reds_at_2_to_1_against_and_collects_600(race, eros):
    # The stands' line: every driver careful. The contender is 2 to 1 against.
    book = book_services.book_open(race=race, source=Book.Source.ENGINE)
    reds = race.entries.get(faction="Reds")
    assert betting.book_side(book, reds.pk).odds.label() == "2 to 1 against"
    prices = [betting.book_side(book, e.pk).odds.label() for e in _entries(race)]
    assert prices == ["6 to 5 against", "2 to 1 against", "8 to 1 against", "11 to 1 against"]
    bet = book_services.bet_place(book=book, bettor=eros, side=reds.pk, stake=200)
    assert bet.winnings == 400
    # He has heard the driver means to push at every turn; the others drive carefully.
    _push_all(race, "Diocles")
    seed = find_seed(race, lambda res: res.winner == 1)
    race = r.race_run(race=race, seed=seed)
    reds.refresh_from_db()
    assert reds.won
    book.refresh_from_db()
    assert book.status == Book.Status.SETTLED
    purse = accounts.bettor_account(eros)
    assert Entry.objects.get(transaction=book.settlement, account=purse).amount == 600
    assert balance(purse) == 1_400
    assert book.settlement.entries.aggregate(total=Sum("amount"))["total"] == 0
    assert book.settlement.event == race


def test_the_line_never_prices_the_drivers_secret_orders(race):
    """Pushing every leg he would win about 50 in 100 (BETS V), but his push orders are his
    owner's: the public line prices him as if he drove carefully, as the careful field is."""
    careful = book_services.race_engine_sides(race)[0]
    _push_all(race, "Diocles")
    book = book_services.book_open(race=race, source=Book.Source.ENGINE)
    reds = race.entries.get(faction="Reds")
    side = betting.book_side(book, reds.pk)
    assert side.chance == pytest.approx(next(s.chance for s in careful if s.id == reds.pk))
    assert side.chance < 0.45  # the pusher's 50 in 100 is not on the line


def test_a_race_book_from_the_table_is_refused(race):
    with pytest.raises(betting.BettingError) as raised:
        book_services.book_open(race=race, source=Book.Source.TABLE)
    assert str(raised.value) == book_services.NOT_FOR_RACES


def test_bets_close_when_the_first_leg_is_run(race, eros):
    book = book_services.book_open(race=race, source=Book.Source.ENGINE)
    r.race_run(race=race, seed=1, legs=1)
    with pytest.raises(betting.BettingError, match="has begun"):
        book_services.bet_place(book=book, bettor=eros, side=race.entries.first().pk, stake=100)


def test_when_every_driver_wrecks_there_is_no_prize_and_the_book_is_void(campaign, eros):
    race = make_race(campaign, field=[("Icarus", "Blues", 1, 0, 1)])
    entry = race.entries.get()
    r.race_orders_set(entry=entry, push_legs=[True, True, True], peril_legs=[1, 2, 3])
    book = book_services.book_open(race=race, source=Book.Source.ENGINE)
    book_services.bet_place(book=book, bettor=eros, side=entry.pk, stake=300)
    seed = find_seed(race, lambda res: res.winner is None)
    race = r.race_run(race=race, seed=seed)
    entry.refresh_from_db()
    assert entry.wrecked_on_leg is not None and not entry.won
    assert not Transaction.objects.filter(cause=Transaction.Cause.PRIZE).exists()
    book.refresh_from_db()
    assert book.status == Book.Status.VOID
    assert balance(accounts.bettor_account(eros)) == 1_000


def test_race_entry_ids_in_log_match_entries(race):
    race = r.race_run(race=race, seed=1)
    assert set(race.log["entries"]) == set(RaceEntry.objects.values_list("pk", flat=True))


# --- fitness at every leg (issue 10; found by tests/test_campaign_state.py) ------------------


def _wound_points(man) -> int:
    return gladiator_figures(man)["wound_points"]


def test_an_incapacitated_driver_cannot_drive_the_first_leg(race):
    """A man whose Wounds reach his Wound Points (a bout fought to his incapacity, say) is
    refused a leg, as a bout refuses him: nothing is run or written."""
    man = race.entries.order_by("lane").first().driver
    man.wounds = _wound_points(man)
    man.save()
    with pytest.raises(r.RaceError) as raised:
        r.race_run(race=race, seed=1, legs=1)
    assert str(raised.value) == r.DRIVER_INCAPACITATED.format(
        name=man.name, wounds=man.wounds, wound_points=man.wounds
    )
    race.refresh_from_db()
    assert (race.legs_run, race.status, race.seed) == (0, Race.Status.PLANNED, None)


def test_one_wound_under_his_wound_points_he_drives(race):
    man = race.entries.order_by("lane").first().driver
    man.wounds = _wound_points(man) - 1
    man.save()
    r.race_run(race=race, seed=1, legs=1)
    race.refresh_from_db()
    assert race.legs_run == 1


def test_a_driver_incapacitated_between_legs_stops_the_next_leg(campaign):
    race = make_race(campaign)
    seed = find_seed(race, lambda res: not res.wrecks)
    r.race_run(race=race, seed=seed, legs=1)
    man = race.entries.order_by("lane").first().driver
    man.wounds = _wound_points(man)
    man.save()
    with pytest.raises(r.RaceError):
        r.race_run(race=race, legs=2)
    race.refresh_from_db()
    assert race.legs_run == 1


def test_a_wrecked_drivers_wounds_do_not_stop_the_race(campaign):
    """He drives no more legs once he has wrecked, so his Wounds hold nobody up."""
    race = make_race(campaign)
    _push_all(race, "Scorpus", "Diocles", "Crescens", "Avilius")
    seed = find_seed(race, lambda res: any(w.leg == 0 for w in res.wrecks) and res.winner)
    r.race_run(race=race, seed=seed, legs=1)
    wrecked = race.entries.filter(wrecked_on_leg=1).first().driver
    wrecked.wounds = _wound_points(wrecked)
    wrecked.save()
    r.race_run(race=race, legs=3)
    race.refresh_from_db()
    assert race.status == Race.Status.DONE


def test_a_book_on_a_race_with_no_driver_is_refused(campaign):
    """The engine has no odds for a field of none: a refusal naming the race, not a
    RulesError (a 500 from the book's page)."""
    race = make_race(campaign, field=[])
    with pytest.raises(betting.BettingError) as raised:
        book_services.book_open(race=race, source=Book.Source.ENGINE)
    assert str(raised.value) == book_services.NO_FIELD.format(event=f"The race {race}")
    assert not Book.objects.exists()
