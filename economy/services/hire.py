"""Hire and the sword given (seed 001, GIVING GAMES; THE EDITOR'S DECISION III).

Each service is one `@transaction.atomic` block; money goes through economy.ledger.
"""

from dataclasses import dataclass

from django.db import transaction

from economy import accounts
from economy.events import BoutRef, ShowRef
from economy.ledger import (
    Leg,
    account_balance,
    transaction_reverse,
)
from economy.models import Hire, Transaction
from economy.money import format_price
from economy.services.dealing import (
    check_alive,
    check_same_campaign,
    contract_post,
    find_by_key,
    fitted_memo,
    is_free,
    man_locked,
    man_refresh,
)
from economy.services.prices import hire_price, lanista_price
from economy.services.refusals import (
    ALREADY_HIRED,
    BOUT_OTHER_SHOW,
    FREED_MAN,
    HIRE_REVERSED,
    NO_LANISTA,
    NOT_IN_BOUT,
    RUDIARIUS_CONSENT,
    SWORD_NEEDS_BOUT,
    ContractError,
)
from ludus.models import Gladiator
from ludus.references import event_is
from ludus.validation import full_clean_held

# --- Hire and the sword -------------------------------------------------------------------------


@transaction.atomic
def hire_contract_create(
    *,
    show: ShowRef,
    gladiator: Gladiator,
    kind: str = Hire.Kind.TEAM,
    price_purses: int | None = None,
    favor_called: bool = False,
    consent: bool = False,
    created_by=None,
) -> Hire:
    """Hire a school's man to a show: the editor's purse pays the lanista's chest. A rudiarius
    fights only by choice: he is hired only with his consent (his owner or the GM ticks it)."""
    price = hire_price(kind=kind, price_purses=price_purses)
    # Lock the man: two hires of him to the same show are checked one after the other.
    man = man_locked(gladiator)
    check_same_campaign(man, show.campaign_id)
    check_alive(man)
    if is_free(man):
        raise ContractError(FREED_MAN.format(gladiator=man.name))
    if man.owner_id is None:
        raise ContractError(NO_LANISTA.format(gladiator=man.name))
    if man.status == Gladiator.Status.RUDIARIUS and not consent:
        raise ContractError(RUDIARIUS_CONSENT.format(gladiator=man.name))
    if Hire.objects.filter(**event_is(show), gladiator=man).exists():
        raise ContractError(ALREADY_HIRED.format(gladiator=man.name, show=show.name))
    lanista = man.owner
    posted = contract_post(
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
    # Its one constraint (one hire per man and show) is the check above, under the man's lock:
    # not asked of the database twice.
    full_clean_held(hire, validate_constraints=False)
    hire.save()
    return hire


def sword_given_price(hire: Hire) -> int:
    """What the editor pays in all for a hired man given the sword: the lanista's price, but
    never less than the hire it replaces (docs/rules.md, "The sword never costs less than
    mercy"): were it less, killing the man would be cheaper than sparing him, against the seed's
    own reason for missio ("a dead man costs the editor the lanista's price")."""
    return max(lanista_price(hire.gladiator), hire.price)


@dataclass(frozen=True)
class VerdictCosts:
    """What each choice of the editor costs him for the loser, beyond what he has paid."""

    hire: int  # the hire paid for him and standing (0: none); missio leaves it as it is
    sword: int  # what the sword costs him in all (the price, or the hire if greater; 0: no school)

    @property
    def sword_more(self) -> int:
        """What the sword takes from his purse beyond the hire already paid."""
        return self.sword - self.hire


def verdict_costs(*, show: ShowRef, gladiator: Gladiator) -> VerdictCosts:
    """The net cost of missio and of the sword for a man of `show` (read only)."""
    if gladiator.owner_id is None:
        return VerdictCosts(hire=0, sword=0)  # a man of no school: nothing owed for him
    hire = Hire.objects.filter(**event_is(show), gladiator=gladiator).first()
    if hire is None or Transaction.objects.filter(reverses=hire.transaction_id).exists():
        return VerdictCosts(hire=0, sword=lanista_price(gladiator))
    return VerdictCosts(hire=hire.price, sword=sword_given_price(hire))


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
    if gladiator.pk not in {man.pk for man in bout.fighters}:
        raise ContractError(NOT_IN_BOUT.format(gladiator=gladiator.name, bout=bout))
    hire = (
        Hire.objects.filter(**event_is(show), gladiator=gladiator)
        .select_related("transaction")
        .first()
    )
    if hire is not None:
        done = find_by_key(show.campaign, f"sword:{hire.pk}", Transaction.Cause.SWORD)
        if done is not None:
            return done
        if not Transaction.objects.filter(reverses=hire.transaction).exists():
            return _sword_for_hire(hire=hire, bout=bout, created_by=created_by)
    key = f"sword:bout:{bout.pk}"
    done = find_by_key(show.campaign, key, Transaction.Cause.SWORD)
    if done is not None:
        return done
    man = man_locked(gladiator)
    check_same_campaign(man, show.campaign_id)
    if man.owner_id is None:
        return None  # a man of no school: no lanista to be paid for him
    price = lanista_price(man)
    posted = contract_post(
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
    man_refresh(gladiator)
    return posted


def _sword_memo(man: Gladiator, show, price: int, hire: Hire) -> str:
    if price > lanista_price(man):  # the hire is the greater: it stands as the price
        return (
            f"{man.name} given the sword at {show.name}: his hire, {format_price(price)}, "
            f"in place of the lanista's lower price (the sword never costs less than missio)"
        )
    return (
        f"{man.name} given the sword at {show.name}: the lanista's price, "
        f"{format_price(price)}, in place of his hire"
    )


def _sword_for_hire(*, hire: Hire, bout: BoutRef | None, created_by) -> Transaction:
    """A hired man given the sword: the lanista's price in place of his hire."""
    key = f"sword:{hire.pk}"
    done = find_by_key(hire.event.campaign, key, Transaction.Cause.SWORD)
    if done is not None:
        return done
    man = man_locked(hire.gladiator)
    show = hire.event
    if bout is not None:
        if bout.show_id != show.pk:
            raise ContractError(BOUT_OTHER_SHOW.format(bout_show=bout.show.name, show=show.name))
        if man.pk not in {fighter.pk for fighter in bout.fighters}:
            raise ContractError(NOT_IN_BOUT.format(gladiator=man.name, bout=bout))
    original = hire.transaction
    if Transaction.objects.filter(reverses=original).exists():
        raise ContractError(HIRE_REVERSED.format(gladiator=man.name, show=show.name))
    price = sword_given_price(hire)
    editor_purse = accounts.purse(show.editor)
    chest = accounts.chest(hire.lanista)

    def refund_hire() -> None:
        transaction_reverse(
            original=original,
            memo=fitted_memo(
                f"{man.name} given the sword: his hire is replaced by the lanista's price"
            ),
            created_by=created_by,
        )

    def charge_price() -> Transaction:
        return contract_post(
            campaign=show.campaign,
            cause=Transaction.Cause.SWORD,
            memo=_sword_memo(man, show, price, hire),
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
