"""The lex Tullia: a warning for an editor who gives games within two years of standing for
office (seed 001, GIVING GAMES)."""

from economy.services.refusals import LEX_TULLIA
from ludus.models import Editor, year_label

# --- The lex Tullia -----------------------------------------------------------------------------


def years_between(earlier: int, later: int) -> int:
    """Whole years from one historical year to another; there is no year 0 (1 BC -> AD 1 is 1)."""
    gap = later - earlier
    if earlier < 0 < later:
        gap -= 1
    elif later < 0 < earlier:
        gap += 1
    return gap


LEX_TULLIA_YEARS = 2


def lex_tullia_warning(*, editor: Editor, show_year: int) -> str | None:
    """The lex Tullia's bar, if a gladiator show in `show_year` falls under it, else None.

    Read from Fabia's example: the election is three years off; a show this year leaves him
    free to stand, a show next year (two years before the election) bars him. So a show bars
    an election held 0, 1 or 2 years after it; an election 3 or more years later, or one
    already past, is free. Only call this for a show with gladiators (a munus, or ludi that
    put on bouts); the law does not touch races and plays.
    """
    for election in editor.elections.all():
        gap = years_between(show_year, election.year)
        if 0 <= gap <= LEX_TULLIA_YEARS:
            return LEX_TULLIA.format(
                show_year=year_label(show_year),
                editor=editor.name,
                office=election.office,
                election_year=year_label(election.year),
            )
    return None
