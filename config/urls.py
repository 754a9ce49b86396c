from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("ludus.urls")),
    path("c/<int:campaign_id>/arena/", include("arena.urls")),
    path("c/<int:campaign_id>/circus/", include("arena.urls_races")),
    path("c/<int:campaign_id>/money/", include("economy.urls")),
    path("c/<int:campaign_id>/bets/", include("economy.urls_bets")),
]
