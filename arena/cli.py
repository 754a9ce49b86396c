"""What every command of the rules shares: one-line errors with status 2, a seed's range, and
an engine's message named by the option that set the field."""

from __future__ import annotations

import sys
from argparse import _AppendAction

from django.core.management.base import CommandError, CommandParser

from ludus.limits import MAX_SEED
from rules.core.errors import RulesError

# A seed as the campaign stores it (ludus.limits), so a run here can be a stored bout's.
SEED_RANGE = (0, MAX_SEED)


def option_error(error: RulesError, options: dict[str, str], note: str = "") -> RulesError:
    """The engine's message with its field's name replaced by the option's (`options`: the
    engine's name to the option's, e.g. "crowd favor" to "--a-favor"), so it names what to fix.
    """
    text = str(error)
    for name in sorted(options, key=len, reverse=True):
        if text.startswith(name):
            return RulesError(options[name] + text[len(name) :] + note)
    return RulesError(text + note)


def one_line_errors(parser: CommandParser) -> CommandParser:
    """Make argparse's complaints one line with status 2, from the shell or from call_command.

    Django parses the shell's arguments outside its CommandError handler, so there the line is
    written and the process exits here; call_command gets a CommandError it can catch.
    """

    def error(message: str) -> None:
        if parser.called_from_command_line:
            sys.stderr.write(f"CommandError: {message}\n")
            sys.exit(2)
        raise CommandError(message, returncode=2)

    parse_args = parser.parse_args

    def parse_checked(args=None, namespace=None):
        # Python 3.11's argparse takes "--" given as a value ("--driver=--") for an empty list.
        options = parse_args(args, namespace)
        for action in parser._actions:
            value = getattr(options, action.dest, None)
            values = value if isinstance(action, _AppendAction) else [value]
            if isinstance(values, list) and [] in values and action.option_strings:
                error(f"argument {action.option_strings[-1]}: expected one argument")
        return options

    parser.error = error
    parser.parse_args = parse_checked
    return parser
