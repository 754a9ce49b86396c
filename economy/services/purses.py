"""The winner's purse (seed 001, THE LUDUS I): into his peculium, from the editor's purse."""

from django.db import transaction

from economy import accounts
from economy.events import BoutRef
from economy.ledger import (
    Leg,
)
from economy.models import SESTERCES_PER_PURSE, Hire, Transaction
from economy.money import format_price
from economy.services.dealing import contract_post
from economy.services.prices import earns_palm, lanista_price, winner_purse
from economy.services.refusals import WINNER_DEAD, WINNER_NOT_IN_BOUT, ContractError
from ludus.models import Gladiator
from ludus.references import event_is

FAVOR_MAX = 6  # Crowd Favor runs 0 to 6: the dearest purse is at 6

# --- Purses -------------------------------------------------------------------------------------


@transaction.atomic
def purse_pay(
    *,
    bout: BoutRef,
    winner: Gladiator,
    favor: int,
    created_by=None,
    standing: str = "Crowd Favor",
) -> Transaction:
    """The winner's purse, from the editor's purse to the winner's peculium, once per bout.

    1 purse; 2 purses (and a palm, see `earns_palm`) at Crowd Favor 5 or 6. A second call for
    the same bout returns the first transaction; one that disagrees with it is refused.
    `standing` names the standing in the memo in the ruleset's words (Sands: "the crowd's
    mood").
    """
    amount = winner_purse(favor)
    if winner.pk not in {man.pk for man in bout.fighters}:
        raise ContractError(WINNER_NOT_IN_BOUT.format(gladiator=winner.name, bout=bout))
    if winner.status == Gladiator.Status.DEAD:
        raise ContractError(WINNER_DEAD.format(gladiator=winner.name))
    show = bout.show
    palm = " and a palm" if earns_palm(favor) else ""
    return contract_post(
        campaign=show.campaign,
        cause=Transaction.Cause.PURSE,
        memo=f"{winner.name} wins at {show.name} ({standing} {favor}): {format_price(amount)}"
        f"{palm}",
        legs=[Leg(accounts.purse(show.editor), -amount), Leg(accounts.peculium(winner), amount)],
        idempotency_key=f"purse:bout:{bout.pk}",
        event=bout or show,
        gladiator=winner,
        created_by=created_by,
    )


@transaction.atomic
def purse_pay_each(
    *, bout: BoutRef, gladiator: Gladiator, purses: int, created_by=None
) -> Transaction:
    """A purse paid to one of several winners of a fight (Moritari: each man of the winning
    side on his feet), from the editor's purse to his peculium, once per man and bout."""
    if gladiator.pk not in {man.pk for man in bout.fighters}:
        raise ContractError(WINNER_NOT_IN_BOUT.format(gladiator=gladiator.name, bout=bout))
    if gladiator.status == Gladiator.Status.DEAD:
        raise ContractError(WINNER_DEAD.format(gladiator=gladiator.name))
    amount = purses * SESTERCES_PER_PURSE
    show = bout.show
    return contract_post(
        campaign=show.campaign,
        cause=Transaction.Cause.PURSE,
        memo=f"{gladiator.name} wins at {show.name} (his side stood last): {format_price(amount)}",
        legs=[Leg(accounts.purse(show.editor), -amount), Leg(accounts.peculium(gladiator), amount)],
        idempotency_key=f"purse:bout:{bout.pk}:man:{gladiator.pk}",
        event=bout or show,
        gladiator=gladiator,
        created_by=created_by,
    )


def verdict_cost_most(*, bout: BoutRef) -> int:
    """The most the editor's decision on a bout can take from his purse: the winner's purse
    at its dearest (Crowd Favor 6) and the sword's price for the dearer man of a school, less
    the hire that price replaces (THE EDITOR'S DECISION III)."""
    swords = [0]
    # A man of no school is owed nothing when given the sword.
    men = [man for man in bout.fighters if man.owner_id is not None]
    # Their hires (one a man and show) and which of them were reversed, in two queries for
    # all the men rather than two a man.
    hires = {
        hire.gladiator_id: hire
        for hire in Hire.objects.filter(**event_is(bout.show), gladiator__in=men)
    }
    reversed_ = set()
    if hires:
        paid_by = [hire.transaction_id for hire in hires.values()]
        reversals = Transaction.objects.filter(reverses_id__in=paid_by)
        reversed_ = set(reversals.values_list("reverses_id", flat=True))
    for man in men:
        hire = hires.get(man.pk)
        paid = 0
        if hire is not None and hire.transaction_id not in reversed_:
            paid = hire.price
        # The sword costs the greater of the price and the hire it replaces (sword_given_price).
        swords.append(max(0, lanista_price(man) - paid))
    return winner_purse(FAVOR_MAX) + max(swords)
