"""Sands (seed 000) behind the seam: the hex-grid duel of a Murmillo and a Thraex.

- sheet: `SandsSheet` holds nothing: the quick-start's two gladiators are the same man but
  for their class, which is the entrant's `equipment` (his armatura: murmillo or thraex).
- setup: a pair; each man's orders (a mapping of `rules.sands.orders.Orders` fields), and the
  wound marks he carries in read from the names of his unhealed injuries ("Deep wound: lead
  arm"); the seed's optional ten-turn limit as the option `turn_limit`.
- play: `rules.sands.bout.play` from the seed and the table's turn choices; the appeal to the
  crowd is rolled on the sand, so an outcome is never pending and `settle_fate` refuses.
- each wound (a flesh or deep wound, a slow kill) becomes an injury named by its band and its
  location; a medicus treats it (2d6 + his Medicine against the band's number), and until then
  its marks fill his boxes in his next bout. Fatigue, bleeding and tokens end with the bout.
- standing: the crowd's mood on the campaign's 0-6 scale (3 + Favour - Disfavour - Apathy
  Tokens), so the winner's purse is paid by the ledger's one rule (2 purses at 5 or more).
- odds: Monte Carlo over `play(record=False)` (docs/rules.md, "Sands in the campaign").
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Any, ClassVar

from rules.core.errors import RulesError
from rules.core.events import Decision, Event
from rules.core.json import JsonDict, JsonValue
from rules.core.outcome import EntrantOutcome, Fate, InjuryTaken, Outcome, Result
from rules.core.ruleset import (
    EntrantInput,
    FateSettled,
    Figure,
    Figures,
    Odds,
    Played,
    Ruleset,
    Sheet,
    Treatment,
    TreatmentOdds,
)
from rules.core.sheet_report import SheetReport, sheet_report
from rules.core.sheets import EmptySheet
from rules.sands import bout
from rules.sands.kinds import KINDS, WOUND_BOXES, Location, kind_of
from rules.sands.odds import bout_odds
from rules.sands.orders import PRESETS, Orders

ENGINE_VERSION = bout.ENGINE_VERSION
ENGINE_VERSIONS = bout.ENGINE_VERSIONS
CROWD_START = 3  # the crowd's mood on the campaign's 0-6 scale before a token is won
CROWD_MAX = 6
# The wound bands that mark boxes, as injuries: (name, marks, the medicus's difficulty).
BANDS: dict[str, tuple[str, int, str]] = {
    bout.FLESH: ("Flesh wound", 1, "easy"),
    bout.DEEP: ("Deep wound", 1, "average"),
    bout.SLOW_KILL: ("Slow kill", 2, "hard"),
}
MARKS_BY_NAME = {name: marks for name, marks, _ in BANDS.values()}
# The medicus's check: 2d6 + his Medicine reaching the number (ours; docs/rules.md).
TREAT_NUMBER = {"easy": 6, "average": 8, "hard": 10, "daunting": 12}
AWAY_FROM_HOME = 2  # harder away from the ludus
FATES = {
    bout.WON: Fate.WALKED_OUT,
    bout.DRAW: Fate.WALKED_OUT,
    bout.MITTE: Fate.SPARED,
    bout.IUGULA: Fate.DEAD,
    bout.KILLED_ON_SAND: Fate.DEAD,
}


@dataclass(frozen=True)
class SandsSheet(EmptySheet):
    """Nothing: the class (the entrant's equipment) decides every number (seed 000)."""

    RULESET: ClassVar[str] = "Sands"
    DECIDES: ClassVar[str] = "his class decides everything"
    NO_RATINGS: ClassVar[str] = (
        "a Sands sheet holds no ratings (seed 000: the Murmillo and the Thraex)"
    )


# --- injuries: names and marks ---------------------------------------------------------------


def injury_name(band: str, location: str) -> str:
    return f"{BANDS[band][0]}: {location}"


def carried_marks(injuries: Sequence[str]) -> dict[str, int]:
    """Wound marks by location from the names of unhealed injuries; a name that is not a
    Sands wound (one the GM wrote by hand) marks nothing."""
    marks: dict[str, int] = {}
    for name in injuries:
        band, _, where = str(name).partition(": ")
        if band not in MARKS_BY_NAME:
            continue
        try:
            location = Location(where)
        except ValueError:
            continue
        marks[str(location)] = marks.get(str(location), 0) + MARKS_BY_NAME[band]
    return marks


def injuries_taken(result: bout.Result, index: int) -> tuple[InjuryTaken, ...]:
    """Each wound he took in the bout, in order (from the log: a bout played with a log)."""
    taken = []
    roll, band = 0, bout.FLESH
    for event in result.events:
        if event.who != index:
            continue
        if event.kind == "wound_roll":
            roll = int(event.get("roll", 0)) + int(event.get("modifier", 0))
            band = str(event.get("band"))
        elif event.kind == "wound" and band in BANDS:
            name, marks, severity = BANDS[band]
            where = str(event.get("location"))
            taken.append(
                InjuryTaken(
                    name=injury_name(band, where),
                    severity=severity,
                    effect=f"{marks} wound box{'es' if marks > 1 else ''} marked in the {where}",
                    roll=roll,
                )
            )
    return tuple(taken)


# --- the log as data -------------------------------------------------------------------------


def _json(value: Any) -> JsonValue:
    if isinstance(value, (tuple, list)):
        return [_json(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json(v) for k, v in value.items()}
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    return str(value)


def snapshot_data(state: bout.Snapshot) -> JsonDict:
    """The board and both sheets at one moment, as a replay draws them."""
    return {
        "hexes": _json(state.hexes),
        "pools": _json(state.pools),
        "forfeited": _json(state.forfeited),
        "surrendered": _json(state.surrendered),
        "fatigue": _json(state.fatigue),
        "wounds": [dict(w) for w in state.wounds],
        "tokens": [dict(t) for t in state.tokens],
    }


def event_of(event: bout.SandsEvent) -> Event:
    data: JsonDict = {str(k): _json(v) for k, v in event.data}
    data["phase"] = event.phase
    data["state"] = snapshot_data(event.state)
    return Event(event.kind, event.turn, event.text, event.who, data)


# --- the outcome -----------------------------------------------------------------------------


def crowd_standing(g: bout.Gladiator) -> int:
    """The crowd's mood toward him on the campaign's 0-6 scale."""
    return max(0, min(CROWD_MAX, CROWD_START + g.favour - g.disfavour - g.apathy))


def bout_outcome(result: bout.Result, engine_version: str = ENGINE_VERSION) -> Outcome:
    entrants = []
    for index, g in enumerate(result.gladiators):
        if result.winner is None:
            outcome = Result.DREW
        else:
            outcome = Result.WON if index == result.winner else Result.LOST
        standing = crowd_standing(g)
        entrants.append(
            EntrantOutcome(
                entrant=index,
                name=g.name,
                result=outcome,
                fate=FATES[result.fate(index)],
                wounds=g.total_wounds,
                injuries=injuries_taken(result, index),
                standing={"crowd": standing},
                standing_change={"crowd": standing - CROWD_START},
                purses=(2 if standing >= 5 else 1) if outcome is Result.WON else 0,
            )
        )
    others: dict[str, int] = {} if result.appeal is None else {"appeal": result.appeal}
    return Outcome(
        entrants=tuple(entrants),
        end_reason=result.end_reason,
        rounds=result.turns,
        engine_version=engine_version,
        others=others,
    )


def spec_of(entrant: EntrantInput) -> bout.FighterSpec:
    kind = kind_of(entrant.equipment or "murmillo")
    orders = {str(k): str(v) for k, v in entrant.orders.items()}
    return bout.FighterSpec(
        name=entrant.name,
        kind=kind.key,
        orders=orders,
        carried=carried_marks(entrant.injuries),
    )


def _setup(setup: object) -> bout.Setup:
    if not isinstance(setup, bout.Setup):
        raise RulesError(f"not a Sands bout's setup: {type(setup).__name__}")
    return setup


def _version(engine_version: str | None) -> str:
    """The engine to play under: the one given (a stored bout's), else the current one."""
    version = engine_version or ENGINE_VERSION
    bout.readings_of(version)  # a RulesError names an unknown engine
    return version


def _two_dice(n: int) -> Fraction:
    """The chance that 2d6 reach `n`."""
    hits = sum(1 for a, b in product(range(1, 7), repeat=2) if a + b >= n)
    return Fraction(hits, 36)


class SandsRuleset:
    key: ClassVar[str] = "sands"
    name: ClassVar[str] = "Sands (seed 000)"
    title: ClassVar[str] = "Sands (hex-grid duel)"
    engine_version: ClassVar[str] = ENGINE_VERSION
    engine_versions: ClassVar[tuple[str, ...]] = ENGINE_VERSIONS
    sheet_type: ClassVar[type[Sheet]] = SandsSheet
    templates: ClassVar[Mapping[str, str]] = {
        "bout": "arena/sands/bout_detail.html",
        "replay": "arena/sands/bout_replay.html",
        "sheet": "desk/sands/sheet.html",
        "recovery": "ludus/sands/recovery_note.html",
    }
    order_presets: ClassVar[tuple[str, ...]] = tuple(PRESETS)
    armaturae: ClassVar[tuple[str, ...]] = tuple(KINDS)

    def setup(self, entrants: Sequence[EntrantInput], **options: object) -> bout.Setup:
        unknown = sorted(set(options) - {"turn_limit"})
        if unknown:
            raise RulesError(f"a Sands bout takes only the option turn_limit; got {unknown[0]}")
        if len(entrants) != 2:
            raise RulesError(f"a Sands bout is a pair; got {len(entrants)} entrants")
        limit = options.get("turn_limit")
        if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool)):
            raise RulesError(f"turn_limit must be a whole number of turns; got {limit!r}")
        return bout.Setup(spec_of(entrants[0]), spec_of(entrants[1]), limit)

    def play(
        self,
        setup: object,
        seed: int,
        decisions: Sequence[Decision] = (),
        *,
        engine_version: str | None = None,
    ) -> Played:
        version = _version(engine_version)
        sands = _setup(setup)
        result = bout.play(sands, seed, decisions=decisions, engine_version=version)
        events = tuple(event_of(e) for e in result.events)
        record: JsonDict = {
            "turns": result.turns,
            "winner": result.winner,
            "reason": result.end_reason,
            "fates": list(result.fates),
            "appeal": result.appeal,
            "decisions_used": result.decisions_used,
        }
        if result.pending is not None:
            return Played(events, result.pending, None, record)
        return Played(events, None, bout_outcome(result, version), record)

    def odds(
        self, setup: object, trials: int, seed: int, *, engine_version: str | None = None
    ) -> Odds:
        """Monte Carlo (`rules.sands.odds.bout_odds`): `trials` bouts by the men's own orders (a
        man whose orders ask the table fights by his own), each from the run's seed sequence."""
        version = _version(engine_version)
        sands = _setup(setup)
        if not 1 <= trials <= 1_000_000:
            raise RulesError(f"trials must be 1 to 1,000,000; got {trials}")
        a, b = (
            bout.FighterSpec(f.name, f.kind, _no_ask(f.orders), f.carried) for f in sands.fighters
        )
        plain = bout.Setup(a, b, sands.turn_limit)
        run = bout_odds(plain, bouts=trials, seed=seed, engine_version=version)
        return Odds(
            run.method,
            trials,
            seed,
            (run.percent(run.a_wins), run.percent(run.b_wins)),
            run.percent(run.draws),
            run.as_dict(),
        )

    def settle_fate(
        self, setup: object, outcome: Outcome, seed: int, choices: Mapping[str, object]
    ) -> FateSettled:
        raise RulesError("a Sands bout settles the loser's fate on the sand: the appeal")

    def treat(
        self, *, severity: str, healer: Mapping[str, int], at_home: bool, seed: int
    ) -> Treatment:
        """The medicus: 2d6 + his Medicine reaching the wound's number (Flesh 6, Deep 8, Slow
        kill 10; 2 more away from the ludus)."""
        need = self._need(severity, at_home)
        rng = random.Random(seed)
        dice = (int(rng.random() * 6) + 1, int(rng.random() * 6) + 1)
        medicine = int(healer.get("medicine", 0))
        total = sum(dice) + medicine
        record: JsonDict = {"dice": list(dice), "medicine": medicine, "total": total, "need": need}
        return Treatment(total >= need, self._check(severity, at_home), record)

    def treatment_odds(
        self, *, severity: str, healer: Mapping[str, int], at_home: bool
    ) -> TreatmentOdds:
        need = self._need(severity, at_home)
        medicine = int(healer.get("medicine", 0))
        return TreatmentOdds(
            self._check(severity, at_home),
            f"2d6 + {medicine} (Medicine)",
            _two_dice(need - medicine),
        )

    @staticmethod
    def _need(severity: str, at_home: bool) -> int:
        try:
            number = TREAT_NUMBER[severity]
        except KeyError:
            raise RulesError(
                f"severity must be one of {', '.join(TREAT_NUMBER)}; got {severity!r}"
            ) from None
        return number + (0 if at_home else AWAY_FROM_HOME)

    def _check(self, severity: str, at_home: bool) -> str:
        return f"2d6 + Medicine, {self._need(severity, at_home)} or more"

    def rest(self, sheet: Sheet, wounds: int) -> int:
        """Sands keeps no Wounds count between bouts (its wounds are injuries by location,
        healed by the medicus); a night's rest clears any count a man carries."""
        return max(0, wounds)

    def figures(self, sheet: Sheet, injuries: Sequence[str] = (), equipment: str = "") -> Figures:
        """His free wound boxes at each location as his unhealed wounds leave them, the
        fewest of them (`wound_points`: none left at a location and he cannot fight), his
        parry bonus and Defence Token spaces."""
        kind = kind_of(equipment or "murmillo")
        marks = carried_marks(injuries)
        items = []
        free = []
        for location in Location:
            boxes = WOUND_BOXES[location]
            left = max(0, boxes - marks.get(str(location), 0))
            free.append(left)
            note = f"{boxes - left} marked" if left < boxes else ""
            key = "boxes_" + str(location).replace(" ", "_")
            items.append(Figure(key, f"Boxes, {location}", left, boxes, note))
        worst = min(free)
        fewest = min(WOUND_BOXES.values())
        items.insert(0, Figure("wound_points", "Free boxes (worst location)", worst, fewest))
        items.append(Figure("parry", "Parry bonus", kind.parry_bonus, kind.parry_bonus))
        items.append(
            Figure("defence_tokens", "Defence Tokens", kind.defence_tokens, kind.defence_tokens)
        )
        return Figures(tuple(items))

    def check_sheet(self, data: object) -> SheetReport:
        """The shared check: the sheet type's first broken rule, or the figures."""
        return sheet_report(self.sheet_type, self.figures, data)


def _no_ask(orders: Mapping[str, str]) -> dict[str, str]:
    return {k: v for k, v in orders.items() if k != "ask"}


def orders_mapping(data: Mapping[str, object] | None, standing: str) -> dict[str, str]:
    """A man's orders for a bout as the engine reads them: his standing preset (or the
    bout's `name`), then any order the bout overrides (`press`, `crowd`, ... and `ask`: a
    list holding "turn", or "turn", has the table choose his orders each turn)."""
    data = dict(data or {})
    name = str(data.pop("name", "") or standing or "steady")
    if name not in PRESETS:
        name = "steady"  # a man given another ruleset's orders fights steady
    mapping = dict(PRESETS[name])
    for key, value in data.items():
        if key == "ask":
            asked = value == "turn" or (isinstance(value, list) and "turn" in value)
            value = "turn" if asked else "no"
        elif isinstance(value, bool):
            value = "yes" if value else "no"
        mapping[str(key)] = str(value)
    Orders.from_mapping(mapping)  # a RulesError names a bad order
    return mapping


# mypy checks here that the Sands ruleset implements the whole protocol.
_IMPLEMENTS: Ruleset = SandsRuleset()
