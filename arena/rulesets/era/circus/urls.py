"""The Circus pages of a campaign, under c/<campaign_id>/circus/ (namespace "circus")."""

from django.urls import path

from arena.rulesets.era.circus import views as races

app_name = "circus"

urlpatterns = [
    path("", races.race_list, name="race_list"),
    path("plan/", races.race_plan_view, name="race_plan"),
    path("<int:race_id>/", races.race_detail, name="race_detail"),
    path("<int:race_id>/run/", races.race_run_view, name="race_run"),
    path("<int:race_id>/orders/<int:entry_id>/", races.race_orders, name="race_orders"),
    path("<int:race_id>/field/add/", races.race_entry_add_view, name="race_entry_add"),
    path(
        "<int:race_id>/field/<int:entry_id>/remove/",
        races.race_entry_remove_view,
        name="race_entry_remove",
    ),
]
