"""The armatura field of the desk's forms, limited to what the campaign's rules know (issue 13:
the secutor, retiarius and hoplomachus only where the rules fight them; ludus.models
`armatura_choices`). Any other is refused naming the field, and the model refuses it again
(`Gladiator.clean`) for a service called without a form."""

from __future__ import annotations

from ludus.models import armatura_choices

NOT_HERE = "{label}: a man of this campaign is one of {known}."


def limit_armaturae(field, ruleset: str, label: str) -> None:
    """Offer the campaign's armaturae only, and refuse any other naming the field."""
    choices = armatura_choices(ruleset)
    field.choices = choices
    known = ", ".join(name.lower() for _, name in choices)
    field.error_messages["invalid_choice"] = NOT_HERE.format(label=label, known=known)
