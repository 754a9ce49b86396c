"""The odds page of a campaign: the page of its ruleset's plug-in (`odds_page`), at the same
addresses whatever the rules. Each page has one shape (arena.views.mc_odds): a form, a short
run answered in the request, a long one queued as a background job (arena.tasks.odds_job)
whose progress bar polls the job's page, and the campaign's recent runs under "Long runs"."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_POST

from arena.errors import BoutError
from arena.rulesets import NO_PLUGIN, is_served, plugin_for
from ludus.access import campaign_view
from ludus.models import Campaign


def _page(campaign: Campaign):
    """The odds page of the campaign's ruleset; a refusal while no campaign is served under it
    (its package may serve the command line only: Grimdark's odds are `bout_odds`'s so far)."""
    if not is_served(campaign.ruleset):
        raise BoutError(NO_PLUGIN.format(ruleset=campaign.get_ruleset_display()))
    return plugin_for(campaign.ruleset).odds_page


@campaign_view(nav="odds")
def odds(request: HttpRequest, campaign_id: int) -> HttpResponse:
    return _page(request.access.campaign).odds_page(request)


@campaign_view(nav="odds")
@require_POST
def odds_run(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """Run the odds asked and answer with the result, or queue a long run."""
    return _page(request.access.campaign).odds_run(request)


@campaign_view(nav="odds")
def odds_job(request: HttpRequest, campaign_id: int, job_id: int) -> HttpResponse:
    """A background run: its progress while it goes on, then its result."""
    page = _page(request.access.campaign)
    return page.odds_job(request, get_object_or_404(page.jobs(request.access.campaign), pk=job_id))
