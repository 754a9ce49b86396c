"""A large campaign for measuring the pages (issue 14): `manage.py generate_campaign`.

Everything is written through the real services, as a GM at the table would: the campaign and
its schools, men, editors (desk.services.setup), the bettors' and editors' money
(economy.services.corrections), shows planned and carded (arena.services.shows), every man
hired (economy.services.hire), a book on every bout with bets laid on it (arena.book.services),
the show held (bouts fought by the engine, verdicts, purses, swords, books settled) and the
day ended (ludus.services.recovery: the men rest). Each show is one `transaction.atomic`
block, for speed; nothing is written past the services.

The same seed gives the same campaign: the names, the sheets, the cards, the stakes and every
bout's dice come from one `random.Random(seed)`.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.db import transaction
from django.db.models import Count, Q

from arena.book.services import bet_place, book_open
from arena.models import Bout, Show, Venue
from arena.services.shows import bout_add, show_hold, show_plan
from desk.demo import DEMO_PASSWORD
from desk.services.setup import campaign_create, editor_create, gladiator_create, lanista_create
from economy import accounts
from economy.ledger import account_balance
from economy.models import Bettor, Book, Entry
from economy.odds_lines import HEAVY_KITS
from economy.services.betting import BettingError
from economy.services.corrections import account_fund
from economy.services.hire import hire_contract_create
from ludus.errors import Refusal
from ludus.models import CLASSIC_ARMATURAE, Campaign, Gladiator
from ludus.services.recovery import campaign_advance_day

# The bounds of the command's options (each refused by name beyond them).
MAX_GLADIATORS = 20_000
MAX_SHOWS = 50_000
MAX_BOUTS = 500_000
MAX_CARD = 20  # pairs on one card
BETS_PER_BOUT = 3
MAX_CARRIED = 3  # unhealed injuries a man may carry onto a card here

# The messages name their option: "--bouts" for the command, "bouts" for the web form
# (`Plan.check(dash="")`); {d} is the dash.
TOO_FEW = "{d}{option}: at least {low:,}; got {value:,}."
TOO_MANY = "{d}{option}: at most {high:,}; got {value:,}."
BOUTS_FOR_SHOWS = (
    "{d}bouts: every show needs a bout, so at least {d}shows ({shows:,}); got {bouts:,}."
)
CARD_TOO_LONG = (
    "{d}bouts: at most {most} pairs a card, so at most {high:,} bouts for {shows:,} shows; "
    "got {bouts:,}."
)
MEN_FOR_CARD = (
    "{d}gladiators: a card of {pairs} pairs needs {need:,} men (each once), the card and the "
    "men resting; got {men:,}."
)

PREFIXES = ("Aul", "Cel", "Cor", "Dam", "Fla", "Lic", "Mar", "Nic", "Pri", "Spi", "Tig", "Ver")
SUFFIXES = ("ius", "us", "o", "ax", "ix", "ion", "on", "es", "as")
OFFICES = ("senator", "aedile", "praetor", "quaestor", "knight")
FUND = 50_000_000  # sesterces put in an editor's purse when it runs low (a tenth: a bettor's)


class GenerateError(Refusal):
    """An option out of its bounds; the message names it, and so does `field`."""

    def __init__(self, message: str, *, field: str) -> None:
        super().__init__(message)
        self.field = field


def campaign_name(seed: int) -> str:
    return f"Generated campaign (seed {seed})"


@dataclass(frozen=True)
class Bounds:
    """The most of each option: the command's, or the web page's (desk.services.generation)."""

    gladiators: int
    shows: int
    bouts: int


COMMAND_BOUNDS = Bounds(gladiators=MAX_GLADIATORS, shows=MAX_SHOWS, bouts=MAX_BOUTS)


@dataclass(frozen=True)
class Plan:
    gladiators: int
    shows: int
    bouts: int
    seed: int

    def check(self, *, dash: str = "--", bounds: Bounds | None = None) -> None:
        """Refuse the first option out of its bounds (the command's unless `bounds` are
        given), by its name with `dash` before it."""
        bounds = bounds or COMMAND_BOUNDS
        for option, value, low in (
            ("gladiators", self.gladiators, 4),
            ("shows", self.shows, 1),
            ("bouts", self.bouts, 1),
        ):
            high = getattr(bounds, option)
            if value < low:
                message = TOO_FEW.format(d=dash, option=option, low=low, value=value)
                raise GenerateError(message, field=option)
            if value > high:
                message = TOO_MANY.format(d=dash, option=option, high=high, value=value)
                raise GenerateError(message, field=option)
        if self.bouts < self.shows:
            message = BOUTS_FOR_SHOWS.format(d=dash, shows=self.shows, bouts=self.bouts)
            raise GenerateError(message, field="bouts")
        if self.bouts > self.shows * MAX_CARD:
            message = CARD_TOO_LONG.format(
                d=dash,
                most=MAX_CARD,
                high=self.shows * MAX_CARD,
                shows=self.shows,
                bouts=self.bouts,
            )
            raise GenerateError(message, field="bouts")
        need = 4 * self.longest_card  # the card's men, and as many resting
        if self.gladiators < need:
            message = MEN_FOR_CARD.format(
                d=dash, pairs=self.longest_card, need=need, men=self.gladiators
            )
            raise GenerateError(message, field="gladiators")

    @property
    def longest_card(self) -> int:
        return -(-self.bouts // self.shows)

    def card(self, index: int) -> int:
        """Pairs on the index-th show: the bouts shared out as evenly as they go."""
        return self.bouts // self.shows + (1 if index < self.bouts % self.shows else 0)

    @property
    def shows_a_day(self) -> int:
        """Shows given on one day: as many as keep every man to one bout a day, with half
        the men resting."""
        return max(1, self.gladiators // (4 * self.longest_card))


@dataclass
class Generated:
    campaign: Campaign
    shows: int
    bouts: int
    entries: int
    recruits: int
    seconds: float


def _name(rng: random.Random, taken: set[str]) -> str:
    while True:
        name = rng.choice(PREFIXES) + rng.choice(SUFFIXES)
        if name in taken:
            name = f"{name} {len(taken) + 1}"
        if name not in taken:
            taken.add(name)
            return name


def _sheet(rng: random.Random) -> dict:
    return {
        "might": rng.randint(2, 4),
        "melee": rng.randint(1, 4),
        "charisma": rng.randint(1, 3),
        "charm": rng.randint(0, 2),
    }


class _Builder:
    def __init__(
        self,
        plan: Plan,
        progress: Callable[[str], None] | None,
        on_show: Callable[[int, int], None] | None = None,
    ) -> None:
        self.plan = plan
        self.rng = random.Random(plan.seed)
        self.progress = progress or (lambda line: None)
        self.on_show = on_show or (lambda shows, bouts: None)  # after each show held
        self.names: set[str] = set()
        self.recruits = 0
        self.started = time.perf_counter()

    # --- the people ------------------------------------------------------------------------

    def people(self, gm_username: str) -> None:
        """The command's start: the GM (made if missing), the campaign, its people."""
        users = get_user_model()
        gm = users.objects.filter(username=gm_username).first()
        if gm is None:
            gm = users.objects.create_user(username=gm_username, password=DEMO_PASSWORD)
        with transaction.atomic():
            campaign = campaign_create(user=gm, name=campaign_name(self.plan.seed), city="Rome")
            self.people_of(campaign)

    def people_of(self, campaign: Campaign) -> None:
        """The campaign's schools, men, editors and bettors (the job's start: its campaign
        was made when the job was asked for, desk.services.generation)."""
        with transaction.atomic():
            self.campaign = campaign
            schools = max(2, self.plan.gladiators // 10)
            self.lanistae = [
                lanista_create(
                    campaign=self.campaign,
                    name=f"Lanista {i + 1}",
                    school=f"Ludus {i + 1}",
                    city=self.rng.choice(("Rome", "Capua", "Pompeii")),
                    chest=self.rng.randint(5, 50) * 800,
                )
                for i in range(schools)
            ]
            for _ in range(self.plan.gladiators):
                self.recruit()
            self.recruits = 0
            self.editors = [
                editor_create(
                    campaign=self.campaign,
                    name=f"Editor {i + 1}",
                    office=self.rng.choice(OFFICES),
                    base_dignitas=self.rng.randint(1, 6),
                    purse=FUND,
                )
                for i in range(max(2, self.plan.shows // 100))
            ]
            self.bettors = []
            for i in range(20):
                bettor = Bettor(campaign=self.campaign, name=f"Bettor {i + 1}")
                bettor.full_clean()
                bettor.save()
                account_fund(
                    account=accounts.bettor_account(bettor),
                    amount=FUND // 10,
                    reason="the generated campaign's bettor",
                    idempotency_key=f"generate:bettor:{bettor.pk}",
                )
                self.bettors.append(bettor)

    def recruit(self) -> Gladiator:
        self.recruits += 1
        return gladiator_create(
            campaign=self.campaign,
            owner=self.rng.choice(self.lanistae),
            name=_name(self.rng, self.names),
            armatura=self.rng.choice([str(a) for a in CLASSIC_ARMATURAE]),
            orders=self.rng.choice(("cautious", "fight-on")),
            price_purses=self.rng.randint(3, 15),
            **_sheet(self.rng),
        )

    # --- the shows -------------------------------------------------------------------------

    def fit_men(self) -> list[Gladiator]:
        # A man who carries three unhealed injuries rests until the medicus has seen to them
        # (the engine takes at most ten; a GM would not send such a man out).
        carried = Count("injuries", filter=Q(injuries__healed_on__isnull=True))
        return list(
            Gladiator.objects.filter(
                campaign=self.campaign, status=Gladiator.Status.ACTIVE, wounds=0
            )
            .annotate(unhealed=carried)
            .filter(unhealed__lt=MAX_CARRIED)
            .order_by("pk")
        )

    def topped_up(self, account, amount: int, reason: str) -> None:
        """The GM funds a purse that has run low (below a fifth of its funding)."""
        if account_balance(account) < amount // 5:
            account_fund(
                account=account,
                amount=amount,
                reason=reason,
                idempotency_key=f"generate:fund:{account.pk}:{self.campaign.day}:{self.shown}",
            )

    def show(self, index: int, pool: list[Gladiator]) -> int:
        """Plan, card, hire, book, bet and hold the index-th show; its number of bouts."""
        rng = self.rng
        pairs = self.plan.card(index)
        editor = self.editors[index % len(self.editors)]
        self.topped_up(accounts.purse(editor), FUND, "the generated campaign's editor")
        with transaction.atomic():
            show = show_plan(
                campaign=self.campaign,
                name=f"Munus {index + 1}",
                editor=editor,
                kind=Show.Kind.MUNUS,
                venue=rng.choice((Venue.FORUM_ROMANUM, Venue.CAPUA, Venue.POMPEII)),
            )
            for _ in range(pairs):
                a = pool.pop()
                b = self.opponent(a, pool)
                for man in (a, b):
                    hire_contract_create(show=show, gladiator=man, kind="single")
                bout = bout_add(show=show, fighter_a=a, fighter_b=b, kind=Bout.Kind.SINGLE)
                book = self.book(bout)
                if book is None:
                    continue
                for bettor in rng.sample(self.bettors, BETS_PER_BOUT):
                    bet_place(
                        book=book,
                        bettor=bettor,
                        side=rng.choice((a, b)).pk,
                        stake=rng.randint(1, 40) * 100,
                    )
            show_hold(show=show, seed=rng.randrange(2**62), crowd_decides=True)
        return pairs

    def book(self, bout: Bout) -> Book | None:
        """The book on the seed's table; none for a pair the table has no row for (the
        engine's line would run thousands of bouts for each)."""
        try:
            with transaction.atomic():
                return book_open(bout=bout)
        except BettingError:
            return None

    @staticmethod
    def opponent(man: Gladiator, pool: list[Gladiator]) -> Gladiator:
        """The last man of the pool whom the seed's table prices against `man` (Melee within
        two ranks in the same weight of kit, or equal Melee), else the last man."""
        for index in range(len(pool) - 1, -1, -1):
            other = pool[index]
            diff = abs(man.sheet.get("melee", 0) - other.sheet.get("melee", 0))
            heavy = (man.armatura in HEAVY_KITS) == (other.armatura in HEAVY_KITS)
            if diff == 0 or (heavy and diff <= 2):
                return pool.pop(index)
        return pool.pop()

    def run(self) -> Generated:
        plan = self.plan
        self.shown = 0
        bouts = 0
        while self.shown < plan.shows:
            pool = self.fit_men()
            need = 2 * plan.shows_a_day * plan.longest_card
            with transaction.atomic():
                while len(pool) < need:
                    pool.append(self.recruit())  # the dead and the hurt are replaced
            self.rng.shuffle(pool)
            for bettor in self.bettors:
                self.topped_up(accounts.bettor_account(bettor), FUND // 10, "a bettor's purse")
            for _ in range(plan.shows_a_day):
                if self.shown >= plan.shows or len(pool) < 2 * plan.card(self.shown):
                    break
                bouts += self.show(self.shown, pool)
                self.shown += 1
                self.on_show(self.shown, bouts)
                if self.shown % 10 == 0 or self.shown == plan.shows:
                    self.report(bouts)
            campaign_advance_day(campaign=self.campaign)
            self.campaign.refresh_from_db()
        return Generated(
            campaign=self.campaign,
            shows=self.shown,
            bouts=bouts,
            entries=self.entries(),
            recruits=self.recruits,
            seconds=time.perf_counter() - self.started,
        )

    def entries(self) -> int:
        return Entry.objects.filter(account__campaign=self.campaign).count()

    def report(self, bouts: int) -> None:
        seconds = time.perf_counter() - self.started
        self.progress(
            f"generate_campaign: {self.shown:,}/{self.plan.shows:,} shows, "
            f"{bouts:,}/{self.plan.bouts:,} bouts, day {self.campaign.day}, {seconds:.0f} s"
        )


def generate_campaign(
    *,
    gladiators: int,
    shows: int,
    bouts: int,
    seed: int,
    gm_username: str = "gm",
    progress: Callable[[str], None] | None = None,
) -> Generated:
    """Build a campaign of `gladiators` men (more are recruited as men die), `shows` shows held
    and `bouts` bouts fought, with hires, books, bets, purses and swords in the ledger.
    `gm_username` is its GM (made, with the demo's password, if there is no such user)."""
    plan = Plan(gladiators=gladiators, shows=shows, bouts=bouts, seed=seed)
    plan.check()
    builder = _Builder(plan, progress)
    builder.people(gm_username)
    return builder.run()


def generate_into(
    campaign: Campaign, plan: Plan, on_show: Callable[[int, int], None] | None = None
) -> Generated:
    """Fill `campaign`, made empty for the purpose (desk.services.generation), as
    `generate_campaign` fills the campaign it makes for the same plan: the same rows, the same
    dice. `on_show(shows, bouts)` is told after each show held."""
    plan.check()
    builder = _Builder(plan, None, on_show)
    builder.people_of(campaign)
    return builder.run()
