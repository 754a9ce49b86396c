"""Who may see and do what in a campaign.

Every campaign page goes through `campaign_access`: a user who is not a member gets 404, so an
outsider cannot even learn that a campaign exists. Ownership checks below say what a player
controls: his lanista's school, his editor's choices, his bettor's purse.
"""

from dataclasses import dataclass
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.http import Http404

from ludus.limits import MAX_ID
from ludus.models import Campaign, Editor, Gladiator, Lanista, Membership


@dataclass(frozen=True)
class Access:
    campaign: Campaign
    membership: Membership

    @property
    def is_gm(self) -> bool:
        return self.membership.is_gm

    @property
    def user(self):
        return self.membership.user

    def owns_lanista(self, lanista: Lanista | None) -> bool:
        return self.is_gm or (lanista is not None and lanista.player_id == self.user.pk)

    def owns_gladiator(self, gladiator: Gladiator) -> bool:
        """The GM, or the player whose lanista owns the man (his orders are private to them)."""
        return self.owns_lanista(gladiator.owner)

    def is_editor(self, editor: Editor) -> bool:
        return self.is_gm or editor.player_id == self.user.pk


def campaign_access(user, campaign_id: int) -> Access:
    """The user's access to a campaign, or 404 if he is not a member of it."""
    if not user.is_authenticated or not 0 <= campaign_id <= MAX_ID:
        raise Http404("No such campaign")
    # One membership at most (a unique constraint): no ORDER BY, and the user is the one
    # already loaded for the request, not joined again.
    membership = next(
        iter(
            Membership.objects.select_related("campaign").filter(
                campaign_id=campaign_id, user=user
            )[:1]
        ),
        None,
    )
    if membership is None:
        raise Http404("No such campaign")
    membership.user = user
    return Access(campaign=membership.campaign, membership=membership)


def require_gm(access: Access) -> None:
    """GM-only pages answer 404 to players too: they need not know the page exists."""
    if not access.is_gm:
        raise Http404("Not available")


def campaign_view(*, gm_only: bool = False, nav: str = "", ruleset: str = ""):
    """The one door of every campaign page: a view taking `campaign_id` from its URL.

    Anonymous users are sent to log in (as `login_required` does); a user who is not a member
    of the campaign gets 404, and so does a player at a GM-only page (`gm_only=True`): they need
    not learn that the page exists. The view finds its Access as `request.access`; every
    template finds the campaign, the access and `nav` (the section of the campaign menu the
    page belongs to) through ludus.context_processors.campaign. A page only one ruleset has
    (`ruleset`: its key, named in that ruleset's own package) is 404 in any other campaign.
    """

    def decorate(view):
        @wraps(view)
        def guarded(request, *args, campaign_id: int, **kwargs):
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            # An id no database row can have (`<int:...>` takes any size) is no page: 404,
            # before a lookup that the database driver would refuse with an overflow.
            ids = [campaign_id, *(v for k, v in kwargs.items() if k.endswith("_id"))]
            if any(isinstance(v, int) and not 0 <= v <= MAX_ID for v in ids):
                raise Http404("No such page")
            access = campaign_access(request.user, campaign_id)
            if gm_only:
                require_gm(access)
            if ruleset and access.campaign.ruleset != ruleset:
                raise Http404("No such page in a campaign of these rules")
            request.access = access
            request.nav = nav
            return view(request, *args, campaign_id=campaign_id, **kwargs)

        guarded.gm_only = gm_only  # the URL sweep test reads it
        guarded.ruleset = ruleset  # and this: the page is 404 in another ruleset's campaign
        return guarded

    return decorate
