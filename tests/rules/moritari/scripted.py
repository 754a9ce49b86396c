"""Scripted dice and small setups for the Moritari rule tests."""

from rules.moritari import fight
from rules.moritari.fight import FighterSpec, Setup
from rules.moritari.readings import reading_for


class Dice:
    """A generator whose draws make the engine's d6 come up as the faces given, in order."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)

    def random(self) -> float:
        face = self.faces.pop(0)
        assert 1 <= face <= 6
        return (face - 0.5) / 6


def duel(a="thraex", b="murmillo", **orders):
    return Setup((FighterSpec("Bithys", a, "nerva", orders), FighterSpec("Rufus", b, "gaius")))


def scripted(setup, *faces, decisions=(), engine_version=None):
    """An engine whose d6 come up as `faces`, under `engine_version` (None: the current)."""
    reading = reading_for(engine_version)
    engine = fight._Fight(setup, seed=0, decisions=decisions, record=True, reading=reading)
    engine.rng = Dice(*faces)
    return engine


def put_in_contact(engine, facing_each_other=True):
    a, b = engine.fighters[0], engine.fighters[1]
    a.square, b.square = (4, 4), (5, 4)
    a.facing = 2  # east, towards b
    b.facing = 6 if facing_each_other else 2  # west towards a, or east: his back to a
    return a, b
