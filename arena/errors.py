"""The arena's refusals: each is shown to the user as it is (its message names what is wrong)."""


class BoutError(ValueError):
    """A fight or a decision the rules refuse."""
