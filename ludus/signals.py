"""What ludus tells the layers above when one of its people changes for good.

`gladiator_left` is sent inside the atomic block that made a man dead, freed, or another
lanista's (sold, bought, signed), with `gladiator` and `reason` (a few words: "died of his
wounds", "was freed", "was sold"). arena takes him off every card and field he had not yet
fought out (arena.services.cards), in the same transaction: ludus and economy never import arena.

The undo of a medicus roll or an end of day (ludus.services.undo) sends `undo_asked` inside its
atomic block, with `campaign`, `since` (when the thing to undo was done), `gladiators` (the men
it touched; None for every man of the campaign, as a night rests them all) and `what` (its
name, for the message): a layer above that holds something which depends on it since then
(arena: a bout fought or a race run) raises a Refusal saying what, and the undo writes nothing.
"""

from django.dispatch import Signal

gladiator_left = Signal()
undo_asked = Signal()

DIED = "died"
FREED = "was freed"
SOLD = "changed hands"
