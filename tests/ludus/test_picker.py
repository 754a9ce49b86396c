"""The searchable select (ludus.picker, issue 14), on the Favors page's "Owed by (a man)" and on
forms of its own: the plain select up to the threshold, the search box and the first few above
it, the chosen man kept, the page's own answer to a search (scoped to the field's queryset, in
its order, limited, escaped), a searched man accepted on POST, bad searches refused clearly, and
a constant number of queries however many men there are."""

import re

import pytest
from django import forms
from django.urls import reverse

from ludus import picker
from ludus.forms import QuickSelect, gladiator_rows
from ludus.middleware import NUL_REFUSED
from ludus.models import Favor, Gladiator, Patron
from tests import factories
from tests.cast import build_cast
from tests.factories import form_key
from tests.picks import HX

pytestmark = pytest.mark.django_db
FIELD = "record-gladiator"


@pytest.fixture
def cast(db):
    return build_cast()


@pytest.fixture
def small(monkeypatch):
    """A threshold of 2 and 2 shown: the cast's four men make a long select."""
    monkeypatch.setattr(picker, "PICK_ABOVE", 2)
    monkeypatch.setattr(picker, "PICK_SHOWN", 2)


def _page(cast):
    return reverse("favors", args=[cast.campaign.pk])


def _men(cast) -> list[Gladiator]:
    return list(Gladiator.objects.filter(campaign=cast.campaign).order_by("name"))


def _select(text: str, name: str = FIELD) -> str:
    match = re.search(rf'<select name="{name}"[^>]*>(.*?)</select>', text, re.S)
    assert match, f"no select {name}"
    return match.group(1)


def _values(options_html: str) -> list[str]:
    return re.findall(r'<option value="([^"]*)"', options_html)


def _selected(options_html: str) -> list[str]:
    return re.findall(r'<option value="([^"]*)" selected', options_html)


def _search(client, cast, q: str, **extra):
    return client.get(_page(cast), {"pick": FIELD, "q": q, **extra}, headers=HX)


def test_below_the_threshold_the_plain_select_lists_every_man(cast):
    text = cast.client_for("gm").get(_page(cast)).content.decode()
    assert 'type="search"' not in text
    assert _values(_select(text)) == [""] + [str(m.pk) for m in _men(cast)]
    assert "Bithys the thraex" in text


def test_above_it_a_labelled_search_box_and_the_first_men_in_order(cast, small):
    text = cast.client_for("gm").get(_page(cast)).content.decode()
    men = _men(cast)
    assert 'type="search"' in text
    assert re.search(r'<label class="picker-find">Find a man\s*<input type="search"', text)
    assert f'hx-get="{_page(cast)}"' in text
    assert "input changed delay:250ms, search" in text
    assert _values(_select(text)) == ["", str(men[0].pk), str(men[1].pk)]
    assert f"2 shown, {len(men) - 2} more" in text


def test_the_chosen_man_stays_shown_and_selected_when_the_form_comes_back(cast, small):
    last = _men(cast)[-1]  # not among the first two
    response = cast.client_for("gm").post(
        reverse("favor_record", args=[cast.campaign.pk]),
        {FIELD: last.pk, "record-key": form_key()},  # owed to no one: refused
    )
    assert response.status_code == 400
    options = _select(response.content.decode())
    assert _selected(options) == [str(last.pk)]
    assert _values(options).count(str(last.pk)) == 1
    # ... and a search keeps him (the select sends its value along with the text).
    options = _search(cast.client_for("gm"), cast, "cri", **{FIELD: last.pk}).content.decode()
    assert _selected(options) == [str(last.pk)]


class _Pick(forms.Form):
    man = forms.ModelChoiceField(queryset=Gladiator.objects.none(), widget=QuickSelect)

    def __init__(self, *args, men, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["man"].queryset = men
        self.fields["man"].widget.rows = gladiator_rows


def test_an_initial_value_is_drawn_selected_beyond_the_first(cast, small):
    men = _men(cast)
    form = _Pick(initial={"man": men[-1].pk}, men=Gladiator.objects.order_by("name"))
    options = _select(str(form["man"]), "man")
    assert _values(options) == ["", str(men[-1].pk), str(men[0].pk), str(men[1].pk)]
    assert _selected(options) == [str(men[-1].pk)]
    # A value the queryset refuses is not drawn.
    form = _Pick(initial={"man": 10**9}, men=Gladiator.objects.order_by("name"))
    assert _selected(_select(str(form["man"]), "man")) == []


def test_the_search_answers_the_matching_men_in_order_and_no_more_than_shown(cast, small):
    client = cast.client_for("gm")
    response = _search(client, cast, "CRI")  # case does not matter
    assert response.status_code == 200
    text = response.content.decode()
    assert "<html" not in text and "<select" not in text
    assert _values(text) == ["", str(cast.crixus.pk)]
    assert "More match" not in text
    # Three men hold "us": the first two by name, and a line saying more match.
    text = _search(client, cast, "us").content.decode()
    holding = [m for m in _men(cast) if "us" in m.name.lower()]
    assert len(holding) == 3
    assert _values(text)[:3] == ["", str(holding[0].pk), str(holding[1].pk)]
    assert "More match “us”: type more of the name." in text
    assert "Nothing matches “zzz”" in _search(client, cast, "zzz").content.decode()


def test_the_search_offers_only_the_fields_men(cast, small):
    """A man of another campaign is not offered, however he is named."""
    factories.GladiatorFactory(campaign=cast.other_campaign, name="Crixus the Elder")
    text = _search(cast.client_for("gm"), cast, "crixus").content.decode()
    assert _values(text) == ["", str(cast.crixus.pk)]


def test_names_are_escaped_in_the_page_and_in_the_answer(cast, small):
    odd = factories.GladiatorFactory(campaign=cast.campaign, name='A<b>&"Tom"</b>', owner=None)
    client = cast.client_for("gm")
    answer = _search(client, cast, "<b>").content.decode()
    assert _values(answer) == ["", str(odd.pk)]
    assert "<b>" not in answer and "A&lt;b&gt;&amp;&quot;Tom&quot;&lt;/b&gt;" in answer
    page = client.get(_page(cast)).content.decode()  # he is first by name
    assert "<b>" not in page and "A&lt;b&gt;&amp;&quot;Tom&quot;&lt;/b&gt;" in page


def test_a_searched_man_is_accepted_on_post(cast, small):
    patron = Patron.objects.create(campaign=cast.campaign, name="Marcus Fabius")
    last = _men(cast)[-1]
    client = cast.client_for("gm")
    assert str(last.pk) in _values(_search(client, cast, last.name[:3]).content.decode())
    response = client.post(
        reverse("favor_record", args=[cast.campaign.pk]),
        {"record-to": f"p{patron.pk}", FIELD: last.pk, "record-key": form_key()},
    )
    assert response.status_code == 302
    assert Favor.objects.get(patron=patron).gladiator == last


def test_a_post_naming_a_man_of_another_campaign_is_refused(cast, small):
    stranger = factories.GladiatorFactory(campaign=cast.other_campaign)
    patron = Patron.objects.create(campaign=cast.campaign, name="Marcus Fabius")
    response = cast.client_for("gm").post(
        reverse("favor_record", args=[cast.campaign.pk]),
        {"record-to": f"p{patron.pk}", FIELD: stranger.pk, "record-key": form_key()},
    )
    assert response.status_code == 400
    assert not Favor.objects.exists()


@pytest.mark.parametrize(
    "params, status, words",
    [
        ({"pick": "record-nobody", "q": "a"}, 404, "No select named “record-nobody”"),
        ({"pick": "record-to", "q": "a"}, 404, "No select named"),  # a plain ChoiceField
        ({"pick": FIELD, "q": "a" * 81}, 400, "at most 80 characters"),
        ({"pick": FIELD, "q": "a\x00b"}, 400, NUL_REFUSED),  # ludus.middleware, for every view
    ],
)
def test_bad_searches_are_refused_clearly(cast, small, params, status, words):
    response = cast.client_for("gm").get(_page(cast), params, headers=HX)
    assert response.status_code == status
    assert words in response.content.decode()


def test_a_search_without_htmx_gets_the_page(cast, small):
    response = cast.client_for("gm").get(_page(cast), {"pick": FIELD, "q": "cri"})
    assert response.status_code == 200
    assert "<html" in response.content.decode()


def test_no_search_for_those_without_the_form(cast, small):
    assert _search(cast.client_for("outsider"), cast, "cri").status_code == 404
    # A player has no record form: nothing to search on his page.
    assert _search(cast.client_for("nerva"), cast, "cri").status_code == 404


def _more_men(cast, count: int) -> None:
    for n in range(count):
        factories.GladiatorFactory(campaign=cast.campaign, name=f"Tiro {n:03}", owner=None)


def test_the_answer_and_the_page_take_the_same_queries_however_many_men(
    cast, small, django_assert_num_queries
):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client = cast.client_for("gm")

    def count(action) -> int:
        with CaptureQueriesContext(connection) as queries:
            assert action().status_code == 200
        return len(queries)

    few = (count(lambda: _search(client, cast, "i")), count(lambda: client.get(_page(cast))))
    _more_men(cast, 60)
    many = (count(lambda: _search(client, cast, "i")), count(lambda: client.get(_page(cast))))
    assert few == many
    assert few[0] <= 8  # session, user, campaign, membership, the men: a fixed few
