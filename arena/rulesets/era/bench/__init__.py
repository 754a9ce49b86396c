"""The Era's benchmark sections (bench/run.py finds them through the ruleset registry): the
dice, the bouts (logged, fast and exact odds) and the chariot races. Each is a module with one
run(scale, report); the flag says whether it needs Django set up on the bench's database."""

SECTIONS = {
    "dice": ("arena.rulesets.era.bench.dice", False),
    # bouts and races build their setups with the commands, whose adapter imports the models:
    # Django must be set up (on the throwaway database) before they are imported.
    "bouts": ("arena.rulesets.era.bench.bouts", True),
    "races": ("arena.rulesets.era.bench.races", True),
}
