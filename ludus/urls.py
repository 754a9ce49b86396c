"""The campaign pages: log in and out, the campaign list and dashboard, the roster, recovery.

The names are not namespaced: settings refer to `login` and `campaign_list` by bare name.
"""

from django.contrib.auth import views as auth_views
from django.urls import path

from ludus.views import campaigns, favors, gladiators, recovery, setup

urlpatterns = [
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("", campaigns.campaign_list, name="campaign_list"),
    path("c/<int:campaign_id>/", campaigns.campaign_dashboard, name="campaign_dashboard"),
    path("c/<int:campaign_id>/ludus/", gladiators.roster, name="roster"),
    path(
        "c/<int:campaign_id>/ludus/<int:lanista_id>/",
        gladiators.school_roster,
        name="school_roster",
    ),
    path(
        "c/<int:campaign_id>/gladiators/<int:gladiator_id>/",
        gladiators.gladiator_detail,
        name="gladiator_detail",
    ),
    path(
        "c/<int:campaign_id>/gladiators/<int:gladiator_id>/orders/",
        gladiators.gladiator_orders,
        name="gladiator_orders",
    ),
    path("c/<int:campaign_id>/recovery/", recovery.recovery, name="recovery"),
    path(
        "c/<int:campaign_id>/recovery/advance/",
        recovery.advance_day,
        name="recovery_advance_day",
    ),
    path(
        "c/<int:campaign_id>/recovery/injuries/<int:injury_id>/treat/",
        recovery.treat_injury,
        name="recovery_treat",
    ),
]

# Setting up a campaign in the browser (ludus/views/setup.py).
urlpatterns += [
    path("campaigns/new/", setup.campaign_new, name="campaign_new"),
    path("c/<int:campaign_id>/setup/", setup.campaign_setup, name="campaign_setup"),
    path("c/<int:campaign_id>/setup/members/", setup.member_add_view, name="setup_member_add"),
    path("c/<int:campaign_id>/setup/lanistae/", setup.lanista_add_view, name="setup_lanista_add"),
    path(
        "c/<int:campaign_id>/setup/gladiators/",
        setup.gladiator_add_view,
        name="setup_gladiator_add",
    ),
    path("c/<int:campaign_id>/setup/editors/", setup.editor_add_view, name="setup_editor_add"),
    path(
        "c/<int:campaign_id>/setup/elections/",
        setup.election_add_view,
        name="setup_election_add",
    ),
    # The Favors owed in the campaign.
    path("c/<int:campaign_id>/favors/", favors.favors, name="favors"),
    path("c/<int:campaign_id>/favors/record/", favors.favor_record_view, name="favor_record"),
    path(
        "c/<int:campaign_id>/favors/<int:favor_id>/call/",
        favors.favor_call_view,
        name="favor_call",
    ),
]
