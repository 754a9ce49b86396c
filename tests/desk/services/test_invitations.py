"""Invitations: the GM's link makes nobody a member until its user accepts; it is used once,
expires, can be revoked; the token is unguessable and only its digest is kept."""

from datetime import timedelta

import pytest
from django.utils import timezone

from desk.services import invitations as inv
from desk.services.invitations import InvitationClosed, InvitationError
from ludus.errors import AlreadyDone
from ludus.models import INVITATION_DAYS, Invitation, Membership
from tests import factories
from tests.cast import build_cast

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    return build_cast()


@pytest.fixture
def newcomer():
    return factories.UserFactory(username="newcomer")


def _free_lanista(cast):
    return factories.LanistaFactory(campaign=cast.campaign, name="Lentulus", player=None)


def test_a_link_has_an_unguessable_token_kept_only_as_its_digest(cast):
    one = inv.invitation_create(campaign=cast.campaign, created_by=cast.gm)
    two = inv.invitation_create(campaign=cast.campaign, created_by=cast.gm)
    assert one.token != two.token and len(one.token) >= 43
    stored = Invitation.objects.get(pk=one.pk)
    assert stored.token_hash == inv.token_digest(one.token) != one.token
    assert one.token not in {f.value_to_string(stored) for f in Invitation._meta.concrete_fields}
    assert inv.invitation_for_token(one.token) == stored
    assert inv.invitation_for_token(stored.token_hash) is None  # the digest opens nothing
    assert inv.invitation_for_token("x" * 500) is None


def test_a_link_expires_after_its_days(cast):
    invitation = inv.invitation_create(campaign=cast.campaign)
    assert invitation.expires - invitation.created == timedelta(days=INVITATION_DAYS)
    assert invitation.state() == "open"
    assert invitation.state(now=invitation.expires) == "expired"


def test_making_a_link_makes_nobody_a_member(cast, newcomer):
    inv.invitation_create(campaign=cast.campaign, party=_free_lanista(cast))
    assert not Membership.objects.filter(user=newcomer).exists()
    assert cast.campaign.memberships.count() == 3


def test_accepting_joins_as_the_player_of_the_lanista(cast, newcomer):
    lentulus = _free_lanista(cast)
    invitation = inv.invitation_create(campaign=cast.campaign, party=lentulus)
    assert invitation.describe == "the player of Lentulus (lanista)"
    membership = inv.invitation_accept(invitation=invitation, user=newcomer)
    assert membership.campaign == cast.campaign and membership.role == Membership.Role.PLAYER
    lentulus.refresh_from_db()
    assert lentulus.player == newcomer
    invitation.refresh_from_db()
    assert invitation.state() == "used" and invitation.used_by == newcomer


def test_accepting_a_bettors_link_makes_him_the_bettors_player(cast, newcomer):
    eros = factories.BettorFactory(campaign=cast.campaign, name="Eros")
    invitation = inv.invitation_create(campaign=cast.campaign, party=eros)
    assert invitation.describe == "the player of Eros (bettor)"
    inv.invitation_accept(invitation=invitation, user=newcomer)
    eros.refresh_from_db()
    assert eros.player == newcomer


def test_a_game_masters_link_joins_as_gm(cast, newcomer):
    invitation = inv.invitation_create(campaign=cast.campaign, role=Membership.Role.GM)
    assert inv.invitation_accept(invitation=invitation, user=newcomer).is_gm


def test_a_member_takes_a_part_by_a_link_and_keeps_his_role(cast):
    editor = factories.EditorFactory(campaign=cast.campaign, name="Clodius", player=None)
    invitation = inv.invitation_create(campaign=cast.campaign, party=editor)
    membership = inv.invitation_accept(invitation=invitation, user=cast.nerva)
    assert membership.role == Membership.Role.PLAYER
    assert cast.campaign.memberships.count() == 3
    editor.refresh_from_db()
    assert editor.player == cast.nerva


def test_a_plain_link_to_a_member_is_refused_and_left_open(cast):
    invitation = inv.invitation_create(campaign=cast.campaign)
    with pytest.raises(InvitationError, match="already in"):
        inv.invitation_accept(invitation=invitation, user=cast.nerva)
    invitation.refresh_from_db()
    assert invitation.state() == "open"


def test_accepting_again_is_already_done_and_joins_once(cast, newcomer):
    lentulus = _free_lanista(cast)
    invitation = inv.invitation_create(campaign=cast.campaign, party=lentulus)
    inv.invitation_accept(invitation=invitation, user=newcomer)
    with pytest.raises(AlreadyDone):
        inv.invitation_accept(invitation=invitation, user=newcomer)
    assert Membership.objects.filter(user=newcomer).count() == 1
    assert Membership.history.filter(user=newcomer).count() == 1


def test_a_used_link_is_closed_to_another(cast, newcomer):
    invitation = inv.invitation_create(campaign=cast.campaign)
    inv.invitation_accept(invitation=invitation, user=newcomer)
    late = factories.UserFactory(username="late")
    with pytest.raises(InvitationClosed) as caught:
        inv.invitation_accept(invitation=invitation, user=late)
    assert caught.value.state == "used"
    assert not Membership.objects.filter(user=late).exists()


def test_a_revoked_link_cannot_be_accepted(cast, newcomer):
    invitation = inv.invitation_create(campaign=cast.campaign)
    inv.invitation_revoke(invitation=invitation)
    with pytest.raises(InvitationClosed, match="revoked"):
        inv.invitation_accept(invitation=invitation, user=newcomer)
    with pytest.raises(AlreadyDone):
        inv.invitation_revoke(invitation=invitation)
    assert not Membership.objects.filter(user=newcomer).exists()


def test_an_expired_link_cannot_be_accepted_nor_revoked(cast, newcomer):
    invitation = inv.invitation_create(campaign=cast.campaign)
    Invitation.objects.filter(pk=invitation.pk).update(expires=timezone.now())
    with pytest.raises(InvitationClosed, match="expired"):
        inv.invitation_accept(invitation=invitation, user=newcomer)
    with pytest.raises(InvitationError, match="expired"):
        inv.invitation_revoke(invitation=invitation)
    assert not Membership.objects.filter(user=newcomer).exists()


def test_a_used_link_cannot_be_revoked(cast, newcomer):
    invitation = inv.invitation_create(campaign=cast.campaign)
    inv.invitation_accept(invitation=invitation, user=newcomer)
    with pytest.raises(InvitationError, match="used"):
        inv.invitation_revoke(invitation=invitation)


def test_a_link_for_a_played_or_foreign_part_is_refused(cast):
    with pytest.raises(InvitationError, match="Nerva is already played by owner"):
        inv.invitation_create(campaign=cast.campaign, party=cast.school)
    foreign = factories.LanistaFactory(campaign=cast.other_campaign, name="Elsewhere")
    with pytest.raises(InvitationError, match="another campaign"):
        inv.invitation_create(campaign=cast.campaign, party=foreign)
    with pytest.raises(InvitationError, match="Role"):
        inv.invitation_create(campaign=cast.campaign, role="emperor")
    assert not Invitation.objects.exists()


def test_a_part_taken_since_the_link_was_made_is_refused_and_writes_nothing(cast, newcomer):
    lentulus = _free_lanista(cast)
    invitation = inv.invitation_create(campaign=cast.campaign, party=lentulus)
    lentulus.player = cast.other
    lentulus.save()
    with pytest.raises(InvitationError, match="played by someone else"):
        inv.invitation_accept(invitation=invitation, user=newcomer)
    assert not Membership.objects.filter(user=newcomer).exists()
    lentulus.refresh_from_db()
    assert lentulus.player == cast.other


def test_a_repeated_make_writes_one_link(cast):
    key = factories.form_key()
    inv.invitation_create(campaign=cast.campaign, once_key=key)
    with pytest.raises(AlreadyDone):
        inv.invitation_create(campaign=cast.campaign, once_key=key)
    assert Invitation.objects.count() == 1
