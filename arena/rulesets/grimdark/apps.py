from django.apps import AppConfig


class GrimdarkConfig(AppConfig):
    """The grimdark ruleset's package as an app (its commands' part, its bench)."""

    name = "arena.rulesets.grimdark"
    label = "ruleset_grimdark"
    default_auto_field = "django.db.models.BigAutoField"
