from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("ludus.urls")),
    path("", include("desk.urls")),
    path("c/<int:campaign_id>/arena/", include("arena.urls")),
    path("c/<int:campaign_id>/circus/", include("arena.circus.urls")),
    path("c/<int:campaign_id>/money/", include("desk.urls_money")),
    path("c/<int:campaign_id>/bets/", include("arena.book.urls")),
]
