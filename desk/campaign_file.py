"""A campaign file: a whole campaign as data (fixtures/demo.json is one), loaded through the
services, so its money balances and its rules are checked like anything a GM does by hand.

The format is "ludus-campaign"; this module reads its version 1 (a campaign's setup; the file
says `"format": "ludus-campaign", "version": 1`, or the older spelling `"format":
"ludus-campaign/1"`), desk/campaign_archive.py its versions 2 and 3 (a whole campaign as exported).
Version 1 is JSON with these sections, written in this order:
campaign, users, lanistae, gladiators (with sheet and prior records), editors (with
elections), patrons (with the Favors owed to them), bettors, openings (money a party brings
in), shows (with their hires, their card of bouts and their races, each bout or race with the
book opened on it and the bets laid). Amounts are in sesterces. Men, schools, editors and
bettors are named by their name or key; `docs/architecture.md` says more.

A file that breaks a rule is refused with a message that names the section and the item, and
nothing is written (one transaction).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction

from arena.book.services import bet_place, book_open
from arena.models import Bout, Race, RaceEntry, Show
from arena.rulesets import is_served, plugin_for
from arena.rulesets.base import NO_MAN_SIDE_ID
from arena.selectors.fights import is_pair
from arena.services.shows import bout_add, show_plan
from economy import accounts
from economy.models import Bettor
from economy.services.corrections import opening_balance
from economy.services.hire import hire_contract_create
from ludus.errors import Refusal
from ludus.inputs import json_upload
from ludus.models import (
    Campaign,
    Editor,
    Election,
    Favor,
    Gladiator,
    Lanista,
    Membership,
    Patron,
    PriorRecord,
)
from ludus.services.ludus import favor_call
from rules.core.registry import ruleset_keys

FORMAT_NAME = "ludus-campaign"
SETUP_VERSION = 1
FORMAT = f"{FORMAT_NAME}/{SETUP_VERSION}"  # the older spelling of format and version at once
VERSIONS = (1, 2, 3)
BAD_FORMAT = "This is not a campaign file of format {format} (it says {found!r})."
BAD_VERSION = (
    "This campaign file is of version {found!r}, which this Ludus cannot read: it reads "
    "versions {known}."
)
BAD_ITEM = "{section}, {item}: {error}"
UNKNOWN = "{section}: no {what} named {name!r} in this file."
MISSING = "An item of the file has no {key!r}; every item needs it."
NO_PASSWORD = "users, {name}: a new user needs a password (give --password)."
MALFORMED = "The file is not laid out as a campaign file: {error}"
NOT_SERVED = (
    "campaign, the campaign: the {label} ruleset is not built yet; a campaign cannot be played "
    "under it here."
)


class CampaignFileError(Refusal):
    """A campaign file that cannot be loaded; the message names the section and the item."""


@dataclass
class Loaded:
    """What a campaign file wrote, by the names and keys the file uses."""

    campaign: Campaign
    users: dict[str, tuple[object, bool]] = field(default_factory=dict)  # name -> (user, new)
    lanistae: dict[str, Lanista] = field(default_factory=dict)
    men: dict[str, Gladiator] = field(default_factory=dict)
    editors: dict[str, Editor] = field(default_factory=dict)
    shows: dict[str, Show] = field(default_factory=dict)
    bettors: dict[str, Bettor] = field(default_factory=dict)
    races: dict[str, Race] = field(default_factory=dict)


def campaign_file_read(path: Path | str) -> dict:
    return json_upload(Path(path).read_text(encoding="utf-8"))


def campaign_file_version(data) -> int:
    """The version of the campaign file `data` is; refused if it is none, or one unknown."""
    found = data.get("format") if isinstance(data, dict) else type(data).__name__
    if found == FORMAT:
        return SETUP_VERSION
    if found != FORMAT_NAME:
        raise CampaignFileError(BAD_FORMAT.format(format=FORMAT_NAME, found=found))
    version = data.get("version")
    if version not in VERSIONS or isinstance(version, bool):
        known = ", ".join(str(v) for v in VERSIONS)
        raise CampaignFileError(BAD_VERSION.format(found=version, known=known))
    return version


def _one_line(error: Exception) -> str:
    return " ".join(str(error).split())


def _named(table: dict, name: str, section: str, what: str):
    if name not in table:
        raise CampaignFileError(UNKNOWN.format(section=section, what=what, name=name))
    return table[name]


def campaign_row(row: dict) -> Campaign:
    """The file's campaign, unsaved; refused when its ruleset's engine is registered but no
    campaign is played under it here (arena.rulesets.is_served: Grimdark, the command line's
    only). A ruleset not registered at all is the ruleset field's own refusal, on saving."""
    campaign = Campaign(**row)
    if campaign.ruleset in ruleset_keys() and not is_served(campaign.ruleset):
        raise CampaignFileError(NOT_SERVED.format(label=campaign.get_ruleset_display()))
    return campaign


def _saved(instance, section: str, item: str):
    try:
        instance.full_clean()
    except ValidationError as error:
        raise CampaignFileError(BAD_ITEM.format(section=section, item=item, error=error)) from error
    instance.save()
    return instance


@transaction.atomic
def campaign_file_load(data: dict, *, password: str | None, gm=None) -> Loaded:
    """Write the campaign a version 1 file describes. New users get `password`; an existing
    user of the same name is reused as he is (his password untouched).

    With `gm` (an upload from the browser) that user is the campaign's only member, its GM,
    and the file's users are neither looked up nor made: its parties come in without players.
    """
    if campaign_file_version(data) != SETUP_VERSION:
        raise CampaignFileError(BAD_VERSION.format(found=data.get("version"), known=SETUP_VERSION))
    try:
        loaded = Loaded(campaign=_saved(campaign_row(data["campaign"]), "campaign", "the campaign"))
        if gm is None:
            _people(loaded, data, password)
        else:
            Membership.objects.create(campaign=loaded.campaign, user=gm, role=Membership.Role.GM)
            _people(loaded, {**data, "users": []}, password, players=False)
        _money(loaded, data)
        books = _games(loaded, data)
        for event, source, bets in books:
            _book(loaded, event, source, bets)
    except KeyError as missing:
        raise CampaignFileError(MISSING.format(key=missing.args[0])) from missing
    except Refusal:
        raise
    # A value of the wrong kind or size anywhere (a list for a sheet, no username, a number
    # past what the database stores) is refused here as the file's, never a traceback.
    except (TypeError, AttributeError, ValueError, ArithmeticError, ValidationError) as error:
        raise CampaignFileError(MALFORMED.format(error=_one_line(error))) from error
    except DatabaseError as error:
        raise CampaignFileError(MALFORMED.format(error=_one_line(error))) from error
    return loaded


def _people(loaded: Loaded, data: dict, password: str | None, *, players: bool = True) -> None:
    campaign = loaded.campaign
    users = get_user_model()
    for row in data.get("users", []):
        user = users.objects.filter(username=row["username"]).first()
        created = user is None
        if created and not password:
            raise CampaignFileError(NO_PASSWORD.format(name=row["username"]))
        if created:
            user = users.objects.create_user(
                username=row["username"], password=password, first_name=row.get("first_name", "")
            )
        loaded.users[row["username"]] = (user, created)
        Membership.objects.create(campaign=campaign, user=user, role=row.get("role", "player"))
    for row in data.get("lanistae", []):
        fields = {k: v for k, v in row.items() if k not in ("key", "player")}
        player = row.get("player") if players else None
        if player:
            fields["player"] = _named(loaded.users, player, "lanistae", "user")[0]
        loaded.lanistae[row["key"]] = Lanista(campaign=campaign, **fields)
    for key, lanista in loaded.lanistae.items():
        _saved(lanista, "lanistae", key)
    priors = []
    for row in data.get("gladiators", []):
        fields = {k: v for k, v in row.items() if k not in ("school", "prior_records")}
        school = row.get("school")
        owner = _named(loaded.lanistae, school, "gladiators", "school") if school else None
        man = _saved(
            Gladiator.new(campaign=campaign, owner=owner, **fields), "gladiators", row["name"]
        )
        loaded.men[man.name] = man
        priors += [(man, prior) for prior in row.get("prior_records", [])]
    for man, prior in priors:
        _saved(PriorRecord(gladiator=man, **prior), "prior_records", man.name)
    elections = []
    for row in data.get("editors", []):
        fields = {k: v for k, v in row.items() if k not in ("key", "elections")}
        editor = _saved(Editor(campaign=campaign, **fields), "editors", row["key"])
        loaded.editors[row["key"]] = editor
        elections += [(editor, election) for election in row.get("elections", [])]
    for editor, election in elections:
        _saved(Election(editor=editor, **election), "elections", editor.name)
    _patrons(loaded, data)
    for row in data.get("bettors", []):
        player = row.get("player") if players else None
        bettor = Bettor(
            campaign=campaign,
            name=row["name"],
            player=_named(loaded.users, player, "bettors", "user")[0] if player else None,
        )
        loaded.bettors[row["name"]] = _saved(bettor, "bettors", row["name"])


def _patrons(loaded: Loaded, data: dict) -> None:
    made = []
    for row in data.get("patrons", []):
        lanista = row.get("lanista")
        patron = Patron(
            campaign=loaded.campaign,
            name=row["name"],
            lanista=_named(loaded.lanistae, lanista, "patrons", "school") if lanista else None,
        )
        made.append((_saved(patron, "patrons", row["name"]), row.get("favors", [])))
    for patron, favors in made:
        for row in favors:
            man = row.get("gladiator")
            favor = Favor(
                patron=patron,
                owed_by=row["owed_by"],
                gladiator=_named(loaded.men, man, "favors", "gladiator") if man else None,
                reason=row.get("reason", ""),
            )
            _saved(favor, "favors", row["owed_by"])
            if row.get("called_for"):
                favor_call(favor=favor, called_for=row["called_for"])


def _account(loaded: Loaded, row: dict):
    if "chest" in row:
        return accounts.chest(_named(loaded.lanistae, row["chest"], "openings", "school"))
    if "peculium" in row:
        return accounts.peculium(_named(loaded.men, row["peculium"], "openings", "gladiator"))
    if "purse" in row:
        return accounts.purse(_named(loaded.editors, row["purse"], "openings", "editor"))
    return accounts.bettor_account(_named(loaded.bettors, row["bettor"], "openings", "bettor"))


def _money(loaded: Loaded, data: dict) -> None:
    for row in data.get("openings", []):
        opening_balance(account=_account(loaded, row), amount=row["amount"], memo=row["memo"])


def _games(loaded: Loaded, data: dict) -> list[tuple[Bout | Race, str, list]]:
    """The shows, their hires, cards and races; returns the books to open, in card order (the
    bouts of every show first, then the races, as the book's line is cried on a known card)."""
    bout_books, race_books = [], []
    for row in data.get("shows", []):
        show = show_plan(
            campaign=loaded.campaign,
            name=row["name"],
            editor=_named(loaded.editors, row["editor"], "shows", "editor"),
            kind=row["kind"],
            venue=row["venue"],
            day=row["day"],
        )
        loaded.shows[row["key"]] = show
        for hire in row.get("hires", []):
            hire_contract_create(
                show=show,
                gladiator=_named(loaded.men, hire["gladiator"], "hires", "gladiator"),
                kind=hire["kind"],
                favor_called=hire.get("favor_called", False),
            )
        for pair in row.get("card", []):
            if "fight" in pair:  # a fight of several men and beasts (Moritari)
                bout = _fight(loaded, show, pair)
            else:
                bout = bout_add(
                    show=show,
                    fighter_a=_named(loaded.men, pair["a"], "card", "gladiator"),
                    fighter_b=_named(loaded.men, pair["b"], "card", "gladiator"),
                    kind=pair["kind"],
                )
            if pair.get("book"):
                bout_books.append((bout, pair["book"], pair.get("bets", [])))
        for spec in row.get("races", []):
            race = _race(loaded, show, spec)
            if spec.get("book"):
                race_books.append((race, spec["book"], spec.get("bets", [])))
    return bout_books + race_books


def _fight(loaded: Loaded, show: Show, spec: dict) -> Bout:
    """A card's fight of several entrants, read by the campaign's ruleset (Moritari: each
    `{"man": name}` or `{"beast": kind, "name": name}`, and whether Caesar asks)."""
    plugin = plugin_for(show.campaign.ruleset)
    return plugin.fight_from_file(
        show, spec, man=lambda name: _named(loaded.men, name, "card", "gladiator")
    )


def _race(loaded: Loaded, show: Show, spec: dict) -> Race:
    race = Race(show=show, name=spec["name"], prize_purses=spec.get("prize_purses", 1))
    _saved(race, "races", spec["name"])
    loaded.races[spec["key"]] = race
    for lane, row in enumerate(spec.get("field", []), start=1):
        entry = RaceEntry(
            race=race,
            driver=_named(loaded.men, row["driver"], "field", "gladiator"),
            faction=row["faction"],
            chariot=row.get("chariot", RaceEntry.Chariot.QUADRIGA),
            lane=lane,
            push_legs=row.get("push_legs", []),
        )
        _saved(entry, "field", row["driver"])
    return race


def _fight_sides(bout: Bout) -> dict[str, int]:
    """A fight's book sides by the names a file bets on: any man of a side, its school's
    name, or "beasts"."""
    sides: dict[str, int] = {}
    for entry in sorted(bout.entrants, key=lambda entry: entry.pk):
        if entry.gladiator is None:  # the side of those who are no man of the campaign
            no_man_side = plugin_for(bout.show.campaign.ruleset).no_man_side
            sides.setdefault(no_man_side, NO_MAN_SIDE_ID)
            continue
        first = sides.setdefault(entry.side, entry.gladiator_id)
        sides[entry.gladiator.name] = first
    return sides


def _book(loaded: Loaded, event: Bout | Race, source: str, bets: list) -> None:
    """Open the event's book (a race's on the public line: every driver careful) and lay the
    file's bets on it, each once (its key names the bettor and the book)."""
    if isinstance(event, Bout):
        book = book_open(bout=event, source=source)
        sides = {man.name: man.pk for man in event.fighters}
        if not is_pair(event):  # a fight's line names each side by its first man (or beasts)
            sides = _fight_sides(event)
    else:
        book = book_open(race=event, source=source)
        sides = {entry.driver.name: entry.pk for entry in event.entries.select_related("driver")}
    for row in bets:
        bettor = _named(loaded.bettors, row["bettor"], "bets", "bettor")
        side = _named(sides, row["on"], "bets", "side")
        # The key the demo has always used, so a file loaded twice lays each bet once.
        bet_place(
            book=book,
            bettor=bettor,
            side=side,
            stake=row["stake"],
            idempotency_key=f"demo:{bettor.pk}:book:{book.pk}",
        )
