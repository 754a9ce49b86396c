import pytest

from tests.ludus.views.cast import build_cast


@pytest.fixture
def cast(db):
    return build_cast()
