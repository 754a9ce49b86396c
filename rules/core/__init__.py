"""What every ruleset shares: errors, seeds, the dice protocol, events, the outcome, the seam.

Pure Python, no Django. A ruleset is a package beside this one (rules/era/, ...) with a
`Ruleset` (ruleset.py) that the registry (registry.py) finds by the campaign's key.
"""
