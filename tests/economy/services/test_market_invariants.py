"""Issue 10, money from nothing: a man who exists is bought at his lanista's price (or the
market's, for a man of no school), the kind of purchase must fit him, and being bought or sold
never changes his legal status. No cycle of buying and selling with the market makes money."""

import pytest

from economy import accounts
from economy.models import Entry, Transaction
from economy.services import prices, refusals, trade
from ludus.models import Gladiator
from tests.economy.services.money import balance, fund
from tests.factories import GladiatorFactory, LanistaFactory

pytestmark = pytest.mark.django_db

SLAVE = Gladiator.LegalStatus.SLAVE
CONDEMNED = Gladiator.LegalStatus.CONDEMNED


def _counts() -> tuple[int, int]:
    return Transaction.objects.count(), Entry.objects.count()


def _refused(message: str, **kwargs) -> None:
    before = _counts()
    with pytest.raises(refusals.ContractError) as refused:
        trade.gladiator_purchase(**kwargs)
    assert str(refused.value) == message
    assert _counts() == before


@pytest.fixture
def verus(campaign):
    """A slave of no school, on the market, priced at 10 purses."""
    return GladiatorFactory(campaign=campaign, owner=None, name="Verus", price_purses=10)


@pytest.fixture
def latro(campaign):
    """A condemned man of no school, on the market."""
    return GladiatorFactory(
        campaign=campaign, owner=None, name="Latro", legal_status=CONDEMNED, price_purses=1
    )


def test_a_slave_bought_as_a_condemned_man_is_refused(campaign, nerva, verus):
    fund(accounts.chest(nerva), 20_000)
    _refused(
        refusals.KIND_DOES_NOT_FIT.format(
            gladiator="Verus", status="slave", kind="condemned", fits="seasoned"
        ),
        buyer=nerva,
        kind="condemned",
        gladiator=verus,
    )
    verus.refresh_from_db()
    assert (verus.owner, verus.legal_status, verus.price_purses) == (None, SLAVE, 10)


def test_a_condemned_man_bought_as_a_recruit_is_refused(campaign, nerva, latro):
    fund(accounts.chest(nerva), 20_000)
    for kind in ("recruit", "seasoned"):
        _refused(
            refusals.KIND_DOES_NOT_FIT.format(
                gladiator="Latro", status="condemned man", kind=kind, fits="condemned"
            ),
            buyer=nerva,
            kind=kind,
            gladiator=latro,
        )
    latro.refresh_from_db()
    assert (latro.owner, latro.legal_status) == (None, CONDEMNED)


def test_a_man_who_exists_is_bought_at_his_price_and_keeps_his_status(campaign, nerva, verus):
    fund(accounts.chest(nerva), 20_000)
    man = trade.gladiator_purchase(buyer=nerva, kind="seasoned", gladiator=verus)
    assert (man.owner, man.legal_status, man.price_purses) == (nerva, SLAVE, 10)
    assert balance(accounts.chest(nerva)) == 20_000 - 8_000


def test_buying_and_selling_with_the_market_makes_no_money(campaign, nerva, verus, latro):
    """The issue's cycle (+300 a round) and its cousins: every round trip nets 0 or less."""
    chest = accounts.chest(nerva)
    fund(chest, 20_000)
    for round_ in range(3):
        for man, kind in ((verus, "seasoned"), (latro, "condemned")):
            trade.gladiator_purchase(buyer=nerva, kind=kind, gladiator=man)
            trade.gladiator_sell(gladiator=man)
        # A new condemned man from the market, sold straight back.
        new = trade.gladiator_purchase(
            buyer=nerva, kind="condemned", recruit={"name": f"Nox {round_}"}
        )
        assert new.legal_status == CONDEMNED
        trade.gladiator_sell(gladiator=new)
        # A new recruit, sold straight back.
        tiro = trade.gladiator_purchase(
            buyer=nerva, kind="recruit", recruit={"name": f"Tiro {round_}"}
        )
        trade.gladiator_sell(gladiator=tiro)
    assert balance(chest) <= 20_000
    verus.refresh_from_db()
    latro.refresh_from_db()
    assert (verus.legal_status, latro.legal_status) == (SLAVE, CONDEMNED)


def test_the_market_pays_for_a_condemned_man_what_it_takes_for_one(campaign, nerva, latro):
    fund(accounts.chest(nerva), 5_000)
    trade.gladiator_purchase(buyer=nerva, kind="condemned", gladiator=latro)
    assert balance(accounts.chest(nerva)) == 5_000 - prices.CONDEMNED_MAN.usual
    trade.gladiator_sell(gladiator=latro)
    assert balance(accounts.chest(nerva)) == 5_000


def test_a_condemned_man_of_a_school_is_bought_at_his_lanistas_price(campaign, nerva):
    rival = LanistaFactory(campaign=campaign, name="Rival")
    man = GladiatorFactory(campaign=campaign, owner=rival, legal_status=CONDEMNED, price_purses=2)
    fund(accounts.chest(nerva), 5_000)
    trade.gladiator_purchase(buyer=nerva, kind="condemned", gladiator=man)
    assert balance(accounts.chest(rival)) == 1_600
    man.refresh_from_db()
    assert (man.owner, man.legal_status, man.price_purses) == (nerva, CONDEMNED, 2)


def test_a_former_recruit_at_2_purses_can_be_bought_on(campaign, nerva):
    """A man who exists is sold on at any price from 1 sesterce to 15 purses (his price is
    his lanista's), not only the seasoned line's 3 to 15 purses."""
    rival = LanistaFactory(campaign=campaign, name="Rival")
    man = GladiatorFactory(campaign=campaign, owner=rival, price_purses=2)
    fund(accounts.chest(nerva), 5_000)
    trade.gladiator_purchase(buyer=nerva, kind="seasoned", gladiator=man)
    assert balance(accounts.chest(rival)) == 1_600
