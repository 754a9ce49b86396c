"""Grimdark Gladiators (seed 003) on the app side: so far the command line alone (bout_odds's
`--ruleset grimdark`, the bench); a campaign is not played under it yet (issue 28), so its
plug-in declares `serves_campaigns = False`."""
