"""The GM's tools: opening money, a funding, and a correction (a reversing transaction, never
an edit)."""

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
from economy.services.refusals import (
    FUNDING_NO_REASON,
    FUNDING_THE_MARKET,
    NO_REASON,
    NOT_POSITIVE,
    OPENING_FROM_MARKET,
    ContractError,
)
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
def account_fund(
    *,
    account: Account,
    amount: int,
    reason: str,
    idempotency_key: str,
    created_by=None,
) -> Transaction:
    """The GM puts money in a purse, chest, peculium or bettor's purse, from the market.

    A transaction with its cause (`funding`) and the GM's reason in its memo, never an edit of
    a balance: an editor who cannot pay the purse or the sword's price, a chest the table
    agreed to top up. Taking it back is a correction (its reversal). Once per key, so a double
    click funds once. `amount` in sesterces, 1 to MAX_POSTING.
    """
    check_range(amount, field="Amount", low=1, high=MAX_POSTING, error=ContractError)
    reason = (reason or "").strip()
    if not reason:
        raise ContractError(FUNDING_NO_REASON)
    if account.kind == Account.Kind.MARKET:
        raise ContractError(FUNDING_THE_MARKET)
    return contract_post(
        campaign=account.campaign,
        cause=Transaction.Cause.FUNDING,
        memo=f"Funding of {account.name}: {format_price(amount)}. {reason}",
        legs=[Leg(accounts.market(account.campaign), -amount), Leg(account, amount)],
        idempotency_key=idempotency_key,
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
