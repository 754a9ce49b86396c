"""A bout, from the campaign to the engine and back (seed, THE BOUT; THE EDITOR'S DECISION).

`bout_setup` builds the engine's inputs from the campaign; `bout_fight` runs (or replays) the
engine from the bout's seed and the GM's decisions and records what it settled; `bout_decide`
is the editor's decision and everything that follows from it (death, Dignitas, the purse, the
lanista's price for a man given the sword, an auctoratus's contract). Each is one atomic
step: if any part raises, nothing of it is written.

The bout is replayed whole on every call (the engine is deterministic from its seed and the
decisions), so a bout fought round by round ends exactly as one fought at once.
"""

from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from arena.book.services import bout_book_close
from arena.errors import BoutError
from arena.models import Bout, BoutEntry, Verdict
from arena.rulesets import plugin_for
from arena.rulesets.base import Fought
from arena.services.calendar import show_follow, show_to_its_day
from economy.models import SESTERCES_PER_PURSE as PURSE
from economy.money import format_price
from economy.selectors.visibility import party_balance
from economy.services.hire import sword_given_charge
from economy.services.purses import purse_pay, purse_pay_each, verdict_cost_most
from ludus.errors import AlreadyDone
from ludus.models import DignitasChange, Gladiator, Injury
from ludus.selectors.people import gladiator_figures
from ludus.services.ludus import contract_count_down
from ludus.signals import DIED, gladiator_left
from ludus.validation import full_clean_held
from rules.core.seeds import new_seed

BOUT_OVER = "This bout is over ({status}); it cannot be fought again."
NOT_AWAITING = "This bout is not waiting for the editor ({status})."
ALREADY_DECIDED = "The editor has already decided this bout."
SEED_MISMATCH = "This bout is being fought with seed {stored}; it cannot change to {given}."
ENGINE_CHANGED = (
    "This bout was begun with engine {stored}, which this server cannot replay (it runs "
    "{current}); it cannot be fought on."
)
FIGHTER_UNAVAILABLE = "{name} is {status} and cannot fight."
BAD_CHOICE = "The editor's choice must be missio or sword; got {choice!r}."
BAD_ROUNDS = "Fight at least one round; got {rounds!r}."
VOID_IN_ADVANCE = (
    "Moving the calendar to day {day} for {show}, this bout became void ({reason}): nothing was "
    "fought and the calendar stands. Advance to day {day} on the Recovery page first, then "
    "fight the rest of the card."
)
CHOICE_DONE = (
    "Already done: this page was drawn when the bout held {at} answers, and it holds {held}. "
    "Nothing more was answered or fought; here it is as it stands."
)
ROUND_DONE = (
    "Already done: this page was drawn after round {at}, and the bout stands after round "
    "{rounds}. Nothing more was fought; here it is as it stands."
)
PURSE_SHORT = (
    "{editor}'s purse holds {have}; his decision on this bout may cost up to {need}, the "
    "winner's purse and the sword's price, so {missing} is missing. Fund his purse on the "
    "ledger page first."
)

WINNER_AT_SIX = "Games ended with a winner at Crowd Favor 6"
DEFIED_RELEASE = "Refused missio while the crowd shouted for release"
DEFIED_SWORD = "Granted missio while the crowd called for the sword"


# --- inputs ------------------------------------------------------------------------------


# --- fighting ----------------------------------------------------------------------------


def _check_can_fight(bout: Bout, adapter) -> None:
    if bout.status in (Bout.Status.AWAITING_VERDICT, Bout.Status.DONE, Bout.Status.VOID):
        raise BoutError(BOUT_OVER.format(status=bout.get_status_display().lower()))
    # At every round, not only the first: a man dead, freed or sold since does not fight on.
    for man in bout.fighters:
        _check_fit(man, adapter, first_round=bout.status == Bout.Status.PLANNED)
    if bout.status == Bout.Status.PLANNED:
        _check_verdict_paid_for(bout)
    elif not adapter.can_replay(bout.engine_version):
        raise BoutError(
            ENGINE_CHANGED.format(stored=bout.engine_version, current=adapter.engine_version)
        )


def _check_fit(man: Gladiator, adapter, *, first_round: bool) -> None:
    man.refresh_from_db(fields=["status", "wounds"])
    if man.status not in (Gladiator.Status.ACTIVE, Gladiator.Status.RUDIARIUS):
        raise BoutError(
            FIGHTER_UNAVAILABLE.format(name=man.name, status=man.get_status_display().lower())
        )
    if not first_round:
        return  # his Wounds in the bout are the engine's; those he carried in were checked
    wound_points = gladiator_figures(man)["wound_points"]
    if adapter.incapacitated(man.wounds, wound_points):
        # A ruleset may say it in its own words (Sands: a location with no free box).
        raise BoutError(
            adapter.incapacitated_message.format(
                name=man.name, wounds=man.wounds, wound_points=wound_points
            )
        )


def _check_verdict_paid_for(bout: Bout) -> None:
    """The editor's purse must hold what his decision may cost before the pair fight, or the
    bout would wait for him for ever: the winner's purse at its dearest and the sword's price
    for the dearer man (less a hire the price replaces)."""
    editor = bout.show.editor
    most = plugin_for(bout.show.campaign.ruleset).most_cost(bout)
    # A fight that pays its purses on the sand (Moritari) needs at most a purse a man.
    need = verdict_cost_most(bout=bout) if most is None else most * PURSE
    have = party_balance(editor)
    if have < need:
        raise BoutError(
            PURSE_SHORT.format(
                editor=editor.name,
                have=format_price(have),
                need=format_price(need),
                missing=format_price(need - have),
            )
        )


@transaction.atomic
def bout_fight(
    *,
    bout: Bout,
    seed: int | None = None,
    decisions=(),
    rounds: int | None = None,
    user=None,
    auto_decide: bool = True,
    at_round: int | None = None,
    answered: int | None = None,
) -> Bout:
    """Fight a bout (to the end, or `rounds` more rounds), recording what the engine settles.

    `decisions` answer the choices the fighters' orders leave to the GM; they are added to the
    bout's own. An unfinished bout (rounds, or a choice pending) is left `fighting` with its
    log. A finished one records the result, the new injuries and the Wounds carried out (the
    engine starts each man at the Wounds he carried in, so only the bout's own are added), and
    waits for the editor — unless the crowd's call leaves him no choice (release or the sword)
    and `auto_decide`, when the decision is made at once.

    `at_round` (the round the page was drawn at) and `answered` (the number of answers the bout
    held then) are the state a post was meant for: a repeat or a stale tab is AlreadyDone.
    """
    # Lock the bout: two clicks on "fight" must not fight it twice.
    bout = _locked(bout)
    if at_round is not None and at_round != bout.rounds:
        # The page was drawn at another round: a repeated click or a stale tab fights nothing.
        raise AlreadyDone(ROUND_DONE.format(at=at_round, rounds=bout.rounds))
    if answered is not None and answered != len(bout.decisions):
        # An answer sent for a choice already answered: it would answer a later question
        # nobody was asked, and fight a round more.
        raise AlreadyDone(CHOICE_DONE.format(at=answered, held=len(bout.decisions)))
    if bout.status == Bout.Status.PLANNED and bout.show.day != bout.show.campaign.day:
        bout = _to_its_day(bout, user)
    adapter = plugin_for(bout.show.campaign.ruleset)
    _check_can_fight(bout, adapter)
    if rounds is not None and (isinstance(rounds, bool) or rounds < 1):
        raise BoutError(BAD_ROUNDS.format(rounds=rounds))
    if bout.seed is None:
        bout.seed = new_seed() if seed is None else seed
    elif seed is not None and seed != bout.seed:
        raise BoutError(SEED_MISMATCH.format(stored=bout.seed, given=seed))
    if not bout.setup:
        bout.setup = adapter.setup_data(bout)
    all_decisions = list(bout.decisions) + adapter.decision_data(decisions)
    fought = adapter.fight(bout, all_decisions, rounds)

    bout.engine_version = fought.engine_version
    bout.decisions = fought.decisions
    bout.log = fought.events
    bout.rounds = fought.rounds
    for end in fought.entrants:
        entry = _entry_of(bout, end)
        entry.standing = end.standing
        entry.save(update_fields=["standing"])
    if not fought.finished:
        bout.status = Bout.Status.FIGHTING
        full_clean_held(bout)
        bout.save()
        return bout
    _record_end(bout, fought)
    # The bets are paid when the pair separate, on the winner, not after the decision (BETS).
    bout_book_close(bout=bout, user=user if user is not None and user.is_authenticated else None)
    no_choice = auto_decide and bout.status == Bout.Status.AWAITING_VERDICT
    if no_choice and crowd_call(bout, _loser_favor(bout)) != Verdict.Call.DIVIDED:
        _decide(bout, editor_choice=None, user=None)  # the crowd's call: nobody chose
    return bout


def _to_its_day(bout: Bout, user) -> Bout:
    """Fought on its show's day: the calendar moves there first (arena.services.calendar), or a
    missed show is moved to today. The bout is read again: the nights moved Wounds, and may
    have voided it (a man dead of an untreated injury), which is refused (nothing written)."""
    if show_to_its_day(show=bout.show, user=user) is None:
        return _locked(bout)  # a missed show: its day is today's now
    bout = _locked(bout)
    if bout.status == Bout.Status.VOID:
        raise BoutError(
            VOID_IN_ADVANCE.format(day=bout.show.day, show=bout.show, reason=bout.void_reason)
        )
    return bout


def _locked(bout: Bout) -> Bout:
    bout = (
        Bout.objects.select_for_update(of=("self",))
        # The editor's purse with him (reverse one-to-one): the winner's purse is paid from
        # it, which economy.accounts would otherwise read again.
        .select_related("show__campaign", "show__editor", "show__editor__purse")
        .prefetch_related("entries__gladiator")
        .get(pk=bout.pk)
    )
    _share_campaign(bout)
    return bout


def _share_campaign(bout: Bout) -> None:
    """Give each man of the bout the campaign row read with its show: his figures, `clean` and
    `save` read the campaign's ruleset, a query a man each time without this."""
    campaign = bout.show.campaign
    for entry in bout.entrants:
        if entry.gladiator is not None and entry.gladiator.campaign_id == campaign.pk:
            entry.gladiator.campaign = campaign


def _entry_of(bout: Bout, end) -> BoutEntry:
    """The entry an EntrantEnd is about: named by pk (several men a side), else by its side."""
    if end.entry is not None:
        return next(entry for entry in bout.entrants if entry.pk == end.entry)
    return bout.entry(end.side)


def _record_end(bout: Bout, fought: Fought) -> None:
    """The settled outcome: results, injuries, Wounds carried out, deaths on the sand."""
    day = bout.show.campaign.day
    bout.end_reason = fought.end_reason
    carried_in = {side: spec.get("wounds", 0) for side, spec in _entrant_setups(bout).items()}
    for end in fought.entrants:
        entry = _entry_of(bout, end)
        if fought.winner is None:
            entry.result = BoutEntry.Result.DREW
        else:
            won = end.side == fought.winner
            entry.result = BoutEntry.Result.WON if won else BoutEntry.Result.LOST
        if end.fate:
            entry.fate = end.fate  # settled on the sand (Sands: the appeal; Moritari: the thumb)
        elif end.dead:
            entry.fate = BoutEntry.Fate.DEAD
        elif entry.result != BoutEntry.Result.LOST or not fought.verdict_due:
            entry.fate = BoutEntry.Fate.WALKED_OUT  # a loser's fate waits for the editor
        man = None
        if entry.gladiator_id is not None:
            # His owner read with him (his row only locked, as before) and the campaign the bout
            # holds: `full_clean` and `save` read both, a query each without this.
            man = (
                Gladiator.objects.select_for_update(of=("self",))
                .select_related("owner")
                .get(pk=entry.gladiator_id)
            )
            # The school he fought for, as the bout of record will show it (issue 27).
            entry.school = man.owner.school if man.owner_id else ""
        # Only result, fate and school change, in no unique field or constraint: those are not
        # asked of the database again (their fields were checked when the entry was made).
        full_clean_held(entry, validate_unique=False, validate_constraints=False)
        entry.save(update_fields=["result", "fate", "school"])
        if man is None:
            continue  # a hired opponent: nothing of his is kept in the campaign
        if man.campaign_id == bout.show.campaign_id:
            man.campaign = bout.show.campaign
        for taken in end.injuries:
            injury = Injury(
                gladiator=man,
                name=taken.name,
                table_roll=taken.table_roll,
                severity=taken.severity,
                effect=taken.effect,
                event=bout,
                day_taken=day,
            )
            full_clean_held(injury)
            injury.save()
        # The engine began him at the Wounds frozen in the setup and ends him at end.wounds,
        # so he carries out what he has now plus the bout's own: the engine's figure, unless
        # his Wounds moved while the bout was fought (or it was begun before setups kept them).
        came_in = carried_in.get(end.side, 0) if end.wounds_in is None else end.wounds_in
        man.wounds += end.wounds - came_in
        fields = ["wounds"]
        if end.dead:
            man.status = Gladiator.Status.DEAD
            fields.append("status")
        full_clean_held(man)
        man.save(update_fields=fields)
    if fought.verdict_due:
        bout.status = Bout.Status.AWAITING_VERDICT
        full_clean_held(bout)
        bout.save()
    else:
        # No decision to make: a draw, or a man killed by his injury on the sand.
        bout.status = Bout.Status.DONE
        full_clean_held(bout)
        bout.save()
        if fought.purses is not None:
            _after_shared(bout, fought.purses)
            return
        for change in _six_gain(bout):
            change.save()
        _after(bout)


def _after_shared(bout: Bout, purses: dict[int, int]) -> None:
    """A fight that pays on the sand (Moritari): each man named gets his purses, then the
    contracts count down, as after any bout."""
    for entry in bout.entrants:
        if purses.get(entry.pk) and entry.gladiator is not None:
            purse_pay_each(bout=bout, gladiator=entry.gladiator, purses=purses[entry.pk])
    _count_down(bout)


def _entrant_setups(bout: Bout) -> dict[str, dict]:
    """Each side's inputs as the bout was set up (the Wounds he carried in, ...)."""
    setup = bout.setup or {}
    corners = {entry.side: setup.get(entry.side) for entry in bout.entrants}
    return {side: corner if isinstance(corner, dict) else {} for side, corner in corners.items()}


# --- the editor's decision ---------------------------------------------------------------


def crowd_call(bout: Bout, loser_favor: int) -> str:
    """The crowd's call over the loser, by the bout's ruleset."""
    return plugin_for(bout.show.campaign.ruleset).crowd_call(loser_favor)


def appeal_appellant(bout: Bout):
    """Who would appeal for the loser of a bout awaiting its verdict, and his pool."""
    return plugin_for(bout.show.campaign.ruleset).appeal_appellant(bout)


def _loser_favor(bout: Bout) -> int:
    return bout.losing_entry.standing


def _winner_favor(bout: Bout) -> int:
    return bout.winning_entry.standing


@transaction.atomic
def bout_decide(*, bout: Bout, editor_choice: str | None = None, user=None) -> Verdict:
    """The editor's decision on a bout that waits for it, and all that follows from it.

    `editor_choice` ("missio" or "sword") is the editor's in the divided band (default missio);
    in the other bands the crowd's call stands unless he defies it (and loses 1 Dignitas). At
    0-2 the loser or his lanista, whichever has the better pool, appeals first (Hard Charm); a
    successful appeal wins missio outright.

    `user` is the person who decided (the verdict names him); None when nobody chose and the
    rules took it (the crowd's call, the default): the verdict then says so, never a person.
    """
    return _decide(_locked(bout), editor_choice=editor_choice, user=user)


def bout_decide_fought(*, bout: Bout, editor_choice: str | None = None, user=None) -> Verdict:
    """`bout_decide` on the instance `bout_fight` has just returned, in the same transaction
    (show_hold): that instance is the bout's locked row as it now stands, with its show and
    men, so it is not read and locked again (three queries a bout)."""
    if not transaction.get_connection().in_atomic_block:
        raise BoutError("bout_decide_fought runs inside the transaction that fought the bout.")
    return _decide(bout, editor_choice=editor_choice, user=user)


def _decide(bout: Bout, *, editor_choice: str | None, user) -> Verdict:
    if Verdict.objects.filter(bout=bout).exists():
        raise BoutError(ALREADY_DECIDED)
    if bout.status != Bout.Status.AWAITING_VERDICT:
        raise BoutError(NOT_AWAITING.format(status=bout.get_status_display().lower()))
    if editor_choice not in (None, *Verdict.Act.values):
        raise BoutError(BAD_CHOICE.format(choice=editor_choice))
    show, editor = bout.show, bout.show.editor
    # His owner read with him (his row only locked, as before): the appeal weighs his
    # lanista's pool; and the campaign the bout holds, which `clean` and `save` read.
    loser = (
        Gladiator.objects.select_for_update(of=("self",))
        .select_related("owner")
        .get(pk=bout.loser.pk)
    )
    if loser.campaign_id == show.campaign_id:
        loser.campaign = show.campaign
    favor = _loser_favor(bout)
    ruling = plugin_for(show.campaign.ruleset).decide(bout, loser, editor_choice)
    act = ruling.act
    appeal = ruling.appeal

    changes = []
    if ruling.dignitas_change:
        reason = DEFIED_RELEASE if ruling.crowd_call == Verdict.Call.RELEASE else DEFIED_SWORD
        change = DignitasChange(
            editor=editor,
            change=ruling.dignitas_change,
            reason=reason,
            day=show.campaign.day,
            event=bout,
        )
        full_clean_held(change)
        changes.append(change)
    changes += _six_gain(bout)
    for change in changes:
        change.save()

    died = act == Verdict.Act.SWORD
    verdict = Verdict(
        bout=bout,
        loser_favor=favor,
        crowd_call=ruling.crowd_call,
        editor_act=act,
        appeal=appeal,
        appeal_success=ruling.appeal_success,
        loser_died=died,
        dignitas_change=sum(c.change for c in changes),
        decided_by=user if user is not None and user.is_authenticated else None,
    )
    # Its one unique field, the bout, was asked above (ALREADY_DECIDED) under the bout's lock:
    # not asked again.
    full_clean_held(verdict, validate_unique=False)
    verdict.save()
    if died:
        loser.status = Gladiator.Status.DEAD
        full_clean_held(loser)
        loser.save(update_fields=["status"])
    losing = bout.losing_entry
    losing.fate = BoutEntry.Fate.DEAD if died else BoutEntry.Fate.SPARED
    losing.save(update_fields=["fate"])
    bout.status = Bout.Status.DONE
    full_clean_held(bout)
    bout.save()
    _after(bout, sword_given=died)
    return verdict


@receiver(gladiator_left, dispatch_uid="arena.bouts.loser_died_waiting")
def loser_dies_before_verdict(sender, *, gladiator: Gladiator, reason: str, **kwargs) -> None:
    """A loser who dies of his wounds overnight while his bout waits for the editor leaves
    nothing to decide: the bout is settled as if he had died on the sand (docs/rules.md,
    "Dying before the verdict")."""
    if reason != DIED:
        return
    waiting = Bout.objects.filter(
        status=Bout.Status.AWAITING_VERDICT,
        entries__gladiator=gladiator,
        entries__result=BoutEntry.Result.LOST,
    )
    for bout in waiting:
        bout_settle_loser_dead(bout=bout)


@transaction.atomic
def bout_settle_loser_dead(*, bout: Bout) -> Bout:
    """Close a bout whose loser died before the verdict: no verdict, no Dignitas for defying
    the crowd, no lanista's price (the editor gave no sword); the winner's purse is paid, the
    +1 for a winner at Crowd Favor 6 is earned, and the contracts count down, as for a death
    on the sand."""
    bout = (
        Bout.objects.select_for_update(of=("self",))
        .select_related("show__campaign", "show__editor")
        .get(pk=bout.pk)
    )
    if bout.status != Bout.Status.AWAITING_VERDICT:
        raise BoutError(NOT_AWAITING.format(status=bout.get_status_display().lower()))
    losing = bout.losing_entry
    losing.fate = BoutEntry.Fate.DIED_WAITING
    full_clean_held(losing)
    losing.save(update_fields=["fate"])
    bout.status = Bout.Status.DONE
    full_clean_held(bout)
    bout.save(update_fields=["status"])
    for change in _six_gain(bout):
        change.save()
    _after(bout)
    return bout


def _six_gain(bout: Bout) -> list[DignitasChange]:
    """+1 Dignitas for a winner at Crowd Favor 6, once per editor per session of play (seed 001:
    "once a session"). A session is a campaign day (docs/rules.md): two shows of his on one
    day earn him +1, not +2. Any bout of the games counts, not only the last.

    Returned cleaned and unsaved, so the caller can total them before writing the verdict.
    """
    show = bout.show
    if bout.winner is None or _winner_favor(bout) != 6:
        return []
    day = show.campaign.day
    earned = DignitasChange.objects.filter(editor=show.editor, day=day, reason=WINNER_AT_SIX)
    if earned.exists():
        return []
    change = DignitasChange(
        editor=show.editor,
        change=1,
        reason=WINNER_AT_SIX,
        day=show.campaign.day,
        event=bout,
    )
    full_clean_held(change)
    return [change]


def _after(bout: Bout, *, sword_given: bool = False) -> None:
    """Money and contracts once the bout is done: the purse, the lanista's price, the count."""
    winner = bout.winner
    if winner is not None:
        winner.refresh_from_db(fields=["status"])
    if winner is not None and winner.is_alive:
        # A winner who died of his wounds before the editor's decision takes no purse.
        standing = plugin_for(bout.show.campaign.ruleset).words.standing  # Sands: the crowd's mood
        purse_pay(bout=bout, winner=winner, favor=_winner_favor(bout), standing=standing)
    if sword_given:
        # The lanista's price to the man's lanista, hired or not (nothing for a man of no school).
        sword_given_charge(bout=bout, gladiator=bout.loser)
    _count_down(bout)


def _count_down(bout: Bout) -> None:
    for man in Gladiator.objects.filter(bout_entries__bout=bout):
        if (
            man.legal_status == Gladiator.LegalStatus.AUCTORATUS
            and man.contract_bouts_left
            and man.is_alive
        ):
            contract_count_down(gladiator=man)
    show_follow(bout.show_id)  # the card's last event done: the show is held
