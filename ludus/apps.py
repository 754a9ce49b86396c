from django.apps import AppConfig


class LudusConfig(AppConfig):
    name = "ludus"
