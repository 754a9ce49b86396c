"""The ledger's rows, drawn in Python (issue 14: the ledger is one of the two pages read most).

A page is 50 transactions, each a table row of a dozen fields, a correction form for the GM
and a list of legs; drawn by the template language that was about half of the page's CPU (a
node, a context lookup and an escape per field). `ledger_row` writes the same markup
(tests/desk/views/test_ledger_rows.py renders the template it replaced beside it, for the GM
and a player) with one escape per field: the standard library's `html.escape`, which is what
Django's `escape` calls, without its lazy-string wrapper. Nothing is computed here that the
template did not: the show is `economy.selectors.ledger.occasion`, the amounts `economy.money.hs`.
"""

from html import escape

from django import template
from django.template.defaulttags import CsrfTokenNode
from django.utils.safestring import SafeString, mark_safe

from economy import money
from economy.selectors.ledger import occasion
from ludus.templatetags.ludus_links import campaign_url

register = template.Library()


def _correct_form(pk: int, action: str, csrf_input: str) -> str:
    return (
        '<details class="small correct-tx"><summary>Correct</summary>'
        f'<form method="post" action="{action}" class="stack" id="correct-{pk}">'
        f'{csrf_input}<input type="hidden" name="transaction" value="{pk}">'
        '<label>Reason <input type="text" name="reason" maxlength="120" required></label>'
        f'<button type="submit" class="btn btn-small">Reverse #{pk}</button>'
        "</form></details>"
    )


def _correct_url(campaign: int) -> str:
    return campaign_url("economy:ledger_correct", campaign)


def _csrf_input(context) -> str:
    """What `{% csrf_token %}` writes, drawn once a page."""
    drawn = context.render_context.get(CsrfTokenNode)
    if drawn is None:
        drawn = context.render_context[CsrfTokenNode] = str(CsrfTokenNode().render(context))
    return drawn


@register.simple_tag(takes_context=True)
def ledger_row(context, t) -> SafeString:
    """One transaction's row of the ledger's table (`<tr id="tx-...">`)."""
    campaign = context["campaign"].pk
    pk = t.pk
    cause = t.get_cause_display()
    parts = [
        f'<tr id="tx-{pk}"><td class="num" data-label="#">{pk}</td>',
        f'<td data-label="Day">{escape(str(t.day))}</td>',
        f'<td data-label="Cause"><span class="badge">{escape(str(cause))}</span></td>',
        f'<td data-label="What">{escape(t.memo)}',
    ]
    show = occasion(t)
    gladiator = t.gladiator
    if show or gladiator or t.reverses_id:
        parts.append('<br><span class="small muted">')
        if show:
            url = campaign_url("arena:show_detail", campaign, show.pk)
            parts.append(f'<a href="{escape(url)}">{escape(show.name)}</a>')
        if gladiator:
            if show:
                parts.append(" · ")
            url = campaign_url("gladiator_detail", campaign, gladiator.pk)
            parts.append(f'<a href="{escape(url)}">{escape(gladiator.name)}</a>')
        if t.reverses_id:
            parts.append(f' · reverses <a href="#tx-{t.reverses_id}">#{t.reverses_id}</a>')
        parts.append("</span>")
    access = context["access"]
    if access.is_gm and not t.reverses_id and pk not in context["reversed_ids"]:
        parts.append(_correct_form(pk, escape(_correct_url(campaign)), _csrf_input(context)))
    parts.append('</td><td data-label="Entries"><ul class="entries">')
    for e in t.entries.all():
        amount = e.amount
        sign = "neg" if amount < 0 else "pos"
        parts.append(
            f"<li><span>{escape(e.account.name)}</span> "
            f'<span class="num {sign}">{escape(money.hs(int(amount), plus=True))}</span></li>'
        )
    parts.append("</ul></td></tr>")
    return mark_safe("".join(parts))  # noqa: S308 - every field above is escaped
