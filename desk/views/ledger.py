"""The ledger: every transaction a member may read, with its entries and cause; balances; CSV.

A player reads the transactions of his own accounts and the public costs of the games; the GM
reads everything (economy.selectors_web explains the choice).
"""

import csv

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.utils.text import slugify

from arena.selectors.bouts import show_events
from desk.forms_money import LedgerFilterForm
from desk.selectors_market import ledger_shows
from economy.selectors.visibility import (
    ledger_csv,
    ledger_listing,
    visible_accounts,
    visible_balances,
)
from ludus.access import Access, campaign_view
from ludus.models import Gladiator

PAGE_SIZE = 50


def _filters(request: HttpRequest, access: Access) -> tuple[LedgerFilterForm, dict]:
    """The filter form bound to the query string, and the filters it allows (none if invalid:
    a player asking for another man's account gets the form's error, not the account)."""
    form = LedgerFilterForm(
        request.GET or None,
        accounts=visible_accounts(access),
        shows=ledger_shows(access),
        gladiators=Gladiator.objects.filter(campaign=access.campaign),
    )
    filters = {}
    if form.is_bound and form.is_valid():
        filters = {k: v for k, v in form.cleaned_data.items() if v is not None}
    return form, filters


def _listing(filters: dict) -> dict:
    """The form's filters as the ledger's selectors take them: a show means the money paid for
    the show itself and for its bouts and races."""
    chosen = dict(filters)
    show = chosen.pop("show", None)
    if show is not None:
        chosen["events"] = show_events(show)
    return chosen


class _Echo:
    def write(self, value):
        return value


@campaign_view(nav="ledger")
def ledger(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    form, filters = _filters(request, access)
    page = Paginator(ledger_listing(access, **_listing(filters)), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "form": form,
        "filters": filters,
        "page": page,
        "query": query.urlencode(),
        "balances": visible_balances(access),
    }
    if request.htmx:
        return render(request, "desk/ledger.html#ledger-table", context)
    return render(request, "desk/ledger.html", context)


@campaign_view(nav="ledger")
def ledger_csv_download(request: HttpRequest, campaign_id: int) -> StreamingHttpResponse:
    access = request.access
    _form, filters = _filters(request, access)
    writer = csv.writer(_Echo())
    rows = (writer.writerow(row) for row in ledger_csv(access, **_listing(filters)))
    response = StreamingHttpResponse(rows, content_type="text/csv; charset=utf-8")
    name = slugify(access.campaign.name) or "campaign"
    response["Content-Disposition"] = f'attachment; filename="ledger-{name}.csv"'
    return response
