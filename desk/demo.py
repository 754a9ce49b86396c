"""The demo campaign "Capua and Rome, 50 BC", built from seed 001's examples.

Nerva's ludus at Capua (Bithys the thraex and his fellows), a rival school with the murmillo
Bithys meets in the Forum, Fabia's father the senator and the munus he owes his father, the
Forum munus of a dead consular's son, the show at Pompeii, Eros the gambler, and the Whites and
the Reds at the Ludi Romani, with a book on every bout and race and Eros's bets from the seed.

It is data: fixtures/demo.json, a campaign file (desk/campaign_file.py) written through the
services like any campaign, so its books balance. A GM can copy the file to start a campaign.
"""

from __future__ import annotations

from django.conf import settings

from desk.campaign_file import Loaded, campaign_file_load, campaign_file_read
from ludus.models import Campaign

DEMO_FILE = settings.BASE_DIR / "fixtures" / "demo.json"
DEMO_NAME = "Capua and Rome, 50 BC"
DEMO_PASSWORD = "ave-caesar"
# Each ruleset's demo campaign: its campaign file and the campaign's name.
DEMOS = {
    "era": (DEMO_FILE, DEMO_NAME),
    "sands": (settings.BASE_DIR / "fixtures" / "demo_sands.json", "The Sands of Capua"),
    "moritari": (
        settings.BASE_DIR / "fixtures" / "demo_moritari.json",
        "Moritari te salutamus at Capua",
    ),
}


def demo_name(ruleset: str = "era") -> str:
    return DEMOS[ruleset][1]


def demo_exists(ruleset: str = "era") -> bool:
    return Campaign.objects.filter(name=demo_name(ruleset)).exists()


def demo_build(ruleset: str = "era") -> Loaded:
    """Write the whole demo campaign of a ruleset (and its users, if they do not exist yet)."""
    return campaign_file_load(campaign_file_read(DEMOS[ruleset][0]), password=DEMO_PASSWORD)
