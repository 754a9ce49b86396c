"""Manumission (seed 001, THE LUDUS III): a man buys his freedom from his peculium, at his
lanista's price and the vicesima."""

from django.db import transaction

from economy import accounts
from economy.ledger import (
    Leg,
    account_balance,
)
from economy.models import Account, Transaction
from economy.money import format_price
from economy.services.dealing import (
    check_alive,
    contract_post,
    find_by_key,
    is_free,
    man_locked,
    man_refresh,
    man_save,
)
from economy.services.prices import manumission_cost
from economy.services.refusals import (
    ALREADY_FREE,
    CONDEMNED_NOT_MANUMITTED,
    NO_LANISTA,
    PECULIUM_SHORT,
    ContractError,
)
from ludus.models import Gladiator
from ludus.signals import FREED, gladiator_left

# --- Freedom ------------------------------------------------------------------------------------


@transaction.atomic
def manumission(*, gladiator: Gladiator, created_by=None) -> Transaction:
    """A slave buys his freedom from his peculium: the lanista's price, plus the vicesima.

    The price goes to his lanista's chest, the vicesima (5%) to the state. If his peculium is
    short, nothing is written. He becomes a freedman with no school. A retry returns the same
    transaction.
    """
    key = f"manumission:{gladiator.pk}"
    # Locked first: a twin post waits, then finds the first's manumission by its key.
    man = man_locked(gladiator)
    done = find_by_key(man.campaign, key, Transaction.Cause.MANUMISSION)
    if done is not None:
        man_refresh(gladiator)
        return done
    check_alive(man)
    if is_free(man) or man.legal_status == Gladiator.LegalStatus.AUCTORATUS:
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
    posted = contract_post(
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
    man_save(man)
    gladiator_left.send(sender=Gladiator, gladiator=man, reason=FREED)
    man_refresh(gladiator)
    return posted
