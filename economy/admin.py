"""The economy in Django's admin: a window on the ledger, never a way around it.

Money moves only through economy.ledger (and the services built on it), so the admin shows
Transactions and Entries read-only: no add, change or delete. A Hire is written with its
transaction by the contract services (economy.services.hire, trade, corrections), so it is
read-only here as well. Bettors and the names of Accounts may be edited; an account's kind and
owner are fixed once it exists.
"""

from django.contrib import admin

from economy.models import Account, Bet, Bettor, Book, Entry, Hire, Transaction


class ReadOnlyAdminMixin:
    """No add, change or delete: the admin may look but never write."""

    def has_add_permission(self, request, obj=None) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False

    def has_delete_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Bettor)
class BettorAdmin(admin.ModelAdmin):
    list_display = ["name", "campaign", "player"]
    list_filter = ["campaign"]
    search_fields = ["name"]
    raw_id_fields = ["player"]


@admin.register(Account)
class AccountAdmin(admin.ModelAdmin):
    list_display = ["name", "kind", "campaign"]
    list_filter = ["campaign", "kind"]
    search_fields = ["name"]
    raw_id_fields = ["lanista", "gladiator", "editor", "bettor"]

    def get_readonly_fields(self, request, obj=None):
        if obj is None:
            return []
        # Entries point at this account: moving it to another owner would move its money.
        return ["campaign", "kind", "lanista", "gladiator", "editor", "bettor"]


class EntryInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Entry
    fields = ["account", "amount"]
    readonly_fields = ["account", "amount"]
    extra = 0
    can_delete = False


@admin.register(Transaction)
class TransactionAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["pk", "campaign", "day", "cause", "memo", "event", "created"]
    list_filter = ["campaign", "cause"]
    search_fields = ["memo", "idempotency_key"]
    list_select_related = ["campaign"]
    inlines = [EntryInline]


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["pk", "transaction", "account", "amount"]
    list_filter = ["account__campaign", "account__kind"]
    list_select_related = ["transaction", "account"]


@admin.register(Hire)
class HireAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["gladiator", "event", "lanista", "kind", "price", "favor_called"]
    list_filter = ["kind", "favor_called"]
    list_select_related = ["gladiator", "lanista"]


# --- the betting book (economy.services.betting writes these with their transactions) ------


class BetInline(ReadOnlyAdminMixin, admin.TabularInline):
    model = Bet
    fields = ["bettor", "side_name", "stake", "odds_label", "day", "transaction"]
    readonly_fields = fields
    extra = 0
    can_delete = False


@admin.register(Book)
class BookAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    """Read-only: a book's line, status and money change only through the betting service."""

    list_display = ["__str__", "campaign", "source", "status", "opened_day", "closed_day"]
    list_filter = ["campaign", "status", "source"]
    list_select_related = ["campaign"]
    inlines = [BetInline]


@admin.register(Bet)
class BetAdmin(ReadOnlyAdminMixin, admin.ModelAdmin):
    list_display = ["pk", "bettor", "book", "side_name", "stake", "odds_label", "day"]
    list_filter = ["book__campaign", "book__status"]
    list_select_related = ["bettor", "book", "fighter"]
