"""Grimdark's benchmark section (bench/run.py finds it through the ruleset registry)."""

SECTIONS = {"grimdark": ("arena.rulesets.grimdark.bench.matches", False)}
