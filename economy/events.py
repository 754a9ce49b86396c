"""What economy knows of the games: arena's shows, bouts and races, by reference only.

economy sits below arena and never imports it. A service that pays for a show or a bout is
handed arena's row and reads only the attributes named here; the ledger keeps the row it paid
for by reference (`Transaction.event`, ludus.references), so a page can follow it back.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from ludus.models import Campaign, Editor, Gladiator


class ShowRef(Protocol):
    pk: int
    name: str
    day: int
    campaign: Campaign
    campaign_id: int
    editor: Editor
    editor_id: int


class BoutRef(Protocol):
    pk: int
    show: ShowRef
    show_id: int

    @property
    def fighters(self) -> Sequence[Gladiator]:
        """The campaign's men on the bout (not its beasts or hired opponents)."""
        ...


class RaceRef(Protocol):
    pk: int
    name: str
    show: ShowRef
    show_id: int
