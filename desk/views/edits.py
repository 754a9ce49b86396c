"""The GM's edits of what he set up, and the campaign's change log (issue 11).

Every POST here is the GM's (a player or an outsider gets 404, as on the setup page). A form
the service refuses is the page again, status 400, with the message on the field it names;
nothing is written. A form sent again, or drawn before a change since, writes once: the page as
it stands now, with the news ("Already changed").
"""

from django.contrib import messages
from django.core.paginator import EmptyPage, Page, PageNotAnInteger, Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from desk.forms_edits import (
    EditorEditForm,
    GladiatorEditForm,
    LanistaEditForm,
    MemberRemoveForm,
    MemberRoleForm,
)
from desk.services.edits import (
    editor_edit,
    gladiator_edit,
    lanista_edit,
    member_remove,
    member_role_set,
)
from desk.services.setup import SetupError
from desk.views import gladiators, setup
from desk.views.setup import _add_errors
from ludus.access import campaign_view
from ludus.errors import AlreadyDone
from ludus.history import CampaignLog
from ludus.models import Editor, Gladiator, Lanista, Membership

SAVED = "{what} is changed: {fields}."
REMOVED = "{username} is no longer a member of this campaign."
PER_PAGE = 50


def _fields(form, changed) -> str:
    return ", ".join(str(form.fields[name].label).lower() for name in changed) or "nothing"


def _changed(form) -> list[str]:
    return [name for name in form.changed_data if name != "seen"]


def _edit(request, *, form, service, target, what, on_error, news=None):
    """Validate, call the service with the form's changes, and answer: a redirect with the news
    (`news`, else what changed of `what`; or the refusal of a repeat), or `on_error(form)` (the
    page, status 400)."""
    if form.is_valid():
        changed = _changed(form)
        try:
            service(seen=form.cleaned_data["seen"], **form.changes())
        except AlreadyDone as done:
            messages.info(request, str(done))
            return redirect(target)
        except SetupError as error:
            _add_errors(form, error)
        else:
            messages.success(
                request, news or SAVED.format(what=what, fields=_fields(form, changed))
            )
            return redirect(target)
    return on_error(form)


@campaign_view(gm_only=True, nav="roster")
@require_POST
def gladiator_edit_view(request: HttpRequest, campaign_id: int, gladiator_id: int):
    access = request.access
    man = get_object_or_404(Gladiator, pk=gladiator_id, campaign=access.campaign)
    form = GladiatorEditForm(request.POST, instance=man)

    def on_error(bound):
        context = gladiators._detail_context(access, man, None, edit_form=bound)
        return render(request, "desk/gladiator_detail.html", context, status=400)

    return _edit(
        request,
        form=form,
        service=lambda **kw: gladiator_edit(gladiator=man, **kw),
        target=reverse("gladiator_detail", args=[campaign_id, man.pk]) + "#edit",
        what=man.name,
        on_error=on_error,
    )


@campaign_view(gm_only=True, nav="roster")
@require_POST
def lanista_edit_view(request: HttpRequest, campaign_id: int, lanista_id: int):
    access = request.access
    lanista = get_object_or_404(Lanista, pk=lanista_id, campaign=access.campaign)
    form = LanistaEditForm(request.POST, instance=lanista)

    def on_error(bound):
        context = gladiators._school_context(access, lanista, edit_form=bound)
        return render(request, "desk/roster.html", context, status=400)

    return _edit(
        request,
        form=form,
        service=lambda **kw: lanista_edit(lanista=lanista, **kw),
        target=reverse("school_roster", args=[campaign_id, lanista.pk]) + "#edit",
        what=lanista.name,
        on_error=on_error,
    )


def _setup_error(request, access, key, bound):
    return setup._render(request, access, status=400, edit_errors={key: bound})


@campaign_view(gm_only=True, nav="setup")
@require_POST
def editor_edit_view(request: HttpRequest, campaign_id: int, editor_id: int):
    access = request.access
    editor = get_object_or_404(Editor, pk=editor_id, campaign=access.campaign)
    form = EditorEditForm(request.POST, instance=editor)
    return _edit(
        request,
        form=form,
        service=lambda **kw: editor_edit(editor=editor, **kw),
        target=setup._setup_url(access.campaign, f"editor-{editor.pk}"),
        what=editor.name,
        on_error=lambda bound: _setup_error(request, access, ("editor", editor.pk), bound),
    )


def _membership(access, membership_id: int) -> Membership:
    return get_object_or_404(
        Membership.objects.select_related("user"), pk=membership_id, campaign=access.campaign
    )


@campaign_view(gm_only=True, nav="setup")
@require_POST
def member_role_view(request: HttpRequest, campaign_id: int, membership_id: int):
    access = request.access
    membership = _membership(access, membership_id)
    return _edit(
        request,
        form=MemberRoleForm(request.POST, instance=membership),
        service=lambda **kw: member_role_set(membership=membership, **kw),
        target=setup._setup_url(access.campaign, "members"),
        what=membership.user.get_username(),
        on_error=lambda bound: _setup_error(request, access, ("member", membership.pk), bound),
    )


@campaign_view(gm_only=True, nav="setup")
@require_POST
def member_remove_view(request: HttpRequest, campaign_id: int, membership_id: int):
    access = request.access
    membership = _membership(access, membership_id)
    username = membership.user.get_username()
    return _edit(
        request,
        form=MemberRemoveForm(request.POST, instance=membership),
        service=lambda **kw: member_remove(membership=membership, **kw),
        target=setup._setup_url(access.campaign, "members"),
        what=username,
        news=REMOVED.format(username=username),
        on_error=lambda bound: _setup_error(request, access, ("remove", membership.pk), bound),
    )


@campaign_view(gm_only=True, nav="setup")
def change_log(request: HttpRequest, campaign_id: int) -> HttpResponse:
    """Every change kept for the campaign, newest first, fifty to a page (?page=N). The pager's
    links also carry the key of the row they continue from (?after=, ?before=): the next page
    is then read from there, not walked to from an end (issue 14); a key that names no row
    of the log is ignored and the page read by its number."""
    access = request.access
    log = CampaignLog(access.campaign)
    paginator = Paginator(log, PER_PAGE)
    try:
        number = paginator.validate_number(request.GET.get("page"))
    except PageNotAnInteger:
        number = 1
    except EmptyPage:
        number = paginator.num_pages
    page = None
    after, before = request.GET.get("after", ""), request.GET.get("before", "")
    if after and 1 < number < paginator.num_pages:
        rows = log.seek(after[:200], PER_PAGE, older=True)
        page = Page(rows, number, paginator) if rows else None
    elif before and 1 < number < paginator.num_pages:
        rows = log.seek(before[:200], PER_PAGE, older=False)
        page = Page(rows, number, paginator) if rows else None
    if page is None:
        page = paginator.page(number)
    return render(request, "desk/change_log.html", {"page": page, "history": page.object_list})
