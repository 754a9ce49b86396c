from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from arena.rulesets import plugins

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
    # The sections of a campaign only a ruleset has (the Era's Circus), from its plug-in.
    *(
        path(f"c/<int:campaign_id>/{prefix}/", include(urlconf))
        for plugin in plugins()
        for prefix, urlconf in plugin.campaign_sections
    ),
    path("c/<int:campaign_id>/money/", include("desk.urls_money")),
    path("c/<int:campaign_id>/bets/", include("arena.book.urls")),
]
