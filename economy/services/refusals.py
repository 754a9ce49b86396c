"""The refusals of the contracts (economy.services): ContractError and its messages.

Tests assert these messages; each names what is wrong.
"""

from economy.ledger import (
    LedgerError,
)
from ludus.limits import MAX_CONTRACT_BOUTS

# --- Error messages (tests assert these) --------------------------------------------------------

NOT_POSITIVE = "An amount must be a whole number of sesterces above 0; got {amount!r}."
UNKNOWN_HIRE_KIND = "A hire is 'team' or 'single'; got {kind!r}."
HIRE_OUT_OF_RANGE = "{line} is {low} to {high} purses; {price!r} purses is outside the range."
FOREIGN_GLADIATOR = "{gladiator} belongs to another campaign."
FOREIGN_PARTY = "{party} belongs to another campaign."
DEAD_MAN = "{gladiator} is dead."
FREED_MAN = "{gladiator} has been freed and belongs to no school."
NO_LANISTA = "{gladiator} has no lanista to hire him out or to be paid for him."
ALREADY_HIRED = "{gladiator} is already hired to {show}."
HIRE_REVERSED = "The hire of {gladiator} to {show} was already corrected; it cannot be undone."
SWORD_NEEDS_BOUT = "Name the hire, or the bout and the man given the sword."
BOUT_OTHER_SHOW = "That bout belongs to {bout_show}, not to {show}, the show he was hired to."
NOT_IN_BOUT = "{gladiator} does not fight in the bout {bout}."
UNKNOWN_PURCHASE_KIND = "A purchase is 'seasoned', 'recruit' or 'condemned'; got {kind!r}."
PRICE_OUT_OF_RANGE = "{line} is {low:,} to {high:,} sesterces; {price:,} is outside the range."
KIND_DOES_NOT_FIT = (
    "Kind: {gladiator} is a {status}, so he is bought as {fits!r}, not {kind!r}; being bought "
    "never changes a man's legal status."
)
GLADIATOR_OR_SPEC = "Name an existing man or describe a new one, not both and not neither."
SEASONED_NEEDS_MAN = "A seasoned gladiator is an existing man; name him."
ALREADY_OWNS = "{gladiator} already belongs to {lanista}."
NOT_FOR_SALE_FREE = "{gladiator} is a free man ({status}); he cannot be bought or sold."
NO_OWNER_TO_SELL = "{gladiator} has no lanista to sell him."
SPEC_FIELD_SET_BY_SERVICE = "A new man's {field} is set by the contract, not in his description."
BAD_SPEC = "The new man cannot be recorded: {errors}"
KEY_OTHER_CONTRACT = "Idempotency key {key!r} was already used for a different contract."
BOUTS_NOT_POSITIVE = (
    f"Bouts owed: a volunteer signs for 1 to {MAX_CONTRACT_BOUTS} bouts; got {{bouts!r}}."
)
NOT_FREE_TO_SIGN = "{gladiator} is a {status} and cannot sign himself to a school."
STILL_UNDER_CONTRACT = "{gladiator} still owes {bouts} bouts to {lanista}."
NOT_HIS_SHOW = "{show} is given by {giver}, not by {editor}."
NOT_A_VETERAN = (
    "{gladiator} is not a veteran: only a man who holds the rudis or has been freed is "
    "recalled; hire a school's man instead."
)
ALREADY_FREE = "{gladiator} is already free ({status})."
CONDEMNED_NOT_MANUMITTED = "{gladiator} is a condemned man; he cannot buy his freedom."
PECULIUM_SHORT = (
    "{gladiator}'s peculium holds {balance:,} sesterces; his freedom costs {total:,} "
    "(the lanista's price {price:,} and the vicesima {vicesima:,})."
)
FAVOR_OUT_OF_RANGE = "Crowd Favor runs from 0 to 6; got {favor!r}."
WINNER_NOT_IN_BOUT = "{gladiator} did not fight in the bout {bout}."
WINNER_DEAD = "{gladiator} is dead; a dead man takes no purse."
OPENING_FROM_MARKET = "The market is where opening money comes from; open another account."
NO_REASON = "A correction needs a reason, for the record."
FUNDING_NO_REASON = "Reason: a funding needs a reason, for the record."
FUNDING_THE_MARKET = "Account: the market is where funding comes from; fund another account."
LEX_TULLIA = (
    "The lex Tullia (63 BC): a gladiator show in {show_year} falls within two years of "
    "{editor}'s election for {office} in {election_year}. If he gives it he cannot stand; if "
    "he stands anyway he risks prosecution for electoral bribery."
)


RUDIARIUS_CONSENT = (
    "{gladiator} holds the rudis and fights only by choice: he is hired only with his consent "
    "(tick it for this show)."
)


class ContractError(LedgerError):
    """A contract the rules refuse. A LedgerError, so a view that shows one shows both."""
