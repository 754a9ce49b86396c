"""Ludus benchmarks (a plain script, not a test suite): `python bench/run.py`, bench/README.md."""
