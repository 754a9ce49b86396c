"""What a user sends, read at one root so no shape of it reaches the code as a 500.

- `whole_number`: a whole number typed as text (a form's or a query's id, the figures of a
  price). Only ASCII digits: `str.isdigit` is also true of "²", which `int` refuses, and `int`
  refuses a string of more than 4,300 digits; both raised ValueError past an `isdigit` check.
- `json_upload`: an uploaded JSON document, its nesting bounded before it is parsed: Python's
  `json` recurses, and 5,000 nested brackets (10 KB) raised RecursionError, not ValueError.
- NUL characters (PostgreSQL refuses them in any text it is sent) are refused for the whole
  request by `ludus.middleware.NulRefusalMiddleware`, before any view reads them.
"""

import json
import re

from ludus.limits import MAX_ID

ASCII_DIGITS = re.compile(r"[0-9]+")
# A JSON string (skipped whole: brackets inside it do not nest) or a bracket.
JSON_NESTING = re.compile(r'"(?:[^"\\]++|\\.)*+"|[\[\]{}]', re.DOTALL)
# A campaign file nests about eight deep (a bout's log of events of figures); far more is no file.
MAX_JSON_DEPTH = 64
TOO_DEEP = "it nests more than {depth} levels deep"


def whole_number(text: object, *, high: int = MAX_ID) -> int | None:
    """`text` as a whole number from 0 to `high` if it is written in ASCII digits; else None."""
    if not isinstance(text, str) or len(text) > len(str(high)):
        return None
    if not ASCII_DIGITS.fullmatch(text):
        return None
    value = int(text)
    return value if value <= high else None


def json_depth(text: str) -> int:
    """How deep the arrays and objects of a JSON text nest (0 for a bare value)."""
    depth = deepest = 0
    for match in JSON_NESTING.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif token in "]}":
            depth -= 1
    return deepest


def json_upload(text: str, *, max_depth: int = MAX_JSON_DEPTH):
    """`json.loads(text)`, refused with ValueError (as any malformed JSON) when it nests deeper
    than `max_depth`."""
    if json_depth(text) > max_depth:
        raise ValueError(TOO_DEEP.format(depth=max_depth))
    return json.loads(text)
