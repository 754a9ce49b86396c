"""Issue 10, overflows: every number a form or a URL takes has a sane range (ludus.limits,
economy.limits). Fuzzed with hypothesis through the views: never a 500; a number out of its
range is refused with a message naming the field, and nothing is written. A URL id no row can
have is 404. The issue's own case: an opening chest of 2**63 - 1, posted twice, is refused and
the dashboard and the ledger still answer."""

from dataclasses import dataclass, field

import pytest
from django.db import transaction
from django.urls import reverse
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from arena.book.services import book_open
from arena.models import Race, Show
from arena.rulesets.era.forms import MAX_ODDS_BOUTS
from arena.services.sharing import share_link_create
from desk.services.invitations import invitation_create
from economy import accounts
from economy.limits import MAX_POSTING, MAX_STAKE
from economy.models import Book, Entry, Transaction
from ludus.limits import MAX_DAY, MAX_ID, MAX_SEED, MAX_YEAR, MIN_YEAR
from ludus.models import Campaign, DayEnd, Editor, Election, Gladiator, Job, Lanista, Membership
from ludus.services.recovery import medicus_treat
from rules.era.sheet import CHARACTERISTIC_RANGE
from tests import factories
from tests.cast import build_cast
from tests.money import fund
from tests.setup_posts import EDITOR, GLADIATOR, LANISTA
from tests.test_url_sweep import URLS

pytestmark = pytest.mark.django_db

HUGE = [2**31, 2**63 - 1, 2**63, 2**64, 10**30]
NUMBERS = st.one_of(
    st.integers(min_value=-(2**70), max_value=2**70),
    st.integers(min_value=-1_000, max_value=1_000),
    st.sampled_from([0, -1, *HUGE, MAX_POSTING, MAX_POSTING + 1, MAX_DAY + 1, MAX_YEAR + 1]),
)
FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@dataclass
class World:
    cast: object
    ids: dict
    book: Book
    race: Race


@pytest.fixture
def world(db):
    cast = build_cast()
    race = factories.RaceFactory(show=cast.show)
    entry = factories.RaceEntryFactory(race=race, driver=cast.crixus)
    bout = factories.BoutFactory(show=cast.show, fighter_a=cast.bithys, fighter_b=cast.crixus)
    book = book_open(bout=bout, source=Book.Source.TABLE)
    bettor = factories.BettorFactory(campaign=cast.campaign, name="Eros", player=cast.gm)
    fund(accounts.bettor_account(bettor), 20_000)
    patron = factories.PatronFactory(campaign=cast.campaign)
    favor = factories.FavorFactory(patron=patron)
    link = share_link_create(campaign=cast.campaign, show=cast.show)
    invitation = invitation_create(campaign=cast.campaign, created_by=cast.gm)
    ids = {
        "campaign_id": cast.campaign.pk,
        "show_id": cast.show.pk,
        "bout_id": bout.pk,
        "race_id": race.pk,
        "entry_id": entry.pk,
        "gladiator_id": cast.bithys.pk,
        "lanista_id": cast.school.pk,
        "injury_id": cast.bithys.injuries.first().pk,
        "favor_id": favor.pk,
        "book_id": book.pk,
        "job_id": Job.objects.create(
            campaign=cast.campaign, kind="bout_odds", title="t", total=1
        ).pk,
        "export_id": Job.objects.create(
            campaign=cast.campaign, kind="campaign_export", title="t", total=1
        ).pk,
        "attempt_id": medicus_treat(injury=cast.bithys.injuries.first(), seed=1).pk,
        "record_id": DayEnd.objects.create(campaign=cast.campaign, day=2).pk,
        "editor_id": cast.editor.pk,
        "membership_id": Membership.objects.get(campaign=cast.campaign, user=cast.nerva).pk,
        "link_id": link.pk,
        "token": link.token,
        "invitation_id": invitation.pk,
        "invitation_token": invitation.token,
    }
    return World(cast=cast, ids=ids, book=book, race=race)


def _written() -> tuple:
    return tuple(
        model.objects.count()
        for model in (Transaction, Entry, Show, Race, Campaign, Lanista, Editor, Election)
    ) + (Gladiator.objects.count(),)


# --- URLs -----------------------------------------------------------------------------------


@pytest.mark.parametrize("value", [MAX_ID + 1, 2**64, 10**30])
def test_an_id_no_row_can_have_is_404_on_every_url(world, value):
    client = world.cast.client_for("gm")
    problems = []
    for name, kwargs, _view in URLS:
        for key in kwargs:
            ids = dict(world.ids) | {key: value}
            url = reverse(name, kwargs={k: ids[k] for k in kwargs})
            for method in ("get", "post"):
                with transaction.atomic():
                    status = getattr(client, method)(url).status_code
                    transaction.set_rollback(True)
                # a read-only page refuses a POST before it looks anything up
                if status != 404 and (method, status) != ("post", 405):
                    problems.append((method, url, status))
    assert problems == []


# --- Forms ----------------------------------------------------------------------------------


@dataclass
class Case:
    """One integer field of one form: where it is posted, the rest of a valid post, its
    range, and the words its refusal must contain."""

    url: str  # a URL name
    field: str  # the POST key
    low: int
    high: int
    label: str
    data: dict = field(default_factory=dict)
    who: str = "gm"
    by_id: tuple = ("campaign_id",)


def _cases() -> list[Case]:
    plan = {"name": "Games", "kind": "munus", "venue": "forum_romanum", "year": -50, "day": 5}
    return [
        Case("arena:show_plan", "day", 3, MAX_DAY, "Day", plan),
        Case("arena:show_plan", "year", MIN_YEAR, MAX_YEAR, "Year", plan),
        Case("campaign_new", "year", MIN_YEAR, MAX_YEAR, "Year", {"name": "T", "ruleset": "era"}),
        Case("setup_lanista_add", "lanista-chest", 0, MAX_POSTING, "Chest", LANISTA),
        Case("setup_editor_add", "editor-purse", 0, MAX_POSTING, "Purse", EDITOR),
        Case("setup_editor_add", "editor-base_dignitas", -1_000, 1_000, "Dignitas", EDITOR),
        Case(
            "setup_gladiator_add",
            "gladiator-contract_bouts_left",
            1,
            100,
            "Contract bouts",
            GLADIATOR | {"gladiator-legal_status": "auctoratus"},
        ),
        Case("setup_gladiator_add", "gladiator-price_purses", 1, 15, "", GLADIATOR),
        Case("setup_gladiator_add", "gladiator-might", *CHARACTERISTIC_RANGE, "Might", GLADIATOR),
        Case("setup_election_add", "election-year", MIN_YEAR, MAX_YEAR, "Year", {}),
        Case("economy:market_buy", "price", 1, 12_000, "Price in sesterces", {}),
        Case("economy:market_sell", "price", 1, 12_000, "Price in sesterces", {}),
        Case("economy:market_hire", "price_purses", 1, 15, "Price in purses", {}),
        Case("economy:market_sign", "bouts", 1, 100, "Bouts owed", {}),
        Case(
            "economy:ledger_fund", "fund-amount", 1, MAX_POSTING, "Amount", {"fund-reason": "fuzz"}
        ),
        Case("bets:bet_place", "stake", 1, MAX_STAKE, "Stake", {}, by_id=("book_id",)),
        Case("circus:race_plan", "prize_purses", 0, 100, "Prize", {}),
        Case("circus:race_run", "seed", 0, 2**62, "Seed", {"to": "next"}, by_id=("race_id",)),
        Case("arena:odds_run", "seed", 0, MAX_SEED, "Seed", {"bouts": 100}),
        Case("arena:odds_run", "bouts", 100, MAX_ODDS_BOUTS, "bouts", {}),
    ]


CASES = _cases()


def _post_data(world: World, case: Case, value: int) -> dict:
    cast = world.cast
    data = dict(case.data)
    key = {"key": "fuzz-key"}
    extra = {
        "arena:show_plan": {"key": factories.form_key(), "editor": cast.editor.pk},
        "setup_election_add": {"election-editor": cast.editor.pk, "election-office": "aedile"},
        "economy:market_buy": key
        | {"buyer": cast.school.pk, "kind": "seasoned", "gladiator": cast.free_agent.pk},
        "economy:market_sell": key | {"gladiator": cast.crixus.pk},
        "economy:market_hire": key
        | {"show": cast.show.pk, "gladiator": cast.crixus.pk, "kind": "single"},
        "economy:market_sign": key | {"lanista": cast.school.pk, "name": "Volo"},
        "economy:ledger_fund": {
            "fund-key": "fuzz-key",
            "fund-account": accounts.chest(cast.school).pk,
        },
        "bets:bet_place": key
        | {
            "bettor": world.book.campaign.bettors.get().pk,
            "side": next(iter(world.book.line)),
        },
        "circus:race_plan": {"show": cast.show.pk, "name": "Quadrigae", "chariot": "quadriga"},
        "arena:odds_run": {
            "fighter_a": cast.bithys.pk,
            "fighter_b": cast.spartacus.pk,
            "orders_a": "cautious",
            "orders_b": "cautious",
            "venue": "forum_romanum",
        },
    }.get(case.url, {})
    return data | extra | {case.field: value}


def _names_the_field(response, case: Case) -> bool:
    """The refusal is on the field itself (shown beside its label), or its text names it."""
    text = response.content.decode()
    for context in response.context or []:
        for form in _forms_in(context):
            if not form.is_bound:
                continue
            if case.field.split("-")[-1] in form.errors:
                return True
            refusals = [str(e).lower() for e in form.non_field_errors()]
            if case.label and any(case.label.lower() in e for e in refusals):
                return True
    return bool(case.label) and case.label.lower() in text.lower() and "must" in text


def _forms_in(context):
    for value in context.flatten().values():
        if hasattr(value, "errors") and hasattr(value, "is_bound"):
            yield value
        elif isinstance(value, dict):
            yield from (v for v in value.values() if hasattr(v, "errors"))


@pytest.mark.parametrize("case", CASES, ids=[f"{c.url}:{c.field}" for c in CASES])
@FUZZ
@given(value=NUMBERS)
@example(value=1)  # a day before today on the show planner: the service's refusal
@example(value=-1)
@example(value=2**63)
def test_no_number_typed_in_a_form_is_a_500(world, case, value):
    client = world.cast.client_for(case.who)
    url_ids = {"campaign_id": world.ids["campaign_id"]} | {k: world.ids[k] for k in case.by_id}
    url_ids = url_ids if case.url != "campaign_new" else {}
    url = reverse(case.url, kwargs=url_ids)
    with transaction.atomic():
        before = _written()
        response = client.post(url, _post_data(world, case, value))
        after = _written()
        transaction.set_rollback(True)
    assert response.status_code < 500
    if not case.low <= value <= case.high:
        assert after == before
        if response.status_code == 302:  # a page that posts and redirects with the news
            news = " ".join(str(m) for m in response.wsgi_request._messages)
            assert case.label.lower() in news.lower(), news
            assert "error" in {m.level_tag for m in response.wsgi_request._messages}
        else:
            assert response.status_code >= 400, (value, response.status_code)
            assert _names_the_field(response, case), response.content.decode()[:2000]


# --- The cases ----------------------------------------------------------------------


def test_an_opening_chest_of_2_63_is_refused_twice_and_the_pages_still_answer(world):
    cast = world.cast
    client = cast.client_for("gm")
    data = _post_data(world, CASES[3], 2**63 - 1)
    for _ in range(2):
        response = client.post(reverse("setup_lanista_add", args=[cast.campaign.pk]), data)
        assert response.status_code == 400
        assert f"Chest must be at most {MAX_POSTING:,}." in response.content.decode()
    assert not Lanista.objects.filter(name="Lentulus").exists()
    for page in ("campaign_dashboard", "economy:ledger", "economy:ledger_csv"):
        assert client.get(reverse(page, args=[cast.campaign.pk])).status_code == 200


@pytest.mark.parametrize("field_name", ["year", "day"])
def test_a_show_in_year_or_on_day_2_63_is_refused_on_the_form(world, field_name):
    cast = world.cast
    data = _post_data(world, CASES[0], 5) | {field_name: 2**63}
    response = cast.client_for("gm").post(reverse("arena:show_plan", args=[cast.campaign.pk]), data)
    assert response.status_code == 400
    assert f"{field_name.capitalize()} must be at most" in response.content.decode()
    assert not Show.objects.filter(name="Games").exists()
