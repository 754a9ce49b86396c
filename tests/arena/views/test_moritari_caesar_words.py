"""Caesar's choices in words (issue 26): numbered from 1 with the men's names, any order of the
fights or moves typed by number (moritari/2), the GM's answer for an absent Caesar marked
"answered by the GM", a fight stored under moritari/1 replayed under it and its log said in
words."""

import re

import pytest

from arena.models import Bout
from arena.rulesets.moritari import adapter as moritari
from arena.rulesets.moritari.fights import Entrant, fight_add
from arena.rulesets.moritari.selectors import caesar_lines, event_words
from arena.services.bouts import bout_fight
from tests.cast import make_campaign

pytestmark = pytest.mark.django_db

ORDERS = ("move_order", "fight_order")


@pytest.fixture
def cast():
    return make_campaign(ruleset="moritari")


def three(cast) -> Bout:
    return fight_add(
        show=cast.show,
        entrants=[
            Entrant(gladiator=cast.bithys),
            Entrant(gladiator=cast.spartacus),
            Entrant(gladiator=cast.verus),
        ],
        caesar_asks=True,
    )


HTMX = {"HTTP_HX_REQUEST": "true"}  # the panel is answered in place (no redirect)


def url(cast, bout, part="") -> str:
    return f"/c/{cast.campaign.pk}/arena/bouts/{bout.pk}/{part}"


def waiting(cast, bout, side: str, kinds=ORDERS) -> Bout:
    """The fight fought from a seed at which the first choice is `side`'s, of one of `kinds`."""
    setup = moritari.setup_from_data(moritari.setup_data(bout))

    def first(seed: int):
        pending = moritari.engine.play(setup, seed).pending
        if pending is None:
            return None
        return setup.fighters[pending.entrant].side, pending.kind

    seed = next(
        s for s in range(1, 500) if (first(s) or ("", ""))[0] == side and first(s)[1] in kinds
    )
    return bout_fight(bout=bout, seed=seed, auto_decide=False)


def test_the_choice_is_numbered_from_one_with_the_mens_names(cast):
    bout = waiting(cast, three(cast), "Nerva")
    pending = moritari.bout_pending(bout)
    body = cast.client_for("nerva").get(url(cast, bout)).content.decode()
    assert re.search(r"Order the turn&#x27;s (moves|fights): 1\. ", body)
    assert re.search(r">First (Bithys|Spartacus|Verus)", body)  # the names as written
    assert 'id="caesar-own-order"' in body  # moritari/2: any order, typed by number
    assert pending.options[0] not in re.sub(r'value="[^"]*"', "", body).split("Order the")[1][:80]


def test_caesar_types_any_order_by_number_and_the_engine_gets_its_own(cast):
    bout = waiting(cast, three(cast), "Nerva")
    pending = moritari.bout_pending(bout)
    values = pending.options[0].split(",")  # the default order, as listed 1, 2, ...
    if pending.kind == "fight_order":
        values = [str(i) for i in range(len(values))]
    count = len(values)
    typed = ", ".join(str(n) for n in range(count, 0, -1))  # the last listed first
    held = len(bout.decisions)
    page = cast.client_for("nerva").post(
        url(cast, bout, "choose/"), {"order": typed, "answers": held}, **HTMX
    )
    assert page.status_code == 200
    bout.refresh_from_db()
    assert bout.decisions[held] == {
        "kind": pending.kind,
        "entrant": pending.entrant,
        "choice": ",".join(reversed(values)),
    }


@pytest.mark.parametrize("typed", ["1, 1", "0, 1, 2", "a, b", "1, 2, 3, 4, 5, 6, 7"])
def test_an_order_that_is_not_each_number_once_is_refused_naming_the_field(cast, typed):
    bout = waiting(cast, three(cast), "Nerva")
    held = list(bout.decisions)
    page = cast.client_for("nerva").post(
        url(cast, bout, "choose/"), {"order": typed, "answers": len(held)}
    )
    assert page.status_code == 400 and "Your order: give each number from 1 to" in (
        page.content.decode()
    )
    bout.refresh_from_db()
    assert bout.decisions == held


def test_the_gm_answers_for_an_absent_caesar_and_it_is_marked(cast):
    bout = waiting(cast, three(cast), "Batiatus")  # the other player's Caesar, not here
    pending = moritari.bout_pending(bout)
    gm_page = cast.client_for("gm").get(url(cast, bout)).content.decode()
    assert "Answer for Caesar (Batiatus)" in gm_page and 'id="for-absent-caesar"' in gm_page
    held = len(bout.decisions)
    post = {"choice": pending.options[0], "answers": held}
    assert cast.client_for("gm").post(url(cast, bout, "choose/"), post, **HTMX).status_code == 200
    bout.refresh_from_db()
    assert bout.decisions[held]["by"] == "gm"
    body = cast.client_for("other").get(url(cast, bout)).content.decode()
    assert body.count("(answered by the GM)") == 1
    lines = caesar_lines(bout.log, bout.setup, bout.decisions)
    marked = [line for line in lines if line["by_gm"]]
    assert len(marked) == 1 and marked[0]["round"] == pending.round


def test_caesars_own_answer_is_not_marked(cast):
    bout = waiting(cast, three(cast), "Nerva")
    pending = moritari.bout_pending(bout)
    post = {"choice": pending.options[0], "answers": len(bout.decisions)}
    assert (
        cast.client_for("nerva").post(url(cast, bout, "choose/"), post, **HTMX).status_code == 200
    )
    bout.refresh_from_db()
    assert "by" not in bout.decisions[0]
    page = cast.client_for("nerva").get(url(cast, bout)).content.decode()
    assert "answered by the GM" not in page


def test_a_fight_stored_under_moritari_1_replays_and_goes_on_under_it(cast):
    bout = three(cast)
    bout.setup = moritari.setup_data(bout) | {"engine_version": "moritari/1"}
    bout.save()
    bout = bout_fight(bout=bout, seed=7, auto_decide=False)
    assert bout.engine_version == "moritari/1"
    setup = moritari.setup_from_data(bout.setup)
    under_1 = moritari.engine.play(setup, 7, engine_version="moritari/1", stop_after=bout.rounds)
    assert bout.log == [event.to_dict() for event in under_1.events]
    page = cast.client_for("nerva").get(url(cast, bout)).content.decode()
    assert 'id="caesar-own-order"' not in page  # moritari/1 takes only the orders offered


def test_a_moritari_1_log_is_said_in_words():
    names = ["Bithys", "Rufus", "Tigris"]
    order = {
        "kind": "order",
        "text": "Caesar orders the fights: 1,2,0.",
        "data": {"fights": [[0, 1], [0, 2], [1, 2]]},
    }
    assert event_words(order, names) == (
        "Caesar orders the fights: first Bithys v Tigris, then Rufus v Tigris, then Bithys v Rufus."
    )
    fight = {
        "kind": "fight",
        "entrant": 0,
        "text": "Bithys rolls [6, 1], Rufus [5, 4]: Bithys hits 1 time(s), Rufus 1.",
        "data": {"foe": 1, "rolls": [[6, 1], [5, 4]], "hits": [1, 1]},
    }
    assert event_words(fight, names) == (
        "Bithys rolls 6 and 1, Rufus 5 and 4: Bithys hits once, Rufus hits once."
    )
    wound = {
        "kind": "wound",
        "text": "Bithys wounds Rufus: 1 hit point(s) left.",
        "data": {"hp": 1},
    }
    assert event_words(wound, names) == "Bithys wounds Rufus: 1 hit point left."
    plain = {"kind": "move", "text": "Bithys moves 4 east.", "data": {}}
    assert event_words(plain, names) == "Bithys moves 4 east."


def test_a_man_mauled_where_he_lay_is_drawn_dead_from_that_line():
    from arena.rulesets.moritari.selectors import frames

    setup = {
        "fighters": [
            {"name": "Leo", "kind": "lion", "side": "beasts", "beast": True},
            {"name": "Rufus", "kind": "murmillo", "side": "gaius"},
        ]
    }
    log = [
        {"kind": "start", "round": 0, "text": "The fighters take the sand.", "data": {}},
        {
            "kind": "thumb",
            "round": 1,
            "text": "Caesar shows mitte.",
            "entrant": 1,
            "data": {"thumb": "mitte"},
        },
        {
            "kind": "mauled",
            "round": 2,
            "text": "Rufus dies under Leo.",
            "entrant": 1,
            "data": {"by": 0},
        },
    ]
    shown = frames(setup, log)
    assert [f.pieces[1].state for f in shown] == ["standing", "lying", "dead"]
