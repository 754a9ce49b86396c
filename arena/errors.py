"""The arena's refusals: each is shown to the user as it is (its message names what is wrong)."""

from ludus.errors import Refusal


class BoutError(Refusal):
    """A fight or a decision the rules refuse."""
