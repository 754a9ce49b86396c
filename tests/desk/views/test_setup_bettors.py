"""A campaign set up in the browser can bet (issue 11): the GM adds a bettor with an opening
purse (a ledger transaction with its cause), invites a player for him, and the invited player
places a bet on the bets pages, paid from that purse."""

from django.test import Client
from django.urls import reverse

from arena.book.services import book_open
from economy import accounts
from economy.ledger import account_balance
from economy.models import Bet, Bettor, Transaction
from tests import factories

PASSWORD = "a-long-Passphrase-77"


def test_an_invited_bettor_bets_from_the_purse_the_setup_opened(cast):
    gm = cast.client_for("gm")
    setup = reverse("campaign_setup", args=[cast.campaign.pk])
    response = gm.post(
        reverse("setup_bettor_add", args=[cast.campaign.pk]),
        {"bettor-name": "Eros", "bettor-purse": 2_000, "bettor-key": factories.form_key()},
    )
    assert response.status_code == 302
    eros = Bettor.objects.get(campaign=cast.campaign, name="Eros")
    purse = accounts.bettor_account(eros)
    assert account_balance(purse) == 2_000
    opening = Transaction.objects.get(entries__account=purse)
    assert opening.cause == Transaction.Cause.OPENING and "Eros" in opening.memo

    response = gm.post(
        reverse("setup_invitation_add", args=[cast.campaign.pk]),
        {"invitation-part": f"bettor-{eros.pk}", "invitation-key": factories.form_key()},
    )
    link = gm.get(setup).context["new_link"].removeprefix("http://testserver")
    token = link.strip("/").split("/")[-1]
    lucius = Client()
    lucius.post(
        reverse("invitation_signup", args=[token]),
        {"username": "lucius", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert lucius.post(link).status_code == 302

    bout = factories.BoutFactory(show=cast.show, fighter_a=cast.bithys, fighter_b=cast.crixus)
    book = book_open(bout=bout)
    assert lucius.get(reverse("bets:book_list", args=[cast.campaign.pk])).status_code == 200
    detail = lucius.get(reverse("bets:book_detail", args=[cast.campaign.pk, book.pk]))
    assert detail.status_code == 200 and detail.context["bet_form"] is not None
    response = lucius.post(
        reverse("bets:bet_place", args=[cast.campaign.pk, book.pk]),
        {"bettor": eros.pk, "side": cast.bithys.pk, "stake": 500, "key": "k" * 32},
    )
    assert response.status_code == 302
    bet = Bet.objects.get(bettor=eros)
    assert bet.stake == 500
    assert account_balance(purse) == 1_500
    # His page shows his purse and his bet; the GM's setup page shows the purse left.
    page = lucius.get(reverse("bets:book_detail", args=[cast.campaign.pk, book.pk]))
    assert [b.bettor.name for b in page.context["bets"]] == ["Eros"]
    assert "1,500 HS" in gm.get(setup).content.decode()
