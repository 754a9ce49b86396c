"""`manage.py load_campaign FILE --password PW`: write the campaign a campaign file describes.

The file's format is desk/campaign_file.py's (fixtures/demo.json is one: copy it to start a
campaign of your own). New users get the password given; existing users are reused as they
are. A file that breaks a rule is refused with one line naming the section and the item, exit
status 2, and nothing is written.
"""

from django.core.management.base import BaseCommand, CommandError

from desk.campaign_archive import campaign_import
from desk.campaign_file import (
    SETUP_VERSION,
    CampaignFileError,
    campaign_file_load,
    campaign_file_read,
    campaign_file_version,
)
from ludus.errors import Refusal

UNREADABLE = "Cannot read the file {path!r}: {error}"  # repr: one line, whatever its name
REFUSED = "Cannot load the file {path!r}: {error}"  # the file named, whichever part refused


class Command(BaseCommand):
    help = "Load a campaign file (fixtures/demo.json is one) into a new campaign."

    def add_arguments(self, parser):
        parser.add_argument("file", help="a campaign file (JSON)")
        parser.add_argument("--password", required=True, help="the password of new users")

    def handle(self, *args, **options):
        path = options["file"]
        try:
            data = campaign_file_read(path)
        except (OSError, ValueError) as error:  # JSON and UTF-8 errors, a NUL in the name
            raise CommandError(UNREADABLE.format(path=path, error=error), returncode=2) from error
        try:
            if campaign_file_version(data) != SETUP_VERSION:
                # An export (version 2 or 3) comes in whole, as import_campaign brings it.
                campaign = campaign_import(data, password=options["password"])
                self.stdout.write(self.style.SUCCESS(f'Loaded "{campaign.name}" ({campaign.pk}).'))
                return
            loaded = campaign_file_load(data, password=options["password"])
        except (CampaignFileError, Refusal) as error:
            raise CommandError(REFUSED.format(path=path, error=error), returncode=2) from error
        campaign = loaded.campaign
        self.stdout.write(
            self.style.SUCCESS(
                f'Loaded "{campaign.name}" (campaign {campaign.pk}): {len(loaded.men)} men, '
                f"{len(loaded.shows)} shows."
            )
        )
