"""The bookmaker's odds (seed 001, BETS): the table by match type, conventional prices, payouts.

Pure Python, no Django, so the rules can be tested and reused anywhere.

Reading the odds (BETS II): at "4 to 3 against" stake 3 to win 4; at "4 to 3 on" stake 4 on the
favourite to win 3; a winner also gets his stake back. Every amount is in whole sesterces.

An `Odds` is kept as the bookmaker cries it: `numerator` to `denominator` (numerator never
smaller), and whether it is "on" (the favourite's price) or "against". Evens is 1 to 1.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from fractions import Fraction

from economy.limits import MAX_POSTING, MAX_STAKE
from ludus.errors import Refusal
from ludus.inputs import whole_number

ODDS_INVALID = "Odds are two whole numbers of at least 1; got {numerator} to {denominator}."
ODDS_UNREADABLE = "Cannot read odds {text!r}; write e.g. 'Evens', '4 to 3 on', '2 to 1 against'."
PROBABILITY_INVALID = "A chance to win must lie strictly between 0 and 1; got {p!r}."
STAKE_INVALID = "A stake is a whole number of sesterces, at least 1; got {stake!r}."
STAKE_TOO_LARGE = "Stake: at most {most:,} sesterces (a win at 100 to 1 pays at most {pays:,})."
NOT_IN_TABLE = (
    "The seed's table has no row for {a} (Melee {melee_a}, {kit_a}) against {b} (Melee {melee_b}, "
    "{kit_b}); open the book on the engine's odds instead."
)


class OddsError(Refusal):
    """Odds, chances or stakes the book cannot use."""


# The prices this book cries, as "N to 1"-style ratios (winnings per unit staked, against).
# Every price the seed quotes is here (Evens, 6 to 5, 4 to 3, 3 to 2, 2 to 1, 8 to 1, 11 to 1);
# between them only whole numbers, and at the long end the rungs thin out as a real book's do.
# With these rungs the seed's published chances convert to the seed's published prices: the
# bout table's 50, 57, 60 and 65 to 70 in 100, and the chariot table's four drivers (computed
# exactly: 45.75, 35.0, 11.44 and 7.80 in 100 give 6 to 5, 2 to 1, 8 to 1 and 11 to 1). The
# missing 12 and 13 to 1 are what keeps the novice at the seed's 11 to 1 (docs/rules.md).
LADDER: tuple[Fraction, ...] = tuple(
    Fraction(n, d)
    for n, d in (
        (1, 1),
        (6, 5),
        (4, 3),
        (3, 2),
        (2, 1),
        (3, 1),
        (4, 1),
        (5, 1),
        (6, 1),
        (7, 1),
        (8, 1),
        (9, 1),
        (10, 1),
        (11, 1),
        (14, 1),
        (16, 1),
        (20, 1),
        (25, 1),
        (33, 1),
        (50, 1),
        (66, 1),
        (100, 1),
    )
)


@dataclass(frozen=True)
class Odds:
    """A price: `numerator` to `denominator`, "on" (odds-on, the favourite) or "against"."""

    numerator: int
    denominator: int
    on: bool = False

    def __post_init__(self) -> None:
        for value in (self.numerator, self.denominator):
            if isinstance(value, bool) or not isinstance(value, int) or value < 1:
                raise OddsError(
                    ODDS_INVALID.format(numerator=self.numerator, denominator=self.denominator)
                )
        if self.numerator < self.denominator:
            # "3 to 4 against" is "4 to 3 on": keep the larger number first, as a book cries it.
            numerator, denominator = self.denominator, self.numerator
            object.__setattr__(self, "numerator", numerator)
            object.__setattr__(self, "denominator", denominator)
            object.__setattr__(self, "on", not self.on)
        if self.numerator == self.denominator:
            object.__setattr__(self, "numerator", 1)
            object.__setattr__(self, "denominator", 1)
            object.__setattr__(self, "on", False)
        else:
            reduced = Fraction(self.numerator, self.denominator)
            object.__setattr__(self, "numerator", reduced.numerator)
            object.__setattr__(self, "denominator", reduced.denominator)

    @classmethod
    def from_ratio(cls, ratio: Fraction) -> Odds:
        """Odds from winnings per unit staked: 4/3 is "4 to 3 against", 3/4 "4 to 3 on"."""
        ratio = Fraction(ratio)
        if ratio <= 0:
            raise OddsError(ODDS_INVALID.format(numerator=ratio, denominator=1))
        return cls(ratio.numerator, ratio.denominator)

    @classmethod
    def parse(cls, text: str) -> Odds:
        """Read "Evens", "4 to 3 on", "2 to 1 against", "2 to 1" (against) or "4/3"."""
        words = text.strip().lower().replace("/", " to ").split()
        if words in (["evens"], ["even"], ["1", "to", "1"]):
            return cls(1, 1)
        on = False
        if words and words[-1] in ("on", "against"):
            on = words.pop() == "on"
        if len(words) != 3 or words[1] != "to":
            raise OddsError(ODDS_UNREADABLE.format(text=text))
        numerator, denominator = whole_number(words[0]), whole_number(words[2])
        if numerator is None or denominator is None:
            raise OddsError(ODDS_UNREADABLE.format(text=text))
        return cls(numerator, denominator, on)

    @property
    def is_evens(self) -> bool:
        return self.numerator == self.denominator

    @property
    def ratio(self) -> Fraction:
        """Winnings per sesterce staked."""
        if self.on:
            return Fraction(self.denominator, self.numerator)
        return Fraction(self.numerator, self.denominator)

    @property
    def implied_probability(self) -> Fraction:
        """The chance at which this price is fair: 4 to 3 on is 4/7, 2 to 1 against 1/3."""
        return 1 / (1 + self.ratio)

    @property
    def reverse(self) -> Odds:
        """The other man's price in a fair two-way book: 4 to 3 on becomes 4 to 3 against."""
        return Odds(self.numerator, self.denominator, not self.on and not self.is_evens)

    def winnings(self, stake: int) -> int:
        """What a winning stake wins, stake not included; a fraction of a sesterce stays
        with the bookmaker (docs/rules.md)."""
        check_stake(stake)
        return stake * self.ratio.numerator // self.ratio.denominator

    def payout(self, stake: int) -> int:
        """What a winner collects: his stake back and his winnings."""
        return stake + self.winnings(stake)

    def label(self) -> str:
        if self.is_evens:
            return "Evens"
        return f"{self.numerator} to {self.denominator} {'on' if self.on else 'against'}"

    @property
    def reading(self) -> str:
        """BETS II in words: "stake 4 to win 3" for 4 to 3 on."""
        stake, win = self.ratio.denominator, self.ratio.numerator
        return f"stake {stake} to win {win}"

    def __str__(self) -> str:
        return self.label()

    def as_dict(self) -> dict:
        return {"numerator": self.numerator, "denominator": self.denominator, "on": self.on}


EVENS = Odds(1, 1)


def check_stake(stake: int) -> int:
    if isinstance(stake, bool) or not isinstance(stake, int) or stake < 1:
        raise OddsError(STAKE_INVALID.format(stake=stake))
    if stake > MAX_STAKE:
        raise OddsError(STAKE_TOO_LARGE.format(most=MAX_STAKE, pays=MAX_POSTING))
    return stake


def _check_probability(p: float | Fraction) -> Fraction:
    try:
        value = Fraction(p)
    except (TypeError, ValueError) as error:
        raise OddsError(PROBABILITY_INVALID.format(p=p)) from error
    if not 0 < value < 1:
        raise OddsError(PROBABILITY_INVALID.format(p=p))
    return value


def nearest_odds(p: float | Fraction) -> Odds:
    """The conventional price nearest a chance to win, measured in implied chance.

    0.57 gives "4 to 3 on", 0.5 "Evens", 0.35 "2 to 1 against". Beyond the ladder's ends the
    longest rung is used (a 1-in-1000 chance is still "100 to 1 against").
    """
    p = _check_probability(p)
    on = p > Fraction(1, 2)
    underdog = 1 - p if on else p  # the chance of the side the ratio is "against"
    best = min(LADDER, key=lambda rung: (abs(1 / (1 + rung) - underdog), rung))
    odds = Odds.from_ratio(best)
    return odds if not on else odds.reverse


def shorten(odds: Odds, steps: int = 1) -> Odds:
    """Shorten a price by `steps` rungs of the ladder: a popular man pays less if he wins.

    "2 to 1 against" shortens to "3 to 2 against", "Evens" to "6 to 5 on", "4 to 3 on" to
    "3 to 2 on". A price off the ladder first snaps to the nearest rung.
    """
    if isinstance(steps, bool) or not isinstance(steps, int) or steps < 0:
        raise OddsError(f"Shorten by a whole number of steps, 0 or more; got {steps!r}.")
    # One scale from the longest "against" to the shortest "on": index into it by the ratio.
    scale = [Odds.from_ratio(r) for r in reversed(LADDER)] + [
        Odds.from_ratio(1 / r) for r in LADDER[1:]
    ]
    here = min(range(len(scale)), key=lambda i: abs(scale[i].ratio - odds.ratio))
    return scale[min(here + steps, len(scale) - 1)]


# --- the seed's table (BETS) ---------------------------------------------------------------


class Match(enum.StrEnum):
    EVEN = "even"
    ONE_RANK = "one_rank"
    TWO_RANKS = "two_ranks"
    HEAVIER_ARMOR = "heavier_armor"


@dataclass(frozen=True)
class TableRow:
    match: Match
    label: str
    chance: str  # as the seed prints it
    better_wins: Fraction  # the chance used for the line (the middle of a range)
    odds_against_other: Odds


# BETS, the table: the better man's chance and the odds against the other man.
TABLE: dict[Match, TableRow] = {
    row.match: row
    for row in (
        TableRow(Match.EVEN, "Even", "50 in 100", Fraction(50, 100), EVENS),
        TableRow(
            Match.ONE_RANK, "One Melee rank better", "57 in 100", Fraction(57, 100), Odds(4, 3)
        ),
        TableRow(
            Match.TWO_RANKS,
            "Two Melee ranks better",
            "65 to 73 in 100",
            Fraction(69, 100),
            Odds(2, 1),
        ),
        TableRow(
            Match.HEAVIER_ARMOR,
            "Heavier armor (a Samnite against a thraex), equal skill",
            "60 in 100",
            Fraction(60, 100),
            Odds(3, 2),
        ),
    )
}

HEAVY_KITS = frozenset({"samnite"})  # the Samnite's mail; every other kit is the matched kit


@dataclass(frozen=True)
class TableLine:
    """The table's line for a pair: which man is better (None when even) and both prices."""

    row: TableRow
    better: int | None  # 0 or 1: index of the better man; None for an even match
    odds: tuple[Odds, Odds]
    chances: tuple[Fraction, Fraction]
    names: tuple[str, str] = ("", "")
    melee: tuple[int, int] = (0, 0)
    kits: tuple[str, str] = ("", "")

    def pairing(self) -> str:
        """The row as it applies to this pair, in its men's names and kits (the seed's row
        label is its own example: "a Samnite against a thraex")."""
        man = [f"{name} ({kit.capitalize()}, Melee {melee})" for name, kit, melee in self._men()]
        if self.better is None:
            return f"Even: {man[0]} and {man[1]}"
        better, other = man[self.better], man[1 - self.better]
        if self.row.match is Match.HEAVIER_ARMOR:
            return f"Heavier armor, equal skill: {better} against {other}"
        return f"{self.row.label}: {better} against {other}"

    def _men(self):
        return zip(self.names, self.kits, self.melee, strict=True)


def table_match(melee: tuple[int, int], kits: tuple[str, str]) -> tuple[Match, int | None]:
    """The table row for two men by Melee and kit, and the better man's index.

    The table's rows are pure cases: Melee apart by one or two ranks in the same weight of kit,
    or equal Melee with one man in the Samnite's mail. Anything else is not in the table.
    """
    heavy = tuple(kit in HEAVY_KITS for kit in kits)
    diff = melee[0] - melee[1]
    if diff == 0 and heavy[0] == heavy[1]:
        return Match.EVEN, None
    if heavy[0] == heavy[1] and abs(diff) in (1, 2):
        return (Match.ONE_RANK if abs(diff) == 1 else Match.TWO_RANKS), 0 if diff > 0 else 1
    if diff == 0:
        return Match.HEAVIER_ARMOR, 0 if heavy[0] else 1
    raise OddsError("not in table")


def table_line(names: tuple[str, str], melee: tuple[int, int], kits: tuple[str, str]) -> TableLine:
    """The seed's line for a bout between two men: the better man odds-on, the other against."""
    try:
        match, better = table_match(melee, kits)
    except OddsError:
        raise OddsError(
            NOT_IN_TABLE.format(
                a=names[0],
                b=names[1],
                melee_a=melee[0],
                melee_b=melee[1],
                kit_a=kits[0],
                kit_b=kits[1],
            )
        ) from None
    row = TABLE[match]
    pair = {"names": names, "melee": melee, "kits": kits}
    if better is None:
        return TableLine(row, None, (EVENS, EVENS), (Fraction(1, 2), Fraction(1, 2)), **pair)
    against = row.odds_against_other
    odds = [against.reverse, against.reverse]
    chances = [row.better_wins, row.better_wins]
    odds[1 - better] = against
    chances[1 - better] = 1 - row.better_wins
    return TableLine(row, better, (odds[0], odds[1]), (chances[0], chances[1]), **pair)
