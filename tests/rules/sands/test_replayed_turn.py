"""One whole Sands turn replayed with scripted dice, every figure worked by hand below.

The Murmillo (a) starts at (-2, 0), the Thraex (b) at (2, 0), four hexes apart; both have the
default orders (press 1, keep 2 DEFENCE dice, crowd "safe", bid 1, keep the token).

Phase 1, the roll: the Murmillo 1 1 2 2 3 3 = M M A A D D; the Thraex 1 2 3 3 5 6 = M A D D R L.
Phase 2, initiative: Manoeuvre 2 to 1 (the Thraex has no Special die for Dominant). The Thraex is
  behind and bids his LAUREL (bid 1): 2 to 2. No Laurel Token, no token held last turn: a roll-off,
  4 to 3, the Murmillo, who keeps the Initiative Token.
Phase 3, the Murmillo: 4 hexes, a MANOEUVRE die short of closing (2 < 3): a Quick Step, (-1, 0)
  and (0, 0), 1 Fatigue. Then his other MANOEUVRE die: (1, 0), adjacent. He attacks with an ATTACK
  die and presses with the other (+1): 4+5+1 = 10. The Thraex parries (DEFENCE, +2) and dodges with
  his second DEFENCE die while 7+2+dodges <= 10 (one): 3+2 +2+1 = 8. 10 > 8: a hit. Location 5+6 =
  11, torso; the wound 2+3 = 5, +1 Strong +2 torso -0 armour = 8: a deep wound (1 box of 4, a Bleed
  Token), Favour to the Murmillo. The Thraex withdraws directly away, to (3, 0). The Murmillo keeps
  his two DEFENCE dice for reactions (he cannot move: no MANOEUVRE, and those are not spare).
  The Thraex: conditions 1 (bleeding), no finger roll. A MANOEUVRE die: (2, 0), adjacent. His
  Special Attack: Dominant lets his other MANOEUVRE die (the converted LAUREL) pay for it, and of
  his specials Elusive Strike comes first (the Murmillo's back is not to the wall). He presses
  with his ATTACK die: 6+6+1 = 13. Elusive Strike denies the parry: the Murmillo's first DEFENCE
  die dodges +1, the second too (7+0+1 <= 13), and he has no more: 1+2 +2 = 5. A hit: location
  4+4 = 8, head; the wound 3+3 = 6, -2 helmet = 4 (no Strong for the Thraex): harried, 1 Fatigue.
  The Murmillo withdraws directly away, to (0, 0). The Thraex, not adjacent, with no fatigue to
  catch his breath from, plays to the crowd with his RESPITE die (d6 4: Favour). He attacked:
  the crowd is entertained; nobody gets Disfavour.
Phase 4: the Murmillo 1 (Quick Step) + 1 (harried) + 1 (the turn) = 3 Fatigue; the Thraex 1 (the
  turn) + 1 (a Bleed Token) = 2. Nobody reaches F (10).
Phase 5: the dice gathered. The one-turn limit ends it: a draw.
"""

from rules.sands.bout import END_TURN_LIMIT, Bout, standard_setup
from rules.sands.kinds import Location

from .conftest import Script

DICE = (
    *(1, 1, 2, 2, 3, 3),  # the Murmillo's roll
    *(1, 2, 3, 3, 5, 6),  # the Thraex's roll
    *(4, 3),  # the initiative roll-off
    *(4, 5, 3, 2, 5, 6, 2, 3),  # the Murmillo's attack, the Thraex's defence, location, wound
    *(6, 6, 1, 2, 4, 4, 3, 3),  # the Thraex's attack, the Murmillo's defence, location, wound
    4,  # the Thraex plays to the crowd
)


def test_a_whole_turn_by_hand():
    script = Script(DICE)
    bout = Bout(standard_setup(turn_limit=1), 0, dice=script)
    result = bout.run()
    assert not script.numbers  # every die of the script rolled, no more
    m, t = result.gladiators
    assert result.end_reason == END_TURN_LIMIT and result.winner is None
    assert (m.pos, t.pos) == ((0, 0), (2, 0))
    assert (m.fatigue, t.fatigue) == (3, 2)
    assert t.wounds == {Location.TORSO: 1} and t.bleed == 1
    assert m.wounds == {} and m.bleed == 0
    assert (m.favour, t.favour) == (1, 1)
    assert (m.disfavour, t.disfavour) == (0, 0)
    assert m.pool == t.pool == []
    attacks = [e for e in result.events if e.kind == "attack"]
    assert [(e.get("attack"), e.get("defence")) for e in attacks] == [(10, 8), (13, 5)]
    assert [(e.get("parry"), e.get("dodge")) for e in attacks] == [(2, 1), (0, 2)]
    assert [e.get("special") for e in attacks] == [None, "elusive_strike"]
    assert [e.get("source") for e in attacks] == ["attack", "manoeuvre as special"]
    moves = [(e.who, e.get("to"), e.get("how")) for e in result.events if e.kind == "move"]
    assert moves == [
        (0, (-1, 0), "quick step"),
        (0, (0, 0), "quick step"),
        (0, (1, 0), "manoeuvre"),
        (1, (3, 0), "withdraws"),
        (1, (2, 0), "manoeuvre"),
        (0, (0, 0), "withdraws"),
    ]
    initiative = next(e for e in result.events if e.kind == "initiative")
    assert initiative.get("scores") == (2, 2) and initiative.get("first") == 0
