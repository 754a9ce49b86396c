"""Joining by invitation, in the browser's terms: the GM makes a link on the setup page (shown
once), the invitee opens it, signs up or logs in, and accepts; a used, revoked, expired or
unknown link gives a page that says so; players and outsiders cannot make or revoke links."""

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from desk.services.invitations import invitation_create
from ludus.models import Invitation, Membership
from tests import factories

PASSWORD = "a-long-Passphrase-77"


def _setup(cast, name="campaign_setup", *args):
    return reverse(name, args=[cast.campaign.pk, *args])


def _make_link(cast, part="player") -> str:
    """The GM makes a link through the setup page; the page shows it once."""
    client = cast.client_for("gm")
    response = client.post(
        _setup(cast, "setup_invitation_add"),
        {"invitation-part": part, "invitation-key": factories.form_key()},
    )
    assert response.status_code == 302
    page = client.get(response.url)
    link = page.context["new_link"]
    assert link and link in page.content.decode()
    # Shown this once: the next visit to the page no longer holds it.
    assert client.get(_setup(cast)).context["new_link"] is None
    return link.removeprefix("http://testserver")


def test_the_gm_makes_a_link_that_opens_the_invitation(cast):
    lentulus = factories.LanistaFactory(campaign=cast.campaign, name="Lentulus", player=None)
    path = _make_link(cast, f"lanista-{lentulus.pk}")
    page = Client().get(path)
    assert page.status_code == 200
    text = page.content.decode()
    assert cast.campaign.name in text and "the player of Lentulus (lanista)" in text
    assert reverse("login") + "?next=" + path in text
    token = path.strip("/").split("/")[-1]
    assert reverse("invitation_signup", args=[token]) in text
    # The setup page lists it, open, with its revoke button.
    setup = cast.client_for("gm").get(_setup(cast)).content.decode()
    invitation = Invitation.objects.get()
    assert _setup(cast, "invitation_revoke", invitation.pk) in setup
    assert "open until" in setup


def test_a_played_part_is_not_offered_and_a_free_one_is(cast):
    page = cast.client_for("gm").get(_setup(cast)).content.decode()
    assert f'value="lanista-{cast.school.pk}"' not in page  # Nerva is played by nerva
    eros = factories.BettorFactory(campaign=cast.campaign, name="Eros")
    page = cast.client_for("gm").get(_setup(cast)).content.decode()
    assert f'value="bettor-{eros.pk}"' in page


def test_a_new_user_signs_up_and_accepts(cast):
    eros = factories.BettorFactory(campaign=cast.campaign, name="Eros")
    path = _make_link(cast, f"bettor-{eros.pk}")
    token = path.strip("/").split("/")[-1]
    client = Client()
    response = client.post(
        reverse("invitation_signup", args=[token]),
        {"username": "lucius", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302 and response.url == path
    lucius = get_user_model().objects.get(username="lucius")
    # Signed up and logged in, but not yet a member: he has not accepted.
    assert not Membership.objects.filter(user=lucius).exists()
    page = client.get(path)
    assert page.status_code == 200 and "Accept and join" in page.content.decode()
    response = client.post(path)
    assert response.status_code == 302
    assert response.url == reverse("campaign_dashboard", args=[cast.campaign.pk])
    assert Membership.objects.get(user=lucius, campaign=cast.campaign).role == "player"
    eros.refresh_from_db()
    assert eros.player == lucius
    assert client.get(response.url).status_code == 200


def test_the_sign_up_applies_djangos_password_validators(cast):
    invitation = invitation_create(campaign=cast.campaign)
    response = Client().post(
        reverse("invitation_signup", args=[invitation.token]),
        {"username": "lucius", "password1": "123", "password2": "123"},
    )
    assert response.status_code == 400
    assert "too short" in response.content.decode()
    assert not get_user_model().objects.filter(username="lucius").exists()


def test_an_existing_user_logs_in_and_accepts(cast):
    invitation = invitation_create(campaign=cast.campaign)
    path = reverse("invitation", args=[invitation.token])
    client = Client()
    # Anonymous, the accept sends him to log in, and back here afterwards.
    response = client.post(path)
    assert response.status_code == 302 and response.url.startswith(reverse("login"))
    response = client.post(
        reverse("login"),
        {"username": "outsider", "password": factories.TEST_PASSWORD, "next": path},
    )
    assert response.status_code == 302 and response.url == path
    assert not Membership.objects.filter(user=cast.outsider, campaign=cast.campaign).exists()
    assert client.post(path).status_code == 302
    assert Membership.objects.filter(user=cast.outsider, campaign=cast.campaign).exists()


def test_a_second_accept_or_a_stale_tab_joins_once(cast):
    invitation = invitation_create(campaign=cast.campaign)
    path = reverse("invitation", args=[invitation.token])
    client = cast.client_for("outsider")
    assert client.post(path).status_code == 302
    again = client.post(path, follow=True)
    assert again.status_code == 200
    assert "Already done" in again.content.decode()
    assert Membership.objects.filter(user=cast.outsider, campaign=cast.campaign).count() == 1
    # The page of the used link tells him he joined with it.
    page = client.get(path)
    assert page.status_code == 410 and "go to the campaign" in page.content.decode()


def test_a_used_link_is_a_clear_page_for_another(cast):
    invitation = invitation_create(campaign=cast.campaign)
    path = reverse("invitation", args=[invitation.token])
    assert cast.client_for("outsider").post(path).status_code == 302
    late = Client()
    late.force_login(factories.UserFactory(username="late"))
    for response in (late.get(path), late.post(path)):
        assert response.status_code == 410
        assert "already been used" in response.content.decode()
    assert Client().get(reverse("invitation_signup", args=[invitation.token])).status_code == 410


def test_the_gm_revokes_a_link_and_it_no_longer_opens(cast):
    invitation = invitation_create(campaign=cast.campaign)
    response = cast.client_for("gm").post(_setup(cast, "invitation_revoke", invitation.pk))
    assert response.status_code == 302
    again = cast.client_for("gm").post(_setup(cast, "invitation_revoke", invitation.pk))
    assert again.status_code == 302  # a repeat: already done, nothing more
    path = reverse("invitation", args=[invitation.token])
    page = Client().get(path)
    assert page.status_code == 410 and "revoked" in page.content.decode()
    assert cast.client_for("outsider").post(path).status_code == 410
    assert not Membership.objects.filter(user=cast.outsider, campaign=cast.campaign).exists()


def test_an_expired_link_is_a_clear_page(cast):
    invitation = invitation_create(campaign=cast.campaign)
    Invitation.objects.filter(pk=invitation.pk).update(expires=timezone.now())
    path = reverse("invitation", args=[invitation.token])
    page = Client().get(path)
    assert page.status_code == 410 and "expired" in page.content.decode()
    assert cast.client_for("outsider").post(path).status_code == 410
    assert not Membership.objects.filter(user=cast.outsider, campaign=cast.campaign).exists()


@pytest.mark.parametrize("token", ["wrong", "x" * 43, "y" * 300])
def test_a_wrong_token_is_a_clear_404(cast, token):
    invitation_create(campaign=cast.campaign)
    for client in (Client(), cast.client_for("outsider")):
        for response in (
            client.get(reverse("invitation", args=[token])),
            client.post(reverse("invitation", args=[token])),
            client.get(reverse("invitation_signup", args=[token])),
        ):
            assert response.status_code == 404
            assert "not known" in response.content.decode()
    assert cast.campaign.memberships.count() == 3


@pytest.mark.parametrize("who", ["nerva", "other", "outsider"])
def test_players_and_outsiders_cannot_make_or_revoke_links(cast, who):
    invitation = invitation_create(campaign=cast.campaign)
    client = cast.client_for(who)
    made = client.post(
        _setup(cast, "setup_invitation_add"),
        {"invitation-part": "gm", "invitation-key": factories.form_key()},
    )
    assert made.status_code == 404
    assert client.post(_setup(cast, "invitation_revoke", invitation.pk)).status_code == 404
    assert Invitation.objects.count() == 1
    invitation.refresh_from_db()
    assert invitation.state() == "open"


def test_a_link_of_another_campaign_cannot_be_revoked_here(cast):
    elsewhere = invitation_create(campaign=cast.other_campaign)
    response = cast.client_for("gm").post(_setup(cast, "invitation_revoke", elsewhere.pk))
    assert response.status_code == 404
    elsewhere.refresh_from_db()
    assert elsewhere.state() == "open"


def test_a_refused_link_is_shown_on_the_form(cast):
    # A stale setup page offers a part taken since: refused on the field, nothing written.
    lentulus = factories.LanistaFactory(campaign=cast.campaign, name="Lentulus", player=None)
    client = cast.client_for("gm")
    response = client.post(
        _setup(cast, "setup_invitation_add"),
        {"invitation-part": "lanista-999999", "invitation-key": factories.form_key()},
    )
    assert response.status_code == 400 and "errorlist" in response.content.decode()
    assert lentulus.pk != 999999 and not Invitation.objects.exists()


def test_there_is_no_open_sign_up(db):
    for path in ("/signup/", "/sign-up/", "/register/", "/accounts/signup/"):
        assert Client().get(path).status_code == 404
