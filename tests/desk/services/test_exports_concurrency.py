"""Download pressed at once (issue 14): three tabs, each with its own form key, queue one
export; the same form sent three times at once queues one too.

PostgreSQL only (tests/threads.py): the posts wait on the campaign's row lock or the key's
unique index.
"""

import pytest

from desk.services.exports import KIND, export_job_start
from desk.tasks import campaign_export_job
from ludus.errors import AlreadyDone
from ludus.models import Job
from tests.factories import CampaignFactory, form_key
from tests.threads import at_once, postgres_only

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]

N = 3


def test_three_tabs_at_once_queue_one_export():
    campaign = CampaignFactory()

    def post():
        return export_job_start(campaign=campaign, task=campaign_export_job, once_key=form_key())

    results = at_once(*[post] * N)
    assert all(isinstance(r, Job) for r in results), results
    assert len({r.pk for r in results}) == 1
    assert Job.objects.filter(kind=KIND).count() == 1


def test_one_form_sent_at_once_queues_one_export():
    campaign = CampaignFactory()
    key = form_key()

    def post():
        return export_job_start(campaign=campaign, task=campaign_export_job, once_key=key)

    results = at_once(*[post] * N)
    jobs = [r for r in results if isinstance(r, Job)]
    assert len(jobs) == 1, results
    others = [r for r in results if not isinstance(r, Job)]
    assert all(isinstance(r, AlreadyDone) and r.result_id == jobs[0].pk for r in others), others
    assert Job.objects.filter(kind=KIND).count() == 1
