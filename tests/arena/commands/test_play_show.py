"""play_show: fights a show's card from the command line and prints what happened."""

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from arena.management.commands.play_show import NO_SHOW
from arena.models import Bout, Show
from economy import accounts
from economy.services.corrections import opening_balance
from tests import factories


class Out:
    def __init__(self):
        self.text = ""

    def write(self, text):
        self.text += text

    def flush(self):
        pass


def make_show():
    campaign = factories.CampaignFactory()
    editor = factories.EditorFactory(campaign=campaign, name="Lucius Cornelius")
    opening_balance(account=accounts.purse(editor), amount=50_000)
    show = factories.ShowFactory(campaign=campaign, editor=editor, name="The Forum munus")
    for index in range(2):
        a = factories.GladiatorFactory(campaign=campaign, name=f"Thraex {index}")
        b = factories.GladiatorFactory(
            campaign=campaign, name=f"Murmillo {index}", armatura="murmillo"
        )
        factories.BoutFactory(show=show, fighter_a=a, fighter_b=b, order=index + 1)
    return show


@pytest.fixture
def show(db):
    return make_show()


def play(*args):
    out = Out()
    call_command("play_show", *args, stdout=out)
    return out.text


def test_play_show_fights_the_card_and_prints_a_summary(show):
    text = play("--show", str(show.pk), "--seed", "9")
    show.refresh_from_db()
    assert show.status == Show.Status.HELD
    assert text.startswith("The Forum munus")
    for bout in show.bouts.all():
        assert bout.status == Bout.Status.DONE
        assert f"{bout.order}. {bout.entry_a.gladiator} v {bout.entry_b.gladiator}" in text
        if bout.winner:
            assert f"{bout.winner.name} wins" in text
    assert "Held: 2 bouts" in text


def test_the_same_seed_plays_the_same_show(show):
    twin = make_show()
    play("--show", str(show.pk), "--seed", "9")
    play("--show", str(twin.pk), "--seed", "9")
    first = [(b.seed, b.log) for b in show.bouts.order_by("order")]
    assert len({seed for seed, _ in first}) == 2  # each bout its own seed
    assert [(b.seed, b.log) for b in twin.bouts.order_by("order")] == first


def test_a_bad_show_id_is_a_one_line_error_with_status_2(db):
    with pytest.raises(CommandError) as error:
        play("--show", "999")
    assert str(error.value) == NO_SHOW.format(id=999)
    assert error.value.returncode == 2


def test_a_held_show_is_refused(show):
    play("--show", str(show.pk))
    with pytest.raises(CommandError, match="already been held") as error:
        play("--show", str(show.pk))
    assert error.value.returncode == 2


def test_a_later_show_is_held_on_its_day_and_the_command_says_so(show):
    man = show.bouts.first().entry_a.gladiator
    type(man).objects.filter(pk=man.pk).update(wounds=4)  # Might 3: 4 -> 1 -> 0
    Show.objects.filter(pk=show.pk).update(day=4)  # the campaign is on day 1
    text = play("--show", str(show.pk), "--seed", "9")
    first = text.splitlines()[0]
    assert first == (
        "The calendar advanced from day 1 to day 4 for the show: 3 nights of rest for every "
        "man (Thraex 0 -4 Wounds)."
    )
    assert text.splitlines()[1].startswith("The Forum munus (Forum Romanum (timber stands), day 4)")
    show.refresh_from_db()
    assert show.campaign.day == 4 and show.status == Show.Status.HELD


def test_a_missed_show_is_held_today_and_the_command_says_so(show):
    type(show.campaign).objects.filter(pk=show.campaign_id).update(day=6)
    Show.objects.filter(pk=show.pk).update(day=2)
    text = play("--show", str(show.pk), "--seed", "9")
    assert text.splitlines()[0] == "Planned for day 2, missed: held today, day 6."
    show.refresh_from_db()
    assert show.day == 6 and show.campaign.day == 6


def test_a_show_beyond_one_advance_is_a_one_line_error(show):
    Show.objects.filter(pk=show.pk).update(day=1 + 366)
    with pytest.raises(
        CommandError,
        match=r"is on day 367; it is day 1: the calendar moves at most 365 days in one step",
    ):
        play("--show", str(show.pk))
    show.refresh_from_db()
    assert show.campaign.day == 1 and show.status == Show.Status.PLANNED
