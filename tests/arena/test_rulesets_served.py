"""Which rulesets a campaign is played under (arena.rulesets.is_served): an engine registered,
a plug-in registered, and a plug-in that serves campaigns. Grimdark has the first two (its
package serves the command line: bout_odds, the bench) but not the third, until issue 28."""

import pytest
from django.urls import reverse

from arena import tasks
from arena.errors import BoutError
from arena.rulesets import (
    has_plugin,
    is_served,
    plugin_for,
    plugin_keys,
    served_plugins,
)
from arena.rulesets.base import RulesetPlugin
from arena.rulesets.grimdark.plugin import NOT_FOUGHT, GrimdarkPlugin
from ludus.models import Campaign, Job, Membership
from rules.core.registry import is_playable
from tests import factories


def test_grimdark_has_an_engine_and_a_plugin_but_is_not_served():
    assert is_playable("grimdark") and has_plugin("grimdark")
    assert plugin_for("grimdark").serves_campaigns is False
    assert not is_served("grimdark")
    assert "grimdark" not in [plugin.key for plugin in served_plugins()]


def test_the_others_serve_campaigns_by_default():
    assert RulesetPlugin.serves_campaigns is True
    for key in ("era", "sands", "moritari"):
        assert is_served(key) and plugin_for(key) in served_plugins()
    assert [p.key for p in served_plugins()] == [k for k in plugin_keys() if k != "grimdark"]


def test_is_served_follows_the_plugins_flag(monkeypatch):
    monkeypatch.setattr(GrimdarkPlugin, "serves_campaigns", True)
    assert is_served("grimdark")
    monkeypatch.setattr(GrimdarkPlugin, "serves_campaigns", False)
    assert not is_served("grimdark")


def test_grimdark_gives_the_command_line_its_odds_and_nothing_else():
    plugin = plugin_for("grimdark")
    assert plugin.odds_cli is not None and plugin.engine_version == "grimdark/1"
    hooks = [
        lambda: plugin.setup_data(None),
        lambda: plugin.decision_data([]),
        lambda: plugin.fight(None, []),
        lambda: plugin.bout_pending(None),
        lambda: plugin.pending_default(None),
        lambda: plugin.decide(None, None, None),
        lambda: plugin.step_back(None),
        lambda: plugin.book_sides(None, fights=10, seed=1),
        lambda: plugin.odds_page,
    ]
    for hook in hooks:
        with pytest.raises(BoutError, match="not fought in the campaign yet"):
            hook()
    assert "bout_odds --ruleset grimdark" in NOT_FOUGHT


@pytest.mark.django_db
def test_a_campaign_stored_under_grimdark_gets_a_refusal_on_its_odds_page(client):
    # No service creates one; a campaign row may still name it (the field's choices do).
    campaign = factories.CampaignFactory(ruleset="grimdark")
    gm = factories.UserFactory()
    Membership.objects.create(campaign=campaign, user=gm, role=Membership.Role.GM)
    client.force_login(gm)
    page = client.get(reverse("arena:odds", args=[campaign.pk]))
    assert page.status_code == 422
    assert "cannot be fought here yet" in page.content.decode()
    assert Campaign.objects.get(pk=campaign.pk).get_ruleset_display() == "Grimdark Gladiators"


@pytest.mark.django_db
def test_a_job_of_no_served_rulesets_kind_fails_with_the_reason():
    # The task looks among the served plug-ins only: Grimdark's has no odds page to ask.
    campaign = factories.CampaignFactory()
    job = Job.objects.create(campaign=campaign, kind="no-such-odds", title="t", total=10)
    tasks.odds_job.call(job.pk)
    job.refresh_from_db()
    assert job.status == Job.Status.FAILED
    assert job.error == tasks.NO_SUCH_KIND.format(kind="no-such-odds")
