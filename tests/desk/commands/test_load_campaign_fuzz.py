"""Issue 10, fuzzed: a campaign file broken anywhere, or no file at all, is one CommandError
(exit status 2) naming what is wrong, and nothing is written; never another exception."""

import json

import pytest
from django.db import transaction
from hypothesis import example, given
from hypothesis import strategies as st

from desk.demo import DEMO_FILE
from ludus.models import Campaign
from tests.fuzz import COMMANDS, HUGE, NOT_NUMBERS, outcome

pytestmark = pytest.mark.django_db

DEMO = json.loads(DEMO_FILE.read_text())
SMALL = DEMO | {"shows": DEMO["shows"][:1]}  # the Forum munus alone: each example loads fast

LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.sampled_from([0, -1, *HUGE, *(-n for n in HUGE), 1.5, float("inf")]),
    NOT_NUMBERS,
)
JSON = st.recursive(
    LEAVES,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=6,
)


def paths(value, at=()):
    """Every place in the file: each key of each object and each item of each list."""
    yield at
    items = (
        value.items()
        if isinstance(value, dict)
        else enumerate(value)
        if isinstance(value, list)
        else ()
    )
    for key, inner in items:
        yield from paths(inner, (*at, key))


PATHS = list(paths(SMALL))


def mutated(path, value, delete):
    data = json.loads(json.dumps(SMALL))
    if not path:
        return value
    *parent, last = path
    holder = data
    for key in parent:
        holder = holder[key]
    if delete:
        del holder[last]
    else:
        holder[last] = value
    return data


def load(path) -> tuple[bool, str]:
    with transaction.atomic():
        before = Campaign.objects.count()
        ran, text = outcome("load_campaign", str(path), "--password", "secret")
        if not ran:
            assert text.strip() and "\n" not in text.strip(), text
            assert Campaign.objects.count() == before  # nothing written
        transaction.set_rollback(True)  # each example starts from the same empty database
    return ran, text


@COMMANDS
@given(path=st.sampled_from(PATHS), value=JSON, delete=st.booleans())
@example(path=("gladiators", 0, "sheet"), value=[], delete=False)
@example(path=("gladiators", 0, "sheet", "might"), value="3", delete=False)
@example(path=("openings", 0, "amount"), value=2**63, delete=False)
@example(path=("shows", 0, "day"), value=2**63, delete=False)
@example(path=("campaign", "year"), value=2**64, delete=False)
@example(path=("users", 0, "username"), value=None, delete=False)
@example(path=("lanistae", 0, "medicus_intellect"), value=None, delete=False)
@example(path=("shows", 0, "card", 0, "bets", 0, "stake"), value=-400, delete=False)
def test_a_file_broken_in_one_place(tmp_path_factory, path, value, delete):
    file = tmp_path_factory.mktemp("file") / "campaign.json"
    file.write_text(json.dumps(mutated(path, value, delete)))
    load(file)


@COMMANDS
@given(raw=st.one_of(st.binary(max_size=40), st.integers(1, 4000)))
@example(raw=b"\xff\xfe{")
@example(raw=b"0")  # JSON, but not a campaign: the refusal still names the file
@example(raw=b"")
def test_a_file_that_is_not_json_or_cut_short(tmp_path_factory, raw):
    file = tmp_path_factory.mktemp("file") / "campaign.json"
    file.write_bytes(json.dumps(SMALL).encode()[:raw] if isinstance(raw, int) else raw)
    ran, text = load(file)
    assert not ran and repr(str(file)) in text


@COMMANDS
@given(name=st.one_of(NOT_NUMBERS, st.just("no/such/dir/x.json")))
@example(name="")
def test_a_missing_file_or_a_directory(tmp_path_factory, name):
    where = tmp_path_factory.mktemp("empty")
    ran, text = load(where / name)
    assert not ran and repr(str(where / name)) in text
