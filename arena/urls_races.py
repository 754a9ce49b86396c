"""The Circus pages of a campaign, under c/<campaign_id>/circus/ (namespace "circus")."""

from django.urls import path

from arena.views import races

app_name = "circus"

urlpatterns = [
    path("", races.race_list, name="race_list"),
    path("<int:race_id>/", races.race_detail, name="race_detail"),
    path("<int:race_id>/run/", races.race_run, name="race_run"),
    path("<int:race_id>/orders/<int:entry_id>/", races.race_orders, name="race_orders"),
]
