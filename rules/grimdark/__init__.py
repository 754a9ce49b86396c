"""Grimdark Gladiators (seed 003): a deck-of-moves gladiator game of the far future. Pure
Python: no Django, deterministic given a seed.

- `catalog`: every stat, ability, move, weapon kind, weapon property and element of the seed;
- `sheet`: the gladiator's sheet (`GrimdarkSheet`), the builder's rules and `check_sheet`;
- `contenders`: Lord Smash as the seed prints him and a pregenerated contender per ability tree.
"""
