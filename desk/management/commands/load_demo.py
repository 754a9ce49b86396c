"""`manage.py load_demo [--if-empty] [--ruleset era|sands|moritari]`: write a demo campaign:
"Capua and Rome, 50 BC" (the Era rules, the default) or another ruleset's (its plug-in's demo file).

The demo's users (gm, nerva, eros) are created here and nowhere else; an existing user of the
same name is reused as he is (his password is not touched). `--if-empty` does nothing when any
campaign exists, so `make run` can call it every time.
"""

from django.core.management.base import BaseCommand, CommandError

from desk.demo import DEMO_PASSWORD, demo_build, demo_exists, demo_name, demo_rulesets
from ludus.models import Campaign, default_ruleset

ALREADY_LOADED = 'The demo campaign "{name}" is already loaded.'
NOT_EMPTY = "A campaign exists already; the demo was not loaded (--if-empty)."

ROLES = {
    "gm": "game master",
    "nerva": "player: Nerva, the lanista at Capua",
    "eros": "player: Eros the gambler",
    "lentulus": "player: Lentulus Batiatus, the lanista (Moritari demo)",
    "scaurus": "player: Scaurus, the lanista (Moritari demo)",
}


class Command(BaseCommand):
    help = 'Load the demo campaign "Capua and Rome, 50 BC" and its users (gm, nerva, eros).'

    def add_arguments(self, parser):
        parser.add_argument(
            "--if-empty",
            action="store_true",
            help="do nothing if any campaign exists (for make run)",
        )
        parser.add_argument(
            "--ruleset",
            choices=demo_rulesets(),
            default=default_ruleset(),
            help="whose demo campaign (fixtures/demo*.json): " + ", ".join(demo_rulesets()),
        )

    def handle(self, *args, **options):
        if options["if_empty"] and Campaign.objects.exists():
            self.stdout.write(NOT_EMPTY)
            return
        ruleset = options["ruleset"]
        if demo_exists(ruleset):
            raise CommandError(ALREADY_LOADED.format(name=demo_name(ruleset)))
        demo = demo_build(ruleset)
        campaign = demo.campaign
        fighters = sum(1 for man in demo.men.values() if not man.is_charioteer)
        drivers = len(demo.men) - fighters
        self.stdout.write(
            self.style.SUCCESS(
                f'Loaded "{campaign.name}" (campaign {campaign.pk}): {len(demo.lanistae)} '
                f"schools, {fighters} gladiators, {drivers} charioteers, {len(demo.editors)} "
                f"editors, {len(demo.shows)} shows planned."
            )
        )
        self.stdout.write("Log in as:")
        width = max(len(name) for name in demo.users)
        for username, (_user, created) in demo.users.items():
            password = (
                f"password: {DEMO_PASSWORD}" if created else "existing user, password unchanged"
            )
            role = ROLES.get(username, "player")
            self.stdout.write(f"  {username:<{width}}  {password}  ({role})")
