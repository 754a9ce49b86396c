"""`manage.py generate_campaign`: a large campaign built through the services, for measuring.

    manage.py generate_campaign --gladiators 1000 --shows 2000 --bouts 20000 --seed 1

Every man, show, hire, book, bet and bout is written by the services the pages use
(desk/generate.py); the same seed builds the same campaign. A progress line goes to stderr
every ten shows; the summary to stdout. An option out of its bounds is a one-line error and
exit status 2, and nothing is written.
"""

from django.core.management.base import BaseCommand, CommandError

from desk.generate import GenerateError, generate_campaign
from ludus.limits import MAX_SEED


class Command(BaseCommand):
    help = "Build a large campaign (men, shows, bouts, bets, a big ledger) through the services."

    def add_arguments(self, parser):
        parser.add_argument("--gladiators", type=int, default=1000, help="men at the start")
        parser.add_argument("--shows", type=int, default=2000, help="shows held")
        parser.add_argument("--bouts", type=int, default=20000, help="bouts fought in all")
        parser.add_argument("--seed", type=int, default=1, help="the same seed, the same campaign")
        parser.add_argument("--gm", default="gm", help="the GM's username (made if missing)")
        parser.add_argument("--quiet", action="store_true", help="no progress lines on stderr")

    def handle(self, *args, **options):
        seed = options["seed"]
        if not 0 <= seed <= MAX_SEED:
            raise CommandError(f"--seed: from 0 to {MAX_SEED:,}; got {seed:,}.", returncode=2)
        gm = (options["gm"] or "").strip()
        if not gm or len(gm) > 150:
            raise CommandError("--gm: a username of 1 to 150 characters.", returncode=2)

        def progress(line: str) -> None:
            if not options["quiet"]:
                self.stderr.write(line)
                self.stderr.flush()

        try:
            made = generate_campaign(
                gladiators=options["gladiators"],
                shows=options["shows"],
                bouts=options["bouts"],
                seed=seed,
                gm_username=gm,
                progress=progress,
            )
        except GenerateError as error:
            raise CommandError(str(error), returncode=2) from error
        self.stdout.write(
            f"Campaign #{made.campaign.pk} “{made.campaign.name}”: {made.shows:,} shows, "
            f"{made.bouts:,} bouts, {made.recruits:,} men recruited as others fell, "
            f"{made.entries:,} ledger entries, day {made.campaign.day}; {made.seconds:.0f} s."
        )
