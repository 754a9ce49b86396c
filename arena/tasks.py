"""arena's background tasks (Django's tasks framework, the django-tasks backport; see
ludus.services.jobs). Each takes a job's id and reports on the job's row."""

from __future__ import annotations

import logging

from django_tasks import task

from arena.services import moritari_odds, sands_odds
from arena.services.odds_runs import OddsAsk, odds_in_chunks, result_data
from ludus.errors import Refusal
from ludus.models import Gladiator
from ludus.services.jobs import heartbeat, job_begin, job_fail, job_finish, job_progress
from rules.core.errors import RulesError

logger = logging.getLogger(__name__)


@task()
@heartbeat
def bout_odds_job(job_id: int) -> None:
    """The odds of a matchup over many bouts, chunk by chunk, the progress on the job."""
    job = job_begin(job_id)
    try:
        ask = OddsAsk.from_params(job.campaign, job.params)
        result = odds_in_chunks(
            ask.setup(),
            bouts=ask.bouts,
            seed=ask.seed,
            progress=lambda done: job_progress(job_id, done),
        )
    except (Refusal, RulesError, ValueError) as error:
        job_fail(job_id, str(error))
        return
    except Exception:
        job_fail(job_id, "The run failed on the server; the error is in the worker's log.")
        logger.exception("bout odds job %s failed", job_id)
        raise
    job_finish(job_id, result_data(result))


@task()
@heartbeat
def sands_odds_job(job_id: int) -> None:
    """The odds of a Sands duel over many bouts, the progress on the job every few hundred."""
    job = job_begin(job_id)
    try:
        ask = sands_odds.SandsOddsAsk.from_params(job.campaign, job.params)
        result = sands_odds.sands_odds_run(ask, progress=lambda done: job_progress(job_id, done))
    except Gladiator.DoesNotExist:
        job_fail(job_id, sands_odds.MAN_GONE)
        return
    except (Refusal, RulesError, ValueError, TypeError) as error:
        job_fail(job_id, str(error))
        return
    except Exception:
        job_fail(job_id, "The run failed on the server; the error is in the worker's log.")
        logger.exception("sands odds job %s failed", job_id)
        raise
    job_finish(job_id, sands_odds.result_data(result))


@task()
@heartbeat
def moritari_odds_job(job_id: int) -> None:
    """The odds of a Moritari skirmish over many fights, the progress on the job every few
    hundred."""
    job = job_begin(job_id)
    try:
        ask = moritari_odds.MoritariOddsAsk.from_params(job.campaign, job.params)
        result = moritari_odds.moritari_odds_run(
            ask, progress=lambda done: job_progress(job_id, done)
        )
    except Gladiator.DoesNotExist:
        job_fail(job_id, moritari_odds.MAN_GONE)
        return
    except (Refusal, RulesError, ValueError, TypeError, KeyError) as error:
        job_fail(job_id, str(error))
        return
    except Exception:
        job_fail(job_id, "The run failed on the server; the error is in the worker's log.")
        logger.exception("moritari odds job %s failed", job_id)
        raise
    job_finish(job_id, moritari_odds.result_data(result))
