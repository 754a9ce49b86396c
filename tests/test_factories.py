"""The shared factories build valid, related objects in one campaign."""

import pytest

from tests import factories


@pytest.mark.django_db
def test_bout_factory_keeps_everything_in_one_campaign():
    bout = factories.BoutFactory()
    campaign = bout.show.campaign
    assert bout.entry_a.gladiator.campaign == campaign
    assert bout.entry_b.gladiator.owner.campaign == campaign
    assert bout.show.editor.campaign == campaign
    bout.full_clean()


@pytest.mark.django_db
def test_user_factory_sets_a_usable_password():
    user = factories.UserFactory()
    assert user.check_password(factories.TEST_PASSWORD)
