"""The charts page (issue 14) answers in the same few queries whatever the size of the campaign:
on the shared cast and on campaigns made by `generate_campaign` of 4 and 24 bouts (men, shows
and money in proportion), for the GM and for a player, within one budget."""

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from arena.models import Bout
from ludus.models import Campaign, Lanista, Membership
from tests import factories
from tests.cast import build_cast

pytestmark = pytest.mark.django_db

# Session, user, membership (3); the money: the accounts counted by kind, each kind's richest
# (four kinds of person's account at most), the drawn accounts, the first day, their days (8);
# the leaders: prior records, the summed bouts, the names in the running, the leaders (4).
CHARTS_BUDGET = 15


def _generated(seed: int, **size) -> Campaign:
    """A generated campaign, its first school given to a player (generation makes none)."""
    call_command("generate_campaign", seed=seed, quiet=True, stdout=None, **size)
    campaign = Campaign.objects.order_by("-pk").first()
    player = factories.UserFactory(username=f"lanista-{seed}")
    factories.MembershipFactory(campaign=campaign, user=player, role=Membership.Role.PLAYER)
    school = Lanista.objects.filter(campaign=campaign).order_by("pk").first()
    Lanista.objects.filter(pk=school.pk).update(player=player)
    return campaign


def _count(client: Client, campaign: Campaign, assert_max) -> int:
    with assert_max(CHARTS_BUDGET) as captured:
        page = client.get(reverse("campaign_charts", args=[campaign.pk]))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'id="leader-charts"' in text and 'class="chart chart-money"' in text
    return len(captured.captured_queries)


@pytest.mark.parametrize("who", ["gm", "nerva"])
def test_the_charts_keep_their_budget_on_the_cast(who, django_assert_max_num_queries):
    cast = build_cast()
    _count(cast.client_for(who), cast.campaign, django_assert_max_num_queries)


def test_the_charts_take_no_more_queries_on_a_larger_campaign(django_assert_max_num_queries):
    small = _generated(5, gladiators=8, shows=2, bouts=4)
    large = _generated(6, gladiators=24, shows=4, bouts=24)
    assert (
        Bout.objects.filter(show__campaign=large).count()
        == 6 * Bout.objects.filter(show__campaign=small).count()
    )
    counts = {}
    for campaign in (small, large):
        for role in ("gm", "player"):
            member = campaign.memberships.filter(role=role).order_by("pk").first()
            client = Client()
            client.force_login(member.user)
            counts[(campaign.pk, role)] = _count(client, campaign, django_assert_max_num_queries)
    for role in ("gm", "player"):
        assert counts[(large.pk, role)] == counts[(small.pk, role)], counts
