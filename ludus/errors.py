"""The one family of refusals a user is shown.

Every service error a page may show (a bout the rules refuse, a hire the purse cannot pay, a
setup that breaks a rule) subclasses `Refusal`; its message names what is wrong. A view shows
the ones it expects on its own form; any other is caught in one place
(ludus.middleware.RefusalMiddleware), so a new service error can never become a 500.
"""


class Refusal(ValueError):
    """Something the rules or the campaign refuse; the message is shown to the user as it is."""
