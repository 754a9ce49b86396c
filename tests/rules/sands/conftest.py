"""A Sands bout with scripted dice: each d6 the engine rolls is the next number given."""

import pytest

from rules.sands.bout import ENGINE_VERSION, Bout, standard_setup


class Script:
    def __init__(self, numbers):
        self.numbers = list(numbers)

    def __call__(self):
        assert self.numbers, "the engine rolled more dice than the script holds"
        return self.numbers.pop(0)

    def add(self, *numbers):
        self.numbers.extend(numbers)


@pytest.fixture
def scripted():
    def make(*numbers, a=None, b=None, turn_limit=None, engine=ENGINE_VERSION):
        script = Script(numbers)
        setup = standard_setup(a, b, turn_limit)
        bout = Bout(setup, 0, dice=script, engine_version=engine)
        bout.script = script
        return bout

    return make
