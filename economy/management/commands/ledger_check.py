"""`ledger_check`: every account's running balance, and what it moved each day, summed again
from its entries.

    manage.py ledger_check                 # every campaign
    manage.py ledger_check --campaign 3    # one campaign

Prints one line per account whose kept balance differs from the sum of its entries (and one
per account and day whose kept movement, economy.models.AccountDay, differs from the sum of
that day's entries) and exits with status 1 if there is any (a bad --campaign:
status 2); otherwise a line saying how many accounts agree.
"""

from django.core.management.base import BaseCommand, CommandError

from economy.ledger import balance_mismatches, day_mismatches
from economy.models import Account
from ludus.errors import Refusal
from ludus.limits import MAX_ID, check_range
from ludus.models import Campaign

MISMATCH = "{account} (account #{pk}): kept {kept:,} sesterces, its entries sum to {summed:,}"
DAY_MISMATCH = (
    "Account #{pk} on day {day}: kept {kept:+,} sesterces moved, its entries sum to {summed:+,}"
)


class Command(BaseCommand):
    help = "Check every account's running balance against the sum of its entries."

    def add_arguments(self, parser):
        parser.add_argument("--campaign", type=int, help="only this campaign's accounts (its id)")

    def handle(self, *args, **options):
        campaign = None
        chosen = options.get("campaign")
        if chosen is not None:
            try:
                check_range(chosen, field="--campaign", low=1, high=MAX_ID)
            except Refusal as error:
                raise CommandError(str(error), returncode=2) from error
            campaign = Campaign.objects.filter(pk=chosen).first()
            if campaign is None:
                raise CommandError(f"--campaign: no campaign with id {chosen}.", returncode=2)
        wrong = balance_mismatches(campaign)
        for found in wrong:
            self.stdout.write(
                MISMATCH.format(
                    account=found.account,
                    pk=found.account.pk,
                    kept=found.kept,
                    summed=found.summed,
                )
            )
        wrong_days = day_mismatches(campaign)
        for day in wrong_days:
            pk, kept, summed = day.account_id, day.kept, day.summed
            self.stdout.write(DAY_MISMATCH.format(pk=pk, day=day.day, kept=kept, summed=summed))
        if wrong or wrong_days:
            raise CommandError(
                f"{len(wrong)} account(s) and {len(wrong_days)} account day(s) disagree with "
                "their entries.",
                returncode=1,
            )
        accounts = Account.objects.all()
        if campaign is not None:
            accounts = accounts.filter(campaign=campaign)
        self.stdout.write(
            f"{accounts.count():,} accounts agree with their entries, day by day as in all."
        )
