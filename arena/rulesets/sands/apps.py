from django.apps import AppConfig


class SandsConfig(AppConfig):
    """The sands ruleset's package as an app: its management commands and templates."""

    name = "arena.rulesets.sands"
    label = "ruleset_sands"
    default_auto_field = "django.db.models.BigAutoField"
