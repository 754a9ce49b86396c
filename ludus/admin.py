"""The campaign's people in Django's admin, for the GM's repairs and a look behind the pages.

What is derived (records, Dignitas, balances) is shown, never stored: a man's record comes from
ludus.selectors, an editor's Dignitas from his changes. Dice rolls (treatment attempts) are
read-only: they are what the dice said.
"""

from django.contrib import admin

from ludus.models import (
    Campaign,
    DignitasChange,
    Editor,
    Election,
    Favor,
    Injury,
    Lanista,
    Membership,
    Patron,
    PriorRecord,
    TreatmentAttempt,
)
from ludus.selectors.people import editor_dignitas


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 0
    raw_id_fields = ["user"]


@admin.register(Campaign)
class CampaignAdmin(admin.ModelAdmin):
    list_display = ["name", "year_label", "city", "day", "ruleset", "created"]
    list_filter = ["ruleset"]
    search_fields = ["name"]
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "campaign", "role"]
    list_filter = ["role", "campaign"]
    search_fields = ["user__username", "campaign__name"]
    raw_id_fields = ["user"]


@admin.register(Lanista)
class LanistaAdmin(admin.ModelAdmin):
    list_display = ["name", "school", "city", "campaign", "player", "medicus_name"]
    list_filter = ["campaign", "city"]
    search_fields = ["name", "school"]
    raw_id_fields = ["player"]


class PriorRecordInline(admin.TabularInline):
    model = PriorRecord
    extra = 0


class InjuryInline(admin.TabularInline):
    model = Injury
    extra = 0
    fields = ["name", "table_roll", "severity", "event_type", "event_id", "day_taken", "healed_on"]


@admin.register(PriorRecord)
class PriorRecordAdmin(admin.ModelAdmin):
    list_display = ["gladiator", "city", "wins", "losses", "draws"]
    list_filter = ["city", "gladiator__campaign"]
    search_fields = ["gladiator__name"]


class TreatmentInline(admin.TabularInline):
    model = TreatmentAttempt
    extra = 0
    can_delete = False
    readonly_fields = ["day", "at_ludus", "seed", "success", "roll"]
    fields = readonly_fields

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Injury)
class InjuryAdmin(admin.ModelAdmin):
    list_display = ["name", "gladiator", "severity", "table_roll", "day_taken", "healed_on"]
    list_filter = ["severity", "gladiator__campaign", ("healed_on", admin.EmptyFieldListFilter)]
    search_fields = ["name", "gladiator__name"]
    inlines = [TreatmentInline]


@admin.register(TreatmentAttempt)
class TreatmentAttemptAdmin(admin.ModelAdmin):
    list_display = ["injury", "day", "at_ludus", "success", "seed"]
    list_filter = ["success", "at_ludus", "injury__gladiator__campaign"]
    readonly_fields = [
        "injury",
        "day",
        "medicus_intellect",
        "medicus_medicine",
        "at_ludus",
        "seed",
        "roll",
        "success",
    ]

    def has_add_permission(self, request) -> bool:
        return False  # only ludus.services.recovery.medicus_treat rolls the dice


class DignitasChangeInline(admin.TabularInline):
    model = DignitasChange
    extra = 0


class ElectionInline(admin.TabularInline):
    model = Election
    extra = 0


@admin.register(Editor)
class EditorAdmin(admin.ModelAdmin):
    list_display = ["name", "office", "base_dignitas", "dignitas", "player", "campaign"]
    list_filter = ["campaign"]
    search_fields = ["name", "office"]
    raw_id_fields = ["player"]
    inlines = [ElectionInline, DignitasChangeInline]

    @admin.display(description="Dignitas now")
    def dignitas(self, obj: Editor) -> int:
        return editor_dignitas(obj)


@admin.register(DignitasChange)
class DignitasChangeAdmin(admin.ModelAdmin):
    list_display = ["editor", "change", "reason", "day", "event"]
    list_filter = ["editor__campaign", "change"]
    search_fields = ["editor__name", "reason"]


@admin.register(Election)
class ElectionAdmin(admin.ModelAdmin):
    list_display = ["editor", "office", "year"]
    list_filter = ["editor__campaign"]


class FavorInline(admin.TabularInline):
    model = Favor
    extra = 0
    raw_id_fields = ["gladiator"]


@admin.register(Patron)
class PatronAdmin(admin.ModelAdmin):
    list_display = ["name", "lanista", "campaign"]
    list_filter = ["campaign"]
    search_fields = ["name"]
    inlines = [FavorInline]


@admin.register(Favor)
class FavorAdmin(admin.ModelAdmin):
    list_display = ["owed_by", "patron", "gladiator", "reason", "called_on", "called_for"]
    list_filter = ["patron__campaign", ("called_on", admin.EmptyFieldListFilter)]
    search_fields = ["owed_by", "patron__name", "reason"]
    raw_id_fields = ["gladiator"]
