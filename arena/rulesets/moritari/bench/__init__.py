"""Moritari's benchmark section (bench/run.py finds it through the ruleset registry)."""

SECTIONS = {"moritari": ("arena.rulesets.moritari.bench.skirmish", False)}
