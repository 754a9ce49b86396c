"""A sheet's JSON file as the command line reads it (`check_sheet`, `bout_odds --fighter`):
the data, or one line saying why it cannot be read (no such file, not UTF-8, not JSON)."""

from __future__ import annotations

import json
from pathlib import Path


class UnreadableFile(Exception):
    """A file that is not there or holds no JSON; the message is one line naming it."""


def read_json(path: str) -> object:
    """The JSON value in the file at `path`; UnreadableFile says why there is none."""
    file = Path(path)
    try:
        text = file.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise UnreadableFile(f"{path}: no such file") from None
    except IsADirectoryError:
        raise UnreadableFile(f"{path}: a folder, not a file") from None
    except UnicodeDecodeError:
        raise UnreadableFile(f"{path}: not UTF-8 text, so not a JSON sheet") from None
    except OSError as error:
        raise UnreadableFile(f"{path}: cannot be read ({error.strerror})") from None
    except ValueError:  # a NUL in the name
        raise UnreadableFile(f"{path!r}: not a file name") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise UnreadableFile(
            f"{path}: not JSON ({error.msg} at line {error.lineno}, column {error.colno})"
        ) from None
    except RecursionError:
        raise UnreadableFile(f"{path}: not JSON this app reads (nested too deep)") from None
