"""The Favors page: who owes whom, what for, and whether the Favor was called.

Favors are the parties' private business. The GM sees and calls every Favor and records new
ones. A player sees the Favors owed to a patron who is a lanista he plays, and those owed by a
man of a school he plays; he may call only the first kind. Anything else answers 404.
"""

from django.contrib import messages
from django.db.models import Q
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from ludus.access import Access, campaign_view
from ludus.errors import AlreadyDone
from ludus.forms_favors import FavorCallForm, FavorRecordForm
from ludus.models import Favor
from ludus.picker import pick_answer
from ludus.services.ludus import LudusError, favor_call, favor_record

FAVOR_RECORDED = "Recorded: {favor}."
FAVOR_CALLED = "{patron} called the Favor of {owed_by} for: {called_for}."


def can_call(access: Access, favor: Favor) -> bool:
    """The GM, or the player of the lanista to whom the Favor is owed."""
    lanista = favor.patron.lanista
    return access.is_gm or (lanista is not None and lanista.player_id == access.user.pk)


def visible_favors(access: Access):
    favors = (
        Favor.objects.filter(patron__campaign=access.campaign)
        .select_related("patron", "patron__lanista", "gladiator", "gladiator__owner")
        .order_by("called_on", "patron__name", "pk")
    )
    if access.is_gm:
        return favors
    user = access.user.pk
    return favors.filter(Q(patron__lanista__player_id=user) | Q(gladiator__owner__player_id=user))


def _record_form(request: HttpRequest, data=None) -> FavorRecordForm | None:
    """The GM's form to record a Favor (None for a player). Drawn on a page answering a POST,
    its select of men is searched from the Favors page (ludus.picker)."""
    if not request.access.is_gm:
        return None
    form = FavorRecordForm(data, campaign=request.access.campaign)
    if request.method == "POST":
        pick_answer(request, form, url=reverse("favors", args=[request.access.campaign.pk]))
    return form


def _context(access: Access, *, record_form=None, call_errors=None, call_forms=None) -> dict:
    favors = list(visible_favors(access))
    call_forms = call_forms or {}
    rows = [
        {
            "favor": favor,
            "can_call": not favor.is_called and can_call(access, favor),
            "form": call_forms.get(favor.pk) or FavorCallForm(prefix=f"call-{favor.pk}"),
            "error": (call_errors or {}).get(favor.pk, ""),
        }
        for favor in favors
    ]
    return {
        "owed": [row for row in rows if not row["favor"].is_called],
        "called": [row for row in rows if row["favor"].is_called],
        "record_form": record_form if access.is_gm else None,
    }


@campaign_view(nav="favors")
def favors(request: HttpRequest, campaign_id: int) -> HttpResponse:
    record_form = _record_form(request)
    if (answer := pick_answer(request, record_form)) is not None:
        return answer
    return render(request, "ludus/favors.html", _context(request.access, record_form=record_form))


@campaign_view(gm_only=True, nav="favors")
@require_POST
def favor_record_view(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    form = FavorRecordForm(request.POST, campaign=access.campaign)
    pick_answer(request, form, url=reverse("favors", args=[campaign_id]))
    if form.is_valid():
        try:
            favor = favor_record(**form.service_kwargs())
        except AlreadyDone as done:
            # The same form sent twice: the Favor recorded by the first post.
            messages.info(request, str(done))
            return redirect("favors", campaign_id)
        except LudusError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, FAVOR_RECORDED.format(favor=favor))
            return redirect("favors", campaign_id)
    return render(request, "ludus/favors.html", _context(access, record_form=form), status=400)


@campaign_view(nav="favors")
@require_POST
def favor_call_view(request: HttpRequest, campaign_id: int, favor_id: int) -> HttpResponse:
    access = request.access
    favor = get_object_or_404(
        Favor.objects.select_related("patron", "patron__lanista"),
        pk=favor_id,
        patron__campaign=access.campaign,
    )
    if not can_call(access, favor):
        raise Http404("No such Favor to call")
    form = FavorCallForm(request.POST, prefix=f"call-{favor.pk}")
    error = ""
    if form.is_valid():
        try:
            favor = favor_call(favor=favor, called_for=form.cleaned_data["called_for"])
        except LudusError as refusal:
            error = str(refusal)
        else:
            messages.success(
                request,
                FAVOR_CALLED.format(
                    patron=favor.patron.name,
                    owed_by=favor.owed_by,
                    called_for=favor.called_for,
                ),
            )
            return redirect("favors", campaign_id)
    context = _context(
        access,
        record_form=_record_form(request),
        call_errors={favor.pk: error},
        call_forms={favor.pk: form},
    )
    context["error"] = error
    return render(request, "ludus/favors.html", context, status=400)
