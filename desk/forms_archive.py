"""Forms of the backup and share page: a campaign file to import, a share link to make."""

from __future__ import annotations

import zlib

from django import forms

from arena.models import Show
from ludus.forms import OnceKeyField, QuickSelect, quick_named_options
from ludus.inputs import json_upload

# The download is gzipped (.json.gz, about a tenth of its JSON): the cap is on the bytes sent,
# and the JSON they unpack to has a cap of its own (against a small file that unpacks to
# gigabytes). JSON packs about tenfold: 20 MB sent is about 200 MB of JSON, within the second
# cap; an export of 61,200 men was 36 MB before the history (version 3 adds about half). Beyond
# these, `manage.py import_campaign` has no cap (docs/campaign-file.md, "Size").
MAX_FILE_BYTES = 20 * 1024 * 1024
MAX_UNPACKED_BYTES = 256 * 1024 * 1024
GZIP_MAGIC = b"\x1f\x8b"
TOO_BIG = "file: a campaign file is at most {limit} MB; this one is {size:.1f} MB."
TOO_BIG_UNPACKED = "file: a gzipped campaign file unpacks to at most {limit} MB; this one is more."
NOT_GZIP = "file: this is not a campaign file (a broken gzip: {error})."
NOT_JSON = "file: this is not a campaign file (not JSON: {error})."


def unpacked(raw: bytes) -> bytes:
    """The file's JSON bytes: a gzipped file (the download) unpacked, up to its cap."""
    if not raw.startswith(GZIP_MAGIC):
        return raw
    unpacker = zlib.decompressobj(wbits=16 + zlib.MAX_WBITS)
    try:
        text = unpacker.decompress(raw, MAX_UNPACKED_BYTES)
        if unpacker.unconsumed_tail:
            raise forms.ValidationError(TOO_BIG_UNPACKED.format(limit=MAX_UNPACKED_BYTES // 2**20))
        if not unpacker.eof:
            raise zlib.error("the file ends before its end")
    except zlib.error as error:
        raise forms.ValidationError(NOT_GZIP.format(error=error)) from error
    return text


class ImportForm(forms.Form):
    key = OnceKeyField()
    file = forms.FileField(
        label="Campaign file",
        help_text=(
            "A file exported from Ludus (.json.gz, or unpacked .json), or a setup file like "
            "fixtures/demo.json."
        ),
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
        self.raw, self.file_name = unpacked(upload.read()), upload.name or "campaign.json"
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
