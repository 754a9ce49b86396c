from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

urlpatterns = [
    path("admin/", admin.site.urls),
    # Browsers ask for /favicon.ico whatever the page links; the icon is static/favicon.svg.
    path(
        "favicon.ico",
        RedirectView.as_view(url=static("favicon.svg"), permanent=True),
        name="favicon",
    ),
    path("", include("ludus.urls")),
    path("", include("desk.urls")),
    path("c/<int:campaign_id>/arena/", include("arena.urls")),
    path("c/<int:campaign_id>/circus/", include("arena.rulesets.era.circus.urls")),
    path("c/<int:campaign_id>/money/", include("desk.urls_money")),
    path("c/<int:campaign_id>/bets/", include("arena.book.urls")),
]
