"""The page that asks for a generated practice campaign (issue 14): any signed-in user may ask;
a valid form queues one job and leads to its page, whose card polls the job and, once the
worker is done, links to the campaign; bad input is the form again with the error under its
field and nothing written; a repeated post queues once; a generation is its requester's alone.
"""

import pytest
from django.urls import reverse
from django.utils.html import escape

from desk.services.generation import FAILED, KIND, ONE_AT_A_TIME, generation_run
from ludus.models import Campaign, Job, Membership, OnceKey
from ludus.services.jobs import job_fail

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
KEY = "q" * 32
USERS = ("gm", "nerva", "other", "outsider")  # tests/cast.py: GM, owner, other player, outsider
FORM = {"key": KEY, "gladiators": "8", "shows": "2", "bouts": "4", "seed": "3"}
GENERATE = reverse("campaign_generate")


def job_url(job) -> str:
    return reverse("campaign_generate_job", args=[job.pk])


def _counts() -> tuple[int, int, int]:
    return Campaign.objects.count(), Job.objects.count(), OnceKey.objects.count()


@pytest.mark.parametrize("who", USERS)
def test_every_signed_in_user_may_ask_and_the_job_is_his(cast, who):
    client = cast.client_for(who)
    page = client.get(GENERATE)
    assert page.status_code == 200
    text = page.content.decode()
    for field in ("gladiators", "shows", "bouts", "seed"):
        assert f'name="{field}"' in text
    assert 'value="300"' in text and 'max="5000"' in text  # the default and the page's bound
    campaigns = Campaign.objects.count()

    response = client.post(GENERATE, FORM)
    job = Job.objects.get(kind=KIND)
    assert response.status_code == 302 and response.url == job_url(job)
    assert job.requested_by == getattr(cast, who) and job.status == Job.Status.QUEUED
    assert job.params == {"gladiators": 8, "shows": 2, "bouts": 4, "seed": 3} and job.total == 2
    assert Campaign.objects.count() == campaigns + 1
    assert not Membership.objects.filter(campaign=job.campaign).exists()  # nobody's yet
    card = client.get(job_url(job)).content.decode()
    assert "Waiting for the worker" in card and f'hx-get="{job_url(job)}"' in card


def test_the_anonymous_are_sent_to_log_in(client):
    for response in (client.get(GENERATE), client.post(GENERATE, FORM)):
        assert response.status_code == 302 and "/login/" in response.url
    assert not Job.objects.exists()


def test_a_repeated_post_queues_once(cast):
    client = cast.client_for("nerva")
    first = client.post(GENERATE, FORM)
    again = client.post(GENERATE, FORM)  # a double click, a stale tab sent again
    job = Job.objects.get(kind=KIND)
    assert first.url == again.url == job_url(job)
    assert Job.objects.filter(kind=KIND).count() == 1
    assert Campaign.objects.filter(pk=job.campaign_id).count() == 1
    # another tab's form (its own key) while the first waits: refused, saying why
    busy = client.post(GENERATE, FORM | {"key": "r" * 32, "seed": "4"})
    assert busy.status_code == 400
    assert escape(ONE_AT_A_TIME.format(title=job.title)) in busy.content.decode()
    assert Job.objects.filter(kind=KIND).count() == 1


@pytest.mark.parametrize(
    ("changes", "field", "message"),
    [
        ({"gladiators": "3"}, "gladiators", "gladiators: at least 4; got 3."),
        ({"gladiators": "1001"}, "gladiators", "gladiators: at most 1,000; got 1,001."),
        ({"shows": "0"}, "shows", "shows: at least 1; got 0."),
        ({"bouts": "5001", "shows": "300"}, "bouts", "bouts: at most 5,000; got 5,001."),
        ({"bouts": "9" * 40}, "bouts", "bouts: at most 5,000"),
        ({"gladiators": "9" * 5000}, "gladiators", "gladiators: a whole number, please."),
        ({"shows": "-2"}, "shows", "shows: at least 1; got -2."),
        ({"shows": "3", "bouts": "2"}, "bouts", "bouts: every show needs a bout"),
        ({"shows": "1", "bouts": "3"}, "gladiators", "gladiators: a card of 3 pairs needs 12"),
        ({"bouts": "many"}, "bouts", "bouts: a whole number, please."),
        ({"shows": ""}, "shows", "shows: a whole number, please."),
        ({"seed": "-1"}, "seed", "seed: at least 0."),
        ({"seed": str(2**63)}, "seed", "seed: at most"),
        ({"key": "short"}, "key", "field key"),
    ],
)
def test_bad_input_names_the_field_and_writes_nothing(cast, changes, field, message):
    before = _counts()
    response = cast.client_for("other").post(GENERATE, FORM | changes)
    assert response.status_code == 400
    form = response.context["form"]
    assert any(message in error for error in form.errors[field])
    text = response.content.decode()
    assert escape(message) in text
    if field != "key":  # shown under its own field
        assert 'class="field field--error"' in text
        part = text.split('class="field field--error"')[1].split("</div>")[0]
        assert f'name="{field}"' in part and escape(message) in part
    assert _counts() == before


def test_the_card_polls_then_links_to_the_campaign(cast):
    client = cast.client_for("gm")
    client.post(GENERATE, FORM)
    job = Job.objects.get(kind=KIND)
    Job.objects.filter(pk=job.pk).update(status=Job.Status.RUNNING, done=1)
    running = client.get(job_url(job), **HTMX).content.decode()
    assert "<html" not in running  # the card alone, swapped in place of itself
    assert f'hx-get="{job_url(job)}"' in running and 'hx-trigger="every 1s"' in running
    assert 'max="2" value="1"' in running and "1 of 2 shows held" in running
    dashboard = reverse("campaign_dashboard", args=[job.campaign_id])
    assert dashboard not in running
    assert client.get(dashboard).status_code == 404  # not his until it is built

    Job.objects.filter(pk=job.pk).update(status=Job.Status.QUEUED, done=0)
    generation_run(job.pk)
    done = client.get(job_url(job), **HTMX).content.decode()
    assert "hx-get" not in done  # over: it stops polling
    job.refresh_from_db()
    assert f'href="{dashboard}"' in done and "Open the campaign" in done
    assert f"Done: 2 shows, 4 bouts, {job.result['entries']:,} ledger entries" in done
    assert client.get(dashboard).status_code == 200
    listed = client.get(reverse("campaign_list")).content.decode()
    assert "Generated campaign (seed 3)" in listed and "Being generated" not in listed
    # the whole page, for a visit without htmx (coming back later)
    page = client.get(job_url(job)).content.decode()
    assert "<html" in page and f'href="{dashboard}"' in page


def test_the_campaign_list_shows_the_bar_while_it_is_built_and_a_failure(cast):
    client = cast.client_for("nerva")
    listed = client.get(reverse("campaign_list")).content.decode()
    assert f'href="{GENERATE}"' in listed and "Being generated" not in listed
    client.post(GENERATE, FORM)
    job = Job.objects.get(kind=KIND)
    listed = client.get(reverse("campaign_list")).content.decode()
    assert "Being generated" in listed and f'hx-get="{job_url(job)}"' in listed
    assert "<progress" in listed
    # the GM's list does not show another user's generation
    assert job_url(job) not in cast.client_for("gm").get(reverse("campaign_list")).content.decode()

    job_fail(job.pk, FAILED)
    listed = client.get(reverse("campaign_list")).content.decode()
    assert escape(FAILED) in listed and f'hx-get="{job_url(job)}"' not in listed


def test_the_new_campaign_page_leads_to_it(cast):
    page = cast.client_for("outsider").get(reverse("campaign_new")).content.decode()
    assert f'href="{GENERATE}"' in page


@pytest.mark.parametrize("who", ["gm", "other", "outsider"])
def test_a_generation_is_its_requesters_alone(cast, who):
    cast.client_for("nerva").post(GENERATE, FORM)
    job = Job.objects.get(kind=KIND)
    assert cast.client_for("nerva").get(job_url(job)).status_code == 200
    client = cast.client_for(who)
    assert client.get(job_url(job)).status_code == 404
    assert client.get(job_url(job), **HTMX).status_code == 404
    assert client.get(reverse("campaign_generate_job", args=[10**30])).status_code == 404
    # another kind of job is no generation
    other_job = Job.objects.create(
        campaign=cast.campaign, kind="bout_odds", title="odds", total=9, requested_by=cast.nerva
    )
    assert cast.client_for("nerva").get(job_url(other_job)).status_code == 404
