"""The money pages of a campaign, under c/<campaign_id>/money/: the ledger and the market."""

from django.urls import path

from desk.views import ledger, market

app_name = "economy"

urlpatterns = [
    path("", ledger.ledger, name="ledger"),
    path("ledger.csv", ledger.ledger_csv_download, name="ledger_csv"),
    path("fund/", ledger.ledger_fund, name="ledger_fund"),
    path("correct/", ledger.ledger_correct, name="ledger_correct"),
    path("market/", market.market, name="market"),
    path("market/hire/", market.hire, name="market_hire"),
    path("market/buy/", market.buy, name="market_buy"),
    path("market/sell/", market.sell, name="market_sell"),
    path("market/sign/", market.sign, name="market_sign"),
    path("market/manumit/", market.manumit, name="market_manumit"),
]
