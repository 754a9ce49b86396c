"""Issue 10, the proof: a hypothesis state machine plays random sequences of a campaign's
operations through the real services (and, for a sample of steps, through the pages as the
shared cast's users) and checks the campaign's invariants after every step.

The operations: plan a show, put a pair on a card, take a pair off, replace a man, hire, buy
(any kind, fitting the man or not), sell, sign a volunteer, manumit, fight rounds (or to the
end), the editor's decision, hold a show, plan a race, put a driver in its field, run a leg,
open a book and bet, the medicus, end the day, fund an account (the GM's funding), kill a man
mid-card (an untreated Bleeding Out, then the end of the day). A refusal (`ludus.errors.Refusal`,
the family of every message a page shows) is a fine answer; a wrong state is not, nor any other
exception.

After every step (`@invariant`):
- every transaction has two legs or more and sums to zero; every balance the ledger's readers
  give (one account, many, the balances page's annotation) is the sum of its entries;
- no chest, peculium, purse, bettor's purse or book holds less than nothing;
- no dead, freed or incapacitated man (Wounds at his Wound Points) is in a round or a leg
  fought after he was so; no dead man is paid a purse or a prize;
- no man is in two unfinished bouts or races; a dead or freed man is on no open card or field,
  and a man who changed hands left the open cards he was on;
- a man's legal status changes only as the seed lets it (a slave freed, a free man signing);
  a man who exists is bought at his lanista's price (the market's if he has no school);
- the campaign's day never goes back;
- a player's ledger (the listing and the CSV, read through `economy.selectors.visibility`)
  holds no leg of another person's account of a private transaction; the pages' sample reads
  the ledger page and its CSV as each player and checks the same.

The pages' sample posts forms as the GM, the owner, the other player and the outsider: never a
500, the outsider always 404 with nothing written, and a form sent twice writes once.

Deterministic: hypothesis is derandomized with no example database, every engine roll takes a
drawn seed, and `rules.core.seeds.new_seed` (the pages' seeds) draws from a seeded generator.
`LUDUS_STATEFUL_EXAMPLES` (default 25) sets the number of sequences and `LUDUS_STATEFUL_STEPS`
(default 30) their length; `pytest -m stateful` runs this test alone, e.g.
`LUDUS_STATEFUL_EXAMPLES=400 LUDUS_STATEFUL_STEPS=60 pytest -m stateful` for a heavy run.
"""

from __future__ import annotations

import contextlib
import csv
import dataclasses
import html
import io
import os
import random
import re
from dataclasses import dataclass
from unittest import mock

import pytest
from django.db import transaction
from django.db.models import Count, Q, Sum
from django.urls import reverse
from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    rule,
    run_state_machine_as_test,
)

from arena.book.services import bet_place, book_open
from arena.models import Bout, BoutEntry, Race, RaceEntry, Show, Venue
from arena.rulesets import plugin_for
from arena.rulesets.era.circus.services import race_entry_add, race_plan, race_run
from arena.selectors.pages import pending_choice
from arena.services.bouts import bout_decide, bout_fight
from arena.services.shows import bout_add, bout_remove, bout_replace, show_hold, show_plan
from economy import accounts
from economy.ledger import balances
from economy.models import Account, Book, Entry, Transaction
from economy.selectors.ledger import balances_by_party
from economy.selectors.visibility import visible_entries
from economy.services.betting import book_sides
from economy.services.corrections import account_fund, opening_balance
from economy.services.freedom import manumission
from economy.services.hire import hire_contract_create
from economy.services.trade import gladiator_purchase, gladiator_sell, volunteer_sign
from ludus.access import Access
from ludus.errors import Refusal
from ludus.models import Campaign, Editor, Gladiator, Injury, Lanista, Membership
from ludus.selectors.people import gladiator_figures
from ludus.services.recovery import campaign_advance_day, medicus_treat
from rules.core import seeds
from tests import factories
from tests.cast import Cast, build_cast

pytestmark = [pytest.mark.django_db, pytest.mark.stateful]

EXAMPLES = int(os.environ.get("LUDUS_STATEFUL_EXAMPLES", 25))
STEPS = int(os.environ.get("LUDUS_STATEFUL_STEPS", 30))

SEEDS = st.integers(min_value=0, max_value=2**62 - 1)
PURSE = 800
OPEN_BOUT = (Bout.Status.PLANNED, Bout.Status.FIGHTING)
UNFINISHED_BOUT = (*OPEN_BOUT, Bout.Status.AWAITING_VERDICT)
UNFINISHED_RACE = (Race.Status.PLANNED, Race.Status.RUNNING)
FIT_TO_FIGHT = (Gladiator.Status.ACTIVE, Gladiator.Status.RUDIARIUS)
HOUSE_KINDS = (Account.Kind.MARKET, Account.Kind.STATE, Account.Kind.BOOKMAKER, Account.Kind.BOOK)
NO_OVERDRAFT = (
    Account.Kind.CHEST,
    Account.Kind.PECULIUM,
    Account.Kind.PURSE,
    Account.Kind.BETTOR,
    Account.Kind.BOOK,
)
# The public costs of the games (docs/pages.md): every leg is read by every member.
PUBLIC_CAUSES = (
    Transaction.Cause.HIRE,
    Transaction.Cause.PURSE,
    Transaction.Cause.SWORD,
    Transaction.Cause.PRIZE,
    Transaction.Cause.GRANT,
)
# How a man's legal status may change (seed 001, THE LUDUS III): a slave buys his freedom, a
# free man signs on. Being bought, sold, fought or rested changes nothing of it.
LEGAL_MOVES = {
    (Gladiator.LegalStatus.SLAVE, Gladiator.LegalStatus.FREEDMAN),
    (Gladiator.LegalStatus.FREEDMAN, Gladiator.LegalStatus.AUCTORATUS),
}
CSV_TX, CSV_ACCOUNT = 0, 7  # columns of economy.selectors.ledger.CSV_HEADER
LEG = re.compile(r"<li><span>(.*?)</span>")


class _Dice:
    """`secrets` for rules.core.seeds while a sequence runs: seeds drawn from a seeded
    generator, so what the pages fight and run is the same on every run."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)

    def randbits(self, bits: int) -> int:
        return self.rng.getrandbits(bits)


@dataclass(frozen=True)
class Man:
    status: str
    legal: str
    owner: int | None
    wounds: int
    wound_points: int

    @property
    def incapacitated(self) -> bool:
        # The binding reading (design.md, era-bout/2): he drops when his Wounds reach them.
        return self.wounds >= self.wound_points


@dataclass(frozen=True)
class Snapshot:
    day: int
    men: dict[int, Man]
    bouts: dict[int, tuple[str, int, int, tuple[int, ...]]]  # status, rounds, log length, men
    races: dict[int, tuple[str, int, tuple[tuple[int, int | None], ...]]]
    busy: list[tuple[int, str, int]]  # (man, "bout" or "race", event): the unfinished ones
    last_transaction: int


_WOUND_POINTS: dict[tuple, int] = {}


def _wound_points(man: Gladiator, injuries: list[str]) -> int:
    """His Wound Points as the ruleset gives them (his sheet, kit and carried injuries)."""
    key = (man.campaign.ruleset, repr(man.sheet), man.armatura, tuple(sorted(injuries)))
    if key not in _WOUND_POINTS:
        _WOUND_POINTS[key] = gladiator_figures(man, injuries=injuries)["wound_points"]
    return _WOUND_POINTS[key]


def _snapshot(campaign: Campaign) -> Snapshot:
    bouts, races, busy = {}, {}, []
    entries = BoutEntry.objects.filter(bout__show__campaign=campaign).values_list(
        "bout_id", "bout__status", "bout__rounds", "gladiator_id"
    )
    logs = dict(
        Bout.objects.filter(show__campaign=campaign).values_list("pk", "log")
    )  # the log's length tells a step that fought without finishing a round
    for bout, status, rounds, man in entries.order_by("bout_id", "side"):
        fighters = bouts.get(bout, (status, rounds, len(logs[bout] or []), ()))[3]
        if man is not None:
            fighters += (man,)
            if status in UNFINISHED_BOUT:
                busy.append((man, "bout", bout))
        bouts[bout] = (status, rounds, len(logs[bout] or []), fighters)
    drivers = RaceEntry.objects.filter(race__show__campaign=campaign).values_list(
        "race_id", "race__status", "race__legs_run", "driver_id", "wrecked_on_leg"
    )
    for race, status, legs, man, wrecked in drivers.order_by("race_id", "lane"):
        field = races.get(race, (status, legs, ()))[2] + ((man, wrecked),)
        races[race] = (status, legs, field)
        if status in UNFINISHED_RACE:
            busy.append((man, "race", race))
    for race, status, legs in Race.objects.filter(show__campaign=campaign).values_list(
        "pk", "status", "legs_run"
    ):
        races.setdefault(race, (status, legs, ()))
    # Only a man on an unfinished bout or race can fight or drive in the next step, so only
    # his Wound Points (which his injuries set) are worked out.
    on_cards = {man for man, _, _ in busy}
    carried: dict[int, list[str]] = {}
    for man, name in Injury.objects.filter(
        gladiator__in=on_cards, healed_on__isnull=True
    ).values_list("gladiator_id", "name"):
        carried.setdefault(man, []).append(name)
    men = {}
    for man in Gladiator.objects.filter(campaign=campaign).select_related("campaign"):
        points = _wound_points(man, carried.get(man.pk, [])) if man.pk in on_cards else 10**6
        men[man.pk] = Man(man.status, man.legal_status, man.owner_id, man.wounds, points)
    last = Transaction.objects.filter(campaign=campaign).order_by("-pk").first()
    return Snapshot(
        day=Campaign.objects.get(pk=campaign.pk).day,
        men=men,
        bouts=bouts,
        races=races,
        busy=busy,
        last_transaction=last.pk if last else 0,
    )


def _forbidden_accounts(campaign: Campaign, users) -> dict[int, dict[int, set[str]]]:
    """For each player, and each transaction, the names of the accounts whose legs he may
    not read: another person's account in a private transaction. Worked out from the rows
    (docs/architecture.md, "A player reads only what is his"), not through the selectors."""
    forbidden: dict[int, dict[int, set[str]]] = {user.pk: {} for user in users}
    rows = Entry.objects.filter(account__campaign=campaign).values_list(
        "transaction_id",
        "account__kind",
        "account__name",
        "account__lanista__player_id",
        "account__gladiator__owner__player_id",
        "account__editor__player_id",
        "account__bettor__player_id",
        "transaction__event_type_id",
        "transaction__cause",
        "transaction__reverses__event_type_id",
        "transaction__reverses__cause",
    )
    for tx, kind, name, *players, event, cause, undone_event, undone_cause in rows:
        if kind in HOUSE_KINDS:
            continue
        public = event is not None and cause in PUBLIC_CAUSES
        public = public or (undone_event is not None and undone_cause in PUBLIC_CAUSES)
        if public:
            continue
        for user in users:
            if user.pk not in players:
                forbidden[user.pk].setdefault(tx, set()).add(name)
    return forbidden


def _check_csv_rows(rows: list[list], forbidden: dict[int, set[str]], who: str) -> None:
    for row in rows:
        names = forbidden.get(int(row[CSV_TX]), set())
        assert row[CSV_ACCOUNT].lstrip("'") not in names, (
            f"{who} reads the leg of {row[CSV_ACCOUNT]} in transaction {row[CSV_TX]}"
        )


def build_world() -> Cast:
    """The shared cast, and more of it: a second rival man, a condemned man and a freedman on
    the market, two drivers, the GM's editor, two bettors (one for each player), and two cards
    and a field already made, each with a book both bettors have backed, so that the first
    steps already fight, run, settle and void."""
    cast = build_cast()
    campaign = cast.campaign
    factories.GladiatorFactory(
        campaign=campaign, owner=cast.rival, name="Tigris", armatura="samnite", melee=3
    )
    factories.GladiatorFactory(
        campaign=campaign,
        owner=None,
        name="Latro",
        legal_status=Gladiator.LegalStatus.CONDEMNED,
        price_purses=1,
    )
    factories.GladiatorFactory(
        campaign=campaign,
        owner=None,
        name="Priscus",
        legal_status=Gladiator.LegalStatus.FREEDMAN,
        status=Gladiator.Status.FREED,
    )
    for name, owner in (("Scorpus", cast.school), ("Diocles", cast.rival)):
        factories.GladiatorFactory(
            campaign=campaign, owner=owner, name=name, is_charioteer=True, faction="Reds"
        )
    gaius = factories.EditorFactory(campaign=campaign, name="Gaius")  # the GM's editor
    opening_balance(account=accounts.purse(gaius), amount=40_000)
    for name, player in (("Eros", cast.nerva), ("Plautus", cast.other)):
        bettor = factories.BettorFactory(campaign=campaign, name=name, player=player)
        opening_balance(account=accounts.bettor_account(bettor), amount=5_000)
    circus = factories.ShowFactory(
        campaign=campaign,
        editor=gaius,
        name="Ludi Romani",
        kind=Show.Kind.LUDI,
        venue=Venue.CIRCUS_MAXIMUS,
        day=6,
    )
    tigris = Gladiator.objects.get(campaign=campaign, name="Tigris")
    pompeii = factories.ShowFactory(
        campaign=campaign, editor=gaius, name="Games at Pompeii", venue=Venue.POMPEII, day=4
    )
    forum = bout_add(show=cast.show, fighter_a=cast.crixus, fighter_b=cast.spartacus)
    games = bout_add(show=pompeii, fighter_a=cast.bithys, fighter_b=tigris)
    race = race_plan(show=circus, name="The quadrigae", prize_purses=1)
    for name in ("Scorpus", "Diocles"):
        driver = Gladiator.objects.get(campaign=campaign, name=name)
        race_entry_add(race=race, gladiator=driver, faction="Reds")
    for event in (forum, games, race):
        book = book_open(race=event, source=Book.Source.ENGINE) if event is race else None
        book = book or book_open(bout=event)
        sides = [side.id for side in book_sides(book)]
        for n, bettor in enumerate(campaign.bettors.order_by("pk")):
            bet_place(book=book, bettor=bettor, side=sides[n % len(sides)], stake=300)
    return cast


class CampaignMachine(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self._atomic = transaction.atomic()
        self._atomic.__enter__()
        self._dice = mock.patch.object(seeds, "secrets", _Dice(0))
        self._dice.start()
        # The world is built once per test (`world`); each sequence runs in a savepoint of it
        # and is rolled back at its end.
        self.cast: Cast = self.world
        self.campaign = Campaign.objects.get(pk=self.cast.campaign.pk)
        self.names = 0
        self.before = _snapshot(self.campaign)
        self.highest_day = self.before.day
        self.privacy_read = None

    def teardown(self):
        self._dice.stop()
        transaction.set_rollback(True)
        self._atomic.__exit__(None, None, None)

    world: Cast  # set by the test: the shared cast, and more of it (`build_world`)

    # --- reading the campaign ------------------------------------------------------------

    def _men(self, *statuses):
        men = Gladiator.objects.filter(campaign=self.campaign).order_by("pk")
        return list(men.filter(status__in=statuses) if statuses else men)

    def _pick(self, data, items, label):
        if not items:
            return None
        return data.draw(st.sampled_from(items), label=label)

    def _planned_shows(self):
        return list(Show.objects.filter(campaign=self.campaign, status="planned").order_by("pk"))

    def _bouts(self, *statuses):
        bouts = Bout.objects.filter(show__campaign=self.campaign, status__in=statuses)
        return list(bouts.order_by("pk"))

    def _races(self, *statuses):
        races = Race.objects.filter(show__campaign=self.campaign, status__in=statuses)
        return list(races.order_by("pk"))

    def _lanistae(self):
        return list(Lanista.objects.filter(campaign=self.campaign).order_by("pk"))

    def _editors(self):
        return list(Editor.objects.filter(campaign=self.campaign).order_by("pk"))

    def _name(self, prefix: str) -> str:
        self.names += 1
        return f"{prefix} {self.names}"

    def _refresh(self) -> None:
        self.campaign.refresh_from_db()

    # --- the rules: shows and cards ------------------------------------------------------

    @rule(data=st.data(), days=st.integers(0, 3), kind=st.sampled_from(["munus", "ludi"]))
    def plan_show(self, data, days, kind):
        self._refresh()
        editor = self._pick(data, self._editors(), "editor")
        with contextlib.suppress(Refusal):
            show_plan(
                campaign=self.campaign,
                name=self._name("Games"),
                editor=editor,
                kind=kind,
                day=self.campaign.day + days,
            )

    @rule(data=st.data())
    def add_pair(self, data):
        show = self._pick(data, self._planned_shows(), "show")
        men = self._men()
        if show is None or len(men) < 2:
            return
        a = self._pick(data, men, "fighter_a")
        b = self._pick(data, men, "fighter_b")
        consent = data.draw(st.booleans(), label="consent")
        with contextlib.suppress(Refusal):
            bout_add(show=show, fighter_a=a, fighter_b=b, consent_a=consent, consent_b=consent)

    @rule(data=st.data())
    def remove_pair(self, data):
        bout = self._pick(data, self._bouts(*UNFINISHED_BOUT), "bout")
        if bout is None:
            return
        with contextlib.suppress(Refusal):
            bout_remove(bout=bout)

    @rule(data=st.data(), side=st.sampled_from(["a", "b"]))
    def replace_man(self, data, side):
        bout = self._pick(data, self._bouts(Bout.Status.PLANNED), "bout")
        man = self._pick(data, self._men(), "man")
        if bout is None:
            return
        with contextlib.suppress(Refusal):
            bout_replace(bout=bout, side=side, gladiator=man)

    @rule(data=st.data(), kind=st.sampled_from(["team", "single"]))
    def hire(self, data, kind):
        show = self._pick(data, self._planned_shows(), "show")
        man = self._pick(data, self._men(), "man")
        if show is None:
            return
        with contextlib.suppress(Refusal):
            hire_contract_create(show=show, gladiator=man, kind=kind)

    # --- the rules: the market -----------------------------------------------------------

    @rule(data=st.data(), kind=st.sampled_from(["seasoned", "recruit", "condemned"]))
    def buy(self, data, kind):
        buyer = self._pick(data, self._lanistae(), "buyer")
        new = data.draw(st.booleans(), label="a new man")
        man = None if new else self._pick(data, self._men(), "man")
        if man is not None:
            expected = man.price_purses * PURSE
            if man.owner_id is None and man.legal_status == Gladiator.LegalStatus.CONDEMNED:
                expected = 500  # the market's price of a condemned man (docs/rules.md)
            legal, seller = man.legal_status, man.owner_id
        try:
            bought = gladiator_purchase(
                buyer=buyer,
                kind=kind,
                gladiator=man,
                recruit={"name": self._name("Recruit")} if new else None,
            )
        except Refusal:
            return
        if man is None:
            return
        # A man who exists is bought at his lanista's price; his legal status never changes.
        paid = Transaction.objects.filter(cause="purchase", gladiator=bought).order_by("-pk")[0]
        buyer_leg = paid.entries.get(account=accounts.chest(buyer))
        assert buyer_leg.amount == -expected, (
            f"{bought.name} (owner {seller}, {legal}) bought as {kind} for {-buyer_leg.amount}, "
            f"not his price {expected}"
        )
        assert bought.legal_status == legal, f"{bought.name} became {bought.legal_status}"

    @rule(data=st.data(), to_market=st.booleans())
    def sell(self, data, to_market):
        man = self._pick(data, self._men(), "man")
        buyer = None if to_market else self._pick(data, self._lanistae(), "buyer")
        with contextlib.suppress(Refusal):
            gladiator_sell(gladiator=man, buyer=buyer)

    @rule(data=st.data(), bouts=st.integers(1, 3), new=st.booleans())
    def sign(self, data, bouts, new):
        lanista = self._pick(data, self._lanistae(), "lanista")
        man = None if new else self._pick(data, self._men(), "man")
        volunteer = {"name": self._name("Volunteer")} if new else None
        with contextlib.suppress(Refusal):
            volunteer_sign(lanista=lanista, bouts=bouts, gladiator=man, volunteer=volunteer)

    @rule(data=st.data())
    def manumit(self, data):
        man = self._pick(data, self._men(), "man")
        with contextlib.suppress(Refusal):
            manumission(gladiator=man)

    @rule(data=st.data(), amount=st.sampled_from([1, 500, 4_000, 9_000]))
    def fund(self, data, amount):
        """The GM funds a purse, chest, peculium or bettor's purse (a funding transaction)."""
        account_list = list(
            Account.objects.filter(campaign=self.campaign)
            .exclude(kind__in=HOUSE_KINDS)
            .order_by("pk")
        )
        account = self._pick(data, account_list, "account")
        account_fund(
            account=account,
            amount=amount,
            reason="the table agreed",
            idempotency_key=self._name("fund"),
        )

    # --- the rules: the arena ------------------------------------------------------------

    @rule(
        data=st.data(),
        seed=SEEDS,
        rounds=st.sampled_from([1, 1, 2, None]),
        auto=st.booleans(),
    )
    def fight(self, data, seed, rounds, auto):
        bout = self._pick(data, self._bouts(*OPEN_BOUT), "bout")
        if bout is None:
            return
        decisions = []
        if pending_choice(bout) is not None:
            decisions = [plugin_for(self.campaign.ruleset).pending_default(bout)]
        with contextlib.suppress(Refusal):
            bout_fight(
                bout=bout,
                seed=seed if bout.seed is None else None,
                rounds=rounds,
                decisions=decisions,
                auto_decide=auto,
            )

    @rule(data=st.data(), choice=st.sampled_from([None, "missio", "sword"]))
    def decide(self, data, choice):
        bout = self._pick(data, self._bouts(Bout.Status.AWAITING_VERDICT), "bout")
        if bout is None:
            return
        with contextlib.suppress(Refusal):
            bout_decide(bout=bout, editor_choice=choice)

    @rule(data=st.data(), seed=SEEDS)
    def hold(self, data, seed):
        show = self._pick(data, self._planned_shows(), "show")
        if show is None:
            return
        with contextlib.suppress(Refusal):
            show_hold(show=show, seed=seed)

    # --- the rules: the Circus -----------------------------------------------------------

    @rule(data=st.data(), prize=st.integers(0, 2))
    def plan_race(self, data, prize):
        show = self._pick(data, self._planned_shows(), "show")
        if show is None:
            return
        with contextlib.suppress(Refusal):
            race_plan(show=show, name=self._name("Race"), prize_purses=prize)

    @rule(data=st.data(), faction=st.sampled_from(["Reds", "Whites", "Blues"]))
    def add_driver(self, data, faction):
        race = self._pick(data, self._races(Race.Status.PLANNED), "race")
        man = self._pick(data, self._men(), "driver")
        if race is None:
            return
        with contextlib.suppress(Refusal):
            race_entry_add(race=race, gladiator=man, faction=faction)

    @rule(data=st.data(), seed=SEEDS, to_end=st.booleans())
    def run_leg(self, data, seed, to_end):
        race = self._pick(data, self._races(*UNFINISHED_RACE), "race")
        if race is None:
            return
        with contextlib.suppress(Refusal):
            race_run(
                race=race,
                seed=seed if race.seed is None else None,
                legs=None if to_end else race.legs_run + 1,
            )

    # --- the rules: the book -------------------------------------------------------------

    @rule(data=st.data(), stake=st.sampled_from([100, 400, 1_000]))
    def bet(self, data, stake):
        events = self._bouts(Bout.Status.PLANNED) + self._races(Race.Status.PLANNED)
        event = self._pick(data, events, "event")
        if event is None:
            return
        book = event.books.first()
        with contextlib.suppress(Refusal):
            if book is None:
                if isinstance(event, Bout):
                    book = book_open(bout=event)
                else:
                    book = book_open(race=event, source=Book.Source.ENGINE)
            sides = [side.id for side in book_sides(book)]
            bettors = list(self.campaign.bettors.order_by("pk"))
            for bettor in data.draw(st.sampled_from([bettors[:1], bettors[1:], bettors])):
                side = data.draw(st.sampled_from(sides), label="side")
                bet_place(book=book, bettor=bettor, side=side, stake=stake)

    # --- the rules: life, death and the day ----------------------------------------------

    @rule(data=st.data(), seed=SEEDS, at_ludus=st.booleans())
    def treat(self, data, seed, at_ludus):
        injuries = list(
            Injury.objects.filter(gladiator__campaign=self.campaign, healed_on__isnull=True)
            .select_related("gladiator")
            .order_by("pk")
        )
        injury = self._pick(data, injuries, "injury")
        if injury is None:
            return
        with contextlib.suppress(Refusal):
            medicus_treat(injury=injury, seed=seed, at_ludus=at_ludus)

    @rule()
    def end_day(self):
        self._refresh()
        campaign_advance_day(campaign=self.campaign, day=self.campaign.day)

    @rule(data=st.data())
    def kill_mid_card(self, data):
        """A man on a card (or any living man) takes a Bleeding Out and is left untreated:
        he dies at the end of the day."""
        busy = Gladiator.objects.filter(
            Q(bout_entries__bout__status__in=UNFINISHED_BOUT)
            | Q(race_entries__race__status__in=UNFINISHED_RACE),
            campaign=self.campaign,
        ).exclude(status=Gladiator.Status.DEAD)
        men = list(busy.distinct().order_by("pk")) or self._men(*FIT_TO_FIGHT)
        man = self._pick(data, men, "man")
        if man is None:
            return
        self._refresh()
        factories.InjuryFactory(
            gladiator=man,
            name="Bleeding Out",
            table_roll=135,
            severity=Injury.Severity.DAUNTING,
            day_taken=self.campaign.day,
        )
        campaign_advance_day(campaign=self.campaign, day=self.campaign.day)

    # --- the pages' sample ---------------------------------------------------------------

    def _client(self, who: str):
        return self.cast.client_for(who)

    def _written(self) -> tuple:
        return (
            Transaction.objects.count(),
            Bout.objects.filter(status__in=UNFINISHED_BOUT).count(),
            sum(Bout.objects.values_list("rounds", flat=True)),
            sum(Race.objects.values_list("legs_run", flat=True)),
            Campaign.objects.get(pk=self.campaign.pk).day,
        )

    def _post(self, who: str, url: str, data: dict, *, twice: bool = False):
        """Post as `who`; never a 500; the outsider gets 404 and writes nothing."""
        before = self._written()
        response = self._client(who).post(url, data)
        assert response.status_code < 500, f"{who} POST {url} {data}: {response.status_code}"
        if who == "outsider":
            assert response.status_code == 404
            assert self._written() == before
        if twice:
            once = self._written()
            again = self._client(who).post(url, data)
            assert again.status_code < 500
            assert self._written() == once, f"{url} sent twice wrote twice"
        return response

    @rule(data=st.data(), who=st.sampled_from(["gm", "gm", "nerva", "other", "outsider"]))
    def via_pages(self, data, who):
        self._refresh()
        campaign = self.campaign.pk
        action = data.draw(
            st.sampled_from(["fight", "day", "leg", "fund", "buy", "bet", "sell"]), label="page"
        )
        twice = data.draw(st.booleans(), label="sent twice")
        self._dice.stop()
        self._dice = mock.patch.object(seeds, "secrets", _Dice(data.draw(SEEDS, label="dice")))
        self._dice.start()
        if action == "fight":
            bout = self._pick(data, self._bouts(*OPEN_BOUT), "bout")
            if bout is not None and pending_choice(bout) is None:
                url = reverse("arena:bout_fight", args=[campaign, bout.pk])
                self._post(who, url, {"at_round": bout.rounds}, twice=twice)
        elif action == "day":
            url = reverse("recovery_advance_day", args=[campaign])
            self._post(who, url, {"day": self.campaign.day}, twice=twice)
        elif action == "leg":
            race = self._pick(data, self._races(*UNFINISHED_RACE), "race")
            if race is not None:
                url = reverse("circus:race_run", args=[campaign, race.pk])
                self._post(who, url, {"to": "next", "leg": race.legs_run + 1}, twice=twice)
        elif action == "fund":
            account = self._pick(
                data, list(Account.objects.filter(campaign=self.campaign).order_by("pk")), "acct"
            )
            url = reverse("economy:ledger_fund", args=[campaign])
            form = {"key": self._name("k"), "account": account.pk, "amount": 800, "reason": "r"}
            self._post(who, url, form, twice=twice)
        elif action == "buy":
            buyer = self._pick(data, self._lanistae(), "buyer")
            man = self._pick(data, self._men(), "man")
            kind = data.draw(st.sampled_from(["seasoned", "recruit", "condemned"]), label="kind")
            url = reverse("economy:market_buy", args=[campaign])
            form = {"key": self._name("k"), "buyer": buyer.pk, "kind": kind, "gladiator": man.pk}
            self._post(who, url, form, twice=twice)
        elif action == "sell":
            man = self._pick(data, self._men(), "man")
            url = reverse("economy:market_sell", args=[campaign])
            self._post(who, url, {"key": self._name("k"), "gladiator": man.pk}, twice=twice)
        elif action == "bet":
            book = self._pick(
                data, list(Book.objects.filter(campaign=self.campaign).order_by("pk")), "book"
            )
            if book is not None:
                bettor = self._pick(data, list(self.campaign.bettors.order_by("pk")), "bettor")
                side = data.draw(st.sampled_from([s.id for s in book_sides(book)]), label="side")
                url = reverse("bets:bet_place", args=[campaign, book.pk])
                form = {"key": self._name("k"), "bettor": bettor.pk, "side": side, "stake": 200}
                self._post(who, url, form, twice=twice)
        self._read_ledger_pages(who)

    def _read_ledger_pages(self, who: str) -> None:
        """The ledger page and its CSV, as `who`: a player reads no other person's leg."""
        campaign = self.campaign.pk
        client = self._client(who)
        page = client.get(reverse("economy:ledger", args=[campaign]))
        download = client.get(reverse("economy:ledger_csv", args=[campaign]))
        if who == "outsider":
            assert page.status_code == download.status_code == 404
            return
        assert page.status_code == download.status_code == 200
        if who == "gm":
            return
        user = getattr(self.cast, who)
        forbidden = _forbidden_accounts(self.campaign, [user])[user.pk]
        text = page.content.decode()
        for pk, names in forbidden.items():
            if f'id="tx-{pk}"' not in text:
                continue
            row = text.split(f'id="tx-{pk}"')[1].split("</tr>")[0]
            legs = {html.unescape(name) for name in LEG.findall(row)}
            assert not legs & names, f"{who}'s ledger page shows {legs & names} in #{pk}"
        body = b"".join(download.streaming_content).decode()
        _check_csv_rows(list(csv.reader(io.StringIO(body)))[1:], forbidden, who)

    # --- the invariants ------------------------------------------------------------------

    @invariant()
    def the_campaign_holds(self):
        """Every invariant, after every step (one snapshot of the campaign shared by all)."""
        now = _snapshot(self.campaign)
        self.check_money()
        self.check_one_event_a_man(now)
        self.check_nobody_reads_anothers_legs(now)
        self.check_what_changed_in_the_step(now)
        self.before = now

    def check_money(self):
        campaign = self.campaign
        unbalanced = (
            Transaction.objects.filter(campaign=campaign)
            .annotate(total=Sum("entries__amount"), legs=Count("entries"))
            .filter(Q(legs__lt=2) | ~Q(total=0))
        )
        assert not unbalanced.exists(), f"unbalanced: {[(t.pk, t.memo) for t in unbalanced]}"
        truth: dict[int, int] = {}
        for account_id, amount in Entry.objects.filter(transaction__campaign=campaign).values_list(
            "account_id", "amount"
        ):
            truth[account_id] = truth.get(account_id, 0) + amount
        every = list(balances_by_party(campaign=campaign))
        many = balances(every)
        for account in every:
            expected = truth.get(account.pk, 0)
            assert account.balance == many[account.pk] == expected, account.name
            if account.kind in NO_OVERDRAFT:
                assert expected >= 0, f"{account.name} holds {expected}"

    def check_one_event_a_man(self, now: Snapshot):
        events: dict[int, set] = {}
        for man, kind, event in now.busy:
            events.setdefault(man, set()).add((kind, event))
        for man, held in events.items():
            assert len(held) <= 1, f"man {man} is in {len(held)} unfinished events: {held}"
        gone = (Gladiator.Status.DEAD, Gladiator.Status.FREED)
        for man, kind, event in now.busy:
            if now.men[man].status in gone:
                # A dead or freed man leaves every open card and field (a bout awaiting the
                # editor is fought out and stays).
                left = kind == "bout" and now.bouts[event][0] not in OPEN_BOUT
                assert left, f"man {man} ({now.men[man].status}) is still on {kind} {event}"

    def check_nobody_reads_anothers_legs(self, now: Snapshot):
        """The legs each player is given (`visible_entries`, the cut behind the ledger page
        and its CSV), read again whenever money moved or a man changed hands (his peculium's
        old legs follow him to his new owner's player)."""
        mark = (now.last_transaction, tuple((pk, m.owner) for pk, m in now.men.items()))
        if mark == self.privacy_read:
            return
        self.privacy_read = mark
        users = [self.cast.nerva, self.cast.other]
        forbidden = _forbidden_accounts(self.campaign, users)
        for user in users:
            membership = Membership.objects.get(campaign=self.campaign, user=user)
            access = Access(campaign=self.campaign, membership=membership)
            legs = visible_entries(access).values_list("transaction_id", "account__name")
            rows = [[tx, *[""] * (CSV_ACCOUNT - 1), name] for tx, name in legs]
            _check_csv_rows(rows, forbidden[user.pk], user.username)

    def check_what_changed_in_the_step(self, now: Snapshot):
        """Compare the campaign with what it was before the step."""
        before = self.before
        assert now.day >= before.day and now.day >= self.highest_day, "the day went back"
        self.highest_day = max(self.highest_day, now.day)
        for pk, (_status, rounds, log, fighters) in now.bouts.items():
            old = before.bouts.get(pk)
            if old is None or (rounds, log) == old[1:3]:
                continue
            # The bout was fought in this step: every man in it was fit before it.
            for man_pk in fighters:
                man = before.men[man_pk]
                assert man.status in FIT_TO_FIGHT, f"bout {pk}: man {man_pk} fought {man.status}"
                assert not man.incapacitated, (
                    f"bout {pk}: man {man_pk} fought with {man.wounds} Wounds of {man.wound_points}"
                )
        for pk, (_status, legs, field) in now.races.items():
            old = before.races.get(pk)
            if old is None or legs == old[1]:
                continue
            for leg in range(old[1] + 1, legs + 1):
                for driver, wrecked_on in field:
                    if wrecked_on is not None and wrecked_on < leg:
                        continue  # he wrecked before this leg: he did not drive it
                    man = before.men[driver]
                    assert man.status == Gladiator.Status.ACTIVE, (
                        f"race {pk} leg {leg}: driver {driver} drove {man.status}"
                    )
                    assert not man.incapacitated, (
                        f"race {pk} leg {leg}: driver {driver} drove with {man.wounds} Wounds "
                        f"of {man.wound_points}"
                    )
        for pk, man in now.men.items():
            old = before.men.get(pk)
            if old is None:
                continue
            if man.legal != old.legal:
                assert (old.legal, man.legal) in LEGAL_MOVES, (
                    f"man {pk}: legal status {old.legal} -> {man.legal}"
                )
            if man.owner != old.owner:
                for bout_pk, (status, _, _, fighters) in now.bouts.items():
                    was = before.bouts.get(bout_pk)
                    if pk in fighters and was and was[0] in OPEN_BOUT:
                        assert status not in OPEN_BOUT, f"man {pk} sold, bout {bout_pk} open"
        paid = Entry.objects.filter(
            transaction__campaign=self.campaign,
            transaction__pk__gt=before.last_transaction,
            transaction__cause__in=[Transaction.Cause.PURSE, Transaction.Cause.PRIZE],
            account__kind=Account.Kind.PECULIUM,
            amount__gt=0,
        )
        for man_pk in paid.values_list("account__gladiator_id", flat=True):
            old = before.men.get(man_pk)
            assert old is None or old.status != Gladiator.Status.DEAD, f"dead man {man_pk} paid"


NO_SHRINK = bool(os.environ.get("LUDUS_STATEFUL_NO_SHRINK"))
STATEFUL = settings(
    max_examples=EXAMPLES,
    stateful_step_count=STEPS,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
    print_blob=False,
    phases=[Phase.explicit, Phase.generate] if NO_SHRINK else list(Phase),
)


def test_the_campaign_holds_its_invariants_under_any_sequence(db):
    CampaignMachine.world = build_world()
    run_state_machine_as_test(CampaignMachine, settings=STATEFUL)


def test_a_day_gone_back_is_caught(db):
    """The step's comparison is not vacuous: a day that went back fails it."""
    CampaignMachine.world = build_world()
    machine = CampaignMachine()
    try:
        machine.before = dataclasses.replace(machine.before, day=machine.before.day + 1)
        with pytest.raises(AssertionError, match="the day went back"):
            machine.check_what_changed_in_the_step(_snapshot(machine.campaign))
    finally:
        machine.teardown()
