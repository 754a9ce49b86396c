"""ludus.paging.FromEitherEnd: the pages Django's Paginator gives, the far half read in reverse
(issue 14: the ledger's last page costs what its first does)."""

import pytest
from django.core.paginator import Paginator
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ludus.models import Gladiator
from ludus.paging import FromEitherEnd
from tests import factories

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("count", [0, 1, 5, 23, 25])
@pytest.mark.parametrize("order", [("name", "pk"), ("-pk",)])
def test_every_page_holds_the_rows_the_plain_paginator_gives(count, order):
    campaign = factories.CampaignFactory()
    for i in range(count):
        factories.GladiatorFactory(campaign=campaign, name=f"Man {i % 7} {i:02d}")
    men = Gladiator.objects.filter(campaign=campaign).order_by(*order)
    plain, either = Paginator(men, 5), FromEitherEnd(men, 5)
    assert either.num_pages == plain.num_pages
    for number in plain.page_range:
        assert list(either.page(number)) == list(plain.page(number)), number
        assert either.page(number).has_next() == plain.page(number).has_next()


def test_the_last_page_is_read_from_the_other_end():
    campaign = factories.CampaignFactory()
    for i in range(12):
        factories.GladiatorFactory(campaign=campaign, name=f"Man {i:02d}")
    men = Gladiator.objects.filter(campaign=campaign).order_by("name", "pk")
    pages = FromEitherEnd(men, 5)
    pages.count  # noqa: B018 - the count asked first, on its own
    with CaptureQueriesContext(connection) as queries:
        last = list(pages.get_page(1_000))  # past the end: the last page
    assert [man.name for man in last] == ["Man 10", "Man 11"]
    (sql,) = [q["sql"] for q in queries.captured_queries]
    assert "DESC" in sql and "OFFSET" not in sql  # the far end, no walk past the near rows
