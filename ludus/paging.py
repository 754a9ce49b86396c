"""A paginator whose far pages cost what the near ones do (issue 14).

Django's Paginator reads page n with `OFFSET (n - 1) × size`: the database walks every row
before the page, so the last page of a ledger of a hundred thousand transactions walks them
all. `FromEitherEnd` reads a page in the second half of the list from the other end instead
(the order reversed, a small offset) and turns the rows back, so the last page costs what the
first does. The same rows, in the same order, on the same page numbers.
"""

from __future__ import annotations

from django.core.paginator import Page, Paginator


class FromEitherEnd(Paginator):
    """A Paginator over an ordered QuerySet; a page past the middle is read in reverse."""

    def page(self, number) -> Page:
        number = self.validate_number(number)
        bottom = (number - 1) * self.per_page
        top = min(bottom + self.per_page, self.count)
        if bottom > self.count // 2 and self.object_list.ordered:
            from_end = self.count - top
            rows = list(self.object_list.reverse()[from_end : from_end + (top - bottom)])
            rows.reverse()
            return self._get_page(rows, number, self)
        return self._get_page(self.object_list[bottom:top], number, self)
