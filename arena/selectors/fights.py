"""A fight of several entrants (Moritari) on a show's card: its entrants and result in words.

Read from the entries the bout service wrote (result, fate) and the show's hires; nothing here
decides a rule."""

from __future__ import annotations

from dataclasses import dataclass

from arena.models import Bout, BoutEntry


def is_pair(bout: Bout) -> bool:
    """A bout of two entries on the sides a and b (the Era pair)."""
    return sorted(entry.side for entry in bout.entrants) == ["a", "b"]


@dataclass(frozen=True)
class FightRow:
    entrants: list[BoutEntry]
    hires: list[tuple[str, int]]  # (man, price in sesterces)
    result: str  # "" while not over


FATE_WORDS = {
    BoutEntry.Fate.DEAD: "dead",
    BoutEntry.Fate.SPARED: "spared",
    BoutEntry.Fate.WALKED_OUT: "walked out",
}


def fight_result(bout: Bout) -> str:
    """'Nerva's side won (Bithys); Spiculus dead, Verus spared', or a draw; '' before the end."""
    if bout.status != Bout.Status.DONE:
        return ""
    entries = bout.entrants
    winners = [e for e in entries if e.result == BoutEntry.Result.WON]
    if winners:
        side = winners[0].side
        head = f"{'The beasts' if side == 'beasts' else side} won ({', '.join(map(str, winners))})"
    else:
        head = "A draw"
    fates = [
        f"{entry} {FATE_WORDS[entry.fate]}"
        for entry in entries
        if entry.fate in (BoutEntry.Fate.DEAD, BoutEntry.Fate.SPARED)
    ]
    return head + (f"; {', '.join(fates)}" if fates else "")


def fight_row(bout: Bout, hires: dict) -> FightRow:
    entries = sorted(bout.entrants, key=lambda entry: entry.pk)
    paid = [
        (entry.gladiator.name, hires[entry.gladiator_id].price)
        for entry in entries
        if entry.gladiator_id in hires
    ]
    return FightRow(entries, paid, fight_result(bout))


def fight_line(bout: Bout) -> str:
    """One line of a show's report: '1. Bithys v Spartacus v Verus: Nerva won (Bithys) in 4
    turns; Verus dead'."""
    names = " v ".join(str(entry) for entry in sorted(bout.entrants, key=lambda e: e.pk))
    result = fight_result(bout) or bout.get_status_display().lower()
    turns = f"{bout.rounds} turn{'' if bout.rounds == 1 else 's'}"
    return f"{bout.order}. {names}, after {turns}: {result}"
