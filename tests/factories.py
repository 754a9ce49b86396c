"""factory-boy factories for every campaign model, shared by the whole suite."""

import factory
from django.contrib.auth import get_user_model

from arena.models import Bout, BoutEntry, Race, RaceEntry, Show, Venue
from economy.models import Bettor
from ludus.forms import new_once_key
from ludus.models import (
    Campaign,
    Editor,
    Election,
    Favor,
    Gladiator,
    Injury,
    Lanista,
    Membership,
    Patron,
    PriorRecord,
)

TEST_PASSWORD = "test-password-123"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    password = factory.PostGenerationMethodCall("set_password", TEST_PASSWORD)

    @factory.post_generation
    def save_password(obj, create, extracted, **kwargs):
        if create:
            obj.save()


class CampaignFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Campaign

    name = factory.Sequence(lambda n: f"Campaign {n}")
    year = -50
    city = "Rome"
    day = 1


class MembershipFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Membership

    campaign = factory.SubFactory(CampaignFactory)
    user = factory.SubFactory(UserFactory)
    role = Membership.Role.PLAYER


class LanistaFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Lanista

    campaign = factory.SubFactory(CampaignFactory)
    name = factory.Sequence(lambda n: f"Lanista {n}")
    school = factory.LazyAttribute(lambda o: f"{o.name}'s ludus")
    city = "Capua"


class GladiatorFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Gladiator

    campaign = factory.SubFactory(CampaignFactory)
    owner = factory.SubFactory(LanistaFactory, campaign=factory.SelfAttribute("..campaign"))
    name = factory.Sequence(lambda n: f"Gladiator {n}")
    armatura = "thraex"
    might = 3
    melee = 2
    charisma = 2
    charm = 1
    price_purses = 10

    @classmethod
    def _adjust_kwargs(cls, **kwargs):
        """Ratings (`might=4`) go on his sheet, as `Gladiator.new` puts them."""
        return Gladiator.with_sheet(kwargs)


class PriorRecordFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = PriorRecord

    gladiator = factory.SubFactory(GladiatorFactory)
    city = "Rome"


class InjuryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Injury

    gladiator = factory.SubFactory(GladiatorFactory)
    name = "Cracked Rib"
    table_roll = 44
    severity = Injury.Severity.AVERAGE
    day_taken = 1


class EditorFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Editor

    campaign = factory.SubFactory(CampaignFactory)
    name = factory.Sequence(lambda n: f"Editor {n}")
    office = "heir"


class ElectionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Election

    editor = factory.SubFactory(EditorFactory)
    office = "praetor"
    year = -47


class PatronFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Patron

    campaign = factory.SubFactory(CampaignFactory)
    name = factory.Sequence(lambda n: f"Patron {n}")


class FavorFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Favor

    patron = factory.SubFactory(PatronFactory)
    owed_by = "a client"


class ShowFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Show

    campaign = factory.SubFactory(CampaignFactory)
    editor = factory.SubFactory(EditorFactory, campaign=factory.SelfAttribute("..campaign"))
    name = factory.Sequence(lambda n: f"Munus {n}")
    kind = Show.Kind.MUNUS
    venue = Venue.FORUM_ROMANUM
    year = factory.SelfAttribute("campaign.year")
    day = factory.SelfAttribute("campaign.day")


class BoutFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Bout

    show = factory.SubFactory(ShowFactory)
    fighter_a = factory.SubFactory(
        GladiatorFactory, campaign=factory.SelfAttribute("..show.campaign")
    )
    fighter_b = factory.SubFactory(
        GladiatorFactory, campaign=factory.SelfAttribute("..show.campaign"), armatura="murmillo"
    )
    orders_a = factory.Dict({})
    orders_b = factory.Dict({})
    # A settled pair: who won (the other lost) and each side's Crowd Favor at the end.
    winner = None
    loser = None
    favor_a = None
    favor_b = None
    kind = Bout.Kind.SINGLE

    @classmethod
    def _create(cls, model_class, *args, **kwargs):
        """A pair: the two men become the bout's entries on sides a and b."""
        sides = [
            ("a", kwargs.pop("fighter_a"), kwargs.pop("orders_a"), kwargs.pop("favor_a")),
            ("b", kwargs.pop("fighter_b"), kwargs.pop("orders_b"), kwargs.pop("favor_b")),
        ]
        winner, loser = kwargs.pop("winner"), kwargs.pop("loser")
        bout = super()._create(model_class, *args, **kwargs)
        for side, man, orders, favor in sides:
            result = ""
            if man == winner:
                result = BoutEntry.Result.WON
            elif man == loser or winner is not None:
                result = BoutEntry.Result.LOST
            BoutEntry.objects.create(
                bout=bout, side=side, gladiator=man, orders=orders, standing=favor, result=result
            )
        return bout


class RaceFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Race

    show = factory.SubFactory(ShowFactory, venue=Venue.CIRCUS_MAXIMUS, kind="ludi")


class RaceEntryFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = RaceEntry

    race = factory.SubFactory(RaceFactory)
    driver = factory.SubFactory(
        GladiatorFactory,
        campaign=factory.SelfAttribute("..race.show.campaign"),
        is_charioteer=True,
        agility=3,
        operate=2,
    )
    faction = "Reds"
    lane = factory.Sequence(lambda n: n + 1)


class BettorFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Bettor

    campaign = factory.SubFactory(CampaignFactory)
    name = factory.Sequence(lambda n: f"Bettor {n}")


def form_key() -> str:
    """A fresh one-time key, as a creating form draws it (ludus.forms.OnceKeyField)."""
    return new_once_key()
