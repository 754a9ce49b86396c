"""Every event the match logs is told in plain English: no kind falls to the fallback, and the
words carry no engine names."""

from __future__ import annotations

import itertools
import re

from rules.grimdark.contenders import BEASTS, CONTENDERS
from rules.grimdark.entrants import entrant_from_sheet
from rules.grimdark.match import Setup, play
from rules.grimdark.narrate import _TELL, narrate


def test_every_logged_event_of_the_contenders_matches_is_told() -> None:
    gladiators = [
        entrant_from_sheet(c.sheet.to_dict()) for c in [*CONTENDERS.values(), *BEASTS.values()]
    ]
    seen: set[str] = set()
    for a, b in itertools.combinations(gladiators, 2):
        for seed in range(3):
            for event in play(Setup((a, b)), seed).events:
                seen.add(event["kind"])
                text = narrate(event)
                assert not text.startswith("Something happens"), event
                assert not re.search(r"\b(None|True|False)\b|[{}_]", text), text
    assert seen <= set(_TELL)
    assert {"start", "move", "power", "fight", "hit", "damage", "end", "fate"} <= seen


def test_an_unknown_kind_is_still_told() -> None:
    assert narrate({"kind": "mystery", "turn": 1}) == "Something happens (mystery)."
