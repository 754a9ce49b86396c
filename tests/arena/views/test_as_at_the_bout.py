"""Issue 27: a bout of record shows its men as they were at the bout, not as they are today:
the Wounds each carried out of it (not "carries" today's), his death by the bout's fate, and
the school he fought for (a man freed since kept no school on the record)."""

import re

import pytest
from django.urls import reverse

from arena.models import BoutEntry
from arena.services.bouts import bout_decide, bout_fight
from ludus.models import Gladiator
from tests.arena.views.helpers import divided, seed_where

pytestmark = pytest.mark.django_db


def words(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#x27;", "'").split())


def fought_then_changed(cast):
    """A bout fought and decided; then its winner rests off his Wounds and is freed."""
    bout = bout_fight(bout=cast.bout, seed=seed_where(cast.bout, divided), auto_decide=False)
    bout_decide(bout=bout, editor_choice="missio", user=cast.gm)
    school = cast.mine.owner.school
    man = Gladiator.objects.get(pk=cast.mine.pk)
    carried_out = man.wounds
    man.wounds = 0  # nights of rest since
    man.owner = None  # freed since: he belongs to no school now
    man.legal_status = Gladiator.LegalStatus.FREEDMAN
    man.save()
    return bout, school, carried_out


def test_the_bout_page_shows_the_school_and_wounds_of_the_bout(cast, as_user):
    bout, school, carried_out = fought_then_changed(cast)
    page = as_user(cast.gm).get(reverse("arena:bout_detail", args=[cast.campaign.pk, bout.pk]))
    html = page.content.decode()
    corner = words(html.split('id="corner-a"', 1)[1].split("</section>", 1)[0])
    assert f"· {school} ·" in corner
    aftermath = words(html.split('id="aftermath"', 1)[1].split("</section>", 1)[0])
    assert "carries" not in aftermath
    wounds_row = aftermath.split("Wounds taken", 1)[1]
    assert f"(carried out {carried_out})" in wounds_row
    assert carried_out > 0  # a man who took none would not tell today's 0 from the bout's


@pytest.mark.parametrize("kept", [True, False], ids=["kept-on-the-entry", "from-the-history"])
def test_the_school_is_kept_when_the_bout_is_settled(cast, as_user, kept):
    bout, school, _ = fought_then_changed(cast)
    entry = BoutEntry.objects.get(bout=bout, gladiator=cast.mine)
    assert entry.school == school  # kept with the result, so an export carries it
    if not kept:  # a bout settled before the school was kept: the history tables tell it
        BoutEntry.objects.filter(bout=bout).update(school=None)
    page = as_user(cast.gm).get(reverse("arena:bout_detail", args=[cast.campaign.pk, bout.pk]))
    corner = page.content.decode().split('id="corner-a"', 1)[1].split("</section>", 1)[0]
    assert f"· {school} ·" in words(corner)


def test_the_public_record_shows_the_school_he_fought_for(cast, as_user):
    bout, school, _ = fought_then_changed(cast)
    url = reverse("arena:show_handout", args=[cast.campaign.pk, cast.show.pk])
    assert school in words(as_user(cast.other).get(url).content.decode())
