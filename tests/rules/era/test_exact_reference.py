"""The exact chain against its own figures recorded before its speed-up (issue 14).

`exact_reference.json` holds every figure of 260 setups (both readings, men carried in hurt,
injured, with their own Helm, every preset of orders, a third from a live state, some a few
rounds short of the round cap) as the earlier chain computed them; `exact_cases.py` builds the
setups. Every probability must agree to within what the two chains left unresolved (each
stopped once the mass still fighting was below its tolerance: no figure can move by more than
that mass) plus float rounding.
"""

import json

import pytest

from tests.rules.era.exact_cases import FIELDS, REFERENCE, figures

ROWS = json.loads(REFERENCE.read_text())
PROBABILITIES = [name for name in FIELDS if name not in ("mean_rounds", "unresolved")]
ROUNDING = 1e-13


def test_the_reference_covers_what_the_chain_must_handle():
    cases = [row["case"] for row in ROWS]
    assert len(cases) == 260
    assert {case["version"] for case in cases} == {"era-bout/1", "era-bout/2"}
    assert sum(isinstance(case["state"], list) for case in cases) >= 30  # live states
    assert sum(row["figures"]["draws"] > 1e-6 for row in ROWS) >= 10  # near the cap
    assert sum(case["a"]["wounds"] >= 6 or case["b"]["wounds"] >= 6 for case in cases) >= 30
    orders = {case[side]["orders"] for case in cases for side in "ab"}
    assert orders == {"cautious", "fight-on", "never-yield"}


@pytest.mark.parametrize("row", ROWS, ids=[f"case{i}" for i in range(len(ROWS))])
def test_the_chain_agrees_with_its_recorded_figures(row):
    now = figures(row["case"])
    then = row["figures"]
    bound = now["unresolved"] + then["unresolved"] + ROUNDING
    for name in PROBABILITIES:
        assert now[name] == pytest.approx(then[name], abs=bound), name
    # The mean bout length: a round is counted while the mass is fighting, so the rounds
    # the two chains left uncounted weigh at most their unresolved mass times the rounds it
    # had left, under the cap.
    assert now["mean_rounds"] == pytest.approx(then["mean_rounds"], abs=200 * bound)
