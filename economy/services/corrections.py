"""The GM's tools: opening money, and a correction (a reversing transaction, never an edit)."""

from django.db import transaction

from economy import accounts
from economy.ledger import (
    Leg,
    transaction_reverse,
)
from economy.limits import MAX_POSTING
from economy.models import Account, Transaction
from economy.money import format_price
from economy.services.dealing import contract_post, fitted_memo
from economy.services.refusals import NO_REASON, NOT_POSITIVE, OPENING_FROM_MARKET, ContractError
from ludus.limits import check_range

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
    check_range(amount, field="Amount", low=1, high=MAX_POSTING, error=ContractError)
    if account.kind == Account.Kind.MARKET:
        raise ContractError(OPENING_FROM_MARKET)
    return contract_post(
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
        memo=fitted_memo(f"Correction of #{original.pk} ({original.memo}): {reason}"),
        created_by=created_by,
    )
