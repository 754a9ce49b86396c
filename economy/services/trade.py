"""Buying, selling and signing men (seed 001, THE LUDUS III): purchase, sale, a volunteer's
signing, a famous veteran recalled.

Each service is one `@transaction.atomic` block; money goes through economy.ledger.
"""

import uuid

from django.db import transaction

from economy import accounts
from economy.events import ShowRef
from economy.ledger import (
    Leg,
)
from economy.models import Hire, Transaction
from economy.money import format_price
from economy.services.dealing import (
    check_alive,
    check_same_campaign,
    contract_post,
    find_by_key,
    is_free,
    lanista_locked,
    man_locked,
    man_refresh,
    man_save,
    new_man,
    sequence_key,
)
from economy.services.prices import (
    PURCHASE_LINES,
    RESALE,
    SIGNING_SUM,
    VETERAN_RECALL,
    check_kind_fits,
    check_price,
    existing_man_price,
    lanista_price,
    market_price,
    price_in_purses,
)
from economy.services.refusals import (
    ALREADY_HIRED,
    ALREADY_OWNS,
    BOUTS_NOT_POSITIVE,
    FOREIGN_PARTY,
    GLADIATOR_OR_SPEC,
    NO_OWNER_TO_SELL,
    NOT_A_VETERAN,
    NOT_FOR_SALE_FREE,
    NOT_FREE_TO_SIGN,
    NOT_HIS_SHOW,
    SEASONED_NEEDS_MAN,
    SPEC_FIELD_SET_BY_SERVICE,
    STILL_UNDER_CONTRACT,
    UNKNOWN_PURCHASE_KIND,
    ContractError,
)
from ludus.limits import MAX_CONTRACT_BOUTS
from ludus.models import Editor, Gladiator, Lanista
from ludus.references import event_is
from ludus.signals import SOLD, gladiator_left

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
    market). `price` is in sesterces. A new man costs 1,600 as a recruit, 500 as a condemned
    man by default (the GM may set a price within the line). A man who exists is bought as the
    kind that fits him ('seasoned' for a slave, 'condemned' for a condemned man; anything else
    is refused) at his lanista's price, or the market's if he has no school
    (`prices.existing_man_price`); the GM may set a price within the resale line; his legal
    status never changes. The price paid becomes his lanista's price
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
    if idempotency_key is not None:
        lanista_locked(buyer)  # a twin post of this form finds the first's deal, below
    done = find_by_key(campaign, idempotency_key, Transaction.Cause.PURCHASE)
    if done is not None:
        man_refresh(gladiator)
        return done.gladiator
    line = PURCHASE_LINES[kind]
    legal_status = (
        Gladiator.LegalStatus.CONDEMNED if kind == "condemned" else Gladiator.LegalStatus.SLAVE
    )
    if recruit is not None:
        if "price_purses" in recruit:
            raise ContractError(SPEC_FIELD_SET_BY_SERVICE.format(field="price_purses"))
        price = check_price(line, line.usual if price is None else price)
        man = new_man(
            campaign=campaign,
            spec=recruit,
            owner=buyer,
            legal_status=legal_status,
            price_purses=price_in_purses(price),
        )
        seller_account = accounts.market(campaign)
        key = idempotency_key or f"purchase:new:{uuid.uuid4().hex}"
    else:
        man = man_locked(gladiator)
        _check_sellable(man, campaign.pk)
        if man.owner_id == buyer.pk:
            raise ContractError(ALREADY_OWNS.format(gladiator=man.name, lanista=buyer.name))
        check_kind_fits(man, kind)
        # A man who exists is sold on: at his lanista's price (the market's, if he has no
        # school), or at the GM's price within the resale line. His legal status stays.
        price = check_price(RESALE, existing_man_price(man) if price is None else price)
        seller_account = accounts.chest(man.owner) if man.owner_id else accounts.market(campaign)
        key = idempotency_key or sequence_key(
            "purchase", man, [Transaction.Cause.PURCHASE, Transaction.Cause.SALE]
        )
        man.owner = buyer
        man.price_purses = price_in_purses(price)
        man_save(man)
        gladiator_left.send(sender=Gladiator, gladiator=man, reason=SOLD)
    contract_post(
        campaign=campaign,
        cause=Transaction.Cause.PURCHASE,
        memo=f"{buyer.name} buys {man.name} ({line.label.lower()}): {format_price(price)}",
        legs=[Leg(accounts.chest(buyer), -price), Leg(seller_account, price)],
        idempotency_key=key,
        gladiator=man,
        created_by=created_by,
    )
    man_refresh(gladiator)
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
    the man's lanista's price (sold to the market: `prices.market_price`, what the market
    takes for such a man); anything from 1 to 12,000 (15 purses). Sold to the market, the man
    has no lanista afterwards.
    """
    # Locked first: a twin post of this form waits, then finds the first's sale by its key.
    man = man_locked(gladiator)
    done = find_by_key(man.campaign, idempotency_key, Transaction.Cause.SALE)
    if done is not None:
        man_refresh(gladiator)
        return done.gladiator
    campaign = man.campaign
    _check_sellable(man, man.campaign_id)
    if man.owner_id is None:
        raise ContractError(NO_OWNER_TO_SELL.format(gladiator=man.name))
    if buyer is not None:
        if buyer.campaign_id != man.campaign_id:
            raise ContractError(FOREIGN_PARTY.format(party=buyer))
        if buyer.pk == man.owner_id:
            raise ContractError(ALREADY_OWNS.format(gladiator=man.name, lanista=buyer.name))
    if price is None:
        # Sold out of the campaign, the market pays what it takes for such a man (so a round
        # trip with the market makes nothing); another school pays his lanista's price.
        price = lanista_price(man) if buyer is not None else market_price(man)
    price = check_price(RESALE, price)
    seller = man.owner
    buyer_account = accounts.chest(buyer) if buyer else accounts.market(campaign)
    key = idempotency_key or sequence_key(
        "sale", man, [Transaction.Cause.PURCHASE, Transaction.Cause.SALE]
    )
    man.owner = buyer
    man_save(man)
    gladiator_left.send(sender=Gladiator, gladiator=man, reason=SOLD)
    contract_post(
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
    man_refresh(gladiator)
    return man


def _check_sellable(man: Gladiator, campaign_id: int) -> None:
    check_same_campaign(man, campaign_id)
    check_alive(man)
    if is_free(man) or man.legal_status == Gladiator.LegalStatus.AUCTORATUS:
        raise ContractError(
            NOT_FOR_SALE_FREE.format(gladiator=man.name, status=man.get_legal_status_display())
        )


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
    if (
        isinstance(bouts, bool)
        or not isinstance(bouts, int)
        or not 1 <= bouts <= MAX_CONTRACT_BOUTS
    ):
        raise ContractError(BOUTS_NOT_POSITIVE.format(bouts=bouts))
    if (gladiator is None) == (volunteer is None):
        raise ContractError(GLADIATOR_OR_SPEC)
    campaign = lanista.campaign
    if idempotency_key is not None:
        lanista_locked(lanista)  # a twin post of this form finds the first's signing, below
    done = find_by_key(campaign, idempotency_key, Transaction.Cause.SIGNING)
    if done is not None:
        man_refresh(gladiator)
        return done.gladiator
    auctoratus = Gladiator.LegalStatus.AUCTORATUS
    if volunteer is not None:
        man = new_man(
            campaign=campaign,
            spec=volunteer,
            owner=lanista,
            legal_status=auctoratus,
            contract_bouts_left=bouts,
        )
        key = idempotency_key or f"signing:new:{uuid.uuid4().hex}"
    else:
        man = man_locked(gladiator)
        check_same_campaign(man, campaign.pk)
        check_alive(man)
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
        key = idempotency_key or sequence_key("signing", man, [Transaction.Cause.SIGNING])
        man.owner = lanista
        man.legal_status = auctoratus
        man.contract_bouts_left = bouts
        man.status = Gladiator.Status.ACTIVE
        man_save(man)
        gladiator_left.send(sender=Gladiator, gladiator=man, reason=SOLD)
    price = SIGNING_SUM.usual
    contract_post(
        campaign=campaign,
        cause=Transaction.Cause.SIGNING,
        memo=f"{man.name} signs with {lanista.name} for {bouts} bouts: {format_price(price)}",
        legs=[Leg(accounts.chest(lanista), -price), Leg(accounts.peculium(man), price)],
        idempotency_key=key,
        gladiator=man,
        created_by=created_by,
    )
    man_refresh(gladiator)
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
    man = man_locked(gladiator)
    check_same_campaign(man, show.campaign_id)
    check_alive(man)
    veteran = man.status == Gladiator.Status.RUDIARIUS or is_free(man)
    if not veteran:
        raise ContractError(NOT_A_VETERAN.format(gladiator=man.name))
    if Hire.objects.filter(**event_is(show), gladiator=man).exists():
        raise ContractError(ALREADY_HIRED.format(gladiator=man.name, show=show.name))
    price = VETERAN_RECALL.usual
    return contract_post(
        campaign=show.campaign,
        cause=Transaction.Cause.HIRE,
        memo=f"{man.name} recalled for {show.name}: {format_price(price)}",
        legs=[Leg(accounts.purse(editor), -price), Leg(accounts.peculium(man), price)],
        idempotency_key=f"recall:{show.pk}:{man.pk}",
        event=show,
        gladiator=man,
        created_by=created_by,
    )
