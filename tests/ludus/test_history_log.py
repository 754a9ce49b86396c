"""The campaign's change log (ludus.history.CampaignLog) reads, page by page, exactly the rows a
plain computation gives: every tracked table's history rows of the campaign, each told from its
own record, the object's record before it (`prev_record`) and the object as the record rebuilds
it (`record.instance`), merged newest first. And it reads a page in a number of queries that
grows neither with the campaign nor with the page's number (issue 14)."""

import re
from datetime import timedelta

import pytest
from django.core.exceptions import FieldDoesNotExist
from django.core.paginator import Paginator
from django.urls import reverse

from arena.models import Bout, BoutEntry, Race, Show
from ludus import history
from ludus.models import Campaign, Editor, Gladiator, Injury, Lanista, Membership, TreatmentAttempt
from tests import factories
from tests.cast import build_cast

pytestmark = pytest.mark.django_db


# --- the plain computation ----------------------------------------------------------------------


def _shown_value(model, name, value):
    if value is None or value == "":
        return "–"
    try:
        field = model._meta.get_field(name)
    except FieldDoesNotExist:
        return str(value)
    if field.choices:
        return str(dict(field.flatchoices).get(value, value))
    if field.is_relation:
        related = field.related_model._default_manager.filter(pk=value).first()
        return str(related) if related is not None else f"#{value}"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _plain_changes(tracked, record):
    if record.history_type != "~":
        return ()
    previous = record.prev_record  # simple-history's own: one query, the object's row before
    if previous is None:
        return ()
    out = []
    for change in record.diff_against(previous).changes:
        if change.field in tracked.hidden:
            continue
        old, new = change.old, change.new
        if isinstance(old, dict) or isinstance(new, dict):
            old, new = old or {}, new or {}
            for key in sorted(set(old) | set(new)):
                if old.get(key) != new.get(key):
                    out.append(
                        history.Change(
                            key.replace("_", " ").capitalize(),
                            str(old[key]) if key in old else "–",
                            str(new[key]) if key in new else "–",
                        )
                    )
            continue
        label = tracked.labels.get(change.field) or str(
            tracked.model._meta.get_field(change.field).verbose_name
        )
        out.append(
            history.Change(
                label[:1].upper() + label[1:],
                _shown_value(tracked.model, change.field, old),
                _shown_value(tracked.model, change.field, new),
            )
        )
    return tuple(out)


def _plain_what(record):
    try:
        return str(record.instance)
    except Exception:  # noqa: BLE001 - as the log: a row whose relations are gone
        return f"{record.instance_type._meta.verbose_name} #{record.id}"


def plain_log(campaign):
    """Every row of every tracked table, each read alone, sorted newest first (ties: the order
    the tables were registered in)."""
    keyed = []
    for position, tracked in enumerate(history.TRACKED.values()):
        records = tracked.model.history.filter(**{tracked.campaign_lookup: campaign.pk})
        for record in records.select_related("history_user"):
            user = record.history_user
            row = history.Row(
                when=record.history_date,
                who=user.get_username() if user is not None else "the table",
                what=_plain_what(record),
                kind=history.KIND[record.history_type],
                changes=_plain_changes(tracked, record),
                reason=record.history_change_reason or "",
            )
            keyed.append(((record.history_date, record.history_id, -position), row))
    keyed.sort(key=lambda pair: pair[0], reverse=True)
    return [row for _, row in keyed]


# --- a campaign where every tracked table has rows created, changed and removed ------------------


def _by(obj, user):
    obj._history_user = user
    obj.save()
    del obj._history_user


def add_men(cast, campaign, numbers):
    """Men hired, priced, moved between schools, their sheets changed, each hurt and treated."""
    gm, nerva = cast.gm, cast.nerva
    made = []
    for n in numbers:
        man = factories.GladiatorFactory(campaign=campaign, owner=cast.rival, name=f"Novus {n}")
        man.price_purses = 3 + n % 10
        _by(man, gm)
        man.owner = cast.school if n % 2 else None
        man.status = Gladiator.Status.RUDIARIUS if n % 3 == 0 else man.status
        _by(man, nerva)
        man.sheet = {**man.sheet, "melee": 1 + n % 5}
        _by(man, gm)
        man.save()  # a save that changes nothing shown
        made.append(man)
        injury = factories.InjuryFactory(gladiator=man, name=f"Cut {n}", table_roll=10 + n)
        injury.healed_on = 9
        _by(injury, gm)
        TreatmentAttempt.objects.create(
            injury=injury, day=4, seed=n, roll={"dice": [n]}, success=bool(n % 2)
        )
    TreatmentAttempt.objects.filter(injury__gladiator=made[0]).first().save()
    return made


def add_bouts(show, made, gm):
    """The men paired on the show's card, fought, the first side winning."""
    for n in range(0, len(made) - 1, 2):
        bout = factories.BoutFactory(show=show, fighter_a=made[n], fighter_b=made[n + 1], order=n)
        bout.status = Bout.Status.DONE
        bout.rounds = 3 + n
        _by(bout, gm)
        first = bout.entries.order_by("side").first()
        first.result = BoutEntry.Result.WON
        _by(first, gm)


def busy_campaign(cast, *, men: int = 6):
    """The cast's campaign and many changes of each kind, by several hands."""
    gm, nerva = cast.gm, cast.nerva
    campaign = Campaign.objects.get(pk=cast.campaign.pk)
    campaign.day = 4
    _by(campaign, gm)
    campaign.name = "Rome, 49 BC"
    _by(campaign, gm)

    stranger = factories.UserFactory(username="stranger")
    member = factories.MembershipFactory(campaign=campaign, user=stranger)
    member.role = Membership.Role.GM
    _by(member, gm)
    gone = factories.UserFactory(username="gone")
    factories.MembershipFactory(campaign=campaign, user=gone)
    gone.delete()  # his membership goes with him: its rows name a user no longer there
    removed = Membership.objects.get(campaign=campaign, user=cast.other)
    removed._history_user = gm
    removed.delete()

    school = Lanista.objects.get(pk=cast.school.pk)
    school.charisma = 4
    school.player = cast.other
    _by(school, gm)
    school.medicus_medicine = 3
    _by(school, nerva)

    editor = Editor.objects.get(pk=cast.editor.pk)
    editor.base_dignitas = 5
    editor.player = None
    _by(editor, gm)

    made = add_men(cast, campaign, range(men))
    doomed = factories.GladiatorFactory(campaign=campaign, owner=None, name="Doomed")
    factories.InjuryFactory(gladiator=doomed, name="Gone with him", table_roll=3)
    doomed._history_user = gm
    doomed.delete()  # the man and his injury removed: the injury's rows lose their way home

    show = Show.objects.get(pk=cast.show.pk)
    show.status = Show.Status.HELD
    show.editor = editor
    _by(show, gm)
    add_bouts(show, made, gm)
    hired = BoutEntry.objects.create(bout=cast.bout, side="c", name="A hired man")
    hired._history_user = gm
    hired.delete()  # taken off the card
    race = factories.RaceFactory(show=show, name="The Blues' day")
    race.status = Race.Status.DONE
    _by(race, gm)

    # Another campaign's rows are never in this log.
    elsewhere = factories.GladiatorFactory(campaign=cast.other_campaign, name="Elsewhere")
    elsewhere.price_purses = 2
    elsewhere.save()
    return campaign


def test_the_busy_campaign_touches_every_tracked_table_every_way():
    cast = build_cast()
    campaign = busy_campaign(cast)
    rows = plain_log(campaign)
    kinds = {(row.kind) for row in rows}
    assert kinds == {"created", "changed", "removed"}
    for tracked in history.TRACKED.values():
        records = tracked.model.history.filter(**{tracked.campaign_lookup: campaign.pk})
        assert records.filter(history_type="~").exists(), tracked.model
    assert Injury.history.filter(name="Gone with him").count() == 2  # kept, out of the log
    assert not any(row.what.startswith("Gone with him") for row in rows)


@pytest.mark.parametrize("per_page", [7, 50])
def test_every_page_of_the_log_is_the_plain_computation(per_page):
    cast = build_cast()
    campaign = busy_campaign(cast)
    expected = plain_log(campaign)
    assert len(expected) > 3 * per_page or per_page == 50
    paginator = Paginator(history.CampaignLog(campaign), per_page)
    assert paginator.count == len(expected)
    for number in paginator.page_range:
        page = paginator.page(number)
        start = (number - 1) * per_page
        assert list(page.object_list) == expected[start : start + per_page], number
    # Any slice, and one row at a time.
    log = history.CampaignLog(campaign)
    assert log[3:11] == expected[3:11]
    assert log[len(expected) - 5 : len(expected) + 5] == expected[-5:]
    assert log[len(expected) // 2] == expected[len(expected) // 2]


def test_the_page_shows_the_rows_of_the_plain_computation():
    cast = build_cast()
    campaign = busy_campaign(cast)
    expected = plain_log(campaign)
    client = cast.client_for("gm")
    from desk.views.edits import PER_PAGE

    url = reverse("change_log", args=[campaign.pk])
    last = (len(expected) - 1) // PER_PAGE + 1
    for number in {1, last}:
        response = client.get(f"{url}?page={number}")
        assert response.status_code == 200
        shown = list(response.context["history"])
        assert shown == expected[(number - 1) * PER_PAGE : number * PER_PAGE]


def _queries_for(client, url, django_assert_max_num_queries, budget):
    with django_assert_max_num_queries(budget) as captured:
        assert client.get(url).status_code == 200
    return len(captured.captured_queries)


# The most queries a page of the change log takes, whatever the size of the campaign and the
# page's number: the session, the user and the membership (3), the count (one per tracked
# table, 11), the page's keys (1), for each table on the page its rows and the rows before its
# changes (2 × 11), what names them (a membership's user and campaign, a medicus's injury, a
# pair's entries and men, an entry's man: 6), and one per kind of thing the changes name (a
# school, a player, an editor, a man: 4 here). A page that has every kind of row takes the most.
LOG_BUDGET = 47


@pytest.mark.parametrize("men", [4, 60])
def test_a_page_of_the_log_takes_a_fixed_number_of_queries(men, django_assert_max_num_queries):
    cast = build_cast()
    campaign = busy_campaign(cast, men=men)
    client = cast.client_for("gm")
    url = reverse("change_log", args=[campaign.pk])
    count = len(plain_log(campaign))
    for page in ("", "?page=2", "?page=1000000", f"?page={count // 100}"):
        _queries_for(client, url + page, django_assert_max_num_queries, LOG_BUDGET)


def test_the_log_of_a_small_and_a_large_campaign_take_the_same_queries(
    django_assert_max_num_queries,
):
    cast = build_cast()
    campaign = busy_campaign(cast, men=4)
    client = cast.client_for("gm")
    url = reverse("change_log", args=[campaign.pk])
    small = _queries_for(client, url, django_assert_max_num_queries, LOG_BUDGET)
    show = Show.objects.get(pk=cast.show.pk)
    add_bouts(show, add_men(cast, campaign, range(4, 60)), cast.gm)
    assert len(plain_log(campaign)) > 600
    large = _queries_for(client, url, django_assert_max_num_queries, LOG_BUDGET)
    assert large <= small + 2, (small, large)


def _link(html: str, rel: str) -> str | None:
    found = re.search(rf'href="([^"]+)" rel="{rel}"', html)
    return found and found.group(1).replace("&amp;", "&")


def test_the_pagers_links_read_on_from_a_row_and_give_the_same_pages(
    django_assert_max_num_queries,
):
    from desk.views.edits import PER_PAGE

    cast = build_cast()
    campaign = busy_campaign(cast, men=40)
    expected = plain_log(campaign)
    last = (len(expected) - 1) // PER_PAGE + 1
    assert last >= 5
    client = cast.client_for("gm")
    url = reverse("change_log", args=[campaign.pk])
    link, number, seen = "", 1, 0
    for _ in range(last):  # older and older, by the links
        with django_assert_max_num_queries(LOG_BUDGET + 1):
            response = client.get(url + link)
        shown = list(response.context["history"])
        assert response.context["page"].number == number
        assert shown == expected[(number - 1) * PER_PAGE : number * PER_PAGE], number
        seen += len(shown)
        link = _link(response.content.decode(), "next")
        if link is None:
            break
        assert "after=" in link or number + 1 == last
        number += 1
    assert (number, seen) == (last, len(expected))
    while number > 1:  # and back, newer and newer
        link = _link(response.content.decode(), "prev")
        assert "before=" in link or number - 1 == 1
        number -= 1
        response = client.get(url + link)
        shown = list(response.context["history"])
        assert shown == expected[(number - 1) * PER_PAGE : number * PER_PAGE], number
    assert _link(response.content.decode(), "prev") is None


def test_a_key_that_names_no_row_of_the_log_gives_the_page_by_its_number():
    from desk.views.edits import PER_PAGE

    cast = build_cast()
    campaign = busy_campaign(cast, men=20)
    expected = plain_log(campaign)
    third = expected[2 * PER_PAGE : 3 * PER_PAGE]
    client = cast.client_for("gm")
    url = reverse("change_log", args=[campaign.pk])
    elsewhere = Gladiator.history.filter(campaign=cast.other_campaign).first().history_id
    for key in (
        "garbage",
        "-",
        "ludus.gladiator-",
        "ludus.gladiator-999999999",
        f"ludus.gladiator-{elsewhere}",
        "ludus.gladiator-" + "9" * 40,
        "economy.entry-1",
        "ludus.gladiator--1",
    ):
        for direction in ("after", "before"):
            response = client.get(url, {"page": 3, direction: key})
            assert response.status_code == 200, key
            assert list(response.context["history"]) == third, key


def test_rows_of_the_same_moment_keep_one_order_by_number_and_by_key():
    """Rows of one moment (a table of men created at once) in several tables: by history id,
    then by the table's place in the register, read by page numbers and by keys alike."""
    cast = build_cast()
    campaign = busy_campaign(cast, men=10)
    moment = min(row.when for row in plain_log(campaign)) - timedelta(days=1)
    for tracked in history.TRACKED.values():
        records = tracked.model.history.filter(**{tracked.campaign_lookup: campaign.pk})
        ids = list(records.filter(history_type="+").values_list("history_id", flat=True))
        tracked.model.history.filter(history_id__in=ids).update(history_date=moment)
    expected = plain_log(campaign)
    tied = [row for row in expected if row.when == moment]
    assert len({row.what for row in tied}) > 20
    log = history.CampaignLog(campaign)
    size = 7
    for start in range(0, len(expected), size):
        assert log[start : start + size] == expected[start : start + size], start
    rows = log[0:size]
    walked = list(rows)
    for _ in range(len(expected)):  # a walk that went round in circles would stop here
        rows = log.seek(rows[-1].key, size)
        walked.extend(rows)
        if not rows:
            break
    assert walked == expected
    rows = log[len(expected) - size : len(expected)]
    walked = list(rows)
    for _ in range(len(expected)):
        rows = log.seek(rows[0].key, size, older=False)
        walked[:0] = rows
        if not rows:
            break
    assert walked == expected


def test_a_log_with_tables_of_no_rows_and_an_empty_one():
    campaign = factories.CampaignFactory(name="Quiet")
    man = factories.GladiatorFactory(campaign=campaign, name="Solus")
    man.price_purses = 4
    man.save()
    log = history.CampaignLog(campaign)
    expected = plain_log(campaign)
    assert len(log) == len(expected) >= 3  # the campaign, the man, his price
    assert log[0:10] == expected
    assert log.seek(log[0:1][0].key, 10) == expected[1:]
    assert log.seek(log[len(expected) - 1].key, 10, older=False) == expected[:-1]
    lonely = factories.CampaignFactory.build(name="Never saved")
    lonely.pk = 999_999
    empty = history.CampaignLog(lonely)
    assert len(empty) == 0 and empty[0:50] == [] and empty.seek("ludus.campaign-1", 5) is None
