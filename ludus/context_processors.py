"""What every campaign page shows: the campaign, the user's standing in it, the menu."""


def campaign(request) -> dict:
    """Set by ludus.access.campaign_view; nothing outside a campaign's pages.

    `access` (and so `access.is_gm`), `campaign`, and `nav`: the campaign menu's current entry.
    """
    access = getattr(request, "access", None)
    if access is None:
        return {}
    return {"access": access, "campaign": access.campaign, "nav": getattr(request, "nav", "")}
