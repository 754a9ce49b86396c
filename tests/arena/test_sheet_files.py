"""A sheet file as the command line reads it: the JSON, or one line saying why not."""

import pytest

from arena.sheet_files import UnreadableFile, read_json


def test_a_json_file_gives_its_value(tmp_path):
    path = tmp_path / "a.json"
    path.write_text('{"name": "Lord Smash", "stats": [1]}', encoding="utf-8")
    assert read_json(str(path)) == {"name": "Lord Smash", "stats": [1]}


@pytest.mark.parametrize(
    ("make", "words"),
    [
        (lambda p: None, "no such file"),
        (lambda p: p.mkdir(), "a folder, not a file"),
        (lambda p: p.write_bytes(b"\xff{}"), "not UTF-8"),
        (lambda p: p.write_text("{'name': 1}"), "not JSON (Expecting property name"),
        (lambda p: p.write_text("[" * 100_000 + "]" * 100_000), "nested too deep"),
    ],
)
def test_a_file_without_json_is_one_line_naming_it(tmp_path, make, words):
    path = tmp_path / "sheet.json"
    make(path)
    with pytest.raises(UnreadableFile) as raised:
        read_json(str(path))
    message = str(raised.value)
    assert message.startswith(f"{path}: ") and words in message and "\n" not in message


@pytest.mark.parametrize(
    ("path", "words"),
    [("a\x00b.json", "not a file name"), ("x" * 5000 + ".json", "cannot be read")],
)
def test_a_name_no_file_can_have_is_one_line_too(path, words):
    with pytest.raises(UnreadableFile) as raised:
        read_json(path)
    assert words in str(raised.value) and "\n" not in str(raised.value)
