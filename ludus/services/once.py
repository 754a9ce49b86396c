"""Once per key: a creating service posted twice with the same form writes once (issue 10).

Every form that creates something (a campaign, a lanista with his opening chest, a man, an
editor, an election, a show, a race, a Favor) carries a fresh random key in a hidden field
(ludus.forms.OnceKeyField). The service, decorated with `once_per_key`, claims the key in the
same transaction as its write: the first post inserts the key's row (unique) and writes; a
repeat of the same post (a double click, a retry, a stale tab sent again) meets the row and is
answered with `AlreadyDone`, carrying what the first post created, and writes nothing.

Two repeats at once: on PostgreSQL the second INSERT of the key waits on the unique index for
the first transaction, then fails once that commits (or goes ahead if it rolled back); on a
SQLite file the second writer waits for the database lock and then meets the row. Either way
one post writes. A refused post writes nothing, its key neither, so the form can be corrected
and sent again with the same key.

Called without a key (the demo, a campaign file, the tests' factories) a service writes as
before: the key guards what a browser can repeat.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from django.db import IntegrityError, transaction

from ludus.errors import AlreadyDone, Refusal
from ludus.models import OnceKey

ALREADY_DONE = "Already done: this form was sent before, and it was written once."
BAD_KEY = "The form's key (field key) must be 16 to 64 letters or digits; reload the page."

KEY_MIN, KEY_MAX = 16, 64

P = ParamSpec("P")
T = TypeVar("T")


def _check_key(key: object) -> str:
    if not isinstance(key, str) or not (KEY_MIN <= len(key) <= KEY_MAX) or not key.isalnum():
        raise Refusal(BAD_KEY)
    return key


def once_claim(*, key: str, action: str) -> OnceKey:
    """Claim `key` for `action` inside the caller's transaction; AlreadyDone if it is taken."""
    key = _check_key(key)
    try:
        # A savepoint: the repeat's IntegrityError leaves the caller's transaction usable.
        with transaction.atomic():
            return OnceKey.objects.create(key=key, action=action)
    except IntegrityError:
        first = OnceKey.objects.filter(key=key).first()
        result_id = first.result_id if first is not None and first.action == action else None
        raise AlreadyDone(ALREADY_DONE, result_id=result_id) from None


def once_per_key(action: str) -> Callable[[Callable[P, T]], Callable[..., T]]:
    """Give a creating service a keyword `once_key`: with it, the service writes once per key.

    The claim and the service's write are one transaction, so a refused write (a rule, the
    ledger) frees the key with everything else.
    """

    def decorate(service: Callable[P, T]) -> Callable[..., T]:
        @functools.wraps(service)
        def run(*args, once_key: str | None = None, **kwargs) -> T:
            if once_key is None:
                return service(*args, **kwargs)
            with transaction.atomic():
                claim = once_claim(key=once_key, action=action)
                result = service(*args, **kwargs)
                claim.result_id = getattr(result, "pk", None)
                claim.save(update_fields=["result_id"])
                return result

        return run

    return decorate
