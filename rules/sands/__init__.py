"""Sands (seed 000): the hex-grid action-dice duel of a Murmillo and a Thraex. Pure Python: no
Django, deterministic given a seed (one `random.Random(seed)` threaded through the bout).

- `board`: the hex grid (axial coordinates), distances, adjacency, withdrawal, the wall;
- `dice`: the six action-die faces and the d6-to-face mapping;
- `kinds`: the two classes (parry bonus, Defence Tokens, armour and wound boxes by location);
- `bout`: the turn's five phases, attacks, wounds, fatigue, the crowd, orders and the log.
"""
