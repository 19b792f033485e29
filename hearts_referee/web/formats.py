"""Numbers, dates and times as a person reads them, in the page's language (Babel's formatting).

Template filters for the pages (docs/languages.md, "Numbers and times"):

- ``{{ value|number }}``: a whole number (a score, a total), ``{{ value|number(1) }}`` with one
  decimal (an average): the language's decimal sign (``12.5``, in Norwegian ``12,5``) and minus
  sign, with no grouping, so a score reads as the table wrote it.
- ``{{ stamp|when }}``: a stored time (``2026-12-06T23:13:05.123456Z``, or a ``datetime``) as
  its date and time of day in UTC, to the minute: ``2026-12-06 23:13`` in English,
  ``06.12.2026, 23:13`` in Norwegian (a 24-hour clock).
- ``{{ stamp|day }}``: its date alone: ``2026-12-06``, ``06.12.2026``.

They are for people only: a number or a time that is data (a form's value, a CSV cell, a
JSON answer, a ``<time datetime>`` attribute) is written as it is, never through these.
English keeps the unambiguous year-first form the pages always showed; every other language
writes a date and time as its own short form in the Unicode CLDR says (Babel's data).
"""

from __future__ import annotations

from datetime import UTC, datetime
from decimal import Decimal
from fractions import Fraction

from babel import dates, numbers

from hearts_referee.http_shared.language import current
from hearts_referee.languages import SOURCE

from .pages import bp

WHEN = {SOURCE: "yyyy-MM-dd HH:mm"}
"""A date and time of day as a language's pages write it, where not the language's own short
form (CLDR's: ``dd.MM.y, HH:mm`` in Norwegian)."""

DAY = {SOURCE: "yyyy-MM-dd"}
"""A date as a language's pages write it, where not the language's own short form."""


def _moment(value: str | datetime) -> datetime:
    """A stored time (ISO 8601 text, ``Z`` or an offset; a naive one is UTC) as a UTC datetime."""
    moment = datetime.fromisoformat(value) if isinstance(value, str) else value
    return moment.replace(tzinfo=UTC) if moment.tzinfo is None else moment.astimezone(UTC)


@bp.app_template_filter("number")
def number(value: int | float | Fraction | Decimal, digits: int = 0) -> str:
    """``value`` with ``digits`` decimals (rounded half to even), in the page's language."""
    if isinstance(value, Fraction):
        value = Decimal(value.numerator) / Decimal(value.denominator)
    pattern = "0." + "0" * digits if digits else "0"
    return numbers.format_decimal(value, format=pattern, locale=current())


@bp.app_template_filter("when")
def when(value: str | datetime) -> str:
    """A time's date and time of day in UTC, to the minute, in the page's language."""
    language = current()
    return dates.format_datetime(_moment(value), WHEN.get(language, "short"), tzinfo=UTC, locale=language)


@bp.app_template_filter("day")
def day(value: str | datetime) -> str:
    """A time's date in UTC, in the page's language."""
    language = current()
    return dates.format_date(_moment(value).date(), DAY.get(language, "short"), locale=language)
