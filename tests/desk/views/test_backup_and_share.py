"""The backup and share page: the GM downloads the campaign and gives out share links that
spectators open without logging in (read-only, no private data, 404 once revoked); anyone
logged in uploads a file into a new campaign; the charts page and the printable handout."""

import gzip
import json
from datetime import date
from pathlib import Path

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from arena.models import ShareLink
from arena.services.sharing import share_link_create, share_link_revoke
from arena.views import spectators
from desk import forms_archive
from desk.campaign_archive import UNBALANCED, campaign_export, imported_name
from desk.forms_archive import MAX_FILE_BYTES, MAX_UNPACKED_BYTES
from desk.generate import generate_campaign
from desk.services.exports import KIND, export_job_start, export_run
from desk.services.imports import KIND as IMPORT
from desk.services.imports import import_run
from desk.tasks import campaign_export_job
from economy.models import Transaction
from ludus.models import Campaign, Job
from tests import factories
from tests.cast import BITHYS_PECULIUM, FABIUS_PURSE, NERVA_CHEST

pytestmark = pytest.mark.django_db

KEY = "k" * 32
DEMO = json.loads((Path(__file__).resolve().parents[3] / "fixtures" / "demo.json").read_text())


def _upload(client, data, key=KEY, name=""):
    body = json.dumps(data).encode() if not isinstance(data, bytes) else data
    return client.post(
        reverse("campaign_import"),
        {"key": key, "name": name, "file": SimpleUploadedFile("c.json", body, "application/json")},
    )


def test_the_gm_downloads_the_whole_campaign(cast):
    """Download is a background export (tests/desk/views/test_exports.py): here the worker's
    part runs in-process, and the file linked from the page is the whole campaign."""
    gm = cast.client_for("gm")
    response = gm.post(
        reverse("campaign_export_start", args=[cast.campaign.pk]),
        {"key": KEY},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    job = Job.objects.get(kind=KIND)
    export_run(job.pk)
    page = gm.get(reverse("campaign_backup", args=[cast.campaign.pk])).content.decode()
    url = reverse("campaign_download", args=[cast.campaign.pk, job.pk])
    assert f'href="{url}"' in page
    response = gm.get(url)
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="rome-50-bc-day-3')
    data = json.loads(gzip.decompress(response.content))
    assert (data["format"], data["version"]) == ("ludus-campaign", 3)
    assert len(data["ledger"]) == Transaction.objects.filter(campaign=cast.campaign).count()


@pytest.mark.parametrize("who", ["nerva", "other", "outsider"])
def test_no_one_else_downloads_it(cast, who):
    job = export_run(export_job_start(campaign=cast.campaign, task=campaign_export_job).pk)
    url = reverse("campaign_download", args=[cast.campaign.pk, job.pk])
    assert cast.client_for(who).get(url).status_code == 404


def _imported(response) -> Job:
    """The upload's job, imported by the worker's part in-process."""
    job = Job.objects.get(kind=IMPORT)
    assert response.status_code == 302
    assert response["Location"] == reverse("campaign_import_job", args=[job.pk])
    return import_run(job.pk) or job


def test_an_upload_is_a_new_campaign_of_the_uploader(cast):
    data = campaign_export(cast.campaign)
    client = cast.client_for("outsider")
    job = _imported(_upload(client, data, name="Rome again"))
    copy = Campaign.objects.get(name="Rome again")
    assert job.status == Job.Status.DONE and job.campaign == copy
    assert list(copy.memberships.values_list("user__username", "role")) == [("outsider", "gm")]
    page = client.get(reverse("campaign_import_job", args=[job.pk]))
    assert page.status_code == 302
    assert page["Location"] == reverse("campaign_dashboard", args=[copy.pk])
    # the same form sent again makes nothing more
    assert _upload(client, data, name="Rome again").status_code == 302
    assert Campaign.objects.filter(name="Rome again").count() == 1
    assert Job.objects.filter(kind=IMPORT).count() == 1
    page = client.get(reverse("campaign_dashboard", args=[copy.pk])).content.decode()
    for amount in (NERVA_CHEST, FABIUS_PURSE, BITHYS_PECULIUM):
        assert f"{amount:,}" in page


@pytest.mark.parametrize("data_of", [campaign_export, lambda campaign: DEMO])
def test_an_upload_not_named_is_the_files_name_marked_imported_with_the_day(cast, data_of):
    data = data_of(cast.campaign)
    _imported(_upload(cast.client_for("gm"), data))
    copy = Campaign.objects.latest("pk")
    today = timezone.localdate()
    assert copy.name == f"{data['campaign']['name']} (imported {today.day} {today:%b %Y})"
    # The GM's list tells the copy from the original.
    names = [c.name for c in Campaign.objects.filter(memberships__user=cast.gm)]
    assert len(names) == len(set(names))


def test_the_imported_mark_is_put_once_and_the_name_fits():
    day = date(2026, 12, 6)
    assert imported_name("Rome, 50 BC", day) == "Rome, 50 BC (imported 6 Dec 2026)"
    again = imported_name("Rome, 50 BC (imported 1 Nov 2026)", day)
    assert again == "Rome, 50 BC (imported 6 Dec 2026)"
    long = imported_name("R" * 120, day)
    assert len(long) == Campaign._meta.get_field("name").max_length
    assert long.endswith(" (imported 6 Dec 2026)")


def test_a_bad_file_is_named_and_nothing_is_written(cast):
    data = campaign_export(cast.campaign)
    data["campaign"]["name"] = "Rome again"
    data["ledger"][0]["entries"][0][1] += 5
    count = Campaign.objects.count()
    client = cast.client_for("gm")
    job = _imported(_upload(client, data))
    message = UNBALANCED.format(id=data["ledger"][0]["id"], total=5)
    assert job.status == Job.Status.FAILED and message in job.error
    page = client.get(reverse("campaign_import_job", args=[job.pk])).content.decode()
    assert message in page.replace("&#x27;", "'")
    assert Campaign.objects.count() == count
    not_json = _upload(client, b"\xff not json", key="j" * 32)
    assert not_json.status_code == 400
    assert "not a campaign file" in not_json.content.decode()


def test_a_file_of_an_unknown_version_is_refused_with_the_versions_read(cast):
    data = campaign_export(cast.campaign)
    data["version"] = 9
    response = _upload(cast.client_for("gm"), data)
    assert response.status_code == 400
    assert "version 9" in response.content.decode()


def _make_link(client, campaign, show=None, key=KEY):
    return client.post(
        reverse("share_link_add", args=[campaign.pk]),
        {"key": key, "show": "" if show is None else show.pk},
    )


def test_the_gm_makes_a_link_once_and_spectators_read_it(cast):
    client = cast.client_for("gm")
    assert _make_link(client, cast.campaign).status_code == 302
    assert _make_link(client, cast.campaign).status_code == 302  # a double click
    link = ShareLink.objects.get(campaign=cast.campaign)
    assert link.show is None and link.created_by == cast.gm and len(link.token) >= 40
    page = Client().get(reverse("shared", args=[link.token]))
    assert page.status_code == 200
    text = page.content.decode()
    assert "Games at Capua" in text and "The Forum munus" in text
    assert "<strong>Bithys</strong> won" in text
    backup = client.get(reverse("campaign_backup", args=[cast.campaign.pk])).content.decode()
    assert reverse("shared", args=[link.token]) in backup


def test_a_spectator_sees_no_private_data(cast):
    entry = cast.bout.entry_a
    entry.orders = {"name": "fight-on", "cuts": True}
    entry.save()
    for link in (
        share_link_create(campaign=cast.campaign),
        share_link_create(campaign=cast.campaign, show=cast.bout.show),
    ):
        text = Client().get(reverse("shared", args=[link.token])).content.decode()
        assert "Bithys" in text and "Spartacus" in text
        for private in ("fight-on", "HS", "sesterces", "peculium", "purse", "chest", "odds"):
            assert private not in text.lower(), private
        for amount in (NERVA_CHEST, FABIUS_PURSE, BITHYS_PECULIUM):
            assert f"{amount:,}" not in text and str(amount) not in text
        # no way into the campaign's own pages from there
        assert f"/c/{cast.campaign.pk}/" not in text


def test_a_revoked_or_unknown_link_is_404(cast):
    link = share_link_create(campaign=cast.campaign, show=cast.show)
    url = reverse("shared", args=[link.token])
    assert Client().get(url).status_code == 200
    client = cast.client_for("gm")
    revoke = reverse("share_link_revoke", args=[cast.campaign.pk, link.pk])
    assert client.post(revoke).status_code == 302
    assert client.post(revoke).status_code == 302  # a repeat is news, not an error
    assert Client().get(url).status_code == 404
    assert cast.client_for("gm").get(url).status_code == 404
    assert Client().get(reverse("shared", args=["x" * 43])).status_code == 404
    assert Client().get(reverse("shared", args=["x" * 500])).status_code == 404


@pytest.mark.parametrize("who", ["nerva", "other", "outsider"])
def test_only_the_gm_makes_or_revokes_links(cast, who):
    client = cast.client_for(who)
    assert _make_link(client, cast.campaign).status_code == 404
    assert not ShareLink.objects.exists()
    link = share_link_create(campaign=cast.campaign)
    revoke = reverse("share_link_revoke", args=[cast.campaign.pk, link.pk])
    assert client.post(revoke).status_code == 404
    link.refresh_from_db()
    assert link.is_live


def test_the_gm_cannot_revoke_another_campaigns_link_nor_link_its_show(cast):
    theirs = share_link_create(campaign=cast.other_campaign)
    client = cast.client_for("gm")
    revoke = reverse("share_link_revoke", args=[cast.campaign.pk, theirs.pk])
    assert client.post(revoke).status_code == 404
    theirs.refresh_from_db()
    assert theirs.is_live
    mine = share_link_create(campaign=cast.campaign)
    share_link_revoke(link=mine)
    other_show = cast.other_campaign.shows.create(
        name="Elsewhere", editor=cast.other_campaign.editors.create(name="Him"), year=-50, day=1
    )
    response = _make_link(client, cast.campaign, show=other_show, key="m" * 32)
    assert response.status_code == 400
    assert "show" in response.content.decode().lower()
    assert ShareLink.objects.filter(campaign=cast.campaign).count() == 1


@pytest.mark.parametrize("who", ["gm", "nerva", "other"])
def test_every_member_prints_the_handout(cast, who):
    url = reverse("arena:show_handout", args=[cast.campaign.pk, cast.bout.show.pk])
    response = cast.client_for(who).get(url)
    assert response.status_code == 200
    text = response.content.decode()
    assert "css/handout.css" in text and "Bithys" in text
    assert "grants missio" in text.lower()
    assert str(BITHYS_PECULIUM) not in text


def test_the_dashboard_links_the_charts_and_the_gm_the_backup(cast):
    url = reverse("campaign_dashboard", args=[cast.campaign.pk])
    gm = cast.client_for("gm").get(url).content.decode()
    player = cast.client_for("nerva").get(url).content.decode()
    charts = reverse("campaign_charts", args=[cast.campaign.pk])
    backup = reverse("campaign_backup", args=[cast.campaign.pk])
    assert charts in gm and backup in gm
    assert charts in player and backup not in player


def test_the_public_record_is_a_few_shows_a_page_opening_on_today(cast, monkeypatch):
    monkeypatch.setattr(spectators, "SHOWS_PER_PAGE", 2)
    # Games at Capua (day 1), then these, then the Forum munus (day 5); today is day 3.
    for day, name in ((2, "The Ides games"), (3, "The Kalends games"), (4, "The Nones games")):
        factories.ShowFactory(campaign=cast.campaign, editor=cast.editor, name=name, day=day)
    url = reverse("shared", args=[share_link_create(campaign=cast.campaign).token])
    opening = Client().get(url).content.decode()
    # Two shows before today fill page 1: the record opens on page 2, today's and the next.
    assert "The Kalends games" in opening and "The Nones games" in opening
    assert "Games at Capua" not in opening and "The Forum munus" not in opening
    assert "Page 2 of 3 (5 shows)" in opening
    first = Client().get(url + "?page=1").content.decode()
    assert "Games at Capua" in first and "The Ides games" in first
    assert "The Kalends games" not in first
    last = Client().get(url + "?page=99").content.decode()  # past the end: the last page
    assert "The Forum munus" in last and "Games at Capua" not in last
    assert "<strong>Bithys</strong> won" in (first if cast.bout.show.day == 1 else last)
    # the leaders are on every page
    assert all('id="leaders"' in page for page in (opening, first, last))


def test_a_generated_campaigns_download_is_an_upload_the_import_takes(cast):
    """The cap (docs/campaign-file.md, "Size"): the download is gzipped, and what the upload
    accepts is measured on the bytes sent; a generated campaign's download comes back whole
    through the page, and packs small enough that the cap holds campaigns far beyond it."""
    campaign = generate_campaign(gladiators=120, shows=30, bouts=240, seed=4).campaign
    gm = factories.UserFactory(username="big_gm")
    campaign.memberships.create(user=gm, role="gm")
    client = Client()
    client.force_login(gm)
    job = export_run(export_job_start(campaign=campaign, task=campaign_export_job).pk)
    packed = client.get(reverse("campaign_download", args=[campaign.pk, job.pk])).content
    unpacked = gzip.decompress(packed)
    assert len(unpacked) == job.result["bytes"]
    # a tenth of the JSON, or near: the cap on the bytes sent holds ten times its JSON
    assert len(packed) * 6 < len(unpacked)
    assert len(unpacked) / len(packed) * MAX_FILE_BYTES <= MAX_UNPACKED_BYTES
    response = client.post(
        reverse("campaign_import"),
        {"key": KEY, "name": "", "file": SimpleUploadedFile("big.json.gz", packed)},
    )
    imported = _imported(response)
    assert imported.status == Job.Status.DONE
    copy = imported.campaign
    assert copy.gladiators.count() == campaign.gladiators.count()
    assert Transaction.objects.filter(campaign=copy).count() == len(json.loads(unpacked)["ledger"])


def test_a_gzipped_upload_that_unpacks_past_its_cap_is_refused_by_its_field(cast, monkeypatch):
    monkeypatch.setattr(forms_archive, "MAX_UNPACKED_BYTES", 1000)
    body = gzip.compress(json.dumps(campaign_export(cast.campaign)).encode())
    response = cast.client_for("gm").post(
        reverse("campaign_import"),
        {"key": KEY, "name": "", "file": SimpleUploadedFile("c.json.gz", body)},
    )
    assert response.status_code == 400
    assert forms_archive.TOO_BIG_UNPACKED.format(limit=0) in response.content.decode()
    assert not Job.objects.filter(kind=IMPORT).exists()


def test_a_broken_gzip_is_refused_by_its_field(cast):
    body = gzip.compress(b'{"format": "ludus-campaign"}')[:-6]
    response = cast.client_for("gm").post(
        reverse("campaign_import"),
        {"key": KEY, "name": "", "file": SimpleUploadedFile("c.json.gz", body)},
    )
    assert response.status_code == 400
    assert "file: this is not a campaign file (a broken gzip" in response.content.decode()
