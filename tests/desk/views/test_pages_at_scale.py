"""Pages of a large campaign (issue 14): long lists cut into pages or to their first few, the
same figures for what is shown, and the selects of a thousand men read as values."""

import pytest
from django import forms
from django.urls import reverse

from desk.views import campaigns, gladiators, setup
from economy import accounts
from economy.models import Account
from economy.selectors.balance_groups import visible_balance_groups
from economy.selectors.visibility import visible_balances
from economy.services.corrections import opening_balance
from ludus import forms as ludus_forms
from ludus.access import campaign_access
from ludus.history import mark
from ludus.models import DignitasChange, Editor, Gladiator
from ludus.selectors.people import editor_dignitas
from ludus.views import recovery
from tests import factories
from tests.cast import BITHYS_PECULIUM, build_cast

pytestmark = pytest.mark.django_db


@pytest.fixture
def cast():
    return build_cast()


def _section(text: str, marker: str) -> str:
    return text.split(marker, 1)[1].split("</section>", 1)[0]


def test_the_roster_is_a_few_schools_a_page_the_schoolless_last(cast, monkeypatch):
    monkeypatch.setattr(gladiators, "SCHOOLS_PER_PAGE", 1)
    client = cast.client_for("gm")
    url = reverse("roster", args=[cast.campaign.pk])
    first = client.get(url).content.decode()
    # Schools by name: Batiatus's house first, then Nerva's ludus with the men of no school.
    assert "Spartacus" in first and "Bithys" not in first and "Verus" not in first
    assert "Page 1 of 2 (2 schools)" in first
    second = client.get(url + "?page=2").content.decode()
    assert "Bithys" in second and "Crixus" in second and "Verus" in second
    assert "Spartacus" not in second
    assert "Men of no school" in second


def test_the_whole_roster_on_one_page_while_the_schools_are_few(cast):
    text = cast.client_for("gm").get(reverse("roster", args=[cast.campaign.pk])).content.decode()
    for name in ("Spartacus", "Bithys", "Crixus", "Verus"):
        assert name in text
    assert "Pages of the roster" not in text


def test_the_dashboard_names_the_first_few_hurt_and_counts_the_rest(cast, monkeypatch):
    monkeypatch.setattr(campaigns, "HURT_SHOWN", 1)
    factories.GladiatorFactory(campaign=cast.campaign, owner=cast.school, name="Aulus", wounds=1)
    factories.GladiatorFactory(campaign=cast.campaign, owner=cast.school, name="Zeno", wounds=3)
    text = cast.client_for("gm").get(reverse("campaign_dashboard", args=[cast.campaign.pk]))
    hurt = _section(text.content.decode(), 'id="hurt"')
    # By name: Aulus is named, Bithys and Zeno are counted.
    assert "Aulus" in hurt and "Bithys" not in hurt and "Zeno" not in hurt
    assert "and 2 more hurt." in hurt


def test_balances_list_the_first_of_each_kind_and_sum_the_rest(cast):
    for name, amount in (("Aulus", 700), ("Zeno", 50)):
        man = factories.GladiatorFactory(campaign=cast.campaign, owner=cast.school, name=name)
        opening_balance(account=accounts.peculium(man), amount=amount)
    gm = campaign_access(cast.gm, cast.campaign.pk)
    groups = {group.kind: group for group in visible_balance_groups(gm, shown=1)}
    peculia = groups[str(Account.Kind.PECULIUM.label)]
    # Peculia by the account's name: Aulus's first, then Bithys's and Zeno's summed.
    assert [b.account.name for b in peculia.shown] == ["Aulus's peculium"]
    assert [b.amount for b in peculia.shown] == [700]
    assert (peculia.more, peculia.more_amount) == (2, BITHYS_PECULIUM + 50)
    # Every account is counted once, and the amounts are the running balances.
    total = sum(sum(b.amount for b in g.shown) + g.more_amount for g in groups.values())
    assert total == sum(
        Account.objects.filter(campaign=cast.campaign).values_list("balance", flat=True)
    )
    everyone = visible_balance_groups(gm)
    assert all(group.more == 0 for group in everyone)


def _plainly(access, shown):
    """The groups worked out by hand from every balance the member may see."""
    by_kind: dict[str, list] = {}
    for balance in visible_balances(access):
        by_kind.setdefault(balance.account.kind, []).append(balance)
    groups = []
    for kind in sorted(by_kind):
        rows = sorted(by_kind[kind], key=lambda b: (b.account.name, b.account.pk))
        listed = rows[:shown]
        groups.append(
            (
                [(b.account.pk, b.amount) for b in listed],
                len(rows) - len(listed),
                sum(b.amount for b in rows[shown:]),
            )
        )
    return groups


def test_balances_by_kind_agree_with_every_balance_whatever_the_cut(cast):
    """Read whole when no kind is cut short, by each kind's first rows when one is: for the GM
    and each player, at every cut, the same accounts, amounts, counts and sums as by hand."""
    for name, amount in (("Aulus", 700), ("Zeno", 50), ("Aulus", 20)):
        man = factories.GladiatorFactory(campaign=cast.campaign, owner=cast.school, name=name)
        opening_balance(account=accounts.peculium(man), amount=amount)
    members = [cast.gm, *(m.user for m in cast.campaign.memberships.filter(role="player"))]
    assert len(members) >= 2
    for user in members:
        access = campaign_access(user, cast.campaign.pk)
        for shown in range(0, 6):
            got = [
                ([(b.account.pk, b.amount) for b in g.shown], g.more, g.more_amount)
                for g in visible_balance_groups(access, shown=shown)
            ]
            assert got == _plainly(access, shown), (user, shown)


def test_the_dashboard_and_the_ledger_sum_the_accounts_past_the_first(cast, monkeypatch):
    from economy.selectors import balance_groups

    monkeypatch.setattr(balance_groups, "SHOWN_PER_KIND", 1)
    man = factories.GladiatorFactory(campaign=cast.campaign, owner=cast.school, name="Aulus")
    opening_balance(account=accounts.peculium(man), amount=700)
    client = cast.client_for("gm")
    dashboard = client.get(reverse("campaign_dashboard", args=[cast.campaign.pk])).content
    money = _section(dashboard.decode(), 'id="money"')
    assert "Aulus&#x27;s peculium" in money or "Aulus's peculium" in money
    assert "and 1 more" in money and f"{BITHYS_PECULIUM:,} HS" in money
    ledger = client.get(reverse("economy:ledger", args=[cast.campaign.pk])).content.decode()
    assert "and 1 more (choose one under Party)" in _section(ledger, 'id="balances"')


def test_recovery_pages_its_injuries_and_its_wounded(cast, monkeypatch):
    monkeypatch.setattr(recovery, "INJURIES_PER_PAGE", 1)
    monkeypatch.setattr(recovery, "WOUNDED_PER_PAGE", 1)
    factories.InjuryFactory(
        gladiator=cast.spartacus, name="Broken Nose", table_roll=30, day_taken=2
    )
    cast.crixus.wounds = 1
    cast.crixus.save()
    client = cast.client_for("gm")
    url = reverse("recovery", args=[cast.campaign.pk])
    first = client.get(url).content.decode()
    injuries = _section(first, 'id="injuries"')
    assert "Cracked Rib" in injuries and "Broken Nose" not in injuries  # by the man's name
    assert "Page 1 of 2 (2 injuries)" in injuries
    assert "Bithys" in _section(first, 'id="wounded"')
    assert "Crixus" not in _section(first, 'id="wounded"')
    second = client.get(url + "?page=2&wounded=2").content.decode()
    assert "Broken Nose" in _section(second, 'id="injuries"')
    assert "Crixus" in _section(second, 'id="wounded"')


def _options(html: str) -> list[str]:
    return [part.split("</option>")[0] for part in html.split("<option")[1:]]


def test_men_read_as_values_render_as_the_models_would(cast):
    """quick_gladiator_options gives the same options, labels and choice as Django's Select."""
    from desk.forms_money import SellForm

    cast.crixus.is_charioteer = True
    cast.crixus.save()
    men = cast.campaign.gladiators.order_by("name")
    quick = SellForm(
        initial={"gladiator": cast.bithys.pk},
        men=men,
        buyers=cast.campaign.lanistae.all(),
        allow_price=True,
    )
    ludus_forms.quick_gladiator_options(quick)
    plain = SellForm(
        initial={"gladiator": cast.bithys.pk},
        men=men,
        buyers=cast.campaign.lanistae.all(),
        allow_price=True,
    )
    plain.fields["gladiator"].widget = forms.Select(choices=plain.fields["gladiator"].choices)
    quick_html = str(quick["gladiator"])
    assert _options(quick_html) == _options(str(plain["gladiator"]))
    assert "Crixus the driver" in quick_html and "Bithys the thraex" in quick_html
    assert f'value="{cast.bithys.pk}" selected' in quick_html


def test_the_setup_page_lists_the_newest_men_and_sends_to_the_roster(cast, monkeypatch):
    monkeypatch.setattr(setup, "GLADIATORS_SHOWN", 2)
    factories.GladiatorFactory(campaign=cast.campaign, owner=cast.school, name="Aulus")
    factories.GladiatorFactory(campaign=cast.campaign, owner=cast.school, name="Zeno")
    url = reverse("campaign_setup", args=[cast.campaign.pk])
    men = _section(cast.client_for("gm").get(url).content.decode(), 'id="gladiators"')
    # The newest two, Zeno first; the others are counted and left to the roster.
    assert men.index("Zeno") < men.index("Aulus")
    assert "Bithys" not in men and "Spartacus" not in men
    total = Gladiator.objects.filter(campaign=cast.campaign).count()
    assert f"The newest 2 of {total} men." in men
    assert reverse("roster", args=[cast.campaign.pk]) in men


def test_the_setup_page_lists_every_man_while_they_are_few(cast):
    url = reverse("campaign_setup", args=[cast.campaign.pk])
    men = _section(cast.client_for("gm").get(url).content.decode(), 'id="gladiators"')
    for man in Gladiator.objects.filter(campaign=cast.campaign):
        assert man.name in men
    assert "The newest" not in men


def test_the_setup_page_edit_forms_carry_each_editors_mark_and_dignitas(cast):
    """Read in one query for all editors: the same as one editor's own (`mark`, Dignitas)."""
    second = factories.EditorFactory(campaign=cast.campaign, name="Gaius", base_dignitas=2)
    DignitasChange.objects.create(editor=second, change=3, reason="a fine show", day=1)
    DignitasChange.objects.create(editor=second, change=-1, reason="a poor one", day=2)
    response = cast.client_for("gm").get(reverse("campaign_setup", args=[cast.campaign.pk]))
    for editor in Editor.objects.filter(campaign=cast.campaign):
        form = next(e.edit_form for e in response.context["editors"] if e.pk == editor.pk)
        assert form.initial["seen"] == mark(editor) != 0
        shown = next(e.dignitas for e in response.context["editors"] if e.pk == editor.pk)
        assert shown == editor_dignitas(editor)
    assert editor_dignitas(second) == 4
    players = [u for u in form.fields["player"].queryset]
    assert [label for _, label in form.fields["player"].choices][1:] == [str(u) for u in players]
