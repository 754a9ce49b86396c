"""A fight of several entrants on a show's card (Moritari, seed 002): men of several players'
schools and the GM's beasts, in one bout.

`fight_add` is to a skirmish what `arena.services.shows.bout_add` is to a pair: the same checks
on each man (of the campaign, alive, not a driver, not on another unfinished card), plus what a
skirmish needs: two sides at least (each school is a side, the beasts one more), at least one
man, no man twice. A beast is an entry with a name, its kind in its `sheet` and no gladiator
(no owner, no purse). Each refusal names the field it is about (`FightError.field`).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import transaction
from django.db.models import Max

from arena.models import Bout, BoutEntry, Show
from arena.rulesets.moritari import adapter as moritari
from arena.services.shows import SHOW_HELD, ShowError, _check_man, check_consent
from ludus.errors import Refusal
from ludus.models import Gladiator

NOT_A_SKIRMISH = (
    "Only a Moritari campaign puts fights of several men on its card (this is {ruleset})."
)
TOO_FEW = "A fight needs two entrants at least; {count} given."
TOO_MANY = "A fight takes at most {most} entrants on the board; {count} given."
NO_MAN = "A fight needs at least one man of the campaign; beasts alone are not a show."
ONE_SIDE = (
    "Every man given fights for {side}: a fight needs two sides (men of another school, or beasts)."
)
MAN_TWICE = "{name} is given twice."
BAD_BEAST = "{kind!r} is not a beast of the skirmish; the beasts are {kinds}."
BEAST_NAME = "A beast needs a name (up to {most} characters)."
BEAST_NAME_TAKEN = "Two entrants of this fight are named {name!r}; give the beast another name."
BEASTS_SIDE = "{name}'s school is called \"beasts\", which is the side of the GM's beasts."

MAX_ENTRANTS = moritari.SIZE * 2  # the engine's limit for its board


class FightError(ShowError):
    """A fight the card refuses; `field` names the form field it is about."""

    def __init__(self, message: str, *, field: str = "__all__"):
        super().__init__(message)
        self.field = field


@dataclass(frozen=True)
class Entrant:
    """One entrant asked for: a man (`gladiator`), or a beast (`beast` kind and `name`).
    `field` is the form field he came from, for a refusal to name it."""

    gladiator: Gladiator | None = None
    beast: str = ""
    name: str = ""
    consent: bool = False
    field: str = "__all__"


def _check_entrants(show: Show, entrants: list[Entrant]) -> None:
    if show.campaign.ruleset != "moritari":
        raise FightError(NOT_A_SKIRMISH.format(ruleset=show.campaign.get_ruleset_display()))
    if len(entrants) < 2:
        raise FightError(TOO_FEW.format(count=len(entrants)))
    if len(entrants) > MAX_ENTRANTS:
        raise FightError(TOO_MANY.format(most=MAX_ENTRANTS, count=len(entrants)))
    seen: set[int] = set()
    names: set[str] = set()
    name_length = BoutEntry._meta.get_field("name").max_length
    for entrant in entrants:
        if entrant.gladiator is not None:
            man = entrant.gladiator
            if man.pk in seen:
                raise FightError(MAN_TWICE.format(name=man.name), field=entrant.field)
            seen.add(man.pk)
            names.add(man.name)
            if moritari.side_of(man) == moritari.BEASTS:
                raise FightError(BEASTS_SIDE.format(name=man.name), field=entrant.field)
            continue
        if entrant.beast not in moritari.BEAST_KINDS:
            raise FightError(
                BAD_BEAST.format(kind=entrant.beast, kinds=", ".join(moritari.BEAST_KINDS)),
                field=entrant.field,
            )
        name = entrant.name.strip()
        if not name or len(name) > name_length:
            raise FightError(BEAST_NAME.format(most=name_length), field=entrant.field)
        if name in names:
            raise FightError(BEAST_NAME_TAKEN.format(name=name), field=entrant.field)
        names.add(name)
    if not seen:
        raise FightError(NO_MAN)
    sides = {moritari.side_of(e.gladiator) for e in entrants if e.gladiator is not None}
    if len(sides) < 2 and len(seen) == len(entrants):
        raise FightError(ONE_SIDE.format(side=next(iter(sides))))


@transaction.atomic
def fight_add(
    *, show: Show, entrants: list[Entrant], caesar_asks: bool = False, kind: str = Bout.Kind.TEAM
) -> Bout:
    """Put a fight of several entrants on a planned show's card, after the bouts there.

    Each man fights for his school (the entry's side is his lanista's name), each beast for
    "beasts". `caesar_asks`: the players answer Caesar's choices in person on the bout page
    (the fight waits for them); otherwise each man's orders answer (his thumb orders).
    """
    # Lock the show, then the men in id order (as bout_add does): two cards built at once
    # cannot both take one man.
    show = Show.objects.select_for_update().select_related("campaign").get(pk=show.pk)
    if show.status == Show.Status.HELD:
        raise FightError(SHOW_HELD.format(show=show))
    _check_entrants(show, entrants)
    ids = [e.gladiator.pk for e in entrants if e.gladiator is not None]
    locked = {
        man.pk: man
        # of=self: the owner is a nullable join, which PostgreSQL will not lock.
        for man in Gladiator.objects.select_for_update(of=("self",))
        .select_related("owner")
        .filter(pk__in=ids)
        .order_by("pk")
    }
    for entrant in entrants:
        if entrant.gladiator is None:
            continue
        try:
            man = locked[entrant.gladiator.pk]
            _check_man(show, man)
            check_consent(man, entrant.consent)
        except Refusal as error:
            raise FightError(str(error), field=entrant.field) from error
    last = show.bouts.aggregate(last=Max("order"))["last"] or 0
    bout = Bout(show=show, order=last + 1, kind=kind, first="random")
    bout.full_clean()
    bout.save()
    orders = {"caesar": "ask"} if caesar_asks else {}
    for entrant in entrants:
        if entrant.gladiator is not None:
            man = locked[entrant.gladiator.pk]
            entry = BoutEntry(
                bout=bout,
                side=moritari.side_of(man),
                gladiator=man,
                orders=dict(orders),
                consented=entrant.consent,
            )
        else:
            entry = BoutEntry(
                bout=bout,
                side=moritari.BEASTS,
                name=entrant.name.strip(),
                sheet={"kind": entrant.beast},
            )
        entry.full_clean()
        entry.save()
    return bout
