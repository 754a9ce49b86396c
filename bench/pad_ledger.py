"""Fill a generated campaign's ledger to a number of entries, for measuring the pages at the
issue's scale (200,000 entries) without an hour of generate_campaign.

    DATABASE_URL=sqlite:///scratch.sqlite3 .venv/bin/python manage.py generate_campaign \\
        --gladiators 1000 --shows 2000 --bouts 2000 --seed 1
    .venv/bin/python bench/pad_ledger.py sqlite:///scratch.sqlite3 210000
    .venv/bin/python bench/run.py --only pages --database-url sqlite:///scratch.sqlite3

The entries added are balanced two-leg transactions of cause "bet" (the bookmaker or the
market against a bettor's or an editor's purse, 100 to 5,000 sesterces), each tied to a random
bout of the campaign on its show's day, written in bulk past the services (setup, not measured);
the running balances move with them, as economy.ledger moves them (`manage.py ledger_check`
agrees). Only for a scratch database: it writes into the largest generated campaign there.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def main(url: str, target: int) -> None:
    os.environ["DATABASE_URL"] = url
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    os.environ.setdefault("DJANGO_DEBUG", "true")
    import django

    django.setup()
    from django.contrib.contenttypes.models import ContentType
    from django.db import transaction
    from django.db.models import F

    from arena.models import Bout
    from economy.models import Account, Entry, Transaction
    from ludus.models import Campaign

    campaign = Campaign.objects.filter(name__startswith="Generated").order_by("-pk").first()
    if campaign is None:
        raise SystemExit("pad_ledger: no generated campaign in that database")
    have = Entry.objects.filter(account__campaign=campaign).count()
    pairs = max(0, (target - have) // 2)
    people = list(Account.objects.filter(campaign=campaign, kind__in=["bettor", "purse"]))
    house = list(Account.objects.filter(campaign=campaign, kind__in=["bookmaker", "market"]))
    bouts = list(Bout.objects.filter(show__campaign=campaign).values_list("pk", "show__day"))
    kind = ContentType.objects.get_for_model(Bout)
    rng = random.Random(11)
    moved: dict[int, int] = {}
    with transaction.atomic():
        for start in range(0, pairs, 2_000):
            batch = []
            for index in range(start, min(pairs, start + 2_000)):
                bout, day = rng.choice(bouts)
                batch.append(
                    Transaction(
                        campaign=campaign,
                        cause=Transaction.Cause.BET,
                        memo="padding: a bet",
                        day=day,
                        idempotency_key=f"pad:{have}:{index}",
                        event_type=kind,
                        event_id=bout,
                    )
                )
            Transaction.objects.bulk_create(batch)
            entries = []
            for posted in batch:
                amount = rng.randint(1, 50) * 100
                entries.append(Entry(transaction=posted, account=rng.choice(house), amount=amount))
                entries.append(
                    Entry(transaction=posted, account=rng.choice(people), amount=-amount)
                )
            Entry.objects.bulk_create(entries, batch_size=1_000)
            for entry in entries:
                moved[entry.account_id] = moved.get(entry.account_id, 0) + entry.amount
        for pk, net in moved.items():
            Account.objects.filter(pk=pk).update(balance=F("balance") + net)
    now = Entry.objects.filter(account__campaign=campaign).count()
    print(f"{campaign.name}: {have:,} entries before, {now:,} now")


if __name__ == "__main__":
    if len(sys.argv) != 3:
        raise SystemExit("usage: bench/pad_ledger.py DATABASE_URL ENTRIES")
    main(sys.argv[1], int(sys.argv[2]))
