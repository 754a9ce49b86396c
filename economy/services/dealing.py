"""What every contract does alike: lock a man, check his campaign and his life, record a
new man, post money with a memo that fits, find a contract already written under its key."""

from django.core.exceptions import ValidationError

from economy.ledger import (
    transaction_post,
)
from economy.models import Transaction
from economy.services.refusals import (
    BAD_SPEC,
    DEAD_MAN,
    FOREIGN_GLADIATOR,
    KEY_OTHER_CONTRACT,
    SPEC_FIELD_SET_BY_SERVICE,
    ContractError,
)
from ludus.models import Gladiator, Lanista
from ludus.validation import full_clean_held

# --- Shared checks and helpers ------------------------------------------------------------------


def man_locked(gladiator: Gladiator) -> Gladiator:
    """Re-read the man under a row lock, so two contracts for him are written one after the other.

    (A no-op lock on SQLite, where a write already takes the whole database.)
    """
    # His owner read with him (his row only is locked, as before): every contract reads the
    # owner next (the hire's lanista, the chest paid), a query more without this.
    return (
        Gladiator.objects.select_for_update(of=("self",))
        .select_related("owner")
        .get(pk=gladiator.pk)
    )


def lanista_locked(lanista: Lanista) -> Lanista:
    """Lock the lanista's row before a keyed deal that makes a new man: two posts of one form
    at once then look for the key one after the other, and the second finds the first's deal
    instead of making a second man (locked before any man or account, and by nothing else)."""
    return Lanista.objects.select_for_update().get(pk=lanista.pk)


def check_same_campaign(gladiator: Gladiator, campaign_id: int) -> None:
    if gladiator.campaign_id != campaign_id:
        raise ContractError(FOREIGN_GLADIATOR.format(gladiator=gladiator.name))


def check_alive(gladiator: Gladiator) -> None:
    if gladiator.status == Gladiator.Status.DEAD:
        raise ContractError(DEAD_MAN.format(gladiator=gladiator.name))


def is_free(gladiator: Gladiator) -> bool:
    return (
        gladiator.status == Gladiator.Status.FREED
        or gladiator.legal_status == Gladiator.LegalStatus.FREEDMAN
    )


def may_be_sold(gladiator: Gladiator) -> bool:
    """Whether the market may sell him (trade._check_sellable): a living man who is not free
    and not a free volunteer under contract."""
    return (
        gladiator.status != Gladiator.Status.DEAD
        and not is_free(gladiator)
        and gladiator.legal_status != Gladiator.LegalStatus.AUCTORATUS
    )


def may_be_freed(gladiator: Gladiator) -> bool:
    """Whether he may buy his freedom (freedom.manumit's checks before the money): a man who
    may be sold, not condemned, of a school."""
    return (
        may_be_sold(gladiator)
        and gladiator.legal_status != Gladiator.LegalStatus.CONDEMNED
        and gladiator.owner_id is not None
    )


def man_save(gladiator: Gladiator) -> None:
    try:
        full_clean_held(gladiator)
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


def new_man(*, campaign, spec: dict, owner: Lanista, legal_status: str, **fields) -> Gladiator:
    for field in spec:
        if field in _SERVICE_FIELDS:
            raise ContractError(SPEC_FIELD_SET_BY_SERVICE.format(field=field))
    try:
        man = Gladiator.new(
            campaign=campaign, owner=owner, legal_status=legal_status, **fields, **spec
        )
    except TypeError as error:
        raise ContractError(BAD_SPEC.format(errors=error)) from error
    man_save(man)
    return man


MEMO_LENGTH = Transaction._meta.get_field("memo").max_length


def fitted_memo(text: str) -> str:
    """A memo that fits the ledger's column (long names are cut, never refused)."""
    return text if len(text) <= MEMO_LENGTH else text[: MEMO_LENGTH - 1] + "…"


def contract_post(*, memo: str, **kwargs) -> Transaction:
    return transaction_post(memo=fitted_memo(memo), **kwargs)


def find_by_key(campaign, key: str | None, cause: str) -> Transaction | None:
    """The transaction a retry under this key already wrote, if any (and it must be this kind)."""
    if key is None:
        return None
    found = Transaction.objects.filter(campaign=campaign, idempotency_key=key).first()
    if found is not None and found.cause != cause:
        raise ContractError(KEY_OTHER_CONTRACT.format(key=key))
    return found


def sequence_key(prefix: str, gladiator: Gladiator, causes: list[str]) -> str:
    """A default key for a contract a man may enter more than once (sold on, signed again).

    Counted under the man's row lock, so two requests cannot take the same number.
    """
    done = Transaction.objects.filter(gladiator=gladiator, cause__in=causes).count()
    return f"{prefix}:{gladiator.pk}:{done + 1}"


def man_refresh(gladiator: Gladiator | None) -> None:
    """Bring the caller's instance up to date with what the service wrote."""
    if gladiator is not None and gladiator.pk is not None:
        gladiator.refresh_from_db()
