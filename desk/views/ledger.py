"""The ledger: every transaction a member may read, with its entries and cause; balances; CSV.

A player reads the transactions of his own accounts and the public costs of the games; the GM
reads everything (economy.selectors_web explains the choice).
"""

import csv

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, StreamingHttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from arena.selectors.bouts import show_events
from desk.forms_money import CorrectionForm, FundForm, LedgerFilterForm
from desk.selectors_market import ledger_shows
from economy.ledger import LedgerError
from economy.models import Account, Transaction
from economy.selectors.balance_groups import visible_balance_groups
from economy.selectors.ledger import fetch_events
from economy.selectors.visibility import ledger_csv, ledger_listing, visible_accounts
from economy.services.corrections import account_fund, correction
from ludus.access import Access, campaign_view
from ludus.forms import quick_named_options
from ludus.models import Gladiator
from ludus.paging import FromEitherEnd
from ludus.picker import pick_answer

PAGE_SIZE = 50
FUNDED = "{account} is funded with {amount:,} HS."
CORRECTED = "Transaction #{pk} is corrected by #{reversal}."


def _filters(request: HttpRequest, access: Access) -> tuple[LedgerFilterForm, dict]:
    """The filter form bound to the query string, and the filters it allows (none if invalid:
    a player asking for another man's account gets the form's error, not the account)."""
    form = LedgerFilterForm(
        request.GET or None,
        accounts=visible_accounts(access),
        shows=ledger_shows(access),
        gladiators=Gladiator.objects.filter(campaign=access.campaign),
    )
    quick_named_options(form.fields["account"])
    quick_named_options(form.fields["show"])
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


def _fund_form(access: Access, data=None) -> FundForm | None:
    """The GM's funding form (None for a player)."""
    if not access.is_gm:
        return None
    form = FundForm(data, accounts=Account.objects.filter(campaign=access.campaign))
    quick_named_options(form.fields["account"])
    return form


@campaign_view(nav="ledger")
def ledger(request: HttpRequest, campaign_id: int) -> HttpResponse:
    return _ledger_page(request, request.access, _fund_form(request.access))


def _ledger_page(request, access: Access, fund_form, *, status: int = 200) -> HttpResponse:
    form, filters = _filters(request, access)
    page_url = reverse("economy:ledger", args=[access.campaign.pk])  # answers the searches
    if (answer := pick_answer(request, form, fund_form, url=page_url)) is not None:
        return answer
    # The page names a transaction's man and links what it reverses by id: neither the
    # reversed transaction nor the clerk is read, nor the man's sheet (issue 14).
    listing = (
        ledger_listing(access, **_listing(filters), with_events=False)
        .select_related(None)
        .select_related("gladiator")
        .defer("gladiator__sheet")
    )
    page = FromEitherEnd(listing, PAGE_SIZE).get_page(request.GET.get("page"))
    page.object_list = list(page.object_list)
    fetch_events(page.object_list)
    shown = [posted.pk for posted in page.object_list]
    query = request.GET.copy()
    query.pop("page", None)
    context = {
        "form": form,
        "filters": filters,
        "page": page,
        "query": query.urlencode(),
        "balance_groups": visible_balance_groups(access),
        "fund_form": fund_form,
        # Which of the page's transactions are reversed already (the GM's Correct is offered
        # once): asked of the page's rows only, by the reversal's index (a reversal is in the
        # campaign of what it reverses).
        "reversed_ids": (
            set(
                Transaction.objects.filter(reverses_id__in=shown)
                .order_by()
                .values_list("reverses_id", flat=True)
            )
            if access.is_gm
            else set()
        ),
    }
    if request.htmx and request.method == "GET":
        return render(request, "desk/ledger.html#ledger-table", context)
    return render(request, "desk/ledger.html", context, status=status)


@campaign_view(gm_only=True, nav="ledger")
@require_POST
def ledger_fund(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM funds an account: one transaction from the market, with his reason."""
    access = request.access
    form = _fund_form(access, request.POST)
    if form.is_valid():
        data = form.cleaned_data
        try:
            account_fund(
                account=data["account"],
                amount=data["amount"],
                reason=data["reason"],
                idempotency_key=f"web:fund:{data['key']}",
                created_by=request.user,
            )
        except LedgerError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, FUNDED.format(account=data["account"], amount=data["amount"]))
            return redirect("economy:ledger", campaign_id)
    return _ledger_page(request, access, form, status=400)


@campaign_view(gm_only=True, nav="ledger")
@require_POST
def ledger_correct(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM corrects a transaction: its reversal, with his reason (economy correction)."""
    form = CorrectionForm(request.POST, campaign=request.access.campaign)
    if form.is_valid():
        data = form.cleaned_data
        try:
            reversal = correction(
                original=data["transaction"], reason=data["reason"], created_by=request.user
            )
        except LedgerError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request, CORRECTED.format(pk=data["transaction"].pk, reversal=reversal.pk)
            )
    else:
        for field, errors in form.errors.items():
            label = form.fields[field].label if field in form.fields else "Correction"
            messages.error(request, f"{label}: {' '.join(errors)}")
    return redirect("economy:ledger", campaign_id)


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
