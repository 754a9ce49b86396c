"""Reads for the arena pages: a show's cost, the men fit for its card, a bout read round by
round from its stored log, what a finished bout changed, and the engine inputs for the odds page.

Nothing here decides a rule. The bout's state after each round is read from the log the engine
wrote (the Wounds after each hit, the Crowd Favor after each change, each injury), so a replay
shows what was stored even if the engine changes later.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db.models import Q, QuerySet, Sum

from arena.errors import BoutError
from arena.models import Bout, BoutEntry, RaceEntry, Show
from arena.rulesets import plugin_for
from arena.selectors.bouts import show_card
from arena.selectors.fights import FightRow, fight_row, is_pair
from arena.selectors.records import gladiator_record, rudis_eligible
from arena.services.bouts import DEFIED_RELEASE, DEFIED_SWORD
from arena.services.cards import UNFINISHED_BOUT, UNFINISHED_RACE
from arena.services.shows import FIT
from economy import accounts
from economy.models import Account, Entry, Hire, Transaction
from economy.money import hs
from economy.selectors.visibility import party_balance
from economy.services.hire import VerdictCosts, verdict_costs
from economy.services.purses import verdict_cost_most
from ludus.models import Campaign, DignitasChange, Gladiator, Injury
from ludus.selectors.people import carried_injuries, editor_dignitas
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


def fit_for_card(show: Show) -> QuerySet[Gladiator]:
    """The campaign's fighters the card services accept (arena.services.shows._check_man): alive
    and unfreed, of a school (not for sale at the market), not drivers, not on this card
    already, nor in an unfinished bout or race elsewhere (arena.services.cards). Hurt men are
    listed too: the GM may send a man out hurt (+10)."""
    on_this_card = BoutEntry.objects.filter(bout__show=show).exclude(bout__status=Bout.Status.VOID)
    busy_in_bout = BoutEntry.objects.filter(bout__status__in=UNFINISHED_BOUT)
    busy_in_race = RaceEntry.objects.filter(race__status__in=UNFINISHED_RACE)
    return (
        Gladiator.objects.filter(
            campaign_id=show.campaign_id,
            status__in=FIT,
            is_charioteer=False,
            owner__isnull=False,
        )
        .exclude(pk__in=on_this_card.filter(gladiator__isnull=False).values("gladiator_id"))
        .exclude(pk__in=busy_in_bout.filter(gladiator__isnull=False).values("gladiator_id"))
        .exclude(pk__in=busy_in_race.values("driver_id"))
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


def start_wounds(setup: dict, side: str) -> int:
    """Wounds he carried into the bout (a setup stored before they were kept reads as 0)."""
    return setup.get(side, {}).get("wounds", 0)


def bout_inputs(bout: Bout) -> dict:
    """The engine inputs as JSON: as fought, or (before the first round) as they would be built
    now: starting Crowd Favor by the men's records in the show's city, their orders."""
    if bout.setup:
        return bout.setup
    try:
        return plugin_for(bout.show.campaign.ruleset).setup_data(bout)
    except (BoutError, RulesError, KeyError):
        return {}


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
    plugin = plugin_for(campaign.ruleset)
    if not plugin.has_live_odds:
        return LiveLine(refused=NO_LIVE_ODDS.format(ruleset=campaign.get_ruleset_display()))
    try:
        return LiveLine(points=plugin.live_odds(bout))
    except BoutError as error:
        return LiveLine(refused=str(error))


def live_odds_visible(access, campaign: Campaign) -> bool:
    """The GM always sees the live odds; the players where he shares them."""
    return access.is_gm or campaign.live_odds_for_players


def pending_choice(bout: Bout) -> Any | None:
    """The choice the bout waits for, by its ruleset's adapter."""
    return plugin_for(bout.show.campaign.ruleset).bout_pending(bout)


def choice_costs(bout: Bout) -> dict[str, str]:
    """What each answer to the pending choice costs, in the ruleset's own figures (its adapter
    plays the answer from the seed), keyed by the answer."""
    return plugin_for(bout.show.campaign.ruleset).choice_costs(bout)


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


def bout_aftermath(bout: Bout, steps: list[Any]) -> Aftermath | None:
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
                wounds_taken=(last.corner(side).wounds if last else 0) - start_wounds(setup, side),
                injuries=list(Injury.objects.filter(bout=bout, gladiator=man)),
                purse=_paid_into_peculium(bout, man),
                peculium=party_balance(man),
                # As the bout left him (issue 27): dead by its fate, not by a later death.
                dead=bout.entry(side).fate in (BoutEntry.Fate.DEAD, BoutEntry.Fate.DIED_WAITING),
                record=str(gladiator_record(man)),
                wounds_now=man.wounds,
                wounds_out=last.corner(side).wounds if last else start_wounds(setup, side),
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
