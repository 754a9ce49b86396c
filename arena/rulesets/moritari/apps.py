from django.apps import AppConfig


class MoritariConfig(AppConfig):
    """The moritari ruleset's package as an app: its management commands and templates."""

    name = "arena.rulesets.moritari"
    label = "ruleset_moritari"
    default_auto_field = "django.db.models.BigAutoField"
