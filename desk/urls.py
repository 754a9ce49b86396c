"""The desk's pages: the campaign list and dashboard, the roster and a man's page, setup.

The names are not namespaced: settings refer to `campaign_list` by bare name.
"""

from django.urls import path

from arena.views import spectators
from desk.views import (
    archive,
    campaigns,
    edits,
    exports,
    generation,
    gladiators,
    invitations,
    setup,
)

urlpatterns = [
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
]

# Setting up a campaign in the browser (desk/views/setup.py).
urlpatterns += [
    path("campaigns/new/", setup.campaign_new, name="campaign_new"),
    # A generated practice campaign, built by a background job (desk/views/generation.py).
    path("campaigns/generate/", generation.campaign_generate, name="campaign_generate"),
    path(
        "campaigns/generate/<int:generation_id>/",
        generation.generation_job,
        name="campaign_generate_job",
    ),
    path("c/<int:campaign_id>/setup/", setup.campaign_setup, name="campaign_setup"),
    path(
        "c/<int:campaign_id>/setup/invitations/",
        setup.invitation_add_view,
        name="setup_invitation_add",
    ),
    path(
        "c/<int:campaign_id>/setup/invitations/<int:invitation_id>/revoke/",
        setup.invitation_revoke_view,
        name="invitation_revoke",
    ),
    path("c/<int:campaign_id>/setup/bettors/", setup.bettor_add_view, name="setup_bettor_add"),
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
]

# The GM's edits and the change log (desk/views/edits.py).
urlpatterns += [
    path(
        "c/<int:campaign_id>/gladiators/<int:gladiator_id>/edit/",
        edits.gladiator_edit_view,
        name="gladiator_edit",
    ),
    path(
        "c/<int:campaign_id>/ludus/<int:lanista_id>/edit/",
        edits.lanista_edit_view,
        name="lanista_edit",
    ),
    path(
        "c/<int:campaign_id>/setup/editors/<int:editor_id>/edit/",
        edits.editor_edit_view,
        name="editor_edit",
    ),
    path(
        "c/<int:campaign_id>/setup/members/<int:membership_id>/role/",
        edits.member_role_view,
        name="member_role",
    ),
    path(
        "c/<int:campaign_id>/setup/members/<int:membership_id>/remove/",
        edits.member_remove_view,
        name="member_remove",
    ),
    path("c/<int:campaign_id>/changes/", edits.change_log, name="change_log"),
]

# Back up and share, the charts, and the spectators' pages (desk/views/archive.py,
# arena/views/spectators.py).
urlpatterns += [
    path("campaigns/import/", archive.campaign_import_view, name="campaign_import"),
    path("campaigns/import/<int:import_id>/", archive.import_job, name="campaign_import_job"),
    path("c/<int:campaign_id>/backup/", archive.campaign_backup, name="campaign_backup"),
    # The Download, a background export (desk/views/exports.py).
    path("c/<int:campaign_id>/backup/exports/", exports.export_start, name="campaign_export_start"),
    path(
        "c/<int:campaign_id>/backup/exports/<int:export_id>/",
        exports.export_job,
        name="campaign_export_job",
    ),
    path(
        "c/<int:campaign_id>/backup/exports/<int:export_id>/campaign.json",
        exports.campaign_download,
        name="campaign_download",
    ),
    path("c/<int:campaign_id>/backup/links/", archive.share_link_add, name="share_link_add"),
    path(
        "c/<int:campaign_id>/backup/links/<int:link_id>/revoke/",
        archive.share_link_revoke_view,
        name="share_link_revoke",
    ),
    path("c/<int:campaign_id>/charts/", archive.campaign_charts, name="campaign_charts"),
    path("s/<str:token>/", spectators.shared, name="shared"),
]

# Joining by invitation: the link's page (anyone may open it; accepting needs a user) and the
# sign-up it offers (desk/views/invitations.py). There is no other sign-up.
urlpatterns += [
    path("invite/<str:invitation_token>/", invitations.invitation_page, name="invitation"),
    path(
        "invite/<str:invitation_token>/sign-up/",
        invitations.invitation_signup,
        name="invitation_signup",
    ),
]
