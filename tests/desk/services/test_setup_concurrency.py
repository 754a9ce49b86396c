"""The setup page's writes, posted three times at once (issue 10, "Replays of a click"): each
post of one form carries the same once key, so one campaign, man, editor (with one opening
purse) or election is written, and the other posts answer AlreadyDone with what the first
made; an invitation accepted three times at once joins one member.

PostgreSQL only (tests/threads.py): the repeats wait on the key's unique index or a row lock.
"""

import pytest

from desk.services import invitations, setup
from economy.ledger import account_balance
from economy.models import Account, Transaction
from ludus.errors import AlreadyDone
from ludus.models import Campaign, Editor, Election, Gladiator, Lanista, Membership
from tests.factories import CampaignFactory, EditorFactory, UserFactory, form_key
from tests.threads import at_once, postgres_only, sort_out

pytestmark = [pytest.mark.django_db(transaction=True), postgres_only]

N = 3


def _once(results, made_type):
    """One post made it; every other answered AlreadyDone, naming what the first made."""
    made, others = sort_out(results, made_type)
    assert len(made) == 1, results
    assert all(isinstance(r, AlreadyDone) for r in others), others
    assert {r.result_id for r in others} == {made[0].pk}, others
    return made[0]


def test_a_new_campaign_posted_at_once_is_made_once():
    gm = UserFactory(username="gm")
    key = form_key()

    def post():
        return setup.campaign_create(user=gm, name="Capua, 73 BC", year=-73, once_key=key)

    campaign = _once(at_once(*[post] * N), Campaign)
    assert Campaign.objects.count() == 1
    assert list(Membership.objects.values_list("campaign", "user", "role")) == [
        (campaign.pk, gm.pk, Membership.Role.GM)
    ]


def test_an_invitation_accepted_at_once_joins_once():
    campaign = CampaignFactory()
    nerva = UserFactory(username="nerva")
    invitation = invitations.invitation_create(campaign=campaign)

    def post():
        return invitations.invitation_accept(invitation=invitation, user=nerva)

    made, others = sort_out(at_once(*[post] * N), Membership)
    assert len(made) == 1, others
    # The repeats wait on the invitation's row lock, then find it accepted by him.
    assert all(isinstance(r, AlreadyDone) for r in others), others
    assert campaign.memberships.count() == 1


def test_a_man_added_at_once_is_added_once():
    campaign = CampaignFactory()
    key = form_key()

    def post():
        return setup.gladiator_create(
            campaign=campaign, name="Bithys", armatura="thraex", once_key=key
        )

    _once(at_once(*[post] * N), Gladiator)
    assert Gladiator.objects.filter(campaign=campaign).count() == 1


def test_an_editor_added_at_once_is_added_once_with_one_opening_purse():
    campaign = CampaignFactory()
    key = form_key()

    def post():
        return setup.editor_create(
            campaign=campaign, name="Fabius", office="heir", purse=20_000, once_key=key
        )

    _once(at_once(*[post] * N), Editor)
    assert Editor.objects.filter(campaign=campaign).count() == 1
    openings = Transaction.objects.filter(campaign=campaign, cause=Transaction.Cause.OPENING)
    assert openings.count() == 1


def test_an_election_added_at_once_is_added_once():
    editor = EditorFactory()
    key = form_key()

    def post():
        return setup.election_create(
            campaign=editor.campaign, editor=editor, office="praetor", year=-47, once_key=key
        )

    _once(at_once(*[post] * N), Election)
    assert Election.objects.filter(editor=editor).count() == 1


def test_two_lanistae_added_at_once_to_a_new_campaign_share_one_market():
    """Two different forms at once, each with opening money: both written, from one market."""
    campaign = CampaignFactory()

    def post(name):
        return lambda: setup.lanista_create(
            campaign=campaign, name=name, school=f"{name}'s ludus", chest=4_000, once_key=form_key()
        )

    made, others = sort_out(at_once(post("Nerva"), post("Batiatus")), Lanista)
    assert len(made) == 2, others
    markets = Account.objects.filter(campaign=campaign, kind=Account.Kind.MARKET)
    assert markets.count() == 1
    assert account_balance(markets.get()) == -8_000
