"""`manage.py migrate`, which first upgrades a database made before the history was laid anew.

Everything else is Django's own migrate (desk/legacy.py says why and how).
"""

from django.core.management.commands.migrate import Command as DjangoMigrate

from desk import legacy


class Command(DjangoMigrate):
    def handle(self, *args, **options):
        database = options["database"]
        if legacy.needs_upgrade(database):
            if options["verbosity"]:
                self.stdout.write("Upgrading a database made before the layered history:")
            legacy.upgrade(database, stdout=self.stdout, verbosity=options["verbosity"])
        return super().handle(*args, **options)
