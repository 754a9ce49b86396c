import pytest

from tests.cast import build_cast


@pytest.fixture
def cast(db):
    return build_cast()
