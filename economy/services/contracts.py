"""Contracts of the arena: hire, the sword given, purchase and sale, signing, freedom, purses.

Every amount is in integer sesterces (1 purse = 800 sesterces = 200 denarii), and every
movement of money goes through economy.ledger.transaction_post, so it is balanced, idempotent
(a retry with the same key writes once) and refuses to overdraw a chest, peculium or purse.

Prices follow seed 001 (TERMS: GIVING GAMES, the price table; THE LUDUS III). Where the seed
is silent the choice is written in docs/rules.md.

Each service is one `@transaction.atomic` block: either everything it describes is written
(the money, the Hire, the change of owner or legal status) or nothing is.
"""

import uuid
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction

from economy import accounts
from economy.events import BoutRef, ShowRef
from economy.ledger import (
    LedgerError,
    Leg,
    account_balance,
    transaction_post,
    transaction_reverse,
)
from economy.models import SESTERCES_PER_PURSE, Account, Hire, Transaction
from economy.money import format_price
from ludus.models import Editor, Gladiator, Lanista, year_label
from ludus.references import event_is

PURSE = SESTERCES_PER_PURSE  # sesterces in one purse


# --- The price table (seed 001, TERMS: GIVING GAMES) -----------------------------------------


@dataclass(frozen=True)
class PriceLine:
    """One line of the seed's price table; every figure in sesterces."""

    label: str
    usual: int
    low: int
    high: int

    def allows(self, amount: int) -> bool:
        return self.low <= amount <= self.high


TEAM_HIRE_PURSES = 2  # range 1 to 2
SINGLE_HIRE_PURSES = 4  # range 3 to 15
LANISTA_PRICE_PURSES = 10  # range 3 to 15; set per man as Gladiator.price_purses
SIGNING_SUM_PURSES = 2
VETERAN_RECALL_PURSES = 125
WINNER_PURSE_PURSES = 1
WINNER_PURSE_FAVORED_PURSES = 2  # and a palm
FAVORED_AT = 5  # Crowd Favor 5 or 6 earns the larger purse and the palm
VICESIMA_PERCENT = 5  # the tax on manumission, paid to the state

TEAM_HIRE = PriceLine("Hire of a team fighter, one show", 2 * PURSE, 1 * PURSE, 2 * PURSE)
SINGLE_HIRE = PriceLine(
    "Hire of a single-combat fighter, one show", 4 * PURSE, 3 * PURSE, 15 * PURSE
)
LANISTA_PRICE = PriceLine(
    "Purchase of a seasoned gladiator (the lanista's price)", 10 * PURSE, 3 * PURSE, 15 * PURSE
)
# "1 to about 3 purses (800 to 2,500)". The usual figure is our choice: 2 purses, mid-range.
RAW_RECRUIT = PriceLine("Purchase of a raw recruit", 2 * PURSE, 800, 2_500)
# "Under 1 purse; about 500".
CONDEMNED_MAN = PriceLine("A condemned man sold to a school", 500, 1, PURSE - 1)
SIGNING_SUM = PriceLine("A free volunteer's signing sum", 2 * PURSE, 2 * PURSE, 2 * PURSE)
VETERAN_RECALL = PriceLine(
    "A famous veteran recalled for a great show", 125 * PURSE, 125 * PURSE, 125 * PURSE
)
# A resale between schools (or out to the market): any price up to the highest in the table.
RESALE = PriceLine("A gladiator sold on", 10 * PURSE, 1, 15 * PURSE)

PURCHASE_LINES = {
    "seasoned": LANISTA_PRICE,
    "recruit": RAW_RECRUIT,
    "condemned": CONDEMNED_MAN,
}

# --- Error messages (tests assert these) --------------------------------------------------------

NOT_POSITIVE = "An amount must be a whole number of sesterces above 0; got {amount!r}."
UNKNOWN_HIRE_KIND = "A hire is 'team' or 'single'; got {kind!r}."
HIRE_OUT_OF_RANGE = "{line} is {low} to {high} purses; {price!r} purses is outside the range."
FOREIGN_GLADIATOR = "{gladiator} belongs to another campaign."
FOREIGN_PARTY = "{party} belongs to another campaign."
DEAD_MAN = "{gladiator} is dead."
FREED_MAN = "{gladiator} has been freed and belongs to no school."
NO_LANISTA = "{gladiator} has no lanista to hire him out or to be paid for him."
ALREADY_HIRED = "{gladiator} is already hired to {show}."
HIRE_REVERSED = "The hire of {gladiator} to {show} was already corrected; it cannot be undone."
SWORD_NEEDS_BOUT = "Name the hire, or the bout and the man given the sword."
BOUT_OTHER_SHOW = "That bout belongs to {bout_show}, not to {show}, the show he was hired to."
NOT_IN_BOUT = "{gladiator} does not fight in the bout {bout}."
UNKNOWN_PURCHASE_KIND = "A purchase is 'seasoned', 'recruit' or 'condemned'; got {kind!r}."
PRICE_OUT_OF_RANGE = "{line} is {low:,} to {high:,} sesterces; {price:,} is outside the range."
GLADIATOR_OR_SPEC = "Name an existing man or describe a new one, not both and not neither."
SEASONED_NEEDS_MAN = "A seasoned gladiator is an existing man; name him."
ALREADY_OWNS = "{gladiator} already belongs to {lanista}."
NOT_FOR_SALE_FREE = "{gladiator} is a free man ({status}); he cannot be bought or sold."
NO_OWNER_TO_SELL = "{gladiator} has no lanista to sell him."
SPEC_FIELD_SET_BY_SERVICE = "A new man's {field} is set by the contract, not in his description."
BAD_SPEC = "The new man cannot be recorded: {errors}"
KEY_OTHER_CONTRACT = "Idempotency key {key!r} was already used for a different contract."
BOUTS_NOT_POSITIVE = "A volunteer signs for at least 1 bout; got {bouts!r}."
NOT_FREE_TO_SIGN = "{gladiator} is a {status} and cannot sign himself to a school."
STILL_UNDER_CONTRACT = "{gladiator} still owes {bouts} bouts to {lanista}."
NOT_HIS_SHOW = "{show} is given by {giver}, not by {editor}."
NOT_A_VETERAN = (
    "{gladiator} is not a veteran: only a man who holds the rudis or has been freed is "
    "recalled; hire a school's man instead."
)
ALREADY_FREE = "{gladiator} is already free ({status})."
CONDEMNED_NOT_MANUMITTED = "{gladiator} is a condemned man; he cannot buy his freedom."
PECULIUM_SHORT = (
    "{gladiator}'s peculium holds {balance:,} sesterces; his freedom costs {total:,} "
    "(the lanista's price {price:,} and the vicesima {vicesima:,})."
)
FAVOR_OUT_OF_RANGE = "Crowd Favor runs from 0 to 6; got {favor!r}."
WINNER_NOT_IN_BOUT = "{gladiator} did not fight in the bout {bout}."
WINNER_DEAD = "{gladiator} is dead; a dead man takes no purse."
OPENING_FROM_MARKET = "The market is where opening money comes from; open another account."
NO_REASON = "A correction needs a reason, for the record."
LEX_TULLIA = (
    "The lex Tullia (63 BC): a gladiator show in {show_year} falls within two years of "
    "{editor}'s election for {office} in {election_year}. If he gives it he cannot stand; if "
    "he stands anyway he risks prosecution for electoral bribery."
)


class ContractError(LedgerError):
    """A contract the rules refuse. A LedgerError, so a view that shows one shows both."""


# --- Prices -----------------------------------------------------------------------------------


def purses_to_sesterces(purses: int) -> int:
    return purses * PURSE


def hire_line(kind: str) -> PriceLine:
    if kind == Hire.Kind.TEAM:
        return TEAM_HIRE
    if kind == Hire.Kind.SINGLE:
        return SINGLE_HIRE
    raise ContractError(UNKNOWN_HIRE_KIND.format(kind=kind))


def hire_price(*, kind: str, price_purses: int | None = None) -> int:
    """The hire in sesterces: the usual figure, or the lanista's within the table's range."""
    line = hire_line(kind)
    if price_purses is None:
        return line.usual
    if (
        isinstance(price_purses, bool)
        or not isinstance(price_purses, int)
        or not line.allows(price_purses * PURSE)
    ):
        raise ContractError(
            HIRE_OUT_OF_RANGE.format(
                line=line.label, low=line.low // PURSE, high=line.high // PURSE, price=price_purses
            )
        )
    return price_purses * PURSE


def lanista_price(gladiator: Gladiator) -> int:
    """The lanista's price for this man, in sesterces: to buy him, kill him or free him."""
    return gladiator.price_purses * PURSE


def price_in_purses(price: int) -> int:
    """A price paid in sesterces as a man's lanista's price: whole purses, rounded up, at least 1.

    1,600 is 2 purses; 2,500 is 4 (3 purses and 100 sesterces, rounded up); 500 is 1.
    """
    return max(1, -(-price // PURSE))


def vicesima(price: int) -> int:
    """The 5% tax on a manumission, in sesterces (rounded up; exact for any price in purses)."""
    return -(-price * VICESIMA_PERCENT // 100)


def manumission_cost(gladiator: Gladiator) -> tuple[int, int]:
    """(the lanista's price, the vicesima), in sesterces: Bithys's is (8,000, 400)."""
    price = lanista_price(gladiator)
    return price, vicesima(price)


def winner_purse(favor: int) -> int:
    """The winner's purse in sesterces: 1 purse, or 2 purses (and a palm) at Crowd Favor 5-6."""
    _check_favor(favor)
    purses = WINNER_PURSE_FAVORED_PURSES if favor >= FAVORED_AT else WINNER_PURSE_PURSES
    return purses * PURSE


def earns_palm(favor: int) -> bool:
    _check_favor(favor)
    return favor >= FAVORED_AT


def _check_favor(favor: int) -> None:
    if isinstance(favor, bool) or not isinstance(favor, int) or not 0 <= favor <= 6:
        raise ContractError(FAVOR_OUT_OF_RANGE.format(favor=favor))


def _check_price(line: PriceLine, price: int) -> int:
    if isinstance(price, bool) or not isinstance(price, int) or price <= 0:
        raise ContractError(NOT_POSITIVE.format(amount=price))
    if not line.allows(price):
        raise ContractError(
            PRICE_OUT_OF_RANGE.format(line=line.label, low=line.low, high=line.high, price=price)
        )
    return price


# --- The lex Tullia -----------------------------------------------------------------------------


def years_between(earlier: int, later: int) -> int:
    """Whole years from one historical year to another; there is no year 0 (1 BC -> AD 1 is 1)."""
    gap = later - earlier
    if earlier < 0 < later:
        gap -= 1
    elif later < 0 < earlier:
        gap += 1
    return gap


LEX_TULLIA_YEARS = 2


def lex_tullia_warning(*, editor: Editor, show_year: int) -> str | None:
    """The lex Tullia's bar, if a gladiator show in `show_year` falls under it, else None.

    Read from Fabia's example: the election is three years off; a show this year leaves him
    free to stand, a show next year (two years before the election) bars him. So a show bars
    an election held 0, 1 or 2 years after it; an election 3 or more years later, or one
    already past, is free. Only call this for a show with gladiators (a munus, or ludi that
    put on bouts); the law does not touch races and plays.
    """
    for election in editor.elections.all():
        gap = years_between(show_year, election.year)
        if 0 <= gap <= LEX_TULLIA_YEARS:
            return LEX_TULLIA.format(
                show_year=year_label(show_year),
                editor=editor.name,
                office=election.office,
                election_year=year_label(election.year),
            )
    return None


# --- Shared checks and helpers ------------------------------------------------------------------


def _lock(gladiator: Gladiator) -> Gladiator:
    """Re-read the man under a row lock, so two contracts for him are written one after the other.

    (A no-op lock on SQLite, where a write already takes the whole database.)
    """
    return Gladiator.objects.select_for_update().get(pk=gladiator.pk)


def _check_same_campaign(gladiator: Gladiator, campaign_id: int) -> None:
    if gladiator.campaign_id != campaign_id:
        raise ContractError(FOREIGN_GLADIATOR.format(gladiator=gladiator.name))


def _check_alive(gladiator: Gladiator) -> None:
    if gladiator.status == Gladiator.Status.DEAD:
        raise ContractError(DEAD_MAN.format(gladiator=gladiator.name))


def _is_free(gladiator: Gladiator) -> bool:
    return (
        gladiator.status == Gladiator.Status.FREED
        or gladiator.legal_status == Gladiator.LegalStatus.FREEDMAN
    )


def _save(gladiator: Gladiator) -> None:
    try:
        gladiator.full_clean()
    except ValidationError as error:
        raise ContractError(BAD_SPEC.format(errors=_errors(error))) from error
    gladiator.save()


def _errors(error: ValidationError) -> str:
    if hasattr(error, "message_dict"):
        return "; ".join(f"{field}: {' '.join(msgs)}" for field, msgs in error.message_dict.items())
    return " ".join(error.messages)


_SERVICE_FIELDS = {
    "id",
    "pk",
    "campaign",
    "campaign_id",
    "owner",
    "owner_id",
    "legal_status",
    "status",
    "contract_bouts_left",
}


def _new_man(*, campaign, spec: dict, owner: Lanista, legal_status: str, **fields) -> Gladiator:
    for field in spec:
        if field in _SERVICE_FIELDS:
            raise ContractError(SPEC_FIELD_SET_BY_SERVICE.format(field=field))
    try:
        man = Gladiator(campaign=campaign, owner=owner, legal_status=legal_status, **fields, **spec)
    except TypeError as error:
        raise ContractError(BAD_SPEC.format(errors=error)) from error
    _save(man)
    return man


MEMO_LENGTH = Transaction._meta.get_field("memo").max_length


def _memo(text: str) -> str:
    """A memo that fits the ledger's column (long names are cut, never refused)."""
    return text if len(text) <= MEMO_LENGTH else text[: MEMO_LENGTH - 1] + "…"


def _post(*, memo: str, **kwargs) -> Transaction:
    return transaction_post(memo=_memo(memo), **kwargs)


def _find_by_key(campaign, key: str | None, cause: str) -> Transaction | None:
    """The transaction a retry under this key already wrote, if any (and it must be this kind)."""
    if key is None:
        return None
    found = Transaction.objects.filter(campaign=campaign, idempotency_key=key).first()
    if found is not None and found.cause != cause:
        raise ContractError(KEY_OTHER_CONTRACT.format(key=key))
    return found


def _sequence_key(prefix: str, gladiator: Gladiator, causes: list[str]) -> str:
    """A default key for a contract a man may enter more than once (sold on, signed again).

    Counted under the man's row lock, so two requests cannot take the same number.
    """
    done = Transaction.objects.filter(gladiator=gladiator, cause__in=causes).count()
    return f"{prefix}:{gladiator.pk}:{done + 1}"


# --- Hire and the sword -------------------------------------------------------------------------


@transaction.atomic
def hire_contract_create(
    *,
    show: ShowRef,
    gladiator: Gladiator,
    kind: str = Hire.Kind.TEAM,
    price_purses: int | None = None,
    favor_called: bool = False,
    created_by=None,
) -> Hire:
    """Hire a school's man to a show: the editor's purse pays the lanista's chest."""
    price = hire_price(kind=kind, price_purses=price_purses)
    # Lock the man: two hires of him to the same show are checked one after the other.
    man = _lock(gladiator)
    _check_same_campaign(man, show.campaign_id)
    _check_alive(man)
    if _is_free(man):
        raise ContractError(FREED_MAN.format(gladiator=man.name))
    if man.owner_id is None:
        raise ContractError(NO_LANISTA.format(gladiator=man.name))
    if Hire.objects.filter(**event_is(show), gladiator=man).exists():
        raise ContractError(ALREADY_HIRED.format(gladiator=man.name, show=show.name))
    lanista = man.owner
    posted = _post(
        campaign=show.campaign,
        cause=Transaction.Cause.HIRE,
        memo=(
            f"Hire of {man.name} ({Hire.Kind(kind).label.lower()}) to {show.name}: "
            f"{format_price(price)}"
        ),
        legs=[
            Leg(accounts.purse(show.editor), -price),
            Leg(accounts.chest(lanista), price),
        ],
        idempotency_key=f"hire:{show.pk}:{man.pk}",
        event=show,
        gladiator=man,
        created_by=created_by,
    )
    hire = Hire(
        event=show,
        gladiator=man,
        lanista=lanista,
        kind=kind,
        price=price,
        transaction=posted,
        favor_called=favor_called,
    )
    hire.full_clean()
    hire.save()
    return hire


def sword_given_price(hire: Hire) -> int:
    """What the editor pays in all for a hired man given the sword: the lanista's price."""
    return lanista_price(hire.gladiator)


@transaction.atomic
def sword_given_charge(
    *,
    hire: Hire | None = None,
    bout: BoutRef | None = None,
    gladiator: Gladiator | None = None,
    created_by=None,
) -> Transaction | None:
    """A man given the sword: the editor pays his lanista the lanista's price (THE LUDUS III:
    "pay the same to buy him, kill him as editor or free him").

    Name the hire (`hire=`, the bout optional), or the bout and the man (`bout=`,
    `gladiator=`), as the editor's decision does:
    - a hired man: his hire is reversed and the price posted, so the net is the price (a single
      fighter at 4 purses given the sword costs 10 in all, not 14); key `sword:<hire>`;
    - a man of a school with no hire on record for the show (or whose hire the GM corrected
      away): the price alone, to his lanista; key `sword:bout:<bout>`;
    - a man of no school: nothing is owed, and None is returned.
    Returns the price's transaction; a retry returns the same one. Money only: the verdict
    records the death.
    """
    if hire is not None:
        return _sword_for_hire(hire=hire, bout=bout, created_by=created_by)
    if bout is None or gladiator is None:
        raise ContractError(SWORD_NEEDS_BOUT)
    show = bout.show
    if gladiator.pk not in (bout.fighter_a_id, bout.fighter_b_id):
        raise ContractError(NOT_IN_BOUT.format(gladiator=gladiator.name, bout=bout))
    hire = (
        Hire.objects.filter(**event_is(show), gladiator=gladiator)
        .select_related("transaction")
        .first()
    )
    if hire is not None:
        done = _find_by_key(show.campaign, f"sword:{hire.pk}", Transaction.Cause.SWORD)
        if done is not None:
            return done
        if not Transaction.objects.filter(reverses=hire.transaction).exists():
            return _sword_for_hire(hire=hire, bout=bout, created_by=created_by)
    key = f"sword:bout:{bout.pk}"
    done = _find_by_key(show.campaign, key, Transaction.Cause.SWORD)
    if done is not None:
        return done
    man = _lock(gladiator)
    _check_same_campaign(man, show.campaign_id)
    if man.owner_id is None:
        return None  # a man of no school: no lanista to be paid for him
    price = lanista_price(man)
    posted = _post(
        campaign=show.campaign,
        cause=Transaction.Cause.SWORD,
        memo=f"{man.name} given the sword at {show.name}: the lanista's price, "
        f"{format_price(price)}, to {man.owner.name}",
        legs=[Leg(accounts.purse(show.editor), -price), Leg(accounts.chest(man.owner), price)],
        idempotency_key=key,
        event=bout or show,
        gladiator=man,
        created_by=created_by,
    )
    _refresh(gladiator)
    return posted


def _sword_for_hire(*, hire: Hire, bout: BoutRef | None, created_by) -> Transaction:
    """A hired man given the sword: the lanista's price in place of his hire."""
    key = f"sword:{hire.pk}"
    done = _find_by_key(hire.event.campaign, key, Transaction.Cause.SWORD)
    if done is not None:
        return done
    man = _lock(hire.gladiator)
    show = hire.event
    if bout is not None:
        if bout.show_id != show.pk:
            raise ContractError(BOUT_OTHER_SHOW.format(bout_show=bout.show.name, show=show.name))
        if man.pk not in (bout.fighter_a_id, bout.fighter_b_id):
            raise ContractError(NOT_IN_BOUT.format(gladiator=man.name, bout=bout))
    original = hire.transaction
    if Transaction.objects.filter(reverses=original).exists():
        raise ContractError(HIRE_REVERSED.format(gladiator=man.name, show=show.name))
    price = lanista_price(man)
    editor_purse = accounts.purse(show.editor)
    chest = accounts.chest(hire.lanista)

    def refund_hire() -> None:
        transaction_reverse(
            original=original,
            memo=_memo(f"{man.name} given the sword: his hire is replaced by the lanista's price"),
            created_by=created_by,
        )

    def charge_price() -> Transaction:
        return _post(
            campaign=show.campaign,
            cause=Transaction.Cause.SWORD,
            memo=f"{man.name} given the sword at {show.name}: the lanista's price, "
            f"{format_price(price)}, in place of his hire",
            legs=[Leg(editor_purse, -price), Leg(chest, price)],
            idempotency_key=key,
            event=bout or show,
            gladiator=man,
            created_by=created_by,
        )

    # Refunding the hire first takes the hire back out of the lanista's chest; if he has spent
    # it, charge the price first instead (the editor then needs the whole price at once).
    # This only picks the order: each posting locks and checks its own accounts, and both are
    # in this one atomic block, so either both are written or neither.
    if account_balance(chest) >= original.entries.get(account=chest).amount:
        refund_hire()
        return charge_price()
    posted = charge_price()
    refund_hire()
    return posted


# --- Buying, selling and signing men --------------------------------------------------------


@transaction.atomic
def gladiator_purchase(
    *,
    buyer: Lanista,
    kind: str = "seasoned",
    gladiator: Gladiator | None = None,
    recruit: dict | None = None,
    price: int | None = None,
    idempotency_key: str | None = None,
    created_by=None,
) -> Gladiator:
    """A lanista buys a man: a seasoned gladiator, a raw recruit or a condemned man.

    The buyer's chest pays the seller's: the man's lanista, or the market if he has none (a
    new recruit described by `recruit`, a dict of Gladiator fields, always comes from the
    market). `price` is in sesterces; by default the seasoned man's lanista's price, 1,600 for
    a recruit, 500 for a condemned man. The price paid becomes his lanista's price
    (`Gladiator.price_purses`, `price_in_purses`: whole purses rounded up, at least 1): what
    it costs from then on to buy him, to free him, or to give him the sword as editor. Returns
    the man, now the buyer's.
    """
    if kind not in PURCHASE_LINES:
        raise ContractError(UNKNOWN_PURCHASE_KIND.format(kind=kind))
    if (gladiator is None) == (recruit is None):
        raise ContractError(GLADIATOR_OR_SPEC)
    if kind == "seasoned" and gladiator is None:
        raise ContractError(SEASONED_NEEDS_MAN)
    campaign = buyer.campaign
    done = _find_by_key(campaign, idempotency_key, Transaction.Cause.PURCHASE)
    if done is not None:
        return done.gladiator
    line = PURCHASE_LINES[kind]
    legal_status = (
        Gladiator.LegalStatus.CONDEMNED if kind == "condemned" else Gladiator.LegalStatus.SLAVE
    )
    if recruit is not None:
        if "price_purses" in recruit:
            raise ContractError(SPEC_FIELD_SET_BY_SERVICE.format(field="price_purses"))
        price = _check_price(line, line.usual if price is None else price)
        man = _new_man(
            campaign=campaign,
            spec=recruit,
            owner=buyer,
            legal_status=legal_status,
            price_purses=price_in_purses(price),
        )
        seller_account = accounts.market(campaign)
        key = idempotency_key or f"purchase:new:{uuid.uuid4().hex}"
    else:
        man = _lock(gladiator)
        _check_sellable(man, campaign.pk)
        if man.owner_id == buyer.pk:
            raise ContractError(ALREADY_OWNS.format(gladiator=man.name, lanista=buyer.name))
        if price is None:
            price = lanista_price(man) if kind == "seasoned" else line.usual
        price = _check_price(line, price)
        seller_account = accounts.chest(man.owner) if man.owner_id else accounts.market(campaign)
        key = idempotency_key or _sequence_key(
            "purchase", man, [Transaction.Cause.PURCHASE, Transaction.Cause.SALE]
        )
        man.owner = buyer
        man.price_purses = price_in_purses(price)
        if kind != "seasoned":
            man.legal_status = legal_status
        _save(man)
    _post(
        campaign=campaign,
        cause=Transaction.Cause.PURCHASE,
        memo=f"{buyer.name} buys {man.name} ({line.label.lower()}): {format_price(price)}",
        legs=[Leg(accounts.chest(buyer), -price), Leg(seller_account, price)],
        idempotency_key=key,
        gladiator=man,
        created_by=created_by,
    )
    _refresh(gladiator)
    return man


@transaction.atomic
def gladiator_sell(
    *,
    gladiator: Gladiator,
    buyer: Lanista | None = None,
    price: int | None = None,
    idempotency_key: str | None = None,
    created_by=None,
) -> Gladiator:
    """A lanista sells his man to another school, or out of the campaign to the market.

    The buyer's chest (or the market) pays the seller's chest. `price` in sesterces, by default
    the man's lanista's price; anything from 1 to 12,000 (15 purses). Sold to the market, the
    man has no lanista afterwards.
    """
    done = _find_by_key(gladiator.campaign, idempotency_key, Transaction.Cause.SALE)
    if done is not None:
        return done.gladiator
    man = _lock(gladiator)
    campaign = man.campaign
    _check_sellable(man, man.campaign_id)
    if man.owner_id is None:
        raise ContractError(NO_OWNER_TO_SELL.format(gladiator=man.name))
    if buyer is not None:
        if buyer.campaign_id != man.campaign_id:
            raise ContractError(FOREIGN_PARTY.format(party=buyer))
        if buyer.pk == man.owner_id:
            raise ContractError(ALREADY_OWNS.format(gladiator=man.name, lanista=buyer.name))
    price = _check_price(RESALE, lanista_price(man) if price is None else price)
    seller = man.owner
    buyer_account = accounts.chest(buyer) if buyer else accounts.market(campaign)
    key = idempotency_key or _sequence_key(
        "sale", man, [Transaction.Cause.PURCHASE, Transaction.Cause.SALE]
    )
    man.owner = buyer
    _save(man)
    _post(
        campaign=campaign,
        cause=Transaction.Cause.SALE,
        memo=(
            f"{seller.name} sells {man.name} to "
            f"{buyer.name if buyer else 'the market'}: {format_price(price)}"
        ),
        legs=[Leg(buyer_account, -price), Leg(accounts.chest(seller), price)],
        idempotency_key=key,
        gladiator=man,
        created_by=created_by,
    )
    _refresh(gladiator)
    return man


def _check_sellable(man: Gladiator, campaign_id: int) -> None:
    _check_same_campaign(man, campaign_id)
    _check_alive(man)
    if _is_free(man) or man.legal_status == Gladiator.LegalStatus.AUCTORATUS:
        raise ContractError(
            NOT_FOR_SALE_FREE.format(gladiator=man.name, status=man.get_legal_status_display())
        )


def _refresh(gladiator: Gladiator | None) -> None:
    """Bring the caller's instance up to date with what the service wrote."""
    if gladiator is not None and gladiator.pk is not None:
        gladiator.refresh_from_db()


@transaction.atomic
def volunteer_sign(
    *,
    lanista: Lanista,
    bouts: int,
    gladiator: Gladiator | None = None,
    volunteer: dict | None = None,
    idempotency_key: str | None = None,
    created_by=None,
) -> Gladiator:
    """A free man signs on with a school (auctoratus) for a number of bouts.

    The signing sum, 2 purses, goes from the lanista's chest to the volunteer's peculium. The
    man is an existing free man (a freedman, or an auctoratus whose contract is served) or a
    new one described by `volunteer` (a dict of Gladiator fields). Returns him.
    """
    if isinstance(bouts, bool) or not isinstance(bouts, int) or not 1 <= bouts <= 32767:
        raise ContractError(BOUTS_NOT_POSITIVE.format(bouts=bouts))
    if (gladiator is None) == (volunteer is None):
        raise ContractError(GLADIATOR_OR_SPEC)
    campaign = lanista.campaign
    done = _find_by_key(campaign, idempotency_key, Transaction.Cause.SIGNING)
    if done is not None:
        return done.gladiator
    auctoratus = Gladiator.LegalStatus.AUCTORATUS
    if volunteer is not None:
        man = _new_man(
            campaign=campaign,
            spec=volunteer,
            owner=lanista,
            legal_status=auctoratus,
            contract_bouts_left=bouts,
        )
        key = idempotency_key or f"signing:new:{uuid.uuid4().hex}"
    else:
        man = _lock(gladiator)
        _check_same_campaign(man, campaign.pk)
        _check_alive(man)
        if man.legal_status in (Gladiator.LegalStatus.SLAVE, Gladiator.LegalStatus.CONDEMNED):
            raise ContractError(
                NOT_FREE_TO_SIGN.format(
                    gladiator=man.name, status=man.get_legal_status_display().lower()
                )
            )
        if man.legal_status == auctoratus and man.owner_id and (man.contract_bouts_left or 0):
            raise ContractError(
                STILL_UNDER_CONTRACT.format(
                    gladiator=man.name, bouts=man.contract_bouts_left, lanista=man.owner.name
                )
            )
        key = idempotency_key or _sequence_key("signing", man, [Transaction.Cause.SIGNING])
        man.owner = lanista
        man.legal_status = auctoratus
        man.contract_bouts_left = bouts
        man.status = Gladiator.Status.ACTIVE
        _save(man)
    price = SIGNING_SUM.usual
    _post(
        campaign=campaign,
        cause=Transaction.Cause.SIGNING,
        memo=f"{man.name} signs with {lanista.name} for {bouts} bouts: {format_price(price)}",
        legs=[Leg(accounts.chest(lanista), -price), Leg(accounts.peculium(man), price)],
        idempotency_key=key,
        gladiator=man,
        created_by=created_by,
    )
    _refresh(gladiator)
    return man


@transaction.atomic
def veteran_recall(
    *, editor: Editor, gladiator: Gladiator, show: ShowRef, created_by=None
) -> Transaction:
    """A famous veteran recalled for a great show: 100,000 sesterces from the editor to him.

    Tiberius paid the men themselves, so the sum goes to the veteran's peculium. A retry
    returns the same transaction.
    """
    if show.editor_id != editor.pk:
        raise ContractError(
            NOT_HIS_SHOW.format(show=show.name, giver=show.editor.name, editor=editor.name)
        )
    man = _lock(gladiator)
    _check_same_campaign(man, show.campaign_id)
    _check_alive(man)
    veteran = man.status == Gladiator.Status.RUDIARIUS or _is_free(man)
    if not veteran:
        raise ContractError(NOT_A_VETERAN.format(gladiator=man.name))
    if Hire.objects.filter(**event_is(show), gladiator=man).exists():
        raise ContractError(ALREADY_HIRED.format(gladiator=man.name, show=show.name))
    price = VETERAN_RECALL.usual
    return _post(
        campaign=show.campaign,
        cause=Transaction.Cause.HIRE,
        memo=f"{man.name} recalled for {show.name}: {format_price(price)}",
        legs=[Leg(accounts.purse(editor), -price), Leg(accounts.peculium(man), price)],
        idempotency_key=f"recall:{show.pk}:{man.pk}",
        event=show,
        gladiator=man,
        created_by=created_by,
    )


# --- Freedom ------------------------------------------------------------------------------------


@transaction.atomic
def manumission(*, gladiator: Gladiator, created_by=None) -> Transaction:
    """A slave buys his freedom from his peculium: the lanista's price, plus the vicesima.

    The price goes to his lanista's chest, the vicesima (5%) to the state. If his peculium is
    short, nothing is written. He becomes a freedman with no school. A retry returns the same
    transaction.
    """
    key = f"manumission:{gladiator.pk}"
    done = _find_by_key(gladiator.campaign, key, Transaction.Cause.MANUMISSION)
    if done is not None:
        _refresh(gladiator)
        return done
    man = _lock(gladiator)
    _check_alive(man)
    if _is_free(man) or man.legal_status == Gladiator.LegalStatus.AUCTORATUS:
        raise ContractError(
            ALREADY_FREE.format(gladiator=man.name, status=man.get_legal_status_display())
        )
    if man.legal_status == Gladiator.LegalStatus.CONDEMNED:
        raise ContractError(CONDEMNED_NOT_MANUMITTED.format(gladiator=man.name))
    if man.owner_id is None:
        raise ContractError(NO_LANISTA.format(gladiator=man.name))
    price, tax = manumission_cost(man)
    own = accounts.peculium(man)
    # Lock the peculium before reading it, so the check and the posting see the same balance.
    Account.objects.select_for_update().filter(pk=own.pk).first()
    balance = account_balance(own)
    if balance < price + tax:
        raise ContractError(
            PECULIUM_SHORT.format(
                gladiator=man.name, balance=balance, total=price + tax, price=price, vicesima=tax
            )
        )
    posted = _post(
        campaign=man.campaign,
        cause=Transaction.Cause.MANUMISSION,
        memo=(
            f"{man.name} buys his freedom from {man.owner.name}: {format_price(price)} "
            f"and the vicesima, {format_price(tax)}"
        ),
        legs=[
            Leg(own, -(price + tax)),
            Leg(accounts.chest(man.owner), price),
            Leg(accounts.state(man.campaign), tax),
        ],
        idempotency_key=key,
        gladiator=man,
        created_by=created_by,
    )
    man.legal_status = Gladiator.LegalStatus.FREEDMAN
    man.status = Gladiator.Status.FREED
    man.owner = None
    man.contract_bouts_left = None
    _save(man)
    _refresh(gladiator)
    return posted


# --- Purses -------------------------------------------------------------------------------------


@transaction.atomic
def purse_pay(*, bout: BoutRef, winner: Gladiator, favor: int, created_by=None) -> Transaction:
    """The winner's purse, from the editor's purse to the winner's peculium, once per bout.

    1 purse; 2 purses (and a palm, see `earns_palm`) at Crowd Favor 5 or 6. A second call for
    the same bout returns the first transaction; one that disagrees with it is refused.
    """
    amount = winner_purse(favor)
    if winner.pk not in (bout.fighter_a_id, bout.fighter_b_id):
        raise ContractError(WINNER_NOT_IN_BOUT.format(gladiator=winner.name, bout=bout))
    if winner.status == Gladiator.Status.DEAD:
        raise ContractError(WINNER_DEAD.format(gladiator=winner.name))
    show = bout.show
    palm = " and a palm" if earns_palm(favor) else ""
    return _post(
        campaign=show.campaign,
        cause=Transaction.Cause.PURSE,
        memo=f"{winner.name} wins at {show.name} (Crowd Favor {favor}): {format_price(amount)}"
        f"{palm}",
        legs=[Leg(accounts.purse(show.editor), -amount), Leg(accounts.peculium(winner), amount)],
        idempotency_key=f"purse:bout:{bout.pk}",
        event=bout or show,
        gladiator=winner,
        created_by=created_by,
    )


# --- The GM's tools -----------------------------------------------------------------------------


@transaction.atomic
def opening_balance(
    *,
    account: Account,
    amount: int,
    memo: str = "",
    idempotency_key: str | None = None,
    created_by=None,
) -> Transaction:
    """Money a party brings into the campaign, from the market (demo data, the GM's setup).

    By default once per account (key `opening:<account>`); pass a key to add more later.
    """
    if isinstance(amount, bool) or not isinstance(amount, int) or amount <= 0:
        raise ContractError(NOT_POSITIVE.format(amount=amount))
    if account.kind == Account.Kind.MARKET:
        raise ContractError(OPENING_FROM_MARKET)
    return _post(
        campaign=account.campaign,
        cause=Transaction.Cause.OPENING,
        memo=memo or f"Opening balance of {account.name}: {format_price(amount)}",
        legs=[Leg(accounts.market(account.campaign), -amount), Leg(account, amount)],
        idempotency_key=idempotency_key or f"opening:{account.pk}",
        gladiator=account.gladiator,
        created_by=created_by,
    )


@transaction.atomic
def correction(*, original: Transaction, reason: str, created_by=None) -> Transaction:
    """The GM corrects a transaction by reversing it; the original stays on the books.

    Money only: a corrected hire stays recorded (marked by its reversal), a corrected
    manumission does not re-enslave the man.
    """
    reason = (reason or "").strip()
    if not reason:
        raise ContractError(NO_REASON)
    return transaction_reverse(
        original=original,
        memo=_memo(f"Correction of #{original.pk} ({original.memo}): {reason}"),
        created_by=created_by,
    )
