"""`manage.py import_campaign FILE [--password PW]`: a campaign file into a new campaign.

A version 2 or 3 file (what `export_campaign` writes: 3) comes in whole, its ledger as the same
balanced transactions; a version 1 file (a setup, like fixtures/demo.json) is laid through the
services as `load_campaign` lays it. The file's users are the new campaign's members: existing
users of the same name are reused as they are, new ones get the password given (needed only
if the file names a user this database does not have). A bad file is refused with one line
naming the section and the item, exit status 2, and nothing is written.
"""

from django.core.management.base import BaseCommand, CommandError

from desk.campaign_archive import campaign_file_import
from desk.campaign_file import CampaignFileError, campaign_file_read
from ludus.errors import Refusal

UNREADABLE = "Cannot read the file {path!r}: {error}"


class Command(BaseCommand):
    help = "Import a campaign file (an export, or a setup like fixtures/demo.json)."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a campaign file (JSON)")
        parser.add_argument("--password", help="the password of users the file makes")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            data = campaign_file_read(path)
        except (OSError, ValueError) as error:
            raise CommandError(UNREADABLE.format(path=path, error=error), returncode=2) from error
        try:
            campaign = campaign_file_import(data, password=options["password"])
        except (CampaignFileError, Refusal) as error:
            raise CommandError(str(error), returncode=2) from error
        self.stdout.write(
            self.style.SUCCESS(f'Imported "{campaign.name}" as campaign {campaign.pk}.')
        )
