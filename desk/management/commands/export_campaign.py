"""`manage.py export_campaign ID > file.json`: the whole campaign as a campaign file (version 3).

Everything it holds: people, sheets, shows, bouts with their seeds, decisions and logs,
injuries, Favors, Dignitas history, books, bets and the whole ledger
(desk/campaign_archive.py; docs/campaign-file.md). `import_campaign` reads it back into a new
campaign. A campaign that does not exist is a one-line error, exit status 2.
"""

import json

from django.core.management.base import BaseCommand, CommandError

from desk.campaign_archive import campaign_export
from ludus.errors import Refusal
from ludus.limits import MAX_ID, check_range
from ludus.models import Campaign

NO_CAMPAIGN = "No campaign with id {id}."


class Command(BaseCommand):
    help = "Write a whole campaign as a campaign file (JSON) to standard output."

    def add_arguments(self, parser):
        parser.add_argument("campaign", type=int, help="the campaign's id")
        parser.add_argument("--output", "-o", help="write to this file instead")

    def handle(self, *args, **options):
        campaign_id = options["campaign"]
        try:
            check_range(campaign_id, field="campaign", low=1, high=MAX_ID)
        except Refusal as error:
            raise CommandError(str(error), returncode=2) from error
        campaign = Campaign.objects.filter(pk=campaign_id).first()
        if campaign is None:
            raise CommandError(NO_CAMPAIGN.format(id=campaign_id), returncode=2)
        text = json.dumps(campaign_export(campaign), indent=1, ensure_ascii=False)
        if options["output"]:
            try:
                with open(options["output"], "w", encoding="utf-8") as out:
                    out.write(text + "\n")
            except OSError as error:
                message = f"Cannot write {options['output']!r}: {error}"
                raise CommandError(message, returncode=2) from error
        else:
            self.stdout.write(text)
