"""Each write service's queries, bounded so they do not grow back (issue 14: the services were
made cheaper, docs/performance.md "A large campaign").

Counted as Django counts them, so each `transaction.atomic` a service opens inside the test's
transaction adds its SAVEPOINT and RELEASE (a posting opens two).

Every service is asked as a web request asks it: with instances freshly read from the database
(nothing cached on them), on a small campaign built by `generate_campaign` (so the ledger, the
books and the calendar already hold something). The bounds are the counts measured after the
work; the counts before it are in the comments (the same tests run on commit a594d85).
"""

import pytest

from arena.book.services import bet_place, book_open
from arena.models import Bout, Show, Venue
from arena.services.shows import bout_add, show_hold, show_plan
from desk.generate import generate_campaign
from economy import accounts
from economy.ledger import Leg, transaction_post
from economy.models import Bettor, Book, Transaction
from economy.services.hire import hire_contract_create
from ludus.models import Campaign, Editor, Gladiator
from ludus.services.recovery import campaign_advance_day

pytestmark = pytest.mark.django_db


@pytest.fixture
def table():
    made = generate_campaign(gladiators=24, shows=2, bouts=4, seed=11)
    return made.campaign.pk


def fresh(table):
    """The campaign, an editor, a bettor and four fit men of a school, as a request reads them."""
    campaign = Campaign.objects.get(pk=table)
    editor = Editor.objects.filter(campaign=campaign).order_by("pk").first()
    bettor = Bettor.objects.filter(campaign=campaign).order_by("pk").first()
    fit = Gladiator.objects.filter(
        campaign=campaign, status=Gladiator.Status.ACTIVE, wounds=0, injuries=None
    ).exclude(owner=None)
    # Two pairs of equal Melee, so that the seed's table prices each pair.
    by_melee: dict[int, list[Gladiator]] = {}
    for man in fit.order_by("pk"):
        by_melee.setdefault(man.sheet["melee"], []).append(man)
    pairs = [men[i : i + 2] for men in by_melee.values() for i in range(0, len(men) - 1, 2)]
    return campaign, editor, bettor, [man for pair in pairs[:2] for man in pair]


def planned(table, pairs: int = 1) -> Show:
    campaign, editor, _, men = fresh(table)
    show = show_plan(campaign=campaign, name="Munus of the test", editor=editor, venue=Venue.CAPUA)
    for i in range(pairs):
        a, b = men[2 * i], men[2 * i + 1]
        for man in (a, b):
            hire_contract_create(show=show, gladiator=man, kind="single")
        bout_add(show=show, fighter_a=a, fighter_b=b)
    return show


def test_a_posting(table, django_assert_max_num_queries):
    campaign, editor, bettor, _ = fresh(table)
    legs = [Leg(accounts.purse(editor), -800), Leg(accounts.bettor_account(bettor), 800)]
    with django_assert_max_num_queries(9):  # before: 12
        transaction_post(
            campaign=campaign, cause="other", memo="A test", legs=legs, idempotency_key="t:1"
        )


def test_a_hire(table, django_assert_max_num_queries):
    campaign, editor, _, men = fresh(table)
    show = show_plan(campaign=campaign, name="Munus of the test", editor=editor)
    show = Show.objects.get(pk=show.pk)
    with django_assert_max_num_queries(19):  # before: 32
        hire_contract_create(show=show, gladiator=men[0], kind="single")


def test_a_pair_on_the_card(table, django_assert_max_num_queries):
    campaign, editor, _, men = fresh(table)
    show = show_plan(campaign=campaign, name="Munus of the test", editor=editor)
    show = Show.objects.get(pk=show.pk)
    with django_assert_max_num_queries(17):  # before: 30
        bout_add(show=show, fighter_a=men[0], fighter_b=men[1])


def test_a_book(table, django_assert_max_num_queries):
    bout = Bout.objects.get(show=planned(table))
    with django_assert_max_num_queries(12):  # before: 30
        book_open(bout=bout)


def test_a_bet(table, django_assert_max_num_queries):
    bout = Bout.objects.get(show=planned(table))
    book = Book.objects.get(pk=book_open(bout=bout).pk)
    bettor = Bettor.objects.get(pk=fresh(table)[2].pk)
    side = bout.entry_a.gladiator_id
    with django_assert_max_num_queries(22):  # before: 37
        bet_place(book=book, bettor=bettor, side=side, stake=400)


def test_a_show_held(table, django_assert_max_num_queries):
    """A card of two pairs, with a book and a bet on each: fought, decided, paid, settled."""
    show = planned(table, pairs=2)
    bettor = fresh(table)[2]
    for bout in show.bouts.all():
        book = book_open(bout=bout)
        bet_place(book=book, bettor=bettor, side=bout.entry_a.gladiator_id, stake=400)
    show = Show.objects.get(pk=show.pk)
    with django_assert_max_num_queries(191):  # before: 316
        show_hold(show=show, seed=5)
    assert Transaction.objects.filter(cause="settlement").count() >= 2


def test_a_day_ended(table, django_assert_max_num_queries):
    campaign = Campaign.objects.get(pk=table)
    living = Gladiator.objects.filter(campaign=campaign).exclude(status="dead").count()
    hurt = Gladiator.objects.filter(campaign=campaign, wounds__gt=0).count()
    # A few queries, and a write (and its history row) for each man who rests off Wounds.
    with django_assert_max_num_queries(6 + 2 * hurt):  # before: 9 + 4 a man hurt
        campaign_advance_day(campaign=campaign)
    assert living and hurt
