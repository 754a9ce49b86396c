"""What ludus tells the layers above when one of its people changes for good.

`gladiator_left` is sent inside the atomic block that made a man dead, freed, or another
lanista's (sold, bought, signed), with `gladiator` and `reason` (a few words: "died of his
wounds", "was freed", "was sold"). arena takes him off every card and field he had not yet
fought out (arena.services.cards), in the same transaction: ludus and economy never import arena.
"""

from django.dispatch import Signal

gladiator_left = Signal()

DIED = "died"
FREED = "was freed"
SOLD = "changed hands"
