"""Setting up a campaign without the admin: a new campaign (any logged-in user, who becomes its
GM) and the GM's setup page (members and their invitations, lanistae, gladiators, editors,
elections, bettors).

The setup page and its POSTs are the GM's: a player gets 404, an outsider too. A refused form is
the setup page again with the form's errors inline and status 400; nothing is written.
"""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from desk.forms_edits import EditorEditForm, MemberRemoveForm, MemberRoleForm
from desk.forms_setup import (
    BettorForm,
    CampaignForm,
    EditorForm,
    ElectionForm,
    GladiatorForm,
    InvitationForm,
    LanistaForm,
    campaign_members,
)
from desk.services.invitations import InvitationError, invitation_create, invitation_revoke
from desk.services.setup import (
    SetupError,
    bettor_create,
    campaign_create,
    editor_create,
    election_create,
    gladiator_create,
    lanista_create,
)
from economy.ledger import LedgerError, balances
from economy.models import Account, Bettor
from ludus.access import Access, campaign_view
from ludus.errors import AlreadyDone
from ludus.history import marks, objects_changes
from ludus.models import (
    INVITATION_DAYS,
    Editor,
    Gladiator,
    Invitation,
    Lanista,
    Membership,
    year_label,
)
from ludus.selectors.people import editors_dignitas

CREATED = "{name} is set up. You are its game master."
ADDED = "Added {what}."
INVITED = (
    "An invitation for {what} is made. Give the link below to the one it is for: it is shown "
    "this once, opens for {days} days and joins one user."
)
REVOKED = "The invitation for {what} is revoked: its link no longer opens."
NEW_LINK = "new_invitation_link"  # the session key of the link just made, shown once
GLADIATORS_SHOWN = 25  # the newest men listed on the setup page; the roster has them all


def _add_errors(form, error: Exception) -> None:
    errors = error.errors if isinstance(error, SetupError) else {None: [str(error)]}
    for field, field_messages in errors.items():
        target = field if field in form.fields else None
        for message in field_messages:
            form.add_error(target, message)


@login_required
def campaign_new(request: HttpRequest) -> HttpResponse:
    form = CampaignForm(request.POST or None)
    if request.method == "POST":
        if form.is_valid():
            data = dict(form.cleaned_data)
            try:
                campaign = campaign_create(user=request.user, once_key=data.pop("key"), **data)
            except AlreadyDone as done:
                # The same form sent twice: the campaign made by the first post.
                messages.info(request, str(done))
                if done.result_id is None:
                    return redirect("campaign_list")
                return redirect("campaign_setup", done.result_id)
            except SetupError as error:
                _add_errors(form, error)
            else:
                messages.success(request, CREATED.format(name=campaign.name))
                return redirect("campaign_setup", campaign.pk)
        return render(request, "desk/setup/campaign_new.html", {"form": form}, status=400)
    return render(request, "desk/setup/campaign_new.html", {"form": form})


def _overview(campaign) -> dict:
    lanistae = list(Lanista.objects.filter(campaign=campaign).select_related("player"))
    editors = list(
        Editor.objects.filter(campaign=campaign)
        .select_related("player", "campaign")
        .prefetch_related("elections")
    )
    bettors = list(Bettor.objects.filter(campaign=campaign).select_related("player"))
    money = list(
        Account.objects.filter(campaign=campaign).exclude(lanista=None, editor=None, bettor=None)
    )
    sums = balances(money)
    chest = {a.lanista_id: sums[a.pk] for a in money if a.lanista_id}
    purse = {a.editor_id: sums[a.pk] for a in money if a.editor_id}
    stake = {a.bettor_id: sums[a.pk] for a in money if a.bettor_id}
    for bettor in bettors:
        bettor.purse_balance = stake.get(bettor.pk, 0)
    for lanista in lanistae:
        lanista.chest_balance = chest.get(lanista.pk, 0)
    dignitas = editors_dignitas(editors)
    for editor in editors:
        editor.purse_balance = purse.get(editor.pk, 0)
        editor.dignitas = dignitas[editor.pk]
    men = Gladiator.objects.filter(campaign=campaign)
    return {
        "members": Membership.objects.filter(campaign=campaign)
        .select_related("user", "campaign")
        .order_by("user__username"),
        "lanistae": lanistae,
        # The newest few: the roster lists them all, a school a page (a campaign of years
        # holds thousands).
        "gladiators": men.select_related("owner").order_by("-pk")[:GLADIATORS_SHOWN],
        "gladiators_count": men.count(),
        "editors": editors,
        "bettors": sorted(bettors, key=lambda b: (b.name, b.pk)),
        "invitations": Invitation.objects.filter(campaign=campaign).select_related("used_by"),
    }


def _with_edits(context: dict, edit_errors: dict) -> None:
    """Each member's role and remove forms and each editor's edit form (a refused one bound,
    with its errors), and the history of the members and editors."""
    members = list(context["members"])
    seen = marks(members)
    for m in members:
        m.role_form = edit_errors.get(("member", m.pk)) or MemberRoleForm(
            instance=m, seen=seen[m.pk]
        )
        m.remove_form = edit_errors.get(("remove", m.pk)) or MemberRemoveForm(
            instance=m, seen=seen[m.pk]
        )
    context["members"] = members
    seen = marks(context["editors"])
    players = list(campaign_members(context["campaign"]))
    for e in context["editors"]:
        e.edit_form = edit_errors.get(("editor", e.pk)) or EditorEditForm(
            instance=e, seen=seen[e.pk], members=players
        )
        e.edit_form_id = f"editor-{e.pk}"
    history = Membership.history.filter(campaign=context["campaign"])
    context["members_history"] = objects_changes([*members, *_removed(history, members)])
    context["editors_history"] = objects_changes(context["editors"])


def _removed(history, members):
    """The memberships removed since (their history stays: "removed")."""
    present = {m.pk for m in members}
    gone = history.filter(history_type="-").exclude(id__in=present)
    return [record.instance for record in gone.order_by("id").distinct()]


def _render(
    request: HttpRequest,
    access: Access,
    status: int = 200,
    edit_errors: dict | None = None,
    **bound,
) -> HttpResponse:
    campaign = access.campaign
    forms = {
        "invitation_form": InvitationForm(campaign=campaign),
        "bettor_form": BettorForm(campaign=campaign),
        "lanista_form": LanistaForm(campaign=campaign),
        "gladiator_form": GladiatorForm(campaign=campaign),
        "editor_form": EditorForm(campaign=campaign),
        "election_form": ElectionForm(campaign=campaign),
    }
    forms.update(bound)
    context = {
        **forms,
        **_overview(campaign),
        "campaign": campaign,
        "invitation_days": INVITATION_DAYS,
        "new_link": request.session.pop(NEW_LINK, None) if status == 200 else None,
    }
    _with_edits(context, edit_errors or {})
    return render(request, "desk/setup/setup.html", context, status=status)


@campaign_view(gm_only=True, nav="setup")
def campaign_setup(request: HttpRequest, campaign_id: int) -> HttpResponse:
    return _render(request, request.access)


def _post(request, *, form_class, key, service, anchor, describe):
    """Validate the form, call the service, redirect to the setup page; 400 and errors if not."""
    access = request.access
    campaign = access.campaign
    form = form_class(request.POST, campaign=campaign)
    if form.is_valid():
        data = dict(form.cleaned_data)
        once = {"once_key": data.pop("key")} if "key" in data else {}
        try:
            created = service(campaign=campaign, **once, **data)
        except AlreadyDone as done:
            # The same form sent twice (a double click, a retry): written once, by the first.
            messages.info(request, str(done))
            return redirect(_setup_url(campaign, anchor))
        except (SetupError, LedgerError) as error:
            _add_errors(form, error)
        else:
            messages.success(request, ADDED.format(what=describe(created)))
            return redirect(_setup_url(campaign, anchor))
    return _render(request, access, status=400, **{key: form})


def _add_view(name, *, form_class, key, service, anchor, describe, by_gm=False):
    """The GM's POST that adds one thing from the setup page's form `key` (`_post`); `by_gm`:
    the service records who added it (`created_by`)."""

    def view(request: HttpRequest, campaign_id: int) -> HttpResponse:
        act = (lambda **kw: service(created_by=request.user, **kw)) if by_gm else service
        return _post(
            request,
            form_class=form_class,
            key=key,
            service=act,
            anchor=anchor,
            describe=describe,
        )

    view.__name__ = view.__qualname__ = name
    return campaign_view(gm_only=True, nav="setup")(require_POST(view))


def _setup_url(campaign, anchor: str) -> str:
    return reverse("campaign_setup", args=[campaign.pk]) + f"#{anchor}"


@campaign_view(gm_only=True, nav="setup")
@require_POST
def invitation_add_view(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """The GM makes an invitation link; the setup page shows it once (from the session)."""
    access = request.access
    campaign = access.campaign
    form = InvitationForm(request.POST, campaign=campaign)
    if form.is_valid():
        data = form.cleaned_data
        try:
            invitation = invitation_create(
                campaign=campaign,
                role=data["role"],
                party=data["party"],
                created_by=request.user,
                once_key=data["key"],
            )
        except AlreadyDone as done:
            messages.info(request, str(done))
            return redirect(_setup_url(campaign, "members"))
        except InvitationError as error:
            form.add_error("part", str(error))
        else:
            link = reverse("invitation", args=[invitation.token])
            request.session[NEW_LINK] = request.build_absolute_uri(link)
            what = invitation.describe
            messages.success(request, INVITED.format(what=what, days=INVITATION_DAYS))
            return redirect(_setup_url(campaign, "members"))
    return _render(request, access, status=400, invitation_form=form)


@campaign_view(gm_only=True, nav="setup")
@require_POST
def invitation_revoke_view(
    request: HttpRequest, campaign_id: int, invitation_id: int
) -> HttpResponse:
    campaign = request.access.campaign
    invitation = Invitation.objects.filter(campaign=campaign, pk=invitation_id).first()
    if invitation is None:
        raise Http404("No such invitation")
    try:
        invitation_revoke(invitation=invitation)
    except AlreadyDone as done:
        messages.info(request, str(done))
    except InvitationError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, REVOKED.format(what=invitation.describe))
    return redirect(_setup_url(campaign, "members"))


lanista_add_view = _add_view(
    "lanista_add_view",
    form_class=LanistaForm,
    key="lanista_form",
    service=lanista_create,
    by_gm=True,
    anchor="lanistae",
    describe=lambda lanista: f"{lanista.name} of {lanista.school}",
)
gladiator_add_view = _add_view(
    "gladiator_add_view",
    form_class=GladiatorForm,
    key="gladiator_form",
    service=gladiator_create,
    anchor="gladiators",
    describe=str,
)
editor_add_view = _add_view(
    "editor_add_view",
    form_class=EditorForm,
    key="editor_form",
    service=editor_create,
    by_gm=True,
    anchor="editors",
    describe=lambda editor: f"the editor {editor.name}",
)
election_add_view = _add_view(
    "election_add_view",
    form_class=ElectionForm,
    key="election_form",
    service=election_create,
    anchor="editors",
    describe=lambda e: f"{e.editor.name}'s election for {e.office}, {year_label(e.year)}",
)
bettor_add_view = _add_view(
    "bettor_add_view",
    form_class=BettorForm,
    key="bettor_form",
    service=bettor_create,
    by_gm=True,
    anchor="bettors",
    describe=lambda bettor: f"the bettor {bettor.name}",
)
