"""The ludus pages: log in and out, the password, recovery, and the Favors owed.

The names are not namespaced: settings refer to `login` by bare name.
"""

from django.contrib.auth import views as auth_views
from django.urls import path

from ludus.views import calendar, favors, recovery

urlpatterns = [
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # Changing one's password (Django's views, our templates in templates/registration/).
    path("password/", auth_views.PasswordChangeView.as_view(), name="password_change"),
    path(
        "password/done/",
        auth_views.PasswordChangeDoneView.as_view(),
        name="password_change_done",
    ),
    path("c/<int:campaign_id>/recovery/", recovery.recovery, name="recovery"),
    path(
        "c/<int:campaign_id>/recovery/advance/",
        recovery.advance_day,
        name="recovery_advance_day",
    ),
    path(
        "c/<int:campaign_id>/recovery/advance-to/",
        calendar.advance_to,
        name="recovery_advance_to",
    ),
    path(
        "c/<int:campaign_id>/recovery/injuries/<int:injury_id>/treat/",
        recovery.treat_injury,
        name="recovery_treat",
    ),
    # Taking back the last medicus roll or end of day (GM).
    path(
        "c/<int:campaign_id>/recovery/rolls/<int:attempt_id>/undo/",
        recovery.undo_roll,
        name="recovery_undo_roll",
    ),
    path(
        "c/<int:campaign_id>/recovery/days/<int:record_id>/undo/",
        recovery.undo_day,
        name="recovery_undo_day",
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
