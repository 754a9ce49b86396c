"""Every page of a campaign answers in a number of queries that does not grow with the data
(issue 14): each page has a budget (`django_assert_max_num_queries`), met on the shared cast,
for the GM and a player, and on campaigns made by `generate_campaign`, where a campaign of six
times the bouts, and more editors, players and patrons, takes no more queries than a small
one."""

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import resolve, reverse

from arena.models import Bout, Show
from arena.rulesets import served_plugins
from arena.services.sharing import share_link_create
from bench.sections.every_page import busiest, every_page
from ludus import picker
from ludus.models import Campaign, DignitasChange, Gladiator
from tests import factories
from tests.cast import build_cast, make_campaign, ruleset_cast

pytestmark = pytest.mark.django_db

# The most queries each page may take, whatever the size of the campaign.
BUDGET = {
    "dashboard": 14,  # with the count of the hurt past the few it names
    "roster": 9,
    "gladiator": 24,  # with the history panel: his changes and his injuries', a fixed few
    "market": 22,  # each searchable select (five forms) counts the rows it does not show
    "shows": 9,
    "show": 24,  # with the history panel: one read per kind of row (show, pairs, entries)
    "bout": 53,  # both men's sheets, records, injuries, money and history, each read a few times,
    # and, for a bout settled before its entries kept the school, the schools from the history
    "ledger": 17,
    "ledger_page_2": 17,
    "ledger_last_page": 17,  # read from the other end (ludus.paging.FromEitherEnd)
    "roster_page_2": 9,
    "recovery_page_2": 18,
    "recovery": 18,  # the nights ended, the attempts under way, two pages' counts: a fixed few
    "circus": 8,
    "bets": 17,
    "odds": 6,
    "pool_odds": 6,
    "setup": 30,  # one read per kind of row, each edit form's mark and players read once
    "favors": 8,
    "change_log": 40,  # a page's keys in one read, then a few reads per table on the page
    "charts": 15,  # the leaders in four queries, the money lines of each kind's richest
    "backup": 9,
    "school": 14,
    "handout": 12,
    "show_plan": 5,
    "replay": 9,
    "live_odds": 8,
    "campaigns": 5,
    "shared_record": 14,  # the public record: leaders, then a page of shows' handouts
    "shared_show": 8,
}
# A campaign of each ruleset whose show holds a bout in every state (planned, waiting for a
# choice, over) and a wounded man (tests.cast.ruleset_cast's `sweep_bouts`) takes more on these
# pages, as measured: the dashboard 20 (it reads each kind of bout's entries and men again, three
# queries a kind), the show 29, a Moritari fight's replay 11. That they do not grow with the
# bouts waiting is not shown yet: the generated campaigns below have none waiting.
# A show whose held card stopped at a bout awaiting the editor's verdict draws that verdict's
# panel and the card's bouts in every state (issue 27): 42 on a card of three bouts.
EVERY_STATE_BUDGET = {"dashboard": 20, "show": 42, "replay": 11}
# What one campaign has and the other lacks adds a query or so whatever the size: the ledger
# fetches the events its page names with one query per kind (a show, a bout, a race: economy
# knows them by content type only), a man's page reads his injuries' treatments only if he has
# an injury. A count that grew with the data would grow with the rows: by five or more here,
# where the large campaign has six times the bouts, men, books and entries of the small.
SLACK = 2


def _urls(campaign: Campaign, man: Gladiator, show: Show, bout: Bout) -> dict[str, str]:
    pk = campaign.pk
    urls = {
        "dashboard": reverse("campaign_dashboard", args=[pk]),
        "roster": reverse("roster", args=[pk]),
        "gladiator": reverse("gladiator_detail", args=[pk, man.pk]),
        "market": reverse("economy:market", args=[pk]),
        "shows": reverse("arena:show_list", args=[pk]),
        "show": reverse("arena:show_detail", args=[pk, show.pk]),
        "bout": reverse("arena:bout_detail", args=[pk, bout.pk]),
        "ledger": reverse("economy:ledger", args=[pk]),
        "ledger_page_2": reverse("economy:ledger", args=[pk]) + "?page=2",
        "ledger_last_page": reverse("economy:ledger", args=[pk]) + "?page=1000000",
        "roster_page_2": reverse("roster", args=[pk]) + "?page=2",
        "recovery_page_2": reverse("recovery", args=[pk]) + "?page=2&wounded=2",
        "recovery": reverse("recovery", args=[pk]),
        "circus": reverse("circus:race_list", args=[pk]),
        "bets": reverse("bets:book_list", args=[pk]),
        "odds": reverse("arena:odds", args=[pk]),
        "pool_odds": reverse("arena:pool_odds", args=[pk]),
        "setup": reverse("campaign_setup", args=[pk]),
        "favors": reverse("favors", args=[pk]),
        "change_log": reverse("change_log", args=[pk]),
        "charts": reverse("campaign_charts", args=[pk]),
        "backup": reverse("campaign_backup", args=[pk]),
        "school": reverse("school_roster", args=[pk, man.owner_id]),
        "handout": reverse("arena:show_handout", args=[pk, show.pk]),
        "show_plan": reverse("arena:show_plan", args=[pk]),
        "campaigns": reverse("campaign_list"),
        "shared_record": reverse("shared", args=[share_link_create(campaign=campaign).token]),
        "shared_show": reverse(
            "shared", args=[share_link_create(campaign=campaign, show=show).token]
        ),
    }
    if bout.log:  # a bout with no log of its fight sends these to its page
        urls["replay"] = reverse("arena:bout_replay", args=[pk, bout.pk])
        urls["live_odds"] = reverse("arena:bout_live_odds", args=[pk, bout.pk])
    return urls


def _counts(
    client: Client, urls: dict[str, str], assert_max, *, gm=True, budgets=BUDGET
) -> dict[str, int]:
    counts = {}
    for name, url in urls.items():
        if not gm and getattr(resolve(url.split("?")[0]).func, "gm_only", False):
            continue  # the GM's page: 404 to a player
        with assert_max(budgets[name]) as captured:
            response = client.get(url)
        assert response.status_code == 200, name
        counts[name] = len(captured.captured_queries)
    return counts


def _people(campaign: Campaign, count: int) -> None:
    """`count` more of what the pages list a row each of and the generator makes a fixed number
    of: editors with an election and a change of Dignitas, players with a school, patrons each
    owed a favor by a man."""
    man = Gladiator.objects.filter(campaign=campaign).first()
    for n in range(count):
        editor = factories.EditorFactory(campaign=campaign, name=f"Editor {n} of the test")
        factories.ElectionFactory(editor=editor)
        DignitasChange.objects.create(editor=editor, change=1, reason="a fine show", day=1)
        player = factories.MembershipFactory(campaign=campaign).user
        factories.LanistaFactory(campaign=campaign, player=player, name=f"Lanista {n} of the test")
        patron = factories.PatronFactory(campaign=campaign)
        factories.FavorFactory(patron=patron, gladiator=man)


@pytest.mark.parametrize("who", ["gm", "nerva"])
def test_every_page_keeps_its_budget_on_the_cast(who, django_assert_max_num_queries):
    cast = build_cast()
    urls = _urls(cast.campaign, cast.bithys, cast.bout.show, cast.bout)
    _counts(cast.client_for(who), urls, django_assert_max_num_queries, gm=who == "gm")


@pytest.mark.parametrize("who", ["gm", "owner"])
@pytest.mark.parametrize("key", [plugin.key for plugin in served_plugins()])
def test_every_page_keeps_its_budget_on_a_campaign_of_every_ruleset(
    key, who, django_assert_max_num_queries
):
    """Each ruleset the app serves (arena.rulesets.PLUGINS), its bouts fought, waiting and
    planned (its test cast's), on the same budgets."""
    cast = make_campaign(ruleset=key)
    done = ruleset_cast(key).sweep_bouts(cast)["done"]
    urls = _urls(cast.campaign, cast.crixus, done.show, done)
    # A page only another ruleset has (the Era's dice pool) is 404 here: the URL sweep's.
    urls = {
        name: url
        for name, url in urls.items()
        if getattr(resolve(url.split("?")[0]).func, "ruleset", "") in ("", key)
    }
    if who != "gm":  # the bout's live odds are the GM's unless he shares them
        urls.pop("live_odds", None)
    budgets = BUDGET | EVERY_STATE_BUDGET
    _counts(
        cast.client_for(who), urls, django_assert_max_num_queries, gm=who == "gm", budgets=budgets
    )


def _generated(seed: int, **size) -> Campaign:
    call_command("generate_campaign", seed=seed, quiet=True, stdout=None, **size)
    return Campaign.objects.order_by("-pk").first()


@pytest.fixture(params=["plain selects", "searchable selects"])
def selects(request, monkeypatch):
    """Both ways a select is drawn: every option, and (past `PICK_ABOVE` options, here a few)
    a search box and the first few, which counts the rest (ludus/picker.py)."""
    if request.param == "searchable selects":
        monkeypatch.setattr(picker, "PICK_ABOVE", 1)
        monkeypatch.setattr(picker, "PICK_SHOWN", 1)
    return request.param


def test_the_queries_do_not_grow_with_the_campaign(selects, django_assert_max_num_queries):
    small = _generated(5, gladiators=8, shows=2, bouts=4)
    large = _generated(6, gladiators=24, shows=4, bouts=24)
    _people(small, 1)
    _people(large, 6)
    assert (
        Bout.objects.filter(show__campaign=large).count()
        == 6 * Bout.objects.filter(show__campaign=small).count()
    )
    client = Client()
    client.force_login(small.memberships.get(role="gm").user)
    found = {}
    for campaign in (small, large):
        urls = _urls(campaign, *busiest(campaign))
        found[campaign.pk] = _counts(client, urls, django_assert_max_num_queries)
    grew = {
        name: (found[small.pk][name], count)
        for name, count in found[large.pk].items()
        if count > found[small.pk][name] + SLACK
    }
    assert grew == {}


# Any other page of the app: none takes more than this.
OTHER_PAGE_BUDGET = 40


def _every_page_counts(client: Client, campaign: Campaign, assert_max) -> dict[str, int]:
    """The queries of every page of the app that a GET answers with a page, found as the
    bench's pages section finds them (the URL configuration, so a new page is counted too)."""
    counts = {}
    gm = campaign.memberships.get(role="gm").user
    for name, url in every_page(campaign, gm).items():
        with assert_max(BUDGET.get(name, OTHER_PAGE_BUDGET)) as captured:
            response = client.get(url)
        if response.status_code == 200 and not response.streaming:
            counts[name] = len(captured.captured_queries)
    return counts


def test_no_page_of_the_app_grows_with_the_campaign(selects, django_assert_max_num_queries):
    small = _generated(5, gladiators=8, shows=2, bouts=4)
    large = _generated(6, gladiators=24, shows=4, bouts=24)
    _people(small, 1)
    _people(large, 6)
    client = Client(raise_request_exception=True)
    found = {}
    for campaign in (small, large):
        client.force_login(campaign.memberships.get(role="gm").user)
        found[campaign.pk] = _every_page_counts(client, campaign, django_assert_max_num_queries)
    # the same pages answer for both, and they are the app's pages, not a few
    assert found[small.pk].keys() == found[large.pk].keys()
    assert {"favors", "circus:race_detail", "shared", "bets:book_detail"} <= found[small.pk].keys()
    grew = {
        name: (found[small.pk][name], count)
        for name, count in found[large.pk].items()
        if count > found[small.pk][name] + SLACK
    }
    assert grew == {}
