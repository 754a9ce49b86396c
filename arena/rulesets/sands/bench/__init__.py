"""Sands's benchmark section (bench/run.py finds it through the ruleset registry)."""

SECTIONS = {"sands": ("arena.rulesets.sands.bench.duel", False)}
