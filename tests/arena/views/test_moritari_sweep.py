"""The URL sweep of tests/test_url_sweep.py over a Moritari campaign (issue 13): every arena
URL of its show and of a fight waiting for Caesar, a fight over and a fight planned, for the
GM, both players and the outsider, by GET, POST and htmx POST. Nobody gets a 500; the outsider
gets 404 everywhere; a member reads every page open to him."""

import pytest
from django.db import transaction
from django.urls import reverse

from arena.book.services import book_open
from arena.models import Bout
from arena.rulesets.moritari import adapter as moritari
from arena.rulesets.moritari import odds as odds_service
from arena.rulesets.moritari.fights import Entrant, fight_add
from arena.services.bouts import bout_fight
from economy.models import Book
from ludus.models import Job
from tests.cast import make_campaign
from tests.test_url_sweep import URLS

pytestmark = pytest.mark.django_db

BOUT_URLS = (
    "bout_detail",
    "bout_fight",
    "bout_choose",
    "bout_decide",
    "bout_rudis",
    "bout_undo",
    "bout_replay",
    "bout_live_odds",
)
SHOW_URLS = ("show_detail", "fight_add", "bout_add", "show_hold", "show_handout")
GM_ONLY = {"bout_fight", "bout_undo", "fight_add", "bout_add", "show_hold"}
GM_UNLESS_SHARED = {"bout_live_odds"}  # the players' only when the GM shares live odds


@pytest.fixture
def world():
    cast = make_campaign(ruleset="moritari")
    waiting = fight_add(
        show=cast.show,
        entrants=[Entrant(gladiator=cast.bithys), Entrant(gladiator=cast.spartacus)],
        caesar_asks=True,
    )
    seed = next(
        s
        for s in range(1, 300)
        if moritari.engine.play(moritari.setup_from_data(moritari.setup_data(waiting)), s).pending
    )
    waiting = bout_fight(bout=waiting, seed=seed, auto_decide=False)
    assert waiting.status == Bout.Status.FIGHTING
    over = fight_add(
        show=cast.show,
        entrants=[Entrant(gladiator=cast.verus), Entrant(beast="lion", name="Leo")],
    )
    over = bout_fight(bout=over, seed=2)
    planned = fight_add(
        show=cast.show,
        entrants=[Entrant(gladiator=cast.crixus), Entrant(beast="bull", name="Taurus")],
    )
    book_open(bout=planned, source=Book.Source.ENGINE)
    return cast, (waiting, over, planned)


def _request(client, method, url):
    with transaction.atomic():
        if method == "get":
            response = client.get(url)
        elif method == "post":
            response = client.post(url)
        else:
            response = client.post(url, headers={"HX-Request": "true"})
        transaction.set_rollback(True)
    return response


@pytest.mark.parametrize("method", ["get", "post", "htmx post"])
def test_no_visitor_gets_a_500_on_a_moritari_campaign(world, method):
    cast, bouts = world
    urls = [
        (name, reverse(f"arena:{name}", args=[cast.campaign.pk, bout.pk]))
        for bout in bouts
        for name in BOUT_URLS
    ]
    urls += [
        (name, reverse(f"arena:{name}", args=[cast.campaign.pk, cast.show.pk]))
        for name in SHOW_URLS
    ]
    problems = []
    for who in ("gm", "nerva", "other", "outsider"):
        client = cast.client_for(who)
        for name, url in urls:
            status = _request(client, method, url).status_code
            if status >= 500:
                problems.append((who, method, url, status))
            elif who == "outsider" and status != 404:
                problems.append((who, method, url, status, "should be 404"))
            elif who in ("nerva", "other") and name in GM_ONLY and status != 404:
                problems.append((who, method, url, status, "GM only"))
            elif method == "get" and who != "outsider" and status == 404:
                barred = name in GM_ONLY | GM_UNLESS_SHARED and who != "gm"
                if not barred:
                    problems.append((who, method, url, status, "a member's page"))
    assert problems == []


def _odds_job(cast) -> Job:
    """A finished long run of the campaign's odds page (its own page, arena:odds_job)."""
    ask = odds_service.MoritariOddsAsk(
        picks=(odds_service.Pick(man=cast.bithys), odds_service.Pick(beast="lion")),
        fights=100,
        seed=1,
    )
    run = odds_service.moritari_odds_run(ask)
    return Job.objects.create(
        campaign=cast.campaign,
        kind=odds_service.KIND,
        title=ask.title,
        params=ask.params(),
        total=100,
        done=100,
        status=Job.Status.DONE,
        result=odds_service.result_data(run),
    )


@pytest.mark.parametrize("method", ["get", "post"])
def test_no_page_of_a_moritari_campaign_answers_500(world, method):
    """Every campaign URL the app has whose ids this world holds (the campaign, the show, each
    fight, a man, his school, the editor, the book): no 500 for any member or the outsider."""
    cast, bouts = world
    book = bouts[2].book
    ids = {
        "campaign_id": cast.campaign.pk,
        "show_id": cast.show.pk,
        "gladiator_id": cast.bithys.pk,
        "lanista_id": cast.school.pk,
        "editor_id": cast.editor.pk,
        "book_id": book.pk,
        "job_id": _odds_job(cast).pk,
    }
    urls = []
    for name, kwargs, _view in URLS:
        if "campaign_id" not in kwargs:
            continue
        if "bout_id" in kwargs:
            urls += [
                reverse(name, kwargs={k: ids[k] for k in kwargs - {"bout_id"}} | {"bout_id": b.pk})
                for b in bouts
            ]
        elif kwargs <= set(ids):
            urls.append(reverse(name, kwargs={k: ids[k] for k in kwargs}))
    problems = []
    for who in ("gm", "nerva", "other", "outsider"):
        client = cast.client_for(who)
        for url in urls:
            status = _request(client, method, url).status_code
            if status >= 500 or (who == "outsider" and status != 404):
                problems.append((who, method, url, status))
    assert len(urls) > 40 and problems == []
