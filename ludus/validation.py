"""`full_clean` without asking the database again for rows the caller already holds.

Django's `ForeignKey.validate` runs one `SELECT 1 ... LIMIT 1` per foreign key on every
`full_clean`, to prove the row it points at exists. A service that writes a ledger
transaction, a hire, a bet or an injury holds those rows: it read (often locked) them a moment
ago, or saved them itself. Asking again costs a query per key per row written and proves
nothing new (the database's own foreign-key constraint still refuses a row deleted meanwhile;
on SQLite at commit, on PostgreSQL at once). Measured on `generate_campaign`: about a sixth of
the queries of a bout (docs/performance.md, "A large campaign").

`full_clean_held` is `Model.full_clean` with that one check left out for a foreign key whose
related object is HELD: cached on the instance (assigned as an object, `Hire(gladiator=man)`),
read from or saved to the database (`not obj._state.adding`), and the very row the key names.
A key to a ContentType (the ledger's and the books' `event_type`) is held too when Django's
own content-type cache resolves its id (`ContentType.objects.get_for_id`, which reads the row
from the database the first time and remembers it for the process). Any other key given as a
bare id (`gladiator_id=7`), an object never saved, or a field with `limit_choices_to` is
checked exactly as `full_clean` checks it; every other check (the
field's own validators, `clean()`, unique fields and constraints) runs as before, on the same
fields, with the same messages.
"""

from __future__ import annotations

from collections.abc import Iterable

from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import NON_FIELD_ERRORS, ValidationError
from django.db import models


def held_relations(instance: models.Model) -> set[str]:
    """The names of the instance's foreign keys whose related row the caller holds."""
    held = set()
    for field in instance._meta.concrete_fields:
        if not field.is_relation or not (field.many_to_one or field.one_to_one):
            continue
        if field.get_limit_choices_to():
            continue
        if field.related_model is ContentType and not field.is_cached(instance):
            if _known_content_type(getattr(instance, field.attname)):
                held.add(field.name)
            continue
        if not field.is_cached(instance):
            continue
        related = field.get_cached_value(instance)
        if related is None or related._state.adding:
            continue
        target = getattr(related, field.target_field.attname)
        if target is not None and target == getattr(instance, field.attname):
            held.add(field.name)
    return held


def _known_content_type(pk) -> bool:
    if pk is None:
        return False
    try:
        ContentType.objects.get_for_id(pk)
    except ContentType.DoesNotExist:
        return False  # left to ForeignKey.validate, which names the field
    return True


def full_clean_held(
    instance: models.Model,
    *,
    exclude: Iterable[str] = (),
    validate_unique: bool = True,
    validate_constraints: bool = True,
) -> None:
    """`instance.full_clean(...)`, minus the existence query of each held foreign key.

    The same steps in the same order as Django's `Model.full_clean` (fields, `clean()`,
    unique, constraints; a field that failed is left out of the later checks), so a bad value
    is refused with the same ValidationError naming its field.
    """
    excluded = set(exclude)
    errors: dict = {}
    try:
        # Only the field checks skip the held keys: unique and constraint checks keep them.
        instance.clean_fields(exclude=excluded | held_relations(instance))
    except ValidationError as error:
        errors = error.update_error_dict(errors)
    try:
        instance.clean()
    except ValidationError as error:
        errors = error.update_error_dict(errors)
    steps = []
    if validate_unique:
        steps.append(instance.validate_unique)
    if validate_constraints:
        steps.append(instance.validate_constraints)
    for step in steps:
        excluded |= {name for name in errors if name != NON_FIELD_ERRORS}
        try:
            step(exclude=excluded)
        except ValidationError as error:
            errors = error.update_error_dict(errors)
    if errors:
        raise ValidationError(errors)
