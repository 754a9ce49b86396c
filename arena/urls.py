"""The arena pages of a campaign, under c/<campaign_id>/arena/ (namespace "arena"), and the
pages a ruleset adds (its plug-in's `urls`)."""

from django.urls import path

from arena.rulesets import plugins
from arena.views import bout_orders, bouts, live_odds, odds, shows, spectators

app_name = "arena"

urlpatterns = [
    path("", shows.show_list, name="show_list"),
    path("plan/", shows.show_plan_view, name="show_plan"),
    path("shows/<int:show_id>/", shows.show_detail, name="show_detail"),
    path("shows/<int:show_id>/bouts/", shows.bout_add_view, name="bout_add"),
    path("shows/<int:show_id>/handout/", spectators.show_handout_view, name="show_handout"),
    path("shows/<int:show_id>/hold/", shows.show_hold_view, name="show_hold"),
    path("shows/<int:show_id>/edit/", shows.show_edit_view, name="show_edit"),
    path(
        "shows/<int:show_id>/bouts/<int:bout_id>/decide/",
        shows.show_decide_view,
        name="show_decide",
    ),
    path(
        "shows/<int:show_id>/bouts/<int:bout_id>/remove/",
        shows.bout_remove_view,
        name="bout_remove",
    ),
    path(
        "shows/<int:show_id>/bouts/<int:bout_id>/replace/",
        shows.bout_replace_view,
        name="bout_replace",
    ),
    path("bouts/<int:bout_id>/", bouts.bout_detail, name="bout_detail"),
    path("bouts/<int:bout_id>/fight/", bouts.bout_fight_view, name="bout_fight"),
    path("bouts/<int:bout_id>/choose/", bouts.bout_choose, name="bout_choose"),
    path("bouts/<int:bout_id>/decide/", bouts.bout_decide_view, name="bout_decide"),
    path("bouts/<int:bout_id>/rudis/", bouts.bout_rudis, name="bout_rudis"),
    path("bouts/<int:bout_id>/undo/", bouts.bout_undo_view, name="bout_undo"),
    path("bouts/<int:bout_id>/replay/", bouts.bout_replay, name="bout_replay"),
    path("bouts/<int:bout_id>/orders/", bout_orders.bout_orders, name="bout_orders"),
    path("bouts/<int:bout_id>/live-odds/", live_odds.bout_live_odds, name="bout_live_odds"),
    path("live-odds/share/", live_odds.live_odds_share, name="live_odds_share"),
    path("odds/", odds.odds, name="odds"),
    path("odds/run/", odds.odds_run, name="odds_run"),
    path("odds/jobs/<int:job_id>/", odds.odds_job, name="odds_job"),
    *(pattern for plugin in plugins() for pattern in plugin.urls()),
]
