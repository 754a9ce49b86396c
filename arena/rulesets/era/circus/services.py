"""A chariot race, from the campaign to the race engine and back (seed 001, THE CHARIOT RACE).

`race_orders_set` records a driver's push orders and the GM's Peril Points for legs not yet
run. `race_run` runs the race leg by leg or to the end from its seed: it stores the engine's
log, the legs run, each driver's distance, wrecks (a wreck's hit goes onto the driver's
Wounds), the winner; then pays the winner's prize from the show's editor's purse into the
driver's peculium and settles the race's book. Each call is one atomic step.

The race is replayed from the start on every call (the engine replays the same opening legs
from the same seed), with the inputs the race was begun with: a leg once run never changes.
Legs are numbered from 1 in the database and on pages, from 0 in the engine.
"""

from __future__ import annotations

import json

from django.db import transaction

from arena.book.services import race_book_close
from arena.models import Race, RaceEntry, Show
from arena.rulesets import plugin_for
from arena.rulesets.era.adapter import _entries, _push, incapacitated, race_setup
from arena.rulesets.era.adapter import race_engine as engine
from arena.services.calendar import show_follow, show_to_its_day
from arena.services.cards import check_free_for_event
from economy.accounts import peculium, purse
from economy.ledger import LedgerError, Leg, account_balance, transaction_post
from economy.models import SESTERCES_PER_PURSE, Entry, Transaction
from ludus.errors import AlreadyDone, Refusal
from ludus.models import Gladiator
from ludus.selectors.people import gladiator_figures
from ludus.services.once import once_per_key
from rules.core.errors import RulesError
from rules.core.seeds import new_seed

RACE_OVER = "This race is over; it cannot be run again."
LEG_ALREADY_RUN = "{legs} of 3 legs have been run; run at least leg {next}."
BAD_LEGS = "Run the race to a leg from 1 to 3; got {legs!r}."
SEED_MISMATCH = "This race is being run with seed {stored}; it cannot change to {given}."
ENGINE_CHANGED = (
    "This race was begun with engine {stored} and this server runs {current}; "
    "it cannot be replayed."
)
NO_DRIVERS = "A race needs 1 to {most} drivers; this one has {count}."
DRIVER_UNAVAILABLE = "{name} is {status} and cannot drive."
DRIVER_INCAPACITATED = (
    "{name} carries {wounds} Wounds against his {wound_points} Wound Points: he is "
    "incapacitated and cannot drive until rest brings him back under."
)
WRONG_RULESET = "This campaign uses the {ruleset} rules; only Era races are run here."
ENGINE_REFUSED = "The engine refused: {error}"
PRIZE_UNFUNDED = (
    "The prize is {prize:,} sesterces and {editor}'s purse holds {balance:,}; "
    "fund the purse before the last leg."
)
ORDERS_FOR_RUN_LEG = "Leg {leg} has been run; its orders can no longer change."
BAD_PUSH = "Push orders are three yes/no answers, one per leg; got {push!r}."
BAD_PERIL = "Peril Points are spent on legs 1 to 3; got {peril!r}."
REPLAY_DIFFERS = "Replaying the race from its seed did not give the legs already run."
LEG_DONE = "Already done: leg {leg} has been run; {legs} of 3 legs are run."
LEG_NOT_YET = "Leg {leg} is not next: {legs} of 3 legs are run."
FIELD_MOVED_IN_ADVANCE = (
    "Moving the calendar to day {day} for {show}, the field of this race changed ({names} left "
    "it in the nights between): nothing was run and the calendar stands. Advance to day {day} "
    "on the Recovery page first, then run the race."
)


class RaceError(Refusal):
    """A race the rules refuse; the message is shown to the GM as it is."""


# --- inputs ------------------------------------------------------------------------------


# --- orders ------------------------------------------------------------------------------


@transaction.atomic
def race_orders_set(
    *,
    entry: RaceEntry,
    push_legs: list[bool] | None = None,
    peril_legs: list[int] | None = None,
) -> RaceEntry:
    """A driver's push orders (his or his lanista's) and the GM's Peril Points on him, for
    the legs not yet run. `peril_legs` are leg numbers 1 to 3."""
    entry = (
        RaceEntry.objects.select_for_update(of=("self",)).select_related("race").get(pk=entry.pk)
    )
    race = entry.race
    if race.status == Race.Status.DONE:
        raise RaceError(RACE_OVER)
    if push_legs is not None:
        if len(push_legs) != engine.LEGS or not all(isinstance(p, bool) for p in push_legs):
            raise RaceError(BAD_PUSH.format(push=push_legs))
        for leg in range(race.legs_run):
            if push_legs[leg] != _push(entry)[leg]:
                raise RaceError(ORDERS_FOR_RUN_LEG.format(leg=leg + 1))
        entry.push_legs = list(push_legs)
    if peril_legs is not None:
        legs = sorted(set(peril_legs))
        if not all(isinstance(leg, int) and 1 <= leg <= engine.LEGS for leg in legs):
            raise RaceError(BAD_PERIL.format(peril=peril_legs))
        before = set(entry.peril_legs or [])
        for leg in range(1, race.legs_run + 1):
            if (leg in before) != (leg in legs):
                raise RaceError(ORDERS_FOR_RUN_LEG.format(leg=leg))
        entry.peril_legs = legs
    entry.full_clean()
    entry.save(update_fields=["push_legs", "peril_legs"])
    return entry


# --- running -----------------------------------------------------------------------------


def _check_can_run(race: Race, entries: list[RaceEntry], target: int) -> None:
    campaign = race.show.campaign
    if not plugin_for(campaign.ruleset).has_races:
        raise RaceError(WRONG_RULESET.format(ruleset=campaign.get_ruleset_display()))
    if race.status in (Race.Status.DONE, Race.Status.VOID):
        raise RaceError(RACE_OVER)
    if target <= race.legs_run:
        raise RaceError(LEG_ALREADY_RUN.format(legs=race.legs_run, next=race.legs_run + 1))
    if not 1 <= len(entries) <= engine.MAX_DRIVERS:
        raise RaceError(NO_DRIVERS.format(most=engine.MAX_DRIVERS, count=len(entries)))
    if race.legs_run and race.engine_version and race.engine_version != engine.ENGINE_VERSION:
        raise RaceError(
            ENGINE_CHANGED.format(stored=race.engine_version, current=engine.ENGINE_VERSION)
        )
    # At every leg, not only the first: a dead or freed man drives no further, nor a man
    # whose Wounds reach his Wound Points (as in a bout). A driver who has wrecked drives no
    # more legs, so his wreck's Wounds stop nothing.
    for entry in entries:
        if entry.driver.status != Gladiator.Status.ACTIVE:
            raise RaceError(
                DRIVER_UNAVAILABLE.format(
                    name=entry.driver.name, status=entry.driver.get_status_display().lower()
                )
            )
        if entry.wrecked_on_leg is not None:
            continue
        wound_points = gladiator_figures(entry.driver)["wound_points"]
        if incapacitated(entry.driver.wounds, wound_points):
            raise RaceError(
                DRIVER_INCAPACITATED.format(
                    name=entry.driver.name, wounds=entry.driver.wounds, wound_points=wound_points
                )
            )


def _prize(race: Race) -> int:
    return race.prize_purses * SESTERCES_PER_PURSE


@transaction.atomic
def race_run(
    *,
    race: Race,
    seed: int | None = None,
    legs: int | None = None,
    leg: int | None = None,
    user=None,
) -> Race:
    """Run the race to leg `legs` (1 to 3; None: to the end) from its seed.

    `leg` is the next leg as the GM saw it (the form's hidden field): a repeated click or a
    stale tab, meant for a leg already run, is refused (AlreadyDone) and runs nothing.

    Running leg by leg gives the same race as running it at once with the same seed. When the
    last leg is run, the winner's prize (`prize_purses` purses) is paid from the show's editor's
    purse into his peculium, and the race's book is settled (or voided if every driver wrecked).
    """

    # Lock the race row: two GMs pressing "run" at once run one leg, not two.
    race = (
        Race.objects.select_for_update(of=("self",))
        .select_related("show__campaign", "show__editor")
        .get(pk=race.pk)
    )
    if leg is not None and leg != race.legs_run + 1:
        if leg <= race.legs_run:
            raise AlreadyDone(LEG_DONE.format(leg=leg, legs=race.legs_run))
        raise RaceError(LEG_NOT_YET.format(leg=leg, legs=race.legs_run))
    if race.status in (Race.Status.DONE, Race.Status.VOID):
        raise RaceError(RACE_OVER)
    if race.legs_run == 0 and race.show.day != race.show.campaign.day:
        race = _to_its_day(race, user)
    target = engine.LEGS if legs is None else legs
    if isinstance(target, bool) or not isinstance(target, int) or not 1 <= target <= engine.LEGS:
        raise RaceError(BAD_LEGS.format(legs=legs))
    entries = _entries(race)
    _check_can_run(race, entries, target)
    if race.seed is None:
        race.seed = new_seed() if seed is None else seed
    elif seed is not None and seed != race.seed:
        raise RaceError(SEED_MISMATCH.format(stored=race.seed, given=seed))
    try:
        setup = race_setup(race, entries)
        result = engine.run_race(setup, seed=race.seed, legs=target)
    except RulesError as error:
        raise RaceError(ENGINE_REFUSED.format(error=error)) from error
    if result.finished and result.winner is not None:
        _check_prize_funded(race)
    before = race.legs_run
    # As JSON, so the legs already stored compare like for like with the replay.
    log = json.loads(json.dumps({"entries": [entry.pk for entry in entries], **result.as_dict()}))
    if before and log["legs"][:before] != race.log["legs"][:before]:
        raise RaceError(REPLAY_DIFFERS)
    _record(race, entries, result, log, before)
    if result.finished:
        if result.winner is not None:
            _pay_prize(race, entries[result.winner].driver, user)
        race_book_close(race=race, user=user)
        show_follow(race.show_id)  # the card's last event done: the show is held
    return race


def _to_its_day(race: Race, user) -> Race:
    """Run on its show's day: the calendar moves there first (arena.services.calendar). A
    field the nights changed (a driver dead) is refused, so the GM sees it before the run."""
    field = {entry.pk: entry.driver.name for entry in _entries(race)}
    if show_to_its_day(show=race.show, user=user) is None:
        race.show.refresh_from_db(fields=["day"])
        return race
    race = (
        Race.objects.select_for_update(of=("self",))
        .select_related("show__campaign", "show__editor")
        .get(pk=race.pk)
    )
    kept = {entry.pk for entry in _entries(race)}
    if race.status != Race.Status.PLANNED or kept != set(field):
        gone = ", ".join(name for pk, name in field.items() if pk not in kept) or "a driver"
        raise RaceError(
            FIELD_MOVED_IN_ADVANCE.format(day=race.show.day, show=race.show, names=gone)
        )
    return race


def _record(race: Race, entries: list[RaceEntry], result, log: dict, before: int) -> None:
    race.log = log
    race.legs_run = result.legs_run
    race.engine_version = engine.ENGINE_VERSION
    race.status = Race.Status.DONE if result.finished else Race.Status.RUNNING
    race.full_clean()
    race.save()
    wrecks = {w.driver: w for w in result.wrecks}
    for index, entry in enumerate(entries):
        entry.distance = result.distances[index]
        entry.won = result.winner == index
        wreck = wrecks.get(index)
        entry.wrecked_on_leg = wreck.leg + 1 if wreck else None
        entry.full_clean()
        entry.save(update_fields=["distance", "won", "wrecked_on_leg"])
        if wreck is not None and wreck.leg >= before and wreck.wounds:
            # The wreck's hit (damage 6 less Resistance) is carried out of the Circus.
            man = Gladiator.objects.select_for_update().get(pk=entry.driver_id)
            man.wounds += wreck.wounds
            man.full_clean()
            man.save(update_fields=["wounds"])


def _check_prize_funded(race: Race) -> None:
    prize = _prize(race)
    if not prize:
        return
    editor = race.show.editor
    balance = account_balance(purse(editor))
    if balance < prize:
        raise RaceError(PRIZE_UNFUNDED.format(prize=prize, editor=editor.name, balance=balance))


def _pay_prize(race: Race, driver: Gladiator, user) -> Transaction | None:
    prize = _prize(race)
    if not prize:
        return None
    editor = race.show.editor
    try:
        return transaction_post(
            campaign=race.show.campaign,
            cause=Transaction.Cause.PRIZE,
            memo=f"{race}: the winner's prize to {driver.name}"[:200],
            legs=[Leg(purse(editor), -prize), Leg(peculium(driver), prize)],
            idempotency_key=f"race:{race.pk}:prize",
            event=race,
            gladiator=driver,
            created_by=user,
        )
    except LedgerError as error:
        raise RaceError(str(error)) from error


# --- planning: the race and its field ----------------------------------------------------

SHOW_NOT_PLANNED = "{show} has been held; plan races on a show still to come."
SHOW_OTHER_CAMPAIGN = "{show} belongs to another campaign."
NAME_EMPTY = "Give the race a name."
BAD_CHARIOT = "A race is for quadrigae or bigae; got {chariot!r}."
BAD_PRIZE = "The prize is 0 to {most} purses; got {prize!r}."
FIELD_CLOSED = "Leg {legs} of this race has been run; its field can no longer change."
DRIVER_OTHER_CAMPAIGN = "{name} belongs to another campaign."
DRIVER_ALREADY_ENTERED = "{name} already drives in this race."
FIELD_FULL = "The Circus has {most} stalls and this race fills them; no more drivers."
FACTION_EMPTY = "Name the faction he drives for (the Whites, the Reds, …)."
ENTRY_NOT_IN_RACE = "That driver is not in this race."
BOOK_HAS_BETS = (
    "The book on this race has taken {count} bet{plural}; its line was cried for this field, "
    "so the field can no longer change. Void the book first (every stake is returned)."
)
BOOK_WITHDRAWN = (
    "The book on this race had taken no bets and its line was for the old field: it is "
    "withdrawn. Open it again on the new field."
)
MOST_PRIZE_PURSES = 100
DEFAULT_FACTIONS = ("Whites", "Reds")


def race_chariot(race: Race) -> str:
    """The chariot the field drives: the field's (an older race's entries say), else the race's."""
    first = race.entries.order_by("lane", "pk").values_list("chariot", flat=True).first()
    return first or race.chariot


@once_per_key("race_plan")
@transaction.atomic
def race_plan(
    *,
    show,
    name: str,
    chariot: str = RaceEntry.Chariot.QUADRIGA,
    prize_purses: int = 1,
) -> Race:
    """A race on a show still to come, with no driver yet. The prize is paid in purses of
    800 HS from the show's editor's purse after the last leg."""

    show = Show.objects.select_for_update().select_related("campaign").get(pk=show.pk)
    if show.status != Show.Status.PLANNED:
        raise RaceError(SHOW_NOT_PLANNED.format(show=show.name))
    if not plugin_for(show.campaign.ruleset).has_races:
        raise RaceError(WRONG_RULESET.format(ruleset=show.campaign.get_ruleset_display()))
    name = (name or "").strip()
    if not name:
        raise RaceError(NAME_EMPTY)
    if chariot not in RaceEntry.Chariot.values:
        raise RaceError(BAD_CHARIOT.format(chariot=chariot))
    if (
        isinstance(prize_purses, bool)
        or not isinstance(prize_purses, int)
        or not 0 <= prize_purses <= MOST_PRIZE_PURSES
    ):
        raise RaceError(BAD_PRIZE.format(most=MOST_PRIZE_PURSES, prize=prize_purses))
    race = Race(show=show, name=name[:120], prize_purses=prize_purses, chariot=chariot)
    race.full_clean()
    race.save()
    return race


def _locked_race(race: Race) -> Race:
    race = (
        Race.objects.select_for_update(of=("self",))
        .select_related("show__campaign")
        .get(pk=race.pk)
    )
    if race.legs_run or race.status != Race.Status.PLANNED:
        raise RaceError(FIELD_CLOSED.format(legs=max(race.legs_run, 1)))
    return race


def book_holds_field(book) -> bool:
    """Whether the race's book has taken money (a bet, or any entry on its account), so its
    line binds the field: then the field is not offered for change (race_field_open)."""
    if book is None:
        return False
    return bool(
        book.bets.exists()
        or book.settlement_id
        or Entry.objects.filter(account=book.account).exists()
    )


def race_field_open(race: Race, book) -> bool:
    """Whether drivers may still be added or removed: no leg run, and no book holding it."""
    return race.legs_run == 0 and race.status == Race.Status.PLANNED and not book_holds_field(book)


def _book_allows_change(race: Race) -> str:
    """Refuse a change to the field once the race's book has taken a bet; withdraw a book
    that has taken none (its line was for the old field). Returns a note for the GM."""

    book = race.books.select_for_update().first()
    if book is None:
        return ""
    count = book.bets.count()
    if book_holds_field(book):
        raise RaceError(BOOK_HAS_BETS.format(count=count, plural="" if count == 1 else "s"))
    account = book.account
    book.delete()
    account.delete()
    return BOOK_WITHDRAWN


@transaction.atomic
def race_entry_add(
    *, race: Race, gladiator: Gladiator, faction: str, chariot: str | None = None
) -> tuple[RaceEntry, str]:
    """Put a man in the field, in the next free stall (1 to 12). Refused once a leg is run,
    for a man who is not in the ludus (dead, freed, holding the rudis), of another campaign,
    already in the field, in a full field, with no faction, or once the race's book has
    taken bets. Returns the entry and a note for the GM (a book withdrawn), or ""."""
    race = _locked_race(race)
    man = Gladiator.objects.select_for_update().get(pk=gladiator.pk)
    if man.campaign_id != race.show.campaign_id:
        raise RaceError(DRIVER_OTHER_CAMPAIGN.format(name=man.name))
    if man.status != Gladiator.Status.ACTIVE:
        raise RaceError(
            DRIVER_UNAVAILABLE.format(name=man.name, status=man.get_status_display().lower())
        )
    faction = (faction or "").strip()
    if not faction:
        raise RaceError(FACTION_EMPTY)
    entries = _entries(race)
    if any(entry.driver_id == man.pk for entry in entries):
        raise RaceError(DRIVER_ALREADY_ENTERED.format(name=man.name))
    check_free_for_event(man, race=race)
    if len(entries) >= engine.MAX_DRIVERS:
        raise RaceError(FIELD_FULL.format(most=engine.MAX_DRIVERS))
    chariot = chariot or race_chariot(race)
    if chariot not in RaceEntry.Chariot.values:
        raise RaceError(BAD_CHARIOT.format(chariot=chariot))
    note = _book_allows_change(race)
    taken = {entry.lane for entry in entries}
    lane = next(stall for stall in range(1, engine.MAX_DRIVERS + 1) if stall not in taken)
    entry = RaceEntry(race=race, driver=man, faction=faction[:30], chariot=chariot, lane=lane)
    entry.full_clean()
    entry.save()
    return entry, note


@transaction.atomic
def race_entry_remove(*, race: Race, entry: RaceEntry) -> str:
    """Take a driver out of the field before the first leg; his stall is free again. Refused
    once the race's book has taken bets. Returns a note for the GM (a book withdrawn), or ""."""
    race = _locked_race(race)
    entry = RaceEntry.objects.select_for_update().filter(pk=entry.pk, race=race).first()
    if entry is None:
        raise RaceError(ENTRY_NOT_IN_RACE)
    note = _book_allows_change(race)
    entry.delete()
    return note


# --- reads for the planning forms --------------------------------------------------------


def race_driver_choices(race: Race):
    """The campaign's men in the ludus not yet in this field: drivers first, then by name."""
    return (
        Gladiator.objects.filter(campaign_id=race.show.campaign_id, status=Gladiator.Status.ACTIVE)
        .exclude(race_entries__race=race)
        .order_by("-is_charioteer", "name")
    )


def campaign_factions(campaign) -> list[str]:
    """The factions already driven for in the campaign (and its drivers' own), with the
    Whites and the Reds, in that order then by name."""
    used = set(
        RaceEntry.objects.filter(race__show__campaign=campaign).values_list("faction", flat=True)
    )
    used |= set(
        Gladiator.objects.filter(campaign=campaign, is_charioteer=True)
        .exclude(faction="")
        .values_list("faction", flat=True)
    )
    rest = sorted(name for name in used if name and name not in DEFAULT_FACTIONS)
    return [*DEFAULT_FACTIONS, *rest]
