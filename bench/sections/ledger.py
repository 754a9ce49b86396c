"""4. The ledger: postings (each committed, in one transaction, on a full ledger), what a
posting costs at 2,000 entries and at 200,000, balances, the ledger selectors and what a
ledger page reads.

Django: this module imports the app's models at the top, so bench/run.py imports it only after
the harness's `Database` has set Django up (and migrated the bench database).
"""

from __future__ import annotations

import datetime
import random
from dataclasses import dataclass

from django.contrib.auth import get_user_model
from django.core.paginator import Paginator
from django.db import transaction
from django.db.models import F

from bench.harness import Report, Scale, at_least, at_most, median_seconds, ms, peak_mb, timed
from economy import accounts
from economy.ledger import (
    Leg,
    account_balance,
    balance_mismatches,
    balances,
    balances_from_entries,
    transaction_post,
)
from economy.models import Account, Bettor, Entry, Transaction
from economy.selectors.ledger import account_history, balances_by_party, ledger_csv_rows
from economy.selectors.visibility import ledger_listing, visible_balances
from ludus.access import Access
from ludus.models import Campaign, Editor, Lanista, Membership


@dataclass
class LedgerWorld:
    campaign: object
    market: object
    bookmaker: object
    people: list  # chests, purses: accounts that cannot be overdrawn
    hot: object  # the bettor's purse, which takes one leg of every filler transaction
    gm: object  # Access of the campaign's GM
    player: object  # Access of the player who owns the hot purse
    posted: int = 0


def ledger_world() -> LedgerWorld:
    stamp = datetime.datetime.now().strftime("%Y%m%d%H%M%S%f")
    campaign = Campaign.objects.create(name=f"Bench ledger {stamp}", day=1)
    users = get_user_model()
    gm_user, _ = users.objects.get_or_create(username="ludus-bench-gm")
    player_user, _ = users.objects.get_or_create(username="ludus-bench-player")
    gm = Membership.objects.create(campaign=campaign, user=gm_user, role="gm")
    player = Membership.objects.create(campaign=campaign, user=player_user, role="player")
    chests = [
        accounts.chest(Lanista.objects.create(campaign=campaign, name=f"Lanista {i}", school="L"))
        for i in range(10)
    ]
    purses = [
        accounts.purse(Editor.objects.create(campaign=campaign, name=f"Editor {i}", office="E"))
        for i in range(10)
    ]
    bettor = Bettor.objects.create(campaign=campaign, name="Bench bettor", player=player_user)
    hot = accounts.bettor_account(bettor)
    market = accounts.market(campaign)
    world = LedgerWorld(
        campaign=campaign,
        market=market,
        bookmaker=accounts.bookmaker(campaign),
        people=chests + purses,
        hot=hot,
        gm=Access(campaign=campaign, membership=gm),
        player=Access(campaign=campaign, membership=player),
    )
    for account in [*world.people, hot]:  # opening balances from the market, sesterces
        transaction_post(
            campaign=campaign,
            cause=Transaction.Cause.OPENING,
            memo=f"Opening balance of {account.name}",
            legs=[Leg(market, -10_000_000), Leg(account, 10_000_000)],
            idempotency_key=f"opening:{account.pk}",
        )
    return world


def post(world: LedgerWorld, payer, payee, amount: int):
    world.posted += 1
    return transaction_post(
        campaign=world.campaign,
        cause=Transaction.Cause.OTHER,
        memo="bench posting",
        legs=[Leg(payer, -amount), Leg(payee, amount)],
        idempotency_key=f"bench:{world.posted}",
    )


def post_between_people(world: LedgerWorld, count: int, rng: random.Random) -> None:
    for _ in range(count):
        payer, payee = rng.sample(world.people, 2)
        post(world, payer, payee, rng.randint(1, 800))


def fill_ledger(world: LedgerWorld, target_entries: int) -> int:
    """Bring the campaign to `target_entries` entries with balanced two-leg transactions
    written in bulk (setup, not measured); the hot purse takes one leg of each."""
    have = Entry.objects.filter(account__campaign=world.campaign).count()
    pairs = max(0, (target_entries - have) // 2)
    others = [*world.people, world.bookmaker, world.market]
    rng = random.Random(7)
    with transaction.atomic():
        moved: dict[int, int] = {}
        for start in range(0, pairs, 1_000):
            batch = [
                Transaction(
                    campaign=world.campaign,
                    cause=Transaction.Cause.BET,
                    memo="bench filler",
                    day=1,
                    idempotency_key=f"fill:{have}:{index}",
                )
                for index in range(start, min(pairs, start + 1_000))
            ]
            Transaction.objects.bulk_create(batch)
            entries = []
            for posted in batch:
                amount = rng.randint(1, 50) * rng.choice((1, -1))
                entries.append(Entry(transaction=posted, account=world.hot, amount=amount))
                entries.append(
                    Entry(transaction=posted, account=rng.choice(others), amount=-amount)
                )
            Entry.objects.bulk_create(entries, batch_size=500)
            for entry in entries:
                moved[entry.account_id] = moved.get(entry.account_id, 0) + entry.amount
        # The running balances move with the entries, as economy.ledger moves them (the
        # setup writes past the ledger for speed; the check below proves they agree).
        for pk, net in moved.items():
            Account.objects.filter(pk=pk).update(balance=F("balance") + net)
    return Entry.objects.filter(account__campaign=world.campaign).count()


def ledger_page(access) -> None:
    """What the ledger view reads (desk/views/ledger.py), without the template: the
    balances, the count for the paginator and the first page of 50 with their entries."""
    visible_balances(access)
    page = Paginator(ledger_listing(access), 50).get_page(1)
    for posted in page.object_list:
        list(posted.entries.all())


def posting_cost(scale: Scale, report: Report) -> None:
    """What one posting costs from the bettor's purse (which takes a leg of every filler
    entries) at `posting_small` entries and at `posting_large`: the same, as the overdraft
    check reads the payer's running balance instead of summing his entries."""
    world = ledger_world()
    rng = random.Random(3)
    costs = {}
    for size in (scale.posting_small, scale.posting_large):
        entries = fill_ledger(world, size)
        payer_entries = world.hot.entries.count()

        def posts() -> None:
            with transaction.atomic():
                for _ in range(scale.scale_posts):
                    post(world, world.hot, world.bookmaker, rng.randint(1, 50))

        post(world, world.hot, world.bookmaker, 1)  # warm: the first pays for the statements
        seconds = median_seconds(posts, 3)
        costs[size] = ms(seconds) / scale.scale_posts
        report.add(
            f"ledger.post.cost_at_{size}_ms",
            f"one posting at {entries:,} entries (payer has {payer_entries:,})",
            costs[size],
            "ms",
            at_most(10),
            note=f"median of 3 runs of {scale.scale_posts} postings in one transaction",
        )
    small, large = costs[scale.posting_small], costs[scale.posting_large]
    report.add(
        "ledger.post.cost_ratio",
        f"a posting at {scale.posting_large:,} entries over one at {scale.posting_small:,}",
        large / small,
        "x",
        at_most(1.5),
        note="1.0 is the same cost; the old sum of the payer's entries grew with them",
    )
    wrong = balance_mismatches(world.campaign)
    report.add(
        "ledger.balances.mismatches",
        "running balances that disagree with their entries (balance_mismatches)",
        float(len(wrong)),
        "",
        at_most(0),
    )


def run(scale: Scale, report: Report) -> None:
    report.section("4. Ledger (economy/ledger.py transaction_post, balances; selectors)")
    posting_cost(scale, report)
    world = ledger_world()
    rng = random.Random(1)

    # Each posting its own transaction, committed as a GM's click or a bet commits it.
    seconds, _ = timed(lambda: post_between_people(world, scale.durable_posts, rng))
    report.add(
        "ledger.post.durable_per_second",
        f"transaction_post, each committed, {scale.durable_posts:,} postings",
        scale.durable_posts / seconds,
        "/s",
        at_least(20),
        note="two legs each, the payer's balance checked; includes the commit's disk sync",
    )

    # Many postings inside one outer transaction, as a show's settlement makes them: the
    # ledger's own work (checks, locks, queries) without a disk sync per posting.
    def batch() -> None:
        with transaction.atomic():
            post_between_people(world, scale.batch_posts, rng)

    seconds, _ = timed(batch)
    report.add(
        "ledger.post.batch_per_second",
        f"transaction_post, {scale.batch_posts:,} postings in one transaction",
        scale.batch_posts / seconds,
        "/s",
        at_least(100),
    )

    entries = fill_ledger(world, scale.ledger_entries)
    hot_entries = world.hot.entries.count()
    cold = world.people[0]
    cold_entries = cold.entries.count()
    report.say(
        f"  (ledger filled to {entries:,} entries; the bettor's purse holds {hot_entries:,} "
        f"of them, a lanista's chest {cold_entries:,})"
    )

    def post_from(payer) -> None:
        with transaction.atomic():
            for _ in range(scale.scale_posts):
                post(world, payer, world.bookmaker, rng.randint(1, 50))

    seconds, _ = timed(lambda: post_from(cold))
    report.add(
        "ledger.post.full_cold_per_second",
        f"transaction_post at {entries:,} entries, payer has {cold_entries:,}",
        scale.scale_posts / seconds,
        "/s",
        at_least(100),
    )
    seconds, _ = timed(lambda: post_from(world.hot))
    report.add(
        "ledger.post.full_hot_per_second",
        f"transaction_post at {entries:,} entries, payer has {hot_entries:,}",
        scale.scale_posts / seconds,
        "/s",
        at_least(100),
        note="the overdraft check reads the payer's running balance, not his entries",
    )

    every = list(Account.objects.filter(campaign=world.campaign))
    reads = [
        (
            "ledger.balances.all_ms",
            f"balances() of all {len(every)} accounts over {entries:,} entries",
            lambda: balances(every),
            50,
            5,
        ),
        (
            "ledger.balances.one_ms",
            f"account_balance() of one account ({hot_entries:,} entries)",
            lambda: account_balance(world.hot),
            10,
            None,
        ),
        (
            "ledger.balances.from_entries_ms",
            f"balances_from_entries() of all {len(every)} accounts (what ledger_check sums)",
            lambda: balances_from_entries(every),
            100,
            5,
        ),
        (
            "ledger.selectors.balances_by_party_ms",
            "selectors.balances_by_party() (every account, balance, owner)",
            lambda: list(balances_by_party(campaign=world.campaign)),
            100,
            5,
        ),
        (
            "ledger.selectors.account_history_ms",
            f"selectors.account_history() of the {hot_entries:,}-entry purse",
            lambda: account_history(account=world.hot),
            500,
            50,
        ),
        (
            "ledger.page.gm_ms",
            "ledger page reads, the GM: balances, count, first 50",
            lambda: ledger_page(world.gm),
            100,
            5,
        ),
        (
            "ledger.page.player_ms",
            "ledger page reads, the player who owns the purse",
            lambda: ledger_page(world.player),
            100,
            5,
        ),
        (
            "ledger.csv.whole_ms",
            f"selectors.ledger_csv_rows(), the whole ledger ({entries:,} rows)",
            lambda: sum(1 for _ in ledger_csv_rows(campaign=world.campaign)),
            2_000,
            100,
        ),
    ]
    for key, label, call, target_ms, target_mb in reads:
        call()  # the first call pays for compiling the query; the figure is the steady one
        report.add(key, label, ms(median_seconds(call, scale.repeats)), "ms", at_most(target_ms))
        if target_mb is not None:
            report.add(
                key.replace("_ms", "_peak_memory"),
                "  peak memory of the same",
                peak_mb(call),
                "MB",
                at_most(target_mb),
            )
