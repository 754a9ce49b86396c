"""Generate pressed at once (issue 14): three tabs of one user, each with its own form key,
queue one generation (the others are told one is waiting); the same form sent three times at
once queues one too, and makes one campaign.

PostgreSQL only (tests/threads.py): the posts wait on the user's row lock or the key's unique
index.
"""

import pytest

from desk.services.generation import KIND, GenerationError, generation_start
from desk.tasks import campaign_generate_job
from ludus.errors import AlreadyDone
from ludus.models import Campaign, Job
from tests.factories import UserFactory, form_key
from tests.threads import at_once, postgres_only

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]

N = 3
TINY = {"gladiators": 8, "shows": 2, "bouts": 4, "seed": 3}


def test_three_tabs_at_once_queue_one_generation():
    user = UserFactory()

    def post():
        return generation_start(user=user, task=campaign_generate_job, once_key=form_key(), **TINY)

    results = at_once(*[post] * N)
    jobs = [r for r in results if isinstance(r, Job)]
    assert len(jobs) == 1, results
    assert all(isinstance(r, GenerationError) for r in results if r not in jobs), results
    assert Job.objects.filter(kind=KIND).count() == Campaign.objects.count() == 1


def test_one_form_sent_at_once_queues_one_generation():
    user = UserFactory()
    key = form_key()

    def post():
        return generation_start(user=user, task=campaign_generate_job, once_key=key, **TINY)

    results = at_once(*[post] * N)
    jobs = [r for r in results if isinstance(r, Job)]
    assert len(jobs) == 1, results
    others = [r for r in results if not isinstance(r, Job)]
    assert all(isinstance(r, AlreadyDone) and r.result_id == jobs[0].pk for r in others), others
    assert Job.objects.filter(kind=KIND).count() == Campaign.objects.count() == 1
