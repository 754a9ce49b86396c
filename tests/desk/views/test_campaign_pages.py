"""Log in and out, the campaign list and the dashboard, for the GM, the owning player, another
player and an outsider."""

import pytest
from django.urls import reverse

from arena.models import Bout
from desk.selectors import sent_out_hurt
from ludus.models import Membership
from tests import factories
from tests.cast import (
    BATIATUS_CHEST,
    MEMBERS,
    NERVA_CHEST,
)


def _dashboard(cast):
    return reverse("campaign_dashboard", args=[cast.campaign.pk])


def test_login_page_and_logging_in(client, cast):
    page = client.get(reverse("login"))
    assert page.status_code == 200
    assert b'name="username"' in page.content

    response = client.post(
        reverse("login"), {"username": cast.nerva.username, "password": factories.TEST_PASSWORD}
    )
    assert response.status_code == 302
    assert response.url == reverse("campaign_list")


def test_logout_is_a_post(client, cast):
    client.force_login(cast.nerva)
    assert client.get(reverse("logout")).status_code == 405
    assert client.get(_dashboard(cast)).status_code == 200
    response = client.post(reverse("logout"))
    assert response.status_code == 302
    assert client.get(_dashboard(cast)).status_code == 302  # back to the login page


def test_anonymous_users_are_sent_to_log_in(client, cast):
    for url in (reverse("campaign_list"), _dashboard(cast)):
        response = client.get(url)
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))


@pytest.mark.parametrize("who", MEMBERS)
def test_campaign_list_shows_the_users_campaigns(cast, who):
    page = cast.client_for(who).get(reverse("campaign_list"))
    assert page.status_code == 200
    assert cast.campaign.name in page.content.decode()
    assert cast.other_campaign.name not in page.content.decode()


def test_campaign_list_of_an_outsider_shows_only_his_own(cast):
    page = cast.client_for("outsider").get(reverse("campaign_list")).content.decode()
    assert cast.other_campaign.name in page
    assert cast.campaign.name not in page


def test_campaign_list_marks_the_gm_role(cast):
    assert "Game master" in cast.client_for("gm").get(reverse("campaign_list")).content.decode()
    assert "Game master" not in (
        cast.client_for("nerva").get(reverse("campaign_list")).content.decode()
    )


def test_outsider_gets_404_on_the_dashboard(cast):
    assert cast.client_for("outsider").get(_dashboard(cast)).status_code == 404


def test_dashboard_of_a_missing_campaign_is_404(cast):
    assert (
        cast.client_for("gm").get(reverse("campaign_dashboard", args=[999_999])).status_code == 404
    )


@pytest.mark.parametrize("who", MEMBERS)
def test_dashboard_shows_the_day_the_next_show_the_hurt_and_the_verdicts(cast, who):
    page = cast.client_for(who).get(_dashboard(cast))
    assert page.status_code == 200
    text = page.content.decode()
    assert f"Day {cast.campaign.day}" in text
    assert cast.show.name in text  # the next show
    assert "in 2 days" in text  # day 5, and today is day 3
    assert "Bithys" in text and "Cracked Rib" in text  # the hurt
    assert "2/13 Wounds" in text
    assert "divided" in text  # the latest verdict
    assert "Spartacus lives" in text


def test_dashboard_money_for_the_gm_is_every_party(cast):
    text = cast.client_for("gm").get(_dashboard(cast)).content.decode()
    assert "The money of each party" in text
    assert f"{NERVA_CHEST:,} HS" in text
    assert f"{BATIATUS_CHEST:,} HS" in text
    assert "The market" in text


def test_dashboard_money_for_a_player_is_his_own(cast):
    text = cast.client_for("nerva").get(_dashboard(cast)).content.decode()
    assert "Your money" in text
    assert "Nerva&#x27;s chest" in text or "Nerva's chest" in text
    assert f"{NERVA_CHEST:,} HS" in text
    assert "Batiatus" not in text.split('id="money"')[1].split("</section>")[0]
    assert f"{BATIATUS_CHEST:,} HS" not in text


def test_dashboard_shows_no_show_when_none_is_planned(cast):
    cast.show.status = "held"
    cast.show.save()
    text = cast.client_for("gm").get(_dashboard(cast)).content.decode()
    assert "No show is planned." in text


def test_nav_marks_the_gm_and_has_every_campaign_page(cast):
    text = cast.client_for("gm").get(_dashboard(cast)).content.decode()
    for name in ("roster", "recovery"):
        assert reverse(name, args=[cast.campaign.pk]) in text
    assert reverse("economy:ledger", args=[cast.campaign.pk]) in text
    assert reverse("economy:market", args=[cast.campaign.pk]) in text
    assert 'aria-current="page"' in text
    assert ">GM<" in text
    # Log out is a form that posts, with its CSRF token.
    assert f'action="{reverse("logout")}"' in text


def test_a_user_with_two_campaigns_sees_both(cast):
    factories.MembershipFactory(
        campaign=cast.other_campaign, user=cast.nerva, role=Membership.Role.PLAYER
    )
    text = cast.client_for("nerva").get(reverse("campaign_list")).content.decode()
    assert cast.campaign.name in text and cast.other_campaign.name in text


@pytest.mark.parametrize("who", ["gm", "nerva", "other"])
def test_the_dashboard_warns_of_a_man_sent_out_hurt(cast, who):
    client = cast.client_for(who)
    assert "sent-out-hurt" not in client.get(_dashboard(cast)).content.decode()  # no card yet

    bout = factories.BoutFactory(show=cast.show, fighter_a=cast.bithys, fighter_b=cast.spartacus)
    assert bout.status == Bout.Status.PLANNED
    cast.spartacus.wounds = 3
    cast.spartacus.save()
    warned = {
        (w.gladiator.name, tuple(i.name for i in w.carried)) for w in sent_out_hurt(cast.campaign)
    }
    assert warned == {("Bithys", ("Cracked Rib",)), ("Spartacus", ())}
    page = client.get(_dashboard(cast)).content.decode()
    section = page[
        page.index('id="sent-out-hurt"') : page.index(
            "</section>", page.index('id="sent-out-hurt"')
        )
    ]
    assert "Bithys" in section and "Cracked Rib · unhealed" in section and "2/" in section
    assert "Spartacus" in section and "3/" in section

    cast.spartacus.wounds = 0
    cast.spartacus.save()
    cast.bithys.injuries.update(healed_on=cast.campaign.day)
    assert [w.gladiator.name for w in sent_out_hurt(cast.campaign)] == ["Bithys"]  # 2 Wounds
    cast.bithys.wounds = 0
    cast.bithys.save()
    assert sent_out_hurt(cast.campaign) == []  # whole again: no warning
