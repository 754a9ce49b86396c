"""Shows: plan one, put pairs on its card, hold it (fight every bout with the men's orders).

A man fights once on a card; the dead, the freed and drivers of the Circus are not matched;
every man and the editor belong to the show's campaign. Holding a show fights its bouts in card
order, each with a seed drawn from the show's seed; bouts the GM already fought or decided are
left as they are. Every verdict is the editor's: holding stops at each of a GM's editor's
(unless the GM lets the crowd decide), and leaves a player's editor's to him on the bout page.
"""

from __future__ import annotations

import random

from django.db import transaction
from django.db.models import Max

from arena.models import Bout, BoutEntry, Race, Show, Venue
from arena.rulesets import plugin_for
from arena.services.bouts import (
    bout_decide,
    bout_decide_fought,
    bout_fight,
    new_seed,
)
from arena.services.calendar import show_to_its_day
from arena.services.cards import bout_void, check_free_for_event
from economy.services.betting import book_void
from ludus.errors import Refusal
from ludus.history import check_fresh
from ludus.limits import MAX_DAY, MAX_YEAR, MIN_DAY, MIN_YEAR, check_range
from ludus.models import Campaign, Editor, Gladiator
from ludus.services.once import once_per_key
from ludus.validation import full_clean_held

SHOW_HELD = "{show} has already been held."
FOREIGN_EDITOR = "{editor} is an editor of another campaign."
FOREIGN_MAN = "{name} belongs to another campaign."
SAME_MAN = "A man cannot fight himself."
TWICE_ON_CARD = "{name} is already on the card of {show}."
UNFIT = "{name} is {status} and cannot be put on a card."
DRIVER = "{name} is a charioteer; he races at the Circus and is not matched in the arena."
NO_SCHOOL = (
    "{name} belongs to no school (he is for sale at the market): a lanista must own him "
    "before he is put on a card."
)
NOT_PLANNED = "Only a bout not yet begun can be taken off the card; this one is {status}."
NOT_PLANNED_REPLACE = "Only a bout not yet begun can change its men; this one is {status}."
NO_SIDE = "This bout has no side {side!r}."
TAKEN_OFF = "taken off the card by the GM"
NO_CONSENT = (
    "{name} holds the rudis and fights only by choice: tick his consent for this bout "
    "(his owner or the GM)."
)
REPLACED = "{old} replaced by {new}"
PAST_DAY = "Day {day} is past; the campaign is on day {today}."
BAD_VENUE = "{venue} is not a venue of 50 BC in this campaign."

NOT_BEFORE_HELD = (
    "{show} has been held; its day, venue and editor stand (its verdicts and money were written "
    "by them)."
)
BEGUN = (
    "{event} of {show} has begun: the show's day, venue and editor stand while it is fought "
    "(its city and editor are in the bout's record)."
)
HIRES_PAID = (
    "{editor} has paid hires for {show} from his purse: correct them on the ledger (a "
    "reversing transaction) before another editor gives the show."
)
NO_CHANGE = "Nothing to change: the form holds what is kept already."

FIT = (Gladiator.Status.ACTIVE, Gladiator.Status.RUDIARIUS)  # a rudiarius fights by choice


class ShowError(Refusal):
    """A plan or card the rules refuse."""


@once_per_key("show_plan")
@transaction.atomic
def show_plan(
    *,
    campaign: Campaign,
    name: str,
    editor: Editor,
    kind: str = Show.Kind.MUNUS,
    venue: str = Venue.FORUM_ROMANUM,
    day: int | None = None,
    year: int | None = None,
) -> Show:
    """Plan a show (a munus or ludi) for a day of the campaign, today or later."""
    if editor.campaign_id != campaign.pk:
        raise ShowError(FOREIGN_EDITOR.format(editor=editor))
    if venue not in Venue.values:
        raise ShowError(BAD_VENUE.format(venue=venue))
    day = campaign.day if day is None else day
    year = campaign.year if year is None else year
    check_range(day, field="Day", low=MIN_DAY, high=MAX_DAY, error=ShowError)
    check_range(year, field="Year", low=MIN_YEAR, high=MAX_YEAR, error=ShowError)
    if day < campaign.day:
        raise ShowError(PAST_DAY.format(day=day, today=campaign.day))
    show = Show(
        campaign=campaign,
        name=name.strip(),
        kind=kind,
        editor=editor,
        venue=venue,
        year=year,
        day=day,
    )
    full_clean_held(show)
    show.save()
    return show


@transaction.atomic
def show_edit(
    *,
    show: Show,
    seen: int | None = None,
    name: str | None = None,
    day: int | None = None,
    venue: str | None = None,
    editor: Editor | None = None,
) -> Show:
    """Correct a show before it is held: its name, day (today or later), venue and editor.

    Refused once it is held or one of its bouts or races has begun; a new editor also once
    hires have been paid for it from the old one's purse. A form drawn at another point of the
    show's history (a repeat, a stale tab) writes nothing (AlreadyDone).
    """
    show = Show.objects.select_for_update().select_related("campaign", "editor").get(pk=show.pk)
    check_fresh(show, seen, what=show.name)
    campaign = show.campaign
    if show.status == Show.Status.HELD:
        raise ShowError(NOT_BEFORE_HELD.format(show=show))
    begun = show.bouts.exclude(status__in=(Bout.Status.PLANNED, Bout.Status.VOID)).first()
    if begun is None:
        begun = show.races.exclude(status=Race.Status.PLANNED).first()
    if begun is not None:
        raise ShowError(BEGUN.format(event=begun, show=show))
    changed = []
    if name is not None and name.strip() and name.strip() != show.name:
        show.name = name.strip()
        changed.append("name")
    if day is not None and day != show.day:
        check_range(day, field="Day", low=MIN_DAY, high=MAX_DAY, error=ShowError)
        if day < campaign.day:
            raise ShowError(PAST_DAY.format(day=day, today=campaign.day))
        show.day = day
        changed.append("day")
    if venue is not None and venue != show.venue:
        if venue not in Venue.values:
            raise ShowError(BAD_VENUE.format(venue=venue))
        show.venue = venue
        changed.append("venue")
    if editor is not None and editor.pk != show.editor_id:
        if editor.campaign_id != campaign.pk:
            raise ShowError(FOREIGN_EDITOR.format(editor=editor))
        if show.hires.exists():
            raise ShowError(HIRES_PAID.format(editor=show.editor, show=show))
        show.editor = editor
        changed.append("editor")
    if not changed:
        raise ShowError(NO_CHANGE)
    full_clean_held(show)
    show.save()
    return show


def check_consent(man: Gladiator, consent: bool) -> None:
    """A rudiarius fights only by choice: never put on a card without his consent."""
    if man.status == Gladiator.Status.RUDIARIUS and not consent:
        raise ShowError(NO_CONSENT.format(name=man.name))


def _check_man(show: Show, man: Gladiator) -> None:
    if man.campaign_id != show.campaign_id:
        raise ShowError(FOREIGN_MAN.format(name=man.name))
    if man.is_charioteer:
        raise ShowError(DRIVER.format(name=man.name))
    if man.status not in FIT:
        raise ShowError(UNFIT.format(name=man.name, status=man.get_status_display().lower()))
    if man.owner_id is None:
        raise ShowError(NO_SCHOOL.format(name=man.name))
    if show.bouts.exclude(status=Bout.Status.VOID).filter(entries__gladiator=man).exists():
        raise ShowError(TWICE_ON_CARD.format(name=man.name, show=show))
    check_free_for_event(man)


@transaction.atomic
def bout_add(
    *,
    show: Show,
    fighter_a: Gladiator,
    fighter_b: Gladiator,
    kind: str = Bout.Kind.SINGLE,
    orders_a: dict | None = None,
    orders_b: dict | None = None,
    first: str = "random",
    consent_a: bool = False,
    consent_b: bool = False,
) -> Bout:
    """Put a pair on a planned show's card, after the pairs already there."""
    # Lock the show: two pairs added at once must not put a man on the card twice.
    show = Show.objects.select_for_update().get(pk=show.pk)
    if show.status == Show.Status.HELD:
        raise ShowError(SHOW_HELD.format(show=show))
    if fighter_a.pk == fighter_b.pk:
        raise ShowError(SAME_MAN)
    # Lock both men, in id order (no deadlock): two cards built at once cannot both take one.
    locked = {
        man.pk: man
        for man in Gladiator.objects.select_for_update()
        .filter(pk__in=[fighter_a.pk, fighter_b.pk])
        .order_by("pk")
    }
    for man, consent in ((fighter_a, consent_a), (fighter_b, consent_b)):
        man = locked[man.pk]
        _check_man(show, man)
        check_consent(man, consent)
    last = show.bouts.aggregate(last=Max("order"))["last"] or 0
    bout = Bout(show=show, order=last + 1, kind=kind, first=first)
    full_clean_held(bout)
    bout.save()
    corners = (("a", fighter_a, orders_a, consent_a), ("b", fighter_b, orders_b, consent_b))
    for side, man, orders, consent in corners:
        entry = BoutEntry(
            bout=bout, side=side, gladiator=man, orders=orders or {}, consented=bool(consent)
        )
        # Its constraints cannot fail and are not asked of the database (two queries an
        # entry): the bout is new, its two men are distinct (SAME_MAN) and both are men.
        full_clean_held(entry, validate_constraints=False)
        entry.save()
    return bout


@transaction.atomic
def bout_remove(*, bout: Bout, user=None) -> Bout:
    """The GM takes a pair off the card before they fight: the bout is void (kept, with its
    book voided), and both men are free for another card."""
    bout = Bout.objects.select_for_update().get(pk=bout.pk)
    if bout.status != Bout.Status.PLANNED:
        raise ShowError(NOT_PLANNED.format(status=bout.get_status_display().lower()))
    return bout_void(bout=bout, reason=TAKEN_OFF, user=user)


@transaction.atomic
def bout_replace(
    *, bout: Bout, side: str, gladiator: Gladiator, consent: bool = False, user=None
) -> Bout:
    """The GM puts another man in one corner of a pair not yet fought. His orders start as
    his standing orders; a book already open is voided (its line priced the man replaced)."""
    bout = Bout.objects.select_for_update().select_related("show").get(pk=bout.pk)
    if bout.status != Bout.Status.PLANNED:
        raise ShowError(NOT_PLANNED_REPLACE.format(status=bout.get_status_display().lower()))
    entry = bout.entries.filter(side=side).first()
    if entry is None:
        raise ShowError(NO_SIDE.format(side=side))
    man = Gladiator.objects.select_for_update().get(pk=gladiator.pk)
    if any(other.gladiator_id == man.pk for other in bout.entrants):
        raise ShowError(SAME_MAN)
    _check_man(bout.show, man)
    check_consent(man, consent)
    replaced = entry.gladiator
    entry.gladiator, entry.name, entry.orders, entry.consented = man, "", {}, bool(consent)
    full_clean_held(entry)
    entry.save()
    book = bout.books.first()
    if book is not None and book.is_open:
        book_void(book=book, reason=REPLACED.format(old=replaced, new=man.name), user=user)
    return bout


@transaction.atomic
def show_hold(
    *, show: Show, seed: int | None = None, user=None, crowd_decides: bool = False
) -> Show:
    """Fight the bouts of the card not yet done, in card order, and mark the show held once
    every verdict is taken. A show planned for a later day moves the calendar to its day first
    (the nights' rest); a missed one is held today. If a bout cannot be settled, nothing of
    this call is kept.

    Every verdict is the editor's (THE EDITOR'S DECISION III: he may defy any call):
    - a GM's editor: holding stops at the first bout that waits for his verdict, the bouts
      before it kept; the GM decides it (`bout_decide`, from the show page) and holds again,
      which goes on from there. Unless `crowd_decides` (the GM ticked "let the crowd decide"):
      then the rules take each verdict, the crowd's call (a divided crowd: the editor's
      default, missio), and the verdict names nobody (`decided_by` None);
    - a player's editor: his bouts wait for him on the bout page and the hold goes on past
      them (the show is held with them waiting).
    Seeds are drawn for every bout of the card from `seed`, so a hold stopped and taken up
    again with the same seed fights each bout as one held at once.
    """
    show = Show.objects.select_for_update().select_related("editor").get(pk=show.pk)
    player_editor = show.editor.player_id is not None
    if show.status == Show.Status.HELD:
        raise ShowError(SHOW_HELD.format(show=show))
    # Held on its day: a later show moves the calendar first, a missed one is held today
    # (arena.services.calendar). A man who dies in the nights between leaves the card.
    show_to_its_day(show=show, user=user)
    rng = random.Random(new_seed() if seed is None else seed)
    for bout in show.bouts.order_by("order", "pk"):
        bout_seed = rng.randrange(2**62)  # drawn for every bout, so seeds follow card order
        fought = False  # whether `bout` is the locked row bout_fight returned, as it stands
        if bout.status in (Bout.Status.PLANNED, Bout.Status.FIGHTING):
            # A bout begun by hand keeps its own seed and the GM's decisions so far.
            seed_given = bout_seed if bout.seed is None else None
            bout = bout_fight(bout=bout, seed=seed_given, user=user, auto_decide=False)
            fought = True
        if bout.status == Bout.Status.FIGHTING:
            # Still asking: answer each pending choice with the fighter's orders until it ends.
            bout = _fight_out(bout, user=user)
            fought = True
        if bout.status != Bout.Status.AWAITING_VERDICT or player_editor:
            continue  # done, or the player's verdict, made on the bout page
        if not crowd_decides:
            return show  # the GM's verdict: holding stops here until he decides it
        decide = bout_decide_fought if fought else bout_decide
        decide(bout=bout, editor_choice=None, user=None)  # the rules: nobody chose
    show.refresh_from_db(fields=["status"])  # the last verdict may have held it (show_follow)
    if show.status != Show.Status.HELD:
        show.status = Show.Status.HELD
        full_clean_held(show)
        show.save(update_fields=["status"])
    return show


def show_verdict_due(show: Show) -> Bout | None:
    """The first bout of the card waiting for a GM's editor's verdict (holding stops there)."""
    if show.editor.player_id is not None:
        return None
    waiting = show.bouts.filter(status=Bout.Status.AWAITING_VERDICT)
    return waiting.order_by("order", "pk").first()


def _fight_out(bout: Bout, *, user) -> Bout:
    """Answer the engine's questions with what the orders would have chosen."""
    while bout.status == Bout.Status.FIGHTING:
        answer = plugin_for(bout.show.campaign.ruleset).pending_default(bout)
        bout = bout_fight(bout=bout, decisions=[answer], user=user, auto_decide=False)
    return bout
