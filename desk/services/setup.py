"""Setting up a campaign in the browser: the campaign itself and its people (members join
by invitation: desk.services.invitations).

Every service is one `transaction.atomic` block: it validates the new row with `full_clean()`
(the model's ranges), writes it, and opens its money through
`economy.services.corrections.opening_balance` (the ledger's only door for a starting chest or
purse). A refusal raises `SetupError`, carrying the errors by field, and nothing is written.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction

from arena.rulesets import is_served
from economy import accounts
from economy.limits import MAX_POSTING
from economy.models import Bettor
from economy.services.corrections import opening_balance
from ludus.errors import Refusal
from ludus.limits import (
    MAX_CONTRACT_BOUTS,
    MAX_DIGNITAS,
    MAX_YEAR,
    MIN_DIGNITAS,
    MIN_YEAR,
    OutOfRange,
    check_range,
)
from ludus.models import (
    Campaign,
    Editor,
    Election,
    Gladiator,
    Lanista,
    Membership,
    default_ruleset,
)
from ludus.services.once import once_per_key
from ludus.validation import full_clean_held

UNPLAYABLE_RULESET = "The {label} ruleset is not built yet; choose a ruleset that can be played."
NOT_A_MEMBER = "{username} is not a member of this campaign; add him as a member first."
FOREIGN_LANISTA = "That school belongs to another campaign."
FOREIGN_EDITOR = "That editor belongs to another campaign."
NEGATIVE_MONEY = "An opening sum cannot be negative."
TOO_MUCH_MONEY = "An opening sum is at most {most:,} sesterces."
BOUTS_FOR_AUCTORATUS = "A free volunteer (auctoratus) owes at least one bout under his contract."
BOUTS_ONLY_AUCTORATUS = "Only a free volunteer (auctoratus) owes contract bouts."


class SetupError(Refusal):
    """A setup the rules refuse; `errors` maps a field name (or None) to its messages."""

    def __init__(self, errors: dict[str | None, list[str]]):
        self.errors = errors
        super().__init__(
            "; ".join(
                (f"{field}: " if field else "") + " ".join(messages)
                for field, messages in errors.items()
            )
        )


def _check(instance) -> None:
    try:
        full_clean_held(instance)
    except ValidationError as error:
        if hasattr(error, "error_dict"):
            errors = {
                (None if field == "__all__" else field): messages
                for field, messages in error.message_dict.items()
            }
        else:
            errors = {None: error.messages}
        raise SetupError(errors) from error


def _check_player(campaign: Campaign, player, field: str = "player") -> None:
    if player is None:
        return
    if not Membership.objects.filter(campaign=campaign, user=player).exists():
        raise SetupError({field: [NOT_A_MEMBER.format(username=player.get_username())]})


def _check_money(amount: int | None, field: str) -> int:
    amount = amount or 0
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 0:
        raise SetupError({field: [NEGATIVE_MONEY]})
    if amount > MAX_POSTING:
        raise SetupError({field: [TOO_MUCH_MONEY.format(most=MAX_POSTING)]})
    return amount


def _check_number(value, *, field: str, label: str, low: int, high: int) -> None:
    """A number in its range (ludus.limits), or a SetupError on `field` naming it."""
    try:
        check_range(value, field=label, low=low, high=high)
    except OutOfRange as error:
        raise SetupError({field: [str(error)]}) from error


def _check_year(year) -> None:
    _check_number(year, field="year", label="Year", low=MIN_YEAR, high=MAX_YEAR)


@once_per_key("campaign_create")
@transaction.atomic
def campaign_create(
    *, user, name: str, year: int = -50, city: str = "Rome", ruleset: str | None = None
) -> Campaign:
    """A new campaign; the user who makes it is its game master."""
    _check_year(year)
    ruleset = default_ruleset() if ruleset is None else ruleset
    campaign = Campaign(name=name, year=year, city=city, ruleset=ruleset)
    _check(campaign)
    if not is_served(ruleset):
        label = campaign.get_ruleset_display()
        raise SetupError({"ruleset": [UNPLAYABLE_RULESET.format(label=label)]})
    campaign.save()
    Membership.objects.create(campaign=campaign, user=user, role=Membership.Role.GM)
    return campaign


def _party_create(model, campaign: Campaign, fields: dict, money_name, money, account, created_by):
    """A lanista, an editor or a bettor, played by a member or the GM, with his opening money
    (if any) written to the ledger from the market."""
    money = _check_money(money, money_name)
    _check_player(campaign, fields.get("player"))
    party = model(campaign=campaign, **fields)
    _check(party)
    party.save()
    if money:
        opening_balance(account=account(party), amount=money, created_by=created_by)
    return party


@once_per_key("lanista_create")
@transaction.atomic
def lanista_create(
    *, campaign: Campaign, chest: int | None = 0, created_by=None, **fields
) -> Lanista:
    """A lanista and his school (with its medicus), and his opening chest in sesterces."""
    return _party_create(Lanista, campaign, fields, "chest", chest, accounts.chest, created_by)


@once_per_key("gladiator_create")
@transaction.atomic
def gladiator_create(*, campaign: Campaign, owner: Lanista | None = None, **fields) -> Gladiator:
    """A man of a school (or of none), with his sheet, his price and, if a volunteer, his bouts."""
    if owner is not None and owner.campaign_id != campaign.pk:
        raise SetupError({"owner": [FOREIGN_LANISTA]})
    man = Gladiator.new(campaign=campaign, owner=owner, **fields)  # ratings go on his sheet
    bouts = man.contract_bouts_left
    if man.legal_status == Gladiator.LegalStatus.AUCTORATUS:
        if not bouts:
            raise SetupError({"contract_bouts_left": [BOUTS_FOR_AUCTORATUS]})
        _check_number(
            bouts,
            field="contract_bouts_left",
            label="Contract bouts",
            low=1,
            high=MAX_CONTRACT_BOUTS,
        )
    elif bouts is not None:
        raise SetupError({"contract_bouts_left": [BOUTS_ONLY_AUCTORATUS]})
    _check(man)
    man.save()
    return man


@once_per_key("editor_create")
@transaction.atomic
def editor_create(
    *, campaign: Campaign, purse: int | None = 0, created_by=None, **fields
) -> Editor:
    """An editor (who gives the games), his Dignitas, and his opening purse in sesterces."""
    if "base_dignitas" in fields:
        _check_number(
            fields["base_dignitas"],
            field="base_dignitas",
            label="Dignitas",
            low=MIN_DIGNITAS,
            high=MAX_DIGNITAS,
        )
    return _party_create(Editor, campaign, fields, "purse", purse, accounts.purse, created_by)


@once_per_key("election_create")
@transaction.atomic
def election_create(*, campaign: Campaign, editor: Editor, office: str, year: int) -> Election:
    """An election the editor will stand in (the lex Tullia looks two years back from it)."""
    if editor.campaign_id != campaign.pk:
        raise SetupError({"editor": [FOREIGN_EDITOR]})
    _check_year(year)
    election = Election(editor=editor, office=office, year=year)
    _check(election)
    election.save()
    return election


@once_per_key("bettor_create")
@transaction.atomic
def bettor_create(
    *, campaign: Campaign, purse: int | None = 0, created_by=None, **fields
) -> Bettor:
    """A bettor (a spectator who bets), played by a member or the GM, and his opening purse in
    sesterces, written to the ledger as an opening balance from the market."""
    return _party_create(
        Bettor, campaign, fields, "purse", purse, accounts.bettor_account, created_by
    )
