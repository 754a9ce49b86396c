"""Export and import: the demo after a full season of play comes back whole into a new
campaign (balances, records, injuries, Favors, Dignitas, books, every bout's replay), and a bad
file is refused naming its section and item with nothing written."""

import copy
import io
import json

import pytest
from django.conf import settings
from django.core.management import call_command
from django.core.management.base import CommandError

from arena.models import Bout, Race, Show
from arena.rulesets.era.adapter import replay
from arena.rulesets.era.circus.services import race_run
from arena.selectors.records import Record, records_by_city
from arena.services.shows import bout_add
from desk.campaign_archive import (
    KEY_PREFIX,
    OVERDRAWN,
    UNBALANCED,
    campaign_export,
    campaign_file_import,
    campaign_import,
)
from desk.campaign_file import (
    BAD_VERSION,
    NOT_SERVED,
    CampaignFileError,
    campaign_file_load,
    campaign_file_read,
)
from desk.demo import demo_build
from economy import accounts
from economy.models import Book, Entry, Transaction
from economy.selectors.ledger import balances_by_party
from economy.services.corrections import opening_balance
from ludus.models import Campaign, Favor, Gladiator, Injury
from ludus.services.recovery import campaign_advance_day, medicus_treat
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db


def play_season(campaign: Campaign) -> Campaign:
    """Every show held on its day (play_show, or by its last race's finish), Bithys paired
    with Tigris at Pompeii once his Forum bout is over (as the README's tour says), every race
    run, the books settled, the medicus called for every injury and three days ended."""
    for show in Show.objects.filter(campaign=campaign).order_by("day", "pk"):
        if show.venue == "pompeii" and not show.bouts.exists():
            men = Gladiator.objects.filter(campaign=campaign)
            bout_add(show=show, fighter_a=men.get(name="Bithys"), fighter_b=men.get(name="Tigris"))
        for race in show.races.all():
            race_run(race=race, seed=7 + race.pk)  # on the show's day: the calendar moves
        show.refresh_from_db()
        if show.status == Show.Status.PLANNED:  # a card of one race is held by its finish
            call_command("play_show", show=show.pk, seed=11, stdout=io.StringIO())
    for injury in Injury.objects.filter(gladiator__campaign=campaign, healed_on=None):
        if injury.gladiator.is_alive:
            medicus_treat(injury=injury, seed=5)
    for _ in range(3):
        campaign.refresh_from_db()
        campaign_advance_day(campaign=campaign, day=campaign.day)
    campaign.refresh_from_db()
    return campaign


@pytest.fixture
def season():
    return play_season(demo_build().campaign)


def balances(campaign):
    return {(a.kind, a.name): a.balance for a in balances_by_party(campaign=campaign)}


def records(campaign):
    out = {}
    for man in Gladiator.objects.filter(campaign=campaign):
        total = sum(records_by_city(man).values(), Record())
        out[man.name] = (str(total), man.status, man.wounds, man.legal_status)
    return out


def injuries(campaign):
    return sorted(
        (i.gladiator.name, i.name, i.severity, i.day_taken, i.healed_on, i.treatments.count())
        for i in Injury.objects.filter(gladiator__campaign=campaign)
    )


def ledger(campaign):
    return [
        (
            t.cause,
            t.memo,
            t.day,
            t.created,
            sorted((e.account.name, e.amount) for e in t.entries.all()),
        )
        for t in Transaction.objects.filter(campaign=campaign).order_by("pk")
    ]


def bouts(campaign):
    return [
        (b.show.name, b.order, b.status, b.seed, b.decisions, b.log, b.rounds, b.end_reason)
        for b in Bout.objects.filter(show__campaign=campaign).order_by("show__day", "order", "pk")
    ]


def test_the_season_played_has_something_of_everything(season):
    """The round trip below is only worth what the season holds."""
    assert Bout.objects.filter(show__campaign=season, status=Bout.Status.DONE).count() >= 4
    assert Race.objects.filter(show__campaign=season, status=Race.Status.DONE).exists()
    assert Book.objects.filter(campaign=season, status=Book.Status.SETTLED).count() >= 3
    assert not Book.objects.filter(campaign=season, status=Book.Status.OPEN).exists()
    assert not Show.objects.filter(campaign=season, status=Show.Status.PLANNED).exists()
    assert Bout.objects.filter(show__campaign=season, show__venue="pompeii").exists()
    assert Favor.objects.filter(patron__campaign=season).exclude(called_on=None).exists()
    assert Injury.objects.filter(gladiator__campaign=season).exists()
    assert Transaction.objects.filter(campaign=season, cause="purse").exists()
    assert season.day > 1


def test_a_round_trip_gives_the_same_campaign(season):
    data = json.loads(json.dumps(campaign_export(season)))
    data["campaign"]["name"] = "The copy"
    copy_ = campaign_import(data)
    assert copy_.pk != season.pk
    assert balances(copy_) == balances(season)
    assert records(copy_) == records(season)
    assert injuries(copy_) == injuries(season)
    assert ledger(copy_) == ledger(season)
    assert bouts(copy_) == bouts(season)
    assert copy_.day == season.day
    favors = [(f.owed_by, f.called_for) for f in Favor.objects.filter(patron__campaign=season)]
    assert favors == [
        (f.owed_by, f.called_for) for f in Favor.objects.filter(patron__campaign=copy_)
    ]
    # Every bout replays to its stored log from its stored seed and decisions.
    for bout in Bout.objects.filter(show__campaign=copy_).exclude(seed=None):
        assert [e.as_dict() for e in replay(bout).events] == bout.log
    # Every transaction balances; none of the new ids is the old one.
    for posted in Transaction.objects.filter(campaign=copy_):
        assert sum(Entry.objects.filter(transaction=posted).values_list("amount", flat=True)) == 0
        assert posted.idempotency_key.startswith(KEY_PREFIX)
    # And the copy exports as the original did, but for its name.
    again = json.loads(json.dumps(campaign_export(copy_)))
    assert _without_ids(again)["ledger"] == _without_ids(data)["ledger"]


def _without_ids(data):
    """The file with its own ids, keys and the name left out, to compare two exports."""
    data = copy.deepcopy(data)
    for row in data["ledger"]:
        row.pop("id"), row.pop("reverses"), row.pop("gladiator"), row.pop("event")
        row["key"] = row["key"].removeprefix(KEY_PREFIX)
        row["entries"] = sorted(amount for _, amount in row["entries"])
    return data


def test_the_copy_plays_on_without_mistaking_new_payments_for_old(season):
    copy_ = campaign_import(json.loads(json.dumps(campaign_export(season))))
    man = Gladiator.objects.filter(campaign=copy_, status="active").first()
    before = Transaction.objects.filter(campaign=copy_).count()
    opening_balance(account=accounts.peculium(man), amount=800, memo="a gift")
    assert Transaction.objects.filter(campaign=copy_).count() == before + 1


def test_the_commands_write_and_read_the_file(season, tmp_path):
    out = io.StringIO()
    call_command("export_campaign", season.pk, stdout=out)
    path = tmp_path / "season.json"
    path.write_text(out.getvalue())
    call_command("import_campaign", str(path), stdout=io.StringIO())
    copies = Campaign.objects.filter(name=season.name).exclude(pk=season.pk)
    assert copies.count() == 1
    assert balances(copies.get()) == balances(season)
    # load_campaign reads an export as well.
    call_command("load_campaign", str(path), password="pw", stdout=io.StringIO())
    assert Campaign.objects.filter(name=season.name).count() == 3


def test_an_upload_makes_the_uploader_its_only_member(season):
    uploader = UserFactory(username="newgm")
    copy_ = campaign_file_import(json.loads(json.dumps(campaign_export(season))), gm=uploader)
    assert [(m.user, m.role) for m in copy_.memberships.all()] == [(uploader, "gm")]
    assert not copy_.lanistae.exclude(player=None).exists()
    assert not copy_.bettors.exclude(player=None).exists()
    assert balances(copy_) == balances(season)


def _refused(data) -> str:
    count = Campaign.objects.count()
    with pytest.raises(CampaignFileError) as refused:
        campaign_import(data)
    assert Campaign.objects.count() == count  # nothing written
    return str(refused.value)


@pytest.fixture
def exported(season):
    return json.loads(json.dumps(campaign_export(season)))


def test_an_unbalanced_transaction_is_refused_by_its_id(exported):
    row = exported["ledger"][3]
    row["entries"][0][1] += 1
    assert _refused(exported) == UNBALANCED.format(id=row["id"], total=1)


def test_an_overdraft_is_refused_by_its_transaction(exported):
    # A bet paid before the bettor's purse was opened overdraws him.
    bets = [i for i, row in enumerate(exported["ledger"]) if row["cause"] == "bet"]
    row = exported["ledger"].pop(bets[0])
    exported["ledger"].insert(0, row)
    message = _refused(exported)
    assert message.startswith(f"ledger, transaction {row['id']}: it overdraws")
    assert OVERDRAWN.split("{")[0] in message


def test_a_bad_item_is_named(exported):
    exported["gladiators"][0]["sheet"]["might"] = 9
    name = exported["gladiators"][0]["name"]
    message = _refused(exported)
    assert message.startswith(f"gladiators, {name}:") and "might" in message


def test_a_campaign_under_a_ruleset_no_campaign_is_played_under_is_refused(exported):
    # Grimdark's engine is registered (a valid choice for the field) but not served.
    exported["campaign"]["ruleset"] = "grimdark"
    assert _refused(exported) == NOT_SERVED.format(label="Grimdark Gladiators")


@pytest.mark.django_db
def test_a_version_1_file_under_grimdark_is_refused_too():
    data = campaign_file_read(settings.BASE_DIR / "fixtures" / "demo_sands.json")
    data["campaign"]["ruleset"] = "grimdark"
    with pytest.raises(CampaignFileError) as refused:
        campaign_file_load(data, password="pw")
    assert str(refused.value) == NOT_SERVED.format(label="Grimdark Gladiators")
    assert not Campaign.objects.exists()


def test_a_reference_to_nothing_is_named(exported):
    exported["shows"][0]["bouts"][0]["entries"][0]["gladiator"] = 999999
    show = exported["shows"][0]["name"]
    assert _refused(exported) == (
        f"bouts, {show}, bout {exported['shows'][0]['bouts'][0]['order']}: "
        "no gladiator with id 999999 in this file."
    )


def test_an_unknown_version_is_refused_with_the_versions_known(exported, tmp_path):
    exported["version"] = 4
    assert _refused(exported) == BAD_VERSION.format(found=4, known="1, 2, 3")
    path = tmp_path / "later.json"
    path.write_text(json.dumps(exported))
    with pytest.raises(CommandError) as refused:
        call_command("import_campaign", str(path))
    assert refused.value.returncode == 2
    assert str(refused.value) == BAD_VERSION.format(found=4, known="1, 2, 3")
