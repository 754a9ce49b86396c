"""Find (or open) the ledger account of each party. Opening an account writes no money."""

from economy.models import Account, Bettor
from ludus.models import Campaign, Editor, Gladiator, Lanista


def _party_account(field: str, party, kind: str, name: str) -> Account:
    # A party's account never changes once opened and is never deleted (its balance is read
    # from the locked row by the ledger, never from this instance), so it is kept on the
    # party's instance as Django's reverse one-to-one accessor keeps it (`lanista.chest`): a
    # caller that pays the same editor or bettor again reads it once, not once a payment.
    related = Account._meta.get_field(field).remote_field
    if related.is_cached(party):
        held = related.get_cached_value(party)
        if held is not None:
            return held
    # The campaign by id: `party.campaign` would read the campaign's row just for the defaults.
    account, created = Account.objects.get_or_create(
        **{field: party},
        defaults={"campaign_id": party.campaign_id, "kind": kind, "name": name},
    )
    if not created:
        # Kept only when found: one opened here could still be rolled back with the caller's
        # transaction while the instance lives on.
        related.set_cached_value(party, account)
    return account


def chest(lanista: Lanista) -> Account:
    return _party_account("lanista", lanista, Account.Kind.CHEST, f"{lanista.name}'s chest")


def peculium(gladiator: Gladiator) -> Account:
    name = f"{gladiator.name}'s peculium"
    return _party_account("gladiator", gladiator, Account.Kind.PECULIUM, name)


def purse(editor: Editor) -> Account:
    return _party_account("editor", editor, Account.Kind.PURSE, f"{editor.name}'s purse")


def bettor_account(bettor: Bettor) -> Account:
    return _party_account("bettor", bettor, Account.Kind.BETTOR, f"{bettor.name}'s purse")


def _campaign_account(campaign: Campaign, kind: str, name: str) -> Account:
    account, _ = Account.objects.get_or_create(
        campaign=campaign,
        kind=kind,
        lanista=None,
        gladiator=None,
        editor=None,
        bettor=None,
        defaults={"name": name},
    )
    return account


def market(campaign: Campaign) -> Account:
    """The world outside the campaign: where bought men come from and spent coin goes."""
    return _campaign_account(campaign, Account.Kind.MARKET, "The market")


def state(campaign: Campaign) -> Account:
    """The treasury: the state grant for ludi, and the vicesima on manumission."""
    return _campaign_account(campaign, Account.Kind.STATE, "The state treasury")


def bookmaker(campaign: Campaign) -> Account:
    return _campaign_account(campaign, Account.Kind.BOOKMAKER, "The bookmaker")
