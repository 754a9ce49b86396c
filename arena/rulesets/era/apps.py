from django.apps import AppConfig


class EraConfig(AppConfig):
    """The era ruleset's package as an app: its management commands and templates."""

    name = "arena.rulesets.era"
    label = "ruleset_era"
    default_auto_field = "django.db.models.BigAutoField"
