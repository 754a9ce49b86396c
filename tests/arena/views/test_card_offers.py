"""Issue 27: the planner offers only the men the card takes (arena.selectors.pages.fit_for_card
against arena.services.shows._check_man): no man for sale at the market (sold out of his
school, or never of one), none already in an unfinished bout elsewhere. "Add a pair" (the
Era), "Add a fight" (Moritari) and "Replace" read the same list; what they are sent outside it
is refused, naming the field, and nothing is written."""

import pytest

from arena.models import Bout
from arena.services.shows import NO_SCHOOL, bout_add
from economy.services.trade import gladiator_sell
from tests import factories
from tests.cast import build_cast, make_campaign

pytestmark = pytest.mark.django_db


def _show_url(cast, show=None) -> str:
    return f"/c/{cast.campaign.pk}/arena/shows/{(show or cast.show).pk}/"


def _offered(page, form: str, field: str) -> set[str]:
    return {man.name for man in page.context[form].fields[field].queryset}


def test_a_moritari_fight_neither_offers_nor_takes_a_man_sold_to_the_market():
    cast = make_campaign(ruleset="moritari")
    gm = cast.client_for("gm")
    assert "Verus" in _offered(gm.get(_show_url(cast)), "fight_form", "man_1")
    gladiator_sell(gladiator=cast.verus)  # out of Scaurus's school, to the market
    page = gm.get(_show_url(cast))
    assert "Verus" not in _offered(page, "fight_form", "man_1")
    assert {"Bithys", "Spartacus"} <= _offered(page, "fight_form", "man_1")
    refused = gm.post(
        _show_url(cast) + "fights/", {"man_1": cast.bithys.pk, "man_2": cast.verus.pk}
    )
    assert refused.status_code == 400
    assert "man_2" in refused.context["fight_form"].errors
    assert not cast.show.bouts.exists()


def test_the_card_service_refuses_a_man_of_no_school():
    cast = build_cast()
    with pytest.raises(Exception, match="belongs to no school") as refused:
        bout_add(show=cast.show, fighter_a=cast.bithys, fighter_b=cast.free_agent)
    assert str(refused.value) == NO_SCHOOL.format(name="Verus")
    assert not cast.show.bouts.exists()


def test_add_a_pair_offers_neither_a_market_man_nor_one_on_another_unfinished_card():
    cast = build_cast()
    elsewhere = factories.ShowFactory(
        campaign=cast.campaign, editor=cast.editor, name="The Kalends games", day=6
    )
    bout_add(show=elsewhere, fighter_a=cast.crixus, fighter_b=cast.spartacus)
    page = cast.client_for("gm").get(_show_url(cast))
    for form, field in (("bout_form", "fighter_a"), ("replace_form", "gladiator")):
        offered = _offered(page, form, field)
        assert "Bithys" in offered
        assert not offered & {"Crixus", "Spartacus", "Verus"}, (form, offered)
    # Their card fought out, they are offered again.
    Bout.objects.filter(show=elsewhere).update(status=Bout.Status.DONE)
    page = cast.client_for("gm").get(_show_url(cast))
    assert {"Crixus", "Spartacus"} <= _offered(page, "bout_form", "fighter_a")


def test_a_pair_sent_with_a_man_busy_elsewhere_is_refused_and_nothing_written():
    cast = build_cast()
    elsewhere = factories.ShowFactory(
        campaign=cast.campaign, editor=cast.editor, name="The Kalends games", day=6
    )
    bout_add(show=elsewhere, fighter_a=cast.crixus, fighter_b=cast.spartacus)
    post = {"fighter_a": cast.bithys.pk, "fighter_b": cast.crixus.pk, "kind": "single"}
    refused = cast.client_for("gm").post(_show_url(cast) + "bouts/", post)
    assert refused.status_code == 400
    assert "fighter_b" in refused.context["bout_form"].errors
    assert not cast.show.bouts.exists()
