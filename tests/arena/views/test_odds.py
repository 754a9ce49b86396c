"""The odds page: exact or Monte Carlo odds of two men (capped), and the exact odds of one
pool."""

import pytest
from django.urls import reverse

from arena.forms import SAME_FIGHTER
from arena.rulesets.era.forms import MAX_ODDS_BOUTS, ODDS_BOUTS_TOO_MANY
from arena.rulesets.era.odds import odds_setup
from ludus.models import Job
from rules.era.dice import Pool, distribution
from rules.era.exact import exact_odds
from rules.era.odds import bout_odds
from tests import factories

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def url(name, cast):
    return reverse(f"arena:{name}", args=[cast.campaign.pk])


def run_data(cast, **extra):
    return {
        "fighter_a": cast.mine.pk,
        "fighter_b": cast.theirs.pk,
        "orders_a": "cautious",
        "orders_b": "fight-on",
        "venue": "forum_romanum",
        "bouts": 300,
        "seed": 7,
        "method": "monte-carlo",
    } | extra


@pytest.mark.parametrize("who", ["gm", "owner", "other"])
def test_members_open_the_odds_page(cast, as_user, who):
    page = as_user(getattr(cast, who)).get(url("odds", cast))
    assert page.status_code == 200
    text = page.content.decode()
    assert 'hx-indicator="#odds-working"' in text and 'class="htmx-indicator"' in text


def test_outsider_gets_404(cast, as_user):
    client = as_user(cast.outsider)
    assert client.get(url("odds", cast)).status_code == 404
    assert client.post(url("odds_run", cast), run_data(cast)).status_code == 404
    assert client.get(url("pool_odds", cast), {"mastery": 1}).status_code == 404


def test_the_run_answers_with_the_engines_counts(cast, as_user):
    response = as_user(cast.other).post(url("odds_run", cast), run_data(cast), **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="odds-result"') and "<html" not in text
    expected = bout_odds(
        odds_setup(
            fighter_a=cast.mine,
            fighter_b=cast.theirs,
            orders_a="cautious",
            orders_b="fight-on",
            venue="forum_romanum",
        ),
        bouts=300,
        seed=7,
    )
    assert f"{expected.a_wins:,} of 300" in text
    assert f"{expected.b_wins:,} of 300" in text
    assert f"{expected.sword_given:,} of 300" in text
    assert text.count("<svg") == 2


def _forum_setup(cast):
    return odds_setup(
        fighter_a=cast.mine,
        fighter_b=cast.theirs,
        orders_a="cautious",
        orders_b="fight-on",
        venue="forum_romanum",
    )


@pytest.mark.parametrize("method", ["exact", None])  # None: a tab from before the choice
def test_the_exact_odds_answer_at_once_whatever_the_bouts(cast, as_user, method):
    data = run_data(cast, bouts=MAX_ODDS_BOUTS)  # a long run, were it sampled
    if method is None:
        del data["method"]
    else:
        data["method"] = method
    response = as_user(cast.other).post(url("odds_run", cast), data, **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    expected = exact_odds(_forum_setup(cast))
    assert f"{cast.mine.name} wins {round(expected.a_wins * 100)} in 100" in text
    assert "(exact)" in text and "Exact odds: the bout as a Markov chain" in text
    assert "simulated bouts" not in text and "standard error" not in text
    assert text.count("<svg") == 2 and "exact" in text
    assert not Job.objects.exists()  # answered in the request, no background job


def test_an_unknown_method_is_refused_naming_it(cast, as_user):
    response = as_user(cast.gm).post(url("odds_run", cast), run_data(cast, method="guess"), **HTMX)
    assert response.status_code == 400 and "guess" in response.content.decode()


def test_without_htmx_the_whole_page_comes_back_with_the_result(cast, as_user):
    response = as_user(cast.gm).post(url("odds_run", cast), run_data(cast))
    text = response.content.decode()
    assert response.status_code == 200 and "<html" in text and "of 300" in text


def test_favor_overrides_the_start(cast, as_user):
    response = as_user(cast.gm).post(url("odds_run", cast), run_data(cast, favor_a=5, favor_b=0))
    assert "Crowd Favor at the start 5–0" in response.content.decode()


def test_too_many_bouts_is_refused_with_a_clear_message(cast, as_user):
    data = run_data(cast, bouts=MAX_ODDS_BOUTS + 1)
    response = as_user(cast.gm).post(url("odds_run", cast), data, **HTMX)
    assert response.status_code == 400
    assert ODDS_BOUTS_TOO_MANY.replace("'", "&#x27;") in response.content.decode()


def test_the_same_man_twice_is_refused(cast, as_user):
    data = run_data(cast, fighter_b=cast.mine.pk)
    response = as_user(cast.gm).post(url("odds_run", cast), data, **HTMX)
    assert response.status_code == 400 and SAME_FIGHTER in response.content.decode()


def test_another_campaigns_man_is_not_a_choice(cast, as_user):
    stranger = factories.GladiatorFactory()
    response = as_user(cast.gm).post(url("odds_run", cast), run_data(cast, fighter_b=stranger.pk))
    assert response.status_code == 400


def test_odds_run_is_post_only(cast, as_user):
    assert as_user(cast.gm).get(url("odds_run", cast)).status_code == 405


def test_pool_odds_are_exact(cast, as_user):
    params = {"mastery": 1, "ability": 1, "trial": 3}
    response = as_user(cast.other).get(url("pool_odds", cast), params, **HTMX)
    text = response.content.decode()
    assert text.lstrip().startswith('<div id="pool-result"')
    p = distribution(Pool(mastery=1, ability=1, trial=3)).p_success
    assert f"{float(p) * 100:.1f}%" in text
    assert "1 Mastery + 1 Ability vs 3 Trial" in text


def test_a_pool_too_big_is_refused(cast, as_user):
    response = as_user(cast.gm).get(url("pool_odds", cast), {"mastery": 11, "trial": 10})
    assert response.status_code == 400
    assert "At most 20 dice" in response.content.decode()


def test_a_pool_of_twenty_dice_has_its_exact_odds(cast, as_user):
    params = {"mastery": 10, "ability": 0, "trial": 10}
    response = as_user(cast.gm).get(url("pool_odds", cast), params, **HTMX)
    assert response.status_code == 200
    text = response.content.decode()
    p = distribution(Pool(mastery=10, trial=10)).p_success
    assert f"{float(p) * 100:.1f}%" in text
    assert "10 Mastery vs 10 Trial" in text
