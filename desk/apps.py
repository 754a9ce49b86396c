from django.apps import AppConfig


class DeskConfig(AppConfig):
    """The GM's desk: the pages that read every app (the dashboard, the roster and a man's
    page, campaign setup, the market and the ledger) and the demo campaign."""

    name = "desk"
