"""The ledger's rows drawn in Python (desk.templatetags.ledger_rows) are the markup of the
template they replaced (kept below as the reference), for the GM and a player, on a page with
a show's hire (a show and a man linked), a reversal and a transaction already reversed."""

import re
from pathlib import Path

import pytest
from django.template import engines
from django.urls import reverse

from economy import accounts
from economy.models import Transaction
from economy.services.corrections import correction
from tests.cast import hire_spartacus

pytestmark = pytest.mark.django_db

# The ledger table's rows as templates/desk/ledger.html drew them before (issue 14).
REFERENCE = (Path(__file__).parent / "ledger_rows_reference.html").read_text()
DRAWN = "{% load ledger_rows %}{% for t in page.object_list %}{% ledger_row t %}{% endfor %}"


def _squeezed(html: str) -> str:
    """Whitespace beside a tag dropped and other runs of it made one space: the template's
    indentation aside, the same document."""
    return re.sub(r"\s*(<|>)\s*", r"\1", re.sub(r"\s+", " ", html)).strip()


@pytest.fixture
def ledger_cast(cast):
    hire_spartacus(cast)
    chest = accounts.chest(cast.school)
    opening = Transaction.objects.filter(entries__account=chest).order_by("pk").first()
    correction(original=opening, reason="Misentered", created_by=cast.gm)
    return cast


@pytest.mark.parametrize("who", ["gm", "nerva"])
def test_the_rows_are_the_templates_markup(ledger_cast, who):
    client = ledger_cast.client_for(who)
    response = client.get(reverse("economy:ledger", args=[ledger_cast.campaign.pk]))
    assert response.status_code == 200
    context = response.context[0].flatten()
    request = response.wsgi_request
    engine = engines["django"]
    reference = engine.from_string(REFERENCE).render(context, request)
    drawn = engine.from_string(DRAWN).render(context, request)
    assert _squeezed(drawn) == _squeezed(reference)
    rows = len(context["page"].object_list)
    assert rows >= 3 and drawn.count("<tr id=") == rows
    page = _squeezed(response.content.decode())
    assert _squeezed(drawn) in page
    assert (" · reverses <a" in drawn) and ("Spartacus</a>" in drawn)
    assert ("Reverse #" in drawn) == (who == "gm")
