"""The action dice: six a turn, each a d6 whose number shows a face (docs/rules.md, "Sands: the
action dice"). The mapping is ours (the seed's quick-start draws symbols): one face a number,
in the order the seed names them, so each face comes up one time in six."""

from __future__ import annotations

import enum


class Face(enum.StrEnum):
    MANOEUVRE = "manoeuvre"
    ATTACK = "attack"
    DEFENCE = "defence"
    SPECIAL = "special"
    RESPITE = "respite"
    LAUREL = "laurel"


POOL_SIZE = 6
FACE_OF: dict[int, Face] = {
    1: Face.MANOEUVRE,
    2: Face.ATTACK,
    3: Face.DEFENCE,
    4: Face.SPECIAL,
    5: Face.RESPITE,
    6: Face.LAUREL,
}


def face_of(number: int) -> Face:
    return FACE_OF[number]
