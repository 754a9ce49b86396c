"""The leaders (arena.selectors.public): the standings summed in the database and the boards
ranked from them are the same as a plain computation from each man's record
(arena.selectors.records, one man at a time), over bouts of every status, draws, hired
opponents, drivers, men of no school, men with prior records (in a city of no venue too), ties
and another campaign's bouts."""

import random

import pytest
from django.test import Client
from django.urls import reverse

from arena.models import Bout, BoutEntry, Show, Venue
from arena.selectors import public
from arena.selectors.public import BOARDS, FAME_PER_CITY_KNOWN, PALM_AT, leaders, standings
from arena.selectors.records import KNOWN_WINS, records_by_city, settled_entries
from arena.services.sharing import share_link_create
from ludus.models import Gladiator
from tests import factories
from tests.cast import build_cast

pytestmark = pytest.mark.django_db

STATUSES = list(Bout.Status)


def _plain(man: Gladiator) -> dict[str, int]:
    """His figures worked out the long way: his record by city, and each settled entry."""
    by_city = records_by_city(man)
    entries = list(settled_entries(man))
    wins = sum(record.wins for record in by_city.values())
    palms = sum(
        1 for e in entries if e.result == BoutEntry.Result.WON and (e.standing or 0) >= PALM_AT
    )
    known = sum(1 for record in by_city.values() if record.wins >= KNOWN_WINS)
    return {
        "wins": wins,
        "favor": sum(e.standing or 0 for e in entries),
        "palms": palms,
        "cities_known": known,
        "bouts": len(entries),
        "fame": wins + palms + FAME_PER_CITY_KNOWN * known,
    }


def _plain_boards(campaign, top: int) -> dict[str, list[tuple[str, int]]]:
    men = Gladiator.objects.filter(campaign=campaign, is_charioteer=False)
    figures = {man: _plain(man) for man in men}
    boards = {}
    for title, key in (("Wins", "wins"), ("Crowd Favor", "favor"), ("Fame", "fame")):
        ranked = sorted(
            (man for man in figures if figures[man][key] > 0),
            key=lambda man: (-figures[man][key], man.name, man.pk),
        )
        boards[title] = [(man.name, figures[man][key]) for man in ranked[:top]]
    return boards


def _bout(show, a, b, rng, *, status=None):
    """A pair at `show` of any status, with a result and Crowd Favor (None at times) even when
    it is not settled (they must not count then)."""
    status = status or rng.choice(STATUSES)
    winner, loser = (a, b) if rng.random() < 0.5 else (b, a)
    draw = rng.random() < 0.1
    bout = factories.BoutFactory(
        show=show,
        fighter_a=a,
        fighter_b=b,
        status=status,
        winner=None if draw else winner,
        loser=None if draw else loser,
        favor_a=rng.choice([None, 1, 2, 3, 4, 5, 6]),
        favor_b=rng.choice([1, 2, 3, 4, 5, 6]),
    )
    if draw:
        bout.entries.update(result=BoutEntry.Result.DREW)
    return bout


@pytest.fixture
def busy():
    """The shared cast, and a season of bouts at every venue among a dozen men."""
    cast = build_cast()
    campaign = cast.campaign
    rng = random.Random(14)
    men = [cast.bithys, cast.crixus, cast.spartacus, cast.free_agent]  # Verus: no school
    men += [
        factories.GladiatorFactory(campaign=campaign, owner=cast.rival, name=f"Man {n:02}")
        for n in range(8)
    ]
    men.append(factories.GladiatorFactory(campaign=campaign, owner=None, name="Aulus"))
    # Prior records: in a city of a venue, and in one of none (Ravenna: Known there).
    factories.PriorRecordFactory(gladiator=men[5], city="Capua", wins=4, losses=2)
    factories.PriorRecordFactory(gladiator=men[6], city="Ravenna", wins=6)
    factories.PriorRecordFactory(gladiator=men[6], city="Pompeii", wins=2, draws=1)
    # A driver with a record and a bout: never on the boards.
    driver = factories.GladiatorFactory(
        campaign=campaign, owner=cast.school, name="Aaron the driver", is_charioteer=True
    )
    factories.PriorRecordFactory(gladiator=driver, city="Rome", wins=40)
    shows = [
        factories.ShowFactory(campaign=campaign, editor=cast.editor, venue=venue, day=2)
        for venue in (Venue.CAPUA, Venue.POMPEII, Venue.FORUM_ROMANUM, Venue.CURIO_THEATERS)
    ]
    for show in shows:
        show.status = Show.Status.HELD
        show.save()
    for _ in range(70):
        a, b = rng.sample(men, 2)
        _bout(rng.choice(shows), a, b, rng)
    # Settled bouts the driver won at Crowd Favor 6 (he would lead every board), and a hired
    # beast in a settled bout.
    for _ in range(12):
        factories.BoutFactory(
            show=shows[0],
            fighter_a=driver,
            fighter_b=men[3],
            status=Bout.Status.DONE,
            winner=driver,
            loser=men[3],
            favor_a=6,
            favor_b=1,
        )
    beast = _bout(shows[1], men[1], men[2], rng, status=Bout.Status.DONE)
    BoutEntry.objects.create(bout=beast, side="c", name="A bear", standing=6, result="won")
    # Another campaign's bouts count for no one here.
    elsewhere = factories.ShowFactory(venue=Venue.CAPUA)
    for _ in range(5):
        _bout(elsewhere, *factories.GladiatorFactory.create_batch(2), rng)
    return cast


def test_every_status_is_in_the_season(busy):
    found = set(Bout.objects.filter(show__campaign=busy.campaign).values_list("status", flat=True))
    assert found == set(STATUSES)
    assert BoutEntry.objects.filter(bout__show__campaign=busy.campaign, gladiator=None).exists()
    assert BoutEntry.objects.filter(
        bout__show__campaign=busy.campaign, result=BoutEntry.Result.DREW
    ).exists()


def test_the_standings_are_each_mans_plain_record(busy):
    rows = standings(busy.campaign)
    men = Gladiator.objects.filter(campaign=busy.campaign, is_charioteer=False)
    assert [s.gladiator.pk for s in rows] == [m.pk for m in men.order_by("name", "pk")]
    for row in rows:
        got = {key: getattr(row, key) for key in _plain(row.gladiator)}
        assert got == _plain(row.gladiator), row.gladiator.name
    # The season is not empty: someone is Known, someone has a palm, someone drew.
    assert any(row.cities_known for row in rows) and any(row.palms for row in rows)
    assert "Aaron the driver" not in {row.gladiator.name for row in rows}


@pytest.mark.parametrize("top", [1, 3, 5, 50])
def test_the_boards_are_the_plain_ranking(busy, top):
    boards = leaders(busy.campaign, top=top)
    got = {title: [(s.gladiator.name, n) for s, n in board] for title, board in boards.items()}
    assert got == _plain_boards(busy.campaign, top)
    assert list(got) == list(BOARDS)
    for board in boards.values():
        for standing, figure in board:  # each leader's standing is his whole standing
            plain = _plain(standing.gladiator)
            assert (standing.wins, standing.favor, standing.fame) == (
                plain["wins"],
                plain["favor"],
                plain["fame"],
            )
            assert figure > 0


def test_ties_go_by_name_and_many_ties_read_every_name(busy, monkeypatch):
    """Men with the same figure rank by name; past NAMED_BY_ID men in the running, the names
    are read by the campaign: the same boards either way."""
    campaign = busy.campaign
    show = factories.ShowFactory(campaign=campaign, editor=busy.editor, venue=Venue.POMPEII)
    for name in ("Zeno", "Brutus", "Marcus"):
        man = factories.GladiatorFactory(campaign=campaign, owner=None, name=name)
        factories.PriorRecordFactory(gladiator=man, city="Rome", wins=60)
        factories.BoutFactory(
            show=show, fighter_a=man, fighter_b=busy.crixus, status=Bout.Status.PLANNED
        )
    top3 = [name for name, _ in _plain_boards(campaign, 3)["Wins"]]
    assert top3 == ["Brutus", "Marcus", "Zeno"]
    expected = _plain_boards(campaign, 5)
    named = {title: [(s.gladiator.name, n) for s, n in b] for title, b in leaders(campaign).items()}
    assert named == expected
    monkeypatch.setattr(public, "NAMED_BY_ID", 0)
    every = {title: [(s.gladiator.name, n) for s, n in b] for title, b in leaders(campaign).items()}
    assert every == expected


def test_no_one_leads_with_nothing():
    cast = build_cast()
    Bout.objects.filter(pk=cast.bout.pk).update(status=Bout.Status.VOID)
    cast.bithys.prior_records.all().delete()
    assert leaders(cast.campaign) == {"Wins": [], "Crowd Favor": [], "Fame": []}


def _leaders_section(text: str) -> str:
    return text.split('id="leader-charts"', 1)[1].split("</section>", 1)[0]


def test_the_gm_and_a_player_see_the_same_leaders_and_the_share_page_too(busy):
    url = reverse("campaign_charts", args=[busy.campaign.pk])
    gm = busy.client_for("gm").get(url).content.decode()
    player = busy.client_for("nerva").get(url).content.decode()
    assert _leaders_section(gm) == _leaders_section(player)
    for title, board in _plain_boards(busy.campaign, 5).items():
        for name, _ in board:
            assert name in _leaders_section(gm), (title, name)
    # The money differs: the GM sees every party's, the player his own.
    assert "Fabius" in gm.split('id="leader-charts"')[0]
    assert "Fabius" not in player.split('id="leader-charts"')[0]
    link = share_link_create(campaign=busy.campaign)
    shared = Client().get(reverse("shared", args=[link.token])).content.decode()
    leaders_html = shared.split('id="leaders"', 1)[1].split("</section>", 1)[0]
    for board in _plain_boards(busy.campaign, 5).values():
        for name, _ in board:
            assert name in leaders_html
