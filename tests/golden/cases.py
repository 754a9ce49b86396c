"""The golden cases: command lines whose JSON output must not change when the code around the
engines changes (a re-layering, a move). A deliberate change of the rules is a new engine
version, and its cases are recorded again with record.py.

The recordings in data/ were made under the Era bout engine `era-bout/1`; a stored bout keeps
replaying under the version it was fought with, so they are run under it (`RECORDED_ENGINE`):
bout_odds with `--engine`, the held demos with new bouts fought under it. The odds were
recorded from the logged engine's Monte Carlo (every bout fought by `fight_bout` from its own
seed), so bout_odds runs with `--sampler logged`: the fast sampler (numpy, pool tables) draws
differently by design, and is checked against the logged engine in distribution instead
(tests/rules/era/test_fast_odds.py).
"""

RECORDED_ENGINE = "era-bout/1"

BOUT_ODDS = {
    "forum_pairing": ["--bouts", "2000", "--seed", "1"],
    "fighting_on": ["--a-orders", "fight-on", "--bouts", "2000", "--seed", "2"],
    "equal_favor": ["--a-favor", "2", "--b-favor", "2", "--bouts", "2000", "--seed", "3"],
    "equal_men": ["--a", "murmillo", "--a-favor", "2", "--bouts", "2000", "--seed", "4"],
    "samnite": [
        "--a",
        "samnite",
        "--a-melee",
        "3",
        "--b-melee",
        "3",
        "--bouts",
        "2000",
        "--seed",
        "5",
    ],
    "two_ranks": ["--a-melee", "3", "--b-melee", "1", "--bouts", "2000", "--seed", "6"],
    "carrying_wounds": ["--b-wounds", "6", "--a-wounds", "2", "--bouts", "2000", "--seed", "7"],
    "carrying_injuries": [
        "--a-injuries",
        "2",
        "--b-injury",
        "Gashed Forearm",
        "--bouts",
        "2000",
        "--seed",
        "8",
    ],
    "helm": ["--a-helm", "2", "--bouts", "2000", "--seed", "9"],
    "one_logged": ["--bouts", "1", "--seed", "7", "--log"],
}
RACE_ODDS = {
    "four_careful": [
        "--driver",
        "3,3",
        "--driver",
        "3,2",
        "--driver",
        "2,2",
        "--driver",
        "2,1",
        "--push",
        "none",
        "--races",
        "20000",
        "--seed",
        "1",
    ],
    "contender_pushes": [
        "--driver",
        "3,3",
        "--driver",
        "3,2",
        "--driver",
        "2,2",
        "--push",
        "1,0,0",
        "--races",
        "20000",
        "--seed",
        "2",
    ],
    "exact": [
        "--driver",
        "3,3",
        "--driver",
        "3,2",
        "--driver",
        "2,2",
        "--driver",
        "2,1",
        "--exact",
    ],
}
DICE = {
    "seed_28_in_100": ["--mastery", "1", "--ability", "1", "--trial", "3"],
    "seed_64_in_100": ["--mastery", "2", "--ability", "1", "--trial", "2"],
    "boons_and_banes": [
        "--mastery",
        "1",
        "--ability",
        "2",
        "--boon",
        "1",
        "--crisis",
        "1",
        "--bane",
        "2",
    ],
    "shortcut": ["--characteristic", "3", "--skill", "2", "--difficulty", "hard"],
}
# play_show: the demo loaded, then each planned show held in turn with this seed.
PLAY_SHOW_SEEDS = {"demo_held_seed_11": 11, "demo_held_seed_42": 42}


def under_recorded_engine(command: str, argv: list[str]) -> list[str]:
    """The command line run for a case: its recorded argv, pinned to the recorded engine and
    the sampler the recordings were made with."""
    if command != "bout_odds":
        return argv
    return [*argv, "--engine", RECORDED_ENGINE, "--sampler", "logged"]


def command_cases():
    for name, argv in BOUT_ODDS.items():
        yield f"bout_odds_{name}", "bout_odds", [*argv, "--json"]
    for name, argv in RACE_ODDS.items():
        yield f"race_odds_{name}", "race_odds", [*argv, "--json"]
    for name, argv in DICE.items():
        yield f"dice_{name}", "dice", [*argv, "--json"]
