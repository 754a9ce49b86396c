"""The economy in the admin: every page renders, and the ledger is look-but-don't-touch."""

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.test import RequestFactory
from django.urls import reverse
from django.utils.html import escape

from economy import accounts
from economy.models import Account, Bettor, Entry, Hire, Transaction
from economy.services import corrections
from economy.services import hire as hiring
from tests.factories import (
    BettorFactory,
    CampaignFactory,
    EditorFactory,
    GladiatorFactory,
    LanistaFactory,
    ShowFactory,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def superuser():
    return get_user_model().objects.create_superuser("root", "root@example.com", "pw-root-123")


@pytest.fixture
def admin_client(client, superuser):
    client.force_login(superuser)
    return client


@pytest.fixture
def ledger():
    """One row of each economy model: a bettor, accounts, a hire with its transaction."""
    campaign = CampaignFactory()
    nerva = LanistaFactory(campaign=campaign, name="Nerva")
    editor = EditorFactory(campaign=campaign)
    show = ShowFactory(campaign=campaign, editor=editor)
    bithys = GladiatorFactory(campaign=campaign, owner=nerva, name="Bithys")
    bettor = BettorFactory(campaign=campaign, name="Eros")
    corrections.opening_balance(account=accounts.bettor_account(bettor), amount=400)
    corrections.opening_balance(account=accounts.purse(editor), amount=10_000)
    hire = hiring.hire_contract_create(show=show, gladiator=bithys, kind="single")
    return {
        Bettor: bettor,
        Account: accounts.chest(nerva),
        Transaction: hire.transaction,
        Entry: hire.transaction.entries.first(),
        Hire: hire,
    }


def _url(model, view: str, *args) -> str:
    return reverse(f"admin:{model._meta.app_label}_{model._meta.model_name}_{view}", args=args)


def test_every_economy_changelist_renders(admin_client, ledger):
    registered = [m for m in admin.site._registry if m._meta.app_label == "economy"]
    assert {Bettor, Account, Transaction, Entry, Hire} <= set(registered)
    for model in registered:
        response = admin_client.get(_url(model, "changelist"))
        assert response.status_code == 200, model


@pytest.mark.parametrize("model", [Bettor, Account, Transaction, Entry, Hire])
def test_each_detail_page_renders(admin_client, ledger, model):
    response = admin_client.get(_url(model, "change", ledger[model].pk))
    assert response.status_code == 200
    assert escape(str(ledger[model])) in response.content.decode()


def test_a_transaction_shows_its_entries_read_only(admin_client, ledger):
    posted = ledger[Transaction]
    page = admin_client.get(_url(Transaction, "change", posted.pk)).content.decode()
    assert "-3200" in page or "-3,200" in page
    assert 'name="_save"' not in page  # view only: nothing to submit
    assert 'name="entries-0-amount"' not in page  # inline amounts are not inputs


@pytest.mark.parametrize("model", [Transaction, Entry])
def test_the_ledger_cannot_be_added_changed_or_deleted(admin_client, superuser, ledger, model):
    model_admin = admin.site._registry[model]
    request = RequestFactory().get("/")
    request.user = superuser
    row = ledger[model]
    assert not model_admin.has_add_permission(request)
    assert not model_admin.has_change_permission(request, row)
    assert not model_admin.has_delete_permission(request, row)
    assert model_admin.has_view_permission(request, row)
    assert admin_client.get(_url(model, "add")).status_code == 403
    assert admin_client.post(_url(model, "delete", row.pk), {"post": "yes"}).status_code == 403
    assert model.objects.filter(pk=row.pk).exists()


def test_entries_cannot_be_added_or_deleted_inline(superuser, ledger):
    request, posted = _request(superuser), ledger[Transaction]
    (inline,) = admin.site._registry[Transaction].get_inline_instances(request, posted)
    assert inline.model is Entry
    assert inline.has_view_permission(request, posted)
    assert not inline.has_add_permission(request, posted)
    assert not inline.has_change_permission(request, posted)
    assert not inline.has_delete_permission(request, posted)


def test_a_post_to_a_transaction_changes_nothing(admin_client, ledger):
    posted = ledger[Transaction]
    response = admin_client.post(_url(Transaction, "change", posted.pk), {"memo": "edited"})
    assert response.status_code == 403
    posted.refresh_from_db()
    assert posted.memo != "edited"


def test_an_accounts_owner_is_fixed_once_it_exists(admin_client, superuser, ledger):
    model_admin = admin.site._registry[Account]
    fixed = model_admin.get_readonly_fields(_request(superuser), ledger[Account])
    assert {"kind", "lanista", "gladiator", "editor", "bettor", "campaign"} <= set(fixed)
    assert model_admin.get_readonly_fields(_request(superuser), None) == []


def _request(user):
    request = RequestFactory().get("/")
    request.user = user
    return request
