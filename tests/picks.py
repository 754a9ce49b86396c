"""Asking a page for a searchable select's options (ludus.picker), as its search box does."""

import re

HX = {"HX-Request": "true"}  # htmx's header: the page answers with the options alone


def picked(client, url: str, pick: str, q: str = "") -> list[str]:
    """The values of the options the page at `url` answers for its select `pick` and text `q`."""
    response = client.get(url, {"pick": pick, "q": q}, headers=HX)
    assert response.status_code == 200, response.content
    return re.findall(r'<option value="([^"]+)"', response.content.decode())
