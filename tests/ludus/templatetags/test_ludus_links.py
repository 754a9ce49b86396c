"""The links drawn in Python (ludus.templatetags.ludus_links) are the partials' markup."""

import pytest
from django.template import engines
from django.urls import set_script_prefix

from ludus.templatetags.ludus_links import campaign_url
from tests import factories

pytestmark = pytest.mark.django_db


def _render(source: str, **context) -> str:
    return engines["django"].from_string(source).render(context)


@pytest.fixture
def things():
    campaign = factories.CampaignFactory()
    show = factories.ShowFactory(campaign=campaign, name="Munus <for> Fabia & co")
    bout = factories.BoutFactory(show=show)
    man = factories.GladiatorFactory(campaign=campaign, name="Bithys <the> Thracian")
    return campaign, show, bout, man


@pytest.mark.parametrize(
    ("tag", "partial", "name"),
    [
        ("show_link", "show_link.html", "show"),
        ("gladiator_link", "gladiator_link.html", "gladiator"),
        ("bout_link", "bout_link.html", "bout"),
    ],
)
def test_each_link_is_the_partials_markup(things, tag, partial, name):
    campaign, show, bout, man = things
    thing = {"show": show, "gladiator": man, "bout": bout}[name]
    drawn = _render(f"{{% load ludus_links %}}{{% {tag} thing %}}", campaign=campaign, thing=thing)
    included = _render(
        f'{{% include "ludus/partials/{partial}" with {name}=thing %}}',
        campaign=campaign,
        thing=thing,
    )
    assert drawn == included
    if name != "bout":  # a bout is named by its men
        assert "&lt;" in drawn  # the names are escaped
    assert f"/c/{campaign.pk}/" in drawn


def test_remembered_paths_follow_the_script_prefix():
    first = campaign_url("roster", 7)
    set_script_prefix("/ludus/")
    try:
        assert campaign_url("roster", 7) == "/ludus" + first
    finally:
        set_script_prefix("/")
    assert campaign_url("roster", 7) == first
