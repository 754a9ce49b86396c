"""A bout that waits for the editor is listed on the dashboard for every member, and play_show
says so, until the editor decides."""

import pytest
from django.urls import reverse

from arena.management.commands.play_show import bout_line
from arena.models import Bout
from arena.services.bouts import bout_decide, bout_fight
from tests.arena.views.helpers import divided, seed_where

pytestmark = pytest.mark.django_db


@pytest.fixture
def waiting(cast):
    seed = seed_where(cast.bout, divided)
    bout = bout_fight(bout=cast.bout, seed=seed, auto_decide=False)
    assert bout.status == Bout.Status.AWAITING_VERDICT
    return bout


@pytest.mark.parametrize("who", ["gm", "owner", "editor_player", "other"])
def test_the_dashboard_lists_a_bout_awaiting_the_editor(cast, as_user, waiting, who):
    page = as_user(getattr(cast, who)).get(reverse("campaign_dashboard", args=[cast.campaign.pk]))
    text = page.content.decode().replace("&#x27;", "'")
    assert 'id="awaiting-verdict"' in text
    assert f"decides {waiting.loser.name}'s fate" in text
    assert reverse("arena:bout_detail", args=[cast.campaign.pk, waiting.pk]) in text


def test_once_decided_it_leaves_the_list(cast, as_user, waiting):
    bout_decide(bout=waiting, editor_choice="missio")
    page = as_user(cast.gm).get(reverse("campaign_dashboard", args=[cast.campaign.pk]))
    assert 'id="awaiting-verdict"' not in page.content.decode()


def test_play_show_says_the_bout_awaits_the_editor(waiting):
    line = bout_line(waiting).replace("&#x27;", "'")
    assert f"{waiting.loser.name}'s fate awaits the editor" in line
