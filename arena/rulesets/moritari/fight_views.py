"""Putting a fight of several entrants on a show's card (GM; Moritari campaigns).

The show page draws the form (the plug-in's `card_add_form`); a POST goes through
arena.rulesets.moritari.fights.fight_add, and hires each man of a school when asked, in one step.
A refusal is the show page again (400) with the message under the field it names.
"""

from __future__ import annotations

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.views.decorators.http import require_POST

from arena.rulesets import plugin_for
from arena.rulesets.moritari.fights import FightError, fight_add
from arena.selectors.pages import fit_for_card
from arena.views.shows import _get_show, _show_context, _show_page, say_book_opened
from economy.ledger import LedgerError
from economy.services.hire import hire_contract_create
from ludus.access import campaign_view

FIGHT_ADDED = "The fight is on the card: {fight}."
HIRED = "Hired {name} from {lanista} for {price:,} HS."
NOT_HERE = "Only a Moritari campaign puts fights of several men on its card."


@campaign_view(gm_only=True, nav="shows", ruleset="moritari")
@require_POST
def fight_add_view(request: HttpRequest, campaign_id: int, show_id: int) -> HttpResponse:
    access = request.access
    show = _get_show(access, show_id)
    # Another ruleset's campaign has no such form (its plug-in gives none): refused below.
    form = plugin_for(show.campaign.ruleset).card_add_form(show, fit_for_card(show), request.POST)
    if form is None:  # the page is Moritari's alone: another ruleset's show has no such form
        raise Http404(NOT_HERE)
    if form.is_valid():
        try:
            # One step: the fight goes on the card only if every hire is paid.
            with transaction.atomic():
                bout = fight_add(
                    show=show,
                    entrants=form.entrants(),
                    caesar_asks=form.cleaned_data["caesar_asks"],
                )
                hires = []
                if form.cleaned_data["hire"]:
                    for man in bout.fighters:
                        if man.owner_id is not None and not man.hires.filter(show=show).exists():
                            hires.append(
                                hire_contract_create(
                                    show=show,
                                    gladiator=man,
                                    kind=bout.kind,
                                    consent=bout.entry_for(man).consented,
                                    created_by=request.user,
                                )
                            )
        except FightError as error:
            form.add_error(None if error.field == "__all__" else error.field, str(error))
        except LedgerError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, FIGHT_ADDED.format(fight=bout))
            say_book_opened(request, bout)
            for hire in hires:
                messages.info(
                    request,
                    HIRED.format(
                        name=hire.gladiator.name, lanista=hire.lanista.name, price=hire.price
                    ),
                )
            return redirect("arena:show_detail", campaign_id, show_id)
    context = _show_context(access, show) | {"fight_form": form}
    return _show_page(request, show, context, status=400)
