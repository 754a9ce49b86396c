"""A toy ruleset of the tests only: a coin-flip duel, served by the whole app through the two
registries (test_toy_ruleset.py)."""
