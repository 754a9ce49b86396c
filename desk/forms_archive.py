"""Forms of the backup and share page: a campaign file to import, a share link to make."""

from __future__ import annotations

from django import forms

from arena.models import Show
from ludus.forms import OnceKeyField, QuickSelect, quick_named_options
from ludus.inputs import json_upload

MAX_FILE_BYTES = 20 * 1024 * 1024  # a campaign of years is a few megabytes
TOO_BIG = "file: a campaign file is at most {limit} MB; this one is {size:.1f} MB."
NOT_JSON = "file: this is not a campaign file (not JSON: {error})."


class ImportForm(forms.Form):
    key = OnceKeyField()
    file = forms.FileField(
        label="Campaign file",
        help_text="A file exported from Ludus (or a setup file like fixtures/demo.json).",
    )
    name = forms.CharField(
        label="Name of the new campaign",
        required=False,
        max_length=120,
        help_text="Left blank: the file's name, marked imported with today's date.",
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                TOO_BIG.format(limit=MAX_FILE_BYTES // 2**20, size=upload.size / 2**20)
            )
        # The bytes are kept for the import's job (desk.services.imports), and their name.
        self.raw, self.file_name = upload.read(), upload.name or "campaign.json"
        try:
            return json_upload(self.raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError) as error:
            raise forms.ValidationError(NOT_JSON.format(error=error)) from error


class ShareLinkForm(forms.Form):
    key = OnceKeyField()
    show = forms.ModelChoiceField(
        queryset=Show.objects.none(),
        required=False,
        empty_label="The campaign's public record",
        label="What the link shows",
        widget=QuickSelect,
    )

    def __init__(self, *args, campaign, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["show"].queryset = Show.objects.filter(campaign=campaign).order_by("day", "pk")
        quick_named_options(self.fields["show"])


class ExportForm(forms.Form):
    """The Download button: its key makes a repeated click queue one export."""

    key = OnceKeyField()
