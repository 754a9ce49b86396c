"""Reads for the arena pages: a show's cost, the men fit for its card, a bout read round by
round from its stored log, what a finished bout changed, and the engine inputs for the odds page.

Nothing here decides a rule. The bout's state after each round is read from the log the engine
wrote (the Wounds after each hit, the Crowd Favor after each change, each injury), so a replay
shows what was stored even if the engine changes later.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from django.db.models import Q, QuerySet, Sum

from arena.adapters import adapter_for
from arena.adapters.era import (
    ENGINE_REFUSED,
    START_FAVOR,
    BoutSetup,
    Pending,
    incapacitated,
    pair_setup_data,
    setup_data,
    setup_from_data,
)
from arena.errors import BoutError
from arena.models import Bout, BoutEntry, Show, Venue
from arena.selectors.at_bout import school_then, with_school_then
from arena.selectors.bouts import show_card
from arena.selectors.fights import FightRow, fight_row, is_pair
from arena.selectors.records import gladiator_record, rudis_eligible
from arena.services.bouts import DEFIED_RELEASE, DEFIED_SWORD
from arena.services.shows import FIT
from economy import accounts
from economy.models import Account, Entry, Hire, Transaction
from economy.money import hs
from economy.selectors.visibility import party_balance
from economy.services.hire import VerdictCosts, verdict_costs
from economy.services.purses import verdict_cost_most
from ludus.models import Campaign, DignitasChange, Gladiator, Injury
from ludus.selectors.people import carried_injuries, editor_dignitas, gladiator_figures
from rules.core.errors import RulesError

SIDES = ("a", "b")


# --- shows ------------------------------------------------------------------------------------


def show_for_campaign(campaign: Campaign, show_id: int) -> Show:
    """The campaign's show (Show.DoesNotExist for another campaign's)."""
    return Show.objects.select_related("editor", "campaign").get(pk=show_id, campaign=campaign)


@dataclass(frozen=True)
class CostLine:
    transaction: Transaction
    amount: int  # sesterces out of the editor's purse (negative: paid back into it)


@dataclass(frozen=True)
class ShowCost:
    """What the show has cost its editor so far, read from the ledger (sesterces)."""

    lines: list[CostLine]
    total: int
    purse_balance: int


def show_cost(show: Show) -> ShowCost:
    """Every ledger movement of the editor's purse linked to this show: hires, purses, swords."""
    purse = accounts.purse(show.editor)
    entries = (
        Entry.objects.filter(account=purse, transaction__show=show)
        .select_related("transaction")
        .order_by("transaction_id", "pk")
    )
    lines = [CostLine(e.transaction, -e.amount) for e in entries]
    return ShowCost(
        lines=lines,
        total=sum(line.amount for line in lines),
        purse_balance=party_balance(show.editor),
    )


def card_men(show: Show) -> set[int]:
    return set(
        BoutEntry.objects.filter(bout__show=show, gladiator__isnull=False).values_list(
            "gladiator_id", flat=True
        )
    )


def fit_for_card(show: Show) -> QuerySet[Gladiator]:
    """The campaign's fighters who may still be put on the card (alive, unfreed, not drivers,
    not on it already). Hurt men are listed too: the GM may send a man out hurt (+10)."""
    return (
        Gladiator.objects.filter(campaign_id=show.campaign_id, status__in=FIT, is_charioteer=False)
        .exclude(pk__in=card_men(show))
        .select_related("owner")
        .order_by("name")
    )


def show_hires(show: Show) -> dict[int, Hire]:
    """The show's hires by gladiator id."""
    return {h.gladiator_id: h for h in show.hires.select_related("lanista")}


@dataclass(frozen=True)
class CardRow:
    bout: Bout
    hire_a: Hire | None
    hire_b: Hire | None
    # A fight of several entrants (Moritari): its entrants, hires and result in words.
    fight: FightRow | None = None


def card_rows(show: Show) -> list[CardRow]:
    hires = show_hires(show)
    rows = []
    for b in show_card(show):
        if is_pair(b):
            rows.append(
                CardRow(b, hires.get(b.entry_a.gladiator_id), hires.get(b.entry_b.gladiator_id))
            )
        else:
            rows.append(CardRow(b, None, None, fight_row(b, hires)))
    return rows


def editor_standing(show: Show) -> int:
    return editor_dignitas(show.editor)


# --- a bout, round by round -------------------------------------------------------------------


def bout_for_campaign(campaign: Campaign, bout_id: int) -> Bout:
    """The campaign's bout (Bout.DoesNotExist for another campaign's)."""
    return (
        Bout.objects.select_related("show", "show__editor", "show__campaign")
        .prefetch_related("entries__gladiator__owner")
        .get(pk=bout_id, show__campaign=campaign)
    )


@dataclass
class Corner:
    """One fighter at one moment of the bout, as the log shows him."""

    side: str
    gladiator: Gladiator
    favor: int
    wounds: int = 0
    injuries: list[dict] = field(default_factory=list)
    yielded: bool = False
    dead: bool = False
    wound_points: int = 0  # as the engine set him up for this bout (his injuries carried in)
    carried_in: list[str] = field(default_factory=list)  # unhealed injuries he came in with
    carried_unnamed: int = 0  # carried in by a setup stored before injuries were named
    school: str = ""  # his school as it was at the bout ("" for a man of none)

    @property
    def wound_percent(self) -> int:
        """How full his Wounds bar is (capped at 100 for the drawing)."""
        return min(100, round(100 * self.wounds / self.wound_points)) if self.wound_points else 0

    @property
    def incapacitated(self) -> bool:
        """Too hurt to fight on (the page says so beside Wounds at or over his Wound Points)."""
        return bool(self.wound_points) and incapacitated(self.wounds, self.wound_points)


@dataclass
class Step:
    """The state after one round (round 0: before the first), with that round's events."""

    round: int
    a: Corner
    b: Corner
    events: list[dict]

    def corner(self, side: str) -> Corner:
        return self.a if side == "a" else self.b


def bout_inputs(bout: Bout) -> dict:
    """The engine inputs as JSON: as fought, or (before the first round) as they would be built
    now: starting Crowd Favor by the men's records in the show's city, their orders."""
    if bout.setup:
        return bout.setup
    try:
        return setup_data(bout)
    except (RulesError, KeyError):
        return {}


def _start_favor(setup: dict, side: str) -> int:
    if side in setup and "favor" in setup[side]:
        return setup[side]["favor"]
    return START_FAVOR


def _start_wounds(setup: dict, side: str) -> int:
    """Wounds he carried into the bout (a setup stored before they were kept reads as 0)."""
    return setup.get(side, {}).get("wounds", 0)


def _carried_in(setup: dict, side: str) -> tuple[list[str], int]:
    """The unhealed injuries he carried into the bout, by name, as the engine's inputs hold
    them; a setup stored before injuries were named keeps only their count."""
    entrant = setup.get(side, {})
    names = [str(name) for name in entrant.get("injuries", ())]
    unnamed = max(0, int(entrant.get("carried_injuries", 0) or 0) - len(names))
    return names, unnamed


def _wound_points(setup: dict, side: str, man: Gladiator) -> int:
    """His Wound Points in this bout, from the engine's own inputs (as fought, or as the bout
    would be set up now); from the ruleset's figures when no setup can be built."""
    try:
        return setup_from_data(setup).entrant(side).wound_points
    except (RulesError, KeyError, TypeError):
        figures = gladiator_figures(man)
        return figures["wound_points"] if figures else 0


def _other(side: str) -> str:
    return "b" if side == "a" else "a"


def schools_at_bout(bout: Bout, entries: list[BoutEntry]) -> dict[str, str]:
    """Each side's school as it was when the bout was settled (issue 27: a man freed or sold
    since showed today's school, or none, on the bout of record)."""
    if all(entry.school is not None for entry in entries) or bout.status not in (
        Bout.Status.AWAITING_VERDICT,
        Bout.Status.DONE,
    ):  # kept on the entries, or not settled yet (today's): no history to read
        return {entry.side: school_then(entry) for entry in entries}
    # A bout settled before its entries kept the school: one query, from the history tables.
    entries = with_school_then(
        BoutEntry.objects.filter(bout=bout).select_related("gladiator__owner")
    )
    return {entry.side: school_then(entry) for entry in entries}


def bout_steps(bout: Bout) -> list[Step]:
    """The bout read from its log: one Step per round, round 0 first."""
    entries = {side: bout.entry(side) for side in SIDES}
    men = {side: entry.gladiator for side, entry in entries.items()}
    setup = bout_inputs(bout)
    schools = schools_at_bout(bout, list(entries.values()))
    corners = {
        s: Corner(
            s,
            men[s],
            _start_favor(setup, s),
            _start_wounds(setup, s),
            wound_points=_wound_points(setup, s, men[s]),
            carried_in=_carried_in(setup, s)[0],
            carried_unnamed=_carried_in(setup, s)[1],
            school=schools.get(s, ""),
        )
        for s in SIDES
    }

    def snapshot(round_: int, events: list[dict]) -> Step:
        copy = {
            s: replace(c, injuries=list(c.injuries), carried_in=list(c.carried_in))
            for s, c in corners.items()
        }
        return Step(round_, copy["a"], copy["b"], events)

    by_round: dict[int, list[dict]] = {}
    for event in bout.log or []:
        by_round.setdefault(event.get("round", 0), []).append(event)
    steps = []
    last = max(by_round, default=0)
    for round_ in range(0, max(last, bout.rounds) + 1):
        events = by_round.get(round_, [])
        for event in events:
            kind, actor = event.get("kind"), event.get("actor")
            if kind == "attack" and event.get("hit") and actor in SIDES:
                corners[_other(actor)].wounds = event.get("total_wounds", 0)
            elif kind == "injury" and actor in SIDES:
                corners[actor].injuries.append(event.get("crit", {}))
            elif kind == "favor" and actor in SIDES and "favor" in event:
                corners[actor].favor = event["favor"]
            elif kind == "yield" and actor in SIDES:
                corners[actor].yielded = True
            elif kind == "end" and event.get("end_reason") == "killed" and actor in SIDES:
                corners[actor].dead = True
        steps.append(snapshot(round_, events))
    return steps


def favor_series(bout: Bout, steps: list[Step]) -> list[tuple[str, list[int], str]]:
    """Each fighter's Crowd Favor at the start and after each round, for the chart."""
    return [
        (str(bout.entry_a), [s.a.favor for s in steps], "a"),
        (str(bout.entry_b), [s.b.favor for s in steps], "b"),
    ]


@dataclass(frozen=True)
class LiveLine:
    """A bout's live odds (issue 14): its points (round 0 and after each round), or why there
    are none."""

    points: tuple = ()
    refused: str = ""

    @property
    def now(self):
        return self.points[-1] if self.points else None


NO_LIVE_ODDS = "The {ruleset} rules have no exact odds to follow a bout by."


def live_line(bout: Bout) -> LiveLine:
    """The bout's live odds from its ruleset's adapter, where it has them."""
    campaign = bout.show.campaign
    adapter = adapter_for(campaign.ruleset)
    if not hasattr(adapter, "live_odds"):
        return LiveLine(refused=NO_LIVE_ODDS.format(ruleset=campaign.get_ruleset_display()))
    try:
        return LiveLine(points=adapter.live_odds(bout))
    except BoutError as error:
        return LiveLine(refused=str(error))


def live_odds_visible(access, campaign: Campaign) -> bool:
    """The GM always sees the live odds; the players where he shares them."""
    return access.is_gm or campaign.live_odds_for_players


def pending_choice(bout: Bout) -> Pending | None:
    """The choice the bout waits for, by its ruleset's adapter."""
    return adapter_for(bout.show.campaign.ruleset).bout_pending(bout)


def choice_costs(bout: Bout) -> dict[str, str]:
    """What each answer to the pending choice costs, in the ruleset's own figures (its adapter
    plays the answer from the seed), keyed by the answer."""
    return adapter_for(bout.show.campaign.ruleset).choice_costs(bout)


# --- what a finished bout changed --------------------------------------------------------------


@dataclass(frozen=True)
class ManAfter:
    gladiator: Gladiator
    side: str
    won: bool
    wounds_taken: int
    injuries: list[Injury]
    purse: int  # sesterces paid into his peculium for this bout
    peculium: int  # his peculium now
    dead: bool
    record: str
    wounds_now: int
    carried_injuries: int
    wounds_out: int = 0  # the Wounds he carried out of the bout (the engine's count at its end)


@dataclass(frozen=True)
class Aftermath:
    men: list[ManAfter]
    purse_transactions: list[Transaction]
    sword_transactions: list[Transaction]
    sword_price: int
    dignitas_changes: list[DignitasChange]
    dignitas_total: int
    rudis_eligible: bool
    rudis_given: bool


def _paid_into_peculium(bout: Bout, man: Gladiator) -> int:
    total = Entry.objects.filter(
        transaction__bout=bout,
        account__kind=Account.Kind.PECULIUM,
        account__gladiator=man,
    ).aggregate(total=Sum("amount"))["total"]
    return total or 0


def bout_aftermath(bout: Bout, steps: list[Step]) -> Aftermath | None:
    """Everything the bout changed, once the engine has settled it."""
    if bout.status not in (Bout.Status.AWAITING_VERDICT, Bout.Status.DONE):
        return None
    last = steps[-1] if steps else None
    setup = bout_inputs(bout)
    men = []
    for side in SIDES:
        man = bout.entry(side).gladiator
        man.refresh_from_db()
        men.append(
            ManAfter(
                gladiator=man,
                side=side,
                won=bout.entry(side).result == BoutEntry.Result.WON,
                wounds_taken=(last.corner(side).wounds if last else 0) - _start_wounds(setup, side),
                injuries=list(Injury.objects.filter(bout=bout, gladiator=man)),
                purse=_paid_into_peculium(bout, man),
                peculium=party_balance(man),
                # As the bout left him (issue 27): dead by its fate, not by a later death.
                dead=bout.entry(side).fate in (BoutEntry.Fate.DEAD, BoutEntry.Fate.DIED_WAITING),
                record=str(gladiator_record(man)),
                wounds_now=man.wounds,
                wounds_out=last.corner(side).wounds if last else _start_wounds(setup, side),
                carried_injuries=carried_injuries(man).count(),
            )
        )
    links = Transaction.objects.filter(bout=bout).order_by("pk")
    swords = list(links.filter(cause=Transaction.Cause.SWORD))
    sword_price = (
        Entry.objects.filter(transaction__in=swords, account__kind=Account.Kind.CHEST).aggregate(
            total=Sum("amount")
        )["total"]
        or 0
    )
    changes = list(DignitasChange.objects.filter(bout=bout).order_by("pk"))
    winning = bout.winning_entry
    winner_favor = None if winning is None else winning.standing
    eligible = (
        bout.status == Bout.Status.DONE
        and not bout.rudis_given
        and bout.winner is not None
        and bout.winner.status == Gladiator.Status.ACTIVE
        and rudis_eligible(bout.winner, favor=winner_favor)
    )
    return Aftermath(
        men=men,
        purse_transactions=list(links.filter(cause=Transaction.Cause.PURSE)),
        sword_transactions=swords,
        sword_price=sword_price,
        dignitas_changes=changes,
        dignitas_total=sum(c.change for c in changes),
        rudis_eligible=eligible,
        rudis_given=bout.rudis_given,
    )


def bout_defiance(bout: Bout) -> DignitasChange | None:
    """The Dignitas the editor lost by defying the crowd at this bout, as the ledger of
    Dignitas recorded it (None if he followed the crowd, or has not decided)."""
    defied = DignitasChange.objects.filter(bout=bout, reason__in=(DEFIED_RELEASE, DEFIED_SWORD))
    return defied.order_by("pk").first()


def past_bouts(campaign: Campaign) -> QuerySet[Bout]:
    """Bouts with a log, newest show first (for the replay links)."""
    return (
        Bout.objects.filter(show__campaign=campaign)
        .exclude(status=Bout.Status.PLANNED)
        .select_related("show")
        .defer("log", "setup", "decisions")  # the links need none of it (issue 14)
        .prefetch_related("entries__gladiator")
        .order_by("-show__day", "-show_id", "order")
    )


# --- the odds page ------------------------------------------------------------------------------


def odds_setup(
    *,
    fighter_a: Gladiator,
    fighter_b: Gladiator,
    orders_a: str,
    orders_b: str,
    venue: str = Venue.FORUM_ROMANUM,
    favor_a: int | None = None,
    favor_b: int | None = None,
) -> BoutSetup:
    """The engine inputs for two men as they stand now, as the bout service would build them
    for a bout at this venue (Known there: Crowd Favor 3; his carried injuries count), with
    the starting Crowd Favor overridden when given. Nothing is saved."""
    data = pair_setup_data(
        city=Show(venue=venue).city,
        first="random",
        a=fighter_a,
        orders_a={"name": orders_a},
        b=fighter_b,
        orders_b={"name": orders_b},
    )
    try:
        setup = setup_from_data(data)
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error
    a, b = setup.a, setup.b
    if favor_a is not None:
        a = replace(a, favor=favor_a)
    if favor_b is not None:
        b = replace(b, favor=favor_b)
    return replace(setup, a=a, b=b)


def campaign_fighters(campaign: Campaign) -> QuerySet[Gladiator]:
    return (
        Gladiator.objects.filter(campaign=campaign, is_charioteer=False)
        .exclude(status=Gladiator.Status.DEAD)
        .select_related("owner")
        .order_by("name")
    )


def my_men_q(user) -> Q:
    return Q(owner__player=user)


@dataclass(frozen=True)
class Funding:
    """What the editor's purse holds against the most his decision on a bout may cost."""

    editor: str
    have: int
    need: int

    @property
    def missing(self) -> int:
        return max(0, self.need - self.have)


@dataclass(frozen=True)
class EditorCosts:
    """The net cost of each choice of the editor for the loser, for its button."""

    costs: VerdictCosts
    owner: str  # the loser's lanista, paid for the sword ("" for a man of no school)

    @property
    def missio_label(self) -> str:
        return "costs nothing more"  # the hire paid for him stands, and nothing is added

    @property
    def sword_label(self) -> str:
        more = self.costs.sword_more
        return f"costs {hs(more)} more" if more else "costs nothing more"


def editor_costs(bout: Bout) -> EditorCosts | None:
    """What missio and the sword cost the editor for the loser of a bout awaiting him."""
    loser = bout.loser
    if loser is None:
        return None
    owner = loser.owner.name if loser.owner_id else ""
    return EditorCosts(verdict_costs(show=bout.show, gladiator=loser), owner)


def verdict_funding(bout: Bout) -> Funding | None:
    """For a bout not yet begun: can the editor's purse pay for his decision? (The fight is
    refused while it cannot: arena.services.bouts.)"""
    if bout.status != Bout.Status.PLANNED:
        return None
    editor = bout.show.editor
    return Funding(editor.name, party_balance(editor), verdict_cost_most(bout=bout))
