"""A Moritari fight's pages with the cast (issue 13): the board and its replay for everyone in
the campaign, Caesar's choice only for Caesar's player (and the GM), the outsider 404."""

import re

import pytest

from arena.models import Bout
from arena.rulesets.moritari import adapter as moritari
from arena.rulesets.moritari.fights import Entrant, fight_add
from arena.services.bouts import bout_fight
from tests.cast import make_campaign

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    return make_campaign(ruleset="moritari")


def three(cast, caesar_asks=True) -> Bout:
    return fight_add(
        show=cast.show,
        entrants=[
            Entrant(gladiator=cast.bithys),
            Entrant(gladiator=cast.spartacus),
            Entrant(gladiator=cast.verus),
        ],
        caesar_asks=caesar_asks,
    )


def url(cast, bout, part="") -> str:
    return f"/c/{cast.campaign.pk}/arena/bouts/{bout.pk}/{part}"


def waiting_for(cast, bout, side: str) -> Bout:
    """The fight fought from a seed at which the first Caesar asked is `side`'s, waiting."""
    setup = moritari.setup_from_data(moritari.setup_data(bout))

    def first_asked(seed: int) -> str | None:
        pending = moritari.engine.play(setup, seed).pending
        return None if pending is None else setup.fighters[pending.entrant].side

    seed = next(s for s in range(1, 500) if first_asked(s) == side)
    bout = bout_fight(bout=bout, seed=seed, auto_decide=False)
    assert moritari.pending_entry(bout, moritari.bout_pending(bout)).side == side
    return bout


def test_the_planned_fight_shows_the_board_to_members_and_404_to_the_outsider(cast):
    bout = three(cast)
    for who in ("gm", "nerva", "other"):
        page = cast.client_for(who).get(url(cast, bout))
        assert page.status_code == 200
        body = page.content.decode()
        assert '<svg xmlns="http://www.w3.org/2000/svg"' in body and "moritari-board" in body
        assert body.count('class="piece piece--standing"') == 3
    assert cast.client_for("outsider").get(url(cast, bout)).status_code == 404


def test_only_the_gm_fights_and_sees_the_fight_controls(cast):
    bout = three(cast)
    assert 'id="fight-controls"' in cast.client_for("gm").get(url(cast, bout)).content.decode()
    assert (
        'id="fight-controls"' not in cast.client_for("nerva").get(url(cast, bout)).content.decode()
    )
    assert (
        cast.client_for("nerva").post(url(cast, bout, "fight/"), {"to": "end"}).status_code == 404
    )
    bout.refresh_from_db()
    assert bout.status == Bout.Status.PLANNED


def test_caesar_sees_the_choice_the_others_see_him_choosing(cast):
    bout = waiting_for(cast, three(cast), "Nerva")
    mine = cast.client_for("nerva").get(url(cast, bout)).content.decode()
    assert 'id="caesar-choice"' in mine and "Caesar (Nerva), your choice" in mine
    theirs = cast.client_for("other").get(url(cast, bout)).content.decode()
    assert 'id="caesar-choice"' not in theirs and "Caesar (Nerva) is choosing" in theirs
    gm = cast.client_for("gm").get(url(cast, bout)).content.decode()
    assert 'id="caesar-choice"' in gm  # the GM may always answer


def test_another_player_cannot_answer_caesars_choice_and_nothing_is_written(cast):
    bout = waiting_for(cast, three(cast), "Nerva")
    pending = moritari.bout_pending(bout)
    held = list(bout.decisions)
    post = {"choice": pending.options[0], "answers": len(held)}
    assert cast.client_for("other").post(url(cast, bout, "choose/"), post).status_code == 404
    assert cast.client_for("outsider").post(url(cast, bout, "choose/"), post).status_code == 404
    bout.refresh_from_db()
    assert bout.decisions == held


def test_caesars_player_answers_and_everyone_reads_what_he_chose(cast):
    bout = waiting_for(cast, three(cast), "Nerva")
    pending = moritari.bout_pending(bout)
    held = len(bout.decisions)
    choice = pending.options[-1]
    page = cast.client_for("nerva").post(
        url(cast, bout, "choose/"), {"choice": choice, "answers": held}, HTTP_HX_REQUEST="true"
    )
    assert page.status_code == 200
    bout.refresh_from_db()
    assert bout.decisions[held] == {
        "kind": pending.kind,
        "entrant": pending.entrant,
        "choice": choice,
    }
    # A repeat of the same click answers nothing more.
    cast.client_for("nerva").post(url(cast, bout, "choose/"), {"choice": choice, "answers": held})
    bout.refresh_from_db()
    assert len([d for d in bout.decisions[held:] if d == bout.decisions[held]]) >= 1
    assert len(bout.decisions) <= held + 2
    theirs = cast.client_for("other").get(url(cast, bout)).content.decode()
    assert 'id="caesar-log"' in theirs
    kind = {"fight_order": "order", "move_order": "move-order"}.get(pending.kind, "thumb")
    assert f'class="caesar-{kind}"' in theirs


def test_a_bad_answer_is_refused_in_the_page_and_writes_nothing(cast):
    bout = waiting_for(cast, three(cast), "Nerva")
    held = list(bout.decisions)
    page = cast.client_for("nerva").post(url(cast, bout, "choose/"), {"choice": "both"})
    assert page.status_code == 400 and "Choose one of" in page.content.decode()
    bout.refresh_from_db()
    assert bout.decisions == held


def test_the_replay_steps_move_by_move_with_real_links_and_htmx(cast):
    bout = bout_fight(bout=three(cast, caesar_asks=False), seed=4)
    page = cast.client_for("other").get(url(cast, bout, "replay/") + "?step=0")
    body = page.content.decode()
    assert page.status_code == 200 and 'id="board-next"' in body
    assert re.search(r'href="[^"]*replay/\?step=1"', body)
    assert "The fighters take the sand." in body
    part = cast.client_for("other").get(
        url(cast, bout, "replay/") + "?step=3", HTTP_HX_REQUEST="true"
    )
    assert part.content.decode().lstrip().startswith('<section class="card moritari-board-card"')
    last = len(bout.log) - 1
    end = cast.client_for("other").get(url(cast, bout, "replay/") + "?step=99999").content.decode()
    assert f"{last + 1} / {last + 1}" in end and 'id="board-next"' not in end
    assert cast.client_for("outsider").get(url(cast, bout, "replay/")).status_code == 404


def test_the_finished_fight_shows_results_and_purses(cast):
    bout = bout_fight(bout=three(cast, caesar_asks=False), seed=1)
    body = cast.client_for("gm").get(url(cast, bout)).content.decode()
    assert 'id="fight-end"' in body
    end = bout.log[-1]
    assert end["kind"] == "end" and end["text"] in body


def test_orders_are_shown_to_their_owner_only(cast):
    bout = three(cast)
    mine = cast.client_for("nerva").get(url(cast, bout)).content.decode()
    theirs = cast.client_for("other").get(url(cast, bout)).content.decode()
    row = re.search(r'id="fighter-0">(.*?)</tr>', mine, re.S).group(1)
    assert "Orders: as Caesar his thumb follows the crowd" in row
    row = re.search(r'id="fighter-0">(.*?)</tr>', theirs, re.S).group(1)
    assert "Orders:" not in row


def test_the_show_page_lists_the_fight_and_the_gm_adds_one_by_the_form(cast):
    page = cast.client_for("gm").get(f"/c/{cast.campaign.pk}/arena/shows/{cast.show.pk}/")
    assert 'id="fight-add-form"' in page.content.decode()
    assert 'id="bout-add-form"' not in page.content.decode()  # a pair is a fight of two here
    post = {
        "man_1": cast.bithys.pk,
        "man_2": cast.spartacus.pk,
        "beast_1": "lion",
        "beast_1_name": "Leo",
        "hire": "",
    }
    added = cast.client_for("gm").post(
        f"/c/{cast.campaign.pk}/arena/shows/{cast.show.pk}/fights/", post
    )
    assert added.status_code == 302
    bout = cast.show.bouts.get()
    assert sorted(str(e) for e in bout.entrants) == ["Bithys", "Leo", "Spartacus"]
    card = cast.client_for("other").get(f"/c/{cast.campaign.pk}/arena/shows/{cast.show.pk}/")
    assert "Skirmish of 3" in card.content.decode()


def test_the_fight_form_refuses_a_man_twice_naming_the_field(cast):
    post = {"man_1": cast.bithys.pk, "man_2": cast.bithys.pk}
    page = cast.client_for("gm").post(
        f"/c/{cast.campaign.pk}/arena/shows/{cast.show.pk}/fights/", post
    )
    assert page.status_code == 400
    assert page.context["fight_form"].errors["man_2"] == ["Bithys is given twice."]
    assert not cast.show.bouts.exists()
    assert (
        cast.client_for("nerva")
        .post(f"/c/{cast.campaign.pk}/arena/shows/{cast.show.pk}/fights/", post)
        .status_code
        == 404
    )


def test_the_odds_page_never_prices_moritari_men_by_the_era_rules(cast):
    """An Era pair's form sent to a Moritari campaign's odds page is read as the skirmish's
    (arena/views/moritari_odds.py): it names no fighters, so it is refused, naming them."""
    post = {
        "fighter_a": cast.bithys.pk,
        "fighter_b": cast.spartacus.pk,
        "orders_a": "cautious",
        "orders_b": "cautious",
        "venue": "capua",
        "bouts": 100,
        "seed": 1,
        "method": "monte-carlo",
    }
    page = cast.client_for("gm").post(f"/c/{cast.campaign.pk}/arena/odds/run/", post)
    assert page.status_code == 400
    text = page.content.decode()
    assert "Fighters: choose two or more" in text and "Fights: how many to fight" in text
    assert "Crowd Favor" not in text


def test_a_moritari_mans_page_shows_his_rulesets_figures_not_the_era_sheet(cast):
    page = cast.client_for("other").get(f"/c/{cast.campaign.pk}/gladiators/{cast.bithys.pk}/")
    body = page.content.decode()
    assert page.status_code == 200
    assert "Hit points" in body and "Dice to hit" in body
    assert "Characteristics" not in body and "Resistance" not in body


def test_the_panel_answering_a_fight_post_steps_the_board_on_the_bout_page(cast):
    bout = three(cast, caesar_asks=False)
    page = cast.client_for("gm").post(
        url(cast, bout, "fight/"), {"to": "round", "at_round": 0}, HTTP_HX_REQUEST="true"
    )
    body = page.content.decode()
    assert page.status_code == 200 and "/fight/?step=" not in body
    assert f'href="{url(cast, bout)}?step=0"' in body
