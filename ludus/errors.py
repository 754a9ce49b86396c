"""The one family of refusals a user is shown.

Every service error a page may show (a bout the rules refuse, a hire the purse cannot pay, a
setup that breaks a rule) subclasses `Refusal`; its message names what is wrong. A view shows
the ones it expects on its own form; any other is caught in one place
(ludus.middleware.RefusalMiddleware), so a new service error can never become a 500.
"""


class Refusal(ValueError):
    """Something the rules or the campaign refuse; the message is shown to the user as it is."""


class AlreadyDone(Refusal):
    """A repeated click, a retry or a stale tab: what the form was for has already happened,
    so nothing is written (issue 10, docs/architecture.md "Invariants").

    `result_id` is the primary key of what the first post created, when it created something,
    so a view can answer the repeat with the first result (a redirect to it).
    """

    def __init__(self, message: str, *, result_id: int | None = None):
        super().__init__(message)
        self.result_id = result_id
