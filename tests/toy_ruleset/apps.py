from django.apps import AppConfig


class CoinConfig(AppConfig):
    """The toy ruleset's package as an app (its templates), as each ruleset's package is."""

    name = "tests.toy_ruleset"
    label = "ruleset_coin"
    default_auto_field = "django.db.models.BigAutoField"
