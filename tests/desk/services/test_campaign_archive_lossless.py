"""A round trip is lossless, row by row: every table that belongs to a campaign (a link to it,
direct or through its parents, the change history's Historical* tables and the day-end
records included) reads the same in the copy as in the original, the ids aside.

Ids are normalised to their rank among the campaign's rows of their table (the import gives
new ids in the file's order), a user to his name, a content type to its model's name; the ids
held inside JSON (a bout's setup, a race's log, a book's line, a day end's men) likewise."""

import pytest
from django.apps import apps
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType

from arena.models import Race, RaceEntry
from desk.campaign_archive import KEY_PREFIX, campaign_export, campaign_import
from desk.campaign_file import CampaignFileError
from ludus.history import CampaignLog
from ludus.models import Campaign, DayEnd, Gladiator, Membership
from ludus.services.undo import day_end_undo, last_day_end
from tests.desk.services.test_campaign_archive import play_season
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

User = get_user_model()

# Tables with a link to a campaign that a campaign file leaves out, and why.
LEFT_OUT = {
    "ludus.Job": "background jobs of this database (an export, an odds run), not the campaign's",
    "ludus.JobFile": "a job's file (the export itself)",
    "ludus.Invitation": "a one-time link to join this campaign; a copy makes its own",
    "arena.ShareLink": "a public link given for one campaign; a copy gets links of its own",
}
# Columns that differ by design: the campaign's creation is the import's.
IGNORED = {"ludus.Campaign": {"created"}, "ludus.HistoricalCampaign": {"created"}}


def _path_to_campaign(model, seen=()) -> bool:
    if model is Campaign:
        return True
    if model in seen:
        return False
    history_of = getattr(model, "instance_type", None)
    if history_of is not None:
        return _path_to_campaign(history_of, seen + (model,))
    for field in model._meta.concrete_fields:
        target = field.related_model if field.is_relation else None
        if (
            target is not None
            and target not in (User, ContentType)
            and _path_to_campaign(target, seen + (model,))
        ):
            return True
    return False


def campaign_tables() -> list:
    return [m for m in apps.get_models() if _path_to_campaign(m)]


def _campaign_rows(model, campaign: Campaign, found: dict):
    """The model's rows of the campaign and the column that links them to it (the campaign's,
    or a parent's already read)."""
    owner = getattr(model, "instance_type", model)
    if owner is Campaign:
        return model._base_manager.filter(
            **{"pk" if model is Campaign else "id": campaign.pk}
        ), None
    links = [f for f in owner._meta.concrete_fields if f.is_relation]
    for field in links:
        if field.related_model is Campaign:
            return model._base_manager.filter(**{field.attname: campaign.pk}), None
    for field in links:
        if field.related_model in found:
            ids = [row.pk for row in found[field.related_model]]
            return model._base_manager.filter(**{field.attname + "__in": ids}), field
    return None, None


def _read(campaign: Campaign) -> dict:
    """Every campaign table's rows, parents read before their children; a history table's in
    the order of its dates, another's by its parent's rank, then by id (the import writes a
    parent's children together: a show's bouts, then the next show's)."""
    found: dict = {}
    rank: dict = {}
    pending = [m for m in campaign_tables() if m._meta.label not in LEFT_OUT]
    while pending:
        for model in list(pending):
            rows, parent = _campaign_rows(model, campaign, found)
            if rows is None:
                continue
            pending.remove(model)
            if getattr(model, "instance_type", None) is not None:
                found[model] = sorted(rows, key=lambda r: (r.history_date, r.history_id))
                continue
            ranks = rank.get(parent.related_model, {}) if parent else {}
            found[model] = sorted(
                rows, key=lambda r: (ranks.get(getattr(r, parent.attname)) if parent else 0, r.pk)
            )
            rank[model] = {row.pk: n for n, row in enumerate(found[model])}
    return found


class Ranks:
    """An id's rank among the campaign's rows of its table (a removed row's: among the removed
    ones, in the order the history meets them)."""

    def __init__(self, found: dict):
        self.ranks = {
            model: {row.pk: n for n, row in enumerate(rows)}
            for model, rows in found.items()
            if getattr(model, "instance_type", None) is None
        }
        self.gone: dict = {}

    def __call__(self, model, pk):
        if pk is None:
            return None
        if model is User:
            return User.objects.get(pk=pk).get_username()
        if model is ContentType:
            return ContentType.objects.get_for_id(pk).model
        known = self.ranks.get(model, {})
        if pk in known:
            return known[pk]
        gone = self.gone.setdefault(model, {})
        return ("gone", gone.setdefault(pk, len(gone)))


def _json_ids(model, name: str, value, rank: Ranks, row):
    """The ids a JSON column holds, as ranks."""
    man = lambda pk: rank(Gladiator, pk)  # noqa: E731
    label = model._meta.label
    if label == "ludus.DayEnd" and name == "rested":
        return sorted((man(int(k)), v) for k, v in value.items())
    if label == "ludus.DayEnd" and name == "died":
        return [man(pk) for pk in value]
    if label == "arena.Bout" and name == "setup" and isinstance(value, dict):
        return {
            side: {**c, "gladiator": man(c["gladiator"])}
            if isinstance(c, dict) and "gladiator" in c
            else c
            for side, c in value.items()
        }
    if label == "arena.Race" and name == "log" and isinstance(value, dict):
        return {**value, "entries": [rank(RaceEntry, pk) for pk in value.get("entries", [])]}
    if label in ("economy.Book", "economy.Bet") and name in ("line", "winning_side", "side"):
        event = ContentType.objects.get_for_id(
            row.event_type_id if label == "economy.Book" else row.book.event_type_id
        ).model_class()
        side = (
            (lambda s: rank(RaceEntry, s))
            if event is Race
            else (lambda s: s if s in (None, 0) else man(s))
        )
        if name == "line":
            return [{**s, "side": side(s["side"])} for s in value]
        return side(value)
    return value


def _normalised(model, row, rank: Ranks) -> dict:
    history_of = getattr(model, "instance_type", None)
    out = {}
    for field in model._meta.concrete_fields:
        name = field.attname
        if name in IGNORED.get(model._meta.label, ()):
            continue
        value = getattr(row, name)
        if history_of is not None and name == "history_id":
            continue
        if history_of is not None and name == "id":
            value = rank(history_of, value)
        elif field.primary_key:
            continue
        elif field.is_relation:
            value = rank(field.related_model, value)
        elif name == "event_id" and value is not None:
            value = rank(ContentType.objects.get_for_id(row.event_type_id).model_class(), value)
        elif name == "idempotency_key" and value.startswith(KEY_PREFIX):
            value = value[len(KEY_PREFIX) :]
        elif field.get_internal_type() == "JSONField" or name in ("winning_side", "side"):
            value = _json_ids(model, name, value, rank, row)
        out[name] = value
    return out


def snapshot(campaign: Campaign) -> dict:
    found = _read(campaign)
    rank = Ranks(found)
    return {
        model._meta.label: [_normalised(model, row, rank) for row in rows]
        for model, rows in found.items()
    }


@pytest.fixture
def played():
    """The demo's season (every show held, races run, books settled, the medicus, three days
    ended), one end of day undone and a man renamed by a GM with a reason: history of every
    kind."""
    from desk.demo import demo_build  # noqa: PLC0415

    campaign = play_season(demo_build().campaign)
    gm = UserFactory(username="editor_gm")
    day_end_undo(record=DayEnd.objects.filter(campaign=campaign).order_by("-pk").first(), user=gm)
    man = Gladiator.objects.filter(campaign=campaign).order_by("pk").first()
    man.name = "Felix the Renamed"
    man._change_reason = "a better name"
    man._history_user = gm
    man.save()
    campaign.refresh_from_db()
    return campaign


def test_every_campaign_table_is_compared_or_left_out_with_a_reason():
    labels = {m._meta.label for m in campaign_tables()}
    assert set(LEFT_OUT) <= labels
    assert {"ludus.DayEnd", "ludus.HistoricalGladiator", "arena.HistoricalBout"} <= labels


def test_a_round_trip_is_lossless_row_by_row(played):
    before = snapshot(played)
    assert before["ludus.DayEnd"] and len(before["ludus.HistoricalGladiator"]) > 10
    copy = campaign_import(campaign_export(played), password="pw")
    after = snapshot(copy)
    assert set(after) == set(before)
    lost = []
    for label, rows in before.items():
        if len(after[label]) != len(rows):
            lost.append(f"{label}: {len(rows)} rows, {len(after[label])} in the copy")
            continue
        lost += [
            f"{label}, row {n}: {sorted(k for k in old if old[k] != new.get(k))}"
            for n, (old, new) in enumerate(zip(rows, after[label], strict=True))
            if new != old
        ][:2]
    assert lost == [], "\n".join(lost)


def test_the_copy_can_undo_its_last_day(played):
    copy = campaign_import(campaign_export(played), password="pw")
    last = last_day_end(copy)
    assert last is not None and last.day == copy.day - 1
    day_end_undo(record=last, user=None)
    copy.refresh_from_db()
    assert copy.day == last.day


def test_an_upload_keeps_the_history_but_the_files_memberships(played):
    uploader = UserFactory(username="uploader")
    copy = campaign_import(campaign_export(played), gm=uploader)
    log = CampaignLog(copy)
    members = Membership.history.filter(campaign_id=copy.pk)
    assert [row.user_id for row in members] == [uploader.pk]
    assert (
        len(log)
        == len(CampaignLog(played)) - Membership.history.filter(campaign_id=played.pk).count() + 1
    )
    assert all(row.history_user_id is None for row in Gladiator.history.filter(campaign=copy))


def test_a_version_2_file_still_imports(played):
    data = campaign_export(played)
    data["version"] = 2
    del data["day_ends"], data["history"], data["campaign"]["id"]
    for injury in data["injuries"]:
        for attempt in injury["treatments"]:
            del attempt["id"], attempt["created"], attempt["undone_at"], attempt["undone_by"]
    copy = campaign_import(data, password="pw")
    assert copy.gladiators.count() == played.gladiators.count()
    assert not DayEnd.objects.filter(campaign=copy).exists()
    # the import's own saves are its history, as before version 3
    assert Gladiator.history.filter(campaign=copy).count() == copy.gladiators.count()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            lambda h: h["ludus.Gladiator"][0].update(history_type="?"),
            "history, ludus.Gladiator: a row has a history_type (+, ~ or -) and a history_date.",
        ),
        (
            lambda h: h["ludus.Injury"][0].update(event_type="nothing"),
            "history, ludus.Injury: no single table named 'nothing'.",
        ),
        (
            lambda h: h.update({"ludus.Favor": []}),
            "history, ludus.Favor: not a table with a history.",
        ),
    ],
)
def test_a_bad_history_row_is_refused_by_its_table_with_nothing_written(played, change, message):
    data = campaign_export(played)
    change(data["history"])
    campaigns = Campaign.objects.count()
    with pytest.raises(CampaignFileError) as refused:
        campaign_import(data, password="pw")
    assert str(refused.value) == message
    assert Campaign.objects.count() == campaigns
