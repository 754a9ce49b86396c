"""Editing what the GM set up (issue 11, "Mistakes are mendable"): a man (his sheet, name,
school, price, kit and orders), a lanista (his school and medicus), an editor, a member's role,
and removing a member. A show's day, venue and editor are arena's (arena.services.shows.show_edit);
a card's pairs are taken off or changed there too.

Each service is one `transaction.atomic` block that locks the row, refuses a form drawn at
another point of the row's history (`ludus.history.check_fresh`: a repeat or a stale tab writes
once), applies the changed fields only, validates with `full_clean()` (a sheet through its
ruleset's sheet type, via the registry, in `Gladiator.clean`) and saves. A refusal raises
SetupError naming the field, and nothing is written. The history tables keep who changed what
(django-simple-history; the request's user by its middleware).
"""

from __future__ import annotations

from django.db import transaction

from arena.services.cards import unfinished_bout, unfinished_race
from desk.services.setup import SetupError, _check, _check_number, _check_player
from economy.models import Bettor
from ludus.history import check_fresh
from ludus.limits import MAX_DIGNITAS, MIN_DIGNITAS
from ludus.models import Editor, Gladiator, Lanista, Membership
from ludus.selectors.people import order_choices, sheet_fields

NOTHING_CHANGED = "Nothing to change: the form holds what is kept already."
FOREIGN_SCHOOL = "That school belongs to another campaign."
ON_A_CARD = (
    "{name} is on {event}, not yet fought out: take him off it before he changes school "
    "(the card was made with his school's hire)."
)
DEAD_NO_EDIT = "{name} is dead; his sheet, kit and orders stand as they were."
UNKNOWN_ORDERS = "Orders must be one of {allowed}; got {name!r}."
LAST_GM = "{username} is the campaign's only game master: make another member GM first."
NOT_A_MEMBER_HERE = "That membership belongs to another campaign."
RUNS_PEOPLE = (
    "{username} plays {names}: give them to another member (or to the GM) before removing him."
)

MAN_FIELDS = ("name", "owner", "armatura", "price_purses", "orders")
LANISTA_FIELDS = (
    "name",
    "school",
    "city",
    "player",
    "charisma",
    "charm",
    "medicus_name",
    "medicus_intellect",
    "medicus_medicine",
)
EDITOR_FIELDS = ("name", "office", "base_dignitas", "player")


def _apply(obj, changes: dict, allowed) -> list[str]:
    """Set the fields whose value differs; the names changed."""
    changed = []
    for name in allowed:
        if name in changes and getattr(obj, name) != changes[name]:
            setattr(obj, name, changes[name])
            changed.append(name)
    return changed


def _save(obj, changed: list[str]) -> None:
    if not changed:
        raise SetupError({None: [NOTHING_CHANGED]})
    _check(obj)
    obj.save()


@transaction.atomic
def gladiator_edit(*, gladiator: Gladiator, seen: int | None = None, **changes) -> Gladiator:
    """Correct or advance a man: his name, school, kit, price, orders and any sheet rating
    (`melee=3`), each checked by the campaign's ruleset; refused fields are named."""
    man = Gladiator.objects.select_for_update().select_related("campaign").get(pk=gladiator.pk)
    check_fresh(man, seen, what=man.name)
    campaign = man.campaign
    if not man.is_alive:
        raise SetupError({None: [DEAD_NO_EDIT.format(name=man.name)]})
    owner = changes.get("owner", man.owner)
    if owner is not None and owner.campaign_id != campaign.pk:
        raise SetupError({"owner": [FOREIGN_SCHOOL]})
    if "owner" in changes and changes["owner"] != man.owner:
        busy = unfinished_bout(man) or unfinished_race(man)
        if busy is not None:
            raise SetupError({"owner": [ON_A_CARD.format(name=man.name, event=_event(busy))]})
    if "orders" in changes:
        allowed = [name for name, _ in order_choices(campaign)]
        if changes["orders"] not in allowed:
            raise SetupError(
                {
                    "orders": [
                        UNKNOWN_ORDERS.format(allowed=", ".join(allowed), name=changes["orders"])
                    ]
                }
            )
    changed = _apply(man, changes, MAN_FIELDS)
    ratings = {f.name for f in sheet_fields(campaign)}
    sheet = dict(man.sheet)
    for name, value in changes.items():
        if name in ratings and sheet.get(name) != value:
            sheet[name] = value
            changed.append(name)
    man.sheet = sheet
    _save(man, changed)  # Gladiator.clean checks the sheet through the ruleset, by field
    return man


def _event(event) -> str:
    return f"the card of {event.show}" if hasattr(event, "order") else f"{event} at {event.show}"


@transaction.atomic
def lanista_edit(*, lanista: Lanista, seen: int | None = None, **changes) -> Lanista:
    """Correct a lanista: his name, school and city, who plays him, his appeal and his medicus."""
    lanista = Lanista.objects.select_for_update().get(pk=lanista.pk)
    check_fresh(lanista, seen, what=lanista.name)
    if "player" in changes:
        _check_player(lanista.campaign, changes["player"])
    _save(lanista, _apply(lanista, changes, LANISTA_FIELDS))
    return lanista


@transaction.atomic
def editor_edit(*, editor: Editor, seen: int | None = None, **changes) -> Editor:
    """Correct an editor: his name, office, base Dignitas and who plays him. His Dignitas
    earned since (the history of changes) is untouched: the base moves under it."""
    editor = Editor.objects.select_for_update().get(pk=editor.pk)
    check_fresh(editor, seen, what=editor.name)
    if "base_dignitas" in changes:
        _check_number(
            changes["base_dignitas"],
            field="base_dignitas",
            label="Dignitas",
            low=MIN_DIGNITAS,
            high=MAX_DIGNITAS,
        )
    if "player" in changes:
        _check_player(editor.campaign, changes["player"])
    _save(editor, _apply(editor, changes, EDITOR_FIELDS))
    return editor


def _other_gms(membership: Membership):
    return Membership.objects.filter(
        campaign=membership.campaign_id, role=Membership.Role.GM
    ).exclude(pk=membership.pk)


@transaction.atomic
def member_role_set(*, membership: Membership, role: str, seen: int | None = None) -> Membership:
    """Make a member GM or player. The campaign keeps at least one GM."""
    # Lock every GM membership of the campaign: two GMs demoting each other at once must not
    # leave it with none.
    list(
        Membership.objects.select_for_update()
        .filter(campaign=membership.campaign_id, role=Membership.Role.GM)
        .order_by("pk")
    )
    membership = Membership.objects.select_for_update().select_related("user").get(pk=membership.pk)
    check_fresh(membership, seen, what=membership.user.get_username())
    if role not in Membership.Role.values:
        raise SetupError({"role": [f"Role must be one of {', '.join(Membership.Role.values)}."]})
    if membership.is_gm and role != Membership.Role.GM and not _other_gms(membership).exists():
        raise SetupError({"role": [LAST_GM.format(username=membership.user.get_username())]})
    _save(membership, _apply(membership, {"role": role}, ("role",)))
    return membership


@transaction.atomic
def member_remove(*, membership: Membership, seen: int | None = None) -> None:
    """Take a member out of the campaign. Refused for the last GM and for a member who still
    plays a lanista, an editor or a bettor (they would be left with a player outside it)."""
    list(
        Membership.objects.select_for_update()
        .filter(campaign=membership.campaign_id, role=Membership.Role.GM)
        .order_by("pk")
    )
    membership = Membership.objects.select_for_update().select_related("user").get(pk=membership.pk)
    check_fresh(membership, seen, what=membership.user.get_username())
    username = membership.user.get_username()
    if membership.is_gm and not _other_gms(membership).exists():
        raise SetupError({None: [LAST_GM.format(username=username)]})
    people = [
        *Lanista.objects.filter(campaign=membership.campaign_id, player=membership.user_id),
        *Editor.objects.filter(campaign=membership.campaign_id, player=membership.user_id),
        *Bettor.objects.filter(campaign=membership.campaign_id, player=membership.user_id),
    ]
    if people:
        names = ", ".join(person.name for person in people)
        raise SetupError({None: [RUNS_PEOPLE.format(username=username, names=names)]})
    membership.delete()  # the history keeps the row, marked removed
