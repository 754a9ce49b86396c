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

import random

from django.db import transaction

from arena.adapters.era import (
    ENGINE_REFUSED,
    bout_setup,
    fighter_sheet,
    replay,
    setup_data,
    wound_points_now,
)
from arena.book.services import bout_book_close
from arena.errors import BoutError
from arena.models import Bout, BoutEntry, Verdict
from arena.selectors.bouts import show_events
from economy.services.hire import sword_given_charge
from economy.services.purses import purse_pay
from ludus.models import DignitasChange, Gladiator, Injury, Ruleset
from ludus.references import events_q
from ludus.services.ludus import contract_count_down
from rules.core.errors import RulesError
from rules.core.seeds import APPEAL, new_seed, sub_seed
from rules.era import bout as engine
from rules.era import decision

BOUT_OVER = "This bout is over ({status}); it cannot be fought again."
NOT_AWAITING = "This bout is not waiting for the editor ({status})."
ALREADY_DECIDED = "The editor has already decided this bout."
SEED_MISMATCH = "This bout is being fought with seed {stored}; it cannot change to {given}."
ENGINE_CHANGED = (
    "This bout was begun with engine {stored} and this server runs {current}; "
    "it cannot be replayed."
)
FIGHTER_UNAVAILABLE = "{name} is {status} and cannot fight."
FIGHTER_INCAPACITATED = (
    "{name} carries {wounds} Wounds, more than his {wound_points} Wound Points: he is "
    "incapacitated and cannot fight until rest brings him back under."
)
WRONG_RULESET = "This campaign uses the {ruleset} rules; only Era bouts are fought here."
BAD_CHOICE = "The editor's choice must be missio or sword; got {choice!r}."
BAD_ROUNDS = "Fight at least one round; got {rounds!r}."

WINNER_AT_SIX = "Games ended with a winner at Crowd Favor 6"
DEFIED_RELEASE = "Refused missio while the crowd shouted for release"
DEFIED_SWORD = "Granted missio while the crowd called for the sword"


# --- inputs ------------------------------------------------------------------------------


# --- fighting ----------------------------------------------------------------------------


def _check_can_fight(bout: Bout) -> None:
    if bout.status in (Bout.Status.AWAITING_VERDICT, Bout.Status.DONE):
        raise BoutError(BOUT_OVER.format(status=bout.get_status_display().lower()))
    campaign = bout.show.campaign
    if campaign.ruleset != Ruleset.ERA:
        raise BoutError(WRONG_RULESET.format(ruleset=campaign.get_ruleset_display()))
    if bout.status == Bout.Status.PLANNED:
        for man in bout.fighters:
            if man.status not in (Gladiator.Status.ACTIVE, Gladiator.Status.RUDIARIUS):
                raise BoutError(
                    FIGHTER_UNAVAILABLE.format(
                        name=man.name, status=man.get_status_display().lower()
                    )
                )
            wound_points = wound_points_now(man)
            if man.wounds > wound_points:
                raise BoutError(
                    FIGHTER_INCAPACITATED.format(
                        name=man.name, wounds=man.wounds, wound_points=wound_points
                    )
                )
    elif bout.engine_version != engine.ENGINE_VERSION:
        raise BoutError(
            ENGINE_CHANGED.format(stored=bout.engine_version, current=engine.ENGINE_VERSION)
        )


def _decision_data(decisions) -> list[dict]:
    out = []
    for given in decisions:
        if isinstance(given, engine.Decision):
            out.append(given.as_dict())
        else:
            try:
                out.append(engine.Decision(**given).as_dict())
            except (TypeError, RulesError) as error:
                raise BoutError(ENGINE_REFUSED.format(error=error)) from error
    return out


def _side_man(bout: Bout, side) -> Gladiator:
    return bout.entry(str(side)).gladiator


@transaction.atomic
def bout_fight(
    *,
    bout: Bout,
    seed: int | None = None,
    decisions=(),
    rounds: int | None = None,
    user=None,
    auto_decide: bool = True,
) -> Bout:
    """Fight a bout (to the end, or `rounds` more rounds), recording what the engine settles.

    `decisions` answer the choices the fighters' orders leave to the GM; they are added to the
    bout's own. An unfinished bout (rounds, or a choice pending) is left `fighting` with its
    log. A finished one records the result, the new injuries and the Wounds carried out (the
    engine starts each man at the Wounds he carried in, so only the bout's own are added), and
    waits for the editor — unless the crowd's call leaves him no choice (release or the sword)
    and `auto_decide`, when the decision is made at once.
    """
    # Lock the bout: two clicks on "fight" must not fight it twice.
    bout = (
        Bout.objects.select_for_update(of=("self",))
        .select_related("show__campaign", "show__editor")
        .prefetch_related("entries__gladiator")
        .get(pk=bout.pk)
    )
    _check_can_fight(bout)
    if rounds is not None and (isinstance(rounds, bool) or rounds < 1):
        raise BoutError(BAD_ROUNDS.format(rounds=rounds))
    if bout.seed is None:
        bout.seed = new_seed() if seed is None else seed
    elif seed is not None and seed != bout.seed:
        raise BoutError(SEED_MISMATCH.format(stored=bout.seed, given=seed))
    if not bout.setup:
        bout.setup = setup_data(bout)
    all_decisions = list(bout.decisions) + _decision_data(decisions)
    max_rounds = None
    try:
        if rounds is not None:
            done = bout.rounds
            if done and bout.status == Bout.Status.FIGHTING:
                before = replay(bout, max_rounds=done)
                if before.pending is not None:
                    done -= 1  # the round in progress when the engine asked is not done yet
            max_rounds = min(done + rounds, engine.ROUND_CAP)
        result = engine.fight_bout(
            bout_setup(bout=bout),
            seed=bout.seed,
            decisions=all_decisions,
            max_rounds=max_rounds,
        )
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error

    bout.engine_version = result.engine_version
    bout.decisions = all_decisions
    bout.log = [event.as_dict() for event in result.events]
    bout.rounds = result.rounds
    for corner in (result.a, result.b):
        entry = bout.entry(str(corner.side))
        entry.standing = corner.favor
        entry.save(update_fields=["standing"])
    if not result.finished:
        bout.status = Bout.Status.FIGHTING
        bout.full_clean()
        bout.save()
        return bout
    _record_end(bout, result)
    # The bets are paid when the pair separate, on the winner, not after the decision (BETS).
    bout_book_close(bout=bout, user=user if user is not None and user.is_authenticated else None)
    no_choice = auto_decide and bout.status == Bout.Status.AWAITING_VERDICT
    if no_choice and crowd_call(_loser_favor(bout)) != Verdict.Call.DIVIDED:
        _decide(bout, editor_choice=None, user=user)
    return bout


def _record_end(bout: Bout, result: engine.BoutResult) -> None:
    """The engine's settled outcome: result, injuries, Wounds carried out, deaths on the sand."""
    day = bout.show.campaign.day
    bout.end_reason = str(result.end_reason)
    for corner in (result.a, result.b):
        entry = bout.entry(str(corner.side))
        if result.winner is None:
            entry.result = BoutEntry.Result.DREW
        else:
            won = corner.side == result.winner
            entry.result = BoutEntry.Result.WON if won else BoutEntry.Result.LOST
        if corner.dead:
            entry.fate = BoutEntry.Fate.DEAD
        elif entry.result != BoutEntry.Result.LOST:
            entry.fate = BoutEntry.Fate.WALKED_OUT  # the loser's fate is the editor's
        entry.full_clean()
        entry.save(update_fields=["result", "fate"])
    carried_in = {side: (bout.setup or {}).get(side, {}).get("wounds", 0) for side in ("a", "b")}
    for corner in (result.a, result.b):
        man = Gladiator.objects.select_for_update().get(pk=_side_man(bout, corner.side).pk)
        for crit in corner.injuries:
            injury = Injury(
                gladiator=man,
                name=crit.injury.name,
                table_roll=crit.total,
                severity=crit.injury.severity.name.lower(),
                effect=crit.injury.effect,
                event=bout,
                day_taken=day,
            )
            injury.full_clean()
            injury.save()
        # The engine began him at the Wounds frozen in the setup and ends him at corner.wounds,
        # so he carries out what he has now plus the bout's own: the engine's figure, unless
        # his Wounds moved while the bout was fought (or it was begun before setups kept them).
        man.wounds += corner.wounds - carried_in[str(corner.side)]
        fields = ["wounds"]
        if corner.dead:
            man.status = Gladiator.Status.DEAD
            fields.append("status")
        man.full_clean()
        man.save(update_fields=fields)
    if result.winner is None or result.end_reason == engine.EndReason.KILLED:
        # No decision to make: a draw, or a man killed by his injury on the sand.
        bout.status = Bout.Status.DONE
        bout.full_clean()
        bout.save()
        for change in _six_gain(bout):
            change.save()
        _after(bout)
    else:
        bout.status = Bout.Status.AWAITING_VERDICT
        bout.full_clean()
        bout.save()


# --- the editor's decision ---------------------------------------------------------------


def crowd_call(loser_favor: int) -> str:
    """THE EDITOR'S DECISION I: 5-6 shouts for release, 3-4 divided, 0-2 calls for the sword."""
    return str(decision.crowd_call(loser_favor))


def appeal_seed(seed: int) -> str:
    """The appeal's dice come from the bout's seed, so the decision replays like the bout."""
    return sub_seed(seed, APPEAL)


def _loser_favor(bout: Bout) -> int:
    return bout.losing_entry.standing


def _winner_favor(bout: Bout) -> int:
    return bout.winning_entry.standing


def _appeal_parties(bout: Bout, loser: Gladiator) -> dict:
    """Who may appeal (THE EDITOR'S DECISION II: "the loser or his lanista"), for `decide`.

    The loser's pool carries the injuries he carried into the bout (as frozen in its setup:
    Broken Nose, 1 Trial die on Charm). His lanista appeals with his own Charisma + Charm when
    that pool is better; a man of no school (or whose lanista is not in the campaign) appeals
    alone.
    """
    side = bout.losing_entry.side
    injuries = tuple((bout.setup or {}).get(side, {}).get("injuries", ()))
    lanista = loser.owner
    if lanista is None or lanista.campaign_id != loser.campaign_id:
        return {"injuries": injuries}
    speaker = decision.Appellant.lanista(lanista.name, lanista.charisma, lanista.charm)
    return {"injuries": injuries, "lanista": speaker}


def appeal_appellant(bout: Bout) -> decision.Appellant | None:
    """Who would appeal for the loser of a bout awaiting its verdict, as `bout_decide` picks him
    (the same pools), so the editor's panel can name him and his exact chance before the roll."""
    loser = bout.loser
    if loser is None:
        return None
    parties = _appeal_parties(bout, loser)
    speaker = decision.Appellant.loser(fighter_sheet(loser), parties["injuries"])
    return decision.choose_appellant(speaker, parties.get("lanista"))


def _appeal_data(bout: Bout, ruling: decision.Verdict) -> dict:
    """The appeal as the verdict keeps it: the roll, its seed, who made it and who could."""
    return ruling.appeal.as_dict() | {
        "seed": appeal_seed(bout.seed),
        "check": "Hard Charm",
        "appellant": ruling.appellant.as_dict(),
        "appellants": [candidate.as_dict() for candidate in ruling.appellants],
    }


@transaction.atomic
def bout_decide(*, bout: Bout, editor_choice: str | None = None, user=None) -> Verdict:
    """The editor's decision on a bout that waits for it, and all that follows from it.

    `editor_choice` ("missio" or "sword") is the editor's in the divided band (default missio);
    in the other bands the crowd's call stands unless he defies it (and loses 1 Dignitas). At
    0-2 the loser or his lanista, whichever has the better pool, appeals first (Hard Charm); a
    successful appeal wins missio outright.
    """
    bout = (
        Bout.objects.select_for_update(of=("self",))
        .select_related("show__campaign", "show__editor")
        .prefetch_related("entries__gladiator")
        .get(pk=bout.pk)
    )
    return _decide(bout, editor_choice=editor_choice, user=user)


def _decide(bout: Bout, *, editor_choice: str | None, user) -> Verdict:
    if Verdict.objects.filter(bout=bout).exists():
        raise BoutError(ALREADY_DECIDED)
    if bout.status != Bout.Status.AWAITING_VERDICT:
        raise BoutError(NOT_AWAITING.format(status=bout.get_status_display().lower()))
    if editor_choice not in (None, *Verdict.Act.values):
        raise BoutError(BAD_CHOICE.format(choice=editor_choice))
    show, editor = bout.show, bout.show.editor
    loser = Gladiator.objects.select_for_update().get(pk=bout.loser.pk)
    favor = _loser_favor(bout)
    try:
        ruling = decision.decide(
            favor,
            fighter_sheet(loser),
            editor_choice,
            random.Random(appeal_seed(bout.seed)),
            winner_favor=_winner_favor(bout),
            **_appeal_parties(bout, loser),
        )
    except RulesError as error:
        raise BoutError(ENGINE_REFUSED.format(error=error)) from error
    act = str(ruling.act)
    appeal = None
    if ruling.appeal is not None:
        appeal = _appeal_data(bout, ruling)

    changes = []
    if ruling.dignitas_change:
        reason = DEFIED_RELEASE if ruling.crowd is decision.CrowdCall.RELEASE else DEFIED_SWORD
        change = DignitasChange(
            editor=editor,
            change=ruling.dignitas_change,
            reason=reason,
            day=show.campaign.day,
            event=bout,
        )
        change.full_clean()
        changes.append(change)
    changes += _six_gain(bout)
    for change in changes:
        change.save()

    died = act == Verdict.Act.SWORD
    verdict = Verdict(
        bout=bout,
        loser_favor=favor,
        crowd_call=str(ruling.crowd),
        editor_act=act,
        appeal=appeal,
        appeal_success=None if appeal is None else ruling.appeal_succeeded,
        loser_died=died,
        dignitas_change=sum(c.change for c in changes),
        decided_by=user if user is not None and user.is_authenticated else None,
    )
    verdict.full_clean()
    verdict.save()
    if died:
        loser.status = Gladiator.Status.DEAD
        loser.full_clean()
        loser.save(update_fields=["status"])
    losing = bout.losing_entry
    losing.fate = BoutEntry.Fate.DEAD if died else BoutEntry.Fate.SPARED
    losing.save(update_fields=["fate"])
    bout.status = Bout.Status.DONE
    bout.full_clean()
    bout.save()
    _after(bout, sword_given=died)
    return verdict


def _six_gain(bout: Bout) -> list[DignitasChange]:
    """+1 Dignitas for a winner at Crowd Favor 6, once per editor per show ("once a session").

    Returned cleaned and unsaved, so the caller can total them before writing the verdict.
    """
    show = bout.show
    if bout.winner is None or _winner_favor(bout) != 6:
        return []
    earned = DignitasChange.objects.filter(events_q(show_events(show)), editor=show.editor)
    if earned.filter(reason=WINNER_AT_SIX).exists():
        return []
    change = DignitasChange(
        editor=show.editor,
        change=1,
        reason=WINNER_AT_SIX,
        day=show.campaign.day,
        event=bout,
    )
    change.full_clean()
    return [change]


def _after(bout: Bout, *, sword_given: bool = False) -> None:
    """Money and contracts once the bout is done: the purse, the lanista's price, the count."""
    if bout.winner is not None:
        purse_pay(bout=bout, winner=bout.winner, favor=_winner_favor(bout))
    if sword_given:
        # The lanista's price to the man's lanista, hired or not (nothing for a man of no school).
        sword_given_charge(bout=bout, gladiator=bout.loser)
    for man in Gladiator.objects.filter(bout_entries__bout=bout):
        if (
            man.legal_status == Gladiator.LegalStatus.AUCTORATUS
            and man.contract_bouts_left
            and man.is_alive
        ):
            contract_count_down(gladiator=man)
