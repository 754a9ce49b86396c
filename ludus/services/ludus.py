"""The ludus and the lanista (seed, THE LUDUS): Favors called, contracts served, the rudis.

- A lanista calls a Favor (for a bout, a hire in another town, a day training recruits); a
  Favor is called once and keeps the day and what it was called for.
- A free volunteer (auctoratus) owes the bouts of his contract; every bout he fights counts one
  down. When none are left he has served it: he is free of the ludus (status Freed), and can
  no longer be put on a card unless he signs again.
- The rudis: an editor may give the wooden sword to a winner at Crowd Favor 6 with at least
  five wins (the bout just won counts). He becomes a rudiarius and fights only by choice; if
  enslaved he still belongs to his lanista until manumission.
"""

from __future__ import annotations

from django.db import transaction

from ludus.errors import Refusal
from ludus.models import Favor, Gladiator, Patron
from ludus.services.once import once_per_key
from ludus.signals import FREED, gladiator_left

FAVOR_ALREADY_CALLED = "This Favor was already called on day {day}: {called_for}."
FAVOR_NEEDS_PURPOSE = "Say what the Favor is called for (a bout, a hire, a day's training)."
NOT_AUCTORATUS = "{name} is not a free volunteer under contract."
CONTRACT_SERVED = "{name} has already served his contract."


class LudusError(Refusal):
    """A Favor, contract or rudis the rules refuse."""


@transaction.atomic
def favor_call(*, favor: Favor, called_for: str) -> Favor:
    """Call in a Favor owed to a patron, today, for the stated purpose."""
    favor = (
        Favor.objects.select_for_update(of=("self",))
        .select_related("patron__campaign")
        .get(pk=favor.pk)
    )
    called_for = called_for.strip()
    if not called_for:
        raise LudusError(FAVOR_NEEDS_PURPOSE)
    if favor.is_called:
        raise LudusError(
            FAVOR_ALREADY_CALLED.format(day=favor.called_on, called_for=favor.called_for)
        )
    favor.called_on = favor.patron.campaign.day
    favor.called_for = called_for[:200]
    favor.full_clean()
    favor.save(update_fields=["called_on", "called_for"])
    return favor


@transaction.atomic
def contract_count_down(*, gladiator: Gladiator) -> Gladiator:
    """An auctoratus has fought one more bout of his contract; at 0 he has served it."""
    gladiator = Gladiator.objects.select_for_update().get(pk=gladiator.pk)
    if gladiator.legal_status != Gladiator.LegalStatus.AUCTORATUS:
        raise LudusError(NOT_AUCTORATUS.format(name=gladiator.name))
    if not gladiator.contract_bouts_left:
        raise LudusError(CONTRACT_SERVED.format(name=gladiator.name))
    gladiator.contract_bouts_left -= 1
    fields = ["contract_bouts_left"]
    if gladiator.contract_bouts_left == 0 and gladiator.status == Gladiator.Status.ACTIVE:
        gladiator.status = Gladiator.Status.FREED
        fields.append("status")
    gladiator.full_clean()
    gladiator.save(update_fields=fields)
    if gladiator.status == Gladiator.Status.FREED:
        gladiator_left.send(sender=Gladiator, gladiator=gladiator, reason=FREED)
    return gladiator


# --- Recording a Favor owed (the Favors page) ------------------------------------------------

FAVOR_NO_PATRON = "Say to whom the Favor is owed: a patron, a lanista or a new patron's name."
FAVOR_TWO_PATRONS = "Name one patron only: pick one or type a new name, not both."
FAVOR_NO_DEBTOR = "Say who owes the Favor: a man of the campaign or a name."
FAVOR_FOREIGN = "That {what} belongs to another campaign."


@once_per_key("favor_record")
@transaction.atomic
def favor_record(
    *,
    campaign,
    patron=None,
    lanista=None,
    patron_name: str = "",
    owed_by: str = "",
    gladiator: Gladiator | None = None,
    reason: str = "",
) -> Favor:
    """Record a Favor owed to a patron (an existing one, a lanista as patron, or a new name).

    A lanista with no Patron row yet gets one (his name, linked to him), so his player can
    call the Favor. `owed_by` defaults to the man's name when a gladiator owes it.
    """

    patron_name = patron_name.strip()
    chosen = [x for x in (patron, lanista, patron_name) if x]
    if not chosen:
        raise LudusError(FAVOR_NO_PATRON)
    if len(chosen) > 1:
        raise LudusError(FAVOR_TWO_PATRONS)
    if patron is not None and patron.campaign_id != campaign.pk:
        raise LudusError(FAVOR_FOREIGN.format(what="patron"))
    if lanista is not None and lanista.campaign_id != campaign.pk:
        raise LudusError(FAVOR_FOREIGN.format(what="school"))
    if gladiator is not None and gladiator.campaign_id != campaign.pk:
        raise LudusError(FAVOR_FOREIGN.format(what="man"))
    owed_by = owed_by.strip() or (gladiator.name if gladiator is not None else "")
    if not owed_by:
        raise LudusError(FAVOR_NO_DEBTOR)
    if lanista is not None:
        patron = Patron.objects.filter(campaign=campaign, lanista=lanista).order_by("pk").first()
        if patron is None:
            patron = Patron(campaign=campaign, name=lanista.name, lanista=lanista)
            patron.full_clean()
            patron.save()
    elif patron_name:
        patron = Patron(campaign=campaign, name=patron_name[:80])
        patron.full_clean()
        patron.save()
    favor = Favor(
        patron=patron,
        owed_by=owed_by[:80],
        gladiator=gladiator,
        reason=reason.strip()[:200],
    )
    favor.full_clean()
    favor.save()
    return favor
