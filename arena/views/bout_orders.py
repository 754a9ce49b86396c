"""A man's orders for one bout not yet fought (arena.services.bout_orders), posted from the
bout page by the GM or the player whose school owns him; anyone else gets 404, as the orders
are private. The answer is the bout page (its panel under htmx)."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpRequest, HttpResponse
from django.views.decorators.http import require_POST

from arena.errors import BoutError
from arena.forms import BoutOrdersForm
from arena.models import BoutEntry
from arena.rulesets import plugin_for
from arena.services.bout_orders import bout_orders_set
from arena.views.bouts import _get_bout, _respond
from ludus.access import campaign_view

NOT_YOURS = "Those orders are not yours to give."
SAVED = "{name}'s orders for this bout are saved."


@campaign_view(nav="shows")
@require_POST
def bout_orders(request: HttpRequest, campaign_id: int, bout_id: int) -> HttpResponse:
    access = request.access
    bout = _get_bout(access, bout_id)
    try:
        presets = plugin_for(access.campaign.ruleset).presets
    except BoutError:
        presets = ()
    form = BoutOrdersForm(request.POST, presets=presets)
    if not form.is_valid():
        if not access.is_gm and not any(access.owns_gladiator(m) for m in bout.fighters):
            raise Http404(NOT_YOURS)
        messages.error(request, " ".join(e for errs in form.errors.values() for e in errs))
        return _respond(request, access, bout, 400)
    try:
        entry = bout.entry(form.cleaned_data["side"])
    except BoutEntry.DoesNotExist:
        raise Http404(NOT_YOURS) from None
    if entry.gladiator is None or not access.owns_gladiator(entry.gladiator):
        raise Http404(NOT_YOURS)
    try:
        bout_orders_set(
            entry=entry,
            preset=form.cleaned_data["preset"],
            ask=["turn"] if form.cleaned_data["ask_turn"] else [],
        )
    except BoutError as error:
        messages.error(request, str(error))
        return _respond(request, access, bout, 400)
    messages.success(request, SAVED.format(name=entry.gladiator.name))
    return _respond(request, access, bout)
