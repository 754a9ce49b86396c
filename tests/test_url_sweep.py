"""Every URL of the app, for every kind of visitor: the GM, the owning player, another player,
a member of another campaign, a logged-in stranger and anonymous. Nobody ever gets a 500; only
members see a campaign (everyone else 404, anonymous sent to log in); a GM-only page answers
404 to players. Each URL is also POSTed to with an empty body, as a page and as htmx: a clear
refusal, never a 500. Every request runs in a savepoint rolled back after it, so each visitor
meets the same campaign (the GM's empty POST to "hold" does not hold the show for the others)."""

import re

import pytest
from django.conf import settings
from django.db import transaction
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver, reverse

from arena.book.services import book_open
from arena.rulesets import plugin_for, served_plugins
from arena.services.sharing import share_link_create
from desk.campaign_archive import campaign_export
from desk.services.exports import export_job_start, export_run
from desk.services.generation import generation_start
from desk.services.imports import import_job_start
from desk.services.invitations import invitation_create
from desk.tasks import campaign_export_job, campaign_generate_job, campaign_import_job
from economy.models import Book
from ludus.access import campaign_view
from ludus.models import Campaign, DayEnd, Injury, Job, Membership
from ludus.services.recovery import medicus_treat
from tests import factories
from tests.cast import build_cast, make_campaign, ruleset_cast

pytestmark = pytest.mark.django_db

SKIPPED = (
    "admin:",
    "login",
    "logout",
    "favicon",
)  # favicon: a redirect to the static icon, for all
# Pages for spectators, open without logging in (a live share link's token is their key).
PUBLIC = ("shared",)
# An invitation's page and its sign-up: anyone holding a live link opens them (the page leads
# an anonymous visitor to sign up or log in); accepting is a POST of a logged-in user.
INVITATION = ("invitation", "invitation_signup")
# A generated campaign's or an import's job page: its requester's (the GM here) alone, 404 to
# anyone else.
REQUESTER_ONLY = ("campaign_generate_job", "campaign_import_job")


def _patterns(patterns=None, namespace=""):
    """(name, pattern's int kwargs, view) of every URL pattern."""
    for entry in patterns if patterns is not None else get_resolver().url_patterns:
        if isinstance(entry, URLResolver):
            inner = f"{namespace}{entry.namespace}:" if entry.namespace else namespace
            prefix = set(re.findall(r"<(?:int|str):(\w+)>", str(entry.pattern)))
            for name, kwargs, view in _patterns(entry.url_patterns, inner):
                yield name, kwargs | prefix, view
        elif isinstance(entry, URLPattern):
            yield (
                f"{namespace}{entry.name or ''}",
                set(re.findall(r"<(?:int|str):(\w+)>", str(entry.pattern))),
                entry.callback,
            )


URLS = [u for u in _patterns() if not u[0].startswith(SKIPPED)]


@pytest.fixture
def world():
    cast = build_cast()
    race = factories.RaceFactory(show=cast.show)
    entry = factories.RaceEntryFactory(race=race, driver=cast.crixus)
    patron = factories.PatronFactory(campaign=cast.campaign)
    favor = factories.FavorFactory(patron=patron)
    bout = factories.BoutFactory(show=cast.show, fighter_a=cast.bithys, fighter_b=cast.crixus)
    book = book_open(bout=bout, source=Book.Source.ENGINE)
    stranger = factories.UserFactory(username="stranger")
    job = Job.objects.create(
        campaign=cast.campaign, kind="bout_odds", title="a long run", total=30_000
    )
    # The GM's Download, written by the worker's part in-process (desk/services/exports.py).
    export = export_run(export_job_start(campaign=cast.campaign, task=campaign_export_job).pk)
    # A generated campaign the GM asked for (queued: the test never commits, no worker runs).
    generation = generation_start(
        user=cast.gm, task=campaign_generate_job, gladiators=8, shows=2, bouts=4, seed=1
    )
    # A campaign file the GM uploaded (queued: no worker runs).
    upload = campaign_export(cast.campaign)
    imported = import_job_start(
        data=upload, raw=b"{}", file_name="c.json", user=cast.gm, task=campaign_import_job
    )
    attempt = medicus_treat(injury=cast.bithys.injuries.first(), seed=1)
    night = DayEnd.objects.create(campaign=cast.campaign, day=2)
    link = share_link_create(campaign=cast.campaign, show=cast.show)
    invitation = invitation_create(campaign=cast.campaign, created_by=cast.gm)
    ids = {
        "campaign_id": cast.campaign.pk,
        "show_id": cast.show.pk,
        "bout_id": cast.bout.pk,
        "race_id": race.pk,
        "entry_id": entry.pk,
        "gladiator_id": cast.bithys.pk,
        "lanista_id": cast.school.pk,
        "injury_id": cast.bithys.injuries.first().pk,
        "favor_id": favor.pk,
        "book_id": book.pk,
        "job_id": job.pk,
        "export_id": export.pk,
        "attempt_id": attempt.pk,
        "record_id": night.pk,
        "editor_id": cast.editor.pk,
        "membership_id": Membership.objects.get(campaign=cast.campaign, user=cast.nerva).pk,
        "link_id": link.pk,
        "token": link.token,
        "invitation_id": invitation.pk,
        "invitation_token": invitation.token,
        "generation_id": generation.pk,
        "import_id": imported.pk,
    }
    visitors = {
        "gm": cast.gm,
        "owner": cast.nerva,
        "other player": cast.other,
        "other campaign": cast.outsider,
        "stranger": stranger,
        "anonymous": None,
    }
    return ids, visitors


def _client(user) -> Client:
    client = Client(raise_request_exception=False)
    if user is not None:
        client.force_login(user)
    return client


def _sent_to_log_in(response, method, login) -> bool:
    """A page is redirected to log in; htmx is told to go there (204 with HX-Redirect), so the
    login page is not swapped into a corner of the old one."""
    if method == "htmx post":
        return response.status_code == 204 and response["HX-Redirect"].startswith(login)
    return response.status_code == 302 and response["Location"].startswith(login)


def _url(name, kwargs, ids):
    return reverse(name, kwargs={key: ids[key] for key in kwargs})


# The GM's alone until he shares them with the players (a campaign setting, off in this world).
GM_UNLESS_SHARED = {"arena:bout_live_odds"}


def _gm_only(view) -> bool:
    return getattr(view, "gm_only", False)


def _elsewhere(view, ruleset: str) -> bool:
    """A page only another ruleset has (campaign_view's `ruleset`): 404 in this campaign."""
    only = getattr(view, "ruleset", "")
    return bool(only) and only != ruleset


def test_the_sweep_sees_the_campaign_pages():
    names = {name for name, _, _ in URLS}
    # every pattern outside the admin is named, so reverse() reaches it and none is missed
    assert all(name and not name.endswith(":") for name in names)
    assert {
        "campaign_dashboard",
        "arena:bout_detail",
        "circus:race_detail",
        "bets:book_detail",
        "economy:ledger",
        "recovery",
        "favors",
        "campaign_backup",
        "campaign_download",
        "campaign_export_start",
        "campaign_export_job",
        "campaign_import",
        "campaign_generate",
        "campaign_generate_job",
        "campaign_import_job",
        "campaign_charts",
        "share_link_add",
        "share_link_revoke",
        "arena:show_handout",
        "shared",
        "invitation",
        "invitation_signup",
        "invitation_revoke",
        "setup_invitation_add",
        "setup_bettor_add",
        "password_change",
        "password_change_done",
    } <= names
    assert any(_gm_only(view) for _, _, view in URLS)
    assert campaign_view  # the one door the sweep relies on


def _request(client: Client, method: str, url: str):
    """One request, its writes rolled back: the next visitor finds the campaign unchanged."""
    with transaction.atomic():
        if method == "get":
            response = client.get(url)
        elif method == "post":
            response = client.post(url)
        else:
            response = client.post(url, headers={"HX-Request": "true"})
        transaction.set_rollback(True)
    return response


def _invitation_answer(name, who, method, response, login) -> bool:
    """The link's page opens for everyone; its accept (a POST) sends the anonymous to log in
    and answers a user with his campaign (302) or why not (409: already a member). Its sign-up
    is for the anonymous (a logged-in user is sent back to the link's page)."""
    status = response.status_code
    if name == "invitation":
        if method == "get":
            return status == 200
        if who == "anonymous":
            return _sent_to_log_in(response, method, login)
        return status in (302, 409)
    if who != "anonymous":
        return status == 302 and "/sign-up/" not in response["Location"]
    return status == (200 if method == "get" else 400)


MEMBERS = ("gm", "owner", "other player")
PLAYERS = ("owner", "other player")
NOT_MEMBERS = ("other campaign", "stranger")


@pytest.mark.parametrize("method", ["get", "post", "htmx post"])
def test_no_visitor_gets_a_500_and_outsiders_get_nothing(world, method):
    ids, visitors = world
    clients = {who: _client(user) for who, user in visitors.items()}
    login = reverse(settings.LOGIN_URL)
    ruleset = Campaign.objects.get(pk=ids["campaign_id"]).ruleset
    problems = []
    for name, kwargs, view in URLS:
        url = _url(name, kwargs, ids)
        in_campaign = "campaign_id" in kwargs
        gm_only = in_campaign and (_gm_only(view) or name in GM_UNLESS_SHARED)
        elsewhere = in_campaign and _elsewhere(view, ruleset)
        for who, client in clients.items():
            response = _request(client, method, url)
            status = response.status_code
            if status >= 500:
                problems.append((who, method, url, status))
            elif name in PUBLIC:
                # Everyone reads a live link; it is read-only (a POST is not allowed).
                if status != (200 if method == "get" else 405):
                    problems.append((who, method, url, status, "a public page"))
            elif name in INVITATION:
                if not _invitation_answer(name, who, method, response, login):
                    problems.append((who, method, url, status, "an invitation's page"))
            elif name in REQUESTER_ONLY and who != "anonymous":
                if method == "get" and status != (200 if who == "gm" else 404):
                    problems.append((who, method, url, status, "the requester's alone"))
            elif in_campaign and who in NOT_MEMBERS and status != 404:
                problems.append((who, method, url, status, "should be 404"))
            elif who == "anonymous" and not _sent_to_log_in(response, method, login):
                problems.append((who, method, url, status, "should send to log in"))
            elif gm_only and who in PLAYERS and status != 404:
                problems.append((who, method, url, status, "GM only"))
            elif (
                method == "get"
                and who in MEMBERS
                and not (gm_only and who in PLAYERS)
                and not elsewhere
                and status == 404
            ):
                # the ids are real: a member sees every page open to him
                problems.append((who, method, url, status, "a member's page"))
    assert problems == []


def ruleset_world(key: str):
    """A campaign of ruleset `key` (tests.cast.make_campaign) with a bout waiting for a choice,
    one over and one planned with its book, a wound to treat where it has one (the ruleset's
    `sweep_bouts`), a finished long run of its odds page and a spectator's link to its show."""
    cast = make_campaign(ruleset=key)
    bouts = ruleset_cast(key).sweep_bouts(cast)
    assert [bouts[which].status for which in ("pending", "planned")] == ["fighting", "planned"]
    injury = Injury.objects.filter(gladiator__campaign=cast.campaign).first()
    ids = {
        "campaign_id": cast.campaign.pk,
        "show_id": cast.show.pk,
        "gladiator_id": cast.crixus.pk,
        "lanista_id": cast.school.pk,
        "editor_id": cast.editor.pk,
        "book_id": bouts["planned"].book.pk,
        "job_id": finished_odds_job(cast).pk,
        "token": share_link_create(campaign=cast.campaign, show=cast.show).token,
    }
    if injury is not None:  # a wound the ruleset's fights leave (or its `sweep_bouts` gives)
        ids["injury_id"] = injury.pk
    visitors = {
        "gm": cast.gm,
        "owner": cast.owner,
        "other player": cast.other,
        "other campaign": cast.outsider,
    }
    return ids, {which: bout.pk for which, bout in bouts.items()}, visitors


def finished_odds_job(cast) -> Job:
    """A long run of the campaign's odds page, done (its result the ruleset's own)."""
    ask = ruleset_cast(cast.campaign.ruleset).odds_ask(cast, 100, 1)
    return Job.objects.create(
        campaign=cast.campaign,
        kind=plugin_for(cast.campaign.ruleset).odds_page.kind,
        title=ask.title,
        params=ask.params(),
        total=100,
        done=100,
        status=Job.Status.DONE,
        result=ruleset_cast(cast.campaign.ruleset).odds_result(ask),
    )


# A member's GET of a page of his campaign: the page, sent on (a replay not fought yet, ...), or
# a POST-only address: never a refusal.
OPENS = (200, 302, 405)


def ruleset_sweep(key: str, method: str) -> list:
    """Every campaign page of a campaign of ruleset `key` (each of its bouts), as the members
    and an outsider: what went wrong (nothing: no 500, outsiders 404, a GM's page 404 to the
    players, a member's page opens, a spectator's link opens without logging in)."""
    ids, bouts, visitors = ruleset_world(key)
    clients = {who: _client(user) for who, user in visitors.items()}
    problems = []
    swept = 0
    for name, kwargs, view in URLS:
        if "campaign_id" not in kwargs or not kwargs <= set(ids) - {"token"} | {"bout_id"}:
            continue
        gm_only = _gm_only(view) or name in GM_UNLESS_SHARED
        elsewhere = _elsewhere(view, key)
        for which in bouts if "bout_id" in kwargs else ["-"]:
            url = _url(name, kwargs, ids | {"bout_id": bouts.get(which)})
            swept += 1
            for who, client in clients.items():
                status = _request(client, method, url).status_code
                barred = gm_only and who in PLAYERS
                if status >= 500:
                    problems.append((who, method, url, status))
                elif who == "other campaign" and status != 404:
                    problems.append((who, method, url, status, "should be 404"))
                elif barred and status != 404:
                    problems.append((who, method, url, status, "GM only"))
                elif elsewhere and status != 404:
                    problems.append((who, method, url, status, "another ruleset's page"))
                elif (
                    method == "get"
                    and who in MEMBERS
                    and not barred
                    and not elsewhere
                    and status not in OPENS
                ):
                    problems.append((who, method, url, status, "a member's page"))
    if method == "get":
        shared = _request(_client(None), "get", reverse("shared", args=[ids["token"]]))
        if shared.status_code != 200:
            problems.append(("anonymous", "get", "shared", shared.status_code))
    assert swept > 40, "the sweep reaches the campaign's pages"
    return problems


@pytest.mark.parametrize("method", ["get", "post", "htmx post"])
@pytest.mark.parametrize("key", [plugin.key for plugin in served_plugins()])
def test_a_campaign_of_every_ruleset_answers_no_500(key, method):
    """Every ruleset the app serves (arena.rulesets.PLUGINS), swept the same way."""
    problems = ruleset_sweep(key, method)
    assert problems == [], "\n".join(map(str, problems))
