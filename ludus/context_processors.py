"""What every campaign page shows: the campaign and the user's standing in it."""


def campaign(request) -> dict:
    """Set by ludus.access.campaign_view; nothing outside a campaign's pages."""
    access = getattr(request, "access", None)
    if access is None:
        return {}
    return {"access": access, "campaign": access.campaign}
