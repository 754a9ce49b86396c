"""`manage.py play_show --show ID [--seed N]`: fight every planned bout of a show and report.

Each bout is fought with its fighters' orders, and the rules take each verdict: the crowd's
call, and for a divided crowd the editor's default (missio); each verdict line says "(the rules
decided)", and the verdict names nobody as its decider. A player's editor is asked instead: his
bouts await his verdict on the bout page. The show is then held. With the same seed the same
card plays out the same way.
A show planned for a later day is held on its day: the calendar advances to it first, every
night resting everyone (as "Advance to day N" on the Recovery page), and the command says so
first; a show planned for a day already past is held today and its day becomes today
(docs/rules.md, "The calendar follows play").
A missing show, or one the rules refuse to hold, is a one-line error and exit status 2.
"""

from django.core.management.base import BaseCommand, CommandError

from arena.models import Bout, BoutEntry, Show, Verdict
from arena.rulesets import plugin_for
from arena.selectors.bouts import show_card, show_events
from arena.selectors.fights import fight_line, is_pair
from arena.services.bouts import crowd_call
from arena.services.shows import show_hold
from economy.models import SESTERCES_PER_PURSE, Transaction
from ludus.errors import Refusal
from ludus.limits import MAX_ID, MAX_SEED, check_range
from ludus.models import DignitasChange
from ludus.references import events_q
from ludus.selectors.calendar import nights_between

NO_SHOW = "--show: no show with id {id}."


def bout_line(bout: Bout) -> str:
    if not is_pair(bout):  # a fight of several men and beasts (Moritari)
        return fight_line(bout)
    words = plugin_for(bout.show.campaign.ruleset).words  # Sands: turns, and the crowd's mood
    pair = f"{bout.order}. {bout.entry_a.gladiator} v {bout.entry_b.gladiator}"
    favors = f"{words.standing} {bout.entry_a.standing}-{bout.entry_b.standing}"
    if bout.winner is None:
        return f"{pair}: {bout.get_end_reason_display().lower()} after {words.steps(bout.rounds)}"
    line = (
        f"{pair}: {bout.winner.name} wins ({bout.get_end_reason_display().lower()}) in "
        f"{words.steps(bout.rounds)}, {favors}"
    )
    verdict = getattr(bout, "verdict", None)
    if verdict is not None:
        fate = "dies" if verdict.loser_died else "lives"
        appeal = ""
        if verdict.appeal is not None:
            appeal = f", appeal {'succeeded' if verdict.appeal_success else 'failed'}"
        rules = " (the rules decided)" if verdict.by_rules else ""
        line += (
            f"; the crowd: {verdict.get_crowd_call_display().lower()}{appeal}; the editor "
            f"{verdict.get_editor_act_display().lower()}{rules}: {bout.loser.name} {fate}"
        )
    elif bout.status == Bout.Status.AWAITING_VERDICT:
        line += f"; {_crowd_waits(bout)}: {bout.loser.name}'s fate awaits the editor"
    elif bout.losing_entry is not None and bout.losing_entry.fate == BoutEntry.Fate.DEAD:
        line += f"; {bout.loser.name} dies on the sand"
    elif bout.losing_entry is not None and bout.losing_entry.fate == BoutEntry.Fate.SPARED:
        line += f"; {bout.loser.name} is spared"  # Sands: the crowd's Mitte on the sand
    injuries = ", ".join(
        f"{injury.gladiator.name}: {injury.name} ({injury.get_severity_display()})"
        for injury in bout.injuries.select_related("gladiator").order_by("pk")
    )
    return line + (f". Injuries: {injuries}" if injuries else "")


def _crowd_waits(bout: Bout) -> str:
    call = crowd_call(bout, bout.losing_entry.standing)
    if call == Verdict.Call.DIVIDED:
        return "the crowd is divided"
    return f"the crowd {Verdict.Call(call).label.lower()}"


class Command(BaseCommand):
    help = "Fight every planned bout of a show with the fighters' orders and print a summary."

    def add_arguments(self, parser):
        parser.add_argument("--show", type=int, required=True, help="the show's id")
        parser.add_argument("--seed", type=int, help="seed for the bouts (default: random)")

    def handle(self, *args, **options):
        try:
            check_range(options["show"], field="--show", low=1, high=MAX_ID)
            if options["seed"] is not None:
                check_range(options["seed"], field="--seed", low=0, high=MAX_SEED)
        except Refusal as error:
            raise CommandError(str(error), returncode=2) from error
        show = Show.objects.filter(pk=options["show"]).first()
        if show is None:
            raise CommandError(NO_SHOW.format(id=options["show"]), returncode=2)
        campaign = show.campaign
        today, planned_for = campaign.day, show.day
        try:
            # The command line fights the card to the end: the rules take every verdict.
            show = show_hold(show=show, seed=options["seed"], crowd_decides=True)
        except ValueError as error:
            raise CommandError(str(error), returncode=2) from error
        campaign.refresh_from_db(fields=["day"])
        if campaign.day > today:
            self.stdout.write(self.calendar_line(campaign, today))
        elif planned_for < today:
            self.stdout.write(f"Planned for day {planned_for}, missed: held today, day {today}.")
        self.stdout.write(
            f"{show.name} ({show.get_venue_display()}, day {show.day}), given by {show.editor}:"
        )
        for bout in show_card(show):
            self.stdout.write("  " + bout_line(bout))
        # Money and Dignitas point at the bout they were paid on, or at the show itself.
        paid = events_q(show_events(show))
        purses = Transaction.objects.filter(paid, cause=Transaction.Cause.PURSE)
        for posted in purses.order_by("pk"):
            self.stdout.write(f"  Purse: {posted.memo}")
        for posted in Transaction.objects.filter(paid, cause=Transaction.Cause.SWORD).order_by(
            "pk"
        ):
            self.stdout.write(f"  The sword: {posted.memo}")
        for change in DignitasChange.objects.filter(paid).order_by("pk"):
            self.stdout.write(f"  Dignitas: {change}")
        total = sum(-t.entries.filter(amount__lt=0).first().amount for t in purses)
        count = show.bouts.count()
        self.stdout.write(
            f"Held: {count} bout{'' if count == 1 else 's'}; purses paid {total:,} sesterces "
            f"({total / SESTERCES_PER_PURSE:g} purses)."
        )

    def calendar_line(self, campaign, today: int) -> str:
        nights = nights_between(campaign, today, campaign.day)
        line = (
            f"The calendar advanced from day {today} to day {campaign.day} for the show: "
            f"{nights.nights} night{'' if nights.nights == 1 else 's'} of rest for every man"
        )
        if nights.rested:
            line += " (" + ", ".join(f"{n} -{w} Wounds" for n, w in nights.rested.items()) + ")"
        if nights.died:
            line += "; died: " + ", ".join(f"{n} (night of day {d})" for n, d in nights.died)
        return line + "."
