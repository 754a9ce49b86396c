"""The demo campaign "Capua and Rome, 50 BC", built from seed 001's examples.

Nerva's ludus at Capua (Bithys the thraex and his fellows), a rival school with the murmillo
Bithys meets in the Forum, Fabia's father the senator and the munus he owes his father, the
Forum munus of a dead consular's son, the show at Pompeii, Eros the gambler, and the Whites and
the Reds at the Ludi Romani. Everything is written through the services (hires, opening
balances, the card), so the demo's books balance like any campaign's.

The betting books come last (demo_books, through arena.book.services): a book on every planned
bout and race, and Eros's bets from the seed (Bithys, and the Reds' contender).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.contrib.auth import get_user_model
from django.db import transaction

from arena.book.services import bet_place, book_open
from arena.models import Bout, Race, RaceEntry, Show, Venue
from arena.services.shows import bout_add, show_plan
from economy import accounts
from economy.accounts import bettor_account
from economy.ledger import account_balance
from economy.models import SESTERCES_PER_PURSE, Bet, Bettor, Book, Hire
from economy.services.betting import BettingError
from economy.services.corrections import opening_balance
from economy.services.hire import hire_contract_create
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

DEMO_NAME = "Capua and Rome, 50 BC"
DEMO_PASSWORD = "ave-caesar"
PURSE = SESTERCES_PER_PURSE


@dataclass
class Demo:
    campaign: Campaign
    users: dict[str, tuple[object, bool]] = field(default_factory=dict)  # name -> (user, new)
    lanistae: dict[str, Lanista] = field(default_factory=dict)
    men: dict[str, Gladiator] = field(default_factory=dict)
    editors: dict[str, Editor] = field(default_factory=dict)
    shows: dict[str, Show] = field(default_factory=dict)
    bettors: dict[str, Bettor] = field(default_factory=dict)
    races: dict[str, Race] = field(default_factory=dict)


# Nerva's men: (name, armatura, might, melee, extras). Bithys is the seed's own (Might 3,
# Melee 3 after one advance, Charisma 2, Charm 1); Celadus, Attilius, Hilarus, Tetraites,
# Oceanus and Severus are names from the walls of Pompeii; Priscus and Verus are Martial's pair.
NERVA_MEN = [
    ("Bithys", "thraex", 3, 3, {"charisma": 2, "charm": 1, "orders": "fight-on"}),
    ("Celadus", "thraex", 3, 2, {"charisma": 3, "charm": 2}),
    ("Marcus Attilius", "murmillo", 3, 2, {"legal_status": "auctoratus", "contract_bouts_left": 5}),
    ("Hilarus", "murmillo", 3, 2, {}),
    ("Tetraites", "samnite", 3, 2, {}),
    ("Dumnorix", "gaul", 4, 2, {"price_purses": 8}),
    ("Priscus", "murmillo", 3, 2, {}),
    ("Verus", "thraex", 3, 2, {"agility": 3}),
    ("Oceanus", "samnite", 3, 2, {"orders": "fight-on"}),
    ("Severus", "thraex", 3, 2, {}),
    ("Felix", "thraex", 2, 1, {"price_purses": 3}),  # a raw recruit
]
# Scaurus's men: the murmillo of the Forum example (Might 3, Melee 2) and the Samnite champion
# Bithys meets at Pompeii.
SCAURUS_MEN = [
    ("Rufus", "murmillo", 3, 2, {}),
    ("Tigris", "samnite", 4, 3, {"price_purses": 12}),
    ("Calamus", "thraex", 3, 2, {}),
]
# The Circus: (name, faction, agility, operate, push every leg).
DRIVERS = [
    ("Thallus", "Whites", 3, 3, False),  # the favorite
    ("Eutychus", "Reds", 3, 2, True),  # the contender, who means to push at every turn
    ("Avilius", "Whites", 2, 2, False),  # the outsider
    ("Crescens", "Reds", 2, 1, False),  # the novice
]


def demo_exists() -> bool:
    return Campaign.objects.filter(name=DEMO_NAME).exists()


def _user(demo: Demo, username: str, first_name: str):
    users = get_user_model()
    user = users.objects.filter(username=username).first()
    created = user is None
    if created:
        user = users.objects.create_user(
            username=username, password=DEMO_PASSWORD, first_name=first_name
        )
    demo.users[username] = (user, created)
    return user


def _man(demo: Demo, owner: Lanista | None, row, **more) -> Gladiator:
    name, armatura, might, melee, extras = row
    man = Gladiator.new(
        campaign=demo.campaign,
        owner=owner,
        name=name,
        armatura=armatura,
        might=might,
        melee=melee,
        **(extras | more),
    )
    man.full_clean()
    man.save()
    demo.men[name] = man
    return man


def _prior(man: Gladiator, city: str, wins: int, losses: int = 0, draws: int = 0) -> None:
    record = PriorRecord(gladiator=man, city=city, wins=wins, losses=losses, draws=draws)
    record.full_clean()
    record.save()


def _editor(demo: Demo, key: str, name: str, office: str, dignitas: int) -> Editor:
    editor = Editor(campaign=demo.campaign, name=name, office=office, base_dignitas=dignitas)
    editor.full_clean()
    editor.save()
    demo.editors[key] = editor
    return editor


def _open(account, amount: int, memo: str) -> None:
    opening_balance(account=account, amount=amount, memo=memo)


@transaction.atomic
def demo_build() -> Demo:
    """Write the whole demo campaign (and its users, if they do not exist yet)."""
    campaign = Campaign(name=DEMO_NAME, year=-50, city="Capua", day=1)
    campaign.full_clean()
    campaign.save()
    demo = Demo(campaign=campaign)

    gm = _user(demo, "gm", "Game master")
    nerva_user = _user(demo, "nerva", "Nerva")
    eros_user = _user(demo, "eros", "Eros")
    for user, role in ((gm, "gm"), (nerva_user, "player"), (eros_user, "player")):
        Membership.objects.create(campaign=campaign, user=user, role=role)

    # The schools.
    nerva = Lanista(
        campaign=campaign,
        name="Nerva",
        school="Nerva's ludus",
        city="Capua",
        player=nerva_user,
        medicus_name="Philon the medicus",
        medicus_intellect=3,
        medicus_medicine=2,
    )
    scaurus = Lanista(
        campaign=campaign,
        name="Aulus Scaurus",
        school="The ludus of Scaurus",
        city="Capua",
        medicus_name="Scaurus's medicus",
        medicus_intellect=2,
        medicus_medicine=1,
    )
    for lanista in (nerva, scaurus):
        lanista.full_clean()
        lanista.save()
    demo.lanistae = {"nerva": nerva, "scaurus": scaurus}
    for row in NERVA_MEN:
        _man(demo, nerva, row)
    for row in SCAURUS_MEN:
        _man(demo, scaurus, row)
    for name, faction, agility, operate, _push in DRIVERS:
        _man(
            demo,
            None,
            (name, "thraex", 3, 0, {}),
            is_charioteer=True,
            faction=faction,
            agility=agility,
            operate=operate,
        )

    men = demo.men
    # Bithys: eleven bouts behind him, five victories in Rome (Known there: Crowd Favor 3).
    _prior(men["Bithys"], "Rome", wins=5, losses=1)
    _prior(men["Bithys"], "Capua", wins=3, losses=1, draws=1)
    _prior(men["Celadus"], "Capua", wins=4, losses=2)
    _prior(men["Rufus"], "Rome", wins=2, losses=2)
    _prior(men["Tigris"], "Pompeii", wins=6, losses=1)  # the champion is Known at Pompeii

    # The editors.
    fabius = _editor(demo, "fabius", "Marcus Fabius", "senator", 5)
    cornelius = _editor(demo, "cornelius", "Lucius Cornelius", "son of a dead consular", 3)
    popidius = _editor(demo, "popidius", "Numerius Popidius", "duovir of Pompeii", 2)
    aemilius = _editor(demo, "aemilius", "Gaius Aemilius", "curule aedile", 4)
    # Fabia's father means to run again in three years: a munus this year leaves him free.
    Election.objects.create(editor=fabius, office="praetor", year=-47)

    # Patrons and Favors: Nerva is his men's patron; Nerva owes Fabia's house for Bithys.
    nerva_patron = Patron.objects.create(campaign=campaign, name="Nerva", lanista=nerva)
    fabius_patron = Patron.objects.create(campaign=campaign, name="Marcus Fabius")
    bithys_favor = Favor.objects.create(
        patron=nerva_patron,
        owed_by="Bithys",
        gladiator=men["Bithys"],
        reason="His lanista feeds, lodges, trains and cares for him.",
    )
    Favor.objects.create(
        patron=nerva_patron,
        owed_by="Celadus",
        gladiator=men["Celadus"],
        reason="His lanista feeds, lodges, trains and cares for him.",
    )
    Favor.objects.create(
        patron=fabius_patron,
        owed_by="Nerva",
        reason="Nerva bought Bithys from Fabia's house.",
    )

    # Money the parties bring in (sesterces; 800 to the purse).
    _open(accounts.chest(nerva), 20_000, "Nerva's chest")
    _open(accounts.chest(scaurus), 12_000, "Scaurus's chest")
    _open(accounts.peculium(men["Bithys"]), 2 * PURSE, "Bithys's savings: 2 purses")
    _open(accounts.peculium(men["Marcus Attilius"]), 2 * PURSE, "Attilius's signing sum, kept")
    _open(accounts.purse(fabius), 60_000, "The senator's purse for the munus")
    _open(accounts.purse(cornelius), 20_000, "The heir's purse for the Forum munus")
    _open(accounts.purse(popidius), 15_000, "The duovir's purse")
    _open(accounts.purse(aemilius), 30_000, "The aedile's own money on top of the grant")
    eros = Bettor.objects.create(campaign=campaign, name="Eros the gambler", player=eros_user)
    demo.bettors["eros"] = eros
    _open(accounts.bettor_account(eros), 2_000, "Eros's stake money")

    # The Forum munus: Bithys against Scaurus's murmillo, both hired for single combat.
    forum = show_plan(
        campaign=campaign,
        name="The Forum munus",
        editor=cornelius,
        kind=Show.Kind.MUNUS,
        venue=Venue.FORUM_ROMANUM,
        day=3,
    )
    demo.shows["forum"] = forum
    for man in (men["Bithys"], men["Rufus"]):
        hire_contract_create(show=forum, gladiator=man, kind=Hire.Kind.SINGLE)
    bout_add(show=forum, fighter_a=men["Bithys"], fighter_b=men["Rufus"], kind=Bout.Kind.SINGLE)

    # The show at Pompeii: Nerva calls in a Favor and hires Bithys to fight the Samnite.
    pompeii = show_plan(
        campaign=campaign,
        name="The games at Pompeii",
        editor=popidius,
        kind=Show.Kind.MUNUS,
        venue=Venue.POMPEII,
        day=10,
    )
    demo.shows["pompeii"] = pompeii
    favor_call(favor=bithys_favor, called_for="Bithys to fight at Pompeii")
    hire_contract_create(
        show=pompeii, gladiator=men["Bithys"], kind=Hire.Kind.SINGLE, favor_called=True
    )
    hire_contract_create(show=pompeii, gladiator=men["Tigris"], kind=Hire.Kind.SINGLE)
    bout_add(show=pompeii, fighter_a=men["Bithys"], fighter_b=men["Tigris"])

    # The munus for the dead grandfather: four team pairs and one single pair from Nerva,
    # 16 + 8 = 24 purses (19,200 sesterces).
    grandfather = show_plan(
        campaign=campaign,
        name="The munus for Fabia's grandfather",
        editor=fabius,
        kind=Show.Kind.MUNUS,
        venue=Venue.FORUM_ROMANUM,
        day=20,
    )
    demo.shows["grandfather"] = grandfather
    team_pairs = [
        ("Celadus", "Hilarus"),
        ("Severus", "Oceanus"),
        ("Verus", "Priscus"),
        ("Felix", "Marcus Attilius"),
    ]
    for a, b in team_pairs:
        for name in (a, b):
            hire_contract_create(show=grandfather, gladiator=men[name], kind=Hire.Kind.TEAM)
        bout_add(show=grandfather, fighter_a=men[a], fighter_b=men[b], kind=Bout.Kind.TEAM)
    for name in ("Tetraites", "Dumnorix"):
        hire_contract_create(show=grandfather, gladiator=men[name], kind=Hire.Kind.SINGLE)
    bout_add(
        show=grandfather,
        fighter_a=men["Tetraites"],
        fighter_b=men["Dumnorix"],
        kind=Bout.Kind.SINGLE,
    )

    # The Ludi Romani at the Circus Maximus: the Whites and the Reds.
    ludi = show_plan(
        campaign=campaign,
        name="The Ludi Romani",
        editor=aemilius,
        kind=Show.Kind.LUDI,
        venue=Venue.CIRCUS_MAXIMUS,
        day=30,
    )
    demo.shows["ludi"] = ludi
    race = Race(show=ludi, name="Quadrigae of the Ludi Romani", prize_purses=1)
    race.full_clean()
    race.save()
    demo.races["ludi"] = race
    for lane, (name, faction, _agility, _operate, push) in enumerate(DRIVERS, start=1):
        entry = RaceEntry(
            race=race,
            driver=men[name],
            faction=faction,
            chariot=RaceEntry.Chariot.QUADRIGA,
            lane=lane,
            push_legs=[push, push, push],
        )
        entry.full_clean()
        entry.save()

    # The stands: books on the card and Eros's bets (the betting service's own demo step).
    demo_books(campaign)
    return demo


# --- the demo's books ---------------------------------------------------------------------


def demo_books(campaign: Campaign) -> list[Book | Bet]:
    """Open books on the demo's planned bouts and races, and place Eros's bets from the seed.

    Bouts get the seed's table line where the table has a row (else the engine's); races the
    public line (every driver careful). Eros (the Bettor whose name starts "Eros") backs
    Bithys with 400 sesterces and the Reds' driver with 200, if those are on the card and his
    purse holds the stakes. Safe to call twice: it skips books that exist and reuses its keys.
    """
    made: list[Book | Bet] = []
    eros = Bettor.objects.filter(campaign=campaign, name__istartswith="Eros").first()
    bouts = Bout.objects.filter(show__campaign=campaign, status=Bout.Status.PLANNED)
    for bout in bouts.select_related("fighter_a", "fighter_b", "show"):
        book = Book.objects.filter(bout=bout).first()
        if book is None:
            try:
                book = book_open(bout=bout, source=Book.Source.TABLE)
            except BettingError:
                book = book_open(bout=bout, source=Book.Source.ENGINE)
            made.append(book)
        backed = [m for m in (bout.fighter_a, bout.fighter_b) if m.name.startswith("Bithys")]
        if eros and backed:
            made.extend(_demo_bet(book, eros, backed[0].pk, 400))
    races = Race.objects.filter(show__campaign=campaign, status=Race.Status.PLANNED)
    for race in races:
        if not race.entries.exists():
            continue
        book = Book.objects.filter(race=race).first()
        if book is None:
            book = book_open(race=race, source=Book.Source.ENGINE, with_orders=False)
            made.append(book)
        reds = race.entries.filter(faction__iexact="Reds").order_by("lane").first()
        if eros and reds:
            made.extend(_demo_bet(book, eros, reds.pk, 200))
    return made


def _demo_bet(book: Book, bettor: Bettor, side: int, stake: int) -> list[Bet]:
    key = f"demo:{bettor.pk}:book:{book.pk}"
    if Bet.objects.filter(
        transaction__campaign=book.campaign, transaction__idempotency_key=key
    ).exists():
        return []
    if not book.is_open or account_balance(bettor_account(bettor)) < stake:
        return []
    return [bet_place(book=book, bettor=bettor, side=side, stake=stake, idempotency_key=key)]
