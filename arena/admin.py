"""The games in Django's admin. A fought bout's seed, inputs, decisions and log are what the
engine replays, so they are shown read-only once the bout has begun; verdicts are written by
arena.services.bouts and are read-only here."""

from django.contrib import admin

from arena.models import Bout, BoutEntry, Race, RaceEntry, Show, Verdict
from arena.selectors.records import gladiator_record
from ludus.admin import InjuryInline, PriorRecordInline
from ludus.models import Gladiator
from ludus.selectors.people import is_hurt

ENGINE_FIELDS = ["seed", "engine_version", "setup", "decisions", "log", "rounds"]
RESULT_FIELDS = ["status", "end_reason"]
ENTRY_RESULT_FIELDS = ["standing", "result", "fate"]


class BoutInline(admin.TabularInline):
    model = Bout
    extra = 0
    fields = ["order", "kind", "status"]
    readonly_fields = ["status"]
    show_change_link = True


class BoutEntryInline(admin.TabularInline):
    """A bout's entrants; once it has begun, who fought and how it ended are the engine's."""

    model = BoutEntry
    extra = 0
    fields = ["side", "gladiator", "name", "orders", *ENTRY_RESULT_FIELDS]
    raw_id_fields = ["gladiator"]

    def get_readonly_fields(self, request, obj=None):
        if obj is None or obj.status == Bout.Status.PLANNED:
            return ENTRY_RESULT_FIELDS
        return ["side", "gladiator", "name", "orders", *ENTRY_RESULT_FIELDS]


class RaceInline(admin.TabularInline):
    model = Race
    extra = 0
    fields = ["name", "status", "prize_purses"]
    readonly_fields = ["status"]
    show_change_link = True


@admin.register(Show)
class ShowAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "editor", "venue", "year", "day", "status", "campaign"]
    list_filter = ["campaign", "kind", "venue", "status"]
    search_fields = ["name", "editor__name"]
    inlines = [BoutInline, RaceInline]


@admin.register(Bout)
class BoutAdmin(admin.ModelAdmin):
    list_display = ["__str__", "show", "order", "kind", "status", "end_reason", "rounds"]
    list_filter = ["show__campaign", "status", "kind", "end_reason"]
    search_fields = ["entries__gladiator__name", "entries__name", "show__name"]
    raw_id_fields = ["show"]
    readonly_fields = ENGINE_FIELDS + RESULT_FIELDS
    inlines = [BoutEntryInline]


@admin.register(Verdict)
class VerdictAdmin(admin.ModelAdmin):
    list_display = [
        "bout",
        "loser_favor",
        "crowd_call",
        "editor_act",
        "appeal_success",
        "loser_died",
        "dignitas_change",
    ]
    list_filter = ["crowd_call", "editor_act", "loser_died", "bout__show__campaign"]
    search_fields = ["bout__entries__gladiator__name"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


class RaceEntryInline(admin.TabularInline):
    model = RaceEntry
    extra = 0
    raw_id_fields = ["driver"]


@admin.register(Race)
class RaceAdmin(admin.ModelAdmin):
    list_display = ["name", "show", "status", "legs_run", "prize_purses"]
    list_filter = ["status", "show__campaign"]
    search_fields = ["name", "show__name"]
    readonly_fields = ["seed", "engine_version", "legs_run", "log"]
    inlines = [RaceEntryInline]


@admin.register(RaceEntry)
class RaceEntryAdmin(admin.ModelAdmin):
    list_display = ["driver", "race", "faction", "chariot", "lane", "distance", "won"]
    list_filter = ["faction", "chariot", "won", "race__show__campaign"]
    search_fields = ["driver__name", "faction"]
    raw_id_fields = ["driver"]


# A man's record comes from his bouts, so his admin page sits with the arena.
@admin.register(Gladiator)
class GladiatorAdmin(admin.ModelAdmin):
    list_display = [
        "name",
        "armatura",
        "owner",
        "status",
        "legal_status",
        "record",
        "wounds",
        "hurt",
        "price_purses",
        "campaign",
    ]
    list_filter = ["campaign", "status", "legal_status", "armatura", "is_charioteer", "owner"]
    search_fields = ["name", "faction"]
    inlines = [PriorRecordInline, InjuryInline]

    @admin.display(description="record (W-L-D)")
    def record(self, obj: Gladiator) -> str:
        return str(gladiator_record(obj))

    @admin.display(boolean=True)
    def hurt(self, obj: Gladiator) -> bool:
        return is_hurt(obj)
