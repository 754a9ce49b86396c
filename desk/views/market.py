"""The market: hire a man to a show, buy, sell, sign a volunteer, or let a man buy his freedom.

Every deal is one contract service (economy.services: hire, trade, freedom); a deal the rules
refuse comes back as the service's own message, on the form, with nothing written. Each form
can be priced first: its "Price it" button posts the form back with `quote=<form>` and nothing
is written (no JavaScript needed), and htmx asks the market page (a GET) for that form's quote
on every change and swaps in only the quote.
"""

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from desk.armaturae import limit_armaturae
from desk.forms_money import BuyForm, HireForm, ManumitForm, SellForm, SignForm
from desk.selectors_market import market_choices
from economy.ledger import LedgerError
from economy.selectors.quotes import (
    hire_quote,
    manumission_quote,
    price_table,
    purchase_quote,
    sale_quote,
    signing_quote,
)
from economy.services.freedom import manumission
from economy.services.hire import hire_contract_create
from economy.services.trade import gladiator_purchase, gladiator_sell, volunteer_sign
from ludus.access import Access, campaign_view
from ludus.forms import quick_gladiator_options
from ludus.inputs import whole_number
from ludus.models import Armatura
from ludus.picker import PICK, pick_answer

ACTIONS = ("hire", "buy", "sell", "sign", "manumit")

HIRED = "{man} is hired to {show} for {price:,} HS."
BOUGHT = "{buyer} bought {man}."
SOLD = "{man} is sold to {buyer}."
SIGNED = "{man} signs with {lanista} for {bouts} bouts."
FREED = "{man} has bought his freedom."


def _forms(access: Access, data=None, *, bound: str = "", initial: dict | None = None) -> dict:
    """The five market forms for this member; the one named `bound` is bound to `data`."""
    choices = market_choices(access)
    gm = access.is_gm
    initial = initial or {}

    def args(name):
        return {"data": data} if name == bound else {"initial": dict(initial)}

    forms = {
        "hire": HireForm(
            **args("hire"), shows=choices.hire_shows, men=choices.hire_men, allow_price=gm
        ),
        "buy": BuyForm(**args("buy"), buyers=choices.buyers, men=choices.buy_men, allow_price=gm),
        "sell": SellForm(
            **args("sell"), men=choices.sell_men, buyers=choices.sell_buyers, allow_price=gm
        ),
        "sign": SignForm(**args("sign"), lanistae=choices.sign_lanistae, men=choices.sign_men),
        "manumit": ManumitForm(**args("manumit"), men=choices.manumit_men),
    }
    for form in forms.values():
        quick_gladiator_options(form)
    return forms


def _quote(name: str, form):
    """The price and the payer's balance after it, for a valid form; (None, message) else."""
    if not form.is_valid():
        return None, ""
    data = form.cleaned_data
    try:
        if name == "hire":
            return hire_quote(
                show=data["show"],
                gladiator=data["gladiator"],
                kind=data["kind"],
                price_purses=data.get("price_purses"),
            ), ""
        if name == "buy":
            return purchase_quote(
                buyer=data["buyer"],
                kind=data["kind"],
                gladiator=data.get("gladiator"),
                price=data.get("price"),
            ), ""
        if name == "sell":
            return sale_quote(
                gladiator=data["gladiator"], buyer=data.get("buyer"), price=data.get("price")
            ), ""
        if name == "sign":
            return signing_quote(lanista=data["lanista"]), ""
        return manumission_quote(gladiator=data["gladiator"]), ""
    except LedgerError as error:
        return None, str(error)


def _page(request, access: Access, forms: dict, quotes: dict, *, status: int = 200):
    # Each form's long selects search the market page ("buy.gladiator": the forms share names).
    page_url = reverse("economy:market", args=[access.campaign.pk])
    if (answer := pick_answer(request, forms, url=page_url)) is not None:
        return answer
    context = {
        "forms": forms,
        "quotes": quotes,
        "prices": price_table(),
    }
    return render(request, "desk/market.html", context, status=status)


@campaign_view(nav="market")
def market(request: HttpRequest, campaign_id: int) -> HttpResponse:
    access = request.access
    name = request.GET.get("quote", "")
    if PICK in request.GET:  # a search of one of its selects (the form's `quote` comes along)
        name = ""
    initial = {}
    asked = whole_number(request.GET.get("gladiator", ""))
    if asked is not None and name not in ACTIONS:
        initial["gladiator"] = asked
    if name in ACTIONS:
        forms = _kits(access, _forms(access, request.GET, bound=name))
        quote, error = _quote(name, forms[name])
        if request.htmx:
            context = {"quote": quote, "quote_error": error}
            return render(request, "desk/market.html#quote", context)
        return _page(request, access, forms, {name: (quote, error)})
    return _page(request, access, _kits(access, _forms(access, initial=initial)), {})


def _deal(request: HttpRequest, campaign_id: int, name: str, act) -> HttpResponse:
    """Bind the named form to the POST, run the deal, and either redirect with the news or
    show the form again with the refusal (nothing written: each service is atomic)."""
    access = request.access
    forms = _kits(access, _forms(access, request.POST, bound=name))
    form = forms[name]
    if request.POST.get("quote") == name:
        # The "Price it" button: the quote without JavaScript; nothing is written.
        return _page(request, access, forms, {name: _quote(name, form)})
    if form.is_valid():
        try:
            news = act(access, form.cleaned_data, request.user)
        except LedgerError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, news)
            return redirect("economy:market", campaign_id)
    return _page(request, access, forms, {name: _quote(name, form)}, status=400)


def _kits(access: Access, forms: dict) -> dict:
    """A new man's type on the buy and sign forms: only the armaturae the campaign's rules know
    (desk.armaturae), any other refused naming the field."""
    for name in ("buy", "sign"):
        limit_armaturae(forms[name].fields["armatura"], access.campaign.ruleset, "Type")
    return forms


def _key(name: str, data: dict) -> str:
    return f"web:{name}:{data['key']}"


@campaign_view(nav="market")
@require_POST
def hire(request: HttpRequest, campaign_id: int) -> HttpResponse:
    def act(access, data, user):
        contract = hire_contract_create(
            show=data["show"],
            gladiator=data["gladiator"],
            kind=data["kind"],
            price_purses=data.get("price_purses"),
            consent=data.get("consent", False),
            created_by=user,
        )
        return HIRED.format(
            man=contract.gladiator.name, show=contract.event.name, price=contract.price
        )

    return _deal(request, campaign_id, "hire", act)


def _new_man(data: dict) -> dict | None:
    """The man described on the form, when the deal is for a newcomer rather than one of ours."""
    if not data.get("name"):
        return None
    return {"name": data["name"], "armatura": data["armatura"] or Armatura.THRAEX}


@campaign_view(nav="market")
@require_POST
def buy(request: HttpRequest, campaign_id: int) -> HttpResponse:
    def act(access, data, user):
        new_man = _new_man(data)
        man = gladiator_purchase(
            buyer=data["buyer"],
            kind=data["kind"],
            gladiator=data.get("gladiator"),
            recruit=new_man,
            price=data.get("price"),
            idempotency_key=_key("buy", data),
            created_by=user,
        )
        return BOUGHT.format(buyer=data["buyer"].name, man=man.name)

    return _deal(request, campaign_id, "buy", act)


@campaign_view(nav="market")
@require_POST
def sell(request: HttpRequest, campaign_id: int) -> HttpResponse:
    def act(access, data, user):
        buyer = data.get("buyer")
        man = gladiator_sell(
            gladiator=data["gladiator"],
            buyer=buyer,
            price=data.get("price"),
            idempotency_key=_key("sell", data),
            created_by=user,
        )
        return SOLD.format(man=man.name, buyer=buyer.name if buyer else "the market")

    return _deal(request, campaign_id, "sell", act)


@campaign_view(nav="market")
@require_POST
def sign(request: HttpRequest, campaign_id: int) -> HttpResponse:
    def act(access, data, user):
        new_man = _new_man(data)
        man = volunteer_sign(
            lanista=data["lanista"],
            bouts=data["bouts"],
            gladiator=data.get("gladiator"),
            volunteer=new_man,
            idempotency_key=_key("sign", data),
            created_by=user,
        )
        return SIGNED.format(man=man.name, lanista=data["lanista"].name, bouts=data["bouts"])

    return _deal(request, campaign_id, "sign", act)


@campaign_view(nav="market")
@require_POST
def manumit(request: HttpRequest, campaign_id: int) -> HttpResponse:
    def act(access, data, user):
        manumission(gladiator=data["gladiator"], created_by=user)
        return FREED.format(man=data["gladiator"].name)

    return _deal(request, campaign_id, "manumit", act)
