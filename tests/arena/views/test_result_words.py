"""Issue 11, wording: the card's result column reads as a sentence ("Rufus won; Bithys walked
out under missio"), whatever became of the loser."""

import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse

from arena.models import Bout, Verdict
from arena.rulesets.era.selectors import Corner
from arena.services.bouts import bout_decide, bout_fight
from rules.era import bout as engine
from tests import factories
from tests.arena.views.helpers import divided, seed_where


def released(result) -> bool:
    return (
        result.finished
        and result.loser is not None
        and result.end_reason is not engine.EndReason.KILLED
        and result.loser_favor >= 5
    )


@pytest.mark.parametrize(
    ("act", "died", "words"),
    [
        (Verdict.Act.MISSIO, False, "walked out under missio"),
        (Verdict.Act.SWORD, True, "was given the sword and died"),
        (Verdict.Act.SWORD, False, "was given the sword"),
    ],
)
def test_the_losers_outcome_follows_his_name(act, died, words):
    assert Verdict(editor_act=act, loser_died=died).loser_outcome == words


def _card(cast, as_user) -> str:
    url = reverse("arena:show_detail", args=[cast.campaign.pk, cast.bout.show.pk])
    return as_user(cast.gm).get(url).content.decode().replace("&#x27;", "'")


def test_the_card_says_who_won_and_that_the_loser_walked_out(cast, as_user):
    bout = bout_fight(bout=cast.bout, seed=seed_where(cast.bout, released))
    assert bout.status == Bout.Status.DONE and bout.verdict.editor_act == Verdict.Act.MISSIO
    assert (
        f"<strong>{bout.winner.name}</strong> won; {bout.loser.name} walked out under missio"
        in (_card(cast, as_user))
    )


def _card_words(cast, as_user) -> str:
    """The card as it reads: tags dropped, spaces folded."""
    text = re.sub(r"<[^>]+>", " ", _card(cast, as_user))
    return " ".join(text.split())


def test_the_card_says_a_man_given_the_sword_died_once(cast, as_user):
    # Issue 27: "Felix was given the sword and died dead" (the words, then a badge saying it).
    bout = bout_fight(bout=cast.bout, seed=seed_where(cast.bout, divided), auto_decide=False)
    bout_decide(bout=bout, editor_choice=Verdict.Act.SWORD, user=cast.gm)
    words = _card_words(cast, as_user)
    assert f"{bout.loser.name} was given the sword and died" in words
    assert "died dead" not in words and "sand dead" not in words


def test_the_card_says_a_man_killed_on_the_sand(cast, as_user):
    # A kill on the sand is rare under the cast's orders: the rows are written as the bout
    # service writes a kill (no verdict, the loser's entry dead).
    bout = bout_fight(bout=cast.bout, seed=seed_where(cast.bout, released))
    Verdict.objects.filter(bout=bout).delete()
    bout.losing_entry.__class__.objects.filter(pk=bout.losing_entry.pk).update(fate="dead")
    assert f"won; {bout.loser.name} was killed on the sand" in _card_words(cast, as_user)


def test_the_questions_left_to_the_table_read_as_words(cast, as_user):
    bout = factories.BoutFactory(
        show=cast.show,
        fighter_a=cast.mine,
        fighter_b=cast.theirs,
        orders_a={"name": "cautious", "ask": ["yield", "fight_on"]},
    )
    url = reverse("arena:bout_detail", args=[cast.campaign.pk, bout.pk])
    text = as_user(cast.gm).get(url).content.decode()
    assert (
        "asks the table whether to fight on after his first Critical Injury and whether to"
        " yield" in text
    )
    assert "fight_on" not in text.split('id="corner-a"', 1)[1].split("</section>", 1)[0]


@pytest.mark.parametrize(("wounds", "said"), [(12, False), (13, True), (15, True)])
def test_a_corner_at_or_over_his_wound_points_is_called_incapacitated(cast, wounds, said):
    corner = Corner("a", cast.mine, favor=2, wounds=wounds, wound_points=13)
    assert corner.incapacitated is said
    html = render_to_string("arena/partials/corner.html", {"c": corner, "campaign": cast.campaign})
    assert ("incapacitated" in html) is said
