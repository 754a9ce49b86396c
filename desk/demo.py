"""The demo campaign "Capua and Rome, 50 BC", built from seed 001's examples.

Nerva's ludus at Capua (Bithys the thraex and his fellows), a rival school with the murmillo
Bithys meets in the Forum, Fabia's father the senator and the munus he owes his father, the
Forum munus of a dead consular's son, the show at Pompeii, Eros the gambler, and the Whites and
the Reds at the Ludi Romani, with a book on every bout and race and Eros's bets from the seed.

It is data: fixtures/demo.json, a campaign file (desk/campaign_file.py) written through the
services like any campaign, so its books balance. A GM can copy the file to start a campaign.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings

from arena.rulesets import plugin_for, plugins
from desk.campaign_file import Loaded, campaign_file_load, campaign_file_read
from ludus.models import Campaign, default_ruleset

FIXTURES = settings.BASE_DIR / "fixtures"
DEMO_PASSWORD = "ave-caesar"


def demo_rulesets() -> list[str]:
    """The rulesets that have a demo campaign (their plug-in's `demo_file`)."""
    return [plugin.key for plugin in plugins() if plugin.demo_file]


def demo_file(ruleset: str | None = None) -> Path:
    return FIXTURES / plugin_for(ruleset or default_ruleset()).demo_file


def demo_name(ruleset: str | None = None) -> str:
    return plugin_for(ruleset or default_ruleset()).demo_name


def demo_exists(ruleset: str | None = None) -> bool:
    return Campaign.objects.filter(name=demo_name(ruleset)).exists()


def demo_build(ruleset: str | None = None) -> Loaded:
    """Write the whole demo campaign of a ruleset (and its users, if they do not exist yet)."""
    return campaign_file_load(campaign_file_read(demo_file(ruleset)), password=DEMO_PASSWORD)


DEMO_FILE = demo_file()  # the default ruleset's (the Era's): the README's demo
DEMO_NAME = demo_name()
