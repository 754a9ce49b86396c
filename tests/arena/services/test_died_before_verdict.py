"""A loser who dies of his wounds overnight while his bout waits for the editor (issue 10;
docs/rules.md, "Dying before the verdict"): nothing is left to decide, so the bout is settled as
a death on the sand is, the winner paid, no sword's price, no defiance of the crowd."""

import pytest
from django.urls import reverse

from arena.errors import BoutError
from arena.models import Bout, BoutEntry, Verdict
from arena.services.bouts import bout_decide, bout_fight
from economy.models import Transaction
from ludus.models import Gladiator
from ludus.services.recovery import campaign_advance_day
from tests import factories
from tests.cast import cast_users


def divided(seed, result) -> bool:
    return result.loser is not None and 3 <= result.loser_favor <= 4


def _awaiting(cast, find_seed) -> Bout:
    bout = bout_fight(bout=cast.bout, seed=find_seed(cast.bout, divided))
    assert bout.status == Bout.Status.AWAITING_VERDICT
    return bout


def test_a_loser_who_dies_overnight_leaves_no_verdict_to_give(cast, find_seed):
    bout = _awaiting(cast, find_seed)
    loser, winner = bout.loser, bout.winner
    factories.InjuryFactory(gladiator=loser, name="Bleeding Out", day_taken=cast.campaign.day)

    report = campaign_advance_day(campaign=cast.campaign)

    assert loser.name in report.died
    bout.refresh_from_db()
    assert bout.status == Bout.Status.DONE
    assert bout.losing_entry.fate == BoutEntry.Fate.DIED_WAITING
    assert bout.winning_entry.fate == BoutEntry.Fate.WALKED_OUT
    assert not Verdict.objects.filter(bout=bout).exists()
    paid = Transaction.objects.filter(bout=bout)
    assert paid.filter(cause=Transaction.Cause.PURSE).count() == 1
    assert not paid.filter(cause=Transaction.Cause.SWORD).exists()
    assert Gladiator.objects.get(pk=winner.pk).status != Gladiator.Status.DEAD
    with pytest.raises(BoutError, match="not waiting for the editor"):
        bout_decide(bout=bout, editor_choice="sword")


def test_a_winner_who_dies_overnight_does_not_settle_the_loser(cast, find_seed):
    bout = _awaiting(cast, find_seed)
    factories.InjuryFactory(gladiator=bout.winner, name="Bleeding Out", day_taken=cast.campaign.day)

    campaign_advance_day(campaign=cast.campaign)

    bout.refresh_from_db()
    assert bout.status == Bout.Status.AWAITING_VERDICT
    verdict = bout_decide(bout=bout, editor_choice="missio")
    assert not verdict.loser_died
    # A dead man takes no purse: it stays in the editor's purse.
    assert not Transaction.objects.filter(bout=bout, cause=Transaction.Cause.PURSE).exists()


def test_the_bout_page_says_he_died_before_the_verdict(cast, find_seed, client):
    bout = _awaiting(cast, find_seed)
    factories.InjuryFactory(gladiator=bout.loser, name="Bleeding Out", day_taken=cast.campaign.day)
    campaign_advance_day(campaign=cast.campaign)
    client.force_login(cast_users(cast.campaign).gm)
    page = client.get(reverse("arena:bout_detail", args=[cast.campaign.pk, bout.pk]))
    assert page.status_code == 200
    assert "died of his wounds before the editor" in page.content.decode()
