"""Every ludus and arena model is in the admin, and its list and change pages render."""

import pytest
from django.contrib import admin
from django.urls import reverse

from arena.models import Bout, Race, RaceEntry, Show, Verdict
from ludus import models as ludus_models
from tests import factories

LUDUS_MODELS = [
    ludus_models.Campaign,
    ludus_models.Membership,
    ludus_models.Lanista,
    ludus_models.Gladiator,
    ludus_models.PriorRecord,
    ludus_models.Injury,
    ludus_models.TreatmentAttempt,
    ludus_models.Editor,
    ludus_models.DignitasChange,
    ludus_models.Election,
    ludus_models.Patron,
    ludus_models.Favor,
]
ARENA_MODELS = [Show, Bout, Verdict, Race, RaceEntry]


@pytest.fixture
def staff_client(client, db):
    user = factories.UserFactory(is_staff=True, is_superuser=True)
    client.force_login(user)
    return client


@pytest.fixture
def one_of_each(db):
    from ludus.services.recovery import medicus_treat

    bout = factories.BoutFactory(
        status=Bout.Status.DONE, favor_a=6, favor_b=3, end_reason="second_injury"
    )
    bout.entries.filter(side="a").update(result="won")
    bout.entries.filter(side="b").update(result="lost")
    Verdict.objects.create(bout=bout, loser_favor=3, crowd_call="divided", editor_act="missio")
    campaign = bout.show.campaign
    factories.MembershipFactory(campaign=campaign)
    factories.PriorRecordFactory(gladiator=bout.entry_a.gladiator, city="Rome", wins=5)
    injury = factories.InjuryFactory(gladiator=bout.entry_b.gladiator, event=bout)
    medicus_treat(injury=injury, seed=1)
    factories.ElectionFactory(editor=bout.show.editor)
    bout.show.editor.dignitas_changes.create(change=1, reason="a winner at 6", day=1)
    factories.FavorFactory(patron=factories.PatronFactory(campaign=campaign))
    factories.RaceEntryFactory(race=factories.RaceFactory(show__campaign=campaign))


@pytest.mark.parametrize("model", LUDUS_MODELS + ARENA_MODELS, ids=lambda m: m.__name__)
def test_registered_and_pages_render(staff_client, one_of_each, model):
    assert admin.site.is_registered(model)
    opts = model._meta
    changelist = reverse(f"admin:{opts.app_label}_{opts.model_name}_changelist")
    response = staff_client.get(changelist)
    assert response.status_code == 200
    obj = model.objects.order_by("pk").first()
    change = reverse(f"admin:{opts.app_label}_{opts.model_name}_change", args=[obj.pk])
    assert staff_client.get(change).status_code == 200


def test_the_gladiator_list_shows_the_derived_record(staff_client, one_of_each):
    response = staff_client.get(reverse("admin:ludus_gladiator_changelist"))
    assert "6-0-0" in response.content.decode()  # 5 prior wins in Rome and the bout won


def test_a_fought_bouts_engine_fields_are_read_only(staff_client, one_of_each):
    bout = Bout.objects.get(status=Bout.Status.DONE)
    model_admin = admin.site._registry[Bout]
    readonly = model_admin.get_readonly_fields(None, bout)
    assert {"seed", "log", "decisions", "setup", "status"} <= set(readonly)
    entries = next(i for i in model_admin.get_inline_instances(None, bout))
    assert {"gladiator", "orders", "result"} <= set(entries.get_readonly_fields(None, bout))
