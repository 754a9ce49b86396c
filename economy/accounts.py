"""Find (or open) the ledger account of each party. Opening an account writes no money."""

from economy.models import Account, Bettor
from ludus.models import Campaign, Editor, Gladiator, Lanista


def chest(lanista: Lanista) -> Account:
    account, _ = Account.objects.get_or_create(
        lanista=lanista,
        defaults={
            "campaign": lanista.campaign,
            "kind": Account.Kind.CHEST,
            "name": f"{lanista.name}'s chest",
        },
    )
    return account


def peculium(gladiator: Gladiator) -> Account:
    account, _ = Account.objects.get_or_create(
        gladiator=gladiator,
        defaults={
            "campaign": gladiator.campaign,
            "kind": Account.Kind.PECULIUM,
            "name": f"{gladiator.name}'s peculium",
        },
    )
    return account


def purse(editor: Editor) -> Account:
    account, _ = Account.objects.get_or_create(
        editor=editor,
        defaults={
            "campaign": editor.campaign,
            "kind": Account.Kind.PURSE,
            "name": f"{editor.name}'s purse",
        },
    )
    return account


def bettor_account(bettor: Bettor) -> Account:
    account, _ = Account.objects.get_or_create(
        bettor=bettor,
        defaults={
            "campaign": bettor.campaign,
            "kind": Account.Kind.BETTOR,
            "name": f"{bettor.name}'s purse",
        },
    )
    return account


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
