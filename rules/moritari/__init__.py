"""Moritari te salutamus (seed 002): a skirmish of several gladiators and beasts, in which the
winner of each turn's initiative is Caesar. Pure Python: no Django, deterministic given a seed.

- `kinds`: the fighters (armaturae and beasts), their dice, wound target, armour save, move
  and attack modifiers (the seed's tables are blank: ours, docs/rules.md "Moritari");
- `board`: the square board, its eight directions, contact and the front arc;
- `fight`: the turn (initiative, movement, melee), the appeal, Caesar's thumb, the log;
- `odds`: win and fate shares by Monte Carlo; `ruleset`: the seam (`MoritariRuleset`).
"""
